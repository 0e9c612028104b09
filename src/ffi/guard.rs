//! Turning a C handle into a safe core view, one call at a time.
//!
//! A handle is the address of its block. While a call runs, the block's busy word is
//! set, so a callback that re-enters the handle gets `DLX_ERR_BUSY` without any Rust
//! reference to the block being alive at that moment.

use super::status::*;
use crate::block;
use crate::core::{Header, Solver, HEADER_WORDS, MAGIC};

/// The opaque solver handle; it points at the start of its memory block.
pub struct dlx_solver {
    _opaque: [u8; 0],
}

/// The common prefix of a handle's block, for a moment.
///
/// # Safety
/// `s` must be a non-NULL handle made by this library (aligned, at least a header
/// long), and no Rust reference to its block may be alive.
unsafe fn prefix<'a>(s: *const dlx_solver) -> &'a mut [u32] {
    // SAFETY: the caller guarantees a live, aligned block of at least the prefix.
    unsafe { ::core::slice::from_raw_parts_mut(s.cast::<u32>().cast_mut(), block::PREFIX_WORDS) }
}

/// Checks a handle before any use: NULL, not a solver, poisoned, or busy.
///
/// # Safety
/// `s` is NULL or a handle made by this library.
unsafe fn check(s: *const dlx_solver) -> Result<(), dlx_status> {
    if s.is_null() {
        return Err(DLX_ERR_NULL);
    }
    // SAFETY: non-NULL handles point at a block of at least a header.
    let head = unsafe { prefix(s) };
    if head[block::W_MAGIC] != MAGIC {
        return Err(DLX_ERR_CORRUPT);
    }
    if block::is_poisoned(head) {
        return Err(DLX_ERR_INTERNAL);
    }
    if block::is_busy(head) {
        return Err(DLX_ERR_BUSY);
    }
    Ok(())
}

/// Marks the handle busy. Pair with [`leave`].
///
/// # Safety
/// `s` is NULL or a handle made by this library.
pub(crate) unsafe fn enter(s: *mut dlx_solver) -> Result<(), dlx_status> {
    // SAFETY: forwarded from the caller.
    unsafe {
        check(s)?;
        block::set_busy(prefix(s), true);
    }
    Ok(())
}

/// # Safety
/// `s` was accepted by [`enter`].
pub(crate) unsafe fn leave(s: *mut dlx_solver) {
    // SAFETY: forwarded from the caller.
    unsafe { block::set_busy(prefix(s), false) }
}

/// Runs `f`, turning a panic into `Err` where unwinding exists (the std build).
pub(crate) fn catch<T>(f: impl FnOnce() -> T) -> Result<T, ()> {
    #[cfg(feature = "std")]
    {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|_| ())
    }
    #[cfg(not(feature = "std"))]
    {
        Ok(f())
    }
}

