//! Images, splitting and parallel counting in C (the counting itself, safe code, is
//! in [`crate::parallel`]).

use ::core::ffi::c_void;

use super::guard::{catch, walk, with};
use super::solver::dlx_solver;
use super::status::*;
use super::xcc::{is_xcc, route};
use crate::core::{Prefix, Solver, WithinCall, HEADER_WORDS};
use crate::outcome::Error;
use crate::parallel::{self, CountError, Splittable};

/// Called by `dlx_split` for each prefix: `n` row ids at `rows` (valid only during
/// the call), `is_solution` 1 for a complete solution found at or above the split
/// depth, 0 for a node at the split depth. Return 0 to go on, anything else to stop.
pub type dlx_prefix_fn = Option<
    unsafe extern "C" fn(user: *mut c_void, rows: *const u32, n: usize, is_solution: i32) -> i32,
>;

/// The solver's memory image: `*mem` receives the start of the handle's block and
/// `*len` its size in bytes. The block is position-independent: copy those bytes
/// anywhere (a file, a socket, another process on a machine of the same byte order),
/// and `dlx_attach` on the copy resumes the search exactly where it stood, rows,
/// forced rows, seed and figures included. The pointer stays valid as long as the
/// handle; the bytes change with every call that changes the solver.
///
/// This call writes the image's checksum into the block's checksum word (a 32-bit
/// FNV-1a hash of all its words, see `dlx_attach`): copy the bytes after it and
/// before the next call on the handle. Bytes copied at another moment (a plain
/// `memcpy` of the block without this call, or after a later call) are refused by
/// `dlx_attach`. Costs one pass over the block.
///
/// A solver with colours (`dlx_init_in_x`, `dlx_new_x`; with bounds or without)
/// holds state that can be checked only by replaying its search: this call folds
/// its block (the links and colour marks, and with bounds the bounds left and the
/// level records, all of which follow from the rows, the bounds, the forced rows and
/// the level stack, are zeroed), and the next call on the handle, or `dlx_attach` on
/// a copy, unfolds it by replaying the search along its level stack. That first
/// call costs a pass over the block plus about the work of the current search path.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_BUSY` (called from one of the handle's own
/// callbacks, where the block is mid-change).
///
/// # Safety
/// `s` is NULL or a live handle; `mem` and `len` are valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_image(
    s: *const dlx_solver,
    mem: *mut *const c_void,
    len: *mut usize,
) -> dlx_status {
    let mem = try_mut!(mem);
    let len = try_mut!(len);
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::image(s, mem, len) };
    }
    // SAFETY: forwarded from the caller.
    unsafe {
        // Sealing writes the checksum word of the caller's block (as every call
        // writes its busy word): the handle is the caller's writable block, whatever
        // the `const` of the C signature says.
        with(s.cast_mut(), |solver| {
            let bytes = solver.dims().required_bytes().ok_or(Error::Corrupt)?;
            solver.seal();
            (*mem, *len) = (s.cast(), bytes);
            Ok::<(), Error>(())
        })
    }
}

/// Adopts a copied solver image: validates the `len` bytes at `mem` (a copy of what
/// `dlx_image` gave, aligned like any solver block) and stores a handle to them in
/// `*out`. The search resumes exactly where the image was taken. Nothing is
/// allocated: the handle lives in `mem`, which the caller owns (`dlx_free` leaves it
/// alone, also for an image of a `dlx_new` handle). Extra bytes after the image are
/// ignored.
///
/// Nothing in the bytes is trusted: the magic number, the layout version (which also
/// tells the byte order), the dimensions against `len`, the checksum `dlx_image`
/// wrote (so an image damaged or edited after it was taken is refused even when the
/// result would be another valid state), every count, every link and level-stack
/// index, and the phase of the search are checked, in time linear in the image's
/// size plus one column choice per level of the search. The image must be exactly a
/// state the search can reach: the header agrees with the rest (a solution it shows
/// is the one the search just found; the phase agrees with the depth; the figures
/// could have been counted; the random state and the order of the rows are those the
/// seed gives), and every level is on the column the search chooses there (with a
/// seed, the one its draws pick there). With colours, the search is replayed from
/// its start along the level stack, and every level must be one it takes: that
/// column and a row it reaches in that column's list (with bounds: rows tried before
/// in the column's order, each passing the level's test, the row or null move on the
/// stack passing it too, and the search standing where a call can stop, after a step
/// that updated the links or on a solution). Anything else gives `DLX_ERR_CORRUPT`
/// and leaves the bytes as they were.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_MISALIGNED`, `DLX_ERR_CORRUPT` (damaged,
/// truncated, from another layout version or byte order).
///
/// # Safety
/// `mem` points at `len` writable bytes that no other handle uses; `out` valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_attach(
    mem: *mut c_void,
    len: usize,
    out: *mut *mut dlx_solver,
) -> dlx_status {
    if mem.is_null() || out.is_null() {
        return DLX_ERR_NULL;
    }
    if !(mem as usize).is_multiple_of(crate::core::ALIGN) {
        return DLX_ERR_MISALIGNED;
    }
    if (len as u64) < HEADER_WORDS * 4 {
        return DLX_ERR_CORRUPT;
    }
    // SAFETY: `mem` is aligned and holds `len` writable bytes.
    let words = unsafe { ::core::slice::from_raw_parts_mut(mem.cast::<u32>(), len / 4) };
    let status = if route::is_xcc_words(words) {
        route::attach(words)
    } else {
        catch(|| Solver::attach(words).map(drop)).map_or(DLX_ERR_INTERNAL, IntoStatus::into_status)
    };
    if status == DLX_OK {
        // SAFETY: checked for NULL above.
        unsafe { *out = mem.cast() };
    }
    status
}

