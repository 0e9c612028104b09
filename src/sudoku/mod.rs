//! Sudoku of any box shape on top of the exact-cover engine, in one caller-owned block.
//!
//! Safe Rust only, no allocation, no recursion, no I/O, no panics on any input.
//!
//! A grid has `n = box_rows * box_cols` rows, columns and symbols (`4 <= n <= 64`).
//! Cells are numbered row by row, `0 .. n*n`; a cell holds 0 (blank) or a symbol `1..=n`.
//! The exact-cover model has one row per (cell, symbol), id `cell * n + symbol - 1`, and
//! `4 n^2` primary columns: cell filled, symbol in row, in column, in region (box or
//! jigsaw region); Sudoku X adds `2 n` primary columns for the two main diagonals.
//! The rows are built once; givens are forced rows (their columns are covered right
//! away, so the search never looks at them) and are dropped again cheaply.
//!
//! The block, in 32-bit words:
//!
//! ```text
//! header    HEADER_WORDS    fixed fields (below)
//! puzzle    n*n             generation: the puzzle being thinned
//! solution  n*n             generation: the full grid
//! order     n*n             generation: the random order in which clues are tried
//! core      ...             a core solver sized for the largest variant (with X)
//! ```
#![forbid(unsafe_code)]

pub mod text;

use crate::core::{Dims, Error, Phase, Solver, Stats, Step};

/// Words in the fixed header.
pub const HEADER_WORDS: u64 = 32;
/// "SDK1" read as a little-endian word.
pub const MAGIC: u32 = 0x314B_4453;
/// Version of the block layout.
pub const LAYOUT_VERSION: u32 = 1;
/// Smallest and largest supported grid side.
pub const MIN_N: u32 = 4;
pub const MAX_N: u32 = 64;

const W_MAGIC: usize = 0;
const W_VERSION: usize = 1;
const W_WORDS: usize = 2; // u64
const W_BOX_ROWS: usize = 4;
const W_BOX_COLS: usize = 5;
const W_N: usize = 6;
const W_FLAGS: usize = 7;
/// Non-zero while a C call is using the handle (re-entrance guard).
pub const W_BUSY: usize = 8;
/// Non-zero after an internal error; the handle refuses every later call.
pub const W_POISONED: usize = 9;
const W_GEN_PHASE: usize = 10;
const W_GEN_POS: usize = 11;
const W_GEN_FOUND: usize = 12;
const W_GEN_RNG: usize = 14; // u64
const W_GEN_SEED: usize = 16; // u64
const W_GEN_LIMIT: usize = 18; // u64

/// The block was allocated by the library (`dlx_sudoku_new`).
pub const FLAG_HEAP: u32 = 1;
/// The two main diagonals are constraints too (Sudoku X).
pub const FLAG_X: u32 = 2;
/// Regions are the caller's (jigsaw), not boxes.
pub const FLAG_JIGSAW: u32 = 4;
/// The current givens clash: the puzzle has no solution.
const FLAG_CLASH: u32 = 8;
/// The diagonal boxes were pre-filled for the current generation's full grid.
const FLAG_PREFILL: u32 = 16;

/// Where a generation stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gen {
    /// No generation under way.
    Idle = 0,
    /// Searching for a random full grid.
    Fill = 1,
    /// Next: force the clues of the puzzle without the clue at `order[pos]`.
    Setup = 2,
    /// Searching for a solution of the puzzle without that clue with symbol
    /// `found + 1` forced at its cell.
    Search = 3,
    /// The puzzle is finished.
    Done = 4,
    /// Next: force the next symbol `found + 1` (other than the clue's) at the cell.
    Try = 5,
}

impl Gen {
    fn from_word(w: u32) -> Option<Gen> {
        Some(match w {
            0 => Gen::Idle,
            1 => Gen::Fill,
            2 => Gen::Setup,
            3 => Gen::Search,
            4 => Gen::Done,
            5 => Gen::Try,
            _ => return None,
        })
    }
}

