//! Polyomino and polycube tiling on top of the exact-cover engine, in one caller-owned
//! block.
//!
//! Safe Rust only, no allocation, no recursion, no I/O, no panics on any input.
//!
//! A board is a set of cells of a `width x height x depth` box (depth 1 for a plane
//! board; every cell is on the board until the caller says otherwise). Pieces are lists
//! of cells `(x, y, z)`, each coordinate below [`MAX_SIDE`](crate::tiling::MAX_SIDE). [`Tiling::build`](crate::tiling::Tiling::build) turns
//! them into an exact-cover problem: one primary column per board cell, one primary
//! column per piece used exactly once, one secondary column per piece used at most
//! once (none for pieces used any number of times), and one row per placement
//! (piece, orientation, offset) that lies wholly on the board.
//!
//! Orientations: on a plane board (depth 1) the 4 rotations in the plane, and their 4
//! mirror images when the piece may be reflected; on a solid board the 24 rotations of
//! space, and their 24 mirror images when the piece may be reflected. Each is
//! normalised (moved to the corner, cells sorted) and duplicates are dropped, so the
//! orientation numbers of a piece are `0 .. orientations` in order of first appearance,
//! 0 being the piece as given.
//!
//! Counting up to symmetry uses the board's symmetries among the transforms above.
//! Mirror images are among them when every piece has a *mirror partner*: itself when
//! it may be reflected or is its own mirror image, otherwise the one other piece (same
//! size and mode) whose shape is its mirror image, like the two screws of the Soma
//! cube; a mirror image of a solution swaps partners. A solution counts when its
//! filled board (piece numbers per cell) is the lexicographically smallest among its
//! images. This is exact when each piece is used at most once; copies of an
//! unlimited piece are told apart only by the cells they fill.
//!
//! The block, in 32-bit words (`V = width * height * depth`, `P = max_pieces`,
//! `K = max_piece_cells`, `R = max_placements`):
//!
//! ```text
//! header      HEADER_WORDS
//! board       V          before build: 1 = on the board; after: cell number + 1
//! cellpos     V          cell number -> position x + width * (y + height * z)
//! pieces      8 P        cells, mode, may reflect, orientations, mirror partner
//! pcells      P K        the cells of each piece as given (packed x | y << 10 | z << 20)
//! orients     48 P K     the normalised cells of each orientation
//! placements  2 R        (piece << 6 | orientation, packed offset) of each row
//! syms        48 V       each board symmetry as a map of cell numbers
//! scratch     V          a filled board
//! core        ...        the core solver: V + P primary, P secondary, R rows, R (K + 1) entries
//! ```
#![forbid(unsafe_code)]

mod build;
mod geometry;
mod layout;
mod symmetry;

use geometry::{pack, unpack};
use layout::Layout;

use crate::block::{self, Kind};
use crate::core::Solver;
use crate::outcome::{Error, Stats, Step};

/// Words in the fixed header.
pub const HEADER_WORDS: u64 = 24;
/// "DLXT" read as a little-endian word.
pub const MAGIC: u32 = 0x5458_4C44;
/// Version of the block layout (2: the common block prefix, see [`crate::block`]).
pub const LAYOUT_VERSION: u32 = 2;
/// Board sides and piece coordinates are below this.
pub const MAX_SIDE: u32 = 1024;
/// The most cells a board may have.
pub const MAX_VOLUME: u64 = 1 << 20;
/// The most pieces.
pub const MAX_PIECES: u32 = 1 << 16;
/// A filled board's value for a cell that is not on the board.
pub const EMPTY: u32 = u32::MAX;

/// The tiling's kind of block.
pub const KIND: Kind = Kind::new(MAGIC, LAYOUT_VERSION, HEADER_WORDS);

// Word positions after the common prefix (see `crate::block`).
block::fields! {
    W_WIDTH, W_HEIGHT, W_DEPTH, W_MAX_PIECES, W_MAX_PIECE_CELLS, W_MAX_PLACEMENTS,
    W_PIECES, W_BUILT, W_CELLS, W_PLACEMENTS, W_SYMS, W_EXACT, W_ATMOST,
    W_SYM_MIRROR: 2, // bit g set when symmetry g is a mirror image
}

const _: () = assert!(W_SYM_MIRROR + 2 <= HEADER_WORDS as usize);

