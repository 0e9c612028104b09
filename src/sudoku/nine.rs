//! The 9x9 fast path: classic 3x3 boxes, no diagonals, no jigsaw. Turned on with
//! [`super::Sudoku::use_fast_path`] (not yet by default: on the hardest sets it
//! still guesses more and runs slower than the general engine, see
//! docs/BENCHMARKS.md); same block, same budgets, same answers as the general
//! engine (the order of the solutions of a puzzle with several may differ).
//!
//! Safe portable Rust, no allocation, no recursion, no panics on any block content.
//!
//! The state is one 81-bit board per digit (bit `9r + c` set while cell `(r, c)` may
//! still take the digit) and the board of the cells already placed and propagated:
//! ten `u128`, 160 bytes. Propagation works on whole boards:
//!
//! - **naked singles**: the cells with exactly one candidate come out of a bit-sliced
//!   count over the nine boards (`once`/`twice`); each one clears its digit from its
//!   20 peers with one AND-NOT (a precomputed peer mask). A cell in no board is a
//!   contradiction;
//! - **hidden singles**: a digit's board ANDed with each of the 27 unit masks: no bit
//!   is a contradiction, one bit not yet placed is a hidden single (its cell leaves
//!   the other eight boards);
//! - **locked candidates** (pointing and claiming), when singles stall: for each box
//!   and each of its three rows and columns, a digit whose places in the box all lie
//!   on the line leaves the rest of the line, and one whose places on the line all
//!   lie in the box leaves the rest of the box. Only digits whose board changed since
//!   their last pass are looked at.
//!
//! Branching: a cell with two candidates when there is one (the first), else an open
//! cell with the fewest. A branch point saves the whole state (40 words) instead of
//! an undo trail; trying the next digit copies it back. One *step* is atomic as in
//! the general engine: the first propagation, opening a branch point, or one try at
//! the newest branch point; budgets are checked between steps. Counted: `updates` =
//! candidates eliminated (as the general engine counts), `nodes` = cells placed.
//!
//! The fast path's words in the block: the state of the givens (for rewinding),
//! the current state, and [`MAX_LEVELS`] branch points of [`LEVEL`] words.

use super::engine::{
    Figures, Outcome, PHASE_DESCEND, PHASE_DONE, PHASE_RETRY, PHASE_START, S_LEVELS, S_MAX_DEPTH,
    S_NODES, S_PHASE, S_RANDOM, S_RNG, S_SOLUTIONS, S_UNSOLVED, S_UPDATES,
};
use crate::block::{get64, put64};
use crate::outcome::Error;
use crate::rng::below;

/// The 81 cells.
const ALL: u128 = (1 << 81) - 1;
/// Words of a state: nine boards and the placed cells, four words each.
const STATE: usize = 40;
/// Words of a branch point: the state before the try, the cell, the untried digits.
const LEVEL: usize = STATE + 2;
/// Branch points: every open one placed its own cell.
pub const MAX_LEVELS: usize = 81;
/// The state of the givens.
const AT_START: usize = 0;
/// The current state.
const AT_NOW: usize = STATE;
/// The first branch point.
const AT_LEVELS: usize = 2 * STATE;
/// Words of the fast path's area in the block.
pub const WORDS: usize = AT_LEVELS + MAX_LEVELS * LEVEL;

/// Rows 0..9, columns 9..18, boxes 18..27.
const UNITS: [u128; 27] = units();
/// The 20 peers of every cell.
const PEERS: [u128; 81] = peers();
/// Every (box, line) pair of a box and one of its rows or columns.
const BOX_LINES: [(u128, u128); 54] = box_lines();

const fn units() -> [u128; 27] {
    let mut u = [0u128; 27];
    let mut c = 0;
    while c < 81 {
        let (r, k) = (c / 9, c % 9);
        u[r] |= 1 << c;
        u[9 + k] |= 1 << c;
        u[18 + (r / 3) * 3 + k / 3] |= 1 << c;
        c += 1;
    }
    u
}

const fn peers() -> [u128; 81] {
    let u = units();
    let mut p = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let (r, k) = (c / 9, c % 9);
        p[c] = (u[r] | u[9 + k] | u[18 + (r / 3) * 3 + k / 3]) & !(1 << c);
        c += 1;
    }
    p
}

