//! Exact cover with colours in C: the solver kind made by `dlx_init_in_x` /
//! `dlx_new_x`. Its handles are `dlx_solver *` like any solver's; the general
//! functions (`dlx_next`, `dlx_count`, `dlx_image`, ...) see the block's magic and
//! route such a handle here ([`is_xcc`], [`route`]). The functions below are the
//! additions.

use ::core::ffi::c_void;

use super::guard::{self, with, Handle};
use super::solver::{dlx_dims, dlx_solver, dlx_stats};
use super::status::*;
use crate::block::{self, Kind};
use crate::core::{self, Prefix, WithinCall, XDims, XSolver, XMAGIC};
use crate::outcome::{Error, Step};

/// The guard's view of a solver handle whose block has colours (never seen by C).
pub(crate) struct XBlock {
    _opaque: [u8; 0],
}

impl Handle for XBlock {
    const KIND: Kind = core::XKIND;
    type View<'a> = XSolver<'a>;
    fn words_of(head: &[u32]) -> Option<u64> {
        core::xblock_words(head)
    }
    fn open(words: &mut [u32]) -> Result<XSolver<'_>, Error> {
        XSolver::open(words)
    }
    type Dims = dlx_xdims;
    fn required_bytes(d: &dlx_xdims) -> Option<usize> {
        d.required()
    }
    fn init(words: &mut [u32], d: dlx_xdims) -> Result<(), Error> {
        XSolver::init(words, d.core().ok_or(Error::Arg)?).map(drop)
    }
}

/// The fixed capacity of a solver with colours (and, later, bounds).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct dlx_xdims {
    /// Columns every solution covers exactly once (ids `0 .. primary-1`).
    pub primary: u32,
    /// Columns every solution covers at most once, or with one colour throughout
    /// (ids `primary .. primary+secondary-1`).
    pub secondary: u32,
    /// The most rows that may be added.
    pub max_rows: u32,
    /// The most column entries over all rows together.
    pub max_entries: u32,
    /// Colours are the numbers `1 .. colors` (at most 2^31 - 1); 0 = no colours.
    pub colors: u32,
    /// Primary columns that may get bounds other than [1, 1] (multiplicities, see
    /// `dlx_set_bounds`), at most `primary`. 0: exact cover with colours (Knuth's
    /// Algorithm C, DLX2); more: Algorithm M (DLX3).
    pub bounded: u32,
}

impl dlx_xdims {
    /// The plain solver's dimensions when neither colours nor bounds are asked for.
    fn plain(&self) -> Option<dlx_dims> {
        (self.colors == 0 && self.bounded == 0).then_some(dlx_dims {
            primary: self.primary,
            secondary: self.secondary,
            max_rows: self.max_rows,
            max_entries: self.max_entries,
        })
    }

    fn core(&self) -> Option<XDims> {
        Some(XDims {
            primary: self.primary,
            secondary: self.secondary,
            max_rows: self.max_rows,
            max_entries: self.max_entries,
            colors: self.colors,
            bounded: self.bounded,
        })
    }

    fn required(&self) -> Option<usize> {
        self.core()?.required_bytes()
    }
}

/// Bytes of memory a solver with dimensions `*d` needs; 0 if `d` is NULL, the size
/// does not fit `size_t`, or the dimensions are out of range. With `colors == 0` and
/// `bounded == 0` this is `dlx_required_size` of the same four dimensions (such a
/// solver is a plain one and pays nothing for colours). Equals
/// `DLX_REQUIRED_SIZE_X(primary, secondary, max_rows, max_entries, colors, bounded)`.
///
/// # Safety
/// `d` is NULL or points at a `dlx_xdims`.
#[no_mangle]
pub unsafe extern "C" fn dlx_required_size_x(d: *const dlx_xdims) -> usize {
    // SAFETY: the caller's contract: NULL or a `dlx_xdims`.
    let Some(d) = (unsafe { d.as_ref() }) else {
        return 0;
    };
    match d.plain() {
        Some(p) => core::Dims::from(p).required_bytes().unwrap_or(0),
        None => d.required().unwrap_or(0),
    }
}

