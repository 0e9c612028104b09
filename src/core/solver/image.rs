//! Images: a solver's block copied elsewhere (a file, a socket, another process) and
//! adopted again by [`Solver::attach`].
//!
//! Nothing in an image is trusted. Validation checks the header (magic, layout
//! version, dimensions against the length, counts, phase and level), then the static
//! row structure (spacers, row starts, the column of every node), and then the
//! dynamic state: it undoes the search exactly as `reset` would, one checked step at a
//! time (every link and every stack entry is checked before it is followed or
//! written, and every loop is bounded), checks that the result is the pristine
//! structure (complete column lists in order, every node once in its column's list,
//! lengths right, no column twice in a row), and redoes the covers. Each undo step is
//! the exact inverse of a cover, so the redo puts back the very same words; a step
//! whose check fails is rolled back first, so a refused image is left as it was.
//! As the covers are redone, each level's column must be the one the search's
//! choice takes there. The work is linear in the size of the image, plus a column
//! choice per level (as the search made on its way there).
//!
//! A validated block is therefore exactly a state the engine itself can reach: a
//! pristine structure with a sequence of legal covers applied (forced rows, then one
//! row of the column the search chooses per level), which is more than the engine's
//! loops and indices rely on.

use super::{counts_fit, stats_of, Error, Solver};
use crate::block;
use crate::core::header::{Phase, FLAG_HAS_SOLUTION, FLAG_HEAP, FLAG_SHUFFLED, RESERVED};
use crate::core::layout::HEADER_WORDS;
use crate::core::links::checked::{Cover, Shape};
use crate::core::links::{search, Rows};
use crate::rng;

/// Every flag bit an image may carry.
const KNOWN_FLAGS: u32 = FLAG_HEAP | FLAG_SHUFFLED | FLAG_HAS_SOLUTION;

type Checked<T> = Result<T, Error>;

/// The checksum of an image: 64-bit FNV-1a over its words in order (the busy,
/// poisoned and checksum words counted as zero), folded to 32 bits. Every change of
/// a single word changes it (each step is a bijection of the state); other damage
/// goes unnoticed with odds of about 2^-32. It guards against accidents (a torn
/// copy, a flipped bit, an image edited into another valid state), not against an
/// adversary, who can recompute it: `attach` validates everything anyway.
pub fn image_checksum<'w>(words: impl IntoIterator<Item = &'w u32>) -> u32 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut h = OFFSET;
    for (i, &w) in words.into_iter().enumerate() {
        let w = match i {
            block::W_BUSY | block::W_POISONED | block::W_CHECKSUM => 0,
            _ => w,
        };
        h = (h ^ u64::from(w)).wrapping_mul(PRIME);
    }
    (h ^ (h >> 32)) as u32
}

/// True when the image at the start of `words`, `total` words long by its header,
/// carries its checksum (see [`image_checksum`]).
pub(crate) fn checksum_matches(words: &[u32], total: u64) -> bool {
    usize::try_from(total)
        .ok()
        .and_then(|n| words.get(..n))
        .is_some_and(|image| {
            image.len() > block::W_CHECKSUM && image_checksum(image) == image[block::W_CHECKSUM]
        })
}

/// The random state of a search with `seed` over `rows` rows, from the shuffle of
/// the rows (a draw per row but the first) to the end of the search: the base that
/// every column choice draws along its path from ([`rng::along`]). For the images of
/// every engine.
pub(in crate::core) fn shuffled_state(seed: u64, rows: u32) -> u64 {
    rng::after(seed, u64::from(rows.saturating_sub(1)))
}

/// The most any figure of one search reaches: 2^62 steps take well over a century
/// at a billion a second, and below it no counter of a resumed search overflows.
pub(in crate::core) const MOST_STEPS: u64 = 1 << 62;

