//! Exact cover with colours: Knuth's Algorithm C (his program DLX2) in the caller's block.
//!
//! A row may give a secondary column a colour (1, 2, ...). Rows giving a secondary
//! column the same colour are compatible with each other; a row giving it another
//! colour, or none, is not. The engine is a separate solver kind with its own block
//! layout (magic "XCC1"), so the plain exact-cover engine ([`super::Solver`]) pays
//! nothing for colours: no field, no test in its loops.
//!
//! ```text
//! header   X_HEADER_WORDS words      the common block prefix, then this kind's fields
//! items    2 * (columns + 2)         [left, right] of the column header lists
//! nodes    3 * node_capacity         [up, down, top] as in the plain solver
//! colour   node_capacity             colour of every node (0 none, PURIFIED)
//! base     node_capacity             colour of every node as added (for images)
//! rows     max_rows                  first node of each row
//! order    max_rows                  the order rows are linked in (shuffled by a seed)
//! sol      levels                    forced rows, then the rows of the solution
//! stack    levels                    the branch node chosen at each search level
//! (with bounds only:)
//! tweak    levels                    the first node tweaked at each level (DLX3)
//! score    levels                    each level's branching degree (for progress)
//! lo, hi   primary each              the bounds given to each primary column
//! bound    primary                   how many more rows each column may take
//! slack    primary                   hi - lo of each column
//! ```
//!
//! `levels` is `primary` without bounds (every level covers a primary column) and
//! `primary + max_rows` with them (a level takes a row or drops a column).
//!
//! Search, counting and figures follow DLX2 exactly: the same column choice (first
//! of least length in the primary list), the same nodes, updates (one per column
//! unlinked, one per node hidden, none for nodes already purified) and cleansings
//! (one per purification plus one per node whose colour it marks as known).

mod fold;
mod image;
mod mcc;
mod search;
mod split;

use super::header::{EngineHeader, Phase, Words, W_OWN};
use super::layout::Dims;
use super::layout::MAX_NODES;
// Node fields, list heads and the empty lists: as in the plain solver.
use super::links::{append_to_column, link_column_lists, DOWN, LEFT, RIGHT, ROOT, TOP, UP};
use super::solver::{CallState, Error, Step, WithinCall, CHECKED_STRETCH};
use crate::block::{self, get64, put64, Kind};

pub use search::{xstats_of, XStats};

/// "XCC1" read as a little-endian word.
pub const XMAGIC: u32 = 0x3143_4358;
/// Version of this block layout (2: the fields shared with the plain solver at its
/// positions; 3: the level scores of Algorithm M; 4: images without bounds folded
/// too, see `fold.rs`).
pub const X_LAYOUT_VERSION: u32 = 4;
/// The colour word of a node whose item was purified with that very colour (Knuth's -1).
pub(crate) const PURIFIED: u32 = u32::MAX;
/// Most colours a solver may declare.
pub const MAX_COLORS: u32 = i32::MAX as u32;

/// The kind of block of a solver with colours.
pub const KIND: Kind = Kind {
    magic: XMAGIC,
    version: X_LAYOUT_VERSION,
    header_words: X_HEADER_WORDS as usize,
};

// This kind's own header words, after the fields it shares with the plain solver
// (`Header`, at the same positions).
block::fields! {
    @at W_OWN;
    W_COLORS, W_BOUNDED, // the dimensions the plain solver does not have
    W_NBOUNDED, W_MSTATE, // bounds given so far, where Algorithm M stands
    W_CLEANSINGS: 2, // the figure the plain solver does not count
}
/// Words in this kind's header.
pub const X_HEADER_WORDS: u64 = 40;
const _: () = assert!(W_CLEANSINGS + 2 <= X_HEADER_WORDS as usize);
/// Header words after this kind's fields: reserved, zero in every block and image.
pub const X_RESERVED: core::ops::Range<usize> = W_CLEANSINGS + 2..X_HEADER_WORDS as usize;