/// Builds an empty solver with colours inside the caller's block `mem` of `len`
/// bytes (as `dlx_init_in`). Rows are added with `dlx_add_row_colored` (or
/// `dlx_add_row` for rows without colours); the general calls (`dlx_select_row`,
/// `dlx_unselect_all`, `dlx_next`, `dlx_solution`, `dlx_count`, `dlx_enumerate`,
/// `dlx_set_seed`, `dlx_reset`, `dlx_clear`, `dlx_get_stats`, `dlx_progress`,
/// `dlx_image`, `dlx_attach`, `dlx_free`) work on it as on any solver. With
/// `colors == 0` and `bounded == 0` the solver is a plain one (exactly what
/// `dlx_init_in` makes).
///
/// The search is Knuth's Algorithm C (his program DLX2): the same solutions in the
/// same order and the same figures (nodes, updates, and cleansings, see
/// `dlx_get_cleansings`) as DLX2 on the same items and options in the same order.
/// `dlx_split` and `dlx_count_parallel` work as for any solver; the maximiser is not
/// offered (it takes plain dimensions).
///
/// With `bounded > 0`, primary columns may get bounds (`dlx_set_bounds`) and the
/// search is Knuth's Algorithm M (DLX3) instead.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_ARG` (dimensions too large, `colors` above
/// 2^31 - 1, or `bounded` above `primary`), `DLX_ERR_MISALIGNED`, `DLX_ERR_TOO_SMALL`.
///
/// # Safety
/// `mem` points at `len` writable bytes; `d` and `out` are valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_init_in_x(
    mem: *mut c_void,
    len: usize,
    d: *const dlx_xdims,
    out: *mut *mut dlx_solver,
) -> dlx_status {
    let d = try_read!(d);
    if let Some(p) = d.plain() {
        // SAFETY: forwarded from the caller.
        return unsafe { super::solver::dlx_init_in(mem, len, &p, out) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { guard::init_in(mem, len, &d, out.cast::<*mut XBlock>()) }
}

/// Like `dlx_init_in_x`, with a block allocated on the heap; release it with
/// `dlx_free`. `DLX_ERR_NO_MEMORY` when allocation fails or without `alloc`.
///
/// # Safety
/// `d` and `out` are valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_new_x(d: *const dlx_xdims, out: *mut *mut dlx_solver) -> dlx_status {
    let d = try_read!(d);
    if let Some(p) = d.plain() {
        // SAFETY: forwarded from the caller.
        return unsafe { super::solver::dlx_new(&p, out) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { guard::new(&d, out.cast::<*mut XBlock>()) }
}

/// Adds a row over the `n` columns `cols[0..n]` whose entries carry the colours
/// `colors[0..n]` (0 = no colour; `colors` may be NULL for a row without colours)
/// and stores its id in `*row_out` unless NULL. Only secondary columns may carry a
/// colour: rows giving a secondary column the same colour may be in a solution
/// together; a row giving it another colour, or none, may not be with them.
/// On a plain solver every colour must be 0.
///
/// Errors: as `dlx_add_row`, and `DLX_ERR_ARG` (a colour above the solver's
/// `colors`, or a colour on a primary column).
///
/// # Safety
/// `cols` points at `n` values (or is NULL with n == 0); `colors` is NULL or points
/// at `n` values; `row_out` is valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_add_row_colored(
    s: *mut dlx_solver,
    cols: *const u32,
    colors: *const u32,
    n: usize,
    row_out: *mut u32,
) -> dlx_status {
    let cols = try_slice!(cols, n);
    let colours: Option<&[u32]> = if colors.is_null() {
        None
    } else {
        Some(try_slice!(colors, n))
    };
    let row_out = opt_mut!(row_out);
    // SAFETY: forwarded from the caller.
    if !unsafe { is_xcc(s) } {
        // SAFETY: forwarded from the caller.
        return unsafe {
            with(s, |solver| {
                if cols.len() > solver.dims().max_entries as usize {
                    return Err(too_long(solver.phase().searching()));
                }
                if colours.is_some_and(|k| k.iter().any(|&k| k != 0)) {
                    // Refused as a solver with colours would refuse it: the row's own
                    // faults first, then the colour (a plain solver has no colours).
                    let width = solver.dims().columns();
                    let twice = cols
                        .iter()
                        .enumerate()
                        .any(|(i, c)| cols[i + 1..].contains(c));
                    return Err(if solver.phase().searching() {
                        Error::State
                    } else if cols.is_empty() {
                        Error::EmptyRow
                    } else if cols.iter().any(|&c| u64::from(c) >= width) {
                        Error::Column
                    } else if twice {
                        Error::Duplicate
                    } else {
                        Error::Arg
                    });
                }
                let row = solver.add_row(cols)?;
                if let Some(out) = row_out {
                    *out = row;
                }
                Ok(())
            })
        };
    }
    // SAFETY: forwarded from the caller.
    unsafe {
        with(s.cast::<XBlock>(), |x| {
            if cols.len() > x.dims().max_entries as usize {
                return Err(too_long(x.phase().searching()));
            }
            let row = x.add_row(cols, colours)?;
            if let Some(out) = row_out {
                *out = row;
            }
            Ok(())
        })
    }
}

/// A row longer than all the entries: refused before the quadratic duplicate check.
fn too_long(searching: bool) -> Error {
    if searching {
        Error::State
    } else {
        Error::Capacity
    }
}

/// Gives primary column `col` the bounds [lo, hi]: every solution covers it at
/// least `lo` and at most `hi` times (Knuth's multiplicities; [1, 1] is an ordinary
/// primary column, [0, 1] behaves as a secondary one). Needs a solver made with
/// `bounded > 0`; at most `bounded` columns may have bounds other than [1, 1] at
/// once. The search is then Knuth's Algorithm M (his program DLX3): the same
/// solutions in the same order and the same figures (nodes, updates, cleansings)
/// as DLX3 on the same items, bounds and options. Forced rows (`dlx_select_row`)
/// may use a column up to its upper bound; bounds lowered below what they use leave
/// no solution. `dlx_progress` gives DLX3's estimate and `dlx_count_parallel` splits
/// the search into search paths (a level's row or null move each). Such a solver
/// gives no row prefixes (`dlx_split`: `DLX_ERR_STATE`: a subtree of Algorithm M also
/// excludes the rows its levels tried before, which forced rows cannot say), but
/// search paths (`dlx_split_paths`, `dlx_count_path`). Its images (`dlx_image`,
/// `dlx_attach`) are checked by replaying the search.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_COLUMN` (`col` is not a primary column),
/// `DLX_ERR_ARG` (`hi == 0`, `lo > hi`, or a solver made without `bounded`),
/// `DLX_ERR_CAPACITY` (more than `bounded` columns with bounds), `DLX_ERR_STATE` (a
/// search is under way).
///
/// # Safety
/// `s` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn dlx_set_bounds(
    s: *mut dlx_solver,
    col: u32,
    lo: u32,
    hi: u32,
) -> dlx_status {
    // SAFETY: forwarded from the caller.
    unsafe {
        if is_xcc(s) {
            with(s.cast::<XBlock>(), |x| x.set_bounds(col, lo, hi))
        } else {
            // A plain solver has no room for bounds.
            with(s, |_| Err::<(), Error>(Error::Arg))
        }
    }
}

/// Called by `dlx_split_paths` for each search path: `n` path words at `path` (valid
/// only during the call), `is_solution` 1 for a solution found above the split
/// depth (fewer levels), 0 for a node at the split depth (a solution there too: its
/// subtree counts 1). Return 0 to go on, anything else to stop.
pub type dlx_path_fn = Option<
    unsafe extern "C" fn(user: *mut c_void, path: *const u32, n: usize, is_solution: i32) -> i32,
>;

/// `dlx_split` for a solver with bounds (Knuth's Algorithm M), whose subtrees a
/// row prefix cannot describe (a subtree also excludes the rows its levels tried
/// before, and a level may drop its column instead of taking a row): runs a fresh
/// search down to `depth` levels and calls `f(user, path, n, 0)` for every node of
/// the search tree at that depth and `f(user, path, n, 1)` for every solution found
/// above it (at fewer levels), `path` holding the `n` levels on the way there.
/// Path words are opaque (one per level: the row taken in the column the level
/// chose, or the column dropped): pass them unchanged to `dlx_count_path` on a
/// solver of the same problem (the same dimensions, rows added in the same order,
/// the same bounds, forced rows and seed, e.g. an image of this one taken before
/// the split), on another thread, process or machine. The counts of the nodes'
/// subtrees plus the solutions reported with `is_solution = 1` add up to the full
/// count; depth 0 reports the whole problem as one empty path (and nothing when the
/// forced rows exceed the bounds: no solution).
///
/// Returns `DLX_EXHAUSTED` after the last path or `DLX_STOPPED` when `f` asked to
/// stop; `*count` (unless NULL) receives the number of calls to `f`. Ends any search
/// under way and leaves the solver reset. Calls on this handle from inside `f` return
/// `DLX_ERR_BUSY`.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_STATE` (a solver without bounds: use
/// `dlx_split`), `DLX_ERR_CORRUPT` (the block was found damaged), `DLX_ERR_BUSY`.
///
/// # Safety
/// `s` is NULL or a live handle; `f` NULL or a valid function; `count` valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_split_paths(
    s: *mut dlx_solver,
    depth: u32,
    f: dlx_path_fn,
    user: *mut c_void,
    count: *mut u64,
) -> dlx_status {
    let Some(f) = f else {
        return DLX_ERR_NULL;
    };
    // SAFETY: forwarded from the caller.
    match unsafe { has_bounds(s) } {
        Ok(true) => {}
        Ok(false) => return DLX_ERR_STATE,
        Err(status) => return status,
    }
    // One call: each walk step goes on with the state of the last (see
    // `XSolver::search`).
    let mut call = None;
    let next = move |x: &mut XSolver<'_>| {
        x.within_call(&mut call, |x| {
            let (path, solution) = x
                .path_next(depth)
                .map_err(Error::into_status)?
                .ok_or(DLX_EXHAUSTED)?;
            Ok((path.as_ptr(), path.len(), i32::from(solution)))
        })
    };
    // SAFETY: forwarded from the caller; `f` is a valid function by contract.
    unsafe {
        guard::walk(
            s.cast::<XBlock>(),
            |x: &mut XSolver<'_>| x.paths_start(),
            next,
            |path, n, flag| f(user, path, n, flag),
            |x: &mut XSolver<'_>| x.reset(),
            count,
        )
    }
}

