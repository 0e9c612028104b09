//! The 9x9 fast path: classic 3x3 boxes, no diagonals, no jigsaw. The helper's engine
//! for such grids unless [`super::Sudoku::use_fast_path`] turns it off; same block,
//! same budgets, same answers as the general engine (the order of the solutions of a
//! puzzle with several may differ).
//!
//! Safe portable Rust, no allocation, no recursion, no panics on any block content.
//!
//! The state is kept per *band* (three rows of boxes) and digit: word `f[b][d]` holds
//! the cells of band `b` that may still take digit `d`, bit `9r + c` for row `r` of the
//! band and column `c` (27 bits); `open[b]` holds the band's cells not yet fixed. 30
//! words, 120 bytes. Propagation, each rule on whole words:
//!
//! - **a band of one digit** (rows and boxes at once, locked candidates included): the
//!   digit takes one cell in each of the band's three rows and three boxes, so the
//!   rows and boxes it uses are matched one to one. The word folds into a 3x3 table of
//!   which row meets which box ([`SHRINK`]); [`KEEP`] leaves the row-box pairs that lie
//!   on one of the six matchings the table allows (none: a contradiction). This is
//!   pointing and claiming between the band's rows and boxes, and more. A row left with
//!   one cell fixes the digit there (a box left with one cell then also has its row left
//!   with one cell): the cell leaves the other digits' words, its column the digit's
//!   other two bands;
//! - **a stack of one digit** (three columns of boxes): the same matching between the
//!   stack's columns and its boxes, one per band, on the columns each band's word
//!   still uses (locked candidates between columns and boxes); a column left with one
//!   cell then ends as a row left with one cell in that cell's band. The columns each
//!   band uses, one band a row, make a word laid out as a band, whose boxes are the
//!   stacks' tables: one lookup per stack;
//! - **naked singles**: a bit-sliced count over the band's nine words gives the cells
//!   with one candidate (fixed: their row, box and column leave the digit's words) and
//!   the cells with none (a contradiction);
//! - **triads** (tdoku's reasoning, our own code), once per propagation when the rules
//!   above have nothing left: a minirow (a row inside a box) or a minicolumn holds
//!   three digits. Three digits bound to one (a row of the band, or a box, whose digit
//!   is left only there) drive the other digits out of it; only three digits left for
//!   one bind each of them there (a minirow's digit leaves the rest of its row, a
//!   minicolumn's the rest of its box). Fewer than three left, or more than three
//!   bound, is a contradiction. Each digit's minirows and minicolumns are one word, the
//!   counts bit-sliced over the nine.
//!
//! Only the words that changed since their last pass are looked at again: each word's
//! value after its pass is kept (`prev`, not saved: a saved state is propagated), the
//! band passes go in order over a snapshot of the words that differ from it (27
//! compares), then over the next snapshot until one is empty, or until a snapshot's
//! passes masked only their own words (which leaves none changed). A mask is a plain
//! `and`: no bookkeeping per masked word (a dirty bit per word, set by each mask, cost
//! a fifth of the band passes). Design notes and the figures against the `sudoku`
//! crate and tdoku: docs/DESIGN.md, docs/BENCHMARKS.md.
//!
//! Branching, as tdoku's: on a digit's placement in a band or stack (the matching of
//! its rows and boxes, or bands and columns, one of six): of the bands and stacks not
//! settled, the one with the fewest matchings left over its nine digits, and in it the
//! first digit with the fewest; each try keeps one matching. (Until this pass: of the
//! cells with two candidates, the one with the most open cells around it; 55 guesses
//! per puzzle against 36 on forum hardest 11+, 7.6 against 5.9 on top1465; that cell
//! choice stays for a block whose digits are all placed with cells left open, which
//! propagation does not leave.) The counts of matchings are kept between branch points
//! (a word's count is redone only when the word changed, a digit's stacks' when the
//! stack rule did not see its last change; a run keeps those of its newest branch
//! points for their next tries) instead of 54 tables at every one. A branch point saves the whole state (30 words)
//! instead of an undo trail; trying the next alternative copies it back. One *step* is atomic as in the general engine: the first
//! propagation, opening a branch point, or one try at the newest branch point; budgets
//! are checked between steps. Counted: `updates` = candidates eliminated, `nodes` =
//! cells fixed, both from the state of the givens (the givens are fixed when they are
//! set, so their own eliminations are not counted).
//!
//! Setup and output are whole-word too: the givens mark, per digit, the rows, columns
//! and boxes they use (one 27-bit word), and each digit-band word is then built at
//! once (two givens of a digit in one unit fall back to setting them one cell at a
//! time, in cell order, for the same state); the grid is written from four bit planes
//! of the digits per band, each row's planes spread to bytes by a table (eight cells a
//! lookup). On the 17-clue set these were a fifth of the cost per puzzle, now a
//! seventh (set 1,585 and write 586 instructions per puzzle, from 2,337 and 1,110).
//!
//! The fast path's words in the block: the state of the givens (for rewinding), the
//! current state, and [`MAX_LEVELS`] branch points of [`LEVEL`] words. Generation
//! keeps its stack of states ([`proof_start`]) in the general engine's trail.

use super::engine::{
    Figures, Outcome, PHASE_DESCEND, PHASE_DONE, PHASE_RETRY, PHASE_START, S_LEVELS, S_MAX_DEPTH,
    S_NODES, S_PHASE, S_RANDOM, S_RNG, S_SOLUTIONS, S_UNSOLVED, S_UPDATES,
};
use crate::block::{get64, put64};
use crate::outcome::Error;
use crate::rng::below;

/// The 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// Column 0 of a band (shift by the column).
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;
/// The first box of a band (shift by 3 for the next).
const BOX: u32 = 7 * COLUMN;
/// Words of a state: 27 digit-band words and the open cells of the three bands.
const STATE: usize = 30;
/// Words of a branch point: the state before the try, the cell (or the digit in a
/// band or stack), the untried digits (or matchings), the candidates of the state (so that a try counts them once, after).
const LEVEL: usize = STATE + 3;
/// A branch point on a digit's placement in a band or stack is recorded as
/// `BRANCH_BY_DIGIT + 9k + d`, past the cells.
const BRANCH_BY_DIGIT: u32 = 81;
/// Branch points: every open one fixed its own cell or a digit's placement in a band
/// or stack (54 of those).
pub const MAX_LEVELS: usize = 81;
/// The state of the givens.
const AT_START: usize = 0;
/// The current state.
const AT_NOW: usize = STATE;
/// The first branch point.
const AT_LEVELS: usize = 2 * STATE;
/// Words of the fast path's area in the block.
pub const WORDS: usize = AT_LEVELS + MAX_LEVELS * LEVEL;

/// A row of a band (9 bits) folded to its boxes (3 bits): box `k` has a bit when the
/// row has a cell in it.
const SHRINK: [u8; 512] = shrink();
/// For the row-box table of a band (bit `3r + k`: row `r` meets box `k`), the band's
/// cells on the row-box pairs that belong to a one-to-one matching of rows and boxes
/// inside the table; 0 when there is none.
const KEEP: [u32; 512] = through(&MATCHINGS, &unions(&parts::<9>(7, 9, 3)));
/// For a stack's table of bands and columns (bit `3b + j`: band `b` uses column `j`
/// of the stack), bit `9b + j` for the pairs on some matching.
const STACK_KEEP: [u32; 512] = through(&MATCHINGS, &unions(&parts::<9>(1, 9, 1)));
/// For a 3x3 table, the cells of the matchings inside it.
const MATCHINGS: [u16; 512] = matchings();
/// The first cell of each minirow of a band (bits `3m`).
const TRIADS: u32 = 0o111_111_111;
/// The six matchings of a 3x3 table: row `r` takes column `P[i][r]`.
const P: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];
/// For a 3x3 table, the matchings (bit `i`: `P[i]`) inside it.
const MATCHSET: [u8; 512] = matchset();
/// For a 3x3 table, how many matchings lie inside it.
const MATCHES: [u8; 512] = matches();