/// Flag bits: the heap flag of every kind, and "a solution is ready".
pub(crate) const FLAG_HEAP: u32 = block::FLAG_HEAP;
pub(crate) const FLAG_HAS_SOLUTION: u32 = 4;
/// The derived words are zeroed for an image (see `fold.rs`).
pub(crate) const FLAG_FOLDED: u32 = 8;

/// The fixed capacity of a solver with colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct XDims {
    pub primary: u32,
    pub secondary: u32,
    pub max_rows: u32,
    pub max_entries: u32,
    /// Colours are `1..=colors`.
    pub colors: u32,
    /// Primary columns that may get bounds other than [1, 1] (0: Algorithm C;
    /// otherwise Algorithm M, Knuth's DLX3). At most `primary`.
    pub bounded: u32,
}

/// Word offsets of a block's regions (see the module comment for each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XLayout {
    pub items: usize,
    pub nodes: usize,
    pub colour: usize,
    pub base: usize,
    pub rows: usize,
    pub order: usize,
    pub sol: usize,
    pub stack: usize,
    pub tweak: usize,
    pub score: usize,
    pub lo: usize,
    pub hi: usize,
    pub bound: usize,
    pub slack: usize,
    pub total: usize,
}

impl XDims {
    pub fn columns(&self) -> u64 {
        u64::from(self.primary) + u64::from(self.secondary)
    }

    pub fn node_capacity(&self) -> u64 {
        self.columns() + 2 + u64::from(self.max_rows) + u64::from(self.max_entries)
    }

    /// Search levels: see the module comment.
    pub fn levels(&self) -> u64 {
        if self.bounded == 0 {
            u64::from(self.primary)
        } else {
            u64::from(self.primary) + u64::from(self.max_rows)
        }
    }

    /// Words the block needs, or `None` when node indices or colours would not fit.
    pub fn required_words(&self) -> Option<u64> {
        let nodes = self.node_capacity();
        if nodes > MAX_NODES
            || self.colors > MAX_COLORS
            || self.bounded > self.primary
            || self.levels() > MAX_NODES
        {
            return None;
        }
        let bounds = if self.bounded == 0 {
            0
        } else {
            2 * self.levels() + 4 * u64::from(self.primary)
        };
        Some(
            X_HEADER_WORDS
                + 2 * (self.columns() + 2)
                + 5 * nodes
                + 2 * u64::from(self.max_rows)
                + 2 * self.levels()
                + bounds,
        )
    }

    pub fn required_bytes(&self) -> Option<usize> {
        let bytes = self.required_words()?.checked_mul(4)?;
        usize::try_from(bytes).ok()
    }

    /// Where each region starts, or `None` when the block would be too large.
    pub fn layout(&self) -> Option<XLayout> {
        self.required_bytes()?;
        let items = X_HEADER_WORDS as usize;
        let nodes = items + 2 * (self.columns() as usize + 2);
        let colour = nodes + 3 * self.node_capacity() as usize;
        let base = colour + self.node_capacity() as usize;
        let rows = base + self.node_capacity() as usize;
        let order = rows + self.max_rows as usize;
        let sol = order + self.max_rows as usize;
        let levels = self.levels() as usize;
        let stack = sol + levels;
        let tweak = stack + levels;
        let (m, p) = if self.bounded == 0 {
            (0, 0)
        } else {
            (levels, self.primary as usize)
        };
        let score = tweak + m;
        let lo = score + m;
        let hi = lo + p;
        let bound = hi + p;
        let slack = bound + p;
        let total = slack + p;
        Some(XLayout {
            items,
            nodes,
            colour,
            base,
            rows,
            order,
            sol,
            stack,
            tweak,
            score,
            lo,
            hi,
            bound,
            slack,
            total,
        })
    }
}

/// The length in words of a block with colours whose header is `w`, when the header
/// is one and agrees with its dimensions.
pub fn xblock_words(w: &[u32]) -> Option<u64> {
    let h = XHeader::load(w)?;
    (h.dims.required_words()? == h.words).then_some(h.words)
}

