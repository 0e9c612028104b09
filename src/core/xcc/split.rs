//! Splitting a search with colours into independent sub-problems, as the plain
//! solver's `split.rs` does: the search-tree nodes at a given depth, as row prefixes
//! (selecting a prefix's rows as forced rows gives the node's sub-problem). With
//! bounds (Algorithm M) a subtree also excludes the rows its levels tried before,
//! which forced rows cannot say: such a search splits into search paths instead
//! (the level stack above each node), which a copy replays.

use super::super::header::Phase;
use super::super::links::search::{draw_state, Idle};
use super::super::split::Prefix;
use super::mcc::{Halt, Reach};
use super::search::{at, fuel_for, set_word, word, Tally};
use super::{XSolver, DOWN, FLAG_HAS_SOLUTION, RIGHT, ROOT};
use crate::outcome::Error;

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
    /// rows are at [`XSolver::prefix`] until the next call. [`Error::Corrupt`] when
    /// the block fails the validation after a stretch of updates, or the walk takes
    /// more steps back without an update than a sound block can (a damaged block
    /// could take them for ever: this walk has no budget).
    pub fn split_next(&mut self, depth: u32) -> Result<Option<Prefix>, Error> {
        self.h.set(FLAG_HAS_SOLUTION, false);
        if self.h.dims.bounded != 0 {
            return Ok(None);
        }
        // Steps back without an update, weighed by their link steps, as in the
        // search loops (`run_on`), counted across the prefixes of one call.
        let idle_limit = Idle::limit::<false>(self.nodes.len());
        let mut idle = self.call.idle;
        let random = self.h.seed != 0;
        let columns = self.columns();
        let mut t = Tally {
            updates: self.h.updates,
            cleansings: self.h.own.cleansings,
        };
        // A walk without a budget and without a trusted loop (it only walks the
        // levels above the split depth): the block is validated after every stretch
        // of updates, so that a damaged one cannot make it endless either.
        if self.h.updates < self.call.checked_from {
            self.call.checked_from = self.h.updates;
        }
        let mut validate_at = self
            .call
            .checked_from
            .saturating_add(self.checked_stretch());
        let found = loop {
            if idle.over(idle_limit) {
                break Err(Error::Corrupt);
            }
            if t.updates >= validate_at {
                self.h.updates = t.updates;
                self.h.own.cleansings = t.cleansings;
                if let Err(e) = self.validate_live() {
                    break Err(e);
                }
                self.call.checked_from = t.updates;
                validate_at = t.updates.saturating_add(self.checked_stretch());
            }
            match self.h.phase {
                Phase::Fresh | Phase::Done => break Ok(None),
                Phase::Start => {
                    self.h.phase = Phase::Done;
                    if self.items[ROOT as usize][RIGHT] == ROOT {
                        self.h.nodes = self.h.nodes.wrapping_add(1);
                        self.h.solutions = self.h.solutions.wrapping_add(1);
                        break Ok(Some(Prefix::Solution(0)));
                    }
                    if depth == 0 {
                        break Ok(Some(Prefix::Node(0)));
                    }
                    self.h.phase = Phase::Forward;
                }
                Phase::Forward => {
                    self.h.nodes = self.h.nodes.wrapping_add(1);
                    let level = self.h.level as usize;
                    let mut draws =
                        random.then(|| draw_state(self.h.rng, self.stack, level as u32));
                    let mut l = self.links();
                    let best = l.choose(draws.as_mut());
                    l.cover(best, &mut t, &mut fuel_for(l.nodes));
                    let first = at::<false, 3>(l.nodes, best)[DOWN];
                    set_word::<false>(self.stack, level, first);
                    self.h.phase = Phase::Advance;
                }
                Phase::Advance => {
                    let level = self.h.level;
                    let cur = word::<false>(self.stack, level);
                    if cur <= columns {
                        let mut l = self.links();
                        let fuel = &mut fuel_for(l.nodes);
                        l.uncover(cur, fuel);
                        idle.uncovered(t.updates, 1 + (fuel_for(l.nodes) - *fuel));
                        if level == 0 {
                            self.h.phase = Phase::Done;
                            break Ok(None);
                        }
                        self.h.level = level - 1;
                        self.h.phase = Phase::Recover;
                        continue;
                    }
                    self.links().commit_rest(cur, &mut t);
                    let n = level + 1;
                    self.h.max_depth = self.h.max_depth.max(n);
                    let solved = self.items[ROOT as usize][RIGHT] == ROOT;
                    if solved || n >= depth || n as usize >= self.stack.len() {
                        let forced = self.h.forced as usize;
                        for i in 0..n as usize {
                            let row = self.row_of(word::<false>(self.stack, i));
                            set_word::<false>(self.sol, forced + i, row);
                        }
                        if solved {
                            self.h.phase = Phase::Recover;
                            self.h.nodes = self.h.nodes.wrapping_add(1);
                            self.h.solutions = self.h.solutions.wrapping_add(1);
                            break Ok(Some(Prefix::Solution(n)));
                        }
                        // Left at once (its rows are in `sol`): the split stops only
                        // where a search passes, so an image between calls attaches.
                        let steps = self.next_row();
                        idle.step(t.updates, steps);
                        break Ok(Some(Prefix::Node(n)));
                    }
                    self.h.level = n;
                    self.h.phase = Phase::Forward;
                }
                Phase::Recover => {
                    let steps = self.next_row();
                    idle.step(t.updates, steps);
                }
            }
        };
        self.h.updates = t.updates;
        self.h.own.cleansings = t.cleansings;
        self.call.idle = idle;
        found
    }

    /// Uncommits the row of the current level and moves on to the next row of its
    /// column (`Recover` to `Advance`); returns the link steps it took.
    fn next_row(&mut self) -> u64 {
        let level = self.h.level as usize;
        let cur = word::<false>(self.stack, level);
        let mut l = self.links();
        let steps = l.uncommit_rest(cur);
        let next = at::<false, 3>(l.nodes, cur)[DOWN];
        set_word::<false>(self.stack, level, next);
        self.h.phase = Phase::Advance;
        steps
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
    pub fn each_path_m(
        &mut self,
        depth: u32,
        mut f: impl FnMut(&[u32], bool),
    ) -> Result<(), Error> {
        self.paths_start();
        let walk = loop {
            match self.path_next(depth) {
                Ok(Some((path, solution))) => f(path, solution),
                Ok(None) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        self.reset();
        walk
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
    /// tree is finished (at once without bounds or without [`XSolver::paths_start`]);
    /// [`Error::Corrupt`] for a damaged block (see `XSolver::search`).
    pub fn path_next(&mut self, depth: u32) -> Result<Option<(&[u32], bool)>, Error> {
        if self.h.dims.bounded == 0 || self.h.phase != Phase::Forward {
            return Ok(None);
        }
        let reach = Reach {
            floor: 0,
            split: depth as usize,
        };
        // (A node's or a solution's depth is at most the number of levels.)
        let (levels, solution) = match self.dance_m(0, 1, reach)? {
            None => return Ok(None),
            Some(Halt::Node) => (reach.split, false),
            Some(Halt::Solution(d)) => (d, true),
        };
        Ok(Some((
            self.stack.get(..levels).unwrap_or_default(),
            solution,
        )))
    }

    /// Counts (up to `limit`, 0 = none) the solutions in the subtree of the node
    /// at the end of `path` (as [`XSolver::path_next`] reports it) of a fresh
    /// search; `None` when no search reaches that node (or without bounds). Leaves
    /// the solver reset. [`Error::Corrupt`] for a damaged block (see
    /// `XSolver::search`).
    pub fn count_below_path(&mut self, path: &[u32], limit: u64) -> Result<Option<u64>, Error> {
        let floor = path.len();
        if self.h.dims.bounded == 0 || floor > self.stack.len() {
            return Ok(None);
        }
        self.reset();
        let mut n = Ok(Some(0));
        if self.start_m() {
            self.stack[..floor].copy_from_slice(path);
            n = match self.replay_m(floor, false) {
                None => Ok(None),
                Some(_) => {
                    self.h.level = floor as u32;
                    let stop_at = if limit == 0 { u64::MAX } else { limit };
                    let reach = Reach {
                        floor,
                        split: usize::MAX,
                    };
                    self.dance_m(0, stop_at, reach)
                        .map(|_| Some(self.h.solutions))
                }
            };
        }
        self.reset();
        n
    }
}
