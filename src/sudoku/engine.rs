//! The Sudoku search: candidate bit sets per cell, naked and hidden singles, and a
//! resumable depth-first search.
//!
//! Safe Rust only, no allocation, no recursion, no panics on any block content (every
//! read of the block goes through a checked accessor).
//!
//! Every cell holds the set of symbols it may still take (bit `s` = symbol `s + 1`);
//! every symbol the set of cells that may still take it (a bit set over the cells, so
//! that placing a symbol visits only the cells that lose it). A *unit* is a row, a
//! column, a region (box or jigsaw region) or, in Sudoku X, one of the two main
//! diagonals: `n` cells that hold every symbol once.
//!
//! Propagation: a cell with one candidate left (a naked single) removes its symbol
//! from the other cells of its units; every unit that lost a candidate is then
//! scanned: a symbol with no place left there is a contradiction, a symbol with one
//! place (a hidden single) goes there. Branching: the open cell with the fewest
//! candidates (the first one with two), its symbols in increasing order (in random
//! order for generation).
//!
//! The search state, all in the caller's block:
//!
//! - `mask`: the candidates of every cell (one word per cell for `n <= 32`, two above),
//!   and `cand`, the same by symbol;
//! - `trail`: one word per candidate eliminated since the givens were set,
//!   `cell << 6 | symbol`. Undoing pops entries and sets the bits back. Along any path
//!   every entry removes a different (cell, symbol) and no cell ever loses its last
//!   candidate, so the trail never holds more than `n * n * (n - 1)` entries;
//! - `levels`: one record per open branch point ([`LEVEL_WORDS`] words). Every open
//!   level placed its own cell, so there are at most `n * n`;
//! - `queue`: cells that became single and still have to be propagated (scratch of
//!   one step; each cell enters at most once per step, so `n * n` words).
//!
//! One *step* is atomic: the first propagation of the givens, choosing a branch point,
//! or trying the next alternative at the newest branch point (undo, place, propagate).
//! Budgets are checked between steps, so a search split over any number of calls
//! makes the very same steps as one unbudgeted call. Counted: `updates` = candidate
//! eliminations (the budget's unit), `nodes` = placements (guesses and singles).

use crate::block::{get64, put64};
use crate::outcome::Error;
use crate::rng::below;

use super::mask::{rd, undo, Mask};
use super::nine;
use super::propagate::{mark, Dirty, Prop};

/// Search phases, as stored in the block.
pub const PHASE_START: u32 = 0;
pub const PHASE_DESCEND: u32 = 1;
pub const PHASE_RETRY: u32 = 2;
pub const PHASE_DONE: u32 = 3;

/// Words of one branch level: the cell and the unsolved count << 16, the trail mark,
/// and the untried symbols of the cell as two words.
pub const LEVEL_WORDS: usize = 4;

/// The search's words in the block header, at [`SEARCH_AT`]...
pub const SEARCH_AT: usize = 32;
/// Words of the search's part of the header.
pub const SEARCH_WORDS: usize = 16;
pub(super) const S_PHASE: usize = 0;
pub(super) const S_LEVELS: usize = 1;
const S_TRAIL: usize = 2;
pub(super) const S_UNSOLVED: usize = 3;
pub(super) const S_RANDOM: usize = 4;
pub(super) const S_MAX_DEPTH: usize = 5;
pub(super) const S_RNG: usize = 6; // u64
pub(super) const S_NODES: usize = 8; // u64
pub(super) const S_UPDATES: usize = 10; // u64
pub(super) const S_SOLUTIONS: usize = 12; // u64

/// What a run of steps ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every cell holds one symbol: a solution.
    Solution,
    /// No more solutions.
    Exhausted,
    /// The budget (or the update cap) ran out between two steps.
    Budget,
}

/// Updates a call spends before it checks the block's search state
/// ([`Search::sound`]): `8 n^3`, so that the check (at most a few passes over the
/// grid per open branch point) costs a sound search at most a few percent of its call,
/// and calls shorter than that nothing. Debug and fuzzing builds check after one
/// update, so that the tests and the fuzz targets check live blocks often.
pub fn checked_stretch(n: u32) -> u64 {
    if cfg!(any(debug_assertions, fuzzing)) {
        1
    } else {
        8 * u64::from(n).pow(3)
    }
}

