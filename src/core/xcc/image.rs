//! Images of a solver with colours, adopted again by [`XSolver::attach`].
//!
//! Nothing in an image is trusted, and nothing is written until all of it has been
//! checked. The checks read the static structure (header, spacers, row starts, the
//! column and the colour of every node as added, the link order of the rows) and the
//! search's choices (forced rows, then one row per level, all pairwise compatible:
//! shared columns only where both give the same colour to a secondary column).
//! From these alone the whole dynamic state follows, so `attach` then rebuilds every
//! link, length and colour mark by replaying the choices: a genuine image comes out
//! word for word the same, and a damaged link cannot survive. The checks are linear
//! in the image except the compatibility of the chosen rows (quadratic in their total
//! length) and the duplicate test inside each row (quadratic in its length).

use super::super::header::Phase;
use super::super::links::link_column_lists;
use super::super::solver::image_checksum;
use super::super::solver::Error;
use super::super::solver::{draws_possible, nodes_possible, MOST_STEPS};
use super::search::{fuel_for, Tally};
use super::{
    is_spacer, XSolver, DOWN, FLAG_FOLDED, FLAG_HAS_SOLUTION, FLAG_HEAP, PURIFIED, TOP, UP,
};
use crate::block;
use crate::rng;

pub(super) type Checked<T> = Result<T, Error>;

/// Whether [`XSolver::adopt_state`] checks the figures. An image's must be ones its
/// search could have counted; a live block's may be a subtree's
/// (`count_below_path` counts from the node it replays) and are only counters that
/// nothing indexes by, so the validation of a live block leaves them.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Figures {
    Checked,
    Unchecked,
}

/// `Ok` when `b` holds, else [`Error::Corrupt`]: every check of an image.
pub(super) fn ok(b: bool) -> Checked<()> {
    b.then_some(()).ok_or(Error::Corrupt)
}

impl<'a> XSolver<'a> {
    /// Makes the block an image that [`XSolver::attach`] accepts, until the next
    /// change (as `dlx_image` does): a solver with bounds is folded (see `fold.rs`),
    /// then the checksum is written. The view is used up: the next
    /// [`XSolver::open`] of the block unfolds it.
    pub fn seal(mut self) {
        self.seal_view();
    }

    /// [`XSolver::seal`] for a view dropped right after (the C call's).
    pub(crate) fn seal_view(&mut self) {
        self.fold();
        self.h.store(self.head);
        let sum = image_checksum(self.regions().into_iter().flatten());
        self.head[block::W_CHECKSUM] = sum;
    }

