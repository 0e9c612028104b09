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
//! The work is linear in the size of the image.
//!
//! A validated block is therefore exactly a state the engine itself can reach: a
//! pristine structure with a sequence of legal covers applied (forced rows, then one
//! row of a primary column per level), which is all the engine's loops and indices
//! rely on.

use super::header::{Phase, FLAG_HAS_SOLUTION, FLAG_HEAP, FLAG_SHUFFLED, RESERVED};
use super::layout::HEADER_WORDS;
use super::solver::{
    is_spacer, stats_of, Error, Solver, COVERED, DOWN, LEFT, RIGHT, ROOT, TOP, UP,
};
use crate::block;
use crate::rng;

/// Every flag bit an image may carry.
const KNOWN_FLAGS: u32 = FLAG_HEAP | FLAG_SHUFFLED | FLAG_HAS_SOLUTION;
/// Marks a column header's length word while looking for a column twice in a row
/// (only in the pristine state, where no column carries [`COVERED`]).
const MARK: u32 = 1 << 31;

type Checked<T> = Result<T, Error>;

/// One element of the sequence of covers that led to the current state.
#[derive(Clone, Copy)]
enum Cover {
    /// The whole row of node `x` (its column first, then the rest left to right);
    /// `x` must be in its column's list.
    Row(u32),
    /// Only the column `c` (the level being tried in the `Advance` phase).
    Column(u32),
}

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