const fn matches() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = MATCHSET[x].count_ones() as u8;
        x += 1;
    }
    t
}

/// The cells of matching `P[i]` in a 3x3 table (bit `3r + c`).
const fn matching_cells(i: usize) -> usize {
    1 << P[i][0] | 1 << (3 + P[i][1]) | 1 << (6 + P[i][2])
}

const fn matchset() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut occ = 0;
    while occ < 512 {
        let mut i = 0;
        while i < 6 {
            let m = matching_cells(i);
            if occ & m == m {
                t[occ] |= 1 << i;
            }
            i += 1;
        }
        occ += 1;
    }
    t
}

/// The cells of a row (9 bits).
const POP9: [u8; 512] = pop9();
/// A row (9 bits) spread to nibbles: nibble `c` is 1 when the row has column `c`.
const SPREAD: [u64; 512] = unions(&parts::<9>(1, 12, 4));
/// For a band's table of rows and boxes (bit `3r + k`), the cells of each row left
/// with one box once the table keeps its matchings (row `r`'s cells in box `k`): that
/// box then holds no other row's cells.
const LONE_ROWS: [u32; 512] = lone_rows();
/// For the columns a band's word uses (9 bits), the cells of each column that is the
/// only one of its box (stack) used.
const LONE_COLUMNS: [u32; 512] = lone_columns();
/// The other cells of a cell's row, box and column inside its band.
const BAND_PEERS: [u32; 27] = band_peers();

/// The bits that parts `0..N` of a 3-wide grid stand for: part `j`, in row `j / 3`
/// and column `j % 3` of the grid, is `unit` shifted by `row` per grid row and `column`
/// per grid column (e.g. a band's rows: `unit` 511, `column` 9).
const fn parts<const N: usize>(unit: u64, row: u32, column: u32) -> [u64; N] {
    let mut t = [0u64; N];
    let mut j = 0;
    while j < N {
        t[j] = unit << (row * (j as u32 / 3) + column * (j as u32 % 3));
        j += 1;
    }
    t
}

/// For every set `x` of parts (bit `j`: part `j`), the union of its parts: the
/// tables of a set of rows, boxes, columns or pairs as the bits they stand for.
const fn unions<const M: usize>(parts: &[u64]) -> [u64; M] {
    let mut t = [0u64; M];
    let mut x = 0;
    while x < M {
        let mut j = 0;
        while j < parts.len() {
            if x >> j & 1 != 0 {
                t[x] |= parts[j];
            }
            j += 1;
        }
        x += 1;
    }
    t
}

/// `table[index[x]]` for every `x` (the table's values fit 32 bits).
const fn through(index: &[u16; 512], table: &[u64; 512]) -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = table[index[x] as usize] as u32;
        x += 1;
    }
    t
}

/// A table whose values fit 32 bits, as such.
const fn narrow<const N: usize>(table: [u64; N]) -> [u32; N] {
    let mut t = [0u32; N];
    let mut x = 0;
    while x < N {
        t[x] = table[x] as u32;
        x += 1;
    }
    t
}

const fn shrink() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if x >> (3 * k) & 7 != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
}

const fn matchings() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut occ = 0;
    while occ < 512 {
        let mut i = 0;
        while i < 6 {
            if MATCHSET[occ] >> i & 1 != 0 {
                t[occ] |= matching_cells(i) as u16;
            }
            i += 1;
        }
        occ += 1;
    }
    t
}

const fn pop9() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = (x as u32).count_ones() as u8;
        x += 1;
    }
    t
}

const fn lone_rows() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let kept = MATCHINGS[x] as usize;
        let mut r = 0;
        while r < 3 {
            let boxes = kept >> (3 * r) & 7;
            if boxes.count_ones() == 1 {
                t[x] |= 7 << (9 * r + 3 * boxes.trailing_zeros());
            }
            r += 1;
        }
        x += 1;
    }
    t
}

const fn lone_columns() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            let columns = x >> (3 * k) & 7;
            if (columns as u32).count_ones() == 1 {
                t[x] |= COLUMN << (3 * k + columns.trailing_zeros());
            }
            k += 1;
        }
        x += 1;
    }
    t
}

const fn band_peers() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let row = 511 << (9 * r);
        let column = COLUMN << c;
        let boxed = BOX << (3 * (c / 3));
        t[i] = (row | column | boxed) & !(1 << i);
        i += 1;
    }
    t
}

/// The columns a band's word uses (9 bits).
#[inline(always)]
fn fold(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 511
}

/// The cells of a band with at least one and at least two candidates, counted
/// bit-sliced over its nine digit words.
#[inline(always)]
fn once_twice(band: &[u32; 9]) -> (u32, u32) {
    let (mut once, mut twice) = (0, 0);
    for &x in band {
        twice |= once & x;
        once |= x;
    }
    (once, twice)
}

/// A search state.
#[derive(Clone, Copy, PartialEq, Eq)]
struct State {
    /// `f[b][d]`: the cells of band `b` that may take digit `d`.
    f: [[u32; 9]; 3],
    /// The cells of each band not yet fixed.
    open: [u32; 3],
    /// Each word as its last pass as a band left it: a word that differs needs a pass.
    /// Not saved: every saved state is propagated (a load copies `f`).
    prev: [[u32; 9]; 3],
    /// The words that had a pass as a band since the last naked singles and stacks
    /// (the two rules look only at those).
    touched: u32,
    /// Whether a band pass masked other words than its own since this was cleared.
    spilled: bool,
    /// The matchings left of each word as a band and of each digit in each stack,
    /// for the branch choice: up to date for the words (bit `9b + d`) and digits (bit
    /// `d`) in `known`. A band pass makes its word's count unknown (counted at the
    /// next branch point: recording it in the pass cost more); the stack rule records
    /// its digit's. Not saved: a run keeps those of its newest branch points
    /// ([`Run::memo`]), a load without them knows none.
    counts: Counts,
    known: Known,
}

/// How many matchings each digit has left in each band and stack.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Counts {
    /// `band[b][d]`: digit `d` in band `b`.
    band: [[u8; 9]; 3],
    /// `stack[d][s]`: digit `d` in stack `s`.
    stack: [[u8; 3]; 9],
}

/// Which of [`Counts`] are up to date: words (bit `9b + d`), digits' stacks (bit `d`).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Known {
    bands: u32,
    stacks: u32,
}

/// All of them.
const ALL_KNOWN: Known = Known {
    bands: BAND,
    stacks: 511,
};
/// None of them.
const NONE_KNOWN: Known = Known {
    bands: 0,
    stacks: 0,
};
/// Branch points whose counts a run keeps (the newest, by level modulo this).
const MEMO: usize = 8;

impl State {
    fn new(f: [[u32; 9]; 3], open: [u32; 3]) -> State {
        State {
            f,
            open,
            prev: f,
            touched: 0,
            spilled: false,
            counts: Counts {
                band: [[0; 9]; 3],
                stack: [[0; 3]; 9],
            },
            known: NONE_KNOWN,
        }
    }

