//! Sudoku of any box shape, with its own search engine, in one caller-owned block.
//!
//! Safe Rust only, no allocation, no recursion, no I/O, no panics on any input.
//!
//! A grid has `n = box_rows * box_cols` rows, columns and symbols (`4 <= n <= 64`).
//! Cells are numbered row by row, `0 .. n*n`; a cell holds 0 (blank) or a symbol `1..=n`.
//! The search ([`engine`](crate::sudoku::engine)) keeps a candidate bit set per cell,
//! propagates naked and hidden singles over the units (rows, columns, regions: boxes
//! or the caller's jigsaw regions; with Sudoku X the two main diagonals) and, for n
//! from 10 to 32, locked candidates between regions and lines, and branches on the open cell with the
//! fewest candidates, with an explicit stack and a trail for undo: resumable at any
//! step, every solution exactly once. Classic 9x9 grids have an engine of their own
//! (`nine`).
//!
//! The block, in 32-bit words (`C = n*n` cells):
//!
//! ```text
//! header    HEADER_WORDS    fixed fields (below) and the search's state
//! info      C               the units of every cell (row, column, region, diagonals)
//! units     (3n + 2) * n    the cells of every unit: rows, columns, regions, diagonals
//! bits      (3n + 2) * W    the units again, as bit sets over the cells (W = ceil(C / 32))
//! spans     3n + 2          the first and last word of each unit's bit set
//! cand      n * W           per symbol, the cells that may still take it
//! mask      2C              candidates per cell (1 word each up to n = 32, else 2)
//! trail     C * (n - 1)     eliminations since the givens, for undo (9x9 fast path:
//!                           generation's states, see `nine::proof_start`)
//! levels    4C              open branch points
//! queue     C               singles waiting for propagation (scratch)
//! puzzle    C               generation: the puzzle being thinned
//! solution  C               generation: the full grid
//! order     C               generation: the random order in which clues are tried
//! nine      2733            n = 9 only: the 9x9 fast path's states (see `nine`)
//! ```
//!
//! In all `HEADER_WORDS + 2 + 5n + C (n + 13) + (4n + 2) W` words, plus 2733 for n = 9.
#![forbid(unsafe_code)]

pub mod engine;
mod mask;
mod nine;
mod propagate;
pub mod text;

use crate::block::{self, Kind};
use crate::outcome::{Error, Stats, Step};
use engine::{CallCheck, Outcome, Search, LEVEL_WORDS, SEARCH_AT, SEARCH_WORDS};
use generate::Gen;
pub use generate::GenStep;

/// Words in the fixed header (the search's state included).
pub const HEADER_WORDS: u64 = 48;
/// "SDK1" read as a little-endian word.
pub const MAGIC: u32 = 0x314B_4453;
/// Version of the block layout (3: the common block prefix, see [`crate::block`]).
pub const LAYOUT_VERSION: u32 = 5;
/// Smallest and largest supported grid side.
pub const MIN_N: u32 = 4;
pub const MAX_N: u32 = 64;

/// The Sudoku helper's kind of block.
pub const KIND: Kind = Kind::new(MAGIC, LAYOUT_VERSION, HEADER_WORDS);

// Word positions after the common prefix (see `crate::block`).
block::fields! {
    W_BOX_ROWS, W_BOX_COLS, W_N,
    W_GEN_PHASE, W_GEN_POS, W_GEN_RNG: 2, W_GEN_LIMIT: 2,
    /// The search's updates when the current proof began; while searching for the
    /// complete grid, the cap of the current start.
    W_GEN_BASE: 2,
}

const _: () =
    assert!(SEARCH_AT + SEARCH_WORDS == HEADER_WORDS as usize && W_GEN_BASE + 2 <= SEARCH_AT);
// The fast path's generation keeps its states in the general engine's trail.
const _: () = assert!(81 * 8 >= nine::GEN_WORDS);

/// The block was allocated by the library (`dlx_sudoku_new`).
pub const FLAG_HEAP: u32 = block::FLAG_HEAP;
/// The two main diagonals are constraints too (Sudoku X).
pub const FLAG_X: u32 = 2;
/// Regions are the caller's (jigsaw), not boxes.
pub const FLAG_JIGSAW: u32 = 4;
/// The diagonal boxes were pre-filled for the current generation's full grid.
pub(super) const FLAG_PREFILL: u32 = 16;
/// Classic 9x9 grids search with the general engine, not the 9x9 fast path (see
/// [`Sudoku::use_fast_path`]).
const FLAG_GENERAL: u32 = 32;

