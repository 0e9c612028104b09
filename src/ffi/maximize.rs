//! The maximum-weight exact cover in C: a maximiser block next to a solver.

use ::core::ffi::c_void;

use super::guard::{catch, enter, free_block, init_block, leave, new_block, run_entered};
use super::solver::{dlx_dims, dlx_solver};
use super::status::*;
use crate::core::{self, max_required_bytes, Dims, Maximizer, Step};

/// The opaque maximiser handle; it points at the start of its memory block.
pub struct dlx_maximizer {
    _opaque: [u8; 0],
}

/// Figures of a maximisation besides the solver's own (`dlx_get_stats` on the solver
/// reports its nodes and updates).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct dlx_max_stats {
    /// Search-tree nodes cut off by the bound.
    pub pruned: u64,
    /// Times the best solution improved.
    pub improvements: u32,
    /// 1 when the search is finished, so the best solution (if any) is optimal.
    pub proven: u32,
}

/// The words of a maximiser handle.
///
/// # Safety
/// `m` is NULL or a handle made by this library that nothing else borrows.
unsafe fn words<'a>(m: *mut dlx_maximizer) -> Result<&'a mut [u32], dlx_status> {
    if m.is_null() {
        return Err(DLX_ERR_NULL);
    }
    if !(m as usize).is_multiple_of(core::ALIGN) {
        return Err(DLX_ERR_CORRUPT);
    }
    // SAFETY: a handle points at an aligned block of at least the header.
    let head =
        unsafe { ::core::slice::from_raw_parts(m.cast::<u32>(), core::MAX_HEADER_WORDS as usize) };
    let n = Maximizer::words_of(head).ok_or(DLX_ERR_CORRUPT)?;
    // SAFETY: the header was written by `Maximizer::init` for a block of `n` words.
    Ok(unsafe { ::core::slice::from_raw_parts_mut(m.cast::<u32>(), n as usize) })
}

fn step_status(step: Step) -> dlx_status {
    match step {
        Step::Solution => DLX_SOLUTION,
        Step::Exhausted => DLX_EXHAUSTED,
        Step::BudgetSpent => DLX_BUDGET_SPENT,
    }
}

/// Bytes of memory a maximiser for solvers of dimensions `*d` needs; 0 if `d` is NULL
/// or the size does not fit. Equals `DLX_MAXIMIZER_REQUIRED_SIZE(primary, secondary,
/// max_rows, max_entries)`: 20 bytes per node, 8 per row, 20 per primary column,
/// plus 112 bytes.
///
/// # Safety
/// `d` is NULL or points at a `dlx_dims`.
#[no_mangle]
pub unsafe extern "C" fn dlx_maximizer_required_size(d: *const dlx_dims) -> usize {
    // SAFETY: checked for NULL; the caller vouches for the pointee.
    match unsafe { d.as_ref() } {
        Some(d) => max_required_bytes(&Dims::from(*d)).unwrap_or(0),
        None => 0,
    }
}

/// Builds a maximiser in the caller's block `mem` of `len` bytes (aligned to
/// `dlx_required_align()`) for solvers of dimensions `*d`, with every row weight 0.
///
/// A maximiser finds the maximum-weight solution of a solver's problem by branch and
/// bound (`dlx_maximize`). It holds the row weights and the optimisation's state; the
/// problem (rows, forced rows, seed) stays in the solver, which is passed to every
/// call. Like a solver it lives entirely in its block and needs no cleanup.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_ARG` (dimensions too large), `DLX_ERR_MISALIGNED`,
/// `DLX_ERR_TOO_SMALL`.
///
/// # Safety
/// `mem` points at `len` writable bytes; `d` and `out` are valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_maximizer_init_in(
    mem: *mut c_void,
    len: usize,
    d: *const dlx_dims,
    out: *mut *mut dlx_maximizer,
) -> dlx_status {
    if mem.is_null() || d.is_null() || out.is_null() {
        return DLX_ERR_NULL;
    }
    // SAFETY: checked for NULL above.
    let dims = Dims::from(unsafe { *d });
    let Some(need) = max_required_bytes(&dims) else {
        return DLX_ERR_ARG;
    };
    // SAFETY: `mem` is non-NULL (checked above) and `len` bytes by contract.
    let status = unsafe {
        init_block(mem, len, need, |words| match Maximizer::init(words, dims) {
            Ok(_) => DLX_OK,
            Err(e) => status_of(e),
        })
    };
    if status == DLX_OK {
        // SAFETY: checked for NULL above.
        unsafe { *out = mem.cast() };
    }
    status
}