/// What a helper keeps outside its block while it serves one call: the updates its
/// searches spent, until the block's search state is checked once
/// ([`Search::sound`]); a damaged block could make a search without a budget run for
/// ever (a cell with no candidate where no propagation looks again).
#[derive(Clone, Copy, Debug, Default)]
pub struct CallCheck {
    /// Updates spent by the call's searches so far.
    pub spent: u64,
    /// The state was found sound in this call (it stays so: only the search writes it).
    pub done: bool,
}

/// The figures of a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    /// Placements: cells fixed by a guess, a naked single or a hidden single.
    pub nodes: u64,
    /// Candidate eliminations.
    pub updates: u64,
    pub solutions: u64,
    /// Open branch points.
    pub depth: u32,
    pub max_depth: u32,
}

/// The parts of the block the search works on.
pub struct Search<'a> {
    pub n: u32,
    /// The search's part of the header ([`SEARCH_WORDS`] words).
    pub head: &'a mut [u32],
    /// The units of every cell, packed by [`cell_info`].
    pub info: &'a [u32],
    /// The cells of every unit, `n` per unit: rows, columns, regions, diagonals.
    pub units: &'a [u32],
    /// The cells of every unit as a bit set over the cells, [`bits_words`] words per
    /// unit.
    pub unit_bits: &'a [u32],
    /// Where each unit's cells are in its bit set: first word, and last word << 16.
    pub spans: &'a [u32],
    /// The cells that may still take each symbol, [`bits_words`] words per symbol.
    pub cand: &'a mut [u32],
    pub mask: &'a mut [u32],
    pub trail: &'a mut [u32],
    pub levels: &'a mut [u32],
    pub queue: &'a mut [u32],
    /// The box shape `box_rows << 8 | box_cols` when the regions are boxes and the
    /// diagonals are no units, else 0: then the branching tries the symbol of the
    /// pattern grid ([`pattern_symbol`]) first, which makes an empty grid (and any grid
    /// the pattern completes) solve without a single backtrack.
    pub pattern: u32,
    /// Searches with the 9x9 fast path (module `nine`) in `nine` instead.
    pub fast: bool,
    /// The fast path's words (`nine::WORDS`; empty unless `n` is 9).
    pub nine: &'a mut [u32],
    /// The call's check of the block ([`CallCheck`]).
    pub check: &'a mut CallCheck,
}

/// The symbol (0-based) of cell `(r, c)` in the pattern grid of boxes `br x bc`:
/// `(r mod br) * bc + r div br + c`, mod `n`. Rows and columns hold every symbol
/// once, and so does every box (its cells add `i * bc + j` to a constant).
pub fn pattern_symbol(br: u32, bc: u32, r: u32, c: u32) -> u32 {
    ((r % br) * bc + r / br + c) % (br * bc)
}