/// What one call to [`Sudoku::generate`] ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenStep {
    /// The puzzle and its solution are ready.
    Done,
    /// The budget ran out; call again to go on.
    BudgetSpent,
}

fn get64(w: &[u32], at: usize) -> u64 {
    u64::from(w[at]) | (u64::from(w[at + 1]) << 32)
}

fn put64(w: &mut [u32], at: usize, v: u64) {
    w[at] = v as u32;
    w[at + 1] = (v >> 32) as u32;
}

/// SplitMix64 step.
fn rand(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A uniform value in `0..n` (n >= 1).
fn below(state: &mut u64, n: u32) -> u32 {
    (((rand(state) >> 32) * u64::from(n)) >> 32) as u32
}

/// The grid side for boxes of `box_rows x box_cols`, when supported.
pub fn side(box_rows: u32, box_cols: u32) -> Option<u32> {
    if box_rows == 0 || box_cols == 0 || box_rows > MAX_N || box_cols > MAX_N {
        return None;
    }
    let n = box_rows * box_cols;
    (MIN_N..=MAX_N).contains(&n).then_some(n)
}

/// The core dimensions of the model: with or without the diagonals.
fn dims(n: u32, x: bool) -> Dims {
    let (n2, n3) = (n * n, n * n * n);
    Dims {
        primary: 4 * n2 + if x { 2 * n } else { 0 },
        secondary: 0,
        max_rows: n3,
        max_entries: 4 * n3 + if x { 2 * n2 } else { 0 },
    }
}

/// Words a block for boxes of `box_rows x box_cols` needs, or `None` out of range.
pub fn required_words(box_rows: u32, box_cols: u32) -> Option<u64> {
    let n = u64::from(side(box_rows, box_cols)?);
    let core = dims(n as u32, true).required_words()?;
    Some(HEADER_WORDS + 3 * n * n + core)
}

/// Bytes a block for boxes of `box_rows x box_cols` needs, or `None` out of range.
pub fn required_bytes(box_rows: u32, box_cols: u32) -> Option<usize> {
    usize::try_from(required_words(box_rows, box_cols)?.checked_mul(4)?).ok()
}

/// A Sudoku helper living in a caller-provided block of words.
pub struct Sudoku<'a> {
    head: &'a mut [u32],
    puzzle: &'a mut [u32],
    solution: &'a mut [u32],
    order: &'a mut [u32],
    core: &'a mut [u32],
    box_rows: u32,
    box_cols: u32,
    n: u32,
}