/// The grid side for boxes of `box_rows x box_cols`, when supported.
pub fn side(box_rows: u32, box_cols: u32) -> Option<u32> {
    if box_rows == 0 || box_cols == 0 || box_rows > MAX_N || box_cols > MAX_N {
        return None;
    }
    let n = box_rows * box_cols;
    (MIN_N..=MAX_N).contains(&n).then_some(n)
}

/// Units of a grid of side `n`: rows, columns, regions and the two diagonals.
fn units_of(n: u64) -> u64 {
    3 * n + 2
}

/// Words a block for boxes of `box_rows x box_cols` needs, or `None` out of range:
/// `HEADER_WORDS + 2 + 5n + n*n*(n + 13) + (4n + 2) * W` with `W = ceil(n*n / 32)`
/// words per bit set over the cells, plus `nine::WORDS` (2733) for `n = 9`.
pub fn required_words(box_rows: u32, box_cols: u32) -> Option<u64> {
    let n = u64::from(side(box_rows, box_cols)?);
    let w = (n * n).div_ceil(32);
    Some(HEADER_WORDS + 2 + 5 * n + n * n * (n + 13) + (4 * n + 2) * w + nine_words(n))
}

/// Words of the 9x9 fast path's area: [`nine::WORDS`] for `n = 9`, else none.
fn nine_words(n: u64) -> u64 {
    if n == 9 {
        nine::WORDS as u64
    } else {
        0
    }
}

/// Bytes a block for boxes of `box_rows x box_cols` needs, or `None` out of range.
pub fn required_bytes(box_rows: u32, box_cols: u32) -> Option<usize> {
    usize::try_from(required_words(box_rows, box_cols)?.checked_mul(4)?).ok()
}

/// The search engine's view of the block, borrowing only the fields it needs.
macro_rules! search {
    ($s:expr) => {{
        let pattern = $s.pattern();
        let fast = $s.fast();
        $crate::sudoku::engine::Search {
            n: $s.n,
            head: &mut *$s.search,
            info: &*$s.info,
            units: &*$s.units,
            unit_bits: &*$s.unit_bits,
            spans: &*$s.spans,
            cand: &mut *$s.cand,
            mask: &mut *$s.mask,
            trail: &mut *$s.trail,
            levels: &mut *$s.levels,
            queue: &mut *$s.queue,
            pattern,
            fast,
            nine: &mut *$s.nine,
            check: &mut $s.check,
        }
    }};
}

mod generate;

