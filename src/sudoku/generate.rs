//! Puzzle generation: a random complete grid, then clues taken away in random order
//! while a proof shows that the solution stays unique.
//!
//! Resumable like the search: every phase lives in the block header, every search
//! runs through the engine's budgeted steps, and nothing depends on how the budget
//! is sliced. The complete grid comes from a randomised search (boxes on the
//! diagonal pre-filled), capped at [`fill_cap`] updates for box regions; a search
//! that hits the cap gives way to the pattern grid shuffled by the Sudoku's
//! symmetries, so the start takes bounded work for every shape. Jigsaw and X grids
//! have no pattern grid: a search that hits its cap starts again from another seed
//! with twice the cap, which cuts the heavy tail of an unlucky start and still ends
//! (in at most twice the work of one whole search) where no grid exists.
//!
//! With the 9x9 fast path a proof starts from the other clues' state built from
//! halves of the order ([`nine::proof_start`]) instead of from the clues; the general
//! engine places them for every proof, and skips the clues forced by a naked single.

use super::engine::{cell_units, pattern_symbol, Outcome};
use super::nine;
use super::{
    Sudoku, FLAG_JIGSAW, FLAG_PREFILL, FLAG_X, MAX_N, W_GEN_BASE, W_GEN_LIMIT, W_GEN_POS, W_GEN_RNG,
};
use crate::block::{get64, put64};
use crate::outcome::Error;
use crate::rng::{below, next as rand};

/// Where a generation stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Gen {
    /// No generation under way.
    Idle = 0,
    /// Searching for a random full grid.
    Fill = 1,
    /// Next: set up the proof for the clue at `order[pos]`.
    Setup = 2,
    /// Searching for a solution of the puzzle without that clue with the clue's
    /// symbol forbidden at its cell.
    Search = 3,
    /// The puzzle is finished.
    Done = 4,
    /// The variant has no complete grid (a jigsaw or X layout with no solution).
    NoGrid = 5,
}

impl Gen {
    pub(super) fn from_word(w: u32) -> Option<Gen> {
        Some(match w {
            0 => Gen::Idle,
            1 => Gen::Fill,
            2 => Gen::Setup,
            3 => Gen::Search,
            4 => Gen::Done,
            5 => Gen::NoGrid,
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
    /// The variant has no complete grid, so no puzzle (calling again says so again).
    NoGrid,
}

/// The updates the random search for a complete grid of side `n` with box regions
/// may spend before the shuffled pattern grid takes over: `2 n^3`, several times
/// what the search needs on the shapes where it does not get lost (9x9: a few
/// hundred; 25x25: about 16k).
pub(super) fn fill_cap(n: u32) -> u64 {
    2 * u64::from(n).pow(3)
}

/// A random permutation of `0..k` into `p[..k]`.
fn shuffle(rng: &mut u64, p: &mut [u32], k: usize) {
    for (i, x) in p[..k].iter_mut().enumerate() {
        *x = i as u32;
    }
    for i in (1..k).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        p.swap(i, j);
    }
}

impl Sudoku<'_> {
    /// Starts generating a puzzle from `seed` (the same seed gives the same puzzle).
    /// Drops the givens; run it with [`Sudoku::generate`]. With `proof_limit` 0 the
    /// puzzle is minimal; otherwise a clue whose removal is not proven harmless within
    /// `proof_limit` updates (candidate eliminations, beyond those of placing the other
    /// clues) stays: the puzzle is still unique, but may hold a few clues too many.
    pub fn generate_start(&mut self, seed: u64, proof_limit: u64) -> Result<(), Error> {
        let mut rng = seed ^ 0x005E_ED0F_D1CE;
        put64(self.head, W_GEN_LIMIT, proof_limit);
        self.puzzle.fill(0);
        // Independent boxes (on the box diagonal) get random permutations right away:
        // any such start completes, and it saves the search most of its work.
        let prefill = !self.has(FLAG_X) && !self.has(FLAG_JIGSAW);
        if prefill {
            let (n, br, bc) = (self.n, self.box_rows, self.box_cols);
            let mut perm = [0u32; MAX_N as usize];
            for b in 0..br.min(bc) {
                shuffle(&mut rng, &mut perm, n as usize);
                for k in 0..n {
                    let r = b * br + k / bc;
                    let c = b * bc + k % bc;
                    self.puzzle[(r * n + c) as usize] = perm[k as usize] + 1;
                }
            }
        }
        let fill_seed = rand(&mut rng) | 1;
        let puzzle = &*self.puzzle;
        let mut e = search!(self);
        e.set(|c| puzzle[c], None, fill_seed);
        self.set(FLAG_PREFILL, prefill);
        put64(self.head, W_GEN_RNG, rng);
        put64(self.head, W_GEN_BASE, fill_cap(self.n));
        self.head[W_GEN_POS] = 0;
        self.set_gen(Gen::Fill);
        Ok(())
    }

    /// Goes on generating for about `budget` updates (0 = no limit). When done,
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
        let mut spent = 0u64;
        loop {
            let remaining = if budget == 0 {
                0
            } else if spent >= budget {
                return Ok(GenStep::BudgetSpent);
            } else {
                budget - spent
            };
            let paused = match self.gen() {
                Gen::Idle => return Err(Error::State),
                Gen::Fill => self.fill(remaining, &mut spent)?,
                Gen::Setup => {
                    self.setup(&mut spent)?;
                    false
                }
                Gen::Search => self.prove(remaining, &mut spent)?,
                Gen::NoGrid => return Ok(GenStep::NoGrid),
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
            };
            if paused {
                return Ok(GenStep::BudgetSpent);
            }
        }
    }