/// The fields only a solver with colours has; the rest of its header is the plain
/// solver's ([`super::Header`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct XOwn {
    /// DLX2's cleansings of the current or last search.
    pub cleansings: u64,
    /// Columns given bounds so far.
    pub nbounded: u32,
    /// Where Algorithm M stands (see `mcc.rs`).
    pub mstate: u32,
}

/// The header of a solver with colours, in registers for the duration of one call.
pub type XHeader = EngineHeader<XDims, XOwn>;

impl Words for XDims {
    #[inline(always)]
    fn load(w: &[u32]) -> XDims {
        let d = Dims::load(w);
        XDims {
            primary: d.primary,
            secondary: d.secondary,
            max_rows: d.max_rows,
            max_entries: d.max_entries,
            colors: w[W_COLORS],
            bounded: w[W_BOUNDED],
        }
    }

    #[inline(always)]
    fn store(&self, w: &mut [u32]) {
        let d = Dims {
            primary: self.primary,
            secondary: self.secondary,
            max_rows: self.max_rows,
            max_entries: self.max_entries,
        };
        d.store(w);
        w[W_COLORS] = self.colors;
        w[W_BOUNDED] = self.bounded;
    }
}

impl Words for XOwn {
    #[inline(always)]
    fn load(w: &[u32]) -> XOwn {
        XOwn {
            cleansings: get64(w, W_CLEANSINGS),
            nbounded: w[W_NBOUNDED],
            mstate: w[W_MSTATE],
        }
    }

    #[inline(always)]
    fn store(&self, w: &mut [u32]) {
        put64(w, W_CLEANSINGS, self.cleansings);
        w[W_NBOUNDED] = self.nbounded;
        w[W_MSTATE] = self.mstate;
    }

    fn restart(&mut self) {
        self.cleansings = 0;
    }
}

impl XHeader {
    /// Reads the header; `None` when the magic, version or phase is wrong.
    pub fn load(w: &[u32]) -> Option<XHeader> {
        XHeader::load_kind(w, KIND)
    }

    /// Writes every field back; the busy and poison words are left alone.
    pub fn store(&self, w: &mut [u32]) {
        self.store_kind(w, KIND);
    }

    /// Where the last solution lies in the block (word offset, length), if any.
    pub fn solution_words(&self) -> Option<(usize, usize)> {
        let l = self.dims.layout()?;
        (self.has(FLAG_HAS_SOLUTION) && u64::from(self.sol_len) <= self.dims.levels())
            .then_some((l.sol, self.sol_len as usize))
    }
}

/// A solver with colours living in a caller-provided block of words.
pub struct XSolver<'a> {
    h: XHeader,
    head: &'a mut [u32],
    items: &'a mut [[u32; 2]],
    nodes: &'a mut [[u32; 3]],
    colour: &'a mut [u32],
    base: &'a mut [u32],
    row_start: &'a mut [u32],
    order: &'a mut [u32],
    sol: &'a mut [u32],
    stack: &'a mut [u32],
    tweak: &'a mut [u32],
    score: &'a mut [u32],
    lo: &'a mut [u32],
    hi: &'a mut [u32],
    bound: &'a mut [u32],
    slack: &'a mut [u32],
    /// Kept outside the block for the life of this value (one C call): where the
    /// checked stretch started and the steps back without an update (see
    /// `XSolver::search`).
    call: CallState,
}

impl WithinCall for XSolver<'_> {
    fn call_state(&mut self) -> &mut CallState {
        &mut self.call
    }
}

impl Drop for XSolver<'_> {
    fn drop(&mut self) {
        self.h.store(self.head);
    }
}

fn is_spacer(top: u32) -> bool {
    (top as i32) <= 0
}

/// The header's counts fit the block's regions (rows, entries, forced rows, the
/// solution, the depth, the level and Algorithm M's state), as in every block the
/// search leaves (and every image `attach` accepts), so that a scribbled count
/// cannot make a call index a region past its end.
fn counts_fit(h: &XHeader) -> bool {
    let d = &h.dims;
    let levels = d.levels();
    let (most_forced, level_fits) = if d.bounded == 0 {
        (d.primary, h.phase.level_fits(h.level, d.primary))
    } else {
        (
            h.rows,
            u64::from(h.level) <= levels && h.own.mstate <= mcc::DONE,
        )
    };
    h.rows <= d.max_rows
        && h.entries <= d.max_entries
        && h.forced <= most_forced
        && u64::from(h.sol_len) <= levels
        && u64::from(h.max_depth) <= levels
        && level_fits
}