/// The block was allocated by the library.
pub const FLAG_HEAP: u32 = block::FLAG_HEAP;

/// How often a piece is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Mode {
    /// In every solution exactly once.
    Exactly = 0,
    /// At most once.
    AtMost = 1,
    /// Any number of times, also never.
    Unlimited = 2,
}

impl Mode {
    /// The mode of a number, if it is one.
    pub fn from_u32(v: u32) -> Option<Mode> {
        Some(match v {
            0 => Mode::Exactly,
            1 => Mode::AtMost,
            2 => Mode::Unlimited,
            _ => return None,
        })
    }
}

/// The capacity of a tiling block.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TilingDims {
    /// Board box sides, each `1 ..= MAX_SIDE`; depth 1 for a plane board.
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    /// The most pieces (`1 ..= MAX_PIECES`).
    pub max_pieces: u32,
    /// The most cells of one piece (`1 ..= MAX_SIDE`).
    pub max_piece_cells: u32,
    /// The most placements (rows); 0 = the worst case, every orientation of every
    /// piece at every position of the box.
    pub max_placements: u32,
}

/// One placement: a piece in one of its orientations, moved by an offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub piece: u32,
    pub orientation: u32,
    /// Where the orientation's normalised cells (smallest coordinates 0) are moved to.
    pub offset: [u32; 3],
}

/// A tiling problem in a caller-provided block.
pub struct Tiling<'a> {
    head: &'a mut [u32],
    board: &'a mut [u32],
    cellpos: &'a mut [u32],
    pieces: &'a mut [[u32; 8]],
    pcells: &'a mut [u32],
    orients: &'a mut [u32],
    placements: &'a mut [[u32; 2]],
    syms: &'a mut [u32],
    scratch: &'a mut [u32],
    core: &'a mut [u32],
}