impl Search<'_> {
    fn cells(&self) -> usize {
        (self.n * self.n) as usize
    }

    /// Sets the candidates: `given[c]` 0 leaves every symbol but those in `forbid`
    /// (a symbol 1..n, or 0), else the given symbol alone. Drops the search and its
    /// figures; `random` makes the branching pick untried symbols at random from
    /// `seed`.
    pub fn set(&mut self, given: impl Fn(usize) -> u32, forbid: Option<(usize, u32)>, seed: u64) {
        if self.fast {
            nine::set(self.nine, given, forbid);
        } else if self.n > 32 {
            self.set_masks::<u64>(given, forbid);
        } else {
            self.set_masks::<u32>(given, forbid);
        }
        self.restart(seed);
    }

    /// Drops the search and its figures for a fast path state of the givens that is
    /// propagated already (generation's proofs, [`nine::proof_start`]), and opens the
    /// first branch point on `cell`.
    pub fn restart_propagated(&mut self, cell: usize) -> Result<(), Error> {
        self.restart(0);
        if self.fast {
            self.head[S_PHASE] = PHASE_DESCEND;
            nine::branch_on(self.head, self.nine, cell)?;
        }
        Ok(())
    }

    /// Drops the search and its figures, keeping the candidates set: next step the
    /// first propagation.
    fn restart(&mut self, seed: u64) {
        self.head.fill(0);
        self.head[S_PHASE] = PHASE_START;
        self.head[S_RANDOM] = u32::from(seed != 0);
        put64(self.head, S_RNG, seed);
    }

    fn set_masks<M: Mask>(&mut self, given: impl Fn(usize) -> u32, forbid: Option<(usize, u32)>) {
        let full = M::full(self.n);
        let w = bits_words(self.n);
        self.cand.fill(0);
        for c in 0..self.cells() {
            let v = given(c);
            let mut m = if v == 0 { full } else { M::bit(v - 1) & full };
            if let Some((k, w)) = forbid {
                if k == c && w != 0 && v == 0 {
                    m &= !M::bit(w - 1);
                }
            }
            M::put(self.mask, c, m);
            let mut r = m;
            while r != M::ZERO {
                let k = r.low() as usize;
                r = r.drop_low();
                if let Some(x) = self.cand.get_mut(k * w + c / 32) {
                    *x |= 1 << (c % 32);
                }
            }
        }
    }

    /// Undoes the whole search: the candidates of the givens again, next step the
    /// first propagation. Keeps the figures.
    pub fn rewind(&mut self) {
        if self.fast {
            nine::rewind(self.nine);
            self.head[S_LEVELS] = 0;
            self.head[S_PHASE] = PHASE_START;
            return;
        }
        let t = self.head[S_TRAIL] as usize;
        if self.n > 32 {
            undo::<u64>(self.mask, self.cand, self.n, self.trail, t, 0);
        } else {
            undo::<u32>(self.mask, self.cand, self.n, self.trail, t, 0);
        }
        self.head[S_TRAIL] = 0;
        self.head[S_LEVELS] = 0;
        self.head[S_PHASE] = PHASE_START;
    }

    /// The figures so far.
    pub fn figures(&self) -> Figures {
        Figures {
            nodes: get64(self.head, S_NODES),
            updates: get64(self.head, S_UPDATES),
            solutions: get64(self.head, S_SOLUTIONS),
            depth: self.head[S_LEVELS],
            max_depth: self.head[S_MAX_DEPTH],
        }
    }

    /// True when the header's search fields are in range.
    pub fn sane(&self) -> bool {
        if self.fast {
            return nine::sane(self.head);
        }
        let cells = self.cells() as u64;
        self.head[S_PHASE] <= PHASE_DONE
            && u64::from(self.head[S_LEVELS]) <= cells
            && (self.head[S_TRAIL] as usize) <= self.trail.len()
            && u64::from(self.head[S_UNSOLVED]) <= cells
    }

    /// True when the block's search state is one of the kind the search makes: the
    /// units as [`super::Sudoku::build`] lays them out (for boxes, or any regions of
    /// `n` cells each, with or without the diagonals); every propagated state it will
    /// go back to (the current one after a propagation, the one at each open branch
    /// point) with a candidate in every cell, every symbol with a place in every unit
    /// and no fixed symbol left in another cell of its units; the trail and the
    /// branch points in range and in order, each trail entry a candidate gone. So no
    /// contradiction lies where no propagation looks again, which would make the
    /// search below it run through a whole subtree for nothing (a damaged block could
    /// make a call without a budget endless). Not checked: that the state is the very
    /// one the search reached, and the counts (a wrong one gives a wrong answer).
    /// Leaves the block as it was; time linear in the cells for each open branch
    /// point and in the trail.
    pub fn sound(&mut self) -> bool {
        if self.fast {
            return nine::sound(self.head, self.nine);
        }
        if !self.sane() || !self.units_sound() {
            return false;
        }
        if self.n > 32 {
            self.history_sound::<u64>()
        } else {
            self.history_sound::<u32>()
        }
    }

    /// The units are laid out as `build` lays them out (see [`Search::sound`]).
    fn units_sound(&self) -> bool {
        let n = self.n as usize;
        let cells = self.cells();
        let w = bits_words(self.n);
        let (br, bc) = ((self.pattern >> 8) as usize, (self.pattern & 0xFF) as usize);
        // Sudoku X puts cell 0 on the main diagonal.
        let x = rd(self.info, 0) & 1 << 18 != 0;
        let info_ok = (0..cells).all(|c| {
            let (r, col) = (c / n, c % n);
            let i = rd(self.info, c);
            let region = (i >> 12 & 63) as usize;
            let boxed = br == 0 || region == (r / br) * br + col / bc;
            let diags = (u32::from(x && r == col) << 18) | (u32::from(x && r + col == n - 1) << 19);
            i & 0xFFF == (r | col << 6) as u32 && region < n && boxed && i >> 18 == diags >> 18
        });
        if !info_ok || self.units.len() < (3 * n + 2) * n {
            return false;
        }
        let listed = self.units.chunks(n).enumerate().all(|(u, unit)| {
            let ascending = unit.windows(2).all(|p| p[0] < p[1]);
            let right = unit.iter().enumerate().all(|(j, &c)| {
                let c = c as usize;
                c < cells
                    && match u / n {
                        0 => c == u * n + j,
                        1 => c == j * n + (u - n),
                        2 => (rd(self.info, c) >> 12 & 63) as usize == u - 2 * n,
                        _ if u == 3 * n => c == j * n + j,
                        _ => c == j * n + (n - 1 - j),
                    }
            });
            // The unit's bit set holds its cells and no other; its span their words.
            let (lo, hi) = (unit[0] as usize / 32, unit[n - 1] as usize / 32);
            let bits = (0..w)
                .map(|j| rd(self.unit_bits, u * w + j).count_ones())
                .sum::<u32>();
            let has = unit
                .iter()
                .all(|&c| rd(self.unit_bits, u * w + c as usize / 32) >> (c % 32) & 1 != 0);
            ascending
                && right
                && bits as usize == n
                && has
                && rd(self.spans, u) == (lo | hi << 16) as u32
        });
        listed
    }

    /// The trail, the branch points and the states they go back to (see
    /// [`Search::sound`]): undoes the trail down to each branch point's mark and looks
    /// at the state there, then redoes it all.
    fn history_sound<M: Mask>(&mut self) -> bool {
        let (n, cells) = (self.n, self.cells());
        let full = M::full(n);
        let w = bits_words(n);
        // The candidates by symbol agree with those by cell.
        let agree = (0..cells).all(|c| {
            let m = M::get(self.mask, c);
            m & !full == M::ZERO
                && (0..n).all(|k| {
                    let by_symbol = rd(self.cand, k as usize * w + c / 32) >> (c % 32) & 1 != 0;
                    by_symbol == (m & M::bit(k) != M::ZERO)
                })
        });
        let phase = self.head[S_PHASE];
        if !agree || (phase == PHASE_DESCEND && !self.settled::<M>()) {
            return false;
        }
        let tlen = self.head[S_TRAIL] as usize;
        let mut at = tlen;
        let mut ok = true;
        for lev in (0..self.head[S_LEVELS] as usize).rev() {
            let l = self.levels.get(lev * LEVEL_WORDS..(lev + 1) * LEVEL_WORDS);
            let Some(&[head, mark, lo, hi]) = l else {
                ok = false;
                break;
            };
            let (cell, mark) = ((head & 0xFFFF) as usize, mark as usize);
            let rem = M::from_u64(u64::from(lo) | u64::from(hi) << 32);
            if mark > at || cell >= cells || !self.restore::<M>(mark, at) {
                ok = false;
                break;
            }
            at = mark;
            let m = M::get(self.mask, cell);
            if rem == M::ZERO || rem & !m != M::ZERO || m.at_most_one() || !self.settled::<M>() {
                ok = false;
                break;
            }
        }
        if ok {
            ok = self.restore::<M>(0, at);
            if ok {
                at = 0;
            }
        }
        // Back to the state as it was: the entries undone lose their candidate again.
        for &e in self.trail.get(at..tlen).unwrap_or(&[]) {
            let (c, k) = ((e >> 6) as usize, e & 63);
            M::put(self.mask, c, M::get(self.mask, c) & !M::bit(k));
            if let Some(x) = self.cand.get_mut(k as usize * w + c / 32) {
                *x &= !(1 << (c % 32));
            }
        }
        ok
    }

    /// Undoes the trail entries `to..from`, each a candidate of a cell that the cell
    /// no longer has; false otherwise, with the entries it had undone redone (the
    /// block as it was).
    fn restore<M: Mask>(&mut self, to: usize, from: usize) -> bool {
        let (n, cells) = (self.n, self.cells());
        let Some(entries) = self.trail.get(to..from) else {
            return false;
        };
        for (i, &e) in entries.iter().enumerate().rev() {
            let (c, k) = ((e >> 6) as usize, e & 63);
            if c >= cells || k >= n || M::get(self.mask, c) & M::bit(k) != M::ZERO {
                // Redo the ones undone so far (`to + i + 1..from`).
                let w = bits_words(n);
                for &e in &entries[i + 1..] {
                    let (c, k) = ((e >> 6) as usize, e & 63);
                    M::put(self.mask, c, M::get(self.mask, c) & !M::bit(k));
                    if let Some(x) = self.cand.get_mut(k as usize * w + c / 32) {
                        *x &= !(1 << (c % 32));
                    }
                }
                return false;
            }
            undo::<M>(self.mask, self.cand, n, self.trail, to + i + 1, to + i);
        }
        true
    }

    /// The candidates are those of a propagated state (see [`Search::sound`]).
    fn settled<M: Mask>(&self) -> bool {
        let n = self.n as usize;
        let full = M::full(self.n);
        // The diagonals are units only with Sudoku X.
        let units = 3 * n
            + if rd(self.info, 0) & 1 << 18 != 0 {
                2
            } else {
                0
            };
        self.units.chunks(n).take(units).all(|unit| {
            let (mut once, mut fixed, mut twice_fixed) = (M::ZERO, M::ZERO, false);
            for &p in unit {
                let m = M::get(self.mask, p as usize);
                if m == M::ZERO {
                    return false;
                }
                if m.at_most_one() {
                    twice_fixed |= fixed & m != M::ZERO;
                    fixed |= m;
                }
                once |= m;
            }
            once == full
                && !twice_fixed
                && unit.iter().all(|&p| {
                    let m = M::get(self.mask, p as usize);
                    m.at_most_one() || m & fixed == M::ZERO
                })
        })
    }

    /// The symbol of cell `c` (1..n when it has one candidate left... or its lowest;
    /// 0 for none).
    pub fn value(&self, c: usize) -> u32 {
        if self.fast {
            let mut one = [0u8; 81];
            nine::write(self.nine, &mut one);
            return one.get(c).map_or(0, |&v| u32::from(v));
        }
        value(self.mask, self.n, c)
    }

    /// The current solution (after [`Outcome::Solution`]) into `out`.
    pub fn write_solution(&self, out: &mut [u8]) {
        if self.fast {
            return nine::write(self.nine, out);
        }
        for (c, o) in out.iter_mut().enumerate() {
            *o = value(self.mask, self.n, c) as u8;
        }
    }

    /// Runs the first step (the propagation of the givens) alone, if it is due.
    /// Returns the updates spent.
    pub fn first_step(&mut self) -> Result<u64, Error> {
        if self.head[S_PHASE] != PHASE_START {
            return Ok(0);
        }
        if self.fast {
            let mut r = nine::Run::load(self.head, self.nine);
            let before = nine::figures(self.head).updates;
            r.first();
            r.store(self.head);
            return Ok(nine::figures(self.head).updates.wrapping_sub(before));
        }
        if self.n > 32 {
            Run::<u64>::load(self).go_first()
        } else {
            Run::<u32>::load(self).go_first()
        }
    }

    /// Runs steps until a solution, the end, `budget` updates spent in this call (0 =
    /// no limit) or the figures' updates reaching `cap`. Always makes at least one
    /// step unless `cap` is already reached. Returns the outcome and the updates spent.
    ///
    /// Once the call's searches have spent [`checked_stretch`] updates, the block's
    /// search state is checked ([`Search::sound`]) between two steps, and a damaged one
    /// ends the call with `Error::Corrupt`. The steps are the same either way: a run
    /// cut at a step boundary goes on with the very next step.
    pub fn run(&mut self, budget: u64, cap: u64) -> Result<(Outcome, u64), Error> {
        let stretch = checked_stretch(self.n);
        let mut spent = 0u64;
        loop {
            if !self.check.done && self.check.spent >= stretch {
                if !self.sound() {
                    return Err(Error::Corrupt);
                }
                self.check.done = true;
            }
            let left = if budget == 0 {
                u64::MAX
            } else {
                budget - spent
            };
            let until_check = if self.check.done {
                u64::MAX
            } else {
                stretch - self.check.spent
            };
            let part = left.min(until_check);
            let (outcome, used) = self.run_steps(if part == u64::MAX { 0 } else { part }, cap)?;
            spent = spent.saturating_add(used);
            self.check.spent = self.check.spent.saturating_add(used);
            // Stopped for the check alone: the caller's budget and cap are not reached.
            let for_check = outcome == Outcome::Budget
                && (budget == 0 || spent < budget)
                && self.figures().updates < cap;
            if !for_check {
                return Ok((outcome, spent));
            }
        }
    }

    /// [`Search::run`] without the check.
    fn run_steps(&mut self, budget: u64, cap: u64) -> Result<(Outcome, u64), Error> {
        if self.fast {
            let mut r = nine::Run::load(self.head, self.nine);
            let before = nine::figures(self.head).updates;
            let out = r.steps(budget, cap);
            r.store(self.head);
            return out.map(|o| (o, nine::figures(self.head).updates.wrapping_sub(before)));
        }
        if self.n > 32 {
            Run::<u64>::load(self).go(budget, cap)
        } else {
            Run::<u32>::load(self).go(budget, cap)
        }
    }
}