const fn box_lines() -> [(u128, u128); 54] {
    let u = units();
    let mut out = [(0u128, 0u128); 54];
    let mut b = 0;
    while b < 9 {
        let mut i = 0;
        while i < 3 {
            out[b * 6 + i] = (u[18 + b], u[(b / 3) * 3 + i]);
            out[b * 6 + 3 + i] = (u[18 + b], u[9 + (b % 3) * 3 + i]);
            i += 1;
        }
        b += 1;
    }
    out
}

/// A search state.
#[derive(Clone, Copy, PartialEq, Eq)]
struct State {
    b: [u128; 9],
    placed: u128,
}

fn get128(w: &[u32], at: usize) -> u128 {
    u128::from(get64(w, at)) | (u128::from(get64(w, at + 2)) << 64)
}

fn put128(w: &mut [u32], at: usize, v: u128) {
    put64(w, at, v as u64);
    put64(w, at + 2, (v >> 64) as u64);
}

impl State {
    fn load(w: &[u32], at: usize) -> State {
        let mut b = [0; 9];
        for (d, x) in b.iter_mut().enumerate() {
            *x = get128(w, at + 4 * d) & ALL;
        }
        State {
            b,
            placed: get128(w, at + 36) & ALL,
        }
    }

    fn store(&self, w: &mut [u32], at: usize) {
        for (d, &x) in self.b.iter().enumerate() {
            put128(w, at + 4 * d, x);
        }
        put128(w, at + 36, self.placed);
    }

    /// Candidates left over all cells.
    fn candidates(&self) -> u64 {
        self.b.iter().map(|x| u64::from(x.count_ones())).sum()
    }

    /// Cell `c` holds digit `d` only.
    fn place(&mut self, c: u32, d: usize) {
        let bit = 1u128 << c;
        for (e, x) in self.b.iter_mut().enumerate() {
            if e != d {
                *x &= !bit;
            }
        }
    }

    /// The digits cell `c` may take, as 9 bits.
    fn digits(&self, c: u32) -> u32 {
        let mut m = 0;
        for (d, x) in self.b.iter().enumerate() {
            m |= (((x >> c) & 1) as u32) << d;
        }
        m
    }

    /// Propagates singles and locked candidates until nothing changes; false on a
    /// contradiction.
    fn propagate(&mut self) -> bool {
        let mut seen = [u128::MAX; 9];
        let mut checked = [u128::MAX; 9];
        loop {
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.hidden_singles(&mut checked) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if !self.locked_candidates(&mut seen) {
                return true;
            }
        }
    }

    /// Places the cells with one candidate left; `Some(true)` when there were any,
    /// `None` when a cell has none.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<bool> {
        let (mut once, mut twice) = (0u128, 0u128);
        for &x in &self.b {
            twice |= once & x;
            once |= x;
        }
        if once != ALL {
            return None;
        }
        let singles = once & !twice & !self.placed;
        if singles == 0 {
            return Some(false);
        }
        for x in self.b.iter_mut() {
            let mut s = singles & *x;
            while s != 0 {
                *x &= !PEERS[s.trailing_zeros() as usize];
                s &= s - 1;
            }
        }
        self.placed |= singles;
        Some(true)
    }

    /// Finds the digits with one place left in a unit (among the digits whose board
    /// changed since `checked`); `Some(true)` when there were any, `None` when a
    /// digit has no place in some unit.
    #[inline(always)]
    fn hidden_singles(&mut self, checked: &mut [u128; 9]) -> Option<bool> {
        let mut found = false;
        for (d, seen) in checked.iter_mut().enumerate() {
            let x = self.b[d];
            if x == *seen {
                continue;
            }
            *seen = x;
            for &u in &UNITS {
                let y = x & u;
                if y == 0 {
                    return None;
                }
                if y & (y - 1) == 0 && y & !self.placed != 0 {
                    self.place(y.trailing_zeros(), d);
                    found = true;
                }
            }
        }
        Some(found)
    }

    /// Box-line reductions of the digits whose boards changed since `seen`; true
    /// when one removed anything.
    fn locked_candidates(&mut self, seen: &mut [u128; 9]) -> bool {
        let mut changed = false;
        for (x, last) in self.b.iter_mut().zip(seen.iter_mut()) {
            if *x == *last {
                continue;
            }
            let mut y = *x;
            for &(bx, line) in &BOX_LINES {
                let ib = y & bx;
                if ib != 0 && ib & !line == 0 {
                    y &= !(line & !bx);
                }
                let il = y & line;
                if il != 0 && il & !bx == 0 {
                    y &= !(bx & !line);
                }
            }
            changed |= y != *x;
            *x = y;
            *last = y;
        }
        changed
    }

    /// The cell to branch on: the first with two candidates, else the first open one
    /// with the fewest. None when every cell is placed.
    fn branch_cell(&self) -> Option<u32> {
        let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
        for &x in &self.b {
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        let open = !self.placed & ALL;
        let pairs = two & !three & open;
        if pairs != 0 {
            return Some(pairs.trailing_zeros());
        }
        let mut rest = open;
        let (mut best, mut fewest) = (None, u32::MAX);
        while rest != 0 {
            let c = rest.trailing_zeros();
            rest &= rest - 1;
            let k = self.digits(c).count_ones();
            if k < fewest {
                fewest = k;
                best = Some(c);
            }
        }
        best
    }
}

