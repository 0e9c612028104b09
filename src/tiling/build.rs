//! The build: board cells numbered, each piece's orientations, one exact-cover row
//! per placement, and the board's symmetries (see the module notes of [`super`]).

use super::geometry::{allowed, pack, transform, unpack};
use super::{Mode, Tiling, MAX_SIDE};
use super::{W_ATMOST, W_BUILT, W_CELLS, W_EXACT, W_PLACEMENTS, W_SYMS, W_SYM_MIRROR};
use crate::block::put64;
use crate::core::{Dims, Solver};
use crate::outcome::Error;

/// The cell number of board position `v`: its index in the sorted `cellpos[..n]`.
pub(super) fn cell_number(cellpos: &[u32], n: u32, v: u32) -> u32 {
    match cellpos[..n as usize].binary_search(&v) {
        Ok(i) => i as u32,
        Err(_) => u32::MAX,
    }
}

/// The smallest coordinate on each axis of `cells`.
pub(super) fn corner(cells: impl Iterator<Item = [i32; 3]>) -> [i32; 3] {
    let mut min = [i32::MAX; 3];
    for c in cells {
        for a in 0..3 {
            min[a] = min[a].min(c[a]);
        }
    }
    min
}

/// Where the rows go while they are generated: the board, its numbering, and the
/// placements table.
struct Rows<'t> {
    board: &'t [u32],
    cellpos: &'t [u32],
    /// Board cells.
    cells: u32,
    sides: [i32; 3],
    placements: &'t mut [[u32; 2]],
    rows: u32,
}

impl Rows<'_> {
    /// Adds a row for every offset at which the orientation with the normalised
    /// packed `shape` lies wholly on the board: its cells' columns, then `extra`
    /// (the piece's column, if it has one). `key` is the piece and orientation.
    fn add_offsets(
        &mut self,
        s: &mut Solver<'_>,
        shape: &[u32],
        key: u32,
        extra: Option<u32>,
    ) -> Result<(), Error> {
        let mut span = [0i32; 3];
        for &c in shape {
            let c = unpack(c);
            for a in 0..3 {
                span[a] = span[a].max(c[a]);
            }
        }
        let sides = self.sides;
        if (0..3).any(|a| span[a] >= sides[a]) {
            return Ok(());
        }
        let mut cols = [0u32; MAX_SIDE as usize + 1];
        for oz in 0..sides[2] - span[2] {
            for oy in 0..sides[1] - span[1] {
                'offset: for ox in 0..sides[0] - span[0] {
                    for (i, &c) in shape.iter().enumerate() {
                        let c = unpack(c);
                        let v = (c[0] + ox) + sides[0] * ((c[1] + oy) + sides[1] * (c[2] + oz));
                        if self.board[v as usize] == 0 {
                            continue 'offset;
                        }
                        cols[i] = v as u32; // a position for now
                    }
                    // Positions to cell numbers: count board cells before each.
                    for c in cols.iter_mut().take(shape.len()) {
                        *c = cell_number(self.cellpos, self.cells, *c);
                    }
                    let mut len = shape.len();
                    if let Some(x) = extra {
                        cols[len] = x;
                        len += 1;
                    }
                    if self.rows as usize >= self.placements.len() {
                        return Err(Error::Capacity);
                    }
                    s.add_row(&cols[..len])?;
                    self.placements[self.rows as usize] = [key, pack([ox, oy, oz])];
                    self.rows += 1;
                }
            }
        }
        Ok(())
    }
}