/// Counts (up to `limit`, 0 = no limit) the solutions in the subtree of a fresh
/// search's node that `path` (`n` path words from `dlx_split_paths` on a solver of
/// the same problem) leads to; `*count` receives the count. The path is replayed
/// and checked level by level: each must be one the search takes. Ends any search
/// under way and leaves the solver reset, also when the path is refused (the replay
/// that checks it is the search itself), but for a path longer than the solver's
/// levels, refused before anything changes; `dlx_get_stats` then shows the figures
/// of the subtree's search. With forced rows that exceed the bounds every count is
/// 0.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_STATE` (a solver without bounds: use
/// `dlx_split`'s prefixes with `dlx_select_row`), `DLX_ERR_ARG` (a path no search of
/// this problem takes, or longer than the solver's levels), `DLX_ERR_CORRUPT` (the
/// block was found damaged), `DLX_ERR_BUSY`.
///
/// # Safety
/// `s` is NULL or a live handle; `path` points at `n` values (or is NULL with n ==
/// 0); `count` valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_count_path(
    s: *mut dlx_solver,
    path: *const u32,
    n: usize,
    limit: u64,
    count: *mut u64,
) -> dlx_status {
    let count = try_mut!(count);
    let path = try_slice!(path, n);
    // SAFETY: forwarded from the caller.
    match unsafe { has_bounds(s) } {
        Ok(true) => {}
        Ok(false) => return DLX_ERR_STATE,
        Err(status) => return status,
    }
    // SAFETY: forwarded from the caller: a live handle with colours.
    unsafe {
        with(s.cast::<XBlock>(), |x| {
            x.count_below_path(path, limit)?
                .map(|c| *count = c)
                .ok_or(Error::Arg)
        })
    }
}