impl<'a> Tiling<'a> {
    /// Builds an empty tiling (every cell of the box on the board, no pieces).
    pub fn init(words: &'a mut [u32], dims: TilingDims) -> Result<Tiling<'a>, Error> {
        block::zero(words, dims.layout().map(|l| l.total));
        Tiling::init_zeroed(words, dims)
    }

    /// [`Tiling::init`] for a block that is all zero already (fresh from a zeroing
    /// allocator): writes only the header, the board and the solver's column lists.
    pub fn init_zeroed(words: &'a mut [u32], dims: TilingDims) -> Result<Tiling<'a>, Error> {
        let l = dims.layout().ok_or(Error::Arg)?;
        if words.len() < l.total {
            return Err(Error::TooSmall);
        }
        let t = Tiling::carve(words, &l);
        KIND.start(t.head, l.total as u64);
        t.head[W_WIDTH] = dims.width;
        t.head[W_HEIGHT] = dims.height;
        t.head[W_DEPTH] = dims.depth;
        t.head[W_MAX_PIECES] = dims.max_pieces;
        t.head[W_MAX_PIECE_CELLS] = dims.max_piece_cells;
        t.head[W_MAX_PLACEMENTS] = dims.max_placements;
        t.board.fill(1);
        Solver::init_zeroed(t.core, l.core_dims)?;
        Ok(t)
    }

    /// Reopens a block made by [`Tiling::init`], checking its header.
    pub fn open(words: &'a mut [u32]) -> Result<Tiling<'a>, Error> {
        let recorded = KIND.words_of(words).ok_or(Error::Corrupt)?;
        let dims = Self::dims_of(words);
        let l = dims.layout().ok_or(Error::Corrupt)?;
        if recorded != l.total as u64
            || words.len() < l.total
            || words[W_PIECES] > dims.max_pieces
            || words[W_CELLS] as u64 > dims.volume()
            || words[W_SYMS] > 48
            || words[W_BUILT] > 1
            || u64::from(words[W_PLACEMENTS]) > (l.syms - l.placements) as u64 / 2
        {
            return Err(Error::Corrupt);
        }
        let t = Tiling::carve(words, &l);
        let npieces = t.head[W_PIECES] as usize;
        if t.pieces[..npieces].iter().any(|p| {
            p[0] == 0 || p[0] > dims.max_piece_cells || p[3] > 48 || p[4] as usize >= npieces
        }) {
            return Err(Error::Corrupt);
        }
        Ok(t)
    }

    /// The total words of the block a header describes (for the C layer), if valid.
    /// Agrees with the dimensions the header records, or `None`.
    pub fn words_of(head: &[u32]) -> Option<u64> {
        let recorded = KIND.words_of(head)?;
        (Self::dims_of(head).layout()?.total as u64 == recorded).then_some(recorded)
    }

    fn dims_of(w: &[u32]) -> TilingDims {
        TilingDims {
            width: w[W_WIDTH],
            height: w[W_HEIGHT],
            depth: w[W_DEPTH],
            max_pieces: w[W_MAX_PIECES],
            max_piece_cells: w[W_MAX_PIECE_CELLS],
            max_placements: w[W_MAX_PLACEMENTS],
        }
    }

    fn carve(words: &'a mut [u32], l: &Layout) -> Tiling<'a> {
        let [head, board, cellpos, pieces, pcells, orients, placements, syms, scratch, core] =
            block::regions(
                words,
                [
                    l.board,
                    l.cellpos,
                    l.pieces,
                    l.pcells,
                    l.orients,
                    l.placements,
                    l.syms,
                    l.scratch,
                    l.core,
                    l.total,
                ],
            );
        let v = board.len();
        Tiling {
            head,
            board,
            cellpos,
            pieces: pieces.as_chunks_mut().0,
            pcells,
            orients,
            placements: placements.as_chunks_mut().0,
            syms,
            scratch: &mut scratch[..v],
            core,
        }
    }

    /// The dimensions the block was made with.
    pub fn dims(&self) -> TilingDims {
        Self::dims_of(self.head)
    }

    /// True when the library allocated the block.
    pub fn is_heap(&self) -> bool {
        block::is_heap(self.head)
    }

    /// Marks the block as allocated by the library.
    pub fn set_heap(&mut self, on: bool) {
        block::set(self.head, FLAG_HEAP, on);
    }

    /// True once [`Tiling::build`] succeeded (until [`Tiling::clear`]).
    pub fn is_built(&self) -> bool {
        self.head[W_BUILT] == 1
    }

    /// Pieces added so far.
    pub fn pieces(&self) -> u32 {
        self.head[W_PIECES]
    }

    /// Board cells (after build).
    pub fn cells(&self) -> u32 {
        self.head[W_CELLS]
    }

    /// Placements (rows) generated by the build.
    pub fn placements(&self) -> u32 {
        self.head[W_PLACEMENTS]
    }

    /// Symmetries of the board used for counting up to symmetry (1 = none but the
    /// identity), after build.
    pub fn symmetries(&self) -> u32 {
        self.head[W_SYMS]
    }

    fn volume(&self) -> usize {
        self.board.len()
    }

    /// The most cells of one piece: the stride of the cell tables.
    fn max_piece_cells(&self) -> usize {
        self.head[W_MAX_PIECE_CELLS] as usize
    }

    fn pos(&self, x: u32, y: u32, z: u32) -> Option<usize> {
        let d = self.dims();
        (x < d.width && y < d.height && z < d.depth)
            .then(|| (x + d.width * (y + d.height * z)) as usize)
    }

    /// The board position of an orientation's packed cell `c` once `pl` has moved it.
    fn placed(&self, pl: &Placement, c: u32) -> Result<usize, Error> {
        let c = unpack(c);
        self.pos(
            c[0] as u32 + pl.offset[0],
            c[1] as u32 + pl.offset[1],
            c[2] as u32 + pl.offset[2],
        )
        .ok_or(Error::Corrupt)
    }

    /// Drops every piece, puts every cell of the box back on the board and forgets the
    /// build.
    pub fn clear(&mut self) -> Result<(), Error> {
        self.head[W_PIECES] = 0;
        self.head[W_BUILT] = 0;
        self.head[W_CELLS] = 0;
        self.head[W_PLACEMENTS] = 0;
        self.head[W_SYMS] = 0;
        self.board.fill(1);
        let dims = Solver::open(self.core)?.dims();
        Solver::init(self.core, dims)?;
        Ok(())
    }

    /// Sets the board: `mask[x + width * (y + height * z)]` non-zero for a cell on the
    /// board. `mask` must hold exactly `width * height * depth` values. Only before
    /// the build.
    pub fn set_board(&mut self, mask: &[u8]) -> Result<(), Error> {
        if self.is_built() {
            return Err(Error::State);
        }
        if mask.len() != self.volume() {
            return Err(Error::Arg);
        }
        for (b, &m) in self.board.iter_mut().zip(mask) {
            *b = u32::from(m != 0);
        }
        Ok(())
    }

    /// Adds a piece made of `cells` (each `[x, y, z]`, coordinates below
    /// [`MAX_SIDE`], no cell twice), used as `mode` says, in its mirror images too when
    /// `reflect`. Returns its number (0, 1, ... in order). Only before the build.
    pub fn add_piece(
        &mut self,
        cells: &[[u32; 3]],
        mode: Mode,
        reflect: bool,
    ) -> Result<u32, Error> {
        if self.is_built() {
            return Err(Error::State);
        }
        let d = self.dims();
        if cells.is_empty() {
            return Err(Error::EmptyRow);
        }
        if cells.len() > d.max_piece_cells as usize {
            return Err(Error::Capacity);
        }
        if cells.iter().any(|c| c.iter().any(|&v| v >= MAX_SIDE)) {
            return Err(Error::Arg);
        }
        for (i, c) in cells.iter().enumerate() {
            if cells[i + 1..].contains(c) {
                return Err(Error::Duplicate);
            }
        }
        let id = self.head[W_PIECES];
        if id >= d.max_pieces {
            return Err(Error::Capacity);
        }
        let k = d.max_piece_cells as usize;
        let base = id as usize * k;
        for (slot, c) in self.pcells[base..].iter_mut().zip(cells) {
            *slot = pack([c[0] as i32, c[1] as i32, c[2] as i32]);
        }
        self.pieces[id as usize] = [
            cells.len() as u32,
            mode as u32,
            u32::from(reflect),
            0,
            id,
            0,
            0,
            0,
        ];
        self.head[W_PIECES] = id + 1;
        Ok(id)
    }

    /// The number of orientations of piece `p` (after build).
    pub fn orientations(&self, p: u32) -> Option<u32> {
        (self.is_built() && p < self.pieces()).then(|| self.pieces[p as usize][3])
    }

    /// The normalised cells of orientation `o` of piece `p`, packed (after build).
    /// Empty for a piece or orientation out of range (only a damaged placement
    /// table names one).
    fn orientation(&self, p: u32, o: u32) -> &[u32] {
        let k = self.max_piece_cells();
        let Some(&[n, ..]) = self.pieces.get(p as usize).filter(|_| o < 48) else {
            return &[];
        };
        let at = (p as usize * 48 + o as usize) * k;
        self.orients.get(at..at + n as usize).unwrap_or(&[])
    }

    fn coords(&self, v: u32) -> [i32; 3] {
        let w = self.head[W_WIDTH];
        let h = self.head[W_HEIGHT];
        [(v % w) as i32, (v / w % h) as i32, (v / w / h) as i32]
    }

    /// Placement (row) `row`.
    pub fn placement(&self, row: u32) -> Option<Placement> {
        if !self.is_built() || row >= self.placements() {
            return None;
        }
        let [po, off] = self.placements[row as usize];
        let o = unpack(off);
        Some(Placement {
            piece: po >> 6,
            orientation: po & 63,
            offset: [o[0] as u32, o[1] as u32, o[2] as u32],
        })
    }

    /// The board cells `[x, y, z]` covered by placement `row`, written to `out`;
    /// returns how many (the piece's size), or `None` when there is no such row or
    /// `out` is too short.
    pub fn placement_cells(&self, row: u32, out: &mut [[u32; 3]]) -> Option<usize> {
        let pl = self.placement(row)?;
        let cells = self.orientation(pl.piece, pl.orientation);
        if out.len() < cells.len() {
            return None;
        }
        for (o, &c) in out.iter_mut().zip(cells) {
            let c = unpack(c);
            *o = [
                c[0] as u32 + pl.offset[0],
                c[1] as u32 + pl.offset[1],
                c[2] as u32 + pl.offset[2],
            ];
        }
        Some(cells.len())
    }

    /// Fixes piece `piece` on the cells `cells` (any order) in every solution: they
    /// must be the cells of one of its orientations, moved, and lie on the board.
    /// Returns the placement's row. After the build, with no search under way.
    ///
    /// Errors: [`Error::State`] (not built, or a search is under way), [`Error::Arg`]
    /// (no such piece, or the cells are not that piece on the board),
    /// [`Error::Conflict`] (overlaps an earlier fixed piece, or fixes a piece used at
    /// most or exactly once a second time).
    pub fn place(&mut self, piece: u32, cells: &[[u32; 3]]) -> Result<u32, Error> {
        if !self.is_built() {
            return Err(Error::State);
        }
        if piece >= self.pieces() || cells.len() != self.pieces[piece as usize][0] as usize {
            return Err(Error::Arg);
        }
        if cells.iter().any(|c| c.iter().any(|&v| v >= MAX_SIDE)) {
            return Err(Error::Arg);
        }
        let mut min = [u32::MAX; 3];
        for c in cells {
            for a in 0..3 {
                min[a] = min[a].min(c[a]);
            }
        }
        let mut shape = [0u32; MAX_SIDE as usize];
        let shape = &mut shape[..cells.len()];
        for (s, c) in shape.iter_mut().zip(cells) {
            *s = pack([
                (c[0] - min[0]) as i32,
                (c[1] - min[1]) as i32,
                (c[2] - min[2]) as i32,
            ]);
        }
        shape.sort_unstable();
        let norient = self.pieces[piece as usize][3];
        let o = (0..norient)
            .find(|&o| self.orientation(piece, o) == &shape[..])
            .ok_or(Error::Arg)?;
        let key = [
            piece << 6 | o,
            pack([min[0] as i32, min[1] as i32, min[2] as i32]),
        ];
        let n = self.placements() as usize;
        let row = self.placements[..n]
            .iter()
            .position(|&p| p == key)
            .ok_or(Error::Arg)? as u32;
        Solver::open(self.core)?.select_row(row)?;
        Ok(row)
    }

    /// Drops every fixed piece (no search may be under way).
    pub fn unplace_all(&mut self) -> Result<(), Error> {
        Solver::open(self.core)?.unselect_all()
    }

    fn built_solver(&mut self) -> Result<Solver<'_>, Error> {
        if !self.is_built() {
            return Err(Error::State);
        }
        Solver::open(self.core)
    }

    /// Goes on with the search (the first call starts it): [`Step::Solution`] (read
    /// it with [`Tiling::solution`] or [`Tiling::fill`]), [`Step::Exhausted`], or
    /// [`Step::BudgetSpent`] after at least `budget` link updates (0 = no limit).
    pub fn next(&mut self, budget: u64) -> Result<Step, Error> {
        self.built_solver()?.next(budget)
    }

    /// Abandons the search under way; fixed pieces stay.
    pub fn reset(&mut self) -> Result<(), Error> {
        self.built_solver()?.reset();
        Ok(())
    }

    /// Counts the solutions (fixed pieces respected), stopping at `limit` (0 = no
    /// limit); leaves the search reset.
    pub fn count(&mut self, limit: u64) -> Result<u64, Error> {
        self.built_solver()?.count(limit)
    }

    /// Figures of the current or last search.
    pub fn stats(&mut self) -> Result<Stats, Error> {
        Ok(self.built_solver()?.stats())
    }

    /// The rows (placements) of the last solution, fixed pieces first.
    pub fn solution(&self) -> Option<&[u32]> {
        if !self.is_built() {
            return None;
        }
        let h = Solver::peek(self.core).ok()?;
        let (at, len) = crate::core::solution_words(&h)?;
        self.core.get(at..at + len)
    }

    /// Writes the last solution as a filled board: `out[x + width * (y + height * z)]`
    /// is the piece number covering that cell, or [`EMPTY`] off the board. `out`
    /// must hold at least `width * height * depth` values.
    pub fn fill(&self, out: &mut [u32]) -> Result<(), Error> {
        let v = self.volume();
        if out.len() < v {
            return Err(Error::Arg);
        }
        let rows = self.solution().ok_or(Error::State)?;
        out[..v].fill(EMPTY);
        for &r in rows {
            let pl = self.placement(r).ok_or(Error::Corrupt)?;
            let o = self.orientation(pl.piece, pl.orientation);
            for &c in o {
                out[self.placed(&pl, c)?] = pl.piece;
            }
        }
        Ok(())
    }
}