impl<'a> Sudoku<'a> {
    /// Builds the helper for boxes of `box_rows x box_cols` (standard regions, no
    /// diagonals) in `words`.
    pub fn init(words: &'a mut [u32], box_rows: u32, box_cols: u32) -> Result<Sudoku<'a>, Error> {
        let total = required_words(box_rows, box_cols).ok_or(Error::Arg)?;
        if (words.len() as u64) < total {
            return Err(Error::TooSmall);
        }
        let n = box_rows * box_cols;
        let words = &mut words[..total as usize];
        words[..HEADER_WORDS as usize].fill(0);
        words[W_MAGIC] = MAGIC;
        words[W_VERSION] = LAYOUT_VERSION;
        put64(words, W_WORDS, total);
        words[W_BOX_ROWS] = box_rows;
        words[W_BOX_COLS] = box_cols;
        words[W_N] = n;
        let mut s = Sudoku::carve(words, box_rows, box_cols, n);
        s.build(None, false)?;
        Ok(s)
    }

    /// Reopens a helper made by [`Sudoku::init`]; checks the header.
    pub fn open(words: &'a mut [u32]) -> Result<Sudoku<'a>, Error> {
        if (words.len() as u64) < HEADER_WORDS
            || words[W_MAGIC] != MAGIC
            || words[W_VERSION] != LAYOUT_VERSION
        {
            return Err(Error::Corrupt);
        }
        let (br, bc) = (words[W_BOX_ROWS], words[W_BOX_COLS]);
        let total = required_words(br, bc).ok_or(Error::Corrupt)?;
        if get64(words, W_WORDS) != total
            || (words.len() as u64) < total
            || words[W_N] != br * bc
            || Gen::from_word(words[W_GEN_PHASE]).is_none()
        {
            return Err(Error::Corrupt);
        }
        let n = br * bc;
        Ok(Sudoku::carve(&mut words[..total as usize], br, bc, n))
    }

    /// The total words of a block, read from its header (for the C layer).
    pub fn words_of(head: &[u32]) -> Option<u64> {
        (head.len() as u64 >= HEADER_WORDS && head[W_MAGIC] == MAGIC).then(|| get64(head, W_WORDS))
    }

    fn carve(words: &'a mut [u32], box_rows: u32, box_cols: u32, n: u32) -> Sudoku<'a> {
        let cells = (n * n) as usize;
        let (head, rest) = words.split_at_mut(HEADER_WORDS as usize);
        let (puzzle, rest) = rest.split_at_mut(cells);
        let (solution, rest) = rest.split_at_mut(cells);
        let (order, core) = rest.split_at_mut(cells);
        Sudoku {
            head,
            puzzle,
            solution,
            order,
            core,
            box_rows,
            box_cols,
            n,
        }
    }

    /// Grid side `n`.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// Rows per box and columns per box.
    pub fn boxes(&self) -> (u32, u32) {
        (self.box_rows, self.box_cols)
    }

    /// Cells of the grid, `n * n`.
    pub fn cells(&self) -> usize {
        (self.n * self.n) as usize
    }

    fn has(&self, f: u32) -> bool {
        self.head[W_FLAGS] & f != 0
    }

    fn set(&mut self, f: u32, on: bool) {
        if on {
            self.head[W_FLAGS] |= f;
        } else {
            self.head[W_FLAGS] &= !f;
        }
    }

    /// Marks the block as allocated by the library.
    pub fn set_heap(&mut self, on: bool) {
        self.set(FLAG_HEAP, on);
    }

    /// True when the block was allocated by the library.
    pub fn is_heap(&self) -> bool {
        self.has(FLAG_HEAP)
    }

    fn gen(&self) -> Gen {
        Gen::from_word(self.head[W_GEN_PHASE]).unwrap_or(Gen::Idle)
    }

    fn set_gen(&mut self, g: Gen) {
        self.head[W_GEN_PHASE] = g as u32;
    }

    fn solver(&mut self) -> Result<Solver<'_>, Error> {
        Solver::open(self.core)
    }

    /// The standard box of a cell.
    fn box_of(&self, cell: u32) -> u32 {
        let (r, c) = (cell / self.n, cell % self.n);
        (r / self.box_rows) * self.box_rows + c / self.box_cols
    }

    /// Rebuilds the exact-cover rows for a variant: `regions` (one id `0..n` per cell,
    /// each id used by exactly `n` cells) replaces the boxes; `x` adds the diagonals.
    /// Drops the givens and any generation under way.
    pub fn build(&mut self, regions: Option<&[u8]>, x: bool) -> Result<(), Error> {
        let n = self.n;
        let cells = self.cells();
        if let Some(reg) = regions {
            if reg.len() != cells {
                return Err(Error::Arg);
            }
            // Each region id below n, used exactly n times. Counted on the stack, not
            // in the block, so that a refused variant leaves the block untouched.
            let mut uses = [0u32; MAX_N as usize];
            for &r in reg {
                if u32::from(r) >= n {
                    return Err(Error::Arg);
                }
                uses[r as usize] += 1;
            }
            if uses[..n as usize].iter().any(|&k| k != n) {
                return Err(Error::Arg);
            }
        }
        let n2 = n * n;
        let mut s = Solver::init(self.core, dims(n, x))?;
        let mut cols = [0u32; 6];
        for cell in 0..n2 {
            let (r, c) = (cell / n, cell % n);
            let region = match regions {
                Some(reg) => u32::from(reg[cell as usize]),
                None => (r / self.box_rows) * self.box_rows + c / self.box_cols,
            };
            for v in 0..n {
                cols[0] = cell;
                cols[1] = n2 + r * n + v;
                cols[2] = 2 * n2 + c * n + v;
                cols[3] = 3 * n2 + region * n + v;
                let mut k = 4;
                if x && r == c {
                    cols[k] = 4 * n2 + v;
                    k += 1;
                }
                if x && r + c == n - 1 {
                    cols[k] = 4 * n2 + n + v;
                    k += 1;
                }
                s.add_row(&cols[..k])?;
            }
        }
        drop(s);
        self.set(FLAG_X, x);
        self.set(FLAG_JIGSAW, regions.is_some());
        self.set(FLAG_CLASH, false);
        self.set_gen(Gen::Idle);
        Ok(())
    }

    /// True when the diagonals are constraints (Sudoku X).
    pub fn is_x(&self) -> bool {
        self.has(FLAG_X)
    }

    /// True when the regions are the caller's (jigsaw).
    pub fn is_jigsaw(&self) -> bool {
        self.has(FLAG_JIGSAW)
    }

    /// Checks a grid: `n * n` cells, each 0 or a symbol `1..=n`.
    fn check_grid(&self, grid: &[u8]) -> Result<(), Error> {
        if grid.len() != self.cells() || grid.iter().any(|&v| u32::from(v) > self.n) {
            return Err(Error::Arg);
        }
        Ok(())
    }

    /// Drops the givens and the search; the rows stay.
    fn unforce(&mut self) -> Result<(), Error> {
        let mut s = self.solver()?;
        s.reset();
        s.set_seed(0)?;
        s.unselect_all()
    }

    /// Starts a new puzzle: forces the givens of `grid` (0 = blank). Givens that clash
    /// are accepted; the puzzle then has no solution. Abandons a generation.
    pub fn set_givens(&mut self, grid: &[u8]) -> Result<(), Error> {
        self.check_grid(grid)?;
        self.set_gen(Gen::Idle);
        self.unforce()?;
        let n = self.n;
        let mut s = Solver::open(self.core)?;
        let mut clash = false;
        for (cell, &v) in grid.iter().enumerate() {
            if v != 0 {
                match s.select_row(cell as u32 * n + u32::from(v) - 1) {
                    Ok(()) => {}
                    Err(Error::Conflict) => {
                        clash = true;
                        break;
                    }
                    Err(e) => return Err(e),
                }
            }
        }
        if clash {
            s.unselect_all()?;
        }
        drop(s);
        self.set(FLAG_CLASH, clash);
        Ok(())
    }

    /// Goes on with the search of the current puzzle until the next solution (written
    /// into `out`), the end, or until about `budget` link updates were spent (0 = no
    /// limit).
    pub fn next(&mut self, budget: u64, out: &mut [u8]) -> Result<Step, Error> {
        if out.len() != self.cells() {
            return Err(Error::Arg);
        }
        if self.gen() != Gen::Idle {
            return Err(Error::State);
        }
        if self.has(FLAG_CLASH) {
            return Ok(Step::Exhausted);
        }
        let n = self.n;
        let mut s = Solver::open(self.core)?;
        let step = s.next(budget);
        if step == Step::Solution {
            let sol = s.solution().ok_or(Error::State)?;
            if sol.len() != out.len() {
                return Err(Error::Corrupt);
            }
            for &row in sol {
                out[(row / n) as usize] = (row % n + 1) as u8;
            }
        }
        Ok(step)
    }

    /// Solves `grid`: the first solution into `out`. `Step::Solution` or
    /// `Step::Exhausted` (no solution, also for clashing givens).
    pub fn solve(&mut self, grid: &[u8], out: &mut [u8]) -> Result<Step, Error> {
        if out.len() != self.cells() {
            return Err(Error::Arg);
        }
        self.set_givens(grid)?;
        self.next(0, out)
    }

    /// Counts the solutions of `grid` up to `limit` (0 = no limit).
    pub fn count(&mut self, grid: &[u8], limit: u64) -> Result<u64, Error> {
        self.set_givens(grid)?;
        if self.has(FLAG_CLASH) {
            return Ok(0);
        }
        Ok(self.solver()?.count(limit))
    }

    /// Figures of the current or last search (of a solve, count or generation step).
    pub fn stats(&mut self) -> Result<Stats, Error> {
        Ok(self.solver()?.stats())
    }

    // ------------------------------------------------------------------ generation

    /// Starts generating a puzzle from `seed` (the same seed gives the same puzzle).
    /// Drops the givens; run it with [`Sudoku::generate`]. With `proof_limit` 0 the
    /// puzzle is minimal; otherwise a clue whose removal is not proven harmless within
    /// `proof_limit` link updates (per symbol tried) stays: the puzzle is still unique,
    /// but may hold a few clues too many (large grids, where proofs can explode).
    pub fn generate_start(&mut self, seed: u64, proof_limit: u64) -> Result<(), Error> {
        self.unforce()?;
        self.set(FLAG_CLASH, false);
        let mut rng = seed ^ 0x005E_ED0F_D1CE;
        let core_seed = rand(&mut rng) | 1;
        put64(self.head, W_GEN_SEED, core_seed);
        put64(self.head, W_GEN_LIMIT, proof_limit);
        // Independent boxes (on the box diagonal) get random permutations right away:
        // any such start completes, and it saves the search most of its work.
        let prefill = !self.has(FLAG_X) && !self.has(FLAG_JIGSAW);
        if prefill {
            let (n, br, bc) = (self.n, self.box_rows, self.box_cols);
            let mut s = Solver::open(self.core)?;
            let mut perm = [0u8; MAX_N as usize];
            for b in 0..br.min(bc) {
                for (i, p) in perm[..n as usize].iter_mut().enumerate() {
                    *p = i as u8;
                }
                for i in (1..n as usize).rev() {
                    let j = below(&mut rng, i as u32 + 1) as usize;
                    perm.swap(i, j);
                }
                for k in 0..n {
                    let r = b * br + k / bc;
                    let c = b * bc + k % bc;
                    let v = u32::from(perm[k as usize]);
                    s.select_row((r * n + c) * n + v)?;
                }
            }
        }
        let mut s = self.solver()?;
        s.set_seed(core_seed)?;
        drop(s);
        self.set(FLAG_PREFILL, prefill);
        put64(self.head, W_GEN_RNG, rng);
        self.head[W_GEN_POS] = 0;
        self.head[W_GEN_FOUND] = 0;
        self.set_gen(Gen::Fill);
        Ok(())
    }

    /// Goes on generating for about `budget` link updates (0 = no limit). When done,
    /// writes the puzzle and (if given) its solution; calling again gives them again.
    pub fn generate(
        &mut self,
        budget: u64,
        puzzle: &mut [u8],
        solution: Option<&mut [u8]>,
    ) -> Result<GenStep, Error> {
        let cells = self.cells();
        if puzzle.len() != cells || solution.as_ref().is_some_and(|s| s.len() != cells) {
            return Err(Error::Arg);
        }
        if self.gen() == Gen::Idle {
            return Err(Error::State);
        }
        let n = self.n;
        let mut spent = 0u64;
        loop {
            let remaining = if budget == 0 {
                0
            } else if spent >= budget {
                return Ok(GenStep::BudgetSpent);
            } else {
                budget - spent
            };
            match self.gen() {
                Gen::Idle => return Err(Error::State),
                Gen::Fill => {
                    let prefill = self.has(FLAG_PREFILL);
                    let mut s = Solver::open(self.core)?;
                    let before = if s.phase().searching() {
                        s.stats().updates
                    } else {
                        0
                    };
                    let step = s.next(remaining);
                    spent += s.stats().updates.saturating_sub(before);
                    match step {
                        Step::BudgetSpent => return Ok(GenStep::BudgetSpent),
                        Step::Solution => {
                            let sol = s.solution().ok_or(Error::State)?;
                            if sol.len() != cells {
                                return Err(Error::Corrupt);
                            }
                            for &row in sol {
                                self.solution[(row / n) as usize] = row % n + 1;
                            }
                            s.reset();
                            s.set_seed(0)?;
                            s.unselect_all()?;
                            drop(s);
                            self.puzzle.copy_from_slice(self.solution);
                            let mut rng = get64(self.head, W_GEN_RNG);
                            for (i, o) in self.order.iter_mut().enumerate() {
                                *o = i as u32;
                            }
                            for i in (1..cells).rev() {
                                let j = below(&mut rng, i as u32 + 1) as usize;
                                self.order.swap(i, j);
                            }
                            put64(self.head, W_GEN_RNG, rng);
                            self.head[W_GEN_POS] = 0;
                            self.set_gen(Gen::Setup);
                        }
                        Step::Exhausted => {
                            // Only possible with a pre-fill; start again without one.
                            if !prefill {
                                return Err(Error::Corrupt);
                            }
                            s.reset();
                            s.unselect_all()?;
                            drop(s);
                            self.set(FLAG_PREFILL, false);
                        }
                    }
                }
                Gen::Setup => {
                    let pos = self.head[W_GEN_POS] as usize;
                    if pos >= cells {
                        self.set_gen(Gen::Done);
                        continue;
                    }
                    let k = self.order[pos] as usize;
                    let mut s = Solver::open(self.core)?;
                    s.reset();
                    s.unselect_all()?;
                    let mut forced = 0u64;
                    for (cell, &v) in self.puzzle.iter().enumerate() {
                        if v > n {
                            return Err(Error::Corrupt);
                        }
                        if v != 0 && cell != k {
                            s.select_row(cell as u32 * n + v - 1)?;
                            forced += 1;
                        }
                    }
                    drop(s);
                    // Forcing a given covers its four columns, a few updates each.
                    spent += 16 * forced;
                    self.head[W_GEN_FOUND] = 0;
                    self.set_gen(Gen::Try);
                }
                Gen::Try => {
                    // The clue at k is needed exactly when some solution of the
                    // puzzle without it puts another symbol w there: try each w.
                    let pos = self.head[W_GEN_POS] as usize;
                    let k = self.order.get(pos).copied().ok_or(Error::Corrupt)?;
                    let v = *self.puzzle.get(k as usize).ok_or(Error::Corrupt)?;
                    let mut w = self.head[W_GEN_FOUND];
                    let mut s = Solver::open(self.core)?;
                    let mut trying = false;
                    while w < n {
                        if w + 1 != v {
                            match s.select_row(k * n + w) {
                                Ok(()) => {
                                    trying = true;
                                    break;
                                }
                                Err(Error::Conflict) => {}
                                Err(e) => return Err(e),
                            }
                        }
                        w += 1;
                    }
                    drop(s);
                    spent += u64::from(n);
                    self.head[W_GEN_FOUND] = w;
                    if trying {
                        self.set_gen(Gen::Search);
                    } else {
                        // No other symbol fits: still unique without it, the clue goes.
                        self.puzzle[k as usize] = 0;
                        self.head[W_GEN_POS] += 1;
                        self.set_gen(Gen::Setup);
                    }
                }
                Gen::Search => {
                    let cap = get64(self.head, W_GEN_LIMIT);
                    let mut s = Solver::open(self.core)?;
                    let before = if s.phase().searching() {
                        s.stats().updates
                    } else {
                        0
                    };
                    // This call's allowance: the caller's budget and the proof limit.
                    let mut allow = remaining;
                    if cap != 0 {
                        let left = cap.saturating_sub(before).max(1);
                        allow = if allow == 0 { left } else { allow.min(left) };
                    }
                    let step = s.next(allow);
                    let done = s.stats().updates;
                    spent += done.saturating_sub(before);
                    let out_of_proof = cap != 0 && done >= cap;
                    match step {
                        Step::BudgetSpent if !out_of_proof => return Ok(GenStep::BudgetSpent),
                        Step::BudgetSpent | Step::Solution => {
                            // Another solution without it (or no proof in time): the
                            // clue stays.
                            s.reset();
                            drop(s);
                            self.head[W_GEN_POS] += 1;
                            self.set_gen(Gen::Setup);
                        }
                        Step::Exhausted => {
                            // Symbol w cannot go there: drop it, try the next one.
                            pop_forced(&mut s);
                            drop(s);
                            self.head[W_GEN_FOUND] += 1;
                            self.set_gen(Gen::Try);
                        }
                    }
                }
                Gen::Done => {
                    for (o, &v) in puzzle.iter_mut().zip(self.puzzle.iter()) {
                        *o = v as u8;
                    }
                    if let Some(sol) = solution {
                        for (o, &v) in sol.iter_mut().zip(self.solution.iter()) {
                            *o = v as u8;
                        }
                    }
                    return Ok(GenStep::Done);
                }
            }
        }
    }

    /// True while a generation is under way or finished (not abandoned).
    pub fn generating(&self) -> bool {
        self.gen() != Gen::Idle
    }

    /// Checks that `grid` is a complete valid solution (every unit holds every
    /// symbol once, regions and diagonals as configured) and agrees with `givens`.
    /// Needs no search; meant for tests and callers who want a cheap proof.
    pub fn check_solution(&self, givens: &[u8], grid: &[u8]) -> bool {
        let n = self.n as usize;
        if givens.len() != n * n || grid.len() != n * n {
            return false;
        }
        if grid.iter().any(|&v| v == 0 || usize::from(v) > n)
            || givens.iter().zip(grid).any(|(&g, &v)| g != 0 && g != v)
        {
            return false;
        }
        // Rows, columns and boxes via bit sets of up to 64 symbols.
        for i in 0..n {
            let (mut row, mut col) = (0u64, 0u64);
            for j in 0..n {
                row |= 1 << (grid[i * n + j] - 1);
                col |= 1 << (grid[j * n + i] - 1);
            }
            let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            if row != full || col != full {
                return false;
            }
        }
        if !self.has(FLAG_JIGSAW) {
            let mut seen = [0u64; MAX_N as usize];
            for (cell, &v) in grid.iter().enumerate() {
                let b = self.box_of(cell as u32) as usize;
                let bit = 1u64 << (v - 1);
                if seen[b] & bit != 0 {
                    return false;
                }
                seen[b] |= bit;
            }
        }
        if self.has(FLAG_X) {
            let (mut d1, mut d2) = (0u64, 0u64);
            for i in 0..n {
                let b1 = 1u64 << (grid[i * n + i] - 1);
                let b2 = 1u64 << (grid[i * n + n - 1 - i] - 1);
                if d1 & b1 != 0 || d2 & b2 != 0 {
                    return false;
                }
                d1 |= b1;
                d2 |= b2;
            }
        }
        true
    }

    /// Where the core search stands (for the C layer's state checks).
    pub fn phase(&mut self) -> Result<Phase, Error> {
        Ok(self.solver()?.phase())
    }
}

/// Drops the newest forced row (the core keeps forced rows as a stack). Only when
/// no search is under way.
fn pop_forced(s: &mut Solver<'_>) {
    let n = s.h.forced;
    if n == 0 || s.h.phase.searching() {
        return;
    }
    let row = s.sol[(n - 1) as usize];
    let x = s.row_start[row as usize];
    s.uncover_row(x);
    s.h.forced = n - 1;
    s.h.phase = Phase::Fresh;
}

/// The box shape usually meant by a grid of side `n`: the most square one, with no
/// more rows per box than columns (6 -> 2x3, 12 -> 3x4).
pub fn shape_for_side(n: u32) -> Option<(u32, u32)> {
    if !(MIN_N..=MAX_N).contains(&n) {
        return None;
    }
    let mut best = None;
    let mut r = 2;
    while r * r <= n {
        if n.is_multiple_of(r) {
            best = Some((r, n / r));
        }
        r += 1;
    }
    best
}