/// Whether `s` is a solver with bounds (Algorithm M), which splits into search
/// paths, not row prefixes; `Err` with what entering the handle gave (NULL,
/// misaligned, busy, poisoned, corrupt). Changes nothing.
///
/// # Safety
/// `s` is NULL or a handle made by this library.
unsafe fn has_bounds(s: *mut dlx_solver) -> Result<bool, dlx_status> {
    let mut bounded = 0;
    // SAFETY: forwarded from the caller.
    let status = unsafe {
        if is_xcc(s) {
            with(s.cast::<XBlock>(), |x| bounded = x.dims().bounded)
        } else {
            with(s, |_| ())
        }
    };
    match status {
        DLX_OK => Ok(bounded != 0),
        other => Err(other),
    }
}

/// Knuth's "cleansings" of the current or last search (see `dlx_get_stats`): one
/// per purification (a row fixing a secondary column's colour) plus one per node
/// whose colour it marked as agreeing. Always 0 for a plain solver.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_BUSY`.
///
/// # Safety
/// `s` is NULL or a live handle; `out` valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_get_cleansings(s: *const dlx_solver, out: *mut u64) -> dlx_status {
    let out = try_mut!(out);
    // SAFETY: forwarded from the caller.
    unsafe {
        if is_xcc(s) {
            with(s.cast::<XBlock>().cast_mut(), |x| {
                *out = x.stats().cleansings
            })
        } else {
            with(s.cast_mut(), |_| *out = 0)
        }
    }
}