    fn load(w: &[u32], at: usize) -> State {
        let mut st = State::new([[0; 9]; 3], [0; 3]);
        if let Some(src) = w.get(at..at + STATE) {
            for (b, band) in st.f.iter_mut().enumerate() {
                band.copy_from_slice(&src[9 * b..9 * b + 9]);
                band.iter_mut().for_each(|x| *x &= BAND);
            }
            st.open.copy_from_slice(&src[27..]);
            st.open.iter_mut().for_each(|x| *x &= BAND);
        }
        st.prev = st.f;
        st
    }

    fn store(&self, w: &mut [u32], at: usize) {
        if let Some(dst) = w.get_mut(at..at + STATE) {
            for (b, band) in self.f.iter().enumerate() {
                dst[9 * b..9 * b + 9].copy_from_slice(band);
            }
            dst[27..].copy_from_slice(&self.open);
        }
    }

    /// True when the state is one that a propagation leaves (see [`sound`]).
    fn settled(&self) -> bool {
        for (band, &open) in self.f.iter().zip(&self.open) {
            let (once, twice) = once_twice(band);
            if BAND & !once != 0 || twice & !open != 0 {
                return false;
            }
        }
        (0..9).all(|d| {
            let columns = self.f.iter().fold(0, |a, band| a | fold(band[d]));
            let units = (0..3).all(|b| {
                let x = self.f[b][d];
                let rows = (0..3).all(|r| x >> (9 * r) & 511 != 0);
                let boxes = (0..3).all(|k| x & BOX << (3 * k) != 0);
                // The fixed cells of the digit: no other cell of their row, box or
                // column keeps it.
                let mut fixed = x & !self.open[b];
                let mut alone = true;
                while fixed != 0 {
                    let i = fixed.trailing_zeros() as usize;
                    fixed &= fixed - 1;
                    let column = COLUMN << (i % 9);
                    alone &= x & BAND_PEERS[i] == 0
                        && (0..3).all(|o| o == b || self.f[o][d] & column == 0);
                }
                rows && boxes && alone
            });
            columns == 511 && units
        })
    }

    /// Candidates left over all cells.
    fn candidates(&self) -> u64 {
        // Two words per 64-bit lane, byte counts summed across lanes before one
        // horizontal add (a byte holds at most 8 * 14): half the work of 27 counts
        // without a popcount instruction.
        const M1: u64 = 0x5555_5555_5555_5555;
        const M2: u64 = 0x3333_3333_3333_3333;
        const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
        let bytes = |v: u64| {
            let v = v - (v >> 1 & M1);
            let v = (v & M2) + (v >> 2 & M2);
            (v + (v >> 4)) & M4
        };
        let mut acc = 0;
        for band in &self.f {
            for d in [0, 2, 4, 6] {
                acc += bytes(u64::from(band[d]) | u64::from(band[d + 1]) << 32);
            }
        }
        acc += bytes(u64::from(self.f[0][8]) | u64::from(self.f[1][8]) << 32);
        acc += bytes(u64::from(self.f[2][8]));
        // Byte pairs to 16-bit lanes first: the total (up to 729) needs more than a byte.
        let lanes = (acc & 0x00ff_00ff_00ff_00ff) + (acc >> 8 & 0x00ff_00ff_00ff_00ff);
        lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48
    }

    /// Cells fixed so far.
    fn fixed(&self) -> u32 {
        81 - self.open.iter().map(|x| x.count_ones()).sum::<u32>()
    }

    /// The digits cell `c` (0..81) may take, as 9 bits.
    fn digits(&self, c: u32) -> u32 {
        let band = &self.f[(c / 27) as usize % 3];
        let bit = 1 << (c % 27);
        let mut m = 0;
        for (d, &x) in band.iter().enumerate() {
            m |= u32::from(x & bit != 0) << d;
        }
        m
    }

    /// The words of band `b` keep the bits of `m`.
    #[inline(always)]
    fn keep_in_band(&mut self, b: usize, m: u32) {
        self.f[b] = self.f[b].map(|x| x & m);
    }

    /// Digit `d`'s words keep the bits of `m` in each band.
    #[inline(always)]
    fn keep_of_digit(&mut self, d: usize, m: [u32; 3]) {
        for (b, &m) in m.iter().enumerate() {
            self.f[b][d] &= m;
        }
    }

    /// Cell `bit` of band `b` takes digit `d`: it leaves the other digits, its row,
    /// box and column leave digit `d`.
    #[inline(always)]
    fn fix(&mut self, d: usize, b: usize, bit: u32) {
        let word = self.f[b][d];
        self.keep_in_band(b, !bit);
        self.f[b][d] = word;
        self.fix_alone(d, b, bit);
    }

    /// The same for a cell whose only candidate is `d` already.
    #[inline(always)]
    fn fix_alone(&mut self, d: usize, b: usize, bit: u32) {
        let i = bit.trailing_zeros() as usize % 27;
        let keep = self.f[b][d] & !BAND_PEERS[i];
        // The column includes the cell: its word changes, hence becomes dirty.
        self.keep_of_digit(d, [!(COLUMN << (i % 9)); 3]);
        self.f[b][d] = keep;
        self.open[b] &= !bit;
    }

    /// Word `f[b][d]` as a band of digit `d`: the row-box matching, and the rows left
    /// with one cell fixed. False on a contradiction.
    #[inline(always)]
    fn band(&mut self, b: usize, d: usize) -> bool {
        let t = self.band_table(b, d);
        let a = self.f[b][d] & KEEP[t];
        if a == 0 {
            return false;
        }
        // A row left with one box is alone there: its one cell is the box's one column.
        let s = LONE_ROWS[t] & LONE_COLUMNS[fold(a) as usize] & self.open[b];
        if s != 0 {
            let c = fold(s);
            self.keep_of_digit(d, [!(c * COLUMN); 3]);
            self.keep_in_band(b, !s);
            self.open[b] &= !s;
            self.spilled = true;
        }
        self.f[b][d] = a;
        self.prev[b][d] = a;
        true
    }

    /// The words changed since their last pass as a band (bit `9b + d`).
    #[inline(always)]
    fn changed(&self) -> u32 {
        let mut m = 0;
        for b in 0..3 {
            for d in 0..9 {
                m |= u32::from(self.f[b][d] != self.prev[b][d]) << (9 * b + d);
            }
        }
        m
    }

    /// Every changed word as a band, in order, until none is; false on a
    /// contradiction.
    #[inline(always)]
    fn bands(&mut self) -> bool {
        loop {
            let m = self.changed();
            if m == 0 {
                return true;
            }
            self.touched |= m;
            self.known.bands &= !m;
            self.spilled = false;
            for b in 0..3 {
                let mut rest = m >> (9 * b) & 511;
                while rest != 0 {
                    let d = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if !self.band(b, d % 9) {
                        return false;
                    }
                }
            }
            // Passes that masked only their own word leave no word changed: the next
            // snapshot would be empty.
            if !self.spilled {
                return true;
            }
        }
    }

    /// Fixes the cells with one candidate left in the bands with a bit in `touched`;
    /// `Some(true)` when there were any, `None` when an open cell has none.
    #[inline(always)]
    fn naked_singles(&mut self, touched: u32) -> Option<bool> {
        let mut found = false;
        for b in 0..3 {
            if touched >> (9 * b) & 511 == 0 {
                continue;
            }
            let (once, twice) = once_twice(&self.f[b]);
            let open = self.open[b];
            if open & !once != 0 {
                return None;
            }
            let mut s = open & !twice;
            while s != 0 {
                let bit = s & s.wrapping_neg();
                s &= s - 1;
                if let Some(d) = self.f[b].iter().position(|&x| x & bit != 0) {
                    self.fix_alone(d, b, bit);
                    found = true;
                }
            }
        }
        Some(found)
    }