impl<'a> XSolver<'a> {
    /// Builds an empty solver in `words`.
    pub fn init(words: &'a mut [u32], dims: XDims) -> Result<XSolver<'a>, Error> {
        let layout = dims.layout().ok_or(Error::Arg)?;
        if words.len() < layout.total {
            return Err(Error::TooSmall);
        }
        words[..layout.total].fill(0);
        let mut s = XSolver::carve(words, XHeader::new(dims, layout.total as u64), layout);
        s.clear();
        Ok(s)
    }

    /// Reopens a solver made by [`XSolver::init`]; checks the header only, and
    /// unfolds the block of an image (see `fold.rs`).
    pub fn open(words: &'a mut [u32]) -> Result<XSolver<'a>, Error> {
        // (Checked on the raw word: every call opens its block, and a solver moved
        // out of a `Result` on the way costs a copy of its whole view.)
        if words
            .get(block::W_FLAGS)
            .is_some_and(|&f| f & FLAG_FOLDED != 0)
        {
            return XSolver::open_unfolding(words);
        }
        XSolver::open_folded(words)
    }

    /// [`XSolver::open`] of a folded block: once after each image. The caller may
    /// have written into the block since `dlx_image` folded it, so it is checked as
    /// `attach` checks an image (the figures aside, as for a live block) before the
    /// replay walks its rows.
    #[cold]
    fn open_unfolding(words: &'a mut [u32]) -> Result<XSolver<'a>, Error> {
        let mut s = XSolver::open_folded(words)?;
        s.adopt_state(image::Figures::Unchecked)?;
        Ok(s)
    }

    /// [`XSolver::open`] leaving a folded block folded.
    fn open_folded(words: &'a mut [u32]) -> Result<XSolver<'a>, Error> {
        let h = XHeader::load(words).ok_or(Error::Corrupt)?;
        let layout = h.dims.layout().ok_or(Error::Corrupt)?;
        if h.words != layout.total as u64 || words.len() < layout.total || !counts_fit(&h) {
            return Err(Error::Corrupt);
        }
        Ok(XSolver::carve(words, h, layout))
    }

    fn carve(words: &'a mut [u32], h: XHeader, l: XLayout) -> XSolver<'a> {
        let [head, items, nodes, colour, base, row_start, order, sol, stack, tweak, score, lo, hi, bound, slack] =
            block::regions(
                words,
                [
                    l.items, l.nodes, l.colour, l.base, l.rows, l.order, l.sol, l.stack, l.tweak,
                    l.score, l.lo, l.hi, l.bound, l.slack, l.total,
                ],
            );
        XSolver {
            h,
            head,
            items: items.as_chunks_mut().0,
            nodes: nodes.as_chunks_mut().0,
            colour,
            base,
            row_start,
            order,
            sol,
            stack,
            tweak,
            score,
            lo,
            hi,
            bound,
            slack,
            call: CallState::starting_at(h.updates),
        }
    }

    /// Copies the block (with the header as it stands) into `out`, which must be at
    /// least as long; a solver of the same problem and state can then be opened on
    /// `out`. Returns the number of words written.
    pub fn copy_to(&self, out: &mut [u32]) -> Option<usize> {
        let total = self.h.dims.layout()?.total;
        let out = out.get_mut(..total)?;
        block::concat(out, &self.regions())?;
        self.h.store(out);
        Some(total)
    }

    /// Every region of the block, in order.
    fn regions(&self) -> [&[u32]; 15] {
        [
            &*self.head,
            self.items.as_flattened(),
            self.nodes.as_flattened(),
            self.colour,
            self.base,
            self.row_start,
            self.order,
            self.sol,
            self.stack,
            self.tweak,
            self.score,
            self.lo,
            self.hi,
            self.bound,
            self.slack,
        ]
    }

    pub fn dims(&self) -> XDims {
        self.h.dims
    }

    pub fn header(&self) -> XHeader {
        self.h
    }

    pub fn rows(&self) -> u32 {
        self.h.rows
    }

    pub fn phase(&self) -> Phase {
        self.h.phase
    }

    pub fn set_heap(&mut self, on: bool) {
        self.h.set(FLAG_HEAP, on);
    }

    fn columns(&self) -> u32 {
        self.h.dims.primary + self.h.dims.secondary
    }

    fn first_spacer(&self) -> u32 {
        self.columns() + 1
    }

    // ------------------------------------------------------------------ building

    /// Drops every row and forced row and resets the search and its figures.
    pub fn clear(&mut self) {
        self.init_items();
        let c = self.columns();
        for i in 0..=c {
            self.nodes[i as usize] = [i, i, 0];
        }
        let first = self.first_spacer();
        self.nodes[first as usize] = [0, 0, 0];
        self.colour[first as usize] = 0;
        for b in [&mut *self.lo, &mut *self.hi, &mut *self.bound] {
            b.fill(1);
        }
        self.slack.fill(0);
        let seed = self.h.seed;
        let heap = self.h.has(FLAG_HEAP);
        self.h = XHeader::new(self.h.dims, self.h.words);
        self.h.seed = seed;
        self.h.set(FLAG_HEAP, heap);
    }

    /// The two column lists, every column in, in order.
    fn init_items(&mut self) {
        link_column_lists(self.items, self.h.dims.primary, self.columns());
    }

    /// Adds a row over `cols` whose entries carry `colours` (0 = none; `None` = all
    /// none) and returns its id. Only secondary columns may carry a colour.
    pub fn add_row(&mut self, cols: &[u32], colours: Option<&[u32]>) -> Result<u32, Error> {
        if self.h.phase.searching() {
            return Err(Error::State);
        }
        if cols.is_empty() {
            return Err(Error::EmptyRow);
        }
        let ncols = self.columns();
        if cols.iter().any(|&c| c >= ncols) {
            return Err(Error::Column);
        }
        for (i, &c) in cols.iter().enumerate() {
            if cols[i + 1..].contains(&c) {
                return Err(Error::Duplicate);
            }
        }
        if let Some(k) = colours {
            let p = self.h.dims.primary;
            let bad = cols
                .iter()
                .zip(k)
                .any(|(&c, &k)| k > self.h.dims.colors || (k != 0 && c < p));
            if k.len() != cols.len() || bad {
                return Err(Error::Arg);
            }
        }
        if self.h.rows >= self.h.dims.max_rows
            || cols.len() as u64 + u64::from(self.h.entries) > u64::from(self.h.dims.max_entries)
        {
            return Err(Error::Capacity);
        }
        let forced = self.uncover_forced();
        let row = self.h.rows;
        let before = self.first_spacer() + row + self.h.entries;
        let first = before + 1;
        let last = before + cols.len() as u32;
        for (i, (x, &c)) in (first..).zip(cols).enumerate() {
            self.nodes[x as usize][TOP] = c + 1;
            self.colour[x as usize] = colours.map_or(0, |k| k[i]);
            self.base[x as usize] = self.colour[x as usize];
            self.append(x);
        }
        self.nodes[before as usize][DOWN] = last;
        self.nodes[(last + 1) as usize] = [first, 0, (row + 1).wrapping_neg()];
        self.colour[(last + 1) as usize] = 0;
        self.row_start[row as usize] = first;
        self.order[row as usize] = row;
        self.h.rows += 1;
        self.h.entries += cols.len() as u32;
        self.cover_forced(forced);
        self.h.phase = Phase::Fresh;
        self.h.set(FLAG_HAS_SOLUTION, false);
        Ok(row)
    }

    /// Links node `x` at the bottom of its column.
    fn append(&mut self, x: u32) {
        append_to_column(self.nodes, x);
    }

    /// The first node of `row` in a primary column (every row has one: rows
    /// without are refused by `select_row` and never reached by the search).
    fn primary_node(&self, row: u32) -> Option<u32> {
        let mut x = *self.row_start.get(row as usize)?;
        loop {
            let c = search::at::<false, 3>(self.nodes, x)[TOP];
            if is_spacer(c) {
                return None;
            }
            if c <= self.h.dims.primary {
                return Some(x);
            }
            x = x.wrapping_add(1);
        }
    }

    /// Links the row starting at node `first` at the bottom of its columns (a
    /// damaged block: up to the next spacer, or the end of the array).
    fn link_row(&mut self, first: u32) {
        let mut x = first;
        while !is_spacer(search::at::<false, 3>(self.nodes, x)[TOP]) {
            self.append(x);
            x = x.wrapping_add(1);
        }
    }

    /// Forces `row` into every solution. It must have a primary column and be
    /// compatible with the earlier forced rows (colours included).
    pub fn select_row(&mut self, row: u32) -> Result<(), Error> {
        if self.h.phase.searching() {
            return Err(Error::State);
        }
        if row >= self.h.rows {
            return Err(Error::Arg);
        }
        let x = self.primary_node(row).ok_or(Error::Arg)?;
        if self.h.forced as usize >= self.sol.len() {
            // Every primary column is taken: a sound block refuses the row below.
            return Err(Error::Conflict);
        }
        if self.h.dims.bounded != 0 {
            // Algorithm M applies forced rows when a search starts (`force_rows`).
            self.forced_fits(row, self.h.forced as usize, true)?;
            self.sol[self.h.forced as usize] = row;
            self.h.forced += 1;
            self.h.phase = Phase::Fresh;
            self.h.set(FLAG_HAS_SOLUTION, false);
            return Ok(());
        }
        if !self.fits_covered(row) {
            return Err(Error::Conflict);
        }
        self.cover_row(x);
        self.sol[self.h.forced as usize] = row;
        self.h.forced += 1;
        self.h.phase = Phase::Fresh;
        self.h.set(FLAG_HAS_SOLUTION, false);
        Ok(())
    }

    /// Drops every forced row.
    pub fn unselect_all(&mut self) -> Result<(), Error> {
        if self.h.phase.searching() {
            return Err(Error::State);
        }
        if self.h.dims.bounded == 0 {
            // (Algorithm M's forced rows are applied only during a search.)
            self.uncover_forced();
        }
        self.h.forced = 0;
        self.h.phase = Phase::Fresh;
        self.h.set(FLAG_HAS_SOLUTION, false);
        Ok(())
    }

    /// Whether `row` goes with the rows covered so far (Algorithm C): a row
    /// clashing with one of them was hidden by it, so one of its nodes is out of its
    /// list, or one of its uncoloured columns is covered.
    fn fits_covered(&self, row: u32) -> bool {
        let mut y = search::word::<false>(self.row_start, row);
        loop {
            let [u, _, c] = search::at::<false, 3>(self.nodes, y);
            if is_spacer(c) {
                return true;
            }
            let linked = search::at::<false, 3>(self.nodes, u)[DOWN] == y;
            let k = search::word::<false>(self.colour, y);
            if !linked || (k == 0 && !self.is_active(c)) {
                return false;
            }
            y = y.wrapping_add(1);
        }
    }

    fn is_active(&self, c: u32) -> bool {
        let l = search::at::<false, 2>(self.items, c)[LEFT];
        search::at::<false, 2>(self.items, l)[RIGHT] == c
    }

    /// Uncovers the forced rows, newest first; returns how many to cover again.
    fn uncover_forced(&mut self) -> u32 {
        let n = self.h.forced;
        for i in (0..n).rev() {
            let row = search::word::<false>(self.sol, i);
            if let Some(x) = self.primary_node(row) {
                self.uncover_row(x);
            }
        }
        n
    }

    fn cover_forced(&mut self, n: u32) {
        for i in 0..n {
            let row = search::word::<false>(self.sol, i);
            if let Some(x) = self.primary_node(row) {
                self.cover_row(x);
            }
        }
    }

    /// Sets the seed for the next search (0 = rows in the order added, first column
    /// among ties).
    pub fn set_seed(&mut self, seed: u64) -> Result<(), Error> {
        if self.h.phase.searching() {
            return Err(Error::State);
        }
        self.h.seed = seed;
        Ok(())
    }

    /// The last solution as row ids (forced rows first), if the last call found one.
    pub fn solution(&self) -> Option<&[u32]> {
        self.h
            .has(FLAG_HAS_SOLUTION)
            .then(|| self.sol.get(..self.h.sol_len as usize))
            .flatten()
    }

    /// Goes on with the search until a solution, the end, or until at least `budget`
    /// link updates were spent by this call (0 = no limit). [`Error::Corrupt`]: the
    /// block was found damaged (see `XSolver::search`).
    pub fn next(&mut self, budget: u64) -> Result<Step, Error> {
        if self.h.dims.bounded != 0 {
            return self.run_m(budget, true, 1);
        }
        self.run_until(budget, true, 1)
    }

    /// Runs a search loop, `run(self, budget, trusted)`, for at least `budget`
    /// updates (0 = no limit), as the plain solver's `Solver::search` does: checked
    /// until this solver has spent a checked stretch of updates since it was opened
    /// or last validated; a call still going then validates the block
    /// ([`XSolver::validate_live`]) and goes on trusted. `paused` tells a run that
    /// stopped on its budget (or, checked, on its steps back without an update)
    /// from one that ended. A damaged block gives [`Error::Corrupt`] there, so that
    /// no call runs on for ever on scribbled links, budget or none; the loop
    /// resumes exactly where a budget stopped it, so the results are those of one
    /// run.
    pub(super) fn search<R>(
        &mut self,
        budget: u64,
        mut run: impl FnMut(&mut Self, u64, bool) -> R,
        paused: impl Fn(&Self, &R) -> bool,
    ) -> Result<R, Error> {
        if self.h.updates < self.call.checked_from {
            // Figures lower than at the start of the stretch: written from outside
            // between the searches of one call. The stretch starts again from them.
            self.call = CallState::starting_at(self.h.updates);
        }
        let spent = self.h.updates - self.call.checked_from;
        let mut allowance = self.checked_stretch().saturating_sub(spent);
        if allowance == 0 {
            // The stretch was spent by earlier calls on this value: a new one. The
            // block is validated only where a checked run paused on its budget,
            // never as a call finds it: a call may start where no budget stops
            // (Algorithm M after a solution or at a split node), which validation,
            // as `attach`'s, refuses.
            self.call.checked_from = self.h.updates;
            allowance = self.checked_stretch();
        }
        if budget != 0 && budget <= allowance {
            return Ok(run(self, budget, false));
        }
        let start = self.h.updates;
        let r = run(self, allowance, false);
        if !paused(self, &r) {
            return Ok(r);
        }
        let mut rest = budget;
        let spent = self.h.updates.wrapping_sub(start);
        if budget != 0 {
            if spent >= budget {
                return Ok(r);
            }
            rest = budget - spent;
        }
        self.validate_live()?;
        self.call = CallState::starting_at(self.h.updates);
        Ok(run(self, rest, true))
    }

    /// Updates a call runs checked before it validates the block: linear in the
    /// nodes in use, as for the plain solver (`Solver::checked_stretch`).
    fn checked_stretch(&self) -> u64 {
        let nodes = u64::from(self.first_spacer()) + u64::from(self.h.rows);
        CHECKED_STRETCH.saturating_mul(nodes + u64::from(self.h.entries))
    }

    /// Validates the block of a search under way as `attach` validates an image:
    /// folded (its derived words zeroed), checked, and its search replayed along
    /// the level stack (`fold.rs`). A sound block comes out as it was (with bounds,
    /// the level records above the current level come out zero: the search writes
    /// them before it reads them); a damaged one is [`Error::Corrupt`] and stays
    /// folded (the next call that opens it tries the replay again and fails the
    /// same way).
    fn validate_live(&mut self) -> Result<(), Error> {
        self.fold();
        self.adopt_state(image::Figures::Unchecked)
    }
}