/// Sets the candidates of the givens (`given(c)`: 0 or a digit 1..9; `forbid`: a
/// blank cell that must not take a digit) into the start and current states.
pub fn set(w: &mut [u32], given: impl Fn(usize) -> u32, forbid: Option<(usize, u32)>) {
    let mut st = State {
        b: [ALL; 9],
        placed: 0,
    };
    for c in 0..81 {
        let v = given(c);
        if (1..=9).contains(&v) {
            st.place(c as u32, v as usize - 1);
        }
    }
    if let Some((k, v)) = forbid {
        if k < 81 && (1..=9).contains(&v) && given(k) == 0 {
            st.b[v as usize - 1] &= !(1u128 << k);
        }
    }
    st.store(w, AT_START);
    st.store(w, AT_NOW);
}

/// Back to the state of the givens.
pub fn rewind(w: &mut [u32]) {
    let st = State::load(w, AT_START);
    st.store(w, AT_NOW);
}

/// The current grid into `out` (a digit where one is left, else 0).
pub fn write(w: &[u32], out: &mut [u8]) {
    let st = State::load(w, AT_NOW);
    for (c, o) in out.iter_mut().enumerate().take(81) {
        let m = st.digits(c as u32);
        *o = if m.count_ones() == 1 {
            m.trailing_zeros() as u8 + 1
        } else {
            0
        };
    }
}

/// The figures of the header.
pub fn figures(head: &[u32]) -> Figures {
    Figures {
        nodes: get64(head, S_NODES),
        updates: get64(head, S_UPDATES),
        solutions: get64(head, S_SOLUTIONS),
        depth: head[S_LEVELS],
        max_depth: head[S_MAX_DEPTH],
    }
}

/// A run of steps with the search state in locals.
pub struct Run<'w> {
    w: &'w mut [u32],
    now: State,
    phase: u32,
    nlev: usize,
    random: bool,
    rng: u64,
    nodes: u64,
    updates: u64,
    solutions: u64,
    max_depth: u32,
    guesses: u32,
}

/// Guesses so far: tries at a branch point that still had another digit to try (the
/// last one is forced, as tdoku counts). Kept in the general engine's unsolved-count
/// word, which the fast path does not use.
pub fn guesses(head: &[u32]) -> u64 {
    u64::from(head[S_UNSOLVED])
}

