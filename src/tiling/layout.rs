//! Where everything lives in a tiling block (see the table in the module notes of
//! [`super`]), and the capacity checks.

use super::{TilingDims, HEADER_WORDS, MAX_PIECES, MAX_SIDE, MAX_VOLUME};
use crate::core::Dims;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Layout {
    pub(super) board: usize,
    pub(super) cellpos: usize,
    pub(super) pieces: usize,
    pub(super) pcells: usize,
    pub(super) orients: usize,
    pub(super) placements: usize,
    pub(super) syms: usize,
    pub(super) scratch: usize,
    pub(super) core: usize,
    pub(super) total: usize,
    pub(super) core_dims: Dims,
}

impl TilingDims {
    pub(super) fn volume(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height) * u64::from(self.depth)
    }

    pub(super) fn solid(&self) -> bool {
        self.depth > 1
    }

    /// The placement capacity, with 0 replaced by the worst case.
    fn placements(&self) -> Option<u32> {
        if self.max_placements != 0 {
            return Some(self.max_placements);
        }
        let per = if self.solid() { 48 } else { 8 };
        u32::try_from(u64::from(self.max_pieces) * per * self.volume()).ok()
    }

    pub(super) fn layout(&self) -> Option<Layout> {
        let sides = [self.width, self.height, self.depth];
        if sides.iter().any(|&s| s == 0 || s > MAX_SIDE)
            || self.volume() > MAX_VOLUME
            || self.max_pieces == 0
            || self.max_pieces > MAX_PIECES
            || self.max_piece_cells == 0
            || self.max_piece_cells > MAX_SIDE
        {
            return None;
        }
        let v = self.volume();
        let p = u64::from(self.max_pieces);
        let k = u64::from(self.max_piece_cells);
        let r = u64::from(self.placements()?);
        let core_dims = Dims {
            primary: u32::try_from(v + p).ok()?,
            secondary: self.max_pieces,
            max_rows: r as u32,
            max_entries: u32::try_from(r * (k + 1)).ok()?,
        };
        let core_words = core_dims.required_words()?;
        let board = HEADER_WORDS;
        let cellpos = board + v;
        let pieces = cellpos + v;
        let pcells = pieces + 8 * p;
        let orients = pcells + p * k;
        let placements = orients + 48 * p * k;
        let syms = placements + 2 * r;
        let scratch = syms + 48 * v;
        let core = (scratch + v + 1) & !1; // keep the core solver 8-byte aligned
        let total = core + core_words;
        usize::try_from(total.checked_mul(4)?).ok()?;
        Some(Layout {
            board: board as usize,
            cellpos: cellpos as usize,
            pieces: pieces as usize,
            pcells: pcells as usize,
            orients: orients as usize,
            placements: placements as usize,
            syms: syms as usize,
            scratch: scratch as usize,
            core: core as usize,
            total: total as usize,
            core_dims,
        })
    }

    /// Words a block with these dimensions needs, or `None` when they are out of range.
    pub fn required_words(&self) -> Option<u64> {
        self.layout().map(|l| l.total as u64)
    }

    /// Bytes a block with these dimensions needs, or `None`.
    pub fn required_bytes(&self) -> Option<usize> {
        self.layout().map(|l| l.total * 4)
    }
}
