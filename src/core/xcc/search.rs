//! Algorithm C: the dance with colours (cover, purify and their inverses) and the
//! iterative search loop, counted exactly as Knuth's DLX2 counts.

use super::super::header::Phase;
use super::super::links::search::{draw_state, Idle};
use super::super::solver::{CallState, Error, Step};
use super::mcc::{ADVANCE, BACKDOWN, BACKUP, FORWARD};
use super::{
    is_spacer, XHeader, XSolver, DOWN, FLAG_HAS_SOLUTION, LEFT, PURIFIED, RIGHT, ROOT, TOP, UP,
};
use crate::rng;

/// Search figures of a solver with colours, counted as DLX2 counts them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct XStats {
    pub nodes: u64,
    pub updates: u64,
    pub solutions: u64,
    /// Purifications plus the nodes they marked as known (DLX2's "cleansings").
    pub cleansings: u64,
    pub depth: u32,
    pub max_depth: u32,
}

/// The running totals of one stretch of dancing.
#[derive(Clone, Copy, Default)]
pub(super) struct Tally {
    pub(super) updates: u64,
    pub(super) cleansings: u64,
}

/// The block's link arrays, borrowed together for the hot loops.
pub(super) struct Links<'s, const T: bool> {
    pub(super) items: &'s mut [[u32; 2]],
    pub(super) nodes: &'s mut [[u32; 3]],
    pub(super) colour: &'s mut [u32],
}

// The block belongs to the caller, who may scribble into it between calls. Every
// function of the dance takes `const T: bool`, "trusted", as the plain solver's
// does (src/core/links/mod.rs): true only in a run on a block that validation
// (`XSolver::validate_live`) has just found to be a state the search can reach.
// Unless trusted, the dance holds for any contents: every index goes through
// `at`/`edit`/`word`/`set_word` (past the array a node reads as a zeroed spacer, a
// word as 0, and a write there is dropped), a row is walked around only when the
// node lies between the row's ends, arithmetic on loaded values wraps, and every
// column walk is charged to a fuel (`fuel_for`), so that a damaged block gives
// wrong answers at worst, never a panic or an endless walk. A sound block never
// runs out of fuel: the figures are DLX2's and DLX3's. Trusted, the accessors index
// directly (still bounds-checked: a validated block never fails them) and the fuel
// compiles away.

/// The node at `x`; unless trusted, past the array a zeroed node, a spacer that
/// ends a row walk.
#[inline(always)]
pub(super) fn at<const T: bool, const N: usize>(a: &[[u32; N]], x: u32) -> [u32; N] {
    if T {
        a[x as usize]
    } else {
        a.get(x as usize).copied().unwrap_or([0; N])
    }
}

/// Changes the node at `x` with `f`; unless trusted, nothing past the array.
#[inline(always)]
pub(super) fn edit<const T: bool, const N: usize>(
    a: &mut [[u32; N]],
    x: u32,
    f: impl FnOnce(&mut [u32; N]),
) {
    if T {
        f(&mut a[x as usize]);
    } else if let Some(node) = a.get_mut(x as usize) {
        f(node);
    }
}

/// Word `x` of a region (a colour, a bound, a level's record); unless trusted, 0
/// past its end.
#[inline(always)]
pub(super) fn word<const T: bool>(a: &[u32], x: impl TryInto<usize>) -> u32 {
    let x = x.try_into().ok();
    if T {
        x.map_or(0, |x| a[x])
    } else {
        x.and_then(|x| a.get(x).copied()).unwrap_or(0)
    }
}

/// Sets word `x` of a region; unless trusted, nothing past its end.
#[inline(always)]
pub(super) fn set_word<const T: bool>(a: &mut [u32], x: impl TryInto<usize>, v: u32) {
    let x = x.try_into().ok();
    if T {
        if let Some(x) = x {
            a[x] = v;
        }
    } else if let Some(w) = x.and_then(|x| a.get_mut(x)) {
        *w = v;
    }
}

/// Whether node `x` lies in the row of nodes `first..end` (`end` its spacer) inside
/// the array, as in every sound block (always, trusted): only then is a row walked
/// around.
#[inline(always)]
pub(super) fn in_row<const T: bool>(first: u32, x: u32, end: u32, nodes: &[[u32; 3]]) -> bool {
    // (`&`, not `&&`: one branch instead of three, on every row walked.)
    T || (first <= x) & (x < end) & ((end as usize) < nodes.len())
}