/// A Sudoku helper living in a caller-provided block of words.
pub struct Sudoku<'a> {
    head: &'a mut [u32],
    search: &'a mut [u32],
    info: &'a mut [u32],
    units: &'a mut [u32],
    unit_bits: &'a mut [u32],
    spans: &'a mut [u32],
    cand: &'a mut [u32],
    mask: &'a mut [u32],
    trail: &'a mut [u32],
    levels: &'a mut [u32],
    queue: &'a mut [u32],
    puzzle: &'a mut [u32],
    solution: &'a mut [u32],
    order: &'a mut [u32],
    nine: &'a mut [u32],
    /// Outside the block, for the life of this value (one C call): see [`CallCheck`].
    check: CallCheck,
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
        KIND.start(words, total);
        words[W_BOX_ROWS] = box_rows;
        words[W_BOX_COLS] = box_cols;
        words[W_N] = n;
        let mut s = Sudoku::carve(words, box_rows, box_cols, n);
        s.build(None, false)?;
        Ok(s)
    }

    /// Reopens a helper made by [`Sudoku::init`]; checks the header.
    pub fn open(words: &'a mut [u32]) -> Result<Sudoku<'a>, Error> {
        let recorded = KIND.words_of(words).ok_or(Error::Corrupt)?;
        let (br, bc) = (words[W_BOX_ROWS], words[W_BOX_COLS]);
        let total = required_words(br, bc).ok_or(Error::Corrupt)?;
        if recorded != total
            || (words.len() as u64) < total
            || words[W_N] != br * bc
            || Gen::from_word(words[W_GEN_PHASE]).is_none()
        {
            return Err(Error::Corrupt);
        }
        let n = br * bc;
        let mut s = Sudoku::carve(&mut words[..total as usize], br, bc, n);
        if !s.engine().sane() {
            return Err(Error::Corrupt);
        }
        Ok(s)
    }

    /// The total words of a block, read from its header (for the C layer).
    /// Agrees with the box shape the header records, or `None`.
    pub fn words_of(head: &[u32]) -> Option<u64> {
        let recorded = KIND.words_of(head)?;
        (required_words(head[W_BOX_ROWS], head[W_BOX_COLS])? == recorded).then_some(recorded)
    }

    fn carve(words: &'a mut [u32], box_rows: u32, box_cols: u32, n: u32) -> Sudoku<'a> {
        let cells = (n * n) as usize;
        let nn = n as usize;
        let (head, rest) = words.split_at_mut(SEARCH_AT);
        let (search, rest) = rest.split_at_mut(SEARCH_WORDS);
        let (info, rest) = rest.split_at_mut(cells);
        let (units, rest) = rest.split_at_mut(units_of(n.into()) as usize * nn);
        let w = engine::bits_words(n);
        let nunits = units_of(n.into()) as usize;
        let (unit_bits, rest) = rest.split_at_mut(nunits * w);
        let (spans, rest) = rest.split_at_mut(nunits);
        let (cand, rest) = rest.split_at_mut(nn * w);
        let (mask, rest) = rest.split_at_mut(2 * cells);
        let (trail, rest) = rest.split_at_mut(cells * (nn - 1));
        let (levels, rest) = rest.split_at_mut(LEVEL_WORDS * cells);
        let (queue, rest) = rest.split_at_mut(cells);
        let (puzzle, rest) = rest.split_at_mut(cells);
        let (solution, rest) = rest.split_at_mut(cells);
        let (order, nine) = rest.split_at_mut(cells);
        Sudoku {
            head,
            search,
            info,
            units,
            unit_bits,
            spans,
            cand,
            mask,
            trail,
            levels,
            queue,
            puzzle,
            solution,
            order,
            nine,
            check: CallCheck::default(),
            box_rows,
            box_cols,
            n,
        }
    }

    /// The search engine's view of the block.
    fn engine(&mut self) -> Search<'_> {
        search!(self)
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
        block::has(self.head, f)
    }

    fn set(&mut self, f: u32, on: bool) {
        block::set(self.head, f, on);
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

    /// Sets the variant: `regions` (one id `0..n` per cell, each id used by exactly
    /// `n` cells) replaces the boxes; `x` adds the diagonals. Drops the givens (the
    /// empty grid is set) and any generation under way. A refused variant changes
    /// nothing.
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
        let nn = n as usize;
        let mut filled = [0usize; MAX_N as usize];
        for cell in 0..cells {
            let (r, c) = (cell / nn, cell % nn);
            let region = match regions {
                Some(reg) => usize::from(reg[cell]),
                None => {
                    let (br, bc) = (self.box_rows as usize, self.box_cols as usize);
                    (r / br) * br + c / bc
                }
            };
            let (d, a) = (x && r == c, x && r + c == nn - 1);
            self.info[cell] = engine::cell_info(r as u32, c as u32, region as u32, d, a);
            self.units[r * nn + c] = cell as u32;
            self.units[(nn + c) * nn + r] = cell as u32;
            self.units[(2 * nn + region) * nn + filled[region]] = cell as u32;
            filled[region] += 1;
            if r == c {
                self.units[3 * nn * nn + r] = cell as u32;
            }
            if r + c == nn - 1 {
                self.units[(3 * nn + 1) * nn + r] = cell as u32;
            }
        }
        // The units as bit sets over the cells, and the words each one spans.
        let w = engine::bits_words(n);
        self.unit_bits.fill(0);
        for (u, unit) in self.units.chunks(nn).enumerate() {
            let (mut lo, mut hi) = (usize::MAX, 0);
            for &c in unit {
                let j = c as usize / 32;
                self.unit_bits[u * w + j] |= 1 << (c % 32);
                lo = lo.min(j);
                hi = hi.max(j);
            }
            self.spans[u] = lo as u32 | ((hi as u32) << 16);
        }
        self.set(FLAG_X, x);
        self.set(FLAG_JIGSAW, regions.is_some());
        self.set_gen(Gen::Idle);
        self.engine().set(|_| 0, None, 0);
        Ok(())
    }

    /// The pattern word of the engine: the box shape when the regions are boxes and
    /// there are no diagonals, else 0.
    fn pattern(&self) -> u32 {
        if self.has(FLAG_X) || self.has(FLAG_JIGSAW) {
            0
        } else {
            self.box_rows << 8 | self.box_cols
        }
    }

    /// True when the 9x9 fast path searches: boxes of 3x3, no diagonals, not turned
    /// off by [`Sudoku::use_fast_path`].
    fn fast(&self) -> bool {
        self.pattern() == (3 << 8 | 3) && !self.has(FLAG_GENERAL)
    }

    /// Chooses the engine of classic 9x9 grids: the 9x9 fast path (module `nine`, the
    /// default) or the general engine (for comparisons and tests; both give the same
    /// answers). Drops the givens and any generation, like [`Sudoku::build`].
    pub fn use_fast_path(&mut self, on: bool) {
        self.set(FLAG_GENERAL, !on);
        self.set_gen(Gen::Idle);
        self.engine().set(|_| 0, None, 0);
    }

    /// The guesses of the current or last search of the 9x9 fast path (tries at branch
    /// points that had another alternative left, counted as tdoku counts them), or `None`
    /// when the general engine searches. For benchmarks.
    pub fn guesses(&mut self) -> Option<u64> {
        let e = self.engine();
        e.fast.then(|| nine::guesses(e.head))
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
        // The largest value by a fold (no early exit: vectorised), not `any`.
        let top = grid.iter().fold(0, |m, &v| m.max(v));
        if grid.len() != self.cells() || u32::from(top) > self.n {
            return Err(Error::Arg);
        }
        Ok(())
    }

    /// Starts a new puzzle with the givens of `grid` (0 = blank). Givens that clash
    /// are accepted; the puzzle then has no solution. Abandons a generation.
    pub fn set_givens(&mut self, grid: &[u8]) -> Result<(), Error> {
        self.check_grid(grid)?;
        self.set_gen(Gen::Idle);
        self.engine().set(|c| u32::from(grid[c]), None, 0);
        Ok(())
    }

    /// Goes on with the search of the current puzzle until the next solution (written
    /// into `out`), the end, or until about `budget` updates (candidate eliminations)
    /// were spent (0 = no limit). The budget is checked between steps; one step (a
    /// placement and its propagation) is never split, and every call makes one.
    pub fn next(&mut self, budget: u64, out: &mut [u8]) -> Result<Step, Error> {
        if out.len() != self.cells() {
            return Err(Error::Arg);
        }
        if self.gen() != Gen::Idle {
            return Err(Error::State);
        }
        let mut e = self.engine();
        let (outcome, _) = e.run(budget, u64::MAX)?;
        Ok(match outcome {
            Outcome::Solution => {
                e.write_solution(out);
                Step::Solution
            }
            Outcome::Exhausted => Step::Exhausted,
            Outcome::Budget => Step::BudgetSpent,
        })
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

    /// Counts the solutions of `grid` up to `limit` (0 = no limit). Leaves the
    /// puzzle set and its search rewound to the start (the figures stay).
    pub fn count(&mut self, grid: &[u8], limit: u64) -> Result<u64, Error> {
        self.set_givens(grid)?;
        let mut e = self.engine();
        let mut found = 0u64;
        while limit == 0 || found < limit {
            match e.run(0, u64::MAX)?.0 {
                Outcome::Solution => found += 1,
                _ => break,
            }
        }
        e.rewind();
        Ok(found)
    }

    /// Figures of the current or last search (of a solve, count or generation step):
    /// `nodes` = placements (cells fixed by a guess, a naked single or a hidden
    /// single; givens not counted), `updates` = candidate eliminations, `depth` and
    /// `max_depth` = open branch points (cells with untried symbols).
    pub fn stats(&mut self) -> Result<Stats, Error> {
        let f = self.engine().figures();
        Ok(Stats {
            nodes: f.nodes,
            updates: f.updates,
            solutions: f.solutions,
            depth: f.depth,
            max_depth: f.max_depth,
        })
    }

    /// True while a generation is under way or finished (not abandoned).
    pub fn generating(&self) -> bool {
        self.gen() != Gen::Idle
    }

    /// Checks that `grid` is a complete valid solution (every unit holds every
    /// symbol once: rows, columns, regions as configured, and the diagonals with
    /// Sudoku X) and agrees with `givens`. Needs no search; meant for tests and
    /// callers who want a cheap proof.
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
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let units = 3 * n + if self.has(FLAG_X) { 2 } else { 0 };
        self.units[..units * n].chunks(n).all(|unit| {
            let mut seen = 0u64;
            for &c in unit {
                match grid.get(c as usize) {
                    Some(&v) => seen |= 1 << (v - 1),
                    None => return false,
                }
            }
            seen == full
        })
    }
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
