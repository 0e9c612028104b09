//! Algorithm M (Knuth's DLX3): primary columns with bounds [u, v], colours as in
//! Algorithm C. Same choices, same solutions in the same order and the same
//! figures (nodes, updates, cleansings) as DLX3 on the same items and options.
//!
//! Each primary column keeps `bound` (how many more rows it may take) and `slack`
//! (v - u). A level either takes a row of the chosen column ("tweaking" the rows
//! above it out of the column's list, so that the same set is never taken twice in
//! another order) or, when the column may take no more, drops it (a null move).
//! The search is a loop over four states (Knuth's labels), kept in the header
//! between calls, so it stops after any step when the budget is spent.

use super::super::links::search::{draw_state, Idle};
use super::super::solver::CallState;
use super::search::{
    at, charge, edit, fuel_for, fuelled, hide, in_row, set_word, spend, unhide, word,
};
use super::search::{Links, Tally};
use super::{is_spacer, XSolver, DOWN, FLAG_HAS_SOLUTION, LEFT, PURIFIED, RIGHT, ROOT, TOP, UP};
use crate::outcome::{Error, Step};
use crate::rng;

/// Knuth's labels: where the loop goes on.
pub(super) const FORWARD: u32 = 0;
pub(super) const ADVANCE: u32 = 1;
pub(super) const BACKUP: u32 = 2;
pub(super) const BACKDOWN: u32 = 3;
pub(super) const DONE: u32 = 4;
/// The score of a column with no constraint left (Knuth's `infty`).
const INFTY: i64 = i64::MAX;

/// The block's arrays for Algorithm M, borrowed together.
struct M<'s, const T: bool> {
    items: &'s mut [[u32; 2]],
    nodes: &'s mut [[u32; 3]],
    colour: &'s mut [u32],
    bound: &'s mut [u32],
    slack: &'s mut [u32],
    columns: u32,
    primary: u32,
}

