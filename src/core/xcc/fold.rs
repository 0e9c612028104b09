//! Images of a solver with colours, with bounds (Algorithm M) or without (C).
//!
//! Its links, colour marks and (with bounds) bounds left and level records all
//! follow from what an image states outright (the rows, the bounds given, the forced
//! rows, the level stack and where the search stands), but whether the level stack
//! is one the search takes shows only by replaying the search, which rewrites them.
//! A refused image must be left as it came, so the block is *folded* for its image:
//! every derived word is zeroed and the header says so (`FLAG_FOLDED`). Whoever
//! opens a folded block unfolds it: `attach` after checking everything else, any
//! other call at once. Unfolding replays the search from its start along the level
//! stack, checking at each level that the search would take that column and that
//! row (`replay_c`, `replay_m`); a path it would not take is refused and the block
//! folded again, which restores it word for word.
//!
//! With a seed, a tie between columns is broken by draws along the level stack
//! above it (`draw_state`), as the search draws, so each level's column is checked
//! to be the very one the search takes.

use super::super::header::Phase;
use super::super::links::search::draw_state;
use super::image::{ok, Checked};
use super::mcc::{ADVANCE, BACKDOWN, DONE, FORWARD};
use super::search::{fuel_for, Tally};
use super::{is_spacer, XSolver, DOWN, FLAG_FOLDED, FLAG_HAS_SOLUTION, TOP, UP};
use crate::outcome::Error;