/// Like `dlx_maximizer_init_in`, with a block allocated on the heap; release it with
/// `dlx_maximizer_free`. `DLX_ERR_NO_MEMORY` when allocation fails or the library
/// was built without the `alloc` feature.
///
/// # Safety
/// `d` and `out` are valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_maximizer_new(
    d: *const dlx_dims,
    out: *mut *mut dlx_maximizer,
) -> dlx_status {
    if d.is_null() || out.is_null() {
        return DLX_ERR_NULL;
    }
    // SAFETY: checked for NULL above.
    let dims = Dims::from(unsafe { *d });
    let Some(need) = max_required_bytes(&dims) else {
        return DLX_ERR_ARG;
    };
    let made = new_block(need, |words| match Maximizer::init(words, dims) {
        Ok(mut handle) => {
            handle.set_heap(true);
            DLX_OK
        }
        Err(e) => status_of(e),
    });
    match made {
        Ok(mem) => {
            // SAFETY: checked for NULL above.
            unsafe { *out = mem.cast() };
            DLX_OK
        }
        Err(e) => e,
    }
}

/// Releases a maximiser made by `dlx_maximizer_new`. NULL is fine; a maximiser made
/// by `dlx_maximizer_init_in` is left alone.
///
/// # Safety
/// `m` is NULL or a live handle; it must not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn dlx_maximizer_free(m: *mut dlx_maximizer) {
    // SAFETY: forwarded from the caller.
    let Ok(w) = (unsafe { words(m) }) else {
        return;
    };
    if Maximizer::heap_of(w) {
        let bytes = w.len() * 4;
        // SAFETY: the heap flag says `dlx_maximizer_new` allocated this block.
        unsafe { free_block(m.cast(), bytes) };
    }
}

/// Sets the weight of row `row` (the id `dlx_add_row` returned); rows never given a
/// weight weigh 0. Any `int64_t` is allowed, negative ones too.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_CORRUPT` (not a maximiser), `DLX_ERR_ARG`
/// (`row >= max_rows`), `DLX_ERR_STATE` (an optimisation is under way: call
/// `dlx_maximizer_reset` first).
///
/// # Safety
/// `m` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn dlx_maximizer_set_weight(
    m: *mut dlx_maximizer,
    row: u32,
    weight: i64,
) -> dlx_status {
    // SAFETY: forwarded from the caller.
    let w = match unsafe { words(m) } {
        Ok(w) => w,
        Err(e) => return e,
    };
    let r = catch(|| Maximizer::open(w).and_then(|mut mx| mx.set_weight(row, weight)));
    match r {
        Ok(Ok(())) => DLX_OK,
        Ok(Err(e)) => status_of(e),
        Err(()) => DLX_ERR_INTERNAL,
    }
}

/// Forgets the best solution and the optimisation under way, so the next
/// `dlx_maximize` starts afresh; weights stay. Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_CORRUPT`.
///
/// # Safety
/// `m` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn dlx_maximizer_reset(m: *mut dlx_maximizer) -> dlx_status {
    // SAFETY: forwarded from the caller.
    let w = match unsafe { words(m) } {
        Ok(w) => w,
        Err(e) => return e,
    };
    match catch(|| Maximizer::open(w).map(|mut mx| mx.reset())) {
        Ok(Ok(())) => DLX_OK,
        Ok(Err(e)) => status_of(e),
        Err(()) => DLX_ERR_INTERNAL,
    }
}