/// Whether one search could have counted `nodes` search-tree nodes over `rows`
/// rows. Every node is a distinct set of the rows chosen on its way: two nodes part
/// where their common ancestor took two rows of one column, which no exact cover
/// holds together, or (with bounds) a row and later another row or the null move,
/// whose subtrees exclude the first. Only a null move adds a node without a row,
/// at most once per primary column on a path, so there are at most
/// `(null_moves + 1) * 2^rows` nodes (`null_moves`: the primary columns with bounds,
/// 0 without), and never more than [`MOST_STEPS`]. For the images of every engine.
pub(in crate::core) fn nodes_possible(nodes: u64, rows: u32, null_moves: u32) -> bool {
    let most = if rows >= 62 {
        MOST_STEPS
    } else {
        (u64::from(null_moves) + 1)
            .saturating_mul(1 << rows)
            .min(MOST_STEPS)
    };
    nodes <= most
}

/// Writes the checksum of the image at the start of `words` (as long as its header
/// says; the whole slice when the header is unreadable) into its checksum word, as
/// `dlx_image` does (which folds the block of a solver with bounds first:
/// `XSolver::seal`). For tests and tools that edit images on purpose.
pub fn seal_image(words: &mut [u32]) {
    let total = Solver::peek(words)
        .ok()
        .map(|h| h.words)
        .or_else(|| crate::core::xblock_words(words))
        .and_then(|w| usize::try_from(w).ok())
        .filter(|&n| n <= words.len())
        .unwrap_or(words.len());
    if total > block::W_CHECKSUM {
        words[block::W_CHECKSUM] = image_checksum(&words[..total]);
    }
}

