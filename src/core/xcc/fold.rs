//! Images of a solver with bounds (Algorithm M).
//!
//! Its links, colour marks, bounds left and level records all follow from what an
//! image states outright (the rows, the bounds given, the forced rows, the level
//! stack and where the loop stands), but they can be checked only by replaying the
//! search, which rewrites them. A refused image must be left as it came, so such a
//! block is *folded* for its image: every derived word is zeroed and the header
//! says so (`FLAG_FOLDED`). Whoever opens a folded block unfolds it: `attach`
//! after checking everything else, any other call at once. Unfolding replays the
//! search from its start along the level stack, checking at each level that the
//! search would take that column and that row (`replay_m`); a path it would not
//! take is refused and the block folded again, which restores it word for word.

use super::super::header::Phase;
use super::image::{ok, Checked};
use super::mcc::{ADVANCE, BACKDOWN, DONE, FORWARD};
use super::{is_spacer, XSolver, DOWN, FLAG_FOLDED, FLAG_HAS_SOLUTION, TOP, UP};
use crate::outcome::Error;

impl XSolver<'_> {
    /// Folds the block for an image (with bounds only; once).
    pub(super) fn fold(&mut self) {
        if self.h.dims.bounded != 0 && !self.h.has(FLAG_FOLDED) {
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
    /// every derived word zero; the bounds given are bounds and counted; the loop
    /// stands at a state it can stop in, at a level the stack holds; the forced rows
    /// are rows with a primary column that may go together (colours and no row
    /// twice; bounds lowered since may exceed, see `forced_fits`).
    pub(super) fn check_folded(&mut self) -> Checked<()> {
        let h = self.h;
        let mut zero = true;
        self.derived_words(|w| zero &= *w == 0);
        ok(zero && h.has(FLAG_FOLDED))?;
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
}