    /// The complete grid of the generation under way into `out`, once it is found
    /// (the first phase of a generation); false before (or without a generation).
    pub fn generated_grid(&self, out: &mut [u8]) -> bool {
        if !matches!(self.gen(), Gen::Setup | Gen::Search | Gen::Done) || out.len() != self.cells()
        {
            return false;
        }
        for (o, &v) in out.iter_mut().zip(self.solution.iter()) {
            *o = v as u8;
        }
        true
    }

    /// The search for a complete grid; true when the budget ran out.
    fn fill(&mut self, remaining: u64, spent: &mut u64) -> Result<bool, Error> {
        let n = self.n;
        let boxes = self.pattern() != 0;
        // This start's cap (never below the first).
        let cap = get64(self.head, W_GEN_BASE).max(fill_cap(n));
        let mut e = self.engine();
        let (outcome, used) = e.run(remaining, cap)?;
        *spent = spent.saturating_add(used);
        let capped = e.figures().updates >= cap;
        match outcome {
            Outcome::Budget if !capped => return Ok(true),
            Outcome::Budget if boxes => self.shuffled_pattern(),
            Outcome::Budget => {
                put64(self.head, W_GEN_BASE, cap.saturating_mul(2));
                self.fill_again();
                *spent = spent.saturating_add(1);
                return Ok(false);
            }
            Outcome::Solution => {
                let mut grid = [0u8; 81];
                let e = search!(self);
                if e.fast {
                    e.write_solution(&mut grid);
                }
                for (c, v) in self.solution.iter_mut().enumerate() {
                    *v = if e.fast {
                        u32::from(grid[c % 81])
                    } else {
                        e.value(c)
                    };
                }
            }
            Outcome::Exhausted if self.has(FLAG_PREFILL) => {
                // Only possible with a pre-fill (never with boxes, whose diagonal
                // boxes are independent); start again without one.
                self.set(FLAG_PREFILL, false);
                self.fill_again();
                return Ok(false);
            }
            Outcome::Exhausted => {
                self.set_gen(Gen::NoGrid);
                return Ok(false);
            }
        }
        self.puzzle.copy_from_slice(self.solution);
        let mut rng = get64(self.head, W_GEN_RNG);
        shuffle(&mut rng, self.order, self.cells());
        put64(self.head, W_GEN_RNG, rng);
        self.head[W_GEN_POS] = 0;
        self.set_gen(Gen::Setup);
        Ok(false)
    }

    /// The search for a complete grid starts again from an empty grid with the
    /// generation's next seed.
    fn fill_again(&mut self) {
        let mut rng = get64(self.head, W_GEN_RNG);
        let fill_seed = rand(&mut rng) | 1;
        put64(self.head, W_GEN_RNG, rng);
        self.engine().set(|_| 0, None, fill_seed);
    }