    /// True when `touched` has a bit of digit `d` (it has one per band).
    #[inline(always)]
    fn of_digit(touched: u32, d: usize) -> bool {
        touched & (1 | 1 << 9 | 1 << 18) << d != 0
    }

    /// The stacks of digit `d`: in each stack the digit takes one cell in each of the
    /// three columns and three boxes, so columns and boxes (one per band) are matched
    /// one to one, as rows and boxes in a band.
    ///
    /// The columns each band uses, one band a row of 9 bits, make a word laid out as a
    /// band: a stack's table of bands and columns is then a box of it, found as the
    /// band's rows and boxes are.
    #[inline(always)]
    fn stacks(&mut self, d: usize) {
        let t = self.stack_tables(d);
        self.counts.stack[d] = t.map(|t| MATCHES[t]);
        let keep = STACK_KEEP[t[0]] | STACK_KEEP[t[1]] << 3 | STACK_KEEP[t[2]] << 6;
        self.keep_of_digit(
            d,
            [
                (keep & 511) * COLUMN,
                (keep >> 9 & 511) * COLUMN,
                (keep >> 18) * COLUMN,
            ],
        );
    }

    /// Triads: the three cells of a minirow (a row inside a box) or a minicolumn hold
    /// three digits. Where only three digits are left for one with an open cell, each of
    /// them takes a cell of it: a minirow's digits leave the rest of its row, a
    /// minicolumn's the rest of its box (the band and stack rules then do the rest).
    /// Where three digits must take a cell of one (a row of the band whose digit is
    /// left only there, or a box whose digit is left only in that column), the other
    /// digits leave it. `Some(true)` when a word changed, `None` when a minirow or
    /// minicolumn has fewer than three digits left or more than three that must go there.
    ///
    /// Each digit's minirows as one word, band `b`'s minirow `m` (row `m / 3`, box
    /// `m % 3`) at bit `3m + b`, and its minicolumns, band `b`'s column `c` at bit
    /// `32 + 9b + c`; the digits of each counted bit-sliced over the nine words.
    #[inline(always)]
    fn triads(&mut self) -> Option<bool> {
        let rows = |x: u32| (x | x >> 1 | x >> 2) & TRIADS;
        // One of three bits at `x`, `x >> s`, `x >> 2s`.
        let alone = |x: u32, s: u32| {
            let (y, z) = (x >> s, x >> (2 * s));
            (x ^ y ^ z) & !(x & y & z)
        };
        let (mut h, mut v, mut mh, mut mv) = ([0u32; 9], [0u32; 9], [0u32; 9], [0u32; 9]);
        for (b, band) in self.f.iter().enumerate() {
            for d in 0..9 {
                h[d] |= rows(band[d]) << b;
                v[d] |= fold(band[d]) << (9 * b);
            }
        }
        for d in 0..9 {
            mh[d] = h[d] & ((alone(h[d], 3) & (7 | 7 << 9 | 7 << 18)) * (1 | 1 << 3 | 1 << 6));
            mv[d] = v[d] & ((alone(v[d], 1) & TRIADS) * 7);
        }
        let (mut x, mut must) = ([0u64; 9], [0u64; 9]);
        let (mut one, mut two, mut three, mut four) = (0u64, 0u64, 0u64, 0u64);
        let (mut sure, mut twice, mut thrice, mut over) = (0u64, 0u64, 0u64, 0u64);
        for d in 0..9 {
            let xd = u64::from(h[d]) | u64::from(v[d]) << 32;
            let md = u64::from(mh[d]) | u64::from(mv[d]) << 32;
            four |= three & xd;
            three |= two & xd;
            two |= one & xd;
            one |= xd;
            over |= thrice & md;
            thrice |= twice & md;
            twice |= sure & md;
            sure |= md;
            x[d] = xd;
            must[d] = md;
        }
        const ALL: u64 = BAND as u64 | (BAND as u64) << 32;
        if !three & ALL != 0 || over != 0 {
            return None;
        }
        // Only three digits left, not all three bound there yet (those done leave
        // each of their digits bound); three bound there and more left.
        let naked = three & !four & !thrice;
        let hidden = thrice & four;
        if naked | hidden == 0 {
            return Some(false);
        }
        let mut changed = false;
        for d in 0..9 {
            let hits = x[d] & naked;
            let out = x[d] & hidden & !must[d];
            if hits | out == 0 {
                continue;
            }
            for b in 0..3 {
                // Minirows: the rest of the row leaves the digit.
                let h = (hits >> b) as u32 & TRIADS;
                let row = (h | h >> 3 | h >> 6) & (1 | 1 << 9 | 1 << 18);
                // Minicolumns: the rest of the box (the stack's other columns).
                let v = (hits >> (32 + 9 * b)) as u32 & 511;
                let stack = (v | v >> 1 | v >> 2) & (1 | 1 << 3 | 1 << 6);
                // Hidden: the minirows and minicolumns the digit leaves.
                let oh = (out >> b) as u32 & TRIADS;
                let ov = (out >> (32 + 9 * b)) as u32 & 511;
                let gone = ((row * 511) & !(h * 7)) | (((stack * 7) & !v | ov) * COLUMN) | (oh * 7);
                let w = self.f[b][d];
                changed |= w & gone != 0;
                self.f[b][d] = w & !gone;
            }
        }
        Some(changed)
    }

    /// Propagates until nothing changes; false on a contradiction. Words not dirty
    /// must have had their pass as a band.
    fn propagate(&mut self) -> bool {
        self.propagate_with::<true>()
    }

    /// The same, with triads only when `TRIADS_TOO`: generation's shared states go
    /// without ([`proof_start`]: 5% fewer instructions, the proofs find the rest).
    #[inline(always)]
    fn propagate_with<const TRIADS_TOO: bool>(&mut self) -> bool {
        // The words each rule has not seen since its last pass.
        let (mut naked, mut stacks) = (0, 0);
        let mut triads = false;
        loop {
            if !self.bands() {
                return false;
            }
            naked |= self.touched;
            stacks |= self.touched;
            self.touched = 0;
            match self.naked_singles(core::mem::take(&mut naked)) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            for d in 0..9 {
                if State::of_digit(stacks, d) {
                    self.stacks(d);
                }
            }
            self.known.stacks |= stacks | stacks >> 9 | stacks >> 18;
            stacks = 0;
            if self.changed() == 0 {
                // Triads once: again after they changed something found little. A
                // grid with every cell fixed gives them nothing (each minirow and
                // minicolumn holds its three digits, bound there).
                if !TRIADS_TOO || triads || self.open == [0; 3] {
                    return true;
                }
                triads = true;
                match self.triads() {
                    None => return false,
                    Some(true) => {}
                    Some(false) => return true,
                }
            }
        }
    }