/// The units of a cell in one word: row, column and region (6 bits each, from bit
/// 0, 6 and 12), bit 18 on the main diagonal, bit 19 on the other one (only when
/// the diagonals are units).
pub fn cell_info(row: u32, col: u32, region: u32, diag: bool, anti: bool) -> u32 {
    row | (col << 6) | (region << 12) | (u32::from(diag) << 18) | (u32::from(anti) << 19)
}

/// The units of the cell with info word `i` in a grid of side `n` (indices of the
/// unit lists: its row, column and region, then the diagonals it lies on), the first
/// `count` of the array.
#[inline(always)]
pub fn cell_units(i: u32, n: usize) -> ([usize; 5], usize) {
    let mut units = [
        (i & 63) as usize,
        n + ((i >> 6) & 63) as usize,
        2 * n + ((i >> 12) & 63) as usize,
        3 * n,
        3 * n + 1,
    ];
    let mut count = 3;
    if i & (1 << 18) != 0 {
        count = 4;
    }
    if i & (1 << 19) != 0 {
        units[count] = 3 * n + 1;
        count += 1;
    }
    (units, count)
}

/// The symbol of cell `c` (its lowest candidate; 0 for none).
pub fn value(mask: &[u32], n: u32, c: usize) -> u32 {
    let m = if n > 32 {
        <u64 as Mask>::get(mask, c)
    } else {
        u64::from(<u32 as Mask>::get(mask, c))
    };
    if m == 0 {
        0
    } else {
        m.trailing_zeros() + 1
    }
}

