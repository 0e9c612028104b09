//! The general exact-cover solver in C: create, build, search, inspect.

use ::core::ffi::c_void;

use super::guard::{self, walk, with, Handle};
use super::status::*;
use super::xcc::{is_xcc, route};
use crate::block::Kind;
use crate::core::{self, Dims, Solver, WithinCall};
use crate::outcome::{Error, Stats, Step};

/// The opaque solver handle; it points at the start of its memory block.
pub struct dlx_solver {
    _opaque: [u8; 0],
}

impl Handle for dlx_solver {
    const KIND: Kind = core::KIND;
    type View<'a> = Solver<'a>;
    fn words_of(head: &[u32]) -> Option<u64> {
        core::block_words(head)
    }
    fn open(words: &mut [u32]) -> Result<Solver<'_>, Error> {
        Solver::open(words)
    }
    type Dims = dlx_dims;
    fn required_bytes(d: &dlx_dims) -> Option<usize> {
        Dims::from(*d).required_bytes()
    }
    fn init(words: &mut [u32], d: dlx_dims) -> Result<(), Error> {
        Solver::init_zeroed(words, d.into()).map(drop)
    }
}

/// Alignment in bytes that every block needs (same as `dlx_required_align()`).
pub const DLX_ALIGN: usize = 8;

const _: () = assert!(DLX_ALIGN == core::ALIGN);
const _: () = assert!(
    DLX_ALIGN == 8,
    "DLX_ALIGNED in src/ffi/sizes.h spells out 8"
);

/// The fixed capacity of a solver.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct dlx_dims {
    /// Columns every solution covers exactly once (0-based ids `0 .. primary-1`).
    pub primary: u32,
    /// Columns every solution covers at most once (ids `primary .. primary+secondary-1`).
    pub secondary: u32,
    /// The most rows that may be added.
    pub max_rows: u32,
    /// The most column entries (ones of the matrix) over all rows together.
    pub max_entries: u32,
}

impl From<dlx_dims> for Dims {
    fn from(d: dlx_dims) -> Dims {
        Dims {
            primary: d.primary,
            secondary: d.secondary,
            max_rows: d.max_rows,
            max_entries: d.max_entries,
        }
    }
}

/// Figures of the current search, or of the last one when none is under way.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct dlx_stats {
    /// Search-tree nodes (times a column was chosen to branch on, plus solutions),
    /// as Knuth's DLX1 counts them.
    pub nodes: u64,
    /// Link updates (one per column unlinked, one per node hidden), as Knuth's DLX1.
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Rows the search has chosen right now (forced rows not included).
    pub depth: u32,
    /// The most rows the search has had chosen at once.
    pub max_depth: u32,
}

impl From<Stats> for dlx_stats {
    fn from(st: Stats) -> dlx_stats {
        dlx_stats {
            nodes: st.nodes,
            updates: st.updates,
            solutions: st.solutions,
            depth: st.depth,
            max_depth: st.max_depth,
        }
    }
}

/// Called once per solution with its row ids (forced rows first); return 0 to go on,
/// anything else to stop. `rows` is valid only during the call.
pub type dlx_solution_fn =
    Option<unsafe extern "C" fn(user: *mut c_void, rows: *const u32, n: usize) -> i32>;

/// Bytes of memory a solver with dimensions `*d` needs; 0 if `d` is NULL or the size
/// does not fit `size_t` (or the problem has 2^31 nodes or more). Equals
/// `DLX_REQUIRED_SIZE(primary, secondary, max_rows, max_entries)`.
///
/// # Safety
/// `d` is NULL or points at a `dlx_dims`.
#[no_mangle]
pub unsafe extern "C" fn dlx_required_size(d: *const dlx_dims) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { guard::required_size::<dlx_solver>(d) }
}

/// The alignment in bytes a solver's memory block needs: `DLX_ALIGN`, a power of two
/// of at most 16.
#[no_mangle]
pub extern "C" fn dlx_required_align() -> usize {
    core::ALIGN
}

/// Builds an empty solver inside the caller's block `mem` of `len` bytes and stores
/// its handle in `*out`. The solver lives entirely in the block (no allocation, no
/// pointers out of it); the block must stay put and untouched while in use, and
/// needs no cleanup. Only the first `dlx_required_size(d)` bytes are used; they are
/// zeroed first, so the block (and any image of it) holds no stale bytes.
///
/// Errors: `DLX_ERR_NULL` (mem, d or out NULL), `DLX_ERR_ARG` (dimensions too large:
/// `dlx_required_size(d) == 0`), `DLX_ERR_MISALIGNED`, `DLX_ERR_TOO_SMALL`.
///
/// # Safety
/// `mem` points at `len` writable bytes; `d` and `out` are valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_init_in(
    mem: *mut c_void,
    len: usize,
    d: *const dlx_dims,
    out: *mut *mut dlx_solver,
) -> dlx_status {
    // SAFETY: forwarded from the caller.
    unsafe { guard::init_in(mem, len, d, out) }
}