    /// The pattern grid ([`pattern_symbol`]) with its symbols, its rows within each
    /// band, its bands, its columns within each stack and its stacks permuted at
    /// random (and transposed when the boxes are square) into `solution`.
    fn shuffled_pattern(&mut self) {
        let (br, bc, n) = (self.box_rows, self.box_cols, self.n as usize);
        let mut rng = get64(self.head, W_GEN_RNG);
        let mut sym = [0u32; MAX_N as usize];
        let mut rows = [0u32; MAX_N as usize];
        let mut cols = [0u32; MAX_N as usize];
        let mut p = [0u32; MAX_N as usize];
        shuffle(&mut rng, &mut sym, n);
        // Rows: bands of br rows (bc bands); columns: stacks of bc columns (br stacks).
        for (line, size, count) in [(&mut rows, br, bc), (&mut cols, bc, br)] {
            let (size, count) = (size as usize, count as usize);
            shuffle(&mut rng, &mut p, count);
            let outer = p;
            for b in 0..count {
                shuffle(&mut rng, &mut p, size);
                for i in 0..size {
                    line[b * size + i] = outer[b] * size as u32 + p[i];
                }
            }
        }
        let flip = br == bc && below(&mut rng, 2) == 1;
        for (r, &row) in rows[..n].iter().enumerate() {
            for (c, &col) in cols[..n].iter().enumerate() {
                let (pr, pc) = if flip { (col, row) } else { (row, col) };
                self.solution[r * n + c] = sym[pattern_symbol(br, bc, pr, pc) as usize] + 1;
            }
        }
        put64(self.head, W_GEN_RNG, rng);
    }

    /// Sets up the proof for the clue at `order[pos]` (or finishes).
    fn setup(&mut self, spent: &mut u64) -> Result<(), Error> {
        let pos = self.head[W_GEN_POS] as usize;
        if pos >= self.cells() {
            self.set_gen(Gen::Done);
            return Ok(());
        }
        let k = self.order[pos] as usize;
        let v = *self.puzzle.get(k).ok_or(Error::Corrupt)?;
        if v == 0 || v > self.n {
            return Err(Error::Corrupt);
        }
        // The clue at k is needed exactly when the puzzle without it has a solution
        // with another symbol at k: a proof searches for one, unless it is clear
        // without.
        if self.pattern() != 0 && self.swap_needs(k) {
            if self.fast() {
                nine::proof_skipped(self.trail, pos)?;
            }
            self.head[W_GEN_POS] = self.head[W_GEN_POS].saturating_add(1);
            *spent = spent.saturating_add(1);
            return Ok(());
        }
        let search = if self.fast() {
            let (used, search) =
                nine::proof_start(self.trail, self.nine, self.order, self.puzzle, pos)?;
            *spent = spent.saturating_add(used).saturating_add(1);
            if search {
                search!(self).restart_propagated(k)?;
                put64(self.head, W_GEN_BASE, 0);
            }
            search
        } else if self.forced(k, v) {
            // The others force it by a single: the proof's first propagation would
            // find as much.
            *spent = spent.saturating_add(1);
            false
        } else {
            let puzzle = &*self.puzzle;
            let mut e = search!(self);
            e.set(|c| if c == k { 0 } else { puzzle[c] }, Some((k, v)), 0);
            // Placing the other clues is not part of the proof.
            *spent = spent.saturating_add(e.first_step()?).saturating_add(1);
            let base = e.figures().updates;
            put64(self.head, W_GEN_BASE, base);
            true
        };
        if search {
            self.set_gen(Gen::Search);
        } else {
            self.puzzle[k] = 0;
            self.head[W_GEN_POS] = self.head[W_GEN_POS].saturating_add(1);
        }
        Ok(())
    }