    /// The counts not known yet (the words changed since they were counted, the
    /// digits with no stack pass since a load).
    fn count_all(&mut self) {
        let mut rest = !self.known.bands & BAND;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (b, d) = (i / 9 % 3, i % 9);
            self.counts.band[b][d] = MATCHES[self.band_table(b, d)];
        }
        let mut rest = !self.known.stacks & 511;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize % 9;
            rest &= rest - 1;
            self.counts.stack[d] = self.stack_tables(d).map(|t| MATCHES[t]);
        }
        self.known = ALL_KNOWN;
    }

    /// A band's table of rows and boxes for digit `d` (bit `3r + k`).
    #[inline(always)]
    fn band_table(&self, b: usize, d: usize) -> usize {
        let a = self.f[b][d];
        SHRINK[(a & 511) as usize] as usize
            | (SHRINK[(a >> 9 & 511) as usize] as usize) << 3
            | (SHRINK[(a >> 18 & 511) as usize] as usize) << 6
    }

    /// The stacks' tables of bands and columns for digit `d` (bit `3b + j`).
    #[inline(always)]
    fn stack_tables(&self, d: usize) -> [usize; 3] {
        let w = fold(self.f[0][d]) | fold(self.f[1][d]) << 9 | fold(self.f[2][d]) << 18;
        let table = |s: u32| {
            let x = w >> s & (7 * COLUMN);
            ((x | x >> 6 | x >> 12) & 511) as usize
        };
        [table(0), table(3), table(6)]
    }

    /// The matchings (bit `i`: `P[i]`) digit `d` has left in band `k`, or in stack
    /// `k - 3` from 3 up: the alternatives of a branch on its placement there.
    fn matchings_left(&self, k: usize, d: usize) -> u32 {
        let table = if k < 3 {
            self.band_table(k, d)
        } else {
            self.stack_tables(d)[k - 3]
        };
        u32::from(MATCHSET[table])
    }

    /// The branch point and its alternatives: as tdoku branches, a digit's placement
    /// in a band or stack (`BRANCH_BY_DIGIT + 9k + d`: digit `d` in band `k`, or in
    /// stack `k - 3` from 3 up; the alternatives are the matchings left, bit `i` for
    /// `P[i]`): of the bands and stacks not settled, the one with the fewest
    /// matchings left over its nine digits, and in it the first digit with the fewest
    /// (two or more). None when every cell is fixed.
    fn branch(&mut self) -> Option<(u32, u32)> {
        if self.open == [0; 3] {
            return None;
        }
        self.count_all();
        let Counts { band, stack } = self.counts;
        let mut total = [0u32; 6];
        for (b, band) in band.iter().enumerate() {
            total[b] = band.iter().map(|&n| u32::from(n)).sum();
        }
        for row in &stack {
            for (n, &m) in total[3..].iter_mut().zip(row) {
                *n += u32::from(m);
            }
        }
        let mut best = None;
        let mut least = u32::MAX;
        for (k, &n) in total.iter().enumerate() {
            if n > 9 && n < least {
                least = n;
                best = Some(k);
            }
        }
        if let Some(k) = best {
            let mut pick = None;
            let mut fewest = 7;
            for d in 0..9 {
                let n = u32::from(if k < 3 { band[k][d] } else { stack[d][k - 3] });
                if n >= 2 && n < fewest {
                    fewest = n;
                    pick = Some(d);
                }
            }
            if let Some(d) = pick {
                let table = if k < 3 {
                    self.band_table(k, d)
                } else {
                    self.stack_tables(d)[k - 3]
                };
                return Some((
                    BRANCH_BY_DIGIT + 9 * k as u32 + d as u32,
                    u32::from(MATCHSET[table]),
                ));
            }
        }
        // Every digit placed in every band and stack leaves no cell open once
        // propagated; a cell all the same, whatever the block says.
        self.branch_cell().map(|c| (c, self.digits(c)))
    }

    /// Digit `d` keeps only matching `i` (`P[i]`) of band `k` (its row `r` in box
    /// `P[i][r]`) or of stack `k - 3` (band `b` in the stack's column `P[i][b]`).
    fn restrict(&mut self, k: usize, d: usize, i: usize) {
        let p = P[i % 6];
        if k < 3 {
            let keep = p
                .iter()
                .enumerate()
                .fold(0, |m, (r, &j)| m | 7 << (9 * r + 3 * j));
            self.f[k][d] &= keep;
        } else {
            let s = k - 3;
            let stack = (7 << (3 * s)) * COLUMN;
            for (band, &j) in self.f.iter_mut().zip(&p) {
                band[d] &= !stack | COLUMN << (3 * s + j);
            }
        }
    }

    /// The cell to branch on: of the cells with two candidates, the first with the
    /// most open cells in its row, column and box (fewer guesses than the first such
    /// cell: 7.6 against 11.7 per puzzle on top1465), else the first open one with the
    /// fewest candidates. None when every cell is fixed.
    fn branch_cell(&self) -> Option<u32> {
        // The open cells of each row (nibble `3b + r`), column (nibble `c`) and of each
        // band's boxes (nibble `3k` of `boxes[b]`), counted once for all the pairs.
        let (mut rows, mut cols, mut boxes) = (0u64, 0u64, [0u64; 3]);
        for (b, &open) in self.open.iter().enumerate() {
            let mut band = 0;
            for r in 0..3 {
                let row = (open >> (9 * r) & 511) as usize;
                rows |= u64::from(POP9[row]) << (4 * (3 * b + r));
                band += SPREAD[row];
            }
            cols += band;
            boxes[b] = band + (band >> 4) + (band >> 8);
        }
        let (mut pick, mut most) = (None, 0);
        for (b, band) in self.f.iter().enumerate() {
            let (mut one, mut two, mut three) = (0, 0, 0);
            for &x in band {
                three |= two & x;
                two |= one & x;
                one |= x;
            }
            let open = self.open[b];
            let mut pairs = two & !three & open;
            while pairs != 0 {
                let i = pairs.trailing_zeros();
                pairs &= pairs - 1;
                let (r, c) = (i / 9, i % 9);
                let score = (rows >> (4 * (3 * b as u32 + r)) & 15)
                    + (cols >> (4 * c) & 15)
                    + (boxes[b] >> (12 * (c / 3)) & 15);
                if score > most {
                    most = score;
                    pick = Some(27 * b as u32 + i);
                }
            }
        }
        if pick.is_some() {
            return pick;
        }
        let (mut best, mut fewest) = (None, u32::MAX);
        for b in 0..3 {
            let mut rest = self.open[b];
            while rest != 0 {
                let c = 27 * b as u32 + rest.trailing_zeros();
                rest &= rest - 1;
                let k = self.digits(c).count_ones();
                if k < fewest {
                    fewest = k;
                    best = Some(c);
                }
            }
        }
        best
    }
}

/// Sets the candidates of the givens (`given(c)`: 0 or a digit 1..9; `forbid`: a
/// blank cell that must not take a digit) into the start and current states.
///
/// Whole words: the givens of each digit mark the rows, columns and boxes they use
/// (one 27-bit word per digit), and each word is then built at once from those. Two
/// givens of a digit in one row, column or box (a clash) go back to setting the givens
/// one at a time, in cell order, which the first propagation then finds.
pub fn set(w: &mut [u32], given: impl Fn(usize) -> u32, forbid: Option<(usize, u32)>) {
    let mut st = set_words(&given).unwrap_or_else(|| set_cells(&given));
    if let Some((k, v)) = forbid {
        if k < 81 && (1..=9).contains(&v) && given(k) == 0 {
            st.f[k / 27][v as usize - 1] &= !(1 << (k % 27));
        }
    }
    st.store(w, AT_START);
    st.store(w, AT_NOW);
}

/// Row `r` (bit `r`), column `c` (bit `9 + c`) and box `k` (bit `18 + k`) of each cell.
const UNITS: [u32; 81] = units();
/// Three rows of a band (3 bits) as its cells.
const ROWS3: [u32; 8] = narrow(unions(&parts::<3>(511, 27, 9)));
/// Three boxes of a band (3 bits) as its cells.
const BOXES3: [u32; 8] = narrow(unions(&parts::<3>(BOX as u64, 9, 3)));

