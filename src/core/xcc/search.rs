//! Algorithm C: the dance with colours (cover, purify and their inverses) and the
//! iterative search loop, counted exactly as Knuth's DLX2 counts.

use super::super::header::Phase;
use super::super::solver::Step;
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
pub(super) struct Links<'s> {
    pub(super) items: &'s mut [[u32; 2]],
    pub(super) nodes: &'s mut [[u32; 3]],
    pub(super) colour: &'s mut [u32],
}

impl Links<'_> {
    /// Hides the nodes of the row of `rr` other than `rr`, left to right cyclically,
    /// skipping nodes already purified; returns the nodes hidden.
    #[inline(always)]
    fn hide_rest(&mut self, rr: u32) -> u64 {
        let mut n = 0;
        let mut nn = rr + 1;
        while nn != rr {
            if self.colour[nn as usize] != PURIFIED {
                let [u, d, c] = self.nodes[nn as usize];
                if is_spacer(c) {
                    nn = u;
                    continue;
                }
                self.nodes[u as usize][DOWN] = d;
                self.nodes[d as usize][UP] = u;
                self.nodes[c as usize][TOP] -= 1;
                n += 1;
            }
            nn += 1;
        }
        n
    }

    /// The exact inverse of [`Links::hide_rest`], right to left.
    #[inline(always)]
    fn unhide_rest(&mut self, rr: u32) {
        let mut nn = rr - 1;
        while nn != rr {
            if self.colour[nn as usize] != PURIFIED {
                let [u, d, c] = self.nodes[nn as usize];
                if is_spacer(c) {
                    nn = d;
                    continue;
                }
                self.nodes[u as usize][DOWN] = nn;
                self.nodes[d as usize][UP] = nn;
                self.nodes[c as usize][TOP] += 1;
            }
            nn -= 1;
        }
    }

    /// Knuth's cover of item `c`: unlink it, hide every row in its list.
    pub(super) fn cover(&mut self, c: u32, t: &mut Tally) {
        let [l, r] = self.items[c as usize];
        self.items[l as usize][RIGHT] = r;
        self.items[r as usize][LEFT] = l;
        t.updates += 1;
        let mut rr = self.nodes[c as usize][DOWN];
        while rr != c {
            t.updates += self.hide_rest(rr);
            rr = self.nodes[rr as usize][DOWN];
        }
    }

    pub(super) fn uncover(&mut self, c: u32) {
        let mut rr = self.nodes[c as usize][UP];
        while rr != c {
            self.unhide_rest(rr);
            rr = self.nodes[rr as usize][UP];
        }
        let [l, r] = self.items[c as usize];
        self.items[l as usize][RIGHT] = c;
        self.items[r as usize][LEFT] = c;
    }

    /// Knuth's purify: node `p` fixes its item's colour; rows of another colour are
    /// hidden, rows of the same colour are marked as known. In Algorithm C the row of
    /// `p` is already hidden when this runs; Algorithm M (DLX3) keeps it in the list,
    /// and `p` keeps its colour.
    pub(super) fn purify(&mut self, p: u32, t: &mut Tally) {
        let cc = self.nodes[p as usize][TOP];
        let x = self.colour[p as usize];
        t.cleansings += 1;
        let mut rr = self.nodes[cc as usize][DOWN];
        while rr != cc {
            if self.colour[rr as usize] != x {
                t.updates += self.hide_rest(rr);
            } else if rr != p {
                t.cleansings += 1;
                self.colour[rr as usize] = PURIFIED;
            }
            rr = self.nodes[rr as usize][DOWN];
        }
    }

    pub(super) fn unpurify(&mut self, p: u32) {
        let cc = self.nodes[p as usize][TOP];
        let x = self.colour[p as usize];
        let mut rr = self.nodes[cc as usize][UP];
        while rr != cc {
            if self.colour[rr as usize] == PURIFIED {
                self.colour[rr as usize] = x;
            } else if rr != p {
                self.unhide_rest(rr);
            }
            rr = self.nodes[rr as usize][UP];
        }
    }

    /// Commits node `p`: covers an uncoloured item, purifies a coloured one, and
    /// does nothing for a node already known to agree.
    #[inline(always)]
    fn commit(&mut self, p: u32, t: &mut Tally) {
        match self.colour[p as usize] {
            0 => self.cover(self.nodes[p as usize][TOP], t),
            PURIFIED => {}
            _ => self.purify(p, t),
        }
    }

    #[inline(always)]
    fn uncommit(&mut self, p: u32) {
        match self.colour[p as usize] {
            0 => self.uncover(self.nodes[p as usize][TOP]),
            PURIFIED => {}
            _ => self.unpurify(p),
        }
    }

    /// Commits the other nodes of the row of `x`, left to right cyclically.
    pub(super) fn commit_rest(&mut self, x: u32, t: &mut Tally) {
        let mut p = x + 1;
        while p != x {
            let [u, _, c] = self.nodes[p as usize];
            if is_spacer(c) {
                p = u;
                continue;
            }
            self.commit(p, t);
            p += 1;
        }
    }

    pub(super) fn uncommit_rest(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let [_, d, c] = self.nodes[p as usize];
            if is_spacer(c) {
                p = d;
                continue;
            }
            self.uncommit(p);
            p -= 1;
        }
    }

    /// The first primary item of least length (DLX2's choice), or a random one among
    /// the ties when `rng` is given.
    pub(super) fn choose(&self, rng: Option<&mut u64>) -> u32 {
        let mut best = ROOT;
        let mut min = u32::MAX;
        let mut ties = 0;
        let mut k = self.items[ROOT as usize][RIGHT];
        match rng {
            None => {
                while k != ROOT {
                    let len = self.nodes[k as usize][TOP];
                    if len < min {
                        best = k;
                        min = len;
                        if len == 0 {
                            break;
                        }
                    }
                    k = self.items[k as usize][RIGHT];
                }
            }
            Some(state) => {
                while k != ROOT {
                    let len = self.nodes[k as usize][TOP];
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
                    k = self.items[k as usize][RIGHT];
                }
            }
        }
        best
    }
}