/// Words of a bit set over the cells of a grid of side `n`.
pub fn bits_words(n: u32) -> usize {
    (n * n).div_ceil(32) as usize
}

/// A run of steps with the search state in locals.
struct Run<'s, 'a, M: Mask> {
    s: &'s mut Search<'a>,
    n: usize,
    full: M,
    phase: u32,
    nlev: usize,
    tlen: usize,
    unsolved: u32,
    random: bool,
    /// Rows and columns per box when the pattern grid leads the branching, else 0.
    pattern: (u32, u32),
    rng: u64,
    nodes: u64,
    updates: u64,
    solutions: u64,
    max_depth: u32,
}

/// A contradiction: some cell or unit has no candidate left.
pub(super) struct Dead;

impl<'s, 'a, M: Mask> Run<'s, 'a, M> {
    fn load(s: &'s mut Search<'a>) -> Self {
        let h = &*s.head;
        Run {
            n: s.n as usize,
            full: M::full(s.n),
            phase: h[S_PHASE],
            nlev: h[S_LEVELS] as usize,
            tlen: h[S_TRAIL] as usize,
            unsolved: h[S_UNSOLVED],
            random: h[S_RANDOM] != 0,
            pattern: (s.pattern >> 8, s.pattern & 0xFF),
            rng: get64(h, S_RNG),
            nodes: get64(h, S_NODES),
            updates: get64(h, S_UPDATES),
            solutions: get64(h, S_SOLUTIONS),
            max_depth: h[S_MAX_DEPTH],
            s,
        }
    }