const fn units() -> [u32; 81] {
    let mut t = [0u32; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        t[i] = 1 << r | 1 << (9 + c) | 1 << (18 + 3 * (r / 3) + c / 3);
        i += 1;
    }
    t
}

/// The state of the givens built from whole words; None on a clash.
fn set_words(given: &impl Fn(usize) -> u32) -> Option<State> {
    // The rows, columns and boxes each digit's givens use, the givens of each digit
    // per band, and all the givens per band.
    let mut used = [0u32; 9];
    let mut mine = [[0u32; 9]; 3];
    for (b, (units, mine)) in UNITS.chunks_exact(27).zip(&mut mine).enumerate() {
        for (i, &units) in units.iter().enumerate() {
            let d = given(27 * b + i).wrapping_sub(1) as usize;
            if let Some(u) = used.get_mut(d) {
                if *u & units != 0 {
                    return None;
                }
                *u |= units;
                mine[d] |= 1 << i;
            }
        }
    }
    let all = mine.map(|band| band.iter().fold(0, |a, &x| a | x));
    let mut f = [[0u32; 9]; 3];
    for (b, band) in f.iter_mut().enumerate() {
        let free = BAND & !all[b];
        for (d, x) in band.iter_mut().enumerate() {
            let u = used[d];
            let peers = ROWS3[(u >> (3 * b) & 7) as usize]
                | ((u >> 9 & 511) * COLUMN)
                | BOXES3[(u >> (18 + 3 * b) & 7) as usize];
            *x = free & !peers | mine[b][d];
        }
    }
    Some(State::new(f, all.map(|g| BAND & !g)))
}

/// The state of the givens set one cell at a time, in cell order: a given that clashes
/// with an earlier one leaves its cell open with no candidate.
fn set_cells(given: &impl Fn(usize) -> u32) -> State {
    let mut st = State::new([[BAND; 9]; 3], [BAND; 3]);
    for c in 0..81 {
        let v = given(c);
        if (1..=9).contains(&v) {
            let (b, bit, d) = (c / 27, 1 << (c % 27), v as usize - 1);
            if st.f[b][d] & bit != 0 {
                st.fix(d, b, bit);
            } else {
                // A clash with an earlier given: the cell is left open with no
                // candidate, which the first propagation finds.
                st.f[b].iter_mut().for_each(|x| *x &= !bit);
            }
        }
    }
    st
}

/// Halvings of generation's clue order down to one position (128 positions, 81 used).
const HALVINGS: usize = 7;
/// Words of generation's stack: the states of the halves on the path to the last
/// position, the whole order's (the empty grid) first, then how many of them hold.
pub const GEN_WORDS: usize = HALVINGS * STATE + 1;
/// The stack's word that says how deep its states go.
const GEN_DEPTH: usize = HALVINGS * STATE;

/// Sets up generation's proof for the clue at position `pos` of `order` (its cell
/// and digit in `puzzle`, 0 where a clue was taken away): `Ok((updates, false))` when
/// the other clues leave the clue's digit alone in its cell once propagated (the
/// clue can go), else `Ok((updates, true))` with the start of the proof, the other
/// clues and the clue's digit out of its cell propagated, stored as the state of the
/// givens (and the current one) in `w`. `updates` counts the candidates eliminated.
///
/// The clues before `pos` are settled and those after it are all still there, so
/// the order is halved seven times down to `pos`: the state of a half holds the
/// settled clues before it and all the clues after it, each of its halves adds the
/// other's clues. `stack` keeps the states on the path to the last position; the
/// deepest that also lies on the path to `pos` is the start. Position after position,
/// each half's state is built once, about two propagations per position with little
/// left to do each (most clues change nothing), instead of every clue placed and
/// propagated again for every proof. The way down stops where a state fixes the
/// cell; the last half is the position alone, whose state is no other's start: it
/// takes the clue's digit out of the cell in the same propagation.
pub fn proof_start(
    stack: &mut [u32],
    w: &mut [u32],
    order: &[u32],
    puzzle: &[u32],
    pos: usize,
) -> Result<(u64, bool), Error> {
    if stack.len() < GEN_WORDS || pos >= 81 || order.len() < 81 || puzzle.len() < 81 {
        return Err(Error::Corrupt);
    }
    // The clue at `i` of the order: its band, its bit there, its digit (0..9).
    let clue = |i: usize| -> Result<Option<(usize, u32, usize)>, Error> {
        let c = *order.get(i).ok_or(Error::Corrupt)? as usize;
        match *puzzle.get(c).ok_or(Error::Corrupt)? {
            0 => Ok(None),
            v if c < 81 && v <= 9 => Ok(Some((c / 27, 1 << (c % 27), v as usize - 1))),
            _ => Err(Error::Corrupt),
        }
    };
    let mut depth = shared_depth(stack, pos);
    let (b, bit, v) = clue(pos)?.ok_or(Error::Corrupt)?;
    // The candidates before the first change: each state goes on from the last one,
    // so the eliminations are counted once, at the end.
    let mut start = None;
    let eliminated = |st: &State, start: Option<u64>| {
        start.map_or(0, |n: u64| n.saturating_sub(st.candidates()))
    };
    loop {
        stack[GEN_DEPTH] = depth as u32;
        let mut st = State::load(stack, depth * STATE);
        if st.open[b] & bit == 0 {
            // The other clues fix the cell: no proof needed.
            return Ok((eliminated(&st, start), false));
        }
        let last = depth + 1 == HALVINGS;
        let size = 1 << (HALVINGS - depth - 1);
        // The other half of the parent: its clues go into this half's state (those
        // the state has fixed already change nothing).
        let other = ((pos / size) ^ 1) * size;
        let mut changed = false;
        for i in other..(other + size).min(81) {
            if let Some((b, bit, d)) = clue(i)? {
                if st.f[b][d] & bit == 0 {
                    return Err(Error::Corrupt);
                }
                if st.open[b] & bit != 0 {
                    start = start.or_else(|| Some(st.candidates()));
                    st.fix(d, b, bit);
                    changed = true;
                }
            }
        }
        if last {
            // The position's own state is no other's start: it takes the proof's
            // condition, the clue's digit out of its cell, in the same propagation.
            start = start.or_else(|| Some(st.candidates()));
            st.f[b][v] &= !bit;
            changed = true;
        }
        let ok = !changed || st.propagate_with::<false>();
        if last {
            // No solution with another digit there: the clue can go.
            if ok {
                st.store(w, AT_START);
                st.store(w, AT_NOW);
            }
            return Ok((eliminated(&st, start), ok));
        }
        if !ok {
            return Err(Error::Corrupt);
        }
        depth += 1;
        st.store(stack, depth * STATE);
    }
}

/// The deepest state of `stack` that holds for position `pos` (`stack.len()` at
/// least [`GEN_WORDS`], `pos` below 81): the deepest on the path to the last position
/// that also lies on the path to `pos`. At position 0 the stack starts afresh.
fn shared_depth(stack: &mut [u32], pos: usize) -> usize {
    if pos == 0 {
        State::new([[BAND; 9]; 3], [BAND; 3]).store(stack, 0);
        return 0;
    }
    // Halves of 2^(HALVINGS - depth) positions: `pos - 1` and `pos` lie apart below.
    let apart = usize::BITS - ((pos - 1) ^ pos).leading_zeros();
    (HALVINGS - apart as usize).min(stack[GEN_DEPTH] as usize)
}