// ------------------------------------------------------------------ routing

/// True when `s` is a non-NULL, aligned handle whose block says "solver with
/// colours"; the guard checks the rest.
///
/// # Safety
/// `s` is NULL or a handle made by this library.
pub(crate) unsafe fn is_xcc(s: *const dlx_solver) -> bool {
    !s.is_null()
        && (s as usize).is_multiple_of(core::ALIGN)
        // SAFETY: a non-NULL, aligned handle's block holds at least the prefix.
        && unsafe { s.cast::<u32>().add(block::W_MAGIC).read() } == XMAGIC
}

/// The general API's bodies for handles with colours. Each is called by the general
/// function of the same name after [`is_xcc`] said yes.
pub(crate) mod route {
    use super::*;

    fn x(s: *const dlx_solver) -> *mut XBlock {
        s.cast::<XBlock>().cast_mut()
    }

    /// # Safety
    /// `s` is a live handle with colours, not used afterwards.
    pub(crate) unsafe fn free(s: *mut dlx_solver) {
        // SAFETY: forwarded from the caller.
        unsafe { guard::free(x(s)) }
    }

    /// # Safety
    /// As `dlx_add_row`.
    pub(crate) unsafe fn add_row(
        s: *mut dlx_solver,
        cols: *const u32,
        n: usize,
        row_out: *mut u32,
    ) -> dlx_status {
        // SAFETY: forwarded from the caller.
        unsafe { dlx_add_row_colored(s, cols, ::core::ptr::null(), n, row_out) }
    }

    /// # Safety
    /// `s` is a live handle with colours.
    pub(crate) unsafe fn select_row(s: *mut dlx_solver, row: u32) -> dlx_status {
        // SAFETY: forwarded from the caller.
        unsafe { with(x(s), |x| x.select_row(row)) }
    }

    /// # Safety
    /// `s` is a live handle with colours.
    pub(crate) unsafe fn unselect_all(s: *mut dlx_solver) -> dlx_status {
        // SAFETY: forwarded from the caller.
        unsafe { with(x(s), |x| x.unselect_all()) }
    }

    /// # Safety
    /// `s` is a live handle with colours.
    pub(crate) unsafe fn reset(s: *mut dlx_solver) -> dlx_status {
        // SAFETY: forwarded from the caller.
        unsafe { with(x(s), |x| x.reset()) }
    }

    /// # Safety
    /// `s` is a live handle with colours.
    pub(crate) unsafe fn clear(s: *mut dlx_solver) -> dlx_status {
        // SAFETY: forwarded from the caller.
        unsafe { with(x(s), |x| x.clear()) }
    }

    /// # Safety
    /// `s` is a live handle with colours.
    pub(crate) unsafe fn next(s: *mut dlx_solver, budget: u64) -> dlx_status {
        // SAFETY: forwarded from the caller.
        unsafe { with(x(s), |x| x.next(budget)) }
    }

    /// # Safety
    /// `s` is a live handle with colours.
    pub(crate) unsafe fn solution(
        s: *const dlx_solver,
        rows: &mut *const u32,
        n: &mut usize,
    ) -> dlx_status {
        // SAFETY: forwarded from the caller.
        unsafe {
            with(x(s), |x| {
                let sol = x.solution().ok_or(Error::State)?;
                (*rows, *n) = (sol.as_ptr(), sol.len());
                Ok::<(), Error>(())
            })
        }
    }

    /// # Safety
    /// `s` is a live handle with colours.
    pub(crate) unsafe fn count(s: *mut dlx_solver, limit: u64, count: &mut u64) -> dlx_status {
        // SAFETY: forwarded from the caller.
        unsafe { with(x(s), |x| x.count(limit).map(|n| *count = n)) }
    }

    /// # Safety
    /// `s` is a live handle with colours.
    pub(crate) unsafe fn count_parallel(
        s: *mut dlx_solver,
        threads: u32,
        limit: u64,
        count: &mut u64,
    ) -> dlx_status {
        // SAFETY: forwarded from the caller.
        unsafe {
            with(x(s), |x| {
                super::super::image::count_on(x, threads, limit, count)
            })
        }
    }