/// Searches for the maximum-weight solution of the problem in `s` (rows, forced rows
/// and seed as given to the solver; weights from `m`), by branch and bound. The value
/// of a solution is the sum of the weights of all its rows, forced rows included.
///
/// Resumable like `dlx_next`: returns `DLX_SOLUTION` each time a strictly better
/// solution was found (read it with `dlx_maximizer_best`: an anytime optimiser),
/// `DLX_BUDGET_SPENT` after at least `budget` link updates (0 = no limit; call again
/// to go on), and `DLX_EXHAUSTED` when the search is finished: the best solution is
/// then proven optimal, and there is none when the problem has no solution. Later
/// calls return `DLX_EXHAUSTED` again until the solver or the maximiser is reset.
///
/// The search runs on the solver: `dlx_get_stats(s)` counts its nodes and updates,
/// and `dlx_reset(s)` abandons it. Any other use of `s` between calls (`dlx_next`,
/// `dlx_count`, adding rows, ...) makes the next `dlx_maximize` start afresh.
///
/// The bound is the smallest of five sums over the uncovered primary columns: the
/// largest ceil(w / p) among each column's remaining rows (w a row's weight, p its
/// number of primary columns); and, for k = 0..3, the largest w among the rows whose
/// primary column number k mod p (in `dlx_add_row` order) it is, or at least 0 when
/// rows charged to another column also cross it. All hold for any weights, negative
/// ones included; nodes whose value plus the bound is not above the best so far are
/// cut. Ties: only a strictly better solution replaces the best, so the result is the
/// first maximum-weight solution in `dlx_next`'s order (add a cell's heavier choices
/// first to find good solutions early).
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_CORRUPT`, `DLX_ERR_BUSY`, `DLX_ERR_ARG` (the
/// maximiser was made for other dimensions than the solver, or the blocks overlap).
///
/// # Safety
/// `m` and `s` are NULL or live handles.
#[no_mangle]
pub unsafe extern "C" fn dlx_maximize(
    m: *mut dlx_maximizer,
    s: *mut dlx_solver,
    budget: u64,
) -> dlx_status {
    // SAFETY: forwarded from the caller.
    let w = match unsafe { words(m) } {
        Ok(w) => w,
        Err(e) => return e,
    };
    // SAFETY: forwarded from the caller.
    unsafe {
        if let Err(e) = enter(s) {
            return e;
        }
        let status = run_entered(s, |solver| {
            let (m_lo, m_hi) = (w.as_ptr() as usize, w.as_ptr() as usize + w.len() * 4);
            let s_lo = s as usize;
            let s_hi = s_lo + solver.dims().required_bytes().unwrap_or(0);
            if m_lo < s_hi && s_lo < m_hi {
                return DLX_ERR_ARG;
            }
            match Maximizer::open(w).and_then(|mut mx| mx.step(solver, budget)) {
                Ok(step) => step_status(step),
                Err(e) => status_of(e),
            }
        });
        leave(s);
        status
    }
}

/// The best solution found so far: its value in `*value` (saturated to the `int64_t`
/// range), and its `*n` row ids at `*rows` (forced rows first, then the search's
/// rows). The array lives inside the maximiser and is valid until the next call on
/// it. `value` may be NULL; `rows` and `n` may both be NULL.
///
/// Errors: `DLX_ERR_NULL` (m NULL, or only one of rows and n NULL), `DLX_ERR_CORRUPT`,
/// `DLX_ERR_STATE` (no solution found yet: none exists when `dlx_maximize` returned
/// `DLX_EXHAUSTED`).
///
/// # Safety
/// `m` is NULL or a live handle; the out-pointers are valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_maximizer_best(
    m: *const dlx_maximizer,
    value: *mut i64,
    rows: *mut *const u32,
    n: *mut usize,
) -> dlx_status {
    if rows.is_null() != n.is_null() {
        return DLX_ERR_NULL;
    }
    // SAFETY: forwarded from the caller; only read through the slice.
    let w = match unsafe { words(m.cast_mut()) } {
        Ok(w) => w,
        Err(e) => return e,
    };
    let got = catch(|| {
        let mx = Maximizer::open(w)?;
        let (v, r) = mx.best().ok_or(core::Error::State)?;
        let v = v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64;
        Ok((v, r.as_ptr(), r.len()))
    });
    match got {
        Ok(Ok((v, p, len))) => {
            // SAFETY: checked for NULL; `p` points into the maximiser's block.
            unsafe {
                if !value.is_null() {
                    *value = v;
                }
                if !rows.is_null() {
                    *rows = p;
                    *n = len;
                }
            }
            DLX_OK
        }
        Ok(Err(e)) => status_of(e),
        Err(()) => DLX_ERR_INTERNAL,
    }
}

/// Figures of the optimisation under way, or of the last one. Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_CORRUPT`.
///
/// # Safety
/// `m` is NULL or a live handle; `out` is valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_maximizer_get_stats(
    m: *const dlx_maximizer,
    out: *mut dlx_max_stats,
) -> dlx_status {
    if out.is_null() {
        return DLX_ERR_NULL;
    }
    // SAFETY: forwarded from the caller.
    let w = match unsafe { words(m.cast_mut()) } {
        Ok(w) => w,
        Err(e) => return e,
    };
    match catch(|| Maximizer::open(w).map(|mx| mx.stats())) {
        Ok(Ok(st)) => {
            // SAFETY: checked for NULL above.
            unsafe {
                *out = dlx_max_stats {
                    pruned: st.pruned,
                    improvements: st.improvements,
                    proven: u32::from(st.proven),
                };
            }
            DLX_OK
        }
        Ok(Err(e)) => status_of(e),
        Err(()) => DLX_ERR_INTERNAL,
    }
}
