//! Images of a solver with colours, adopted again by [`XSolver::attach`].
//!
//! Nothing in an image is trusted, and nothing is written until its static part has
//! been checked: the header, the spacers, the row starts, the column and the colour
//! of every node as added, the link order of the rows and the seed. Everything else
//! (links, lengths, colour marks; with bounds also the bounds left and the level
//! records) follows from these and from the search's choices, and was zeroed when
//! the image was taken (`fold.rs`). `attach` rebuilds it by replaying the search
//! along its level stack, checking that every choice is the search's own, so a
//! genuine image comes out word for word the same and any other is refused and
//! left as it came. The checks are linear in the image except the duplicate test
//! inside each row (quadratic in its length); the replay costs about the work of the
//! search along its current path.

use super::super::header::Phase;
use super::super::solver::image_checksum;
use super::super::solver::Error;
use super::super::solver::{nodes_possible, shuffled_state, MOST_STEPS};
use super::{is_spacer, XSolver, DOWN, FLAG_FOLDED, FLAG_HAS_SOLUTION, FLAG_HEAP, TOP, UP};
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
    /// change (as `dlx_image` does): the block is folded (see `fold.rs`), then the
    /// checksum is written. The view is used up: the next
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

    /// Checks the header, the rows and the seed of an image (folded, as `dlx_image`
    /// leaves it) and rebuilds every derived word by replaying its search, checking
    /// each choice (see `fold.rs`): everything [`XSolver::attach`] checks but the
    /// prefix and the checksum, the figures only with [`Figures::Checked`].
    /// [`Error::Corrupt`] leaves the words as they were.
    pub(super) fn adopt_state(&mut self, figures: Figures) -> Checked<()> {
        self.check_header()?;
        if figures == Figures::Checked {
            self.check_figures()?;
        }
        self.check_rows()?;
        self.check_order()?;
        self.check_seed()?;
        self.check_folded()?;
        self.unfold()
    }

    fn check_header(&self) -> Checked<()> {
        let h = &self.h;
        let p = h.dims.primary;
        // With bounds, forced rows are at most the rows, and levels take rows and
        // null moves (`check_folded` checks the level).
        let (most_forced, deepest) = if h.dims.bounded == 0 {
            (p, p)
        } else {
            (h.rows, self.stack.len() as u32)
        };
        ok(
            h.flags & !(FLAG_HEAP | FLAG_HAS_SOLUTION | FLAG_FOLDED) == 0
                && h.rows <= h.dims.max_rows
                && h.entries <= h.dims.max_entries
                && h.forced <= most_forced
                && h.sol_len <= deepest
                && h.max_depth <= deepest
                && (h.dims.bounded != 0 || h.phase.level_fits(h.level, p))
                && self.sol[..h.forced as usize].iter().all(|&r| r < h.rows)
                && (!h.has(FLAG_HAS_SOLUTION)
                    || (h.sol_len >= h.forced
                        && self.sol[..h.sol_len as usize].iter().all(|&r| r < h.rows))),
        )
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
    /// seed advanced by that shuffle's draws (`shuffled_state`: the column choices
    /// draw along their paths from it and leave it as it is). The
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
        ok(undone && h.rng == shuffled_state(h.seed, h.rows))
    }
}