impl Tiling<'_> {
    /// Generates the orientations, the placements (rows) and the board's symmetries.
    /// Fails with [`Error::Capacity`] when there are more placements than
    /// `max_placements`; nothing is built then.
    pub fn build(&mut self) -> Result<(), Error> {
        if self.is_built() {
            return Err(Error::State);
        }
        let n = self.number_cells();
        self.orient_pieces();
        let mirrors = self.mirror_partners();
        let rows = self.add_rows(n)?;
        let (nsym, mirror_mask) = self.board_symmetries(n, mirrors);
        // Board marks become cell numbers + 1.
        for i in 0..n as usize {
            self.board[self.cellpos[i] as usize] = i as u32 + 1;
        }
        self.head[W_CELLS] = n;
        self.head[W_PLACEMENTS] = rows;
        self.head[W_SYMS] = nsym;
        put64(self.head, W_SYM_MIRROR, mirror_mask);
        self.head[W_BUILT] = 1;
        Ok(())
    }

    /// Lists the board's positions in order in `cellpos`; returns how many.
    fn number_cells(&mut self) -> u32 {
        let mut n = 0u32;
        for v in 0..self.volume() {
            if self.board[v] != 0 {
                self.cellpos[n as usize] = v as u32;
                n += 1;
            }
        }
        n
    }

    /// Each piece's distinct orientations, normalised (moved to the corner, cells
    /// sorted), in order of first appearance.
    fn orient_pieces(&mut self) {
        let solid = self.dims().solid();
        let k = self.max_piece_cells();
        for p in 0..self.pieces() as usize {
            let [size, _, reflect, ..] = self.pieces[p];
            let size = size as usize;
            let mut count = 0usize;
            for t in 0..48 {
                if !allowed(t, solid, reflect == 1) {
                    continue;
                }
                let at = (p * 48 + count) * k;
                let given = &self.pcells[p * k..p * k + size];
                let min = corner(given.iter().map(|&c| transform(t, unpack(c))));
                for i in 0..size {
                    let c = transform(t, unpack(self.pcells[p * k + i]));
                    self.orients[at + i] = pack([c[0] - min[0], c[1] - min[1], c[2] - min[2]]);
                }
                self.orients[at..at + size].sort_unstable();
                let seen = (0..count).any(|o| {
                    let b = (p * 48 + o) * k;
                    self.orients[b..b + size] == self.orients[at..at + size]
                });
                if !seen {
                    count += 1;
                }
            }
            self.pieces[p][3] = count as u32;
        }
    }

    /// Builds the core solver: one primary column per board cell and per piece used
    /// exactly once, one secondary column per piece used at most once, one row per
    /// placement. Returns the number of rows.
    fn add_rows(&mut self, n: u32) -> Result<u32, Error> {
        let npieces = self.pieces() as usize;
        let modes = || (0..npieces).map(|p| Mode::from_u32(self.pieces[p][1]));
        let exact = modes().filter(|&m| m == Some(Mode::Exactly)).count() as u32;
        let atmost = modes().filter(|&m| m == Some(Mode::AtMost)).count() as u32;
        let core_dims = Solver::open(self.core)?.dims();
        let dims = Dims {
            primary: n + exact,
            secondary: atmost,
            max_rows: core_dims.max_rows,
            max_entries: core_dims.max_entries,
        };
        let d = self.dims();
        let k = d.max_piece_cells as usize;
        let mut s = Solver::init(self.core, dims)?;
        let mut out = Rows {
            board: self.board,
            cellpos: self.cellpos,
            cells: n,
            sides: [d.width as i32, d.height as i32, d.depth as i32],
            placements: self.placements,
            rows: 0,
        };
        let (mut ei, mut ai) = (0u32, 0u32);
        for p in 0..npieces {
            let [size, mode, _, norient, ..] = self.pieces[p];
            let extra = match Mode::from_u32(mode) {
                Some(Mode::Exactly) => {
                    ei += 1;
                    Some(n + ei - 1)
                }
                Some(Mode::AtMost) => {
                    ai += 1;
                    Some(n + exact + ai - 1)
                }
                _ => None,
            };
            for o in 0..norient as usize {
                let at = (p * 48 + o) * k;
                let shape = &self.orients[at..at + size as usize];
                out.add_offsets(&mut s, shape, (p as u32) << 6 | o as u32, extra)?;
            }
        }
        self.head[W_EXACT] = exact;
        self.head[W_ATMOST] = atmost;
        Ok(out.rows)
    }
}
