//! Splitting a search into independent sub-problems: the search tree's nodes at a
//! given depth, as row prefixes.
//!
//! Every solution lies below exactly one node at depth `d` (or is found above it),
//! and the solutions below a node are exactly the solutions that contain its rows.
//! So selecting a prefix's rows (as forced rows) in a fresh solver of the same
//! problem gives that node's sub-problem, and the sub-problems' counts plus the
//! shallow solutions add up to the full count.

use super::header::{Header, Phase, FLAG_HAS_SOLUTION};
use super::solver::{Solver, DOWN, RIGHT, ROOT};

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

impl Solver<'_> {
    /// Starts a split: abandons any search under way and starts a fresh one (figures
    /// from zero; with a seed, the rows are shuffled as for [`Solver::next`]).
    pub fn split_start(&mut self) {
        self.reset();
        self.start_search();
    }

    /// Goes on with the split started by [`Solver::split_start`] until the next node
    /// at `depth` or the next shallower solution; `None` when the tree is finished.
    /// The prefix's rows (the search's rows, forced rows not included) are at
    /// [`Solver::prefix`] until the next call. Call with the same `depth` throughout.
    pub fn split_next(&mut self, depth: u32) -> Option<Prefix> {
        self.h.set(FLAG_HAS_SOLUTION, false);
        loop {
            match self.h.phase {
                Phase::Fresh | Phase::Done => return None,
                Phase::Start => {
                    self.h.phase = Phase::Done;
                    if self.items[ROOT as usize][RIGHT] == ROOT {
                        self.h.nodes += 1;
                        self.h.solutions += 1;
                        return Some(Prefix::Solution(0));
                    }
                    if depth == 0 {
                        return Some(Prefix::Node(0));
                    }
                    self.h.phase = Phase::Forward;
                }
                Phase::Forward => {
                    self.h.nodes += 1;
                    let best = self.choose_column();
                    self.cover(best);
                    self.stack[self.h.level as usize] = self.nodes[best as usize][DOWN];
                    self.h.phase = Phase::Advance;
                }
                Phase::Advance => {
                    let level = self.h.level;
                    let cur = self.stack[level as usize];
                    if cur <= self.columns() {
                        self.uncover(cur);
                        if level == 0 {
                            self.h.phase = Phase::Done;
                            return None;
                        }
                        self.h.level = level - 1;
                        self.h.phase = Phase::Recover;
                        continue;
                    }
                    self.cover_rest(cur);
                    let n = level + 1;
                    if n > self.h.max_depth {
                        self.h.max_depth = n;
                    }
                    let solved = self.items[ROOT as usize][RIGHT] == ROOT;
                    if solved || n >= depth {
                        let forced = self.h.forced as usize;
                        for i in 0..n as usize {
                            self.sol[forced + i] = self.row_of(self.stack[i]);
                        }
                        self.h.phase = Phase::Recover;
                        if solved {
                            self.h.nodes += 1;
                            self.h.solutions += 1;
                            return Some(Prefix::Solution(n));
                        }
                        return Some(Prefix::Node(n));
                    }
                    self.h.level = n;
                    self.h.phase = Phase::Forward;
                }
                Phase::Recover => {
                    let cur = self.stack[self.h.level as usize];
                    self.uncover_rest(cur);
                    self.stack[self.h.level as usize] = self.nodes[cur as usize][DOWN];
                    self.h.phase = Phase::Advance;
                }
            }
        }
    }

    /// The rows of the prefix `p` just returned by [`Solver::split_next`].
    pub fn prefix(&self, p: Prefix) -> &[u32] {
        let forced = self.h.forced as usize;
        self.sol
            .get(forced..forced + p.len() as usize)
            .unwrap_or(&[])
    }

    /// Reports every node at `depth` and every shallower solution to `f(rows,
    /// is_solution)` until `f` returns true (stop). Returns the number of reports and
    /// whether `f` stopped the split; leaves the solver reset.
    pub fn split(&mut self, depth: u32, mut f: impl FnMut(&[u32], bool) -> bool) -> (u64, bool) {
        self.split_start();
        let mut reports = 0u64;
        let mut stopped = false;
        while let Some(p) = self.split_next(depth) {
            reports += 1;
            if f(self.prefix(p), matches!(p, Prefix::Solution(_))) {
                stopped = true;
                break;
            }
        }
        self.reset();
        (reports, stopped)
    }

    /// Copies the block (with the header as it stands) into `out`, which must be at
    /// least as long; a solver of the same problem and state can then be opened on
    /// `out`. Returns the number of words written.
    pub fn copy_to(&self, out: &mut [u32]) -> Option<usize> {
        let total = self.h.dims.layout()?.total;
        let out = out.get_mut(..total)?;
        let mut at = 0;
        let mut put = |src: &[u32]| {
            out[at..at + src.len()].copy_from_slice(src);
            at += src.len();
        };
        put(self.head);
        put(self.items.as_flattened());
        put(self.nodes.as_flattened());
        put(self.row_start);
        put(self.sol);
        put(self.stack);
        self.h.store(out);
        Some(total)
    }
}