/// Fuel of one top-level walk: a unit per column node met and per node and row of
/// a row hidden or shown. In a sound block one column walk, or the commits of one
/// row, meet each node at most once and each row's rest at most once: fewer than
/// twice the nodes.
#[inline(always)]
pub(super) fn fuel_for(nodes: &[[u32; 3]]) -> u64 {
    2 * nodes.len() as u64
}

/// Whether a walk may go on: fuel is left, or the run is trusted.
#[inline(always)]
pub(super) fn fuelled<const T: bool>(fuel: &u64) -> bool {
    T || *fuel != 0
}

/// Charges a row of `len` nodes (and its spacer) to `fuel` (unless trusted).
#[inline(always)]
pub(super) fn charge<const T: bool>(fuel: &mut u64, len: u32) {
    if !T {
        *fuel = fuel.saturating_sub(u64::from(len) + 1);
    }
}

/// One unit of `fuel` (unless trusted).
#[inline(always)]
pub(super) fn spend<const T: bool>(fuel: &mut u64) {
    if !T {
        *fuel = fuel.saturating_sub(1);
    }
}

impl<const T: bool> Links<'_, T> {
    /// Hides the nodes of the row of `rr` other than `rr`, left to right cyclically,
    /// skipping nodes already purified; returns the nodes hidden.
    #[inline(always)]
    fn hide_rest(&mut self, rr: u32, fuel: &mut u64) -> u64 {
        let mut n = 0;
        let mut nn = rr.wrapping_add(1);
        // Up to the spacer, then from the row's first node (a damaged row: stop).
        let first = loop {
            let [u, d, c] = at::<T, 3>(self.nodes, nn);
            if is_spacer(c) {
                let first = if in_row::<T>(u, rr, nn, self.nodes) {
                    u
                } else {
                    rr
                };
                charge::<T>(fuel, nn.wrapping_sub(first));
                break first;
            }
            if word::<T>(self.colour, nn) != PURIFIED {
                hide::<T>(self.nodes, u, d, c);
                n += 1;
            }
            nn = nn.wrapping_add(1);
        };
        nn = first;
        while nn != rr {
            let [u, d, c] = at::<T, 3>(self.nodes, nn);
            if word::<T>(self.colour, nn) != PURIFIED {
                hide::<T>(self.nodes, u, d, c);
                n += 1;
            }
            nn = nn.wrapping_add(1);
        }
        n
    }

    /// The exact inverse of [`Links::hide_rest`], right to left.
    #[inline(always)]
    fn unhide_rest(&mut self, rr: u32, fuel: &mut u64) {
        let mut nn = rr.wrapping_sub(1);
        // Down to the spacer, then from the row's last node (a damaged row: stop).
        let last = loop {
            let [u, d, c] = at::<T, 3>(self.nodes, nn);
            if is_spacer(c) {
                let last = if in_row::<T>(nn.wrapping_add(1), rr, d.wrapping_add(1), self.nodes) {
                    d
                } else {
                    rr
                };
                charge::<T>(fuel, last.wrapping_sub(nn));
                break last;
            }
            if word::<T>(self.colour, nn) != PURIFIED {
                unhide::<T>(self.nodes, nn, u, d, c);
            }
            nn = nn.wrapping_sub(1);
        };
        nn = last;
        while nn != rr {
            let [u, d, c] = at::<T, 3>(self.nodes, nn);
            if word::<T>(self.colour, nn) != PURIFIED {
                unhide::<T>(self.nodes, nn, u, d, c);
            }
            nn = nn.wrapping_sub(1);
        }
    }

    /// Knuth's cover of item `c`: unlink it, hide every row in its list.
    pub(super) fn cover(&mut self, c: u32, t: &mut Tally, fuel_left: &mut u64) {
        // (The fuel in a register for the walk: stored back once.)
        let fuel = &mut { *fuel_left };
        let [l, r] = at::<T, 2>(self.items, c);
        edit::<T, 2>(self.items, l, |i| i[RIGHT] = r);
        edit::<T, 2>(self.items, r, |i| i[LEFT] = l);
        let mut updates = 1;
        let mut rr = at::<T, 3>(self.nodes, c)[DOWN];
        while rr != c && fuelled::<T>(fuel) {
            updates += self.hide_rest(rr, fuel);
            rr = at::<T, 3>(self.nodes, rr)[DOWN];
        }
        t.updates = t.updates.saturating_add(updates);
        *fuel_left = *fuel;
    }

    pub(super) fn uncover(&mut self, c: u32, fuel_left: &mut u64) {
        let fuel = &mut { *fuel_left };
        let mut rr = at::<T, 3>(self.nodes, c)[UP];
        while rr != c && fuelled::<T>(fuel) {
            self.unhide_rest(rr, fuel);
            rr = at::<T, 3>(self.nodes, rr)[UP];
        }
        let [l, r] = at::<T, 2>(self.items, c);
        edit::<T, 2>(self.items, l, |i| i[RIGHT] = c);
        edit::<T, 2>(self.items, r, |i| i[LEFT] = c);
        *fuel_left = *fuel;
    }

    /// Knuth's purify: node `p` fixes its item's colour; rows of another colour are
    /// hidden, rows of the same colour are marked as known. In Algorithm C the row of
    /// `p` is already hidden when this runs; Algorithm M (DLX3) keeps it in the list,
    /// and `p` keeps its colour.
    pub(super) fn purify(&mut self, p: u32, t: &mut Tally, fuel_left: &mut u64) {
        let fuel = &mut { *fuel_left };
        let cc = at::<T, 3>(self.nodes, p)[TOP];
        let x = word::<T>(self.colour, p);
        let mut cleansings = 1;
        let mut updates = 0;
        let mut rr = at::<T, 3>(self.nodes, cc)[DOWN];
        while rr != cc && fuelled::<T>(fuel) {
            spend::<T>(fuel);
            if word::<T>(self.colour, rr) != x {
                updates += self.hide_rest(rr, fuel);
            } else if rr != p {
                cleansings += 1;
                set_word::<T>(self.colour, rr, PURIFIED);
            }
            rr = at::<T, 3>(self.nodes, rr)[DOWN];
        }
        t.updates = t.updates.saturating_add(updates);
        t.cleansings = t.cleansings.saturating_add(cleansings);
        *fuel_left = *fuel;
    }

    pub(super) fn unpurify(&mut self, p: u32, fuel_left: &mut u64) {
        let fuel = &mut { *fuel_left };
        let cc = at::<T, 3>(self.nodes, p)[TOP];
        let x = word::<T>(self.colour, p);
        let mut rr = at::<T, 3>(self.nodes, cc)[UP];
        while rr != cc && fuelled::<T>(fuel) {
            spend::<T>(fuel);
            if word::<T>(self.colour, rr) == PURIFIED {
                set_word::<T>(self.colour, rr, x);
            } else if rr != p {
                self.unhide_rest(rr, fuel);
            }
            rr = at::<T, 3>(self.nodes, rr)[UP];
        }
        *fuel_left = *fuel;
    }

    /// Commits node `p` of item `c`: covers an uncoloured item, purifies a coloured
    /// one, and does nothing for a node already known to agree.
    #[inline(always)]
    fn commit(&mut self, p: u32, c: u32, t: &mut Tally, fuel: &mut u64) {
        match word::<T>(self.colour, p) {
            0 => self.cover(c, t, fuel),
            PURIFIED => {}
            _ => self.purify(p, t, fuel),
        }
    }

    #[inline(always)]
    fn uncommit(&mut self, p: u32, c: u32, fuel: &mut u64) {
        match word::<T>(self.colour, p) {
            0 => self.uncover(c, fuel),
            PURIFIED => {}
            _ => self.unpurify(p, fuel),
        }
    }

    /// Commits the other nodes of the row of `x`, left to right cyclically.
    #[inline(always)]
    pub(super) fn commit_rest(&mut self, x: u32, t: &mut Tally) {
        let fuel = &mut fuel_for(self.nodes);
        let mut p = x.wrapping_add(1);
        // Up to the spacer, then from the row's first node (a damaged row: stop).
        p = loop {
            let [u, _, c] = at::<T, 3>(self.nodes, p);
            if is_spacer(c) {
                break if in_row::<T>(u, x, p, self.nodes) {
                    u
                } else {
                    x
                };
            }
            self.commit(p, c, t, fuel);
            p = p.wrapping_add(1);
        };
        while p != x && fuelled::<T>(fuel) {
            let c = at::<T, 3>(self.nodes, p)[TOP];
            self.commit(p, c, t, fuel);
            p = p.wrapping_add(1);
        }
    }

    /// The exact inverse of [`Links::commit_rest`], right to left; returns the link
    /// steps it took (the fuel it used), which a budgeted search counts against its
    /// steps back (they spend no update).
    #[inline(always)]
    pub(super) fn uncommit_rest(&mut self, x: u32) -> u64 {
        let full = fuel_for(self.nodes);
        let fuel = &mut fuel_for(self.nodes);
        let mut p = x.wrapping_sub(1);
        // Down to the spacer, then from the row's last node (a damaged row: stop).
        p = loop {
            let [_, d, c] = at::<T, 3>(self.nodes, p);
            if is_spacer(c) {
                let inside = in_row::<T>(p.wrapping_add(1), x, d.wrapping_add(1), self.nodes);
                break if inside { d } else { x };
            }
            spend::<T>(fuel);
            self.uncommit(p, c, fuel);
            p = p.wrapping_sub(1);
        };
        while p != x && fuelled::<T>(fuel) {
            let c = at::<T, 3>(self.nodes, p)[TOP];
            spend::<T>(fuel);
            self.uncommit(p, c, fuel);
            p = p.wrapping_sub(1);
        }
        full - *fuel
    }

    /// The first primary item of least length (DLX2's choice), or a random one among
    /// the ties when `rng` is given. Looks at most at every item once, also when the
    /// list was scribbled into a cycle.
    pub(super) fn choose(&self, rng: Option<&mut u64>) -> u32 {
        let mut best = ROOT;
        let mut min = u32::MAX;
        let mut ties = 0;
        let mut left = self.items.len();
        let mut k = at::<T, 2>(self.items, ROOT)[RIGHT];
        match rng {
            None => {
                while k != ROOT && left != 0 {
                    left -= 1;
                    let len = at::<T, 3>(self.nodes, k)[TOP];
                    if len < min {
                        best = k;
                        min = len;
                        if len == 0 {
                            break;
                        }
                    }
                    k = at::<T, 2>(self.items, k)[RIGHT];
                }
            }
            Some(state) => {
                while k != ROOT && left != 0 {
                    left -= 1;
                    let len = at::<T, 3>(self.nodes, k)[TOP];
                    if len < min {
                        best = k;
                        min = len;
                        ties = 1;
                        if len == 0 {
                            break;
                        }
                    } else if len == min {
                        ties += 1;
                        if rng::below(state, ties) == 0 {
                            best = k;
                        }
                    }
                    k = at::<T, 2>(self.items, k)[RIGHT];
                }
            }
        }
        best
    }

    /// Whether no primary item is left: the rows chosen are a solution.
    #[inline(always)]
    pub(super) fn solved(&self) -> bool {
        at::<T, 2>(self.items, ROOT)[RIGHT] == ROOT
    }
}