impl<const T: bool> M<'_, T> {
    fn unlink(&mut self, c: u32) {
        let [l, r] = at::<T, 2>(self.items, c);
        edit::<T, 2>(self.items, l, |i| i[RIGHT] = r);
        edit::<T, 2>(self.items, r, |i| i[LEFT] = l);
    }

    fn relink(&mut self, c: u32) {
        let [l, r] = at::<T, 2>(self.items, c);
        edit::<T, 2>(self.items, l, |i| i[RIGHT] = c);
        edit::<T, 2>(self.items, r, |i| i[LEFT] = c);
    }

    /// Hides node `nn` from its column.
    #[inline(always)]
    fn hide(&mut self, nn: u32, t: &mut Tally) {
        let [u, d, c] = at::<T, 3>(self.nodes, nn);
        hide::<T>(self.nodes, u, d, c);
        t.updates = t.updates.saturating_add(1);
    }

    fn unhide(&mut self, nn: u32) {
        let [u, d, c] = at::<T, 3>(self.nodes, nn);
        unhide::<T>(self.nodes, nn, u, d, c);
    }

    /// Calls `f` on the other nodes of the row of `rr` that are not purified, left to
    /// right cyclically: DLX3 hides and unhides a row in this one order. The row is
    /// charged to `fuel` (a damaged row, `rr` not between its ends, stops at its
    /// spacer).
    #[inline(always)]
    fn each_unpurified_rest(&mut self, rr: u32, fuel: &mut u64, mut f: impl FnMut(&mut Self, u32)) {
        let mut nn = rr.wrapping_add(1);
        let first = loop {
            let [u, _, c] = at::<T, 3>(self.nodes, nn);
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
                f(self, nn);
            }
            nn = nn.wrapping_add(1);
        };
        nn = first;
        while nn != rr {
            if word::<T>(self.colour, nn) != PURIFIED {
                f(self, nn);
            }
            nn = nn.wrapping_add(1);
        }
    }

    fn hide_rest(&mut self, rr: u32, t: &mut Tally, fuel: &mut u64) {
        self.each_unpurified_rest(rr, fuel, |m, nn| m.hide(nn, t));
    }

    fn unhide_rest(&mut self, rr: u32, fuel: &mut u64) {
        self.each_unpurified_rest(rr, fuel, |m, nn| m.unhide(nn));
    }

    fn cover(&mut self, c: u32, deactivate: bool, t: &mut Tally, fuel: &mut u64) {
        if deactivate {
            self.unlink(c);
        }
        t.updates = t.updates.saturating_add(1);
        let mut rr = at::<T, 3>(self.nodes, c)[DOWN];
        while rr != c && fuelled::<T>(fuel) {
            self.hide_rest(rr, t, fuel);
            rr = at::<T, 3>(self.nodes, rr)[DOWN];
        }
    }

    fn uncover(&mut self, c: u32, reactivate: bool, fuel: &mut u64) {
        let mut rr = at::<T, 3>(self.nodes, c)[DOWN];
        while rr != c && fuelled::<T>(fuel) {
            self.unhide_rest(rr, fuel);
            rr = at::<T, 3>(self.nodes, rr)[DOWN];
        }
        if reactivate {
            self.relink(c);
        }
    }

    /// The arrays Algorithm C dances on, for the steps both algorithms share.
    fn links(&mut self) -> Links<'_, T> {
        Links {
            items: self.items,
            nodes: self.nodes,
            colour: self.colour,
        }
    }

    /// Knuth's tweak: node `n`, the top of its column, leaves the column's list;
    /// with `block` the rest of its row leaves the other lists too (first, left to
    /// right from `n + 1`, as DLX3).
    fn tweak(&mut self, n: u32, block: bool, t: &mut Tally) {
        if block {
            let fuel = &mut fuel_for(self.nodes);
            self.hide_rest(n, t, fuel);
        }
        if word::<T>(self.colour, n) != PURIFIED && !is_spacer(at::<T, 3>(self.nodes, n)[TOP]) {
            self.hide(n, t);
        }
    }

    /// Knuth's untweak of column `c` whose first tweaked node was `x`.
    fn untweak(&mut self, c: u32, x: u32, unblock: bool, fuel: &mut u64) {
        let z = at::<T, 3>(self.nodes, c)[DOWN];
        edit::<T, 3>(self.nodes, c, |n| n[DOWN] = x);
        let (mut rr, mut qq, mut k) = (x, c, 0u32);
        while rr != z && fuelled::<T>(fuel) {
            spend::<T>(fuel);
            edit::<T, 3>(self.nodes, rr, |n| n[UP] = qq);
            k = k.wrapping_add(1);
            if unblock {
                self.unhide_rest(rr, fuel);
            }
            qq = rr;
            rr = at::<T, 3>(self.nodes, rr)[DOWN];
        }
        edit::<T, 3>(self.nodes, rr, |n| n[UP] = qq);
        edit::<T, 3>(self.nodes, c, |n| n[TOP] = n[TOP].wrapping_add(k));
        if !unblock {
            self.uncover(c, false, &mut fuel_for(self.nodes));
        }
    }

    /// The bound and slack index of primary column `c` (past both regions for any
    /// other column, which only a damaged block gives).
    fn p(&self, c: u32) -> usize {
        c.wrapping_sub(1) as usize
    }

    fn bound_of(&self, c: u32) -> u32 {
        word::<T>(self.bound, self.p(c))
    }

    fn slack_of(&self, c: u32) -> u32 {
        word::<T>(self.slack, self.p(c))
    }

    /// Adds `by` (wrapping) to the bound of column `c`; returns the new bound.
    fn add_bound(&mut self, c: u32, by: u32) -> u32 {
        let b = self.bound_of(c).wrapping_add(by);
        set_word::<T>(self.bound, self.p(c), b);
        b
    }

    /// Takes the other nodes of the row of `cur`, left to right.
    fn commit_rest(&mut self, cur: u32, t: &mut Tally) {
        let fuel = &mut fuel_for(self.nodes);
        let mut pp = cur.wrapping_add(1);
        pp = loop {
            let [u, _, cc] = at::<T, 3>(self.nodes, pp);
            if is_spacer(cc) {
                break if in_row::<T>(u, cur, pp, self.nodes) {
                    u
                } else {
                    cur
                };
            }
            self.commit(pp, cc, t, fuel);
            pp = pp.wrapping_add(1);
        };
        while pp != cur && fuelled::<T>(fuel) {
            let cc = at::<T, 3>(self.nodes, pp)[TOP];
            self.commit(pp, cc, t, fuel);
            pp = pp.wrapping_add(1);
        }
    }

    /// Takes node `pp` of column `cc` (for `commit_rest`).
    #[inline(always)]
    fn commit(&mut self, pp: u32, cc: u32, t: &mut Tally, fuel: &mut u64) {
        if cc <= self.primary {
            if self.add_bound(cc, u32::MAX) == 0 {
                self.cover(cc, true, t, fuel);
            }
        } else {
            match word::<T>(self.colour, pp) {
                0 => self.cover(cc, true, t, fuel),
                PURIFIED => {}
                _ => self.links().purify(pp, t, fuel),
            }
        }
    }

    /// The exact inverse of `commit_rest`, right to left; returns the link steps it
    /// took (the fuel it used).
    fn uncommit_rest(&mut self, cur: u32) -> u64 {
        let full = fuel_for(self.nodes);
        let fuel = &mut fuel_for(self.nodes);
        let mut pp = cur.wrapping_sub(1);
        pp = loop {
            let [_, d, cc] = at::<T, 3>(self.nodes, pp);
            if is_spacer(cc) {
                let inside = in_row::<T>(pp.wrapping_add(1), cur, d.wrapping_add(1), self.nodes);
                break if inside { d } else { cur };
            }
            spend::<T>(fuel);
            self.uncommit(pp, cc, fuel);
            pp = pp.wrapping_sub(1);
        };
        while pp != cur && fuelled::<T>(fuel) {
            let cc = at::<T, 3>(self.nodes, pp)[TOP];
            spend::<T>(fuel);
            self.uncommit(pp, cc, fuel);
            pp = pp.wrapping_sub(1);
        }
        full - *fuel
    }

    #[inline(always)]
    fn uncommit(&mut self, pp: u32, cc: u32, fuel: &mut u64) {
        if cc <= self.primary {
            if self.bound_of(cc) == 0 {
                self.uncover(cc, true, fuel);
            }
            self.add_bound(cc, 1);
        } else {
            match word::<T>(self.colour, pp) {
                0 => self.uncover(cc, true, fuel),
                PURIFIED => {}
                _ => self.links().unpurify(pp, fuel),
            }
        }
    }

    /// DLX3's choice: the least branching degree `len + min(slack, bound) - bound
    /// + 1`; ties to the smaller `min(slack, bound)`, then to the longer list, then
    /// to the first (or a random one when `rng` is given).
    ///
    /// Looks at every item at most once, also in a list scribbled into a cycle.
    fn choose(&self, mut rng: Option<&mut u64>) -> (u32, i64) {
        let (mut best, mut score) = (ROOT, INFTY);
        let (mut best_s, mut best_l, mut ties) = (0u32, 0u32, 0u32);
        let mut left = self.items.len();
        let mut k = at::<T, 2>(self.items, ROOT)[RIGHT];
        while k != ROOT && left != 0 {
            left -= 1;
            let (t, s, len) = self.key(k);
            if t <= score {
                if t < score || s < best_s || (s == best_s && len > best_l) {
                    (score, best, best_s, best_l, ties) = (t, k, s, len, 1);
                } else if s == best_s && len == best_l {
                    ties += 1;
                    if let Some(state) = rng.as_deref_mut() {
                        if rng::below(state, ties) == 0 {
                            best = k;
                        }
                    }
                }
            }
            k = at::<T, 2>(self.items, k)[RIGHT];
        }
        (best, score)
    }

    /// DLX3's order of choice among columns: `choose` takes the least key.
    #[inline(always)]
    fn key(&self, c: u32) -> (i64, u32, u32) {
        let (b, len) = (self.bound_of(c), at::<T, 3>(self.nodes, c)[TOP]);
        let s = self.slack_of(c).min(b);
        (i64::from(len) + i64::from(s) - i64::from(b) + 1, s, len)
    }

    fn is_active(&self, c: u32) -> bool {
        let l = at::<T, 2>(self.items, c)[LEFT];
        at::<T, 2>(self.items, l)[RIGHT] == c
    }

    /// The start of a level on column `best`: one use of its bound taken, covered
    /// when none is left. Returns the level's first tweaked node (0 when the
    /// column's rows are not tweaked: it takes exactly one more).
    #[inline(always)]
    fn take_column(&mut self, best: u32, t: &mut Tally) -> u32 {
        let first = at::<T, 3>(self.nodes, best)[DOWN];
        let b = self.add_bound(best, u32::MAX);
        if b == 0 {
            self.cover(best, true, t, &mut fuel_for(self.nodes));
        }
        if b == 0 && self.slack_of(best) == 0 {
            0
        } else {
            first
        }
    }

    /// Whether the level may try `cur` (a row of its column, or the column itself
    /// for the null move): DLX3's test before each choice.
    #[inline(always)]
    fn passes(&self, cur: u32) -> bool {
        let best = self.item_of(cur);
        let (b, s) = (self.bound_of(best), self.slack_of(best));
        if b == 0 && s == 0 {
            cur != best
        } else {
            i64::from(at::<T, 3>(self.nodes, best)[TOP]) > i64::from(b) - i64::from(s)
        }
    }

    /// Tries `cur` on its level when it passes: tweaks it out of its column (or
    /// drops the column for the null move) and takes the rest of its row.
    #[inline(always)]
    fn try_choice(&mut self, cur: u32, t: &mut Tally) -> bool {
        if !self.passes(cur) {
            return false;
        }
        self.tweak_tried(cur, t);
        if cur > self.columns {
            self.commit_rest(cur, t);
        }
        true
    }

    /// What trying `cur` leaves behind once its subtree is done: the row tweaked
    /// out of its column (blocked while the column may take more), or the column
    /// dropped for the null move; nothing when the column takes exactly one more.
    #[inline(always)]
    fn tweak_tried(&mut self, cur: u32, t: &mut Tally) {
        let best = self.item_of(cur);
        let b = self.bound_of(best);
        if b == 0 && self.slack_of(best) == 0 {
            return;
        }
        if cur != best {
            self.tweak(cur, b != 0, t);
        } else if b != 0 {
            self.unlink(best);
        }
    }

    fn item_of(&self, x: u32) -> u32 {
        if x <= self.columns {
            x
        } else {
            at::<T, 3>(self.nodes, x)[TOP]
        }
    }
}

