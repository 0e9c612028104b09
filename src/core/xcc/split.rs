//! Splitting a search with colours into independent sub-problems, as the plain
//! solver's `split.rs` does: the search-tree nodes at a given depth, as row prefixes
//! (selecting a prefix's rows as forced rows gives the node's sub-problem). With
//! bounds (Algorithm M) a subtree also excludes the rows its levels tried before,
//! which forced rows cannot say: such a search splits into search paths instead
//! (the level stack above each node), which a copy replays.

use super::super::header::Phase;
use super::super::split::Prefix;
use super::mcc::{Halt, Reach};
use super::search::Tally;
use super::{XSolver, DOWN, FLAG_HAS_SOLUTION, RIGHT, ROOT};

impl XSolver<'_> {
    /// Starts a split: abandons any search under way and starts a fresh one.
    /// Algorithm C only (a solver with bounds splits into search paths instead:
    /// `each_path_m`).
    pub fn split_start(&mut self) {
        self.reset();
        if self.h.dims.bounded == 0 {
            self.start_search();
        }
    }

    /// Goes on with the split until the next node at `depth` or the next shallower
    /// solution; `None` when the tree is finished (at once with bounds). The prefix's
    /// rows are at [`XSolver::prefix`] until the next call.
    pub fn split_next(&mut self, depth: u32) -> Option<Prefix> {
        self.h.set(FLAG_HAS_SOLUTION, false);
        if self.h.dims.bounded != 0 {
            return None;
        }
        let random = self.h.seed != 0;
        let columns = self.columns();
        let mut t = Tally {
            updates: self.h.updates,
            cleansings: self.h.own.cleansings,
        };
        let found = loop {
            match self.h.phase {
                Phase::Fresh | Phase::Done => break None,
                Phase::Start => {
                    self.h.phase = Phase::Done;
                    if self.items[ROOT as usize][RIGHT] == ROOT {
                        self.h.nodes += 1;
                        self.h.solutions += 1;
                        break Some(Prefix::Solution(0));
                    }
                    if depth == 0 {
                        break Some(Prefix::Node(0));
                    }
                    self.h.phase = Phase::Forward;
                }
                Phase::Forward => {
                    self.h.nodes += 1;
                    let mut rng = self.h.rng;
                    let level = self.h.level as usize;
                    let mut l = self.links();
                    let best = l.choose(if random { Some(&mut rng) } else { None });
                    l.cover(best, &mut t);
                    let first = l.nodes[best as usize][DOWN];
                    self.stack[level] = first;
                    self.h.rng = rng;
                    self.h.phase = Phase::Advance;
                }
                Phase::Advance => {
                    let level = self.h.level;
                    let cur = self.stack[level as usize];
                    if cur <= columns {
                        self.links().uncover(cur);
                        if level == 0 {
                            self.h.phase = Phase::Done;
                            break None;
                        }
                        self.h.level = level - 1;
                        self.h.phase = Phase::Recover;
                        continue;
                    }
                    self.links().commit_rest(cur, &mut t);
                    let n = level + 1;
                    self.h.max_depth = self.h.max_depth.max(n);
                    let solved = self.items[ROOT as usize][RIGHT] == ROOT;
                    if solved || n >= depth {
                        let forced = self.h.forced as usize;
                        for i in 0..n as usize {
                            self.sol[forced + i] = self.row_of(self.stack[i]);
                        }
                        if solved {
                            self.h.phase = Phase::Recover;
                            self.h.nodes += 1;
                            self.h.solutions += 1;
                            break Some(Prefix::Solution(n));
                        }
                        // Left at once (its rows are in `sol`): the split stops only
                        // where a search passes, so an image between calls attaches.
                        self.next_row();
                        break Some(Prefix::Node(n));
                    }
                    self.h.level = n;
                    self.h.phase = Phase::Forward;
                }
                Phase::Recover => self.next_row(),
            }
        };
        self.h.updates = t.updates;
        self.h.own.cleansings = t.cleansings;
        found
    }

    /// Uncommits the row of the current level and moves on to the next row of its
    /// column (`Recover` to `Advance`).
    fn next_row(&mut self) {
        let level = self.h.level as usize;
        let cur = self.stack[level];
        let mut l = self.links();
        l.uncommit_rest(cur);
        let next = l.nodes[cur as usize][DOWN];
        self.stack[level] = next;
        self.h.phase = Phase::Advance;
    }

    /// The rows of the prefix `p` just returned by [`XSolver::split_next`].
    pub fn prefix(&self, p: Prefix) -> &[u32] {
        let forced = self.h.forced as usize;
        self.sol
            .get(forced..forced + p.len() as usize)
            .unwrap_or(&[])
    }

    /// Algorithm M's split for a parallel count: reports every search-tree node at
    /// `depth` by its path (see [`XSolver::path_next`]) and every solution above it
    /// (`true`). Leaves the solver reset; nothing without bounds.
    pub fn each_path_m(&mut self, depth: u32, mut f: impl FnMut(&[u32], bool)) {
        self.paths_start();
        while let Some((path, solution)) = self.path_next(depth) {
            f(path, solution);
        }
        self.reset();
    }

    /// Starts Algorithm M's split into search paths: abandons any search under way
    /// and starts a fresh one (with bounds only).
    pub fn paths_start(&mut self) {
        self.reset();
        if self.h.dims.bounded != 0 {
            self.start_m();
        }
    }

    /// Goes on with Algorithm M's split until the next search-tree node at `depth`
    /// or the next solution above it: its path, the level stack above it (a level's
    /// row or null move each, as the search's node words: a row prefix cannot say
    /// which rows a subtree excludes), and whether it is a solution. `None` when the
    /// tree is finished (at once without bounds or without [`XSolver::paths_start`]).
    pub fn path_next(&mut self, depth: u32) -> Option<(&[u32], bool)> {
        if self.h.dims.bounded == 0 || self.h.phase != Phase::Forward {
            return None;
        }
        let reach = Reach {
            floor: 0,
            split: depth as usize,
        };
        // (A node's or a solution's depth is at most the number of levels.)
        let (levels, solution) = match self.dance_m(0, 1, reach)? {
            Halt::Node => (reach.split, false),
            Halt::Solution(d) => (d, true),
        };
        Some((self.stack.get(..levels).unwrap_or_default(), solution))
    }

    /// Counts (up to `limit`, 0 = none) the solutions in the subtree of the node
    /// at the end of `path` (as [`XSolver::path_next`] reports it) of a fresh
    /// search; `None` when no search reaches that node (or without bounds). Leaves
    /// the solver reset.
    pub fn count_below_path(&mut self, path: &[u32], limit: u64) -> Option<u64> {
        let floor = path.len();
        if self.h.dims.bounded == 0 || floor > self.stack.len() {
            return None;
        }
        self.reset();
        let mut n = Some(0);
        if self.start_m() {
            self.stack[..floor].copy_from_slice(path);
            n = self.replay_m(floor, false).map(|_| {
                self.h.level = floor as u32;
                let stop_at = if limit == 0 { u64::MAX } else { limit };
                let reach = Reach {
                    floor,
                    split: usize::MAX,
                };
                self.dance_m(0, stop_at, reach);
                self.h.solutions
            });
        }
        self.reset();
        n
    }
}
