//! The one guard every handle kind goes through, and the one way blocks are made
//! and released.
//!
//! A handle is the address of its block, and every block starts with the common
//! prefix of [`crate::block`]. Before a call trusts a handle, [`Entered::enter`]
//! checks, in this order: NULL (`DLX_ERR_NULL`), alignment (`DLX_ERR_MISALIGNED`), the
//! kind's magic and layout version (`DLX_ERR_CORRUPT`), the poison mark
//! (`DLX_ERR_INTERNAL`) and the busy mark (`DLX_ERR_BUSY`); then it sets the busy mark
//! until the call ends, so a callback that re-enters the handle is refused without
//! any Rust reference to the block being alive at that moment. The safe view of the
//! block exists only inside [`Entered::run`], which turns a panic into
//! `DLX_ERR_INTERNAL` and poisons the handle (std builds; without std a panic
//! cannot unwind, see `panic_handler` in lib.rs).

use ::core::ffi::c_void;

use super::status::*;
use crate::block::{self, Kind};
use crate::outcome::Error;

/// A kind of handle: its opaque C type, the block's identity, and its safe view.
pub(crate) trait Handle {
    /// Magic, layout version and header length of the kind's blocks.
    const KIND: Kind;
    /// The safe view of an open block.
    type View<'a>;
    /// The block's length in words, when the header (of `KIND.header_words` words,
    /// prefix checked) is consistent with it; the guard never makes a slice longer
    /// than this.
    fn words_of(head: &[u32]) -> Option<u64>;
    /// Opens a block of the kind, checking its header.
    fn open(words: &mut [u32]) -> Result<Self::View<'_>, Error>;
    /// What a block of the kind is made for (its dimensions).
    type Dims: Copy;
    /// Bytes a block for `d` needs; `None` when `d` is out of range.
    fn required_bytes(d: &Self::Dims) -> Option<usize>;
    /// Builds the kind for `d` in a block of that size that is all zero.
    fn init(words: &mut [u32], d: Self::Dims) -> Result<(), Error>;
}

/// The prefix of a handle's block, for a moment.
///
/// # Safety
/// `h` is non-NULL and aligned, the start of a live block of at least the prefix,
/// and no Rust reference to the block is alive while the result is.
unsafe fn prefix<'a, H>(h: *mut H) -> &'a mut [u32] {
    // SAFETY: forwarded from the caller.
    unsafe { ::core::slice::from_raw_parts_mut(h.cast::<u32>(), block::PREFIX_WORDS) }
}

/// Runs `f`, turning a panic into `Err` where unwinding exists (the std build).
pub(crate) fn catch<T>(f: impl FnOnce() -> T) -> Result<T, ()> {
    #[cfg(feature = "test-hooks")]
    let f = || {
        hooks::fire();
        f()
    };
    #[cfg(feature = "std")]
    {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|_| ())
    }
    #[cfg(not(feature = "std"))]
    {
        Ok(f())
    }
}

/// A handle inside a call: the busy mark is set from [`Entered::enter`] until drop.
pub(crate) struct Entered<H: Handle> {
    h: *mut H,
}

impl<H: Handle> Entered<H> {
    /// Checks the handle (see the module comment) and marks it busy.
    ///
    /// # Safety
    /// `h` is NULL or a handle made by this library, not used by another thread.
    pub(crate) unsafe fn enter(h: *mut H) -> Result<Self, dlx_status> {
        // SAFETY: forwarded from the caller.
        let head = unsafe { Self::checked_prefix(h)? };
        if block::is_poisoned(head) {
            return Err(DLX_ERR_INTERNAL);
        }
        if block::is_busy(head) {
            return Err(DLX_ERR_BUSY);
        }
        block::set_busy(head, true);
        Ok(Entered { h })
    }

    /// NULL, alignment, magic and version.
    ///
    /// # Safety
    /// As [`Entered::enter`].
    unsafe fn checked_prefix<'a>(h: *mut H) -> Result<&'a mut [u32], dlx_status> {
        if h.is_null() {
            return Err(DLX_ERR_NULL);
        }
        if !(h as usize).is_multiple_of(crate::core::ALIGN) {
            return Err(DLX_ERR_MISALIGNED);
        }
        // SAFETY: non-NULL and aligned; a handle's block holds at least the prefix.
        let head = unsafe { prefix(h) };
        let kind = H::KIND;
        if head[block::W_MAGIC] != kind.magic || head[block::W_VERSION] != kind.version {
            return Err(DLX_ERR_CORRUPT);
        }
        Ok(head)
    }