/// Like `dlx_init_in`, with a block allocated on the heap; release it with `dlx_free`.
/// The block comes zeroed from the allocator and only the header and the column
/// lists are written, so a huge capacity costs neither time nor memory until rows
/// arrive. Returns `DLX_ERR_NO_MEMORY` when allocation fails or the library was
/// built without the `alloc` feature.
///
/// # Safety
/// `d` and `out` are valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_new(d: *const dlx_dims, out: *mut *mut dlx_solver) -> dlx_status {
    // SAFETY: forwarded from the caller.
    unsafe { guard::new(d, out) }
}

/// Releases a solver made by `dlx_new`. NULL is fine; a handle made in the caller's
/// memory (`dlx_init_in` or `dlx_attach`), one of another kind, or one inside a call
/// (from a callback) is left alone. A poisoned handle is released too.
///
/// # Safety
/// `s` is NULL or a live handle; it must not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn dlx_free(s: *mut dlx_solver) {
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::free(s) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { guard::free(s) }
}

/// Adds a row covering the `n` columns `cols[0..n]` (0-based, any order) and stores
/// its id (0, 1, 2, ... in the order rows are added) in `*row_out` unless NULL.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_STATE` (a search is under way: call `dlx_reset`),
/// `DLX_ERR_EMPTY_ROW` (n == 0), `DLX_ERR_COLUMN`, `DLX_ERR_DUPLICATE`,
/// `DLX_ERR_CAPACITY` (max_rows or max_entries reached). Adding a row ends a finished
/// search, so the next `dlx_next` starts afresh.
///
/// # Safety
/// `cols` points at `n` values (or is NULL with n == 0); `row_out` is valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_add_row(
    s: *mut dlx_solver,
    cols: *const u32,
    n: usize,
    row_out: *mut u32,
) -> dlx_status {
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::add_row(s, cols, n, row_out) };
    }
    let cols = try_slice!(cols, n);
    let row_out = opt_mut!(row_out);
    // SAFETY: forwarded from the caller.
    unsafe {
        with(s, |solver| {
            if cols.len() > solver.dims().max_entries as usize {
                // Refused before the core's quadratic duplicate check sees it.
                return Err(if solver.phase().searching() {
                    Error::State
                } else {
                    Error::Capacity
                });
            }
            let row = solver.add_row(cols)?;
            if let Some(out) = row_out {
                *out = row;
            }
            Ok(())
        })
    }
}

/// Forces row `row` into every solution (e.g. a Sudoku given). Its columns are covered
/// at once, so later searches never look at them again.
///
/// On a solver with colours, forced rows may share a secondary column they give
/// the same colour; with bounds (`dlx_set_bounds`), a primary column as often as its
/// upper bound allows (the rows are then applied when a search starts).
///
/// Errors: `DLX_ERR_STATE` (a search is under way), `DLX_ERR_ARG` (no such row, or the
/// row has no primary column), `DLX_ERR_CONFLICT` (shares a column with an earlier
/// forced row beyond what the column allows, or was forced already).
///
/// # Safety
/// `s` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn dlx_select_row(s: *mut dlx_solver, row: u32) -> dlx_status {
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::select_row(s, row) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { with(s, |solver| solver.select_row(row)) }
}

/// Drops every forced row. Errors: `DLX_ERR_STATE` (a search is under way).
///
/// # Safety
/// `s` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn dlx_unselect_all(s: *mut dlx_solver) -> dlx_status {
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::unselect_all(s) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { with(s, |solver| solver.unselect_all()) }
}

/// Abandons the search under way (if any); the next `dlx_next` starts from the
/// beginning. Rows, forced rows, the seed and the last search's figures stay.
///
/// # Safety
/// `s` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn dlx_reset(s: *mut dlx_solver) -> dlx_status {
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::reset(s) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { with(s, |solver| solver.reset()) }
}

/// Drops all rows and forced rows and zeroes the figures; the dimensions, the seed and
/// the memory stay, so the handle can take a new problem of the same size.
///
/// # Safety
/// `s` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn dlx_clear(s: *mut dlx_solver) -> dlx_status {
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::clear(s) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { with(s, |solver| solver.clear()) }
}

/// Sets the seed of the next search. 0 (the default) keeps the deterministic order:
/// rows in the order added, ties between columns to the first. Any other value
/// shuffles the row order and breaks ties at random, reproducibly for that seed, so
/// the first solution is a random one. A tie is broken by draws that depend on the
/// seed and the rows chosen above it only, so budgets, images and prefixes never
/// change a seeded search's choices. Errors: `DLX_ERR_STATE` (a search is under way).
///
/// # Safety
/// `s` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn dlx_set_seed(s: *mut dlx_solver, seed: u64) -> dlx_status {
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::set_seed(s, seed) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { with(s, |solver| solver.set_seed(seed)) }
}

