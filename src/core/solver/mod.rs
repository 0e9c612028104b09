//! The solver: a view of the caller's block with Knuth's DLX1 on top.
//!
//! Every public method either succeeds or returns an [`Error`] before it has changed
//! anything, so a failing call leaves the block as it was. The fields are private to
//! this module (and [`image`], which validates all of them); the rest of the core uses
//! the named methods below.

mod image;
pub(in crate::core) use image::{nodes_possible, shuffled_state, MOST_STEPS};

pub(crate) use image::checksum_matches;
pub use image::{image_checksum, seal_image};

use super::header::{Header, Phase, FLAG_HAS_SOLUTION, FLAG_HEAP, FLAG_SHUFFLED};
use super::layout::{Dims, Layout};
use super::links::search::{self, Access, Hooks, Idle, Plain, Stop, Until};
use super::links::Links;
use crate::rng;

/// Updates per node in use that a call runs bounds-checked before it validates the
/// block (see `Solver::search`): validation takes 15-20 ns per node, 64 updates
/// 300-700 ns, so a call pays at most about 7% for it and usually nothing
/// (docs/DESIGN.md). Debug and fuzzing builds validate after one update per node,
/// so that the tests and the fuzz targets run both loops and validate live blocks
/// often.
pub(in crate::core) const CHECKED_STRETCH: u64 = if cfg!(any(debug_assertions, fuzzing)) {
    1
} else {
    64
};

pub use crate::outcome::{Error, Stats, Step};

/// A solver living in a caller-provided block of words.
pub struct Solver<'a> {
    h: Header,
    head: &'a mut [u32],
    links: Links<'a>,
    row_start: &'a mut [u32],
    sol: &'a mut [u32],
    stack: &'a mut [u32],
    /// Kept outside the block for the life of this value (one C call).
    call: CallState,
}

/// What a solver keeps outside its block while it serves one call (see
/// `Solver::search`): the update figure from which the checked stretch runs, and
/// the steps back without an update across the searches of the call. A loop that
/// opens the block afresh for each search of one call carries it over
/// ([`WithinCall::within_call`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct CallState {
    pub(in crate::core) checked_from: u64,
    pub(in crate::core) idle: Idle,
}

impl CallState {
    /// A call whose checked stretch starts at the update figure `updates`.
    pub(in crate::core) fn starting_at(updates: u64) -> CallState {
        CallState {
            checked_from: updates,
            idle: Idle::default(),
        }
    }
}

/// A solver that keeps a [`CallState`] outside its block (the plain one and the one
/// with colours), so that a loop opening the block afresh for each search of one C
/// call can carry the state over.
pub(crate) trait WithinCall: Sized {
    /// The state of the call this value serves.
    fn call_state(&mut self) -> &mut CallState;

    /// Runs `f` on this solver, opened afresh on the block, as a part of the call
    /// whose state `call` carries from one opening to the next (`None` before the
    /// first).
    fn within_call<R>(
        &mut self,
        call: &mut Option<CallState>,
        f: impl FnOnce(&mut Self) -> R,
    ) -> R {
        if let Some(c) = *call {
            *self.call_state() = c;
        }
        let r = f(self);
        *call = Some(*self.call_state());
        r
    }
}

impl WithinCall for Solver<'_> {
    fn call_state(&mut self) -> &mut CallState {
        &mut self.call
    }
}

impl Drop for Solver<'_> {
    /// The header lives in registers during a call and goes back to the block here.
    fn drop(&mut self) {
        self.h.store(self.head);
    }
}