/// Splits the search into independent sub-problems: runs a fresh search down to
/// `depth` rows and calls `f(user, rows, n, 0)` for every node of the search tree at
/// that depth (the `n == depth` rows chosen on the way there), and `f(user, rows, n,
/// 1)` for every solution found at or above it. Rows are the search's rows only
/// (forced rows are part of the problem and not repeated).
///
/// A prefix's sub-problem is a solver of the same problem (with the same forced
/// rows, e.g. an image of this one taken before the split) with the prefix's rows
/// selected by `dlx_select_row`; the sub-problems' counts plus the solutions
/// reported with `is_solution = 1` add up to the full count. Depth 0 reports the
/// whole problem as one empty prefix.
///
/// Returns `DLX_EXHAUSTED` after the last prefix or `DLX_STOPPED` when `f` asked to
/// stop; `*count` (unless NULL) receives the number of calls to `f`. Ends any search
/// under way and leaves the solver reset. Calls on this handle from inside `f` return
/// `DLX_ERR_BUSY`.
///
/// Errors: `DLX_ERR_NULL` (`s` or `f`), `DLX_ERR_STATE` (a solver with bounds: its
/// search splits into paths, `dlx_split_paths`), `DLX_ERR_CORRUPT` (the block was
/// found damaged), `DLX_ERR_BUSY`.
///
/// # Safety
/// `s` is NULL or a live handle; `f` NULL or a valid function; `count` valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_split(
    s: *mut dlx_solver,
    depth: u32,
    f: dlx_prefix_fn,
    user: *mut c_void,
    count: *mut u64,
) -> dlx_status {
    let Some(f) = f else {
        return DLX_ERR_NULL;
    };
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::split(s, depth, f, user, count) };
    }
    // One call: each search goes on with the state of the last (see `Solver::search`).
    let mut call = None;
    let next = move |solver: &mut Solver<'_>| {
        let p = solver
            .within_call(&mut call, |s| s.split_next(depth))
            .map_err(|e| e.into_status())?
            .ok_or(DLX_EXHAUSTED)?;
        let rows = solver.prefix(p);
        Ok((
            rows.as_ptr(),
            rows.len(),
            i32::from(matches!(p, Prefix::Solution(_))),
        ))
    };
    // SAFETY: forwarded from the caller; `f` is a valid function by contract.
    unsafe {
        walk(
            s,
            |solver: &mut Solver<'_>| solver.split_start(),
            next,
            |rows, n, sol| f(user, rows, n, sol),
            |solver: &mut Solver<'_>| solver.reset(),
            count,
        )
    }
}

/// Counts the solutions of a fresh search like `dlx_count`, on `threads` threads (0 =
/// one per core): the search is split into sub-problems (see `dlx_split`), each
/// counted by its own copy of the solver on a work-stealing thread pool (rayon), and
/// the counts are added. The result equals `dlx_count`'s, limit included (0 = no
/// limit). Leaves the solver reset; `dlx_get_stats` then shows the splitting
/// search's figures only. A solver with colours splits and counts alike, one with
/// bounds (Algorithm M) into search paths instead of row prefixes. A library built
/// without the `parallel` feature counts on the calling thread.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_ARG` (`threads > DLX_MAX_THREADS`),
/// `DLX_ERR_BUSY`, `DLX_ERR_NO_MEMORY` (the copies or the threads could not be made).
///
/// # Safety
/// `s` is NULL or a live handle; `count` valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_count_parallel(
    s: *mut dlx_solver,
    threads: u32,
    limit: u64,
    count: *mut u64,
) -> dlx_status {
    let count = try_mut!(count);
    if threads > DLX_MAX_THREADS {
        return DLX_ERR_ARG;
    }
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::count_parallel(s, threads, limit, count) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { with(s, |solver| count_on(solver, threads, limit, count)) }
}

/// `dlx_count_parallel` on either engine, inside its handle's guard.
pub(crate) fn count_on(
    solver: &mut impl Splittable,
    threads: u32,
    limit: u64,
    count: &mut u64,
) -> Result<(), dlx_status> {
    parallel::count(solver, threads, limit)
        .map(|n| *count = n)
        .map_err(|e| match e {
            CountError::NoMemory => DLX_ERR_NO_MEMORY,
            CountError::Internal => DLX_ERR_INTERNAL,
            CountError::Corrupt => DLX_ERR_CORRUPT,
        })
}

/// The most threads `dlx_count_parallel` accepts.
pub const DLX_MAX_THREADS: u32 = 1024;