    /// The whole block, as long as its header says and no longer.
    ///
    /// # Safety
    /// `self` is entered and no other reference to the block is alive.
    unsafe fn words<'a>(&self) -> Result<&'a mut [u32], Error> {
        let n = self.len()?;
        // SAFETY: the header (written by the kind's init, checked by `len`) gives the
        // block's length.
        Ok(unsafe { ::core::slice::from_raw_parts_mut(self.h.cast::<u32>(), n) })
    }

    /// The block's length in words, from its header (checked against the kind's
    /// dimensions), read without making a mutable reference.
    fn len(&self) -> Result<usize, Error> {
        // SAFETY: entered, so the prefix is checked; a block of this kind holds its
        // whole header, and no mutable reference to it is alive.
        let head =
            unsafe { ::core::slice::from_raw_parts(self.h.cast::<u32>(), H::KIND.header_words) };
        let n = H::words_of(head).ok_or(Error::Corrupt)?;
        usize::try_from(n).map_err(|_| Error::Corrupt)
    }

    /// Runs `f` on the safe view of the block; a panic poisons the handle and
    /// gives `DLX_ERR_INTERNAL`.
    pub(crate) fn run<R: IntoStatus>(
        &mut self,
        f: impl FnOnce(&mut H::View<'_>) -> R,
    ) -> dlx_status {
        let outcome = catch(|| {
            // SAFETY: entered; the view lives only inside this closure.
            let words = unsafe { self.words() }?;
            H::open(words).map(|mut view| f(&mut view).into_status())
        });
        self.settle(outcome)
    }

    /// Runs `f` on the views of this block and `other`'s, which must not overlap
    /// (`DLX_ERR_ARG`); a panic poisons both handles.
    pub(crate) fn run_with<G: Handle, R: IntoStatus>(
        &mut self,
        other: &mut Entered<G>,
        f: impl FnOnce(&mut H::View<'_>, &mut G::View<'_>) -> R,
    ) -> dlx_status {
        let outcome = catch(|| {
            let (a_lo, b_lo) = (self.h as usize, other.h as usize);
            let (a_hi, b_hi) = (a_lo + 4 * self.len()?, b_lo + 4 * other.len()?);
            if a_lo < b_hi && b_lo < a_hi {
                return Ok(DLX_ERR_ARG);
            }
            // SAFETY: both entered, and the blocks do not overlap; the views live
            // only inside this closure.
            let (a, b) = unsafe { (self.words()?, other.words()?) };
            let mut va = H::open(a)?;
            let mut vb = G::open(b)?;
            Ok(f(&mut va, &mut vb).into_status())
        });
        if outcome.is_err() {
            other.poison();
        }
        self.settle(outcome)
    }

    fn settle(&mut self, outcome: Result<Result<dlx_status, Error>, ()>) -> dlx_status {
        match outcome {
            Ok(status) => status.into_status(),
            Err(()) => {
                self.poison();
                DLX_ERR_INTERNAL
            }
        }
    }

    fn poison(&mut self) {
        // SAFETY: entered; any view of the block ended with the unwind.
        block::poison(unsafe { prefix(self.h) });
    }
}

impl<H: Handle> Drop for Entered<H> {
    fn drop(&mut self) {
        // SAFETY: entered, so the prefix is live; no view is alive any more.
        block::set_busy(unsafe { prefix(self.h) }, false);
    }
}

/// The whole of an ordinary call: enter, run `f` on the view, leave.
///
/// # Safety
/// `h` is NULL or a handle made by this library, not used by another thread, and
/// every pointer `f` dereferences is valid.
pub(crate) unsafe fn with<H: Handle, R: IntoStatus>(
    h: *mut H,
    f: impl FnOnce(&mut H::View<'_>) -> R,
) -> dlx_status {
    // SAFETY: forwarded from the caller.
    match unsafe { Entered::enter(h) } {
        Ok(mut e) => e.run(f),
        Err(status) => status,
    }
}

/// A search that reports to a C callback (`dlx_enumerate`, `dlx_split`, and the
/// same for a solver with colours): enters the handle, runs `start`, then `step`
/// until it ends the walk with a status; each row array it yields (inside the block,
/// with a flag) goes to `report`, which returns non-zero to stop (`DLX_STOPPED`). The
/// busy mark stays set throughout, but the block is borrowed only inside each `run`,
/// so no Rust reference to it is alive while `report` runs. Afterwards `finish` runs
/// (unless the handle is poisoned), and the number of reports goes to `*count`
/// (unless NULL) when the call did not fail.
///
/// # Safety
/// `h` is NULL or a handle made by this library; `count` is valid or NULL.
pub(crate) unsafe fn walk<H: Handle>(
    h: *mut H,
    start: impl FnOnce(&mut H::View<'_>),
    mut step: impl FnMut(&mut H::View<'_>) -> Result<(*const u32, usize, i32), dlx_status>,
    mut report: impl FnMut(*const u32, usize, i32) -> i32,
    finish: impl FnOnce(&mut H::View<'_>),
    count: *mut u64,
) -> dlx_status {
    // SAFETY: forwarded from the caller.
    let mut e = match unsafe { Entered::enter(h) } {
        Ok(e) => e,
        Err(status) => return status,
    };
    let mut reports = 0u64;
    let mut status = e.run(start);
    while status == DLX_OK {
        let mut got = None;
        status = e.run(|view| step(view).map(|r| got = Some(r)));
        let Some((rows, n, flag)) = got else {
            break;
        };
        reports += 1;
        if report(rows, n, flag) != 0 {
            status = DLX_STOPPED;
        }
    }
    if status != DLX_ERR_INTERNAL {
        let finished = e.run(finish);
        if finished != DLX_OK {
            status = finished;
        }
    }
    drop(e);
    if status >= 0 {
        if let Some(c) = opt_mut!(count) {
            *c = reports;
        }
    }
    status
}

/// Builds a handle for `d` in the caller's block `mem` of `len` bytes: checks
/// alignment and that it holds the bytes `d` needs (`DLX_ERR_ARG` when `d` is out of
/// range), zeroes those bytes (so the block, and any image of it, holds no stale
/// bytes), and stores the handle, which is `mem` itself, in `*out`.
///
/// # Safety
/// `mem` is NULL or points at `len` writable bytes that nothing else uses; `d` and
/// `out` are NULL or valid.
pub(crate) unsafe fn init_in<H: Handle>(
    mem: *mut c_void,
    len: usize,
    d: *const H::Dims,
    out: *mut *mut H,
) -> dlx_status {
    let d = try_read!(d);
    if mem.is_null() || out.is_null() {
        return DLX_ERR_NULL;
    }
    let Some(need) = H::required_bytes(&d) else {
        return DLX_ERR_ARG;
    };
    if !(mem as usize).is_multiple_of(crate::core::ALIGN) {
        return DLX_ERR_MISALIGNED;
    }
    if len < need {
        return DLX_ERR_TOO_SMALL;
    }
    // SAFETY: `mem` is aligned and holds at least `need` writable bytes.
    let words = unsafe { ::core::slice::from_raw_parts_mut(mem.cast::<u32>(), need / 4) };
    let status = catch(|| {
        words.fill(0);
        H::init(words, d)
    })
    .map_or(DLX_ERR_INTERNAL, IntoStatus::into_status);
    if status == DLX_OK {
        // SAFETY: checked for NULL above.
        unsafe { *out = mem.cast() };
    }
    status
}

/// Bytes a block for `*d` needs; 0 when `d` is NULL or out of range.
///
/// # Safety
/// `d` is NULL or valid.
pub(crate) unsafe fn required_size<H: Handle>(d: *const H::Dims) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { d.as_ref() }
        .and_then(H::required_bytes)
        .unwrap_or(0)
}

/// Like [`init_in`] with a block from the global allocator, zeroed
/// by it (so untouched pages stay untouched: a huge capacity costs nothing until it
/// is used) and marked heap-owned. `DLX_ERR_NO_MEMORY` when the allocator refuses
/// or the library was built without the `alloc` feature.
///
/// # Safety
/// `d` and `out` are NULL or valid.
pub(crate) unsafe fn new<H: Handle>(d: *const H::Dims, out: *mut *mut H) -> dlx_status {
    let d = try_read!(d);
    if out.is_null() {
        return DLX_ERR_NULL;
    }
    let Some(need) = H::required_bytes(&d) else {
        return DLX_ERR_ARG;
    };
    #[cfg(feature = "alloc")]
    {
        use ::alloc::alloc::{alloc_zeroed, dealloc, Layout};
        if need < 4 * H::KIND.header_words {
            return DLX_ERR_ARG;
        }
        let Ok(layout) = Layout::from_size_align(need, crate::core::ALIGN) else {
            return DLX_ERR_NO_MEMORY;
        };
        // SAFETY: the layout is not zero-sized (checked above).
        let mem = unsafe { alloc_zeroed(layout) };
        if mem.is_null() {
            return DLX_ERR_NO_MEMORY;
        }
        // SAFETY: freshly allocated, aligned, `need` zeroed bytes, not aliased.
        let words = unsafe { ::core::slice::from_raw_parts_mut(mem.cast::<u32>(), need / 4) };
        let status = catch(|| {
            H::init(words, d)?;
            block::set(words, block::FLAG_HEAP, true);
            Ok::<(), Error>(())
        })
        .map_or(DLX_ERR_INTERNAL, IntoStatus::into_status);
        if status == DLX_OK {
            // SAFETY: checked for NULL above.
            unsafe { *out = mem.cast() };
        } else {
            // SAFETY: allocated above with this layout and not handed out.
            unsafe { dealloc(mem, layout) };
        }
        status
    }
    #[cfg(not(feature = "alloc"))]
    {
        let _ = need;
        DLX_ERR_NO_MEMORY
    }
}

/// Releases a block made by [`new`]: NULL, a handle of another kind, one inside a
/// call, one made in the caller's memory (no heap mark) or one whose header no
/// longer gives its size is left alone. The magic word is wiped first, so that a
/// stale handle is refused rather than trusted.
///
/// # Safety
/// `h` is NULL or a live handle; it is not used afterwards.
pub(crate) unsafe fn free<H: Handle>(h: *mut H) {
    // SAFETY: forwarded from the caller.
    let Ok(head) = (unsafe { Entered::<H>::checked_prefix(h) }) else {
        return;
    };
    if block::is_busy(head) || !block::is_heap(head) {
        return;
    }
    // SAFETY: the prefix is checked; a block of this kind holds its whole header.
    let header = unsafe { ::core::slice::from_raw_parts(h.cast::<u32>(), H::KIND.header_words) };
    let Some(bytes) = H::words_of(header).and_then(|w| usize::try_from(w).ok()?.checked_mul(4))
    else {
        return;
    };
    #[cfg(feature = "alloc")]
    {
        use ::alloc::alloc::{dealloc, Layout};
        if let Ok(layout) = Layout::from_size_align(bytes, crate::core::ALIGN) {
            // SAFETY: the heap mark says `new` allocated this block, of this size.
            unsafe {
                h.cast::<u32>().write(0);
                dealloc(h.cast(), layout);
            }
        }
    }
    #[cfg(not(feature = "alloc"))]
    let _ = bytes;
}

/// Ways for the C test suite to reach the panic path of every handle kind (the
/// library is written not to panic, so nothing else reaches it on purpose) and to
/// re-enter any handle from inside one of its calls (only the solver has callbacks).
/// Only with the `test-hooks` feature, which the shipped library never enables; not
/// declared in dlx.h (the test declares them itself).
///
/// cbindgen:ignore
#[cfg(feature = "test-hooks")]
pub(crate) mod hooks {
    use ::core::ffi::c_void;
    use std::sync::Mutex;

    type Callback = unsafe extern "C" fn(user: *mut c_void);

    struct Armed {
        panic: bool,
        call: Option<(Callback, usize)>,
    }

    static ARMED: Mutex<Armed> = Mutex::new(Armed {
        panic: false,
        call: None,
    });

    /// Inside the next guarded piece of safe code: calls the armed callback, then
    /// panics if armed to. Each fires once.
    pub(crate) fn fire() {
        let (call, panic) = {
            let mut a = ARMED.lock().unwrap_or_else(|e| e.into_inner());
            (a.call.take(), ::core::mem::take(&mut a.panic))
        };
        if let Some((f, user)) = call {
            // SAFETY: the test passed a valid function and its argument.
            unsafe { f(user as *mut c_void) };
        }
        if panic {
            panic!("dlx test hook: a panic on purpose");
        }
    }

    /// Test-only: the next guarded call (on any handle) panics inside the library,
    /// as an internal error would, so that handle is poisoned.
    #[doc(hidden)]
    #[no_mangle]
    pub extern "C" fn dlx_test_panic_next_call() {
        ARMED.lock().unwrap_or_else(|e| e.into_inner()).panic = true;
    }

    /// Test-only: the next guarded call (on any handle) calls `f(user)` from inside,
    /// while the handle is marked busy, as a callback would.
    #[doc(hidden)]
    #[no_mangle]
    pub extern "C" fn dlx_test_call_inside_next_call(f: Option<Callback>, user: *mut c_void) {
        ARMED.lock().unwrap_or_else(|e| e.into_inner()).call = f.map(|f| (f, user as usize));
    }
}