    /// True when the complete grid shows that the clue at `k` is needed (box regions
    /// without diagonals): two rows of a band hold the same symbols on some set of
    /// columns through `k` (or two columns of a stack on some rows), so the grid with
    /// the two swapped there is another complete grid, and no other clue lies on
    /// those cells. The columns are the cycle through `k`'s column of the map from a
    /// column to the one where `k`'s row holds the other row's symbol there.
    fn swap_needs(&self, k: usize) -> bool {
        let (n, br, bc) = (
            self.n as usize,
            self.box_rows as usize,
            self.box_cols as usize,
        );
        let (r, c) = (k / n, k % n);
        let (grid, puzzle) = (&*self.solution, &*self.puzzle);
        // Cell `place` of row (when `rows`, else column) `line`.
        let cell = |rows: bool, line: usize, place: usize| {
            if rows {
                line * n + place
            } else {
                place * n + line
            }
        };
        // Whether no clue but `k` lies on the cycle through place `start` of lines
        // `a` (k's) and `b`.
        let free = |rows: bool, a: usize, b: usize, start: usize| {
            let mut p = start;
            for _ in 0..n {
                let clue = |line| puzzle.get(cell(rows, line, p)).is_none_or(|&v| v != 0);
                if (p != start && clue(a)) || clue(b) {
                    return false;
                }
                let Some(&s) = grid.get(cell(rows, b, p)) else {
                    return false;
                };
                match (0..n).find(|&q| grid.get(cell(rows, a, q)) == Some(&s)) {
                    Some(q) if q == start => return true,
                    Some(q) => p = q,
                    None => return false,
                }
            }
            false
        };
        let band = r / br * br..r / br * br + br;
        let stack = c / bc * bc..c / bc * bc + bc;
        band.filter(|&o| o != r).any(|o| free(true, r, o, c))
            || stack.filter(|&o| o != c).any(|o| free(false, c, o, r))
    }

    /// True when the other clues force symbol `v` at cell `k` by a naked single:
    /// every other symbol is a clue in one of the cell's units.
    fn forced(&self, k: usize, v: u32) -> bool {
        let n = self.n as usize;
        let full = u64::MAX >> (64 - n);
        let mut seen = 1u64 << (v - 1);
        let (units, count) = cell_units(self.info.get(k).copied().unwrap_or(0), n);
        for &u in &units[..count] {
            for &c in self.units.get(u * n..u * n + n).unwrap_or(&[]) {
                let d = self.puzzle.get(c as usize).copied().unwrap_or(0);
                seen |= 1u64.checked_shl(d.wrapping_sub(1)).unwrap_or(0);
            }
        }
        seen == full
    }