/// Generation settled the clue at position `pos` without [`proof_start`]: the stack
/// keeps only the states that also hold for the next position.
pub fn proof_skipped(stack: &mut [u32], pos: usize) -> Result<(), Error> {
    if stack.len() < GEN_WORDS || pos >= 81 {
        return Err(Error::Corrupt);
    }
    stack[GEN_DEPTH] = shared_depth(stack, pos) as u32;
    Ok(())
}

/// Opens the search's first branch point on `cell` (0..81) when it is open: a proof
/// from [`proof_start`] then tries the clue's other digits in turn, each with the
/// cell fixed (4% fewer instructions in generation than the band and stack choice).
pub fn branch_on(head: &mut [u32], w: &mut [u32], cell: usize) -> Result<(), Error> {
    let mut r = Run::load(head, w);
    let c = cell as u32 % 81;
    if r.phase == PHASE_DESCEND && r.now.open[c as usize / 27] >> (c % 27) & 1 != 0 {
        let digits = r.now.digits(c);
        r.open((c, digits))?;
    }
    r.store(head);
    Ok(())
}

/// Back to the state of the givens.
pub fn rewind(w: &mut [u32]) {
    let st = State::load(w, AT_START);
    st.store(w, AT_NOW);
}

/// Eight cells of a row (8 bits) as bytes: byte `c` is 1 when the row has column `c`.
const BYTES: [u64; 256] = unions(&parts::<8>(1, 24, 8));

/// The current grid into `out` (a digit where one is left, else 0): band by band,
/// from the words in the block, the digits of the cells left with one as four bit
/// planes, each row's planes spread to bytes (eight cells at once, then the ninth).
pub fn write(w: &[u32], out: &mut [u8]) {
    let mut grid = [0u8; 81];
    for (b, cells) in grid.chunks_exact_mut(27).enumerate() {
        let mut band = [0u32; 9];
        if let Some(src) = w.get(AT_NOW + 9 * b..AT_NOW + 9 * b + 9) {
            for (x, &y) in band.iter_mut().zip(src) {
                *x = y & BAND;
            }
        }
        let twice = once_twice(&band).1;
        // Bit k of the digit (1..9) of each cell with one candidate.
        let mut planes = [0u32; 4];
        for (d, &x) in band.iter().enumerate() {
            for (k, p) in planes.iter_mut().enumerate() {
                if (d + 1) >> k & 1 != 0 {
                    *p |= x & !twice;
                }
            }
        }
        for (r, row) in cells.chunks_exact_mut(9).enumerate() {
            let (mut low, mut ninth) = (0u64, 0u8);
            for (k, &p) in planes.iter().enumerate() {
                let p = p >> (9 * r);
                low |= BYTES[(p & 255) as usize] << k;
                ninth |= ((p >> 8 & 1) as u8) << k;
            }
            row[..8].copy_from_slice(&low.to_le_bytes());
            row[8] = ninth;
        }
    }
    let n = out.len().min(81);
    out[..n].copy_from_slice(&grid[..n]);
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
    /// The candidates of `now` when known.
    cands: Option<u64>,
    /// The counts of the newest branch points opened in this run (level `l` at
    /// `l % MEMO`, with `l` in `memo_level`): a try there starts with them.
    memo: [Counts; MEMO],
    memo_level: [u32; MEMO],
}