    /// # Safety
    /// As `dlx_enumerate`, with `f` a valid function.
    pub(crate) unsafe fn enumerate(
        s: *mut dlx_solver,
        f: unsafe extern "C" fn(*mut c_void, *const u32, usize) -> i32,
        user: *mut c_void,
        count: *mut u64,
    ) -> dlx_status {
        // One call: each search goes on with the state of the last.
        let mut call = None;
        let next = move |x: &mut XSolver<'_>| match x
            .within_call(&mut call, |x| x.next(0))
            .map_err(Error::into_status)?
        {
            Step::Solution => x
                .solution()
                .map(|r| (r.as_ptr(), r.len(), 0))
                .ok_or(DLX_ERR_INTERNAL),
            end => Err(end.into_status()),
        };
        let reset = |x: &mut XSolver<'_>| x.reset();
        // SAFETY: forwarded from the caller; `f` is a valid function by contract.
        unsafe {
            guard::walk(
                x(s),
                reset,
                next,
                |rows, n, _| f(user, rows, n),
                reset,
                count,
            )
        }
    }

    /// # Safety
    /// As `dlx_split`, with `f` a valid function.
    pub(crate) unsafe fn split(
        s: *mut dlx_solver,
        depth: u32,
        f: unsafe extern "C" fn(*mut c_void, *const u32, usize, i32) -> i32,
        user: *mut c_void,
        count: *mut u64,
    ) -> dlx_status {
        // SAFETY: forwarded from the caller.
        match unsafe { has_bounds(s) } {
            // Algorithm M has no row prefixes (its levels are not all rows).
            Ok(true) => return DLX_ERR_STATE,
            Ok(false) => {}
            Err(status) => return status,
        }
        // One call: each prefix goes on with the state of the last.
        let mut call = None;
        let next = move |x: &mut XSolver<'_>| {
            let p = x
                .within_call(&mut call, |x| x.split_next(depth))
                .map_err(Error::into_status)?
                .ok_or(DLX_EXHAUSTED)?;
            let rows = x.prefix(p);
            Ok((
                rows.as_ptr(),
                rows.len(),
                i32::from(matches!(p, Prefix::Solution(_))),
            ))
        };
        // SAFETY: forwarded from the caller; `f` is a valid function by contract.
        unsafe {
            guard::walk(
                x(s),
                |x: &mut XSolver<'_>| x.split_start(),
                next,
                |rows, n, flag| f(user, rows, n, flag),
                |x: &mut XSolver<'_>| x.reset(),
                count,
            )
        }
    }

    /// # Safety
    /// `s` is a live handle with colours.
    pub(crate) unsafe fn set_seed(s: *mut dlx_solver, seed: u64) -> dlx_status {
        // SAFETY: forwarded from the caller.
        unsafe { with(x(s), |x| x.set_seed(seed)) }
    }

    /// # Safety
    /// `s` is a live handle with colours.
    pub(crate) unsafe fn stats(s: *const dlx_solver, out: &mut dlx_stats) -> dlx_status {
        // SAFETY: forwarded from the caller.
        unsafe {
            with(x(s), |x| {
                let st = x.stats();
                *out = dlx_stats {
                    nodes: st.nodes,
                    updates: st.updates,
                    solutions: st.solutions,
                    depth: st.depth,
                    max_depth: st.max_depth,
                };
            })
        }
    }

    /// # Safety
    /// `s` is a live handle with colours.
    pub(crate) unsafe fn progress(s: *const dlx_solver, fraction: &mut f64) -> dlx_status {
        // SAFETY: forwarded from the caller.
        unsafe { with(x(s), |x| *fraction = x.progress()) }
    }

    /// # Safety
    /// `s` is a live handle with colours.
    pub(crate) unsafe fn image(
        s: *const dlx_solver,
        mem: &mut *const c_void,
        len: &mut usize,
    ) -> dlx_status {
        // Sealing writes the checksum word (and, with bounds, folds the block: see
        // `XSolver::seal`) of the caller's block: the handle is the caller's
        // writable block, whatever the `const` of the C signature says.
        // SAFETY: forwarded from the caller.
        unsafe {
            with(x(s), |x| {
                let bytes = x.dims().required_bytes().ok_or(Error::Corrupt)?;
                x.seal_view();
                (*mem, *len) = (s.cast(), bytes);
                Ok::<(), Error>(())
            })
        }
    }

    /// Validates and adopts the image of a solver with colours in `words`.
    pub(crate) fn attach(words: &mut [u32]) -> dlx_status {
        guard::catch(|| XSolver::attach(words).map(drop))
            .map_or(DLX_ERR_INTERNAL, IntoStatus::into_status)
    }

    /// True for a block whose first word says "solver with colours".
    pub(crate) fn is_xcc_words(words: &[u32]) -> bool {
        words.first() == Some(&XMAGIC)
    }
}