    fn store(&mut self) {
        let h = &mut *self.s.head;
        h[S_PHASE] = self.phase;
        h[S_LEVELS] = self.nlev as u32;
        h[S_TRAIL] = self.tlen as u32;
        h[S_UNSOLVED] = self.unsolved;
        put64(h, S_RNG, self.rng);
        put64(h, S_NODES, self.nodes);
        put64(h, S_UPDATES, self.updates);
        put64(h, S_SOLUTIONS, self.solutions);
        h[S_MAX_DEPTH] = self.max_depth;
    }

    fn go(mut self, budget: u64, cap: u64) -> Result<(Outcome, u64), Error> {
        let start = self.updates;
        let r = self.steps(budget, cap, start);
        self.store();
        let spent = self.updates.wrapping_sub(start);
        r.map(|o| (o, spent))
    }

    fn go_first(mut self) -> Result<u64, Error> {
        let start = self.updates;
        let r = self.first();
        if let Ok(ok) = &r {
            self.phase = if ok.is_ok() {
                PHASE_DESCEND
            } else {
                PHASE_DONE
            };
        }
        self.store();
        r.map(|_| self.updates.wrapping_sub(start))
    }

    fn steps(&mut self, budget: u64, cap: u64, start: u64) -> Result<Outcome, Error> {
        loop {
            if (budget != 0 && self.updates.wrapping_sub(start) >= budget) || self.updates >= cap {
                return Ok(Outcome::Budget);
            }
            match self.phase {
                PHASE_START => {
                    self.phase = match self.first()? {
                        Ok(()) => PHASE_DESCEND,
                        Err(Dead) => PHASE_DONE,
                    };
                }
                PHASE_DESCEND => {
                    if self.unsolved == 0 {
                        self.solutions = self.solutions.wrapping_add(1);
                        self.phase = PHASE_RETRY;
                        return Ok(Outcome::Solution);
                    }
                    self.branch()?;
                    self.phase = PHASE_RETRY;
                }
                PHASE_RETRY => {
                    if self.nlev == 0 {
                        self.phase = PHASE_DONE;
                        return Ok(Outcome::Exhausted);
                    }
                    self.phase = match self.retry()? {
                        Ok(()) => PHASE_DESCEND,
                        Err(Dead) => PHASE_RETRY,
                    };
                }
                _ => {
                    self.phase = PHASE_DONE;
                    return Ok(Outcome::Exhausted);
                }
            }
        }
    }