/// Runs `f` on the core view of an entered handle; a panic poisons the handle.
///
/// # Safety
/// `s` was accepted by [`enter`] and no other reference to its block is alive.
pub(crate) unsafe fn run_entered(
    s: *mut dlx_solver,
    f: impl FnOnce(&mut Solver<'_>) -> dlx_status,
) -> dlx_status {
    let outcome = catch(|| {
        // SAFETY: the header's word count was written by `Solver::init` for this block.
        let words = unsafe {
            let n = block::get64(prefix(s), block::W_WORDS);
            ::core::slice::from_raw_parts_mut(s.cast::<u32>(), n as usize)
        };
        match Solver::open(words) {
            Ok(mut solver) => f(&mut solver),
            Err(e) => status_of(e),
        }
    });
    match outcome {
        Ok(status) => status,
        Err(()) => {
            // SAFETY: the closure's borrow of the block ended with the unwind.
            unsafe { block::poison(prefix(s)) };
            DLX_ERR_INTERNAL
        }
    }
}

/// The whole of a simple call: enter, run `f`, leave.
///
/// # Safety
/// `s` is NULL or a handle made by this library, not in use by another thread.
pub(crate) unsafe fn with_solver(
    s: *mut dlx_solver,
    f: impl FnOnce(&mut Solver<'_>) -> dlx_status,
) -> dlx_status {
    // SAFETY: forwarded from the caller.
    unsafe {
        if let Err(e) = enter(s) {
            return e;
        }
        let status = run_entered(s, f);
        leave(s);
        status
    }
}

/// The header of a handle, for read-only calls (refused while the handle is busy).
///
/// # Safety
/// `s` is NULL or a handle made by this library.
pub(crate) unsafe fn peek(s: *const dlx_solver) -> Result<Header, dlx_status> {
    // SAFETY: forwarded from the caller.
    unsafe {
        check(s)?;
        peek_header(s)
    }
}

/// The header of a non-NULL handle, whether busy or not.
///
/// # Safety
/// `s` is a handle made by this library.
pub(crate) unsafe fn peek_header(s: *const dlx_solver) -> Result<Header, dlx_status> {
    if s.is_null() {
        return Err(DLX_ERR_NULL);
    }
    // SAFETY: a handle has at least HEADER_WORDS readable words; only raw reads
    // happen, so an enclosing call's state is not disturbed.
    let head = unsafe { ::core::slice::from_raw_parts(s.cast::<u32>(), HEADER_WORDS as usize) };
    Solver::peek(head).map_err(status_of)
}

/// Allocates a block of `need` bytes, aligned like every block, and
/// builds a handle in it with `init` (which marks it heap-owned and returns its
/// status). On any failure the block is freed again and the status returned; without
/// the `alloc` feature the answer is `DLX_ERR_NO_MEMORY`.
pub(crate) fn new_block(
    need: usize,
    init: impl FnOnce(&mut [u32]) -> dlx_status,
) -> Result<*mut u8, dlx_status> {
    #[cfg(feature = "alloc")]
    {
        use ::alloc::alloc::{alloc, dealloc, Layout};
        let Ok(layout) = Layout::from_size_align(need, crate::core::ALIGN) else {
            return Err(DLX_ERR_ARG);
        };
        if need < 4 {
            return Err(DLX_ERR_ARG);
        }
        // SAFETY: the layout is not zero-sized (checked above).
        let mem = unsafe { alloc(layout) };
        if mem.is_null() {
            return Err(DLX_ERR_NO_MEMORY);
        }
        // SAFETY: freshly allocated, aligned, `need` bytes, not aliased.
        let words = unsafe { ::core::slice::from_raw_parts_mut(mem.cast::<u32>(), need / 4) };
        let status = catch(|| init(words)).unwrap_or(DLX_ERR_INTERNAL);
        if status == DLX_OK {
            return Ok(mem);
        }
        // SAFETY: allocated above with this layout and not handed out.
        unsafe { dealloc(mem, layout) };
        Err(status)
    }
    #[cfg(not(feature = "alloc"))]
    {
        let _ = (need, init);
        Err(DLX_ERR_NO_MEMORY)
    }
}

/// Releases a block made by [`new_block`], wiping its magic word first so that a
/// stale handle is refused rather than trusted.
///
/// # Safety
/// `block` came from `new_block` with the same `bytes` and is not used afterwards.
pub(crate) unsafe fn free_block(block: *mut u8, bytes: usize) {
    #[cfg(feature = "alloc")]
    {
        use ::alloc::alloc::{dealloc, Layout};
        if let Ok(layout) = Layout::from_size_align(bytes, crate::core::ALIGN) {
            // SAFETY: forwarded from the caller.
            unsafe {
                block.cast::<u32>().write(0);
                dealloc(block, layout);
            }
        }
    }
    #[cfg(not(feature = "alloc"))]
    let _ = (block, bytes);
}

/// Builds a handle with `init` in the caller's block `mem` of `len` bytes, after
/// checking its alignment and that it holds `need` bytes. The handle is `mem` itself.
///
/// # Safety
/// `mem` is non-NULL and points at `len` writable bytes, not in use by anything else.
pub(crate) unsafe fn init_block(
    mem: *mut ::core::ffi::c_void,
    len: usize,
    need: usize,
    init: impl FnOnce(&mut [u32]) -> dlx_status,
) -> dlx_status {
    if !(mem as usize).is_multiple_of(crate::core::ALIGN) {
        return DLX_ERR_MISALIGNED;
    }
    if len < need {
        return DLX_ERR_TOO_SMALL;
    }
    // SAFETY: `mem` is aligned and holds at least `need` writable bytes (checked above
    // and by the caller).
    let words = unsafe { ::core::slice::from_raw_parts_mut(mem.cast::<u32>(), need / 4) };
    catch(|| init(words)).unwrap_or(DLX_ERR_INTERNAL)
}

/// Ends a call that ran callbacks (`dlx_enumerate`, `dlx_split`): resets the search
/// unless the handle is poisoned, clears the busy mark, and stores `reports` in
/// `*count` when the call did not fail and `count` is not NULL.
///
/// # Safety
/// `s` was accepted by [`enter`]; `count` is valid or NULL.
pub(crate) unsafe fn finish_walk(
    s: *mut dlx_solver,
    mut status: dlx_status,
    reports: u64,
    count: *mut u64,
) -> dlx_status {
    if status != DLX_ERR_INTERNAL {
        // SAFETY: forwarded from the caller.
        let reset = unsafe {
            run_entered(s, |solver| {
                solver.reset();
                DLX_OK
            })
        };
        if reset != DLX_OK {
            status = reset;
        }
    }
    // SAFETY: forwarded from the caller.
    unsafe { leave(s) };
    if status >= 0 {
        // SAFETY: valid or NULL by contract.
        if let Some(c) = unsafe { count.as_mut() } {
            *c = reports;
        }
    }
    status
}