/// Writes the checksum of the image at the start of `words` (as long as its header
/// says; the whole slice when the header is unreadable) into its checksum word, as
/// `dlx_image` does. For tests and tools that edit images on purpose.
pub fn seal_image(words: &mut [u32]) {
    let total = Solver::peek(words)
        .ok()
        .map(|h| h.words)
        .or_else(|| super::xcc::xblock_words(words))
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
                .chain(self.items.as_flattened())
                .chain(self.nodes.as_flattened())
                .chain(self.row_start.iter())
                .chain(self.sol.iter())
                .chain(self.stack.iter()),
        );
        self.head[block::W_CHECKSUM] = sum;
    }

    /// Checks the whole block (see the module comment). On failure the block is as
    /// it was.
    pub fn validate(&mut self) -> Checked<()> {
        self.check_header()?;
        self.check_rows()?;
        self.check_forced()?;
        let total = self.cover_count()?;
        self.undo_all(total)?;
        let pristine = self.check_pristine().and_then(|()| self.check_order());
        // The undo was exact, so redoing every cover restores the original words.
        self.redo(0, total)?;
        pristine?;
        self.check_after()
    }

    // ------------------------------------------------------------------ scalars

    fn check_header(&self) -> Checked<()> {
        let h = &self.h;
        let p = h.dims.primary;
        let ok = h.flags & !KNOWN_FLAGS == 0
            && h.rows <= h.dims.max_rows
            && h.entries <= h.dims.max_entries
            && h.forced <= p
            && h.sol_len <= p
            && h.max_depth <= p
            && match h.phase {
                Phase::Fresh | Phase::Start | Phase::Done => h.level == 0,
                Phase::Forward | Phase::Advance | Phase::Recover => h.level < p,
            };
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
            && max_depth <= h.updates;
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
    /// advanced by the draws of the shuffle (one per row but the first) and of the
    /// column choices made since (fewer than `primary` per search-tree node).
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
        let shuffle = u64::from(h.rows.saturating_sub(1));
        let choices = u128::from(h.nodes) * u128::from(h.dims.primary);
        let draws = rng::draws_between(h.seed, h.rng);
        draws >= shuffle && u128::from(draws - shuffle) <= choices
    }

    fn node(&self, x: u32) -> Checked<[u32; 3]> {
        self.nodes.get(x as usize).copied().ok_or(Error::Corrupt)
    }

    fn item(&self, c: u32) -> Checked<[u32; 2]> {
        self.items.get(c as usize).copied().ok_or(Error::Corrupt)
    }

    /// One past the last spacer: nodes below are headers, spacers and row entries.
    fn node_end(&self) -> u32 {
        // Checked against the capacity in `check_header`/`check_rows`.
        self.columns() + 2 + self.h.rows + self.h.entries
    }

    /// True when `x` is a row entry (not a header, not a spacer, not unused).
    fn is_entry(&self, x: u32) -> bool {
        x > self.columns() + 1
            && x < self.node_end()
            && self
                .nodes
                .get(x as usize)
                .is_some_and(|n| !is_spacer(n[TOP]))
    }

    // ------------------------------------------------------------------ static part

    /// Spacers, row starts and the column of every entry. After this, walking a row
    /// from any of its entries (`x + 1` / `x - 1`, jumping at spacers) stays in the
    /// row and ends.
    fn check_rows(&self) -> Checked<()> {
        let c = self.columns();
        if self.node(0)? != [0, 0, 0] {
            return Err(Error::Corrupt);
        }
        let mut spacer = c + 1;
        if self.node(spacer)?[UP] != 0 || self.node(spacer)?[TOP] != 0 {
            return Err(Error::Corrupt);
        }
        let mut entries = 0u32;
        for r in 0..self.h.rows {
            let first = spacer + 1;
            if self.row_start.get(r as usize) != Some(&first) {
                return Err(Error::Corrupt);
            }
            let mut x = first;
            loop {
                let top = self.node(x)?[TOP];
                if is_spacer(top) {
                    break;
                }
                if top > c {
                    return Err(Error::Corrupt);
                }
                x += 1;
                entries += 1;
                if entries > self.h.entries {
                    return Err(Error::Corrupt);
                }
            }
            let [up, _, top] = self.node(x)?;
            if x == first
                || self.node(spacer)?[DOWN] != x - 1
                || up != first
                || top != (r + 1).wrapping_neg()
            {
                return Err(Error::Corrupt);
            }
            spacer = x;
        }
        if entries != self.h.entries || self.node(spacer)?[DOWN] != 0 {
            return Err(Error::Corrupt);
        }
        Ok(())
    }

    /// The next entry right of entry `x` in its row (cyclically).
    fn right_of(&self, x: u32) -> Checked<u32> {
        let n = x + 1;
        let [up, _, top] = self.node(n)?;
        Ok(if is_spacer(top) { up } else { n })
    }

    /// The next entry left of entry `x` in its row (cyclically).
    fn left_of(&self, x: u32) -> Checked<u32> {
        let n = x.checked_sub(1).ok_or(Error::Corrupt)?;
        let [_, down, top] = self.node(n)?;
        Ok(if is_spacer(top) { down } else { n })
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
            let mut x = first;
            let mut primary = false;
            loop {
                primary |= self.node(x)?[TOP] <= self.h.dims.primary;
                x = self.right_of(x)?;
                if x == first {
                    break;
                }
            }
            if !primary {
                return Err(Error::Corrupt);
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------------ the covers

    /// How many levels are fully chosen, and whether the `Advance` level's column is
    /// covered on top of them.
    fn chosen(&self) -> (u32, bool) {
        let level = self.h.level;
        match self.h.phase {
            Phase::Fresh | Phase::Start | Phase::Done => (0, false),
            Phase::Forward => (level, false),
            Phase::Advance => (level, true),
            Phase::Recover => (level + 1, false),
        }
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
        if level < full {
            if !self.is_entry(x) || self.node(x)?[TOP] > p {
                return Err(Error::Corrupt);
            }
            return Ok(Cover::Row(x));
        }
        if advance && level == full {
            if (1..=p).contains(&x) {
                return Ok(Cover::Column(x));
            }
            if self.is_entry(x) && self.node(x)?[TOP] <= p {
                return Ok(Cover::Row(x));
            }
        }
        Err(Error::Corrupt)
    }

    /// Elements in the cover sequence.
    fn cover_count(&self) -> Checked<u32> {
        let (full, advance) = self.chosen();
        Ok(self.h.forced + full + u32::from(advance))
    }

    /// Undoes the cover sequence from the end. On failure everything undone so far
    /// is redone, so the block is as it was.
    fn undo_all(&mut self, total: u32) -> Checked<()> {
        for i in (0..total).rev() {
            let advance = self.chosen().1 && i + 1 == total;
            let step = self.cover_at(i).and_then(|cover| self.undo(cover, advance));
            if let Err(e) = step {
                self.redo(i + 1, total)?;
                return Err(e);
            }
        }
        Ok(())
    }

    /// Undoes one element: the rest of the row right to left, then its column (with
    /// the check that the row's node is in that column's list). In the `Advance`
    /// phase only the column was covered. Atomic: on failure nothing changed.
    fn undo(&mut self, cover: Cover, advance: bool) -> Checked<()> {
        let (x, column_only) = match cover {
            Cover::Column(c) => return self.checked_uncover(c, 0),
            Cover::Row(x) => (x, advance),
        };
        let c = self.node(x)?[TOP];
        if column_only {
            return self.checked_uncover(c, x);
        }
        let mut p = self.left_of(x)?;
        while p != x {
            let col = self.node(p)?[TOP];
            if let Err(e) = self.checked_uncover(col, 0) {
                // Cover again what this row uncovered so far, left to right.
                let mut q = self.right_of(p)?;
                while q != x {
                    self.plain_cover(self.node(q)?[TOP])?;
                    q = self.right_of(q)?;
                }
                return Err(e);
            }
            p = self.left_of(p)?;
        }
        if let Err(e) = self.checked_uncover(c, x) {
            let mut q = self.right_of(x)?;
            while q != x {
                self.plain_cover(self.node(q)?[TOP])?;
                q = self.right_of(q)?;
            }
            return Err(e);
        }
        Ok(())
    }

    /// Redoes elements `from..to` of the cover sequence, exactly as the engine did.
    fn redo(&mut self, from: u32, to: u32) -> Checked<()> {
        for i in from..to {
            match self.cover_at(i)? {
                Cover::Column(c) => self.plain_cover(c)?,
                Cover::Row(x) => {
                    self.plain_cover(self.node(x)?[TOP])?;
                    let advance = self.chosen().1 && i + 1 == self.cover_count()?;
                    if !advance {
                        let mut q = self.right_of(x)?;
                        while q != x {
                            self.plain_cover(self.node(q)?[TOP])?;
                            q = self.right_of(q)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Knuth's uncover of column `c`, checking before each write that it is exactly
    /// the reverse of a cover; `want` (unless 0) must be in `c`'s list. Atomic.
    fn checked_uncover(&mut self, c: u32, want: u32) -> Checked<()> {
        let cols = self.columns();
        if c == 0 || c > cols {
            return Err(Error::Corrupt);
        }
        let [l, r] = self.item(c)?;
        let fits = self.node(c)?[TOP] & COVERED != 0
            && l != c
            && r != c
            && l <= cols + 1
            && r <= cols + 1
            && self.item(l)?[RIGHT] == r
            && self.item(r)?[LEFT] == l;
        if !fits {
            return Err(Error::Corrupt);
        }
        let mut prev = c;
        let mut rr = self.node(c)?[UP];
        let mut rows = 0u32;
        let mut seen = want == 0;
        while rr != c {
            rows += 1;
            let row_ok = rows <= self.h.rows
                && self.is_entry(rr)
                && self.nodes[rr as usize][TOP] == c
                && self.nodes[rr as usize][DOWN] == prev;
            if !row_ok {
                self.hide_rows(c, prev)?;
                return Err(Error::Corrupt);
            }
            seen |= rr == want;
            let mut nn = self.left_of(rr)?;
            while nn != rr {
                let [uu, dd, cc] = self.node(nn)?;
                let ok = uu != nn
                    && dd != nn
                    && (uu == cc || (self.is_entry(uu) && self.nodes[uu as usize][TOP] == cc))
                    && (dd == cc || (self.is_entry(dd) && self.nodes[dd as usize][TOP] == cc))
                    && self.nodes[uu as usize][DOWN] == dd
                    && self.nodes[dd as usize][UP] == uu;
                if !ok {
                    // Hide again what this row unhid (the nodes right of `nn`).
                    let mut q = self.right_of(nn)?;
                    while q != rr {
                        self.hide(q)?;
                        q = self.right_of(q)?;
                    }
                    self.hide_rows(c, prev)?;
                    return Err(Error::Corrupt);
                }
                self.nodes[uu as usize][DOWN] = nn;
                self.nodes[dd as usize][UP] = nn;
                let len = &mut self.nodes[cc as usize][TOP];
                *len = len.wrapping_add(1);
                nn = self.left_of(nn)?;
            }
            prev = rr;
            rr = self.node(rr)?[UP];
        }
        if self.node(c)?[DOWN] != prev || !seen {
            self.hide_rows(c, prev)?;
            return Err(Error::Corrupt);
        }
        self.items[l as usize][RIGHT] = c;
        self.items[r as usize][LEFT] = c;
        self.nodes[c as usize][TOP] &= !COVERED;
        Ok(())
    }

    /// Hides the rows of column `c` from `rr` down to the header (each row's other
    /// nodes, left to right): the second half of Knuth's cover.
    fn hide_rows(&mut self, c: u32, mut rr: u32) -> Checked<()> {
        let mut rows = 0u32;
        while rr != c {
            rows += 1;
            if rows > self.h.rows || !self.is_entry(rr) {
                return Err(Error::Corrupt);
            }
            let mut nn = self.right_of(rr)?;
            while nn != rr {
                self.hide(nn)?;
                nn = self.right_of(nn)?;
            }
            rr = self.node(rr)?[DOWN];
        }
        Ok(())
    }

    fn hide(&mut self, nn: u32) -> Checked<()> {
        let [uu, dd, cc] = self.node(nn)?;
        self.node(uu)?;
        self.node(dd)?;
        self.node(cc)?;
        self.nodes[uu as usize][DOWN] = dd;
        self.nodes[dd as usize][UP] = uu;
        let len = &mut self.nodes[cc as usize][TOP];
        *len = len.wrapping_sub(1);
        Ok(())
    }

    /// Knuth's cover, with every index checked and every loop bounded (it only runs
    /// on lists that `checked_uncover` has just walked).
    fn plain_cover(&mut self, c: u32) -> Checked<()> {
        let [l, r] = self.item(c)?;
        self.item(l)?;
        self.item(r)?;
        self.node(c)?;
        self.items[l as usize][RIGHT] = r;
        self.items[r as usize][LEFT] = l;
        self.nodes[c as usize][TOP] |= COVERED;
        let first = self.node(c)?[DOWN];
        self.hide_rows(c, first)
    }

    // ------------------------------------------------------------------ pristine

    /// With every cover undone: both column lists complete and in order, every entry
    /// exactly once in its column's doubly linked list, lengths right, and no column
    /// twice in one row.
    fn check_pristine(&mut self) -> Checked<()> {
        let p = self.h.dims.primary;
        let c = self.columns();
        let sec = c + 1;
        let expect = |i: u32| -> [u32; 2] {
            if i == ROOT {
                [p, if p == 0 { ROOT } else { 1 }]
            } else if i <= p {
                [i - 1, if i == p { ROOT } else { i + 1 }]
            } else if i <= c {
                [
                    if i == p + 1 { sec } else { i - 1 },
                    if i == c { sec } else { i + 1 },
                ]
            } else if c > p {
                [c, p + 1]
            } else {
                [sec, sec]
            }
        };
        for i in 0..=sec {
            if self.item(i)? != expect(i) {
                return Err(Error::Corrupt);
            }
        }
        let mut total = 0u32;
        for col in 1..=c {
            let len = self.list_length(col)?;
            if self.nodes[col as usize][TOP] != len {
                return Err(Error::Corrupt);
            }
            total += len;
        }
        if total != self.h.entries {
            return Err(Error::Corrupt);
        }
        // A column twice in a row: mark each column's length word with the row.
        let mut dup = false;
        'rows: for r in 0..self.h.rows {
            let first = self.row_start[r as usize];
            let mut x = first;
            loop {
                let col = self.nodes[x as usize][TOP] as usize;
                if self.nodes[col][TOP] == MARK | r {
                    dup = true;
                    break 'rows;
                }
                self.nodes[col][TOP] = MARK | r;
                x = self.right_of(x)?;
                if x == first {
                    break;
                }
            }
        }
        for col in 1..=c {
            self.nodes[col as usize][TOP] = self.list_length(col)?;
        }
        if dup {
            Err(Error::Corrupt)
        } else {
            Ok(())
        }
    }

    /// Walks the list of column `col` down from its header, checking each node and
    /// the up links; returns the number of nodes.
    fn list_length(&self, col: u32) -> Checked<u32> {
        let mut prev = col;
        let mut x = self.node(col)?[DOWN];
        let mut n = 0u32;
        while x != col {
            n += 1;
            if n > self.h.entries
                || !self.is_entry(x)
                || self.nodes[x as usize][TOP] != col
                || self.nodes[x as usize][UP] != prev
            {
                return Err(Error::Corrupt);
            }
            prev = x;
            x = self.nodes[x as usize][DOWN];
        }
        if self.node(col)?[UP] != prev {
            return Err(Error::Corrupt);
        }
        Ok(n)
    }

    /// Whenever the search will use the column lists as they stand (during a search,
    /// and before one that does not relink them: seed 0 and not shuffled), each list
    /// must hold its rows in the order the search linked them: the order rows were
    /// added, or the shuffle the seed makes. Checked in the pristine state: walking
    /// the rows in that order, each node must come right below the previous node of
    /// its column (the column headers' length words hold that previous node for the
    /// while). Leaves the block as it was.
    fn check_order(&mut self) -> Checked<()> {
        let h = &self.h;
        let matters = h.phase.searching() || (h.seed == 0 && !h.has(FLAG_SHUFFLED));
        if !matters {
            return Ok(());
        }
        let rows = h.rows as usize;
        if h.seed != 0 {
            // The very shuffle of `Solver::relink`.
            let mut state = h.seed;
            for i in (1..rows).rev() {
                let j = rng::below(&mut state, i as u32 + 1) as usize;
                self.row_start.swap(i, j);
            }
        }
        let c = self.columns();
        for col in 1..=c {
            self.nodes[col as usize][TOP] = col;
        }
        let mut in_order = true;
        'rows: for i in 0..rows {
            let first = self.row_start[i];
            let mut x = first;
            loop {
                let col = self.nodes[x as usize][TOP] as usize;
                if self.nodes[x as usize][UP] != self.nodes[col][TOP] {
                    in_order = false;
                    break 'rows;
                }
                self.nodes[col][TOP] = x;
                // `check_rows` made every row walk safe.
                match self.right_of(x) {
                    Ok(next) if next != first => x = next,
                    _ => break,
                }
            }
        }
        // Put back the lengths and the row starts (in row order, from the spacers).
        for col in 1..=c {
            self.nodes[col as usize][TOP] = self.list_length(col)?;
        }
        let mut spacer = self.columns() + 1;
        for r in 0..rows {
            self.row_start[r] = spacer + 1;
            spacer = self.node(spacer)?[DOWN] + 1;
        }
        in_order.then_some(()).ok_or(Error::Corrupt)
    }

    /// What the phase promises about the restored state.
    fn check_after(&self) -> Checked<()> {
        let all_covered = self.items[ROOT as usize][RIGHT] == ROOT;
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
            .any(|(&r, &x)| r != self.row_of(x))
        {
            return Err(Error::Corrupt);
        }
        Ok(())
    }
}