impl<'a> Solver<'a> {
    /// Builds an empty solver in `words`. Only the first `required_words` words are used.
    pub fn init(words: &'a mut [u32], dims: Dims) -> Result<Solver<'a>, Error> {
        // Zero everything once, so the block (and any image of it) holds no stale bytes.
        crate::block::zero(words, dims.layout().map(|l| l.total));
        Solver::init_zeroed(words, dims)
    }

    /// [`Solver::init`] for a block that is all zero already (fresh from a zeroing
    /// allocator): writes only the header, the column lists and the column headers,
    /// so the pages of a huge capacity stay untouched until rows arrive. On a block
    /// that is not zero the solver works all the same, but its unused words keep
    /// their old bytes (and so does an image of it).
    pub fn init_zeroed(words: &'a mut [u32], dims: Dims) -> Result<Solver<'a>, Error> {
        let layout = dims.layout().ok_or(Error::Arg)?;
        if words.len() < layout.total {
            return Err(Error::TooSmall);
        }
        let mut s = Solver::carve(words, Header::new(dims, layout.total as u64), layout);
        s.clear();
        Ok(s)
    }

    /// Reopens a solver made by [`Solver::init`]; checks the header only.
    pub fn open(words: &'a mut [u32]) -> Result<Solver<'a>, Error> {
        let h = Header::load(words).ok_or(Error::Corrupt)?;
        let layout = h.dims.layout().ok_or(Error::Corrupt)?;
        if h.words != layout.total as u64 || words.len() < layout.total || !counts_fit(&h) {
            return Err(Error::Corrupt);
        }
        Ok(Solver::carve(words, h, layout))
    }

    /// Reads the header of a solver without borrowing it mutably.
    pub fn peek(words: &[u32]) -> Result<Header, Error> {
        Header::load(words).ok_or(Error::Corrupt)
    }

    fn carve(words: &'a mut [u32], h: Header, l: Layout) -> Solver<'a> {
        let [head, items, nodes, row_start, sol, stack] =
            crate::block::regions(words, [l.items, l.nodes, l.rows, l.sol, l.stack, l.total]);
        Solver {
            h,
            head,
            links: Links::new(items, nodes),
            row_start,
            sol,
            stack,
            call: CallState::starting_at(h.updates),
        }
    }

    /// Copies the block (with the header as it stands) into `out`, which must be at
    /// least as long; a solver of the same problem and state can then be opened on
    /// `out`. Returns the number of words written.
    pub fn copy_to(&self, out: &mut [u32]) -> Option<usize> {
        let total = self.h.dims.layout()?.total;
        let out = out.get_mut(..total)?;
        let [items, nodes] = self.links.words();
        let parts = [
            &*self.head,
            items,
            nodes,
            self.row_start,
            self.sol,
            self.stack,
        ];
        crate::block::concat(out, &parts)?;
        self.h.store(out);
        Some(total)
    }

    /// The dimensions the solver was made with.
    pub fn dims(&self) -> Dims {
        self.h.dims
    }

    /// Rows added so far.
    pub fn rows(&self) -> u32 {
        self.h.rows
    }

    /// Where the search stands.
    pub fn phase(&self) -> Phase {
        self.h.phase
    }

    /// Marks the block as allocated by the library (so `dlx_free` may release it).
    pub fn set_heap(&mut self, on: bool) {
        self.h.set(FLAG_HEAP, on);
    }

    fn columns(&self) -> u32 {
        self.h.dims.primary + self.h.dims.secondary
    }

    /// The first spacer; row `r` starts right after the spacer that follows row `r - 1`.
    fn first_spacer(&self) -> u32 {
        self.columns() + 1
    }

    // ------------------------------------------------------------------ building

    /// Drops every row and forced row and resets the search and its figures.
    /// The dimensions, the seed and the memory stay.
    pub fn clear(&mut self) {
        self.links.clear(self.h.dims.primary, self.columns());
        let seed = self.h.seed;
        let heap = self.h.has(FLAG_HEAP);
        self.h = Header::new(self.h.dims, self.h.words);
        self.h.seed = seed;
        self.h.set(FLAG_HEAP, heap);
    }

    /// Adds a row over `cols` (0-based, any order) and returns its id.
    pub fn add_row(&mut self, cols: &[u32]) -> Result<u32, Error> {
        if self.h.phase.searching() {
            return Err(Error::State);
        }
        if cols.is_empty() {
            return Err(Error::EmptyRow);
        }
        let ncols = self.columns();
        if cols.iter().any(|&c| c >= ncols) {
            return Err(Error::Column);
        }
        // Quadratic, but rows are short and it needs no scratch memory.
        for (i, &c) in cols.iter().enumerate() {
            if cols[i + 1..].contains(&c) {
                return Err(Error::Duplicate);
            }
        }
        if self.h.rows >= self.h.dims.max_rows
            || cols.len() as u64 + u64::from(self.h.entries) > u64::from(self.h.dims.max_entries)
        {
            return Err(Error::Capacity);
        }

        // The new row's nodes must be linked into complete column lists.
        let forced = self.uncover_forced();
        let row = self.h.rows;
        let before = self.first_spacer() + row + self.h.entries;
        self.row_start[row as usize] = self.links.push_row(before, cols, row);
        self.h.rows += 1;
        self.h.entries += cols.len() as u32;
        self.cover_forced(forced);
        self.h.phase = Phase::Fresh;
        self.h.set(FLAG_HAS_SOLUTION, false);
        Ok(row)
    }

    /// Forces `row` into every solution (a given). It must share no column with an
    /// earlier forced row and must have a primary column.
    pub fn select_row(&mut self, row: u32) -> Result<(), Error> {
        if self.h.phase.searching() {
            return Err(Error::State);
        }
        if row >= self.h.rows {
            return Err(Error::Arg);
        }
        let first = self.row_start[row as usize];
        match self.links.can_force(first, self.h.dims.primary) {
            None => return Err(Error::Conflict),
            Some(false) => return Err(Error::Arg),
            Some(true) => {}
        }
        // A sound block has a free slot: every forced row covered a primary column
        // that this row's is not.
        let Some(slot) = self.sol.get_mut(self.h.forced as usize) else {
            return Err(Error::Corrupt);
        };
        *slot = row;
        // (Counted in the figures until the next search starts, as it always was.)
        let updates = self.links.cover_row(first);
        self.h.updates = self.h.updates.saturating_add(updates);
        self.h.forced += 1;
        self.h.phase = Phase::Fresh;
        self.h.set(FLAG_HAS_SOLUTION, false);
        Ok(())
    }

    /// Drops every forced row.
    pub fn unselect_all(&mut self) -> Result<(), Error> {
        if self.h.phase.searching() {
            return Err(Error::State);
        }
        self.uncover_forced();
        self.h.forced = 0;
        self.h.phase = Phase::Fresh;
        self.h.set(FLAG_HAS_SOLUTION, false);
        Ok(())
    }

    /// Uncovers the forced rows, newest first; returns how many to cover again.
    fn uncover_forced(&mut self) -> u32 {
        let n = self.h.forced;
        for i in (0..n).rev() {
            if let Some(x) = self.forced_start(i) {
                self.links.uncover_row(x);
            }
        }
        n
    }

    /// Covers the first `n` forced rows again. Forced rows are part of the problem,
    /// not of the search, so their updates are not counted.
    fn cover_forced(&mut self, n: u32) {
        for i in 0..n {
            if let Some(x) = self.forced_start(i) {
                self.links.cover_row(x);
            }
        }
    }

    /// The first node of the `i`-th forced row (`None` only on a damaged block).
    fn forced_start(&self, i: u32) -> Option<u32> {
        let row = *self.sol.get(i as usize)?;
        self.row_start.get(row as usize).copied()
    }

    /// The forced rows, in selection order.
    pub fn forced_rows(&self) -> &[u32] {
        &self.sol[..self.h.forced as usize]
    }

    /// Sets the seed for the next search: 0 keeps rows in the order added and breaks
    /// ties by the first column; anything else randomises both, reproducibly.
    pub fn set_seed(&mut self, seed: u64) -> Result<(), Error> {
        if self.h.phase.searching() {
            return Err(Error::State);
        }
        self.h.seed = seed;
        Ok(())
    }

    // ------------------------------------------------------------------ searching

    /// Puts every column list back in row order, or in a random row order when a
    /// seed is set. Only forced rows may be covered when this runs.
    fn relink(&mut self) {
        let forced = self.uncover_forced();
        let rows = self.h.rows as usize;
        let random = self.h.seed != 0;
        if random {
            // Shuffle the row order, link in that order, then restore `row_start`
            // from the spacers (which stay in row order in memory).
            for i in (1..rows).rev() {
                let j = rng::below(&mut self.h.rng, i as u32 + 1) as usize;
                self.row_start.swap(i, j);
            }
        }
        self.links.relink(self.columns(), &self.row_start[..rows]);
        if random {
            let first = self.first_spacer();
            self.links.row_starts(first, &mut self.row_start[..rows]);
        }
        self.h.set(FLAG_SHUFFLED, random);
        self.cover_forced(forced);
    }

    /// Starts a fresh search (figures from zero; with a seed or after one, the rows
    /// are shuffled or put back in order). Only forced rows may be covered.
    fn start_search(&mut self) {
        self.h.rng = self.h.seed;
        if self.h.seed != 0 || self.h.has(FLAG_SHUFFLED) {
            self.relink();
        }
        self.h.restart();
        self.h.phase = Phase::Start;
        self.call = CallState::starting_at(self.h.updates);
    }

    /// Abandons any search under way and starts a fresh one, as the first
    /// [`Solver::next`] after [`Solver::reset`] would.
    pub(super) fn restart(&mut self) {
        self.reset();
        self.start_search();
    }

    /// Runs the search loop with `hooks` (see [`search::run`]) on the search under
    /// way ([`Stop::Exhausted`] when none is), for at least `budget` updates (0 = no
    /// limit). The last solution is forgotten.
    ///
    /// The loop runs bounds-checked until this solver has spent
    /// [`Solver::checked_stretch`] updates since it was opened (or since its last
    /// validation, or the start of a fresh search); a call still going then validates
    /// the block (the caller may have written into it since the last call, or from a
    /// callback) and, when it is sound, goes on without checks ([`Access::Validated`],
    /// 10-25% faster). A damaged block gives [`Error::Corrupt`] there, so that no
    /// call runs on for ever on scribbled links, with or without a budget: a checked
    /// stretch ends within its updates or its steps back without one ([`Idle`]). The
    /// loop resumes exactly where a budget stopped it, so the results are those of
    /// one run. `validate_now` skips the checked stretch: for a call known to be
    /// long, one validation costs less than a stretch.
    pub(super) fn search<H: Hooks>(
        &mut self,
        budget: u64,
        hooks: &mut H,
        validate_now: bool,
    ) -> Result<Stop, Error> {
        self.h.set(FLAG_HAS_SOLUTION, false);
        if self.h.updates < self.call.checked_from {
            // Figures lower than at the start of the stretch: written from outside
            // (a callback between the searches of one call; a fresh search resets
            // the state in `start_search`). The stretch starts again from them.
            self.call = CallState::starting_at(self.h.updates);
        }
        let spent = self.h.updates - self.call.checked_from;
        let allowance = if validate_now {
            0
        } else {
            self.checked_stretch().saturating_sub(spent)
        };
        let (h, links, stack) = (&mut self.h, &mut self.links, &mut *self.stack);
        let idle = &mut self.call.idle;
        if budget != 0 && budget <= allowance {
            return Ok(search::run(
                h,
                links,
                stack,
                budget,
                hooks,
                idle,
                Access::Checked,
            ));
        }
        let mut rest = budget;
        if allowance != 0 {
            let start = h.updates;
            let stop = search::run(h, links, stack, allowance, hooks, idle, Access::Checked);
            if stop != Stop::BudgetSpent {
                return Ok(stop);
            }
            let spent = h.updates.wrapping_sub(start);
            if budget != 0 {
                if spent >= budget {
                    return Ok(Stop::BudgetSpent);
                }
                rest = budget - spent;
            }
        }
        let rows = self.validate_rows()?;
        self.call = CallState::starting_at(self.h.updates);
        Ok(search::run(
            &mut self.h,
            &mut self.links,
            self.stack,
            rest,
            hooks,
            &mut self.call.idle,
            Access::Validated(rows),
        ))
    }

    /// Updates a call runs checked before it validates the block: validation is
    /// linear in the nodes in use (plus a column choice per level, no more than the
    /// search spent reaching that level), so a stretch of [`CHECKED_STRETCH`] times
    /// the nodes keeps its cost to a few percent of the call, and short calls (a
    /// Sudoku check, a small budget) never pay it.
    fn checked_stretch(&self) -> u64 {
        let nodes = u64::from(self.first_spacer()) + u64::from(self.h.rows);
        CHECKED_STRETCH.saturating_mul(nodes + u64::from(self.h.entries))
    }

    /// The nodes of row `row` (which must exist), each with its column header
    /// (`1..=primary` for the primary columns).
    pub(super) fn row_nodes(&self, row: u32) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.links.view().row_nodes(self.row_start[row as usize])
    }

    /// The row ids of the search's rows at levels `0..n` (the path to the current
    /// node), outermost first.
    pub(super) fn path_rows(&self, n: u32) -> impl Iterator<Item = u32> + '_ {
        let view = self.links.view();
        self.stack[..n as usize]
            .iter()
            .map(move |&x| view.row_of(x))
    }

    /// Writes the row ids of levels `0..n` after the forced rows in the solution
    /// region; returns them.
    pub(super) fn write_path(&mut self, n: u32) -> &[u32] {
        let forced = self.h.forced as usize;
        let view = self.links.view();
        // (Always in the region but on a damaged block, where the path is dropped.)
        let out = self
            .sol
            .get_mut(forced..forced + n as usize)
            .unwrap_or_default();
        for (slot, &x) in out.iter_mut().zip(self.stack.iter()) {
            *slot = view.row_of(x);
        }
        out
    }

    /// The rows written by the last [`Solver::write_path`] of `n` rows.
    pub(super) fn written_path(&self, n: u32) -> &[u32] {
        let forced = self.h.forced as usize;
        self.sol.get(forced..forced + n as usize).unwrap_or(&[])
    }

    /// The nodes of the search's chosen rows, one per level, for the phase as it
    /// stands (the `Advance` level's current row included), outermost first.
    fn path_nodes(&self) -> &[u32] {
        let levels = match self.h.phase {
            Phase::Fresh | Phase::Start | Phase::Done => 0,
            Phase::Forward => self.h.level,
            Phase::Advance | Phase::Recover => self.h.level + 1,
        };
        self.stack.get(..levels as usize).unwrap_or(&[])
    }

    /// Goes on with the search until a solution, the end, or until at least `budget`
    /// link updates were spent by this call (0 = no limit). [`Error::Corrupt`]: the
    /// block was found damaged (see `Solver::search`).
    pub fn next(&mut self, budget: u64) -> Result<Step, Error> {
        if self.h.phase == Phase::Fresh {
            self.start_search();
        }
        Ok(match self.search(budget, &mut Plain, false)? {
            Stop::Solution(depth) => {
                let n = self.write_path(depth).len() as u32;
                self.h.sol_len = self.h.forced + n;
                self.h.set(FLAG_HAS_SOLUTION, true);
                Step::Solution
            }
            Stop::BudgetSpent => Step::BudgetSpent,
            // (`Plain` makes no leaves.)
            Stop::Leaf(_) | Stop::Exhausted => Step::Exhausted,
        })
    }

    /// Abandons the search under way; rows, forced rows and figures stay.
    pub fn reset(&mut self) {
        search::unwind(&mut self.h, &mut self.links, self.stack);
        self.h.set(FLAG_HAS_SOLUTION, false);
    }

    /// Counts solutions from a fresh search, stopping at `limit` (0 = no limit),
    /// and leaves the solver reset. [`Error::Corrupt`]: the block was found damaged
    /// (see `Solver::search`).
    pub fn count(&mut self, limit: u64) -> Result<u64, Error> {
        self.count_from_start(limit, false)
    }

    /// [`Solver::count`] that validates the block before it searches instead of
    /// after a checked stretch: for counts known to be long against the block's
    /// size (the sub-problems of a parallel count), where the stretch, run with
    /// bounds checks, costs more than one validation.
    pub(crate) fn count_validated(&mut self, limit: u64) -> Result<u64, Error> {
        self.count_from_start(limit, true)
    }

    fn count_from_start(&mut self, limit: u64, validate_now: bool) -> Result<u64, Error> {
        self.reset();
        // One pass of the search loop counts every solution up to the limit.
        let stop_at = if limit == 0 { u64::MAX } else { limit };
        self.start_search();
        let stop = self.search(0, &mut Until(stop_at), validate_now);
        let n = self.h.solutions;
        self.reset();
        stop.map(|_| n)
    }

    /// The last solution as row ids (forced rows first), if the last call found one.
    pub fn solution(&self) -> Option<&[u32]> {
        self.h
            .has(FLAG_HAS_SOLUTION)
            .then(|| &self.sol[..self.h.sol_len as usize])
    }

    /// Figures of the current or last search.
    pub fn stats(&self) -> Stats {
        stats_of(&self.h)
    }

    /// Knuth's estimate of the fraction of the search tree already explored: with
    /// `k_l` the rows of level `l`'s column already finished and `d_l` the column's
    /// length, the sum over the levels of `k_l / (d_0 d_1 ... d_l)`. 0 before a
    /// search, growing monotonically, 1 once the search is finished.
    pub fn progress(&self) -> f64 {
        match self.h.phase {
            Phase::Fresh | Phase::Start => 0.0,
            Phase::Done => 1.0,
            _ => super::progress::estimate(
                self.links.view(),
                self.columns(),
                self.path_nodes(),
                self.h.entries,
            ),
        }
    }
}

/// The statistics stored in a header.
pub fn stats_of(h: &Header) -> Stats {
    Stats {
        nodes: h.nodes,
        updates: h.updates,
        solutions: h.solutions,
        depth: h.phase.depth(h.level),
        max_depth: h.max_depth,
    }
}

/// Where the last solution lies in a block (word offset and length), if there is one.
pub fn solution_words(h: &Header) -> Option<(usize, usize)> {
    let layout = h.dims.layout()?;
    (h.has(FLAG_HAS_SOLUTION) && h.sol_len <= h.dims.primary)
        .then_some((layout.sol, h.sol_len as usize))
}

/// The header's counts fit the block's regions (rows, entries, forced rows, the
/// solution, the depth and the level), so that no region is indexed past its end.
/// `open` checks it for every call on a caller's block, `validate` for images.
pub(super) fn counts_fit(h: &Header) -> bool {
    let p = h.dims.primary;
    h.rows <= h.dims.max_rows
        && h.entries <= h.dims.max_entries
        && h.forced <= p
        && h.sol_len <= p
        && h.max_depth <= p
        && h.phase.level_fits(h.level, p)
}