impl XSolver<'_> {
    pub(super) fn links(&mut self) -> Links<'_> {
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
        let c = l.nodes[x as usize][TOP];
        l.cover(c, &mut t);
        l.commit_rest(x, &mut t);
    }

    pub(super) fn uncover_row(&mut self, x: u32) {
        let mut l = self.links();
        l.uncommit_rest(x);
        let c = l.nodes[x as usize][TOP];
        l.uncover(c);
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
            let mut x = self.row_start[self.order[i] as usize];
            while !is_spacer(self.nodes[x as usize][TOP]) {
                self.append(x);
                x += 1;
            }
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
    }

    /// The search loop (see the plain solver's `run_until`): stops at the
    /// `solutions_left`-th solution, at the end, or when the budget is spent.
    pub(super) fn run_until(&mut self, budget: u64, record: bool, mut solutions_left: u64) -> Step {
        self.h.set(FLAG_HAS_SOLUTION, false);
        match self.h.phase {
            Phase::Fresh => self.start_search(),
            Phase::Done => return Step::Exhausted,
            _ => {}
        }
        let limit = crate::outcome::update_limit(self.h.updates, budget);
        if self.h.phase == Phase::Start {
            if self.items[ROOT as usize][RIGHT] == ROOT {
                self.h.phase = Phase::Done;
                return self.found(record, 0);
            }
            self.h.phase = Phase::Forward;
        }
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
        let mut l = Links {
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
        let mut rng = h.rng;
        let mut enter = h.phase;
        let (phase, step) = 'search: loop {
            if enter == Phase::Recover {
                let cur = stack[level as usize];
                l.uncommit_rest(cur);
                stack[level as usize] = l.nodes[cur as usize][DOWN];
                enter = Phase::Advance;
                if t.updates >= limit {
                    break 'search (Phase::Advance, Step::BudgetSpent);
                }
            }
            if enter == Phase::Forward {
                tree += 1;
                let best = l.choose(if random { Some(&mut rng) } else { None });
                l.cover(best, &mut t);
                stack[level as usize] = l.nodes[best as usize][DOWN];
                if t.updates >= limit {
                    break 'search (Phase::Advance, Step::BudgetSpent);
                }
            }
            let cur = stack[level as usize];
            if cur <= columns {
                l.uncover(cur);
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
            if l.items[ROOT as usize][RIGHT] == ROOT {
                solutions_left -= 1;
                if solutions_left == 0 {
                    break 'search (Phase::Recover, Step::Solution);
                }
                tree += 1;
                solutions += 1;
                enter = Phase::Recover;
            } else {
                level += 1;
                enter = Phase::Forward;
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
        h.rng = rng;
        match step {
            Step::Solution => self.found(record, level + 1),
            other => other,
        }
    }

    fn found(&mut self, record: bool, depth: u32) -> Step {
        self.h.nodes += 1;
        self.h.solutions += 1;
        if record {
            let forced = self.h.forced as usize;
            for i in 0..depth as usize {
                let row = self.row_of(self.stack[i]);
                self.sol[forced + i] = row;
            }
            self.h.sol_len = self.h.forced + depth;
            self.h.set(FLAG_HAS_SOLUTION, true);
        }
        Step::Solution
    }

    /// The row id of node `x`: the spacer after a row holds minus (its id + 1).
    pub(super) fn row_of(&self, mut x: u32) -> u32 {
        while !is_spacer(self.nodes[x as usize][TOP]) {
            x += 1;
        }
        self.nodes[x as usize][TOP].wrapping_neg() - 1
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
                let cur = self.stack[level as usize];
                let c = self.column_of(cur);
                self.links().uncover(c);
                level
            }
            Phase::Recover => {
                let cur = self.stack[level as usize];
                self.uncover_row(cur);
                level
            }
        };
        for lv in (0..chosen).rev() {
            self.uncover_row(self.stack[lv as usize]);
        }
        self.h.level = 0;
        self.h.phase = Phase::Fresh;
        self.h.set(FLAG_HAS_SOLUTION, false);
    }

    pub(super) fn column_of(&self, x: u32) -> u32 {
        if x <= self.columns() {
            x
        } else {
            self.nodes[x as usize][TOP]
        }
    }

    /// Counts solutions of a fresh search up to `limit` (0 = no limit); leaves the
    /// solver reset.
    pub fn count(&mut self, limit: u64) -> u64 {
        self.reset();
        let stop_at = if limit == 0 { u64::MAX } else { limit };
        if self.h.dims.bounded != 0 {
            self.run_m(0, false, stop_at);
        } else {
            self.run_until(0, false, stop_at);
        }
        let n = self.h.solutions;
        self.reset();
        n
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