    /// The proof for one clue; true when the budget ran out.
    fn prove(&mut self, remaining: u64, spent: &mut u64) -> Result<bool, Error> {
        let limit = get64(self.head, W_GEN_LIMIT);
        let cap = if limit == 0 {
            u64::MAX
        } else {
            get64(self.head, W_GEN_BASE).saturating_add(limit)
        };
        let mut e = self.engine();
        let (outcome, used) = e.run(remaining, cap)?;
        *spent = spent.saturating_add(used);
        let out_of_proof = e.figures().updates >= cap;
        let pos = self.head[W_GEN_POS] as usize;
        match outcome {
            Outcome::Budget if !out_of_proof => return Ok(true),
            // Another solution without it (or no proof in time): the clue stays.
            Outcome::Budget | Outcome::Solution => {}
            Outcome::Exhausted => {
                let k = *self.order.get(pos).ok_or(Error::Corrupt)? as usize;
                *self.puzzle.get_mut(k).ok_or(Error::Corrupt)? = 0;
            }
        }
        self.head[W_GEN_POS] = self.head[W_GEN_POS].saturating_add(1);
        self.set_gen(Gen::Setup);
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{required_words, Sudoku};

    /// `swap_needs` says a clue is needed only when it is: the puzzle without it has
    /// solutions with another symbol there, so more than the puzzle has. Complete
    /// grids of several box shapes, half or more of their cells kept at random.
    #[test]
    fn swap_needs_only_needed_clues() {
        let mut x: u64 = 0x0073_3a9d_c1f0;
        let mut next = move || crate::rng::next(&mut x);
        const LIMIT: u64 = 1 << 20;
        for (br, bc) in [(3, 3), (2, 3), (3, 2), (2, 4), (2, 2)] {
            let mut mem = vec![0u32; required_words(br, bc).unwrap() as usize];
            let mut s = Sudoku::init(&mut mem, br, bc).unwrap();
            s.use_fast_path(false);
            let cells = s.cells();
            let mut said = 0;
            for round in 0..80 {
                let mut grid = vec![0u8; cells];
                s.generate_start(round, 0).unwrap();
                while !s.generated_grid(&mut grid) {
                    s.generate(1000, &mut vec![0u8; cells], None).unwrap();
                }
                let keep = 4 + round % 4;
                let puzzle: Vec<u8> = grid
                    .iter()
                    .map(|&v| if next() % 8 < keep { v } else { 0 })
                    .collect();
                for (c, (p, &v)) in s.puzzle.iter_mut().zip(&puzzle).enumerate() {
                    *p = u32::from(v);
                    s.solution[c] = u32::from(grid[c]);
                }
                let says: Vec<usize> = (0..cells)
                    .filter(|&k| puzzle[k] != 0 && s.swap_needs(k))
                    .collect();
                let all = s.count(&puzzle, LIMIT).unwrap();
                assert!(all < LIMIT);
                for &k in &says {
                    let mut fewer = puzzle.clone();
                    fewer[k] = 0;
                    assert!(s.count(&fewer, LIMIT).unwrap() > all, "{br}x{bc}, cell {k}");
                }
                said += says.len();
            }
            assert!(said > 30, "{br}x{bc}: {said}");
        }
    }

    /// `forced` is the naked single read straight off the variant's rules: every
    /// other symbol is a clue in a cell that shares a row, column, region or (with
    /// Sudoku X) diagonal with the cell. Random clues, clashes included.
    #[test]
    fn forced_is_a_naked_single_on_the_variant_units() {
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || crate::rng::next(&mut x);
        // 6x6 jigsaw regions: the boxes with cells swapped at random.
        let mut jigsaw: Vec<u8> = (0..36)
            .map(|c| ((c / 6) / 2 * 2 + c % 6 / 3) as u8)
            .collect();
        for _ in 0..40 {
            let (i, j) = (next() as usize % 36, next() as usize % 36);
            jigsaw.swap(i, j);
        }
        let variants: [(u32, u32, Option<&[u8]>, bool); 5] = [
            (3, 3, None, false),
            (3, 3, None, true),
            (2, 4, None, true),
            (2, 3, Some(&jigsaw), false),
            (2, 3, Some(&jigsaw), true),
        ];
        for (br, bc, regions, diagonals) in variants {
            let mut mem = vec![0u32; required_words(br, bc).unwrap() as usize];
            let mut s = Sudoku::init(&mut mem, br, bc).unwrap();
            s.build(regions, diagonals).unwrap();
            let (n, br, bc) = (s.n as usize, br as usize, bc as usize);
            let region = |c: usize| match regions {
                Some(r) => usize::from(r[c]),
                None => (c / n / br) * br + c % n / bc,
            };
            let on_main = |c: usize| diagonals && c / n == c % n;
            let on_anti = |c: usize| diagonals && c / n + c % n == n - 1;
            let share = |a: usize, b: usize| {
                a != b
                    && (a / n == b / n
                        || a % n == b % n
                        || region(a) == region(b)
                        || (on_main(a) && on_main(b))
                        || (on_anti(a) && on_anti(b)))
            };
            let (mut yes, mut no) = (0, 0);
            for _ in 0..300 {
                for c in 0..n * n {
                    let r = next();
                    s.puzzle[c] = if r % 8 < 6 {
                        (r >> 8) as u32 % n as u32 + 1
                    } else {
                        0
                    };
                }
                for k in (0..n * n).filter(|&k| s.puzzle[k] != 0) {
                    let v = s.puzzle[k];
                    let want = (1..=n as u32)
                        .filter(|&w| w != v)
                        .all(|w| (0..n * n).any(|c| share(k, c) && s.puzzle[c] == w));
                    assert_eq!(s.forced(k, v), want, "n {n}, X {diagonals}, cell {k}");
                    if want {
                        yes += 1;
                    } else {
                        no += 1;
                    }
                }
            }
            assert!(yes > 100 && no > 100, "{yes} forced, {no} not");
        }
    }
}