impl<'w> Run<'w> {
    pub fn load(head: &[u32], w: &'w mut [u32]) -> Run<'w> {
        Run {
            now: State::load(w, AT_NOW),
            w,
            phase: head[S_PHASE],
            nlev: head[S_LEVELS] as usize,
            random: head[S_RANDOM] != 0,
            rng: get64(head, S_RNG),
            nodes: get64(head, S_NODES),
            updates: get64(head, S_UPDATES),
            solutions: get64(head, S_SOLUTIONS),
            max_depth: head[S_MAX_DEPTH],
            guesses: head[S_UNSOLVED],
        }
    }

    pub fn store(&mut self, head: &mut [u32]) {
        self.now.store(self.w, AT_NOW);
        head[S_PHASE] = self.phase;
        head[S_LEVELS] = self.nlev as u32;
        put64(head, S_RNG, self.rng);
        put64(head, S_NODES, self.nodes);
        put64(head, S_UPDATES, self.updates);
        put64(head, S_SOLUTIONS, self.solutions);
        head[S_MAX_DEPTH] = self.max_depth;
        head[S_UNSOLVED] = self.guesses;
    }

    /// Runs steps as [`super::engine::Search::run`] does; returns the outcome.
    pub fn steps(&mut self, budget: u64, cap: u64) -> Result<Outcome, Error> {
        let start = self.updates;
        loop {
            if (budget != 0 && self.updates - start >= budget) || self.updates >= cap {
                return Ok(Outcome::Budget);
            }
            match self.phase {
                PHASE_START => self.first(),
                PHASE_DESCEND => {
                    let Some(cell) = self.now.branch_cell() else {
                        self.solutions += 1;
                        self.phase = PHASE_RETRY;
                        return Ok(Outcome::Solution);
                    };
                    self.open(cell)?;
                }
                PHASE_RETRY => {
                    if self.nlev == 0 {
                        self.phase = PHASE_DONE;
                        return Ok(Outcome::Exhausted);
                    }
                    self.retry()?;
                }
                _ => {
                    self.phase = PHASE_DONE;
                    return Ok(Outcome::Exhausted);
                }
            }
        }
    }

    /// The first step: the propagation of the givens.
    pub fn first(&mut self) {
        let (cands, placed) = (self.now.candidates(), self.now.placed.count_ones());
        let ok = self.now.propagate();
        self.count(cands, placed);
        self.phase = if ok { PHASE_DESCEND } else { PHASE_DONE };
    }

    fn count(&mut self, cands: u64, placed: u32) {
        self.updates += cands.saturating_sub(self.now.candidates());
        self.nodes += u64::from(self.now.placed.count_ones().saturating_sub(placed));
    }

    /// Opens a branch point at `cell`.
    fn open(&mut self, cell: u32) -> Result<(), Error> {
        if self.nlev >= MAX_LEVELS {
            return Err(Error::Corrupt);
        }
        let at = AT_LEVELS + self.nlev * LEVEL;
        self.now.store(self.w, at);
        let digits = self.now.digits(cell);
        match self.w.get_mut(at + STATE..at + LEVEL) {
            Some(l) => {
                l[0] = cell;
                l[1] = digits;
            }
            None => return Err(Error::Corrupt),
        }
        self.nlev += 1;
        self.max_depth = self.max_depth.max(self.nlev as u32);
        self.phase = PHASE_RETRY;
        Ok(())
    }

    /// The next try at the newest branch point (the last one closes it).
    fn retry(&mut self) -> Result<(), Error> {
        let at = AT_LEVELS + (self.nlev - 1) * LEVEL;
        let Some(&[cell, rest]) = self.w.get(at + STATE..at + LEVEL) else {
            return Err(Error::Corrupt);
        };
        if cell >= 81 || rest == 0 || rest >= 1 << 9 {
            return Err(Error::Corrupt);
        }
        let d = if self.random {
            let mut k = below(&mut self.rng, rest.count_ones());
            let mut r = rest;
            while k > 0 {
                r &= r - 1;
                k -= 1;
            }
            r.trailing_zeros()
        } else {
            rest.trailing_zeros()
        };
        let left = rest & !(1 << d);
        self.now = State::load(self.w, at);
        if left == 0 {
            self.nlev -= 1;
        } else {
            self.guesses = self.guesses.wrapping_add(1);
            self.w[at + STATE + 1] = left;
        }
        let (cands, placed) = (self.now.candidates(), self.now.placed.count_ones());
        if self.now.b[d as usize] >> cell & 1 == 0 {
            return Err(Error::Corrupt);
        }
        self.now.place(cell, d as usize);
        let ok = self.now.propagate();
        self.count(cands, placed);
        self.phase = if ok { PHASE_DESCEND } else { PHASE_RETRY };
        Ok(())
    }
}

/// True when the search fields of the header fit the fast path.
pub fn sane(head: &[u32]) -> bool {
    head[S_PHASE] <= PHASE_DONE && (head[S_LEVELS] as usize) <= MAX_LEVELS
}
const _: () = assert!(WORDS == 3482);