impl<'a> Solver<'a> {
    /// Adopts the image in `words` after validating all of it; the busy mark and the
    /// heap flag are cleared (the caller owns the words). Returns [`Error::Corrupt`]
    /// for anything that is not a state this engine can reach, or whose checksum
    /// word does not match ([`image_checksum`], written by [`Solver::seal`]), leaving
    /// the words as they were.
    pub fn attach(words: &'a mut [u32]) -> Result<Solver<'a>, Error> {
        if (words.len() as u64) < HEADER_WORDS
            || block::is_poisoned(words)
            || words[RESERVED].iter().any(|&w| w != 0)
        {
            return Err(Error::Corrupt);
        }
        if !checksum_matches(words, Solver::peek(words)?.words) {
            return Err(Error::Corrupt);
        }
        let mut s = Solver::open(words)?;
        s.validate()?;
        block::set_busy(s.head, false);
        s.set_heap(false);
        Ok(s)
    }

    /// Writes the image checksum into the block (see [`image_checksum`]): the block
    /// is then an image that [`Solver::attach`] accepts, until the next change.
    pub fn seal(&mut self) {
        self.h.store(self.head);
        let sum = image_checksum(
            self.head
                .iter()
                .chain(self.links.words()[0])
                .chain(self.links.words()[1])
                .chain(self.row_start.iter())
                .chain(self.sol.iter())
                .chain(self.stack.iter()),
        );
        self.head[block::W_CHECKSUM] = sum;
    }

    /// Checks the whole block (see the module comment). On failure the block is as
    /// it was.
    pub fn validate(&mut self) -> Checked<()> {
        self.validate_rows().map(|_| ())
    }

    /// [`Solver::validate`], returning the shape of the rows (for the trusted loop).
    pub(super) fn validate_rows(&mut self) -> Checked<Rows> {
        self.check_header()?;
        let shape = self.shape();
        let rows = self.links.check_rows(shape, self.row_start)?;
        self.check_forced()?;
        let total = self.cover_count();
        self.undo_all(total)?;
        let pristine = self
            .links
            .check_pristine(shape, self.row_start)
            .and_then(|()| self.check_order());
        // The undo was exact, so redoing every cover restores the original words.
        let as_chosen = self.redo(0, total)?;
        pristine?;
        if !as_chosen {
            return Err(Error::Corrupt);
        }
        self.check_after()?;
        Ok(rows)
    }

    // ------------------------------------------------------------------ scalars

    fn check_header(&self) -> Checked<()> {
        let ok = self.h.flags & !KNOWN_FLAGS == 0 && counts_fit(&self.h);
        (ok && self.figures_possible() && self.seed_consistent())
            .then_some(())
            .ok_or(Error::Corrupt)
    }

    /// The figures could have been counted by a search. Every level chosen on the way
    /// to the deepest one, and every solution, is a search-tree node; every level
    /// unlinked at least one column. A search in progress started its figures from
    /// zero and has chosen at least one column. `Start` is left within the call that
    /// entered it, so it only ever holds the zeros it was entered with.
    fn figures_possible(&self) -> bool {
        let h = &self.h;
        let depth = u64::from(stats_of(h).depth);
        let max_depth = u64::from(h.max_depth);
        let always = h
            .solutions
            .checked_add(max_depth)
            .is_some_and(|n| n <= h.nodes)
            && max_depth <= h.updates
            && h.updates <= MOST_STEPS
            && nodes_possible(h.nodes, h.rows, 0);
        always
            && match h.phase {
                Phase::Fresh | Phase::Done => true,
                Phase::Start => h.nodes == 0 && h.updates == 0 && h.max_depth == 0,
                Phase::Forward | Phase::Advance | Phase::Recover => {
                    h.nodes >= 1 && max_depth >= depth
                }
            }
    }

    /// During a search the seed in use is the one the search started with: the rows
    /// are shuffled exactly when it is non-zero, and the random state is the seed
    /// advanced by the draws of the shuffle ([`shuffled_state`]).
    fn seed_consistent(&self) -> bool {
        let h = &self.h;
        if !h.phase.searching() {
            return true;
        }
        if h.has(FLAG_SHUFFLED) != (h.seed != 0) {
            return false;
        }
        if h.seed == 0 {
            return h.rng == 0;
        }
        h.rng == shuffled_state(h.seed, h.rows)
    }

    /// The counts the links are checked against.
    fn shape(&self) -> Shape {
        Shape {
            primary: self.h.dims.primary,
            columns: self.columns(),
            rows: self.h.rows,
            entries: self.h.entries,
        }
    }

    /// Forced rows: real rows, each with a primary column (the solution region has
    /// room for a forced row per primary column).
    fn check_forced(&self) -> Checked<()> {
        for i in 0..self.h.forced {
            let row = *self.sol.get(i as usize).ok_or(Error::Corrupt)?;
            if row >= self.h.rows {
                return Err(Error::Corrupt);
            }
            let first = self.row_start[row as usize];
            if !self.links.row_has_primary(self.shape(), first)? {
                return Err(Error::Corrupt);
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------------ the covers

    /// How many levels are fully chosen, and whether the `Advance` level's column is
    /// covered on top of them.
    fn chosen(&self) -> (u32, bool) {
        let phase = self.h.phase;
        (phase.depth(self.h.level), phase == Phase::Advance)
    }

    /// The `i`-th element of the cover sequence: forced rows, then the levels.
    fn cover_at(&self, i: u32) -> Checked<Cover> {
        let forced = self.h.forced;
        if i < forced {
            let row = self.sol[i as usize];
            return Ok(Cover::Row(self.row_start[row as usize]));
        }
        let level = i - forced;
        let (full, advance) = self.chosen();
        let x = *self.stack.get(level as usize).ok_or(Error::Corrupt)?;
        let p = self.h.dims.primary;
        let shape = self.shape();
        if level < full {
            if !self.links.is_primary_entry(shape, x)? {
                return Err(Error::Corrupt);
            }
            return Ok(Cover::Row(x));
        }
        if advance && level == full {
            if (1..=p).contains(&x) {
                return Ok(Cover::Column(x));
            }
            if self.links.is_primary_entry(shape, x)? {
                return Ok(Cover::Row(x));
            }
        }
        Err(Error::Corrupt)
    }

    /// Elements in the cover sequence.
    fn cover_count(&self) -> u32 {
        let (full, advance) = self.chosen();
        self.h.forced + full + u32::from(advance)
    }

    /// Whether element `i` of `total` is the `Advance` level, whose row (if the
    /// element is a row) has only its column covered.
    fn column_only(&self, i: u32, total: u32) -> bool {
        self.chosen().1 && i + 1 == total
    }

    /// Undoes the cover sequence from the end. On failure everything undone so far
    /// is redone, so the block is as it was.
    fn undo_all(&mut self, total: u32) -> Checked<()> {
        let shape = self.shape();
        for i in (0..total).rev() {
            let column_only = self.column_only(i, total);
            let step = self
                .cover_at(i)
                .and_then(|cover| self.links.undo(shape, cover, column_only));
            if let Err(e) = step {
                // (Putting back what the block held: its choices do not matter.)
                self.redo(i + 1, total)?;
                return Err(e);
            }
        }
        Ok(())
    }

    /// Redoes elements `from..to` of the cover sequence, exactly as the engine did,
    /// and tells whether each level's column (after the forced rows) is the one
    /// the search's choice takes where the level stands (`Links::is_choice`; with
    /// a seed, drawing along the rows above as the search does): an image of a
    /// sound block on a path no search takes is refused, as a state no search
    /// reaches. The check costs a column choice per level, as the search made on
    /// its way there.
    fn redo(&mut self, from: u32, to: u32) -> Checked<bool> {
        let shape = self.shape();
        let total = self.cover_count();
        let random = self.h.seed != 0;
        let mut as_chosen = true;
        for i in from..to {
            let cover = self.cover_at(i)?;
            if i >= self.h.forced && as_chosen {
                let column = match cover {
                    Cover::Column(c) => c,
                    Cover::Row(x) => self.links.view().column_of(x, shape.columns),
                };
                let level = i - self.h.forced;
                let state = random.then(|| search::draw_state(self.h.rng, self.stack, level));
                as_chosen = self.links.is_choice(column, state);
            }
            let column_only = self.column_only(i, total);
            self.links.redo(shape, cover, column_only)?;
        }
        Ok(as_chosen)
    }

    /// Whenever the search will use the column lists as they stand (during a search,
    /// and before one that does not relink them: seed 0 and not shuffled), each list
    /// must hold its rows in the order the search linked them: the order rows were
    /// added, or the shuffle the seed makes (see [`Links::check_order`]).
    ///
    /// [`Links::check_order`]: crate::core::links::Links
    fn check_order(&mut self) -> Checked<()> {
        let h = &self.h;
        let matters = h.phase.searching() || (h.seed == 0 && !h.has(FLAG_SHUFFLED));
        if !matters {
            return Ok(());
        }
        let rows = h.rows as usize;
        let shape = self.shape();
        if h.seed != 0 {
            // The very shuffle of `Solver::relink`.
            let mut state = h.seed;
            for i in (1..rows).rev() {
                let j = rng::below(&mut state, i as u32 + 1) as usize;
                self.row_start.swap(i, j);
            }
        }
        let in_order = self.links.check_order(shape, &self.row_start[..rows]);
        // Put back the row starts (in row order, from the spacers).
        let first = self.columns() + 1;
        self.links.row_starts(first, &mut self.row_start[..rows]);
        in_order
    }

    /// What the phase promises about the restored state.
    fn check_after(&self) -> Checked<()> {
        let view = self.links.view();
        let all_covered = view.solved();
        if self.h.phase == Phase::Forward && all_covered {
            // `Forward` chooses a column: there must be one left.
            return Err(Error::Corrupt);
        }
        if !self.h.has(FLAG_HAS_SOLUTION) {
            return Ok(());
        }
        // A solution is shown only right after the search found one: every primary
        // column is covered, and the solution is the forced rows followed by the
        // rows of the level stack (none when the forced rows alone cover everything,
        // which ends the search at once).
        let forced = self.h.forced as usize;
        let len = self.h.sol_len as usize;
        let search_rows = match self.h.phase {
            Phase::Recover => self.h.level as usize + 1,
            Phase::Done => 0,
            _ => return Err(Error::Corrupt),
        };
        if !all_covered || len != forced + search_rows {
            return Err(Error::Corrupt);
        }
        let rows = &self.sol[forced..len];
        if rows
            .iter()
            .zip(self.stack.iter())
            .any(|(&r, &x)| r != view.row_of(x))
        {
            return Err(Error::Corrupt);
        }
        Ok(())
    }
}