/// Guesses so far: tries at a branch point that still had another alternative to try
/// (the last one is forced, as tdoku counts). Kept in the general engine's unsolved-count
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
            cands: None,
            memo: [Counts {
                band: [[0; 9]; 3],
                stack: [[0; 3]; 9],
            }; MEMO],
            memo_level: [u32::MAX; MEMO],
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
            if (budget != 0 && self.updates.wrapping_sub(start) >= budget) || self.updates >= cap {
                return Ok(Outcome::Budget);
            }
            match self.phase {
                PHASE_START => self.first(),
                PHASE_DESCEND => {
                    let Some(cell) = self.now.branch() else {
                        self.solutions = self.solutions.wrapping_add(1);
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
        let (cands, fixed) = (self.now.candidates(), self.now.fixed());
        // No word is all ones: every word gets its pass.
        self.now.prev = [[u32::MAX; 9]; 3];
        let ok = self.now.propagate();
        self.count(cands, fixed);
        self.phase = if ok { PHASE_DESCEND } else { PHASE_DONE };
    }

    /// Counts the updates and nodes of a propagation from `cands` candidates and
    /// `fixed` cells.
    fn count(&mut self, cands: u64, fixed: u32) {
        let now = self.now.candidates();
        self.cands = Some(now);
        self.updates = self.updates.wrapping_add(cands.saturating_sub(now));
        self.nodes = self
            .nodes
            .wrapping_add(u64::from(self.now.fixed().saturating_sub(fixed)));
    }

    /// Opens a branch point at `cell` (or a digit in a band or stack, see
    /// [`State::branch`]) with the alternatives `digits` (or matchings).
    fn open(&mut self, (cell, digits): (u32, u32)) -> Result<(), Error> {
        if self.nlev >= MAX_LEVELS {
            return Err(Error::Corrupt);
        }
        let at = AT_LEVELS + self.nlev * LEVEL;
        self.now.store(self.w, at);
        let cands = self.cands.unwrap_or_else(|| self.now.candidates());
        match self.w.get_mut(at + STATE..at + LEVEL) {
            Some(l) => {
                l[0] = cell;
                l[1] = digits;
                l[2] = cands as u32;
            }
            None => return Err(Error::Corrupt),
        }
        // `branch` left every count known.
        self.memo[self.nlev % MEMO] = self.now.counts;
        self.memo_level[self.nlev % MEMO] = self.nlev as u32;
        self.nlev += 1;
        self.max_depth = self.max_depth.max(self.nlev as u32);
        self.phase = PHASE_RETRY;
        Ok(())
    }

    /// The next try at the newest branch point (the last one closes it).
    fn retry(&mut self) -> Result<(), Error> {
        let at = AT_LEVELS + (self.nlev - 1) * LEVEL;
        let Some(&[cell, rest, cands]) = self.w.get(at + STATE..at + LEVEL) else {
            return Err(Error::Corrupt);
        };
        if cell >= BRANCH_BY_DIGIT + 54 || rest == 0 || rest >= 1 << 9 {
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
        let slot = (self.nlev - 1) % MEMO;
        if self.memo_level[slot] == (self.nlev - 1) as u32 {
            self.now.counts = self.memo[slot];
            self.now.known = ALL_KNOWN;
        }
        if left == 0 {
            self.nlev -= 1;
        } else {
            self.guesses = self.guesses.wrapping_add(1);
            self.w[at + STATE + 1] = left;
        }
        // At most 729 whatever the block says: a scribbled word costs no budget.
        let (cands, fixed) = (u64::from(cands.min(729)), self.now.fixed());
        if cell >= BRANCH_BY_DIGIT {
            let k = (cell - BRANCH_BY_DIGIT) as usize;
            if d >= 6 {
                return Err(Error::Corrupt);
            }
            self.now.restrict(k / 9, k % 9, d as usize);
        } else {
            let (b, bit) = ((cell / 27) as usize, 1 << (cell % 27));
            if self.now.f[b][d as usize] & bit == 0 || self.now.open[b] & bit == 0 {
                return Err(Error::Corrupt);
            }
            self.now.fix(d as usize, b, bit);
        }
        let ok = self.now.propagate();
        self.count(cands, fixed);
        self.phase = if ok { PHASE_DESCEND } else { PHASE_RETRY };
        Ok(())
    }
}

/// True when the fast path's search state is one of the kind it makes (see
/// [`super::engine::Search::sound`]): the current state, when it was propagated, and
/// the state of every open branch point have a candidate in every cell, one in every
/// fixed cell, a place for every digit in every row, column and box, and no fixed
/// digit left in another cell of its units; each branch point on a cell has the
/// cell open there and its untried digits candidates of it, each branch point on a
/// digit's placement in a band or stack has its untried matchings among those the
/// state leaves the digit there.
pub fn sound(head: &[u32], w: &[u32]) -> bool {
    if !sane(head) {
        return false;
    }
    if head[S_PHASE] == PHASE_DESCEND && !State::load(w, AT_NOW).settled() {
        return false;
    }
    (0..head[S_LEVELS] as usize).all(|lev| {
        let at = AT_LEVELS + lev * LEVEL;
        let Some(&[cell, rest, _]) = w.get(at + STATE..at + LEVEL) else {
            return false;
        };
        let st = State::load(w, at);
        let allowed = if cell < BRANCH_BY_DIGIT {
            let open = st.open[cell as usize / 27] >> (cell % 27) & 1 != 0;
            open.then(|| st.digits(cell))
        } else {
            let code = (cell - BRANCH_BY_DIGIT) as usize;
            (code < 54).then(|| st.matchings_left(code / 9, code % 9))
        };
        allowed.is_some_and(|a| rest != 0 && rest & !a == 0) && st.settled()
    })
}

/// True when the search fields of the header fit the fast path.
pub fn sane(head: &[u32]) -> bool {
    head[S_PHASE] <= PHASE_DONE && (head[S_LEVELS] as usize) <= MAX_LEVELS
}
const _: () = assert!(WORDS == 2733);

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole-word setting of the givens gives the state of the cell-by-cell one,
    /// and declines exactly when two givens of a digit share a row, column or box.
    #[test]
    fn whole_words_set_as_cell_by_cell() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut accepted = 0;
        for round in 0..3000 {
            let mut g = [0u32; 81];
            for (c, v) in g.iter_mut().enumerate() {
                let r = next();
                // Half the rounds: a valid grid thinned out; half: random digits.
                let keep = r % 8 < if round % 2 == 0 { 3 } else { 1 };
                if keep {
                    *v = if round % 2 == 0 {
                        let (r, c) = (c as u32 / 9, c as u32 % 9);
                        (r % 3 * 3 + r / 3 + c) % 9 + 1
                    } else {
                        (r >> 8) as u32 % 9 + 1
                    };
                }
            }
            let given = |c: usize| g[c];
            let cells = set_cells(&given);
            let clash = (0..81).any(|a| {
                (0..a).any(|b| {
                    let same = UNITS[a] & UNITS[b] != 0;
                    g[a] != 0 && g[a] == g[b] && same
                })
            });
            match set_words(&given) {
                Some(st) => {
                    assert!(!clash);
                    assert!(st.f == cells.f && st.open == cells.open);
                    accepted += 1;
                }
                None => assert!(clash),
            }
        }
        assert!(accepted > 1500);
    }

    /// The band pass finds the rows left with one cell by two lookups: the same cells
    /// as counting each row of the word it keeps, on every row-box table and random
    /// words.
    #[test]
    fn lone_rows_are_the_rows_with_one_cell() {
        let mut x: u64 = 0x0123_4567_89ab_cdef;
        let mut next = move || crate::rng::next(&mut x);
        let mut found = 0;
        for round in 0..200_000 {
            // Sparse words too, so that many rows end with one cell.
            let r = next();
            let f = (r as u32 & BAND) & if round % 2 == 0 { (r >> 32) as u32 } else { !0 };
            let st = State::new([[f; 9]; 3], [BAND; 3]);
            let t = st.band_table(0, 0);
            let a = f & KEEP[t];
            if a == 0 {
                continue;
            }
            let rows = (0..3)
                .map(|k| a & 511 << (9 * k))
                .filter(|row| row.count_ones() == 1)
                .fold(0, |m, row| m | row);
            assert_eq!(
                LONE_ROWS[t] & LONE_COLUMNS[fold(a) as usize],
                rows,
                "{f:#x}"
            );
            found += u32::from(rows != 0);
        }
        assert!(found > 10_000, "{found}");
    }

    /// Whether a search from the state of the givens in `w` finds a solution: from
    /// the first propagation, or from a proof's start, branching on `cell` first.
    fn solvable(w: &mut [u32], proof: Option<usize>) -> bool {
        let mut head = [0u32; super::super::engine::SEARCH_WORDS];
        if let Some(cell) = proof {
            head[S_PHASE] = PHASE_DESCEND;
            branch_on(&mut head, w, cell).unwrap();
        }
        let mut r = Run::load(&head, w);
        r.steps(0, u64::MAX) == Ok(Outcome::Solution)
    }

    /// Generation's proof starts, position after position with clues taken away at
    /// random (also needed ones, so that the halves see every kind of puzzle) and
    /// some positions settled without a proof start (their clue kept), agree
    /// with a search of the other clues set from scratch with the clue's digit
    /// forbidden: a clue said to need no proof has no such solution, and the search
    /// from a proof's start finds one exactly when that search does.
    #[test]
    fn proof_starts_agree_with_searches_from_scratch() {
        let mut x: u64 = 0x005e_ed0f_9a11;
        let mut next = move || crate::rng::next(&mut x);
        let (mut stack, mut w, mut scratch) = ([0u32; GEN_WORDS], [0u32; WORDS], [0u32; WORDS]);
        let (mut skipped, mut searched, mut witnessed) = (0, 0, 0);
        for _ in 0..12 {
            // A complete grid: the pattern grid with its digits relabelled and the
            // rows within each band shuffled.
            let mut digit: [u32; 9] = core::array::from_fn(|d| d as u32);
            let mut row: [usize; 9] = core::array::from_fn(|r| r);
            for i in (1..9).rev() {
                digit.swap(i, next() as usize % (i + 1));
                let j = i / 3 * 3 + next() as usize % (i % 3 + 1);
                row.swap(i, j);
            }
            let grid: [u32; 81] = core::array::from_fn(|c| {
                let (r, c) = (row[c / 9], c % 9);
                digit[(r % 3 * 3 + r / 3 + c) % 9] + 1
            });
            let mut order: [u32; 81] = core::array::from_fn(|i| i as u32);
            for i in (1..81).rev() {
                order.swap(i, next() as usize % (i + 1));
            }
            let mut puzzle = grid;
            for pos in 0..81 {
                let k = order[pos] as usize;
                if next() % 5 == 0 {
                    // Settled without a proof start (generation keeps such a clue).
                    proof_skipped(&mut stack, pos).unwrap();
                    continue;
                }
                let (_, search) = proof_start(&mut stack, &mut w, &order, &puzzle, pos).unwrap();
                let others = |c: usize| if c == k { 0 } else { puzzle[c] };
                set(&mut scratch, others, Some((k, puzzle[k])));
                let want = solvable(&mut scratch, None);
                if search {
                    searched += 1;
                    witnessed += usize::from(want);
                    assert_eq!(solvable(&mut w, Some(k)), want, "position {pos}");
                } else {
                    skipped += 1;
                    assert!(!want, "position {pos}: the clue is needed");
                }
                if !search || next() % 2 == 0 {
                    puzzle[k] = 0;
                }
            }
        }
        assert!(
            skipped > 100 && searched > 100 && witnessed > 50,
            "{skipped} {searched} {witnessed}"
        );
    }
}