/// Continues the search (the first call starts it) until the next solution
/// (`DLX_SOLUTION`, read it with `dlx_solution`), the end (`DLX_EXHAUSTED`, also on
/// every later call until `dlx_reset`), or until this call has spent at least `budget`
/// link updates (`DLX_BUDGET_SPENT`; 0 = no limit). The budget is checked after each
/// column chosen and each row tried, so a call with `budget` >= 1 spends at most
/// `budget - 1` plus the updates of covering one row (for each column of the row, 1
/// plus the other nodes of the rows in that column; e.g. at most 74 on 13 queens with
/// budget 1). Any split into budgets yields the same solutions in the same order.
///
/// # Safety
/// `s` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn dlx_next(s: *mut dlx_solver, budget: u64) -> dlx_status {
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::next(s, budget) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { with(s, |solver| solver.next(budget)) }
}

/// The last solution found by `dlx_next`: `*n` row ids at `*rows`, forced rows first in
/// selection order, then the search's rows, innermost last. The array lives inside
/// the solver and is valid until the next call on the handle.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_STATE` (the last call did not return `DLX_SOLUTION`).
///
/// # Safety
/// `s` is NULL or a live handle; `rows` and `n` are valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_solution(
    s: *const dlx_solver,
    rows: *mut *const u32,
    n: *mut usize,
) -> dlx_status {
    let rows = try_mut!(rows);
    let n = try_mut!(n);
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::solution(s, rows, n) };
    }
    // SAFETY: forwarded from the caller.
    unsafe {
        with(s.cast_mut(), |solver| {
            let sol = solver.solution().ok_or(Error::State)?;
            (*rows, *n) = (sol.as_ptr(), sol.len());
            Ok::<(), Error>(())
        })
    }
}

/// Counts the solutions of a fresh search, stopping at `limit` (0 = no limit; 2
/// answers "is it unique?"), into `*count`. Ends any search under way and leaves the
/// solver reset; `dlx_get_stats` still shows this search's figures.
///
/// # Safety
/// `s` is NULL or a live handle; `count` is valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_count(s: *mut dlx_solver, limit: u64, count: *mut u64) -> dlx_status {
    let count = try_mut!(count);
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::count(s, limit, count) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { with(s, |solver| solver.count(limit).map(|n| *count = n)) }
}

/// Runs a fresh search and calls `f(user, rows, n)` for every solution until it
/// returns non-zero. Returns `DLX_EXHAUSTED` after the last solution or `DLX_STOPPED`
/// when `f` asked to stop; `*count` (unless NULL) receives the number of solutions
/// passed to `f`. Ends any search under way and leaves the solver reset. Calls on
/// this handle from inside `f` return `DLX_ERR_BUSY`; `f` must not unwind or longjmp.
///
/// # Safety
/// `s` is NULL or a live handle; `f` is NULL or a valid function; `count` valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_enumerate(
    s: *mut dlx_solver,
    f: dlx_solution_fn,
    user: *mut c_void,
    count: *mut u64,
) -> dlx_status {
    let Some(f) = f else {
        return DLX_ERR_NULL;
    };
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::enumerate(s, f, user, count) };
    }
    // One call: each search goes on with the state of the last (see `Solver::search`).
    let mut call = None;
    let next = move |solver: &mut Solver<'_>| match solver
        .within_call(&mut call, |s| s.next(0))
        .map_err(|e| e.into_status())?
    {
        Step::Solution => solver
            .solution()
            .map(|r| (r.as_ptr(), r.len(), 0))
            .ok_or(DLX_ERR_INTERNAL),
        end => Err(end.into_status()),
    };
    let reset = |solver: &mut Solver<'_>| solver.reset();
    // SAFETY: forwarded from the caller; `f` is a valid function by contract.
    unsafe { walk(s, reset, next, |rows, n, _| f(user, rows, n), reset, count) }
}

/// Figures of the current search, or of the last one when none is under way; they
/// restart from zero when the next search starts and after `dlx_clear`.
///
/// # Safety
/// `s` is NULL or a live handle; `out` is valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_get_stats(s: *const dlx_solver, out: *mut dlx_stats) -> dlx_status {
    let out = try_mut!(out);
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::stats(s, out) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { with(s.cast_mut(), |solver| *out = solver.stats().into()) }
}

/// Knuth's estimate of the fraction of the search tree already explored, in
/// `*fraction` (0.0 ..= 1.0): from each level's position in its column and the
/// columns' lengths. 0 before a search starts, growing monotonically as `dlx_next`
/// goes on, 1.0 once the search is finished. Good for progress bars and ETAs (the
/// estimate is rough early on for unbalanced trees). Costs a walk over the columns
/// chosen on the current path.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_BUSY`.
///
/// # Safety
/// `s` is NULL or a live handle; `fraction` valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_progress(s: *const dlx_solver, fraction: *mut f64) -> dlx_status {
    let fraction = try_mut!(fraction);
    // SAFETY: forwarded from the caller (a handle with colours goes to its engine).
    if unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe { route::progress(s, fraction) };
    }
    // SAFETY: forwarded from the caller. The call marks the handle busy for its
    // duration (a write to the caller's block, as every call does).
    unsafe { with(s.cast_mut(), |solver| *fraction = solver.progress()) }
}