impl XSolver<'_> {
    /// Folds the block for an image (once).
    pub(super) fn fold(&mut self) {
        if !self.h.has(FLAG_FOLDED) {
            self.zero_derived();
            self.h.set(FLAG_FOLDED, true);
        }
    }

    /// Unfolds a folded block (see the module comment). [`Error::Corrupt`], with the
    /// block folded again, for a state the search cannot reach.
    pub(super) fn unfold(&mut self) -> Checked<()> {
        if !self.h.has(FLAG_FOLDED) {
            return Ok(());
        }
        if let Err(e) = self.replay_state() {
            self.zero_derived();
            return Err(e);
        }
        self.h.set(FLAG_FOLDED, false);
        Ok(())
    }

    /// The row nodes (spacers excluded: their words are the rows' bounds) and every
    /// other derived region, as one walk for folding and for checking a fold.
    fn derived_words(&mut self, mut each: impl FnMut(&mut u32)) {
        self.items.as_flattened_mut().iter_mut().for_each(&mut each);
        let cols = self.columns() as usize;
        self.nodes[1..=cols]
            .as_flattened_mut()
            .iter_mut()
            .for_each(&mut each);
        let (first, end) = self.node_range();
        for x in first..end {
            let node = &mut self.nodes[x];
            if !is_spacer(node[TOP]) {
                each(&mut node[UP]);
                each(&mut node[DOWN]);
            }
        }
        // (Colours of every spacer too, the last one included: see `pristine`.)
        self.colour[first - 1..=end].iter_mut().for_each(&mut each);
        let regions = [
            &mut *self.bound,
            &mut *self.slack,
            &mut *self.tweak,
            &mut *self.score,
        ];
        for r in regions {
            r.iter_mut().for_each(&mut each);
        }
    }

    /// The nodes of the rows: after the first spacer, up to the last one (the end
    /// is the last spacer).
    fn node_range(&self) -> (usize, usize) {
        let fs = self.first_spacer() as usize;
        (fs + 1, fs + (self.h.rows + self.h.entries) as usize)
    }

    fn zero_derived(&mut self) {
        self.derived_words(|w| *w = 0);
    }

    /// Checks for `attach` what unfolding takes for granted: the block is folded,
    /// every derived word zero. Without bounds, Algorithm M's header words are zero
    /// (`replay_c` checks the rest). With bounds, the bounds given are bounds and
    /// counted; the loop stands at a state it can stop in, at a level the stack
    /// holds; the forced rows are rows with a primary column that may go together
    /// (colours and no row twice; bounds lowered since may exceed, see
    /// `forced_fits`).
    pub(super) fn check_folded(&mut self) -> Checked<()> {
        let h = self.h;
        let mut zero = true;
        self.derived_words(|w| zero &= *w == 0);
        ok(zero && h.has(FLAG_FOLDED))?;
        if h.dims.bounded == 0 {
            return ok(h.own.nbounded == 0 && h.own.mstate == 0);
        }
        let p = h.dims.primary as usize;
        let given = self.lo[..p].iter().zip(&self.hi[..p]);
        let mut bounded = 0;
        for (&lo, &hi) in given {
            ok(hi >= 1 && lo <= hi)?;
            bounded += u32::from((lo, hi) != (1, 1));
        }
        ok(bounded == h.own.nbounded && bounded <= h.dims.bounded)?;
        let levels = self.stack.len();
        let level = h.level as usize;
        let state = h.own.mstate;
        ok(match h.phase {
            // (A solution is shown only in BACKDOWN: see `check_solution_m`.)
            Phase::Fresh => state <= DONE && level == 0 && !h.has(FLAG_HAS_SOLUTION),
            Phase::Done => state == DONE && level == 0 && !h.has(FLAG_HAS_SOLUTION),
            // Where a call can stop (see `replay_state`).
            Phase::Forward => match state {
                FORWARD => (1..=levels).contains(&level),
                ADVANCE => level < levels,
                BACKDOWN => level <= levels && h.has(FLAG_HAS_SOLUTION),
                _ => false,
            },
            _ => false,
        })?;
        for i in 0..h.forced as usize {
            let row = self.sol[i];
            ok(row < h.rows && self.primary_node(row).is_some())?;
            self.forced_fits(row, i, false)
                .map_err(|_| Error::Corrupt)?;
        }
        Ok(())
    }

    /// Rebuilds the derived words of a folded block by replaying the search (see the
    /// module comment); on `Err` they are half rebuilt.
    fn replay_state(&mut self) -> Checked<()> {
        self.pristine();
        if self.h.dims.bounded == 0 {
            return self.replay_c();
        }
        match self.h.phase {
            // The links of a search not started are rebuilt when it starts.
            Phase::Fresh => return Ok(()),
            // As the search leaves them: every level undone (the forced rows stay
            // applied, unless the bounds refuse them).
            Phase::Done => {
                self.force_rows();
                return Ok(());
            }
            Phase::Forward => {}
            _ => return Err(Error::Corrupt),
        }
        ok(self.force_rows())?;
        // A budget stops the loop only after a step that updated something: a row
        // tried (`FORWARD` on the next level) or a column taken and covered
        // (`ADVANCE` at its first row). It stops elsewhere only on a solution.
        let level = self.h.level as usize;
        let last = match self.h.own.mstate {
            FORWARD => self.replay_m(level, false),
            ADVANCE => self.replay_m(level, true),
            BACKDOWN if self.h.has(FLAG_HAS_SOLUTION) => self.replay_m(level, false).map(|_| 1),
            _ => None,
        };
        ok(last.is_some_and(|updates| updates > 0))?;
        self.check_solution_m()
    }

    /// A solution is shown only right after the search found one: it stands in
    /// `BACKDOWN` at a level with no column left to choose, and shows the forced
    /// rows and then the rows (not the null moves) of the levels above.
    fn check_solution_m(&self) -> Checked<()> {
        let h = &self.h;
        if !h.has(FLAG_HAS_SOLUTION) {
            return Ok(());
        }
        ok(h.own.mstate == BACKDOWN && h.solutions >= 1 && self.all_settled())?;
        let forced = h.forced as usize;
        let columns = self.columns();
        let taken = self.stack[..h.level as usize]
            .iter()
            .filter(|&&x| x > columns);
        let mut n = forced;
        for &x in taken {
            ok(self.sol.get(n) == Some(&self.row_of(x)))?;
            n += 1;
        }
        ok(h.sol_len as usize == n)
    }

    /// Algorithm C's state on the pristine links: the forced rows covered as
    /// `select_row` covered them, each going with the ones before; then every level
    /// the phase holds, each on the column the search chooses there (`chooses`), its
    /// row one still in that column's list (the search tries them top down), and
    /// committed. The level of a search stopped in `Advance` has only its column
    /// covered, its entry a row still in the list or the column itself (every row
    /// tried). Then the phase must agree with the links: `Forward` has a column left
    /// to choose, `Recover` stands on a solution (the search stops there only right
    /// after one).
    fn replay_c(&mut self) -> Checked<()> {
        for i in 0..self.h.forced as usize {
            let row = *self.sol.get(i).ok_or(Error::Corrupt)?;
            ok(row < self.h.rows)?;
            let x = self.primary_node(row).ok_or(Error::Corrupt)?;
            ok(self.fits_covered(row))?;
            self.cover_row(x);
        }
        let (levels, trying) = self.levels_held();
        let mut t = Tally::default();
        for l in 0..levels + u32::from(trying) {
            let x = *self.stack.get(l as usize).ok_or(Error::Corrupt)?;
            let col = self.level_column(x, l == levels)?;
            ok(self.chooses(col, l))?;
            let mut links = self.links();
            links.cover(col, &mut t, &mut fuel_for(links.nodes));
            ok(self.in_list(col, x))?;
            if l < levels {
                self.links().commit_rest(x, &mut t);
            }
        }
        ok(match self.h.phase {
            Phase::Forward => !self.all_settled(),
            Phase::Recover => self.all_settled(),
            _ => true,
        })?;
        self.check_solution_c()
    }

    /// Algorithm C: how many levels hold a committed row, and whether the level
    /// after them has its column covered and is trying its rows (`Advance`).
    fn levels_held(&self) -> (u32, bool) {
        let phase = self.h.phase;
        (phase.depth(self.h.level), phase == Phase::Advance)
    }

    /// The column of a level's entry `x`: a node of a row in a primary column, or
    /// (with `exhausted`, for the level in `Advance`) a primary column itself.
    fn level_column(&self, x: u32, exhausted: bool) -> Checked<u32> {
        let p = self.h.dims.primary;
        if exhausted && (1..=p).contains(&x) {
            return Ok(x);
        }
        let end = self.first_spacer() + self.h.rows + self.h.entries;
        ok(x > self.first_spacer() && x < end)?;
        let c = self.nodes[x as usize][TOP];
        ok(!is_spacer(c) && c <= p)?;
        Ok(c)
    }

    /// Whether Algorithm C's search chooses `col` at `level` on the links as they
    /// stand: the first primary column of least length (DLX2), or with a seed the
    /// one of them that the draws along the rows above pick, as the search drew.
    fn chooses(&mut self, col: u32, level: u32) -> bool {
        let mut draws = (self.h.seed != 0).then(|| draw_state(self.h.rng, self.stack, level));
        col == self.links().choose(draws.as_mut())
    }

    /// Whether `x` is column `col` itself or a node still in its list.
    fn in_list(&self, col: u32, x: u32) -> bool {
        let mut y = col;
        loop {
            if y == x {
                return true;
            }
            y = self.nodes[y as usize][DOWN];
            if y == col {
                return false;
            }
        }
    }

    /// Algorithm C: a solution is shown only right after the search found one: in
    /// `Recover`, the forced rows and then the rows of the levels; in `Done`, the
    /// forced rows alone, when they leave no primary column to choose.
    fn check_solution_c(&self) -> Checked<()> {
        let h = &self.h;
        if !h.has(FLAG_HAS_SOLUTION) {
            return Ok(());
        }
        let (levels, _) = self.levels_held();
        let shown = matches!(h.phase, Phase::Recover | Phase::Done)
            && self.all_settled()
            && h.sol_len == h.forced + levels;
        ok(shown)?;
        let forced = h.forced as usize;
        for l in 0..levels as usize {
            ok(self.sol.get(forced + l) == Some(&self.row_of(self.stack[l])))?;
        }
        Ok(())
    }
}
