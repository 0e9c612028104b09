//! Splitting a search into independent sub-problems: the search tree's nodes at a
//! given depth, as row prefixes.
//!
//! Every solution lies below exactly one node at depth `d` (or is found above it),
//! and the solutions below a node are exactly the solutions that contain its rows.
//! So selecting a prefix's rows (as forced rows) in a fresh solver of the same
//! problem gives that node's sub-problem, and the sub-problems' counts plus the
//! shallow solutions add up to the full count.
//!
//! The split is the search loop with one hook: a level at the split depth is a leaf.

use super::header::Header;
use super::links::search::{Enter, Hooks, Stop};
use super::links::View;
use super::solver::Solver;
use crate::outcome::Error;

/// What [`Solver::split_next`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prefix {
    /// A node at the split depth: `n` rows (see [`prefix_words`]).
    Node(u32),
    /// A solution of `n` rows found at or above the split depth.
    Solution(u32),
}

impl Prefix {
    /// Rows in the prefix.
    pub fn len(self) -> u32 {
        match self {
            Prefix::Node(n) | Prefix::Solution(n) => n,
        }
    }

    /// True for the empty prefix (depth 0, or no primary column to cover).
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }
}

/// Where the rows of the last prefix lie in a block: word offset and length (the
/// search's rows only, after the forced rows).
pub fn prefix_words(h: &Header, n: u32) -> Option<(usize, usize)> {
    let layout = h.dims.layout()?;
    let end = u64::from(h.forced) + u64::from(n);
    (end <= u64::from(h.dims.primary)).then_some((layout.sol + h.forced as usize, n as usize))
}

/// The split's hook: a node at `depth` rows is a leaf; stop at every solution.
struct AtDepth(u32);

impl Hooks for AtDepth {
    #[inline(always)]
    fn enter(&mut self, _links: View<'_>, level: u32) -> Enter {
        if level >= self.0 {
            Enter::Leaf
        } else {
            Enter::Go
        }
    }
}

impl Solver<'_> {
    /// Starts a split: abandons any search under way and starts a fresh one (figures
    /// from zero; with a seed, the rows are shuffled as for [`Solver::next`]).
    pub fn split_start(&mut self) {
        self.restart();
    }

    /// Goes on with the split started by [`Solver::split_start`] until the next node
    /// at `depth` or the next shallower solution; `None` when the tree is finished.
    /// The prefix's rows (the search's rows, forced rows not included) are at
    /// [`Solver::prefix`] until the next call. Call with the same `depth` throughout.
    /// [`Error::Corrupt`]: the block was found damaged (see `Solver::search`).
    pub fn split_next(&mut self, depth: u32) -> Result<Option<Prefix>, Error> {
        // (Not started by `split_start`, or finished: `Exhausted`.)
        let prefix = match self.search(0, &mut AtDepth(depth), false)? {
            Stop::Solution(n) => Prefix::Solution(n),
            Stop::Leaf(n) => Prefix::Node(n),
            Stop::Exhausted | Stop::BudgetSpent => return Ok(None),
        };
        self.write_path(prefix.len());
        Ok(Some(prefix))
    }

    /// The rows of the prefix `p` just returned by [`Solver::split_next`].
    pub fn prefix(&self, p: Prefix) -> &[u32] {
        self.written_path(p.len())
    }

    /// Reports every node at `depth` and every shallower solution to `f(rows,
    /// is_solution)` until `f` returns true (stop). Returns the number of reports and
    /// whether `f` stopped the split; leaves the solver reset. [`Error::Corrupt`]:
    /// the block was found damaged.
    pub fn split(
        &mut self,
        depth: u32,
        f: impl FnMut(&[u32], bool) -> bool,
    ) -> Result<(u64, bool), Error> {
        self.split_start();
        let walked = self.split_each(depth, f);
        self.reset();
        walked
    }

    /// The reports of [`Solver::split`], from the split under way.
    fn split_each(
        &mut self,
        depth: u32,
        mut f: impl FnMut(&[u32], bool) -> bool,
    ) -> Result<(u64, bool), Error> {
        let mut reports = 0u64;
        while let Some(p) = self.split_next(depth)? {
            reports += 1;
            if f(self.prefix(p), matches!(p, Prefix::Solution(_))) {
                return Ok((reports, true));
            }
        }
        Ok((reports, false))
    }
}