    /// The first step: counts the open cells and propagates every single; every
    /// unit is scanned for hidden singles.
    fn first(&mut self) -> Result<Result<(), Dead>, Error> {
        let cells = self.n * self.n;
        let mut qt = 0;
        self.unsolved = 0;
        for c in 0..cells {
            let m = M::get(self.s.mask, c);
            if m == M::ZERO {
                return Ok(Err(Dead));
            }
            if m.at_most_one() {
                match self.s.queue.get_mut(qt) {
                    Some(q) => *q = c as u32,
                    None => return Err(Error::Corrupt),
                }
                qt += 1;
            } else {
                self.unsolved += 1;
            }
        }
        let all = <u64 as Mask>::full(self.n as u32);
        let diags = if self.s.info.iter().any(|&i| i >> 18 != 0) {
            3
        } else {
            0
        };
        self.propagate(qt, [all, all, all, diags], None)
    }

    /// Opens a branch point at the open cell with the fewest candidates.
    fn branch(&mut self) -> Result<(), Error> {
        let mut best = usize::MAX;
        let mut fewest = u32::MAX;
        let cells = self.n * self.n;
        let mask = &*self.s.mask;
        for (c, &x) in mask.iter().take(cells * M::WORDS).enumerate() {
            // (one word per cell up to n = 32; above, the low word of each cell's
            // pair stands for the cell and the pair is read as a whole)
            if M::WORDS == 2 && c % 2 == 1 {
                continue;
            }
            let m = if M::WORDS == 2 {
                M::get(mask, c / 2)
            } else {
                M::from_u64(u64::from(x))
            };
            let r = m.drop_low();
            if r == M::ZERO {
                continue;
            }
            if r.at_most_one() {
                best = c / M::WORDS;
                break;
            }
            let k = m.ones();
            if k < fewest {
                fewest = k;
                best = c / M::WORDS;
            }
        }
        if best == usize::MAX {
            return Err(Error::Corrupt);
        }
        let rem = M::get(mask, best).to_u64();
        let at = self.nlev * LEVEL_WORDS;
        let Some(l) = self.s.levels.get_mut(at..at + LEVEL_WORDS) else {
            return Err(Error::Corrupt);
        };
        l[0] = best as u32 | (self.unsolved << 16);
        l[1] = self.tlen as u32;
        l[2] = rem as u32;
        l[3] = (rem >> 32) as u32;
        self.nlev += 1;
        self.max_depth = self.max_depth.max(self.nlev as u32);
        Ok(())
    }