/// Hides a node (with fields `u`, `d`, `c`) from its column.
#[inline(always)]
pub(super) fn hide<const T: bool>(nodes: &mut [[u32; 3]], u: u32, d: u32, c: u32) {
    edit::<T, 3>(nodes, u, |n| n[DOWN] = d);
    edit::<T, 3>(nodes, d, |n| n[UP] = u);
    edit::<T, 3>(nodes, c, |n| n[TOP] = n[TOP].wrapping_sub(1));
}

/// Puts node `x` (with fields `u`, `d`, `c`) back into its column.
#[inline(always)]
pub(super) fn unhide<const T: bool>(nodes: &mut [[u32; 3]], x: u32, u: u32, d: u32, c: u32) {
    edit::<T, 3>(nodes, u, |n| n[DOWN] = x);
    edit::<T, 3>(nodes, d, |n| n[UP] = x);
    edit::<T, 3>(nodes, c, |n| n[TOP] = n[TOP].wrapping_add(1));
}

impl XSolver<'_> {
    pub(super) fn links(&mut self) -> Links<'_, false> {
        Links {
            items: self.items,
            nodes: self.nodes,
            colour: self.colour,
        }
    }

    /// Covers the item of node `x` and commits the rest of its row (a forced row);
    /// the work is not counted in the figures.
    pub(super) fn cover_row(&mut self, x: u32) {
        let mut t = Tally::default();
        let mut l = self.links();
        let c = at::<false, 3>(l.nodes, x)[TOP];
        l.cover(c, &mut t, &mut fuel_for(l.nodes));
        l.commit_rest(x, &mut t);
    }

    pub(super) fn uncover_row(&mut self, x: u32) {
        let mut l = self.links();
        l.uncommit_rest(x);
        let c = at::<false, 3>(l.nodes, x)[TOP];
        l.uncover(c, &mut fuel_for(l.nodes));
    }

    /// Links every row again, in the order added or (with a seed) in a random order.
    /// Only forced rows may be committed when this runs.
    fn relink(&mut self) {
        let forced = self.uncover_forced();
        let c = self.columns();
        for i in 1..=c {
            self.nodes[i as usize] = [i, i, 0];
        }
        let rows = self.h.rows as usize;
        for (i, o) in self.order[..rows].iter_mut().enumerate() {
            *o = i as u32;
        }
        if self.h.seed != 0 {
            for i in (1..rows).rev() {
                let j = rng::below(&mut self.h.rng, i as u32 + 1) as usize;
                self.order.swap(i, j);
            }
        }
        for i in 0..rows {
            self.link_row(word::<false>(self.row_start, self.order[i]));
        }
        self.cover_forced(forced);
    }

    /// Whether the rows are linked in another order than they were added.
    pub(super) fn shuffled(&self) -> bool {
        self.order[..self.h.rows as usize]
            .iter()
            .enumerate()
            .any(|(i, &o)| o != i as u32)
    }

    pub(super) fn start_search(&mut self) {
        self.h.rng = self.h.seed;
        if self.h.seed != 0 || self.shuffled() {
            self.relink();
        }
        self.h.restart();
        self.h.phase = Phase::Start;
        // A fresh search: the figures start from zero, and so does the call state.
        self.call = CallState::starting_at(self.h.updates);
    }

    /// The search loop (see the plain solver's `Solver::search`): stops at the
    /// `solutions_left`-th solution, at the end, or when the budget is spent; runs
    /// checked, then validated (see `XSolver::search`).
    pub(super) fn run_until(
        &mut self,
        budget: u64,
        record: bool,
        mut solutions_left: u64,
    ) -> Result<Step, Error> {
        self.h.set(FLAG_HAS_SOLUTION, false);
        match self.h.phase {
            Phase::Fresh => self.start_search(),
            Phase::Done => return Ok(Step::Exhausted),
            _ => {}
        }
        if self.h.phase == Phase::Start {
            if self.items[ROOT as usize][RIGHT] == ROOT {
                self.h.phase = Phase::Done;
                return Ok(self.found(record, 0));
            }
            self.h.phase = Phase::Forward;
        }
        let left = &mut solutions_left;
        let step = self.search(
            budget,
            |x, budget, trusted| {
                if trusted {
                    x.run_on::<true>(budget, left)
                } else {
                    x.run_on::<false>(budget, left)
                }
            },
            |_, step| *step == Step::BudgetSpent,
        )?;
        Ok(match step {
            Step::Solution => self.found(record, self.h.level + 1),
            other => other,
        })
    }

    /// The loop of [`XSolver::run_until`], checked (`T` false) or on a validated
    /// block; `solutions_left` counts down the solutions it passes.
    fn run_on<const T: bool>(&mut self, budget: u64, solutions_left: &mut u64) -> Step {
        let limit = crate::outcome::update_limit(self.h.updates, budget);
        // Steps back with no update since the last one, weighed by the link steps
        // of their uncovers, as in the plain solver's loop (`links::search`): a
        // sound block takes fewer than three node counts of them in a row; links
        // scribbled into a cycle could take them for ever, so a checked run stops
        // past four node counts (the search resumes exactly where it stood, and the
        // call then validates the block). A trusted run counts none.
        let idle_limit = Idle::limit::<T>(self.nodes.len());
        let mut idle = self.call.idle;
        let columns = self.columns();
        let random = self.h.seed != 0;
        let XSolver {
            h,
            items,
            nodes,
            colour,
            stack,
            ..
        } = self;
        let mut l = Links::<T> {
            items,
            nodes,
            colour,
        };
        let stack = &mut **stack;
        let mut t = Tally {
            updates: h.updates,
            cleansings: h.own.cleansings,
        };
        let mut level = h.level;
        let mut tree = h.nodes;
        let mut solutions = h.solutions;
        let mut max_depth = h.max_depth;
        // With a seed, the random state the column choices draw from along their path.
        let base = h.rng;
        let mut enter = h.phase;
        let (phase, step) = 'search: loop {
            if enter == Phase::Recover {
                let cur = word::<T>(stack, level);
                let steps = l.uncommit_rest(cur);
                set_word::<T>(stack, level, at::<T, 3>(l.nodes, cur)[DOWN]);
                enter = Phase::Advance;
                if !T {
                    idle.step(t.updates, steps);
                }
                if t.updates >= limit || idle.over(idle_limit) {
                    break 'search (Phase::Advance, Step::BudgetSpent);
                }
            }
            if enter == Phase::Forward {
                tree = tree.wrapping_add(1);
                let mut draws = random.then(|| draw_state(base, stack, level));
                let best = l.choose(draws.as_mut());
                l.cover(best, &mut t, &mut fuel_for(l.nodes));
                set_word::<T>(stack, level, at::<T, 3>(l.nodes, best)[DOWN]);
                if t.updates >= limit {
                    break 'search (Phase::Advance, Step::BudgetSpent);
                }
            }
            let cur = word::<T>(stack, level);
            if cur <= columns {
                let fuel = &mut fuel_for(l.nodes);
                l.uncover(cur, fuel);
                if !T {
                    idle.uncovered(t.updates, fuel_for(l.nodes) - *fuel);
                }
                if level == 0 {
                    break 'search (Phase::Done, Step::Exhausted);
                }
                level -= 1;
                enter = Phase::Recover;
                continue;
            }
            l.commit_rest(cur, &mut t);
            if level + 1 > max_depth {
                max_depth = level + 1;
            }
            if l.solved() {
                *solutions_left -= 1;
                if *solutions_left == 0 {
                    break 'search (Phase::Recover, Step::Solution);
                }
                tree = tree.wrapping_add(1);
                solutions = solutions.wrapping_add(1);
                enter = Phase::Recover;
            } else if (level as usize + 1) < stack.len() {
                level += 1;
                enter = Phase::Forward;
            } else {
                // Every level covers a primary column, so a sound block never gets
                // here; a damaged one backs up instead of going past the stack.
                enter = Phase::Recover;
            }
            if t.updates >= limit {
                break 'search (enter, Step::BudgetSpent);
            }
        };
        h.phase = phase;
        h.level = level;
        h.updates = t.updates;
        h.own.cleansings = t.cleansings;
        h.nodes = tree;
        h.solutions = solutions;
        h.max_depth = max_depth;
        self.call.idle = idle;
        step
    }

    fn found(&mut self, record: bool, depth: u32) -> Step {
        self.h.nodes = self.h.nodes.wrapping_add(1);
        self.h.solutions = self.h.solutions.wrapping_add(1);
        let forced = self.h.forced as usize;
        // (Only a damaged block has more rows than the solution region holds.)
        if record && forced + depth as usize <= self.sol.len() {
            for i in 0..depth as usize {
                let row = self.row_of(word::<false>(self.stack, i));
                self.sol[forced + i] = row;
            }
            self.h.sol_len = self.h.forced + depth;
            self.h.set(FLAG_HAS_SOLUTION, true);
        }
        Step::Solution
    }

    /// The row id of node `x`: the spacer after a row holds minus (its id + 1).
    pub(super) fn row_of(&self, mut x: u32) -> u32 {
        while !is_spacer(at::<false, 3>(self.nodes, x)[TOP]) {
            x = x.wrapping_add(1);
        }
        at::<false, 3>(self.nodes, x)[TOP]
            .wrapping_neg()
            .wrapping_sub(1)
    }

    /// Abandons the search under way; rows, forced rows and figures stay.
    pub fn reset(&mut self) {
        if self.h.dims.bounded != 0 {
            // Algorithm M: everything back to the rows as added.
            self.pristine();
            self.h.level = 0;
            self.h.phase = Phase::Fresh;
            self.h.set(FLAG_HAS_SOLUTION, false);
            return;
        }
        let level = self.h.level;
        let chosen = match self.h.phase {
            Phase::Fresh | Phase::Done | Phase::Start => 0,
            Phase::Forward => level,
            Phase::Advance => {
                let cur = word::<false>(self.stack, level);
                let c = self.column_of(cur);
                let mut l = self.links();
                l.uncover(c, &mut fuel_for(l.nodes));
                level
            }
            Phase::Recover => {
                self.uncover_row(word::<false>(self.stack, level));
                level
            }
        };
        for lv in (0..chosen).rev() {
            self.uncover_row(word::<false>(self.stack, lv));
        }
        self.h.level = 0;
        self.h.phase = Phase::Fresh;
        self.h.set(FLAG_HAS_SOLUTION, false);
    }

    pub(super) fn column_of(&self, x: u32) -> u32 {
        if x <= self.columns() {
            x
        } else {
            at::<false, 3>(self.nodes, x)[TOP]
        }
    }

    /// Counts solutions of a fresh search up to `limit` (0 = no limit); leaves the
    /// solver reset. [`Error::Corrupt`] for a damaged block (see
    /// `XSolver::search`).
    pub fn count(&mut self, limit: u64) -> Result<u64, Error> {
        self.reset();
        let stop_at = if limit == 0 { u64::MAX } else { limit };
        let run = if self.h.dims.bounded != 0 {
            self.run_m(0, false, stop_at)
        } else {
            self.run_until(0, false, stop_at)
        };
        let n = self.h.solutions;
        self.reset();
        run.map(|_| n)
    }

    /// Figures of the current or last search.
    pub fn stats(&self) -> XStats {
        xstats_of(&self.h)
    }

    /// Knuth's estimate of the fraction of the tree explored (as the plain solver's
    /// `progress`).
    pub fn progress(&self) -> f64 {
        let level = self.h.level;
        let levels = match self.h.phase {
            Phase::Fresh | Phase::Start => return 0.0,
            Phase::Done => return 1.0,
            _ if self.h.dims.bounded != 0 => return self.progress_m(),
            Phase::Forward => level,
            Phase::Advance | Phase::Recover => level + 1,
        };
        let one: u128 = 1 << 64;
        let mut sum: u128 = 0;
        let mut weight = one;
        for lv in 0..levels {
            let Some(&cur) = self.stack.get(lv as usize) else {
                break;
            };
            let c = self.column_of(cur);
            let (k, d) = self.position(c, cur);
            if d == 0 {
                break;
            }
            weight /= u128::from(d);
            sum += u128::from(k.min(d)) * weight;
        }
        (sum.min(one) as f64 / one as f64).clamp(0.0, 1.0)
    }

    /// Knuth's progress estimate for Algorithm M (DLX3's `print_progress`): level
    /// `l` is trying choice `k_l` (from 0) of its score `d_l` (rows, and the null
    /// move, it may try), counted along the column's list from the first row the
    /// level tweaked; the estimate is the mixed-radix fraction of these digits, as
    /// the plain solver's. A level whose subtree is finished counts its choice as
    /// done, so the estimate never goes back.
    fn progress_m(&self) -> f64 {
        let level = self.h.level as usize;
        let (levels, finished) = match self.h.own.mstate {
            FORWARD => (level, false),
            ADVANCE => (level + 1, false),
            BACKUP | BACKDOWN if level > 0 => (level, true),
            _ => return 1.0,
        };
        let down = |y: u32| self.nodes.get(y as usize).map_or(ROOT, |n| n[DOWN]);
        let one: u128 = 1 << 64;
        let mut sum: u128 = 0;
        let mut weight = one;
        for l in 0..levels {
            let (Some(&x), Some(&first), Some(&d)) =
                (self.stack.get(l), self.tweak.get(l), self.score.get(l))
            else {
                break;
            };
            let c = if x <= self.columns() {
                x
            } else {
                self.nodes.get(x as usize).map_or(ROOT, |n| n[TOP])
            };
            let mut y = if first != 0 { first } else { down(c) };
            let mut k = 0u32;
            while y != x && k <= self.h.entries {
                k += 1;
                y = down(y);
            }
            if finished && l + 1 == levels {
                k += 1;
            }
            if d == 0 {
                break;
            }
            weight /= u128::from(d);
            sum += u128::from(k.min(d)) * weight;
        }
        (sum.min(one) as f64 / one as f64).clamp(0.0, 1.0)
    }

    fn position(&self, c: u32, x: u32) -> (u32, u32) {
        let mut k = None;
        let mut n = 0u32;
        let down = |y: u32| self.nodes.get(y as usize).map_or(0, |n| n[DOWN]);
        let mut y = down(c);
        while y != c && n <= self.h.entries {
            if y == x {
                k = Some(n);
            }
            n += 1;
            y = down(y);
        }
        (k.unwrap_or(n), n)
    }
}

/// The statistics stored in a header.
pub fn xstats_of(h: &XHeader) -> XStats {
    XStats {
        nodes: h.nodes,
        updates: h.updates,
        solutions: h.solutions,
        cleansings: h.own.cleansings,
        depth: h.phase.depth(h.level),
        max_depth: h.max_depth,
    }
}