/// What ended a run of Algorithm M before its end or its budget.
pub(super) enum Halt {
    /// A solution at this depth.
    Solution(usize),
    /// The search reached a node at the split depth (see [`Reach`]).
    Node,
}

/// The part of the tree a run of Algorithm M explores: the subtree of the level
/// it starts on (`floor`: the run ends when it backs up to it), stopping at every
/// node of depth `split` instead of entering it.
#[derive(Clone, Copy)]
pub(super) struct Reach {
    pub(super) floor: usize,
    pub(super) split: usize,
}

impl Reach {
    /// The whole tree.
    pub(super) const WHOLE: Reach = Reach {
        floor: 0,
        split: usize::MAX,
    };
}

impl XSolver<'_> {
    fn m<const T: bool>(&mut self) -> (M<'_, T>, &mut [u32], &mut [u32], &mut [u32]) {
        let columns = self.columns();
        let primary = self.h.dims.primary;
        (
            M {
                items: self.items,
                nodes: self.nodes,
                colour: self.colour,
                bound: self.bound,
                slack: self.slack,
                columns,
                primary,
            },
            self.stack,
            self.tweak,
            self.score,
        )
    }

    /// Puts everything back as it was before the search: the links in the rows'
    /// order, the colours as added, the bounds as set (with bounds). Linear in the
    /// block.
    pub(super) fn pristine(&mut self) {
        // Every row and every spacer, the last one too (a row walk skips purified
        // nodes before it looks for a spacer).
        let end = (self.first_spacer() + self.h.rows + self.h.entries) as usize;
        let first = self.first_spacer() as usize;
        self.colour[first..=end].copy_from_slice(&self.base[first..=end]);
        self.init_items();
        let c = self.columns();
        for i in 1..=c {
            self.nodes[i as usize] = [i, i, 0];
        }
        for i in 0..self.h.rows as usize {
            self.link_row(word::<false>(self.row_start, self.order[i]));
        }
        // (Without bounds the region is empty.)
        for i in 0..self.bound.len() {
            self.bound[i] = self.hi[i];
            self.slack[i] = self.hi[i].wrapping_sub(self.lo[i]);
        }
    }

    /// Starts a search: the seed's row order, pristine links, the forced rows
    /// applied, the figures zero. False (and the search done) when the forced rows
    /// exceed the bounds.
    pub(super) fn start_m(&mut self) -> bool {
        use super::super::header::Phase;
        self.h.rng = self.h.seed;
        self.shuffle_order();
        self.pristine();
        let feasible = self.force_rows();
        self.h.restart();
        self.call = CallState::starting_at(self.h.updates);
        (self.h.own.mstate, self.h.phase) = if feasible {
            (FORWARD, Phase::Forward)
        } else {
            (DONE, Phase::Done)
        };
        feasible
    }

    /// Algorithm M from a fresh start or from where the last call stopped; as
    /// `run_until` for Algorithm C.
    pub(super) fn run_m(
        &mut self,
        budget: u64,
        record: bool,
        solutions_left: u64,
    ) -> Result<Step, Error> {
        use super::super::header::Phase;
        self.h.set(FLAG_HAS_SOLUTION, false);
        let phase = self.h.phase;
        if phase == Phase::Done || (phase == Phase::Fresh && !self.start_m()) {
            return Ok(Step::Exhausted);
        }
        Ok(match self.dance_m(budget, solutions_left, Reach::WHOLE)? {
            Some(Halt::Solution(depth)) => {
                if record {
                    self.record_m(depth);
                }
                Step::Solution
            }
            // (No split depth: a node never halts this run.)
            Some(Halt::Node) => Step::BudgetSpent,
            None if self.h.phase == Phase::Done => Step::Exhausted,
            None => Step::BudgetSpent,
        })
    }

    /// Shows the solution found at `depth`: the forced rows, then the rows taken on
    /// the levels above it (null moves take none).
    fn record_m(&mut self, depth: usize) {
        let mut n = self.h.forced as usize;
        for l in 0..depth {
            let x = word::<false>(self.stack, l);
            // (Only a damaged block has more rows than the solution region holds.)
            if x > self.columns() && n < self.sol.len() {
                self.sol[n] = self.row_of(x);
                n += 1;
            }
        }
        self.h.sol_len = n as u32;
        self.h.set(FLAG_HAS_SOLUTION, true);
    }

    /// The loop of Algorithm M over `reach` until `solutions_left` more solutions,
    /// a node at the split depth, the end (phase `Done`) or the budget.
    pub(super) fn dance_m(
        &mut self,
        budget: u64,
        solutions_left: u64,
        reach: Reach,
    ) -> Result<Option<Halt>, Error> {
        use super::super::header::Phase;
        let mut left = solutions_left;
        self.search(
            budget,
            |x, budget, trusted| {
                if trusted {
                    x.dance_m_on::<true>(budget, &mut left, reach)
                } else {
                    x.dance_m_on::<false>(budget, &mut left, reach)
                }
            },
            |x, halt| halt.is_none() && x.h.phase != Phase::Done,
        )
    }

    /// The loop of [`XSolver::dance_m`], checked (`T` false) or on a validated
    /// block; `solutions_left` counts down the solutions it passes.
    fn dance_m_on<const T: bool>(
        &mut self,
        budget: u64,
        solutions_left: &mut u64,
        reach: Reach,
    ) -> Option<Halt> {
        use super::super::header::Phase;
        let limit = crate::outcome::update_limit(self.h.updates, budget);
        // Steps without an update since the last one, weighed by the link steps of
        // their uncovers and untweaks: in a sound block a few null moves and steps
        // back that undo earlier updates, fewer than three node counts; a damaged
        // block could take them for ever, so a checked run stops past four (the
        // search resumes where it stood), as the plain solver's loop. A trusted
        // run counts none.
        let idle_limit = Idle::limit::<T>(self.nodes.len());
        let mut idle = self.call.idle;
        let random = self.h.seed != 0;
        let mut h = self.h;
        let mut t = Tally {
            updates: h.updates,
            cleansings: h.own.cleansings,
        };
        let mut state = h.own.mstate;
        let mut level = h.level as usize;
        // With a seed, the random state the column choices draw from along their path.
        let base = h.rng;
        let mut halt = None;
        {
            let (mut m, stack, tweak, scores) = self.m::<T>();
            loop {
                let mut steps = 0;
                match state {
                    FORWARD => {
                        if level == reach.split {
                            state = BACKDOWN;
                            halt = Some(Halt::Node);
                            break;
                        }
                        h.nodes = h.nodes.wrapping_add(1);
                        let mut draws = random.then(|| draw_state(base, stack, level as u32));
                        let (best, score) = m.choose(draws.as_mut());
                        if score <= 0 {
                            state = BACKDOWN;
                        } else if score == INFTY {
                            h.solutions = h.solutions.wrapping_add(1);
                            state = BACKDOWN;
                            *solutions_left -= 1;
                            if *solutions_left == 0 {
                                halt = Some(Halt::Solution(level));
                                break;
                            }
                        } else {
                            // (1 <= score <= the column's length + 1.)
                            set_word::<T>(scores, level, score as u32);
                            let first = m.take_column(best, &mut t);
                            set_word::<T>(tweak, level, first);
                            set_word::<T>(stack, level, at::<T, 3>(m.nodes, best)[DOWN]);
                            state = ADVANCE;
                        }
                    }
                    ADVANCE => {
                        let cur = word::<T>(stack, level);
                        if m.try_choice(cur, &mut t) {
                            level += 1;
                            h.max_depth = h.max_depth.max(level as u32);
                            state = FORWARD;
                        } else {
                            state = BACKUP;
                        }
                    }
                    BACKUP => {
                        let best = m.item_of(word::<T>(stack, level));
                        let b = m.bound_of(best);
                        let full = fuel_for(m.nodes);
                        let fuel = &mut fuel_for(m.nodes);
                        if b == 0 && m.slack_of(best) == 0 {
                            m.uncover(best, true, fuel);
                        } else {
                            m.untweak(best, word::<T>(tweak, level), b != 0, fuel);
                        }
                        steps = full - *fuel;
                        m.add_bound(best, 1);
                        state = BACKDOWN;
                    }
                    _ => {
                        // BACKDOWN
                        if level <= reach.floor {
                            state = DONE;
                            break;
                        }
                        level -= 1;
                        let cur = word::<T>(stack, level);
                        if cur <= m.columns {
                            m.relink(cur);
                            state = BACKUP;
                        } else {
                            steps = m.uncommit_rest(cur);
                            set_word::<T>(stack, level, at::<T, 3>(m.nodes, cur)[DOWN]);
                            state = ADVANCE;
                        }
                    }
                }
                if !T {
                    idle.step(t.updates, steps);
                }
                if t.updates >= limit || idle.over(idle_limit) {
                    break;
                }
            }
        }
        h.updates = t.updates;
        h.own.cleansings = t.cleansings;
        h.level = level as u32;
        h.own.mstate = state;
        h.phase = if state == DONE {
            Phase::Done
        } else {
            Phase::Forward
        };
        self.h = h;
        self.call.idle = idle;
        halt
    }

    /// Replays the first `levels` levels of the level stack on a search just
    /// started, as Algorithm M took them: each level's column is one `choose` can
    /// pick there, its row (or null move) is reached in the column's list after
    /// rows that each passed the level's test, and it passes it too. Rebuilds the
    /// levels' tweaks and scores. With `entered`, level `levels` is entered too, its
    /// column taken and its first row on the stack, not tried yet (where a search
    /// stops in `ADVANCE`). Returns the updates of the last step replayed (the last
    /// row tried, or the column taken); `None` for a path the search never takes
    /// (the links are then half replayed: start again before searching).
    pub(super) fn replay_m(&mut self, levels: usize, entered: bool) -> Option<u64> {
        let primary = self.h.dims.primary;
        let (fs, entries) = (self.first_spacer(), self.h.entries);
        let end = fs + self.h.rows + entries;
        let (random, base) = (self.h.seed != 0, self.h.rng);
        let mut t = Tally::default();
        let mut last = 0;
        let (mut m, stack, tweak, scores) = self.m::<false>();
        for l in 0..levels + usize::from(entered) {
            let x = *stack.get(l)?;
            let is_row = x > fs && x < end && !is_spacer(at::<false, 3>(m.nodes, x)[TOP]);
            let p = if is_row {
                at::<false, 3>(m.nodes, x)[TOP]
            } else {
                x
            };
            if p == ROOT || p > primary || !m.is_active(p) {
                return None;
            }
            let mut state = random.then(|| draw_state(base, stack, l as u32));
            let (best, score) = m.choose(state.as_mut());
            if score <= 0 || score == INFTY || p != best {
                return None;
            }
            *scores.get_mut(l)? = score as u32;
            let before = t.updates;
            *tweak.get_mut(l)? = m.take_column(p, &mut t);
            last = t.updates.wrapping_sub(before);
            let mut cur = at::<false, 3>(m.nodes, p)[DOWN];
            let mut steps = 0;
            while cur != x {
                // A row tried before `x`: it passed, and was tweaked out of the way.
                if cur == p || !m.passes(cur) || steps > entries || l == levels {
                    return None;
                }
                m.tweak_tried(cur, &mut t);
                cur = at::<false, 3>(m.nodes, cur)[DOWN];
                steps += 1;
            }
            if l < levels {
                let before = t.updates;
                if !m.try_choice(x, &mut t) {
                    return None;
                }
                last = t.updates.wrapping_sub(before);
            }
        }
        Some(last)
    }

    /// Whether no primary column is left to choose: a solution stands at this level.
    pub(super) fn all_settled(&self) -> bool {
        at::<false, 2>(self.items, ROOT)[RIGHT] == ROOT
    }

    /// Whether `row` may be forced beside the first `n` forced rows: not one of
    /// them, and every secondary column it shares with them given one colour
    /// throughout (never none); with `bounds`, also no primary column taken more
    /// often than its upper bound (bounds lowered later are allowed to break that:
    /// the search then has no solution).
    pub(super) fn forced_fits(
        &self,
        row: u32,
        n: usize,
        bounds: bool,
    ) -> Result<(), crate::outcome::Error> {
        use crate::outcome::Error;
        let forced = self.sol.get(..n).ok_or(Error::Corrupt)?;
        if forced.contains(&row) {
            return Err(Error::Conflict);
        }
        let mut y = word::<false>(self.row_start, row);
        while !is_spacer(at::<false, 3>(self.nodes, y)[TOP]) {
            let (c, k) = (
                at::<false, 3>(self.nodes, y)[TOP],
                word::<false>(self.base, y),
            );
            let mut uses = 1u32;
            for &f in forced {
                let mut z = word::<false>(self.row_start, f);
                while !is_spacer(at::<false, 3>(self.nodes, z)[TOP]) {
                    if at::<false, 3>(self.nodes, z)[TOP] == c {
                        let agree = k != 0 && word::<false>(self.base, z) == k;
                        if c > self.h.dims.primary && !agree {
                            return Err(Error::Conflict);
                        }
                        uses = uses.wrapping_add(1);
                    }
                    z = z.wrapping_add(1);
                }
            }
            let hi = word::<false>(self.hi, c.wrapping_sub(1));
            if bounds && c <= self.h.dims.primary && uses > hi {
                return Err(Error::Conflict);
            }
            y = y.wrapping_add(1);
        }
        Ok(())
    }

    /// Applies the forced rows to the pristine links, as if each were chosen (not
    /// counted in the figures): the row leaves every list, each of its primary
    /// columns takes one use of its bound (covered at zero), each secondary column is
    /// committed. False, with the links left pristine, when the bounds no longer
    /// allow them (lowered after the rows were forced): the search has no solution.
    pub(super) fn force_rows(&mut self) -> bool {
        let forced = self.h.forced as usize;
        let primary = self.h.dims.primary;
        // First whether the bounds allow the rows at all (nothing is linked or hidden
        // yet, so a refusal leaves the links and bounds pristine).
        let mut feasible = true;
        for &row in &self.sol[..forced] {
            let mut x = word::<false>(self.row_start, row);
            while !is_spacer(at::<false, 3>(self.nodes, x)[TOP]) {
                let c = at::<false, 3>(self.nodes, x)[TOP];
                if let Some(b) = self.bound.get_mut(c.wrapping_sub(1) as usize) {
                    feasible &= *b != 0;
                    *b = b.saturating_sub(1);
                }
                x = x.wrapping_add(1);
            }
        }
        self.bound[..primary as usize].copy_from_slice(&self.hi[..primary as usize]);
        if !feasible {
            return false;
        }
        let mut t = Tally::default();
        for i in 0..forced {
            let x = word::<false>(self.row_start, self.sol[i]);
            let (mut m, ..) = self.m::<false>();
            let mut nn = x;
            while !is_spacer(at::<false, 3>(m.nodes, nn)[TOP]) {
                m.hide(nn, &mut t);
                nn = nn.wrapping_add(1);
            }
            let fuel = &mut fuel_for(m.nodes);
            let mut pp = x;
            while !is_spacer(at::<false, 3>(m.nodes, pp)[TOP]) {
                let cc = at::<false, 3>(m.nodes, pp)[TOP];
                m.commit(pp, cc, &mut t, fuel);
                pp = pp.wrapping_add(1);
            }
        }
        true
    }

    /// With a seed, a random link order of the rows (before `pristine` links them).
    fn shuffle_order(&mut self) {
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
    }

    /// Gives primary column `col` the bounds [lo, hi] (1 <= hi, lo <= hi); [1, 1]
    /// is an ordinary primary column.
    pub fn set_bounds(&mut self, col: u32, lo: u32, hi: u32) -> Result<(), crate::outcome::Error> {
        use crate::outcome::Error;
        if self.h.phase.searching() {
            return Err(Error::State);
        }
        if col >= self.h.dims.primary {
            return Err(Error::Column);
        }
        if hi == 0 || lo > hi || self.h.dims.bounded == 0 {
            return Err(Error::Arg);
        }
        let i = col as usize;
        let was = (self.lo[i], self.hi[i]) != (1, 1);
        let will = (lo, hi) != (1, 1);
        if will && !was && self.h.own.nbounded >= self.h.dims.bounded {
            return Err(Error::Capacity);
        }
        // (Wrapping: the count is the caller's header word.)
        self.h.own.nbounded = self
            .h
            .own
            .nbounded
            .wrapping_add(u32::from(will))
            .wrapping_sub(u32::from(was));
        self.lo[i] = lo;
        self.hi[i] = hi;
        self.h.phase = super::super::header::Phase::Fresh;
        self.h.set(FLAG_HAS_SOLUTION, false);
        Ok(())
    }
}