    /// Undoes the newest branch point's last try and places its next symbol (the
    /// last one closes the branch point).
    fn retry(&mut self) -> Result<Result<(), Dead>, Error> {
        let at = (self.nlev - 1) * LEVEL_WORDS;
        let Some(l) = self.s.levels.get_mut(at..at + LEVEL_WORDS) else {
            return Err(Error::Corrupt);
        };
        let (head, mark_at) = (l[0], l[1] as usize);
        let mut rem = u64::from(l[2]) | (u64::from(l[3]) << 32);
        if mark_at > self.tlen || rem == 0 {
            return Err(Error::Corrupt);
        }
        let cell = head & 0xFFFF;
        let pick = if self.random {
            let mut k = below(&mut self.rng, rem.count_ones());
            let mut r = rem;
            while k > 0 {
                r &= r - 1;
                k -= 1;
            }
            r & r.wrapping_neg()
        } else {
            let (br, bc) = self.pattern;
            let lead = match br {
                0 => 0,
                _ => 1u64 << pattern_symbol(br, bc, cell / self.s.n, cell % self.s.n),
            };
            if rem & lead != 0 {
                lead
            } else {
                rem & rem.wrapping_neg()
            }
        };
        rem &= !pick;
        l[2] = rem as u32;
        l[3] = (rem >> 32) as u32;
        if rem == 0 {
            self.nlev -= 1;
        }
        undo::<M>(
            self.s.mask,
            self.s.cand,
            self.s.n,
            self.s.trail,
            self.tlen,
            mark_at,
        );
        self.tlen = mark_at;
        self.unsolved = head >> 16;
        let (cell, b) = ((head & 0xFFFF) as usize, M::from_u64(pick));
        // Place the symbol: its cell loses every other candidate.
        let m = M::get(self.s.mask, cell);
        if m & b == M::ZERO || m.at_most_one() {
            return Err(Error::Corrupt);
        }
        let mut rest = m & !b;
        let placed_from = self.tlen;
        let w = bits_words(self.s.n);
        while rest != M::ZERO {
            let k = rest.low();
            match self.s.trail.get_mut(self.tlen) {
                Some(t) => *t = ((cell as u32) << 6) | k,
                None => return Err(Error::Corrupt),
            }
            if let Some(x) = self.s.cand.get_mut(k as usize * w + cell / 32) {
                *x &= !(1 << (cell % 32));
            }
            self.tlen += 1;
            self.updates = self.updates.wrapping_add(1);
            rest = rest.drop_low();
        }
        M::put(self.s.mask, cell, b);
        self.unsolved = self.unsolved.saturating_sub(1);
        self.nodes = self.nodes.wrapping_add(1);
        match self.s.queue.get_mut(0) {
            Some(q) => *q = cell as u32,
            None => return Err(Error::Corrupt),
        }
        let mut dirty = [0; 4];
        mark(&mut dirty, rd(self.s.info, cell));
        self.propagate(1, dirty, Some(placed_from))
    }

    /// Propagates the queued singles and the hidden singles of the dirty units until
    /// nothing changes; locked candidates look at what the trail changed from
    /// `locked_from` on (`None`: everything).
    fn propagate(
        &mut self,
        qt: usize,
        dirty: Dirty,
        locked_from: Option<usize>,
    ) -> Result<Result<(), Dead>, Error> {
        let s = &mut *self.s;
        let mut p = Prop::<M> {
            n: self.n,
            w: bits_words(s.n),
            full: self.full,
            info: s.info,
            units: s.units,
            unit_bits: s.unit_bits,
            spans: s.spans,
            cand: s.cand,
            mask: s.mask,
            trail: s.trail,
            queue: s.queue,
            tlen: self.tlen,
            unsolved: self.unsolved,
            nodes: self.nodes,
            qt,
            dirty,
            locked_from,
        };
        let start = p.tlen;
        let result = p.run();
        self.updates = self.updates.wrapping_add((p.tlen - start) as u64);
        self.tlen = p.tlen;
        self.unsolved = p.unsolved;
        self.nodes = p.nodes;
        result
    }
}