    /// Adopts the image in `words` after validating it (see the module comment); the
    /// busy mark and the heap flag are cleared. [`Error::Corrupt`] leaves the words
    /// as they were.
    pub fn attach(words: &'a mut [u32]) -> Result<XSolver<'a>, Error> {
        ok((words.len() as u64) >= super::X_HEADER_WORDS && !block::is_poisoned(words))?;
        ok(words[super::X_RESERVED].iter().all(|&w| w == 0))?;
        // The checksum `dlx_image` wrote (see `core::image_checksum`).
        let total = super::xblock_words(words).ok_or(Error::Corrupt)?;
        ok(super::super::solver::checksum_matches(words, total))?;
        let mut s = XSolver::open_folded(words)?;
        s.adopt_state(Figures::Checked)?;
        block::set_busy(s.head, false);
        s.set_heap(false);
        Ok(s)
    }

    /// Checks the header, the rows and the search's choices of an image (a block
    /// with bounds folded, one without as `dlx_image` left it) and rebuilds every
    /// derived word from them: everything [`XSolver::attach`] checks but the prefix
    /// and the checksum, the figures only with [`Figures::Checked`].
    /// [`Error::Corrupt`] leaves the words as they were.
    pub(super) fn adopt_state(&mut self, figures: Figures) -> Checked<()> {
        self.check_header()?;
        if figures == Figures::Checked {
            self.check_figures()?;
        }
        self.check_rows()?;
        self.check_order()?;
        self.check_seed()?;
        if self.h.dims.bounded == 0 {
            self.check_choices()?;
            self.rebuild();
        } else {
            self.check_folded()?;
            self.unfold()?;
        }
        Ok(())
    }

    fn check_header(&self) -> Checked<()> {
        let h = &self.h;
        let p = h.dims.primary;
        // With bounds, forced rows are at most the rows, and levels take rows and
        // null moves (`check_folded` checks the level); a block with bounds is
        // folded for its image, one without never.
        let (most_forced, deepest, folded) = if h.dims.bounded == 0 {
            (p, p, 0)
        } else {
            (h.rows, self.stack.len() as u32, FLAG_FOLDED)
        };
        ok(h.flags & !(FLAG_HEAP | FLAG_HAS_SOLUTION | folded) == 0
            && h.rows <= h.dims.max_rows
            && h.entries <= h.dims.max_entries
            && h.forced <= most_forced
            && h.sol_len <= deepest
            && h.max_depth <= deepest
            && (h.dims.bounded != 0 || h.phase.level_fits(h.level, p))
            && self.sol[..h.forced as usize].iter().all(|&r| r < h.rows)
            && (!h.has(FLAG_HAS_SOLUTION)
                || (h.sol_len >= h.forced
                    && self.sol[..h.sol_len as usize].iter().all(|&r| r < h.rows))))
    }

    /// The figures could have been counted by a search (as for a solver without
    /// colours: every level on the way to the deepest and every solution is a node; a
    /// search under way has chosen a column and been as deep as it is now; `Start`
    /// holds the zeros it was entered with).
    fn check_figures(&self) -> Checked<()> {
        let h = &self.h;
        let max_depth = u64::from(h.max_depth);
        let depth = match h.phase {
            Phase::Fresh | Phase::Start | Phase::Done => 0,
            Phase::Forward | Phase::Advance => u64::from(h.level),
            Phase::Recover => u64::from(h.level) + 1,
        };
        let null_moves = if h.dims.bounded == 0 {
            0
        } else {
            h.dims.primary
        };
        ok(h.solutions
            .checked_add(max_depth)
            .is_some_and(|n| n <= h.nodes)
            && nodes_possible(h.nodes, h.rows, null_moves)
            && h.updates <= MOST_STEPS
            && h.own.cleansings <= MOST_STEPS
            && match h.phase {
                Phase::Fresh | Phase::Done => true,
                Phase::Start => h.nodes == 0 && h.updates == 0 && h.max_depth == 0,
                Phase::Forward | Phase::Advance | Phase::Recover => {
                    h.nodes >= 1 && max_depth >= depth
                }
            })
    }

    /// A solution is shown only right after the search found one: in `Recover`, the
    /// forced rows and then the rows of the level stack; in `Done`, the forced rows
    /// alone, when they cover every primary column. `primaries` counts the primary
    /// columns the chosen rows cover (they are pairwise compatible, so none twice).
    fn check_solution(&self, primaries: u64) -> Checked<()> {
        let h = &self.h;
        if !h.has(FLAG_HAS_SOLUTION) {
            return Ok(());
        }
        let forced = h.forced as usize;
        let search_rows = match h.phase {
            Phase::Recover => h.level as usize + 1,
            Phase::Done => 0,
            _ => return Err(Error::Corrupt),
        };
        ok(primaries == u64::from(h.dims.primary) && h.sol_len as usize == forced + search_rows)?;
        for i in 0..search_rows {
            ok(self.sol[forced + i] == self.row_of(self.chosen((forced + i) as u32)?))?;
        }
        Ok(())
    }

    /// Spacers, row starts, columns and colours of every row.
    fn check_rows(&self) -> Checked<()> {
        let cols = self.columns();
        let p = self.h.dims.primary;
        let mut spacer = self.first_spacer();
        let mut entries = 0u64;
        // Spacers carry no colour: a colour word there (the search skips purified
        // nodes) would let a row walk run past its spacer.
        ok(self.nodes[spacer as usize][TOP] == 0 && self.base[spacer as usize] == 0)?;
        for r in 0..self.h.rows {
            let first = spacer + 1;
            ok(self.row_start[r as usize] == first)?;
            let mut x = first;
            loop {
                let [_, _, c] = *self.nodes.get(x as usize).ok_or(Error::Corrupt)?;
                if is_spacer(c) {
                    break;
                }
                ok(c >= 1 && c <= cols)?;
                let k = self.base[x as usize];
                ok(k == 0 || (c > p && k <= self.h.dims.colors))?;
                // (Folded with bounds: zero, see `check_folded`.)
                let now = self.colour[x as usize];
                ok(now == k || (now == PURIFIED && k != 0) || self.h.dims.bounded != 0)?;
                // No column twice: rows are at most `cols` long once this holds.
                let mut y = first;
                while y < x {
                    ok(self.nodes[y as usize][TOP] != c)?;
                    y += 1;
                }
                x += 1;
            }
            ok(x > first && self.nodes[x as usize][TOP] == (r + 1).wrapping_neg())?;
            ok(self.base[x as usize] == 0)?;
            ok(self.nodes[x as usize][UP] == first && self.nodes[spacer as usize][DOWN] == x - 1)?;
            entries += u64::from(x - first);
            spacer = x;
        }
        ok(entries == u64::from(self.h.entries))
    }

    /// The link order is a permutation of the rows (checked with a mark bit in each
    /// entry, which is taken off again whatever the outcome).
    fn check_order(&mut self) -> Checked<()> {
        const MARK: u32 = 1 << 31;
        let rows = self.h.rows as usize;
        let order = &mut self.order[..rows];
        let mut good = order.iter().all(|&o| (o as usize) < rows);
        if good {
            for i in 0..rows {
                let o = (order[i] & !MARK) as usize;
                if order[o] & MARK != 0 {
                    good = false;
                    break;
                }
                order[o] |= MARK;
            }
            for o in order.iter_mut() {
                *o &= !MARK;
            }
        }
        ok(good)
    }

    /// During a search the row order and the random state are those of the seed the
    /// search started with (`start_search`): without a seed, rows in the order they
    /// were added and the state 0; with one, the seed's shuffle of the rows, and the
    /// seed advanced by that shuffle's draws (one per row but the first) and by the
    /// column choices made since (fewer than `primary` per search-tree node). The
    /// shuffle is undone in place, draw by draw from the last, and then redone, so
    /// the order is left as it was.
    fn check_seed(&mut self) -> Checked<()> {
        let h = self.h;
        if !h.phase.searching() {
            return Ok(());
        }
        let rows = h.rows as usize;
        if h.seed == 0 {
            return ok(!self.shuffled() && h.rng == 0);
        }
        // Swap `i` of the shuffle uses draw `rows - 1 - i`.
        let swap_of = |i: usize| {
            let mut state = rng::after(h.seed, (rows - 1 - i) as u64);
            rng::below(&mut state, i as u32 + 1) as usize
        };
        for i in 1..rows {
            self.order.swap(i, swap_of(i));
        }
        let undone = !self.shuffled();
        for i in (1..rows).rev() {
            self.order.swap(i, swap_of(i));
        }
        ok(undone && draws_possible(h.seed, h.rng, h.rows, h.nodes, h.dims.primary))
    }

    /// How many levels hold a chosen row, and the column being tried (Advance).
    fn levels(&self) -> (u32, Option<u32>) {
        let level = self.h.level;
        match self.h.phase {
            Phase::Fresh | Phase::Start | Phase::Done => (0, None),
            Phase::Forward => (level, None),
            Phase::Advance => (level, Some(self.stack[level as usize])),
            Phase::Recover => (level + 1, None),
        }
    }

    /// The first node of the `i`-th chosen row (forced rows, then levels).
    fn chosen(&self, i: u32) -> Checked<u32> {
        let forced = self.h.forced;
        if i < forced {
            return self
                .primary_node(self.sol[i as usize])
                .ok_or(Error::Corrupt);
        }
        let x = self.stack[(i - forced) as usize];
        let end = self.first_spacer() + self.h.rows + self.h.entries;
        ok(x > self.first_spacer() && x < end)?;
        let c = self.nodes[x as usize][TOP];
        ok(!is_spacer(c) && c <= self.h.dims.primary)?;
        Ok(x)
    }

    /// The nodes of the row of `x`, first to last.
    fn row_nodes(&self, x: u32) -> (u32, u32) {
        let mut a = x;
        while !is_spacer(self.nodes[(a - 1) as usize][TOP]) {
            a -= 1;
        }
        let mut b = x;
        while !is_spacer(self.nodes[b as usize][TOP]) {
            b += 1;
        }
        (a, b)
    }

    /// The chosen rows are pairwise compatible, the column being tried is free, and
    /// a search that still has to choose a column has one to choose.
    fn check_choices(&self) -> Checked<()> {
        let (levels, trying) = self.levels();
        let n = self.h.forced + levels;
        let mut primaries = 0u64;
        for i in 0..n {
            let (a0, a1) = self.row_nodes(self.chosen(i)?);
            for j in 0..i {
                let (b0, b1) = self.row_nodes(self.chosen(j)?);
                for x in a0..a1 {
                    for y in b0..b1 {
                        let [_, _, c] = self.nodes[x as usize];
                        if self.nodes[y as usize][TOP] == c {
                            let k = self.base[x as usize];
                            ok(k != 0 && self.base[y as usize] == k)?;
                        }
                    }
                }
            }
            primaries += (a0..a1)
                .filter(|&x| self.nodes[x as usize][TOP] <= self.h.dims.primary)
                .count() as u64;
        }
        if let Some(c) = trying {
            let end = self.first_spacer() + self.h.rows + self.h.entries;
            let p = self.h.dims.primary;
            let head = c >= 1 && c <= p;
            let entry = c > self.first_spacer()
                && c < end
                && !is_spacer(self.nodes[c as usize][TOP])
                && self.nodes[c as usize][TOP] <= p;
            ok(head || entry)?;
            let col = self.column_of(c);
            for i in 0..n {
                let (a0, a1) = self.row_nodes(self.chosen(i)?);
                ok((a0..a1).all(|x| self.nodes[x as usize][TOP] != col))?;
            }
            if c > self.columns() {
                // A row still to try: compatible with every chosen row.
                let (a0, a1) = self.row_nodes(c);
                for j in 0..n {
                    let (b0, b1) = self.row_nodes(self.chosen(j)?);
                    for x in a0..a1 {
                        for y in b0..b1 {
                            if self.nodes[y as usize][TOP] == self.nodes[x as usize][TOP] {
                                let k = self.base[x as usize];
                                ok(k != 0 && self.base[y as usize] == k)?;
                            }
                        }
                    }
                }
            }
        }
        if self.h.phase == Phase::Forward {
            ok(primaries < u64::from(self.h.dims.primary))?;
        }
        self.check_solution(primaries)
    }

    /// Rebuilds every link, length and colour mark from the checked choices.
    fn rebuild(&mut self) {
        // Every row and every spacer, the last one too.
        let end = (self.first_spacer() + self.h.rows + self.h.entries + 1) as usize;
        let first = self.first_spacer() as usize;
        self.colour[first..end].copy_from_slice(&self.base[first..end]);
        let h = self.h;
        // Column lists as `clear` leaves them, then the rows in their link order.
        let c = self.columns();
        link_column_lists(self.items, h.dims.primary, c);
        for i in 1..=c {
            self.nodes[i as usize] = [i, i, 0];
        }
        for i in 0..h.rows as usize {
            let mut x = self.row_start[self.order[i] as usize];
            while !is_spacer(self.nodes[x as usize][TOP]) {
                self.append(x);
                x += 1;
            }
        }
        self.cover_forced(h.forced);
        let (levels, trying) = self.levels();
        let mut t = Tally::default();
        for l in 0..levels {
            let x = self.stack[l as usize];
            let mut k = self.links();
            let col = k.nodes[x as usize][TOP];
            k.cover(col, &mut t, &mut fuel_for(k.nodes));
            k.commit_rest(x, &mut t);
        }
        if let Some(x) = trying {
            let col = self.column_of(x);
            let mut k = self.links();
            k.cover(col, &mut t, &mut fuel_for(k.nodes));
        }
    }
}
