//! The maximum-weight exact cover in C: a maximiser block next to a solver.

use ::core::ffi::c_void;

use super::guard::{self, with, Entered, Handle};
use super::solver::{dlx_dims, dlx_solver};
use super::status::*;
use crate::block::Kind;
use crate::core::{self, max_required_bytes, Dims, Maximizer};
use crate::outcome::Error;

/// The opaque maximiser handle; it points at the start of its memory block.
pub struct dlx_maximizer {
    _opaque: [u8; 0],
}

impl Handle for dlx_maximizer {
    const KIND: Kind = core::MAX_KIND;
    type View<'a> = Maximizer<'a>;
    fn words_of(head: &[u32]) -> Option<u64> {
        Maximizer::words_of(head)
    }
    fn open(words: &mut [u32]) -> Result<Maximizer<'_>, Error> {
        Maximizer::open(words)
    }
    type Dims = dlx_dims;
    fn required_bytes(d: &dlx_dims) -> Option<usize> {
        max_required_bytes(&Dims::from(*d))
    }
    fn init(words: &mut [u32], d: dlx_dims) -> Result<(), Error> {
        Maximizer::init_zeroed(words, d.into()).map(drop)
    }
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

/// Bytes of memory a maximiser for solvers of dimensions `*d` needs; 0 if `d` is NULL
/// or the size does not fit. Equals `DLX_MAXIMIZER_REQUIRED_SIZE(primary, secondary,
/// max_rows, max_entries)`: 20 bytes per node, 8 per row, 20 per primary column,
/// plus 112 bytes.
///
/// # Safety
/// `d` is NULL or points at a `dlx_dims`.
#[no_mangle]
pub unsafe extern "C" fn dlx_maximizer_required_size(d: *const dlx_dims) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { guard::required_size::<dlx_maximizer>(d) }
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
    // SAFETY: forwarded from the caller.
    unsafe { guard::init_in(mem, len, d, out) }
}

/// Like `dlx_maximizer_init_in`, with a block allocated on the heap; release it with
/// `dlx_maximizer_free`. As with `dlx_new`, the block comes zeroed from the allocator
/// and untouched pages stay untouched. `DLX_ERR_NO_MEMORY` when allocation fails or the
/// library was built without the `alloc` feature.
///
/// # Safety
/// `d` and `out` are valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_maximizer_new(
    d: *const dlx_dims,
    out: *mut *mut dlx_maximizer,
) -> dlx_status {
    // SAFETY: forwarded from the caller.
    unsafe { guard::new(d, out) }
}

/// Releases a maximiser made by `dlx_maximizer_new`. NULL is fine; a handle made in the
/// caller's memory (`dlx_maximizer_init_in`), one of another kind, or one inside a call
/// is left alone. A poisoned handle is released too.
///
/// # Safety
/// `m` is NULL or a live handle; it must not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn dlx_maximizer_free(m: *mut dlx_maximizer) {
    // SAFETY: forwarded from the caller.
    unsafe { guard::free(m) }
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
    unsafe { with(m, |mx| mx.set_weight(row, weight)) }
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
    unsafe { with(m, |mx| mx.reset()) }
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
/// `s` must be a plain solver: the bound and the search are the plain engine's
/// (weights over rows with colours or bounds are not offered; a solver made by
/// `dlx_new_x` without colours and bounds is a plain one).
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_CORRUPT`, `DLX_ERR_BUSY`, `DLX_ERR_ARG` (the
/// maximiser was made for other dimensions than the solver, the blocks overlap, or
/// `s` is a solver with colours or bounds).
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
    let entered = unsafe {
        Entered::enter(m).and_then(|em| {
            // (Checked once `m` passed its guard, so a NULL `m` is still NULL.)
            if super::xcc::is_xcc(s) {
                return Err(DLX_ERR_ARG);
            }
            Ok((em, Entered::enter(s)?))
        })
    };
    match entered {
        Ok((mut em, mut es)) => em.run_with(&mut es, |mx, solver| mx.step(solver, budget)),
        Err(status) => status,
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
    let (value, rows, n) = (opt_mut!(value), opt_mut!(rows), opt_mut!(n));
    // SAFETY: forwarded from the caller.
    unsafe {
        with(m.cast_mut(), |mx| {
            let (v, best) = mx.best().ok_or(Error::State)?;
            if let Some(p) = value {
                *p = v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64;
            }
            if let (Some(r), Some(n)) = (rows, n) {
                (*r, *n) = (best.as_ptr(), best.len());
            }
            Ok::<(), Error>(())
        })
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
    let out = try_mut!(out);
    // SAFETY: forwarded from the caller.
    unsafe {
        with(m.cast_mut(), |mx| {
            let st = mx.stats();
            *out = dlx_max_stats {
                pruned: st.pruned,
                improvements: st.improvements,
                proven: u32::from(st.proven),
            };
        })
    }
}
