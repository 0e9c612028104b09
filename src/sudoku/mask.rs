//! The candidate sets of the general engine: one `u32` per cell for grids up to 32
//! symbols, a `u64` (two words of the block) above, with checked reads and writes of
//! the block's words.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use crate::block::{get64, put64};

/// A checked read: 0 outside the slice (only a corrupted block gets there).
#[inline(always)]
pub(super) fn rd(w: &[u32], i: usize) -> u32 {
    w.get(i).copied().unwrap_or(0)
}

/// A checked write: ignored outside the slice.
#[inline(always)]
pub(super) fn wr(w: &mut [u32], i: usize, v: u32) {
    if let Some(x) = w.get_mut(i) {
        *x = v;
    }
}

/// A candidate set: `u32` for grids up to 32, `u64` above.
pub trait Mask:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    const ZERO: Self;
    /// Mask words per cell.
    const WORDS: usize;
    /// The set of cell `i` in the mask words.
    fn get(w: &[u32], i: usize) -> Self;
    fn put(w: &mut [u32], i: usize, v: Self);
    fn bit(k: u32) -> Self;
    fn full(n: u32) -> Self;
    fn ones(self) -> u32;
    /// Index of the lowest bit (the set is not empty).
    fn low(self) -> u32;
    /// The set without its lowest bit.
    fn drop_low(self) -> Self;
    fn to_u64(self) -> u64;
    fn from_u64(v: u64) -> Self;
    /// At most one bit.
    #[inline(always)]
    fn at_most_one(self) -> bool {
        self.drop_low() == Self::ZERO
    }
}

/// The bit operations, the same for both widths.
macro_rules! bit_ops {
    ($t:ty) => {
        #[inline(always)]
        fn bit(k: u32) -> $t {
            (1 as $t).wrapping_shl(k)
        }
        fn full(n: u32) -> $t {
            if n >= <$t>::BITS {
                <$t>::MAX
            } else {
                (1 << n) - 1
            }
        }
        #[inline(always)]
        fn ones(self) -> u32 {
            self.count_ones()
        }
        #[inline(always)]
        fn low(self) -> u32 {
            self.trailing_zeros()
        }
        #[inline(always)]
        fn drop_low(self) -> $t {
            self & self.wrapping_sub(1)
        }
    };
}

impl Mask for u32 {
    const ZERO: u32 = 0;
    const WORDS: usize = 1;
    #[inline(always)]
    fn get(w: &[u32], i: usize) -> u32 {
        rd(w, i)
    }
    #[inline(always)]
    fn put(w: &mut [u32], i: usize, v: u32) {
        wr(w, i, v)
    }
    fn to_u64(self) -> u64 {
        u64::from(self)
    }
    fn from_u64(v: u64) -> u32 {
        v as u32
    }
    bit_ops!(u32);
}

impl Mask for u64 {
    const ZERO: u64 = 0;
    const WORDS: usize = 2;
    #[inline(always)]
    fn get(w: &[u32], i: usize) -> u64 {
        get64(w, 2 * i)
    }
    #[inline(always)]
    fn put(w: &mut [u32], i: usize, v: u64) {
        put64(w, 2 * i, v)
    }
    fn to_u64(self) -> u64 {
        self
    }
    fn from_u64(v: u64) -> u64 {
        v
    }
    bit_ops!(u64);
}

/// Sets back the candidates eliminated by the trail entries `to..from` (newest first).
pub(super) fn undo<M: Mask>(
    mask: &mut [u32],
    cand: &mut [u32],
    n: u32,
    trail: &[u32],
    from: usize,
    to: usize,
) {
    let w = super::engine::bits_words(n);
    let Some(entries) = trail.get(to..from) else {
        return;
    };
    for &e in entries.iter().rev() {
        let c = (e >> 6) as usize;
        let k = e & 63;
        if M::WORDS == 1 {
            if let Some(x) = mask.get_mut(c) {
                *x |= 1u32.wrapping_shl(k);
            }
        } else {
            M::put(mask, c, M::get(mask, c) | M::bit(k));
        }
        if let Some(x) = cand.get_mut(k as usize * w + c / 32) {
            *x |= 1 << (c % 32);
        }
    }
}
