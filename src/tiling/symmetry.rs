//! Symmetry: the board's symmetries among the transforms, each piece's mirror
//! partner, and counting solutions up to symmetry (see the module notes of
//! [`super`]).

use super::build::{cell_number, corner};
use super::geometry::{allowed, pack, proper, transform, unpack};
use super::{Tiling, MAX_SIDE, W_SYM_MIRROR};
use crate::block::get64;
use crate::core::{Solver, WithinCall};
use crate::outcome::{Error, Step};

impl Tiling<'_> {
    /// The transforms that map the `n` board cells onto themselves (after moving
    /// back to the board's corner), each written to `syms` as a map of cell
    /// numbers, mirror images only when `mirrors`. Returns how many, and a mask
    /// with bit g set when symmetry g is a mirror image.
    pub(super) fn board_symmetries(&mut self, n: u32, mirrors: bool) -> (u32, u64) {
        let d = self.dims();
        let solid = d.solid();
        let sides = [d.width as i32, d.height as i32, d.depth as i32];
        let mut nsym = 0usize;
        let mut mirror_mask = 0u64;
        if n == 0 {
            return (0, 0);
        }
        let cells = &self.cellpos[..n as usize];
        let min = corner(cells.iter().map(|&v| self.coords(v)));
        for t in 0..48 {
            if !allowed(t, solid, mirrors) {
                continue;
            }
            let tmin = corner(cells.iter().map(|&v| transform(t, self.coords(v))));
            let base = nsym * self.volume();
            let mut ok = true;
            for i in 0..n as usize {
                let c = transform(t, self.coords(self.cellpos[i]));
                let m = [
                    c[0] - tmin[0] + min[0],
                    c[1] - tmin[1] + min[1],
                    c[2] - tmin[2] + min[2],
                ];
                if (0..3).any(|a| m[a] < 0 || m[a] >= sides[a]) {
                    ok = false;
                    break;
                }
                let v = (m[0] + sides[0] * (m[1] + sides[1] * m[2])) as usize;
                if self.board[v] == 0 {
                    ok = false;
                    break;
                }
                self.syms[base + i] = cell_number(self.cellpos, n, v as u32);
            }
            if ok {
                if !proper(t) {
                    mirror_mask |= 1 << nsym;
                }
                nsym += 1;
            }
        }
        (nsym as u32, mirror_mask)
    }
    /// Finds each piece's mirror partner (see the module notes); true when every piece
    /// has one and the pairing is one-to-one.
    pub(super) fn mirror_partners(&mut self) -> bool {
        let k = self.max_piece_cells();
        let npieces = self.pieces() as usize;
        let mut shape = [0u32; MAX_SIDE as usize];
        let mut ok = true;
        for p in 0..npieces {
            let [size, mode, reflect, ..] = self.pieces[p];
            self.pieces[p][4] = p as u32;
            if reflect == 1 {
                continue;
            }
            let size = size as usize;
            let shape = &mut shape[..size];
            let mut min = [i32::MAX; 3];
            for i in 0..size {
                let c = transform(1, unpack(self.pcells[p * k + i]));
                for a in 0..3 {
                    min[a] = min[a].min(c[a]);
                }
            }
            for (i, s) in shape.iter_mut().enumerate() {
                let c = transform(1, unpack(self.pcells[p * k + i]));
                *s = pack([c[0] - min[0], c[1] - min[1], c[2] - min[2]]);
            }
            shape.sort_unstable();
            let matches = |q: usize| {
                let [qsize, qmode, _, qn, ..] = self.pieces[q];
                qsize as usize == size
                    && qmode == mode
                    && (0..qn).any(|o| self.orientation(q as u32, o) == &shape[..])
            };
            let partner = if matches(p) {
                Some(p)
            } else {
                (0..npieces).find(|&q| q != p && matches(q))
            };
            match partner {
                Some(q) => self.pieces[p][4] = q as u32,
                None => ok = false,
            }
        }
        ok && (0..npieces).all(|p| {
            let q = self.pieces[p][4] as usize;
            q < npieces && self.pieces[q][4] as usize == p
        })
    }

    /// Counts every solution and those distinct up to the board's symmetry (see the
    /// module notes), as `(all, distinct)`; leaves the search reset.
    pub fn count_distinct(&mut self) -> Result<(u64, u64), Error> {
        self.built_solver()?.reset();
        let n = self.cells() as usize;
        let vol = self.volume();
        let nsym = self.symmetries() as usize;
        let (mut all, mut distinct) = (0u64, 0u64);
        let mut call = None;
        loop {
            // One call: each search goes on with the state of the last (a damaged
            // block is found however many solutions it reports).
            let step = Solver::open(self.core)?.within_call(&mut call, |s| s.next(0))?;
            if step != Step::Solution {
                break;
            }
            all += 1;
            // The filled board by cell number, in scratch.
            let h = Solver::peek(self.core)?;
            let (at, len) = crate::core::solution_words(&h).ok_or(Error::Corrupt)?;
            for i in 0..len {
                let row = self.core[at + i];
                let pl = self.placement(row).ok_or(Error::Corrupt)?;
                let k = self.max_piece_cells();
                let size = self.pieces[pl.piece as usize][0] as usize;
                let ob = (pl.piece as usize * 48 + pl.orientation as usize) * k;
                for j in 0..size {
                    let p = self.placed(&pl, self.orients[ob + j])?;
                    let cell = self.board[p].wrapping_sub(1) as usize;
                    if cell >= n {
                        return Err(Error::Corrupt);
                    }
                    self.scratch[cell] = pl.piece;
                }
            }
            let b = &self.scratch[..n];
            let mirror_mask = get64(self.head, W_SYM_MIRROR);
            let pieces = &*self.pieces;
            let canonical = (0..nsym).all(|g| {
                let map = &self.syms[g * vol..g * vol + n];
                let mirror = (mirror_mask >> g) & 1 == 1;
                for i in 0..n {
                    let Some(&(mut img)) = b.get(map[i] as usize) else {
                        return false;
                    };
                    if mirror {
                        img = pieces.get(img as usize).map_or(img, |p| p[4]);
                    }
                    if img != b[i] {
                        return b[i] < img;
                    }
                }
                true
            });
            distinct += u64::from(canonical);
        }
        Solver::open(self.core)?.reset();
        Ok((all, distinct))
    }
}
