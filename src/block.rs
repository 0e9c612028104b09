//! The block protocol every handle kind shares: the words at the start of a block.
//!
//! Every handle (solver, maximiser, Sudoku helper, tiling) is the address of one
//! block of `u32` words that holds all of its state. Each block starts with the same
//! [`PREFIX_WORDS`](crate::block::PREFIX_WORDS)-word prefix, so that one guard in the C layer can check any handle
//! before it trusts the rest of the block:
//!
//! ```text
//! word 0     magic          which kind of block this is (e.g. "DLX1"), little-endian
//! word 1     version        the kind's layout version; a byte-swapped block reads wrong
//! words 2-3  words          the block's length in words (u64, low word first)
//! word 4     flags          bit 0 = FLAG_HEAP (allocated by the library); the kind's
//!                           own flags use the other bits
//! word 5     busy           non-zero while a C call uses the handle (re-entrance guard)
//! word 6     poisoned       non-zero after an internal error: every later call fails
//! word 7     checksum       a solver image's checksum, written by `dlx_image` and
//!                           checked by `dlx_attach` (`core::image_checksum`); other
//!                           kinds keep it zero
//! ```
//!
//! The kind's own header fields follow from word [`PREFIX_WORDS`](crate::block::PREFIX_WORDS) on. Multi-word
//! values are stored low word first ([`get64`](crate::block::get64), [`put64`](crate::block::put64)), so a block is a plain
//! array of words, position-independent and copyable byte for byte.
#![forbid(unsafe_code)]

/// Words in the common prefix.
pub const PREFIX_WORDS: usize = 8;

/// Which kind of block this is.
pub const W_MAGIC: usize = 0;
/// The layout version of the kind.
pub const W_VERSION: usize = 1;
/// The block's length in words (u64).
pub const W_WORDS: usize = 2;
/// Flag bits: [`FLAG_HEAP`] and the kind's own.
pub const W_FLAGS: usize = 4;
/// Non-zero while a C call is using the handle.
pub const W_BUSY: usize = 5;
/// Non-zero after an internal error.
pub const W_POISONED: usize = 6;
/// A solver image's checksum (see `core::image_checksum`); zero in other kinds.
pub const W_CHECKSUM: usize = 7;

/// Flag bit shared by every kind: the library allocated the block (`*_new`), so
/// `*_free` releases it.
pub const FLAG_HEAP: u32 = 1;

/// Declares the word positions of a kind's own header fields, one after the other
/// from [`PREFIX_WORDS`] on: `NAME` takes one word, `NAME: n` takes `n` (2 for a u64
/// stored with [`put64`]). Each entry ends with a comma. A first line `@at POS;`
/// starts the fields at word `POS` instead.
macro_rules! fields {
    (@at $at:expr;) => {};
    (@at $at:expr; $(#[$m:meta])* $name:ident: $n:literal, $($rest:tt)*) => {
        $(#[$m])*
        const $name: usize = $at;
        $crate::block::fields!(@at $name + $n; $($rest)*);
    };
    (@at $at:expr; $(#[$m:meta])* $name:ident, $($rest:tt)*) => {
        $(#[$m])*
        const $name: usize = $at;
        $crate::block::fields!(@at $name + 1; $($rest)*);
    };
    ($($rest:tt)*) => {
        $crate::block::fields!(@at $crate::block::PREFIX_WORDS; $($rest)*);
    };
}
pub(crate) use fields;

/// What identifies a kind of block: the first two words and the header length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    /// Word 0 of every block of this kind.
    pub magic: u32,
    /// Word 1: bumped whenever the kind's header, regions or the meaning of a word change.
    pub version: u32,
    /// Words in the kind's whole header (the prefix included).
    pub header_words: usize,
}

/// Reads the u64 stored at words `at`, `at + 1` (low word first). Never panics: a
/// word outside `w` reads as 0 (only a damaged block gets there, and its checks fail).
#[inline(always)]
pub fn get64(w: &[u32], at: usize) -> u64 {
    let word = |i: usize| u64::from(w.get(i).copied().unwrap_or(0));
    word(at) | (word(at.wrapping_add(1)) << 32)
}

/// Stores `v` at words `at`, `at + 1` (low word first). Never panics: a word outside
/// `w` is not written.
#[inline(always)]
pub fn put64(w: &mut [u32], at: usize, v: u64) {
    if let Some(x) = w.get_mut(at) {
        *x = v as u32;
    }
    if let Some(x) = w.get_mut(at.wrapping_add(1)) {
        *x = (v >> 32) as u32;
    }
}

impl Kind {
    /// The kind with this magic word, layout version and header length in words.
    pub const fn new(magic: u32, version: u32, header_words: u64) -> Kind {
        Kind {
            magic,
            version,
            header_words: header_words as usize,
        }
    }

    /// True when `head` is long enough and starts with this kind's magic and version.
    pub fn is(&self, head: &[u32]) -> bool {
        head.len() >= self.header_words
            && head[W_MAGIC] == self.magic
            && head[W_VERSION] == self.version
    }

    /// The block length in words that a header of this kind records, if it is one.
    pub fn words_of(&self, head: &[u32]) -> Option<u64> {
        self.is(head).then(|| get64(head, W_WORDS))
    }

    /// Writes a fresh prefix for a block of `words` words: no flags, not busy, not
    /// poisoned, checksum word zero.
    pub fn start(&self, head: &mut [u32], words: u64) {
        head[W_MAGIC] = self.magic;
        head[W_VERSION] = self.version;
        put64(head, W_WORDS, words);
        head[W_FLAGS] = 0;
        head[W_BUSY] = 0;
        head[W_POISONED] = 0;
        head[W_CHECKSUM] = 0;
    }
}

/// Zeroes the first `words` words of a block, when it has that many (a constructor
/// then refuses a block that is too short or dimensions that are out of range, and
/// leaves it as it was).
pub fn zero(block: &mut [u32], words: Option<usize>) {
    if let Some(w) = words.and_then(|n| block.get_mut(..n)) {
        w.fill(0);
    }
}

/// Cuts `words` into the consecutive regions of a layout: region `i` runs from
/// `ends[i - 1]` (0 for the first) to `ends[i]`. The ends ascend and the last is at
/// most `words.len()`, as every kind's layout computes them.
#[inline(always)]
pub fn regions<const N: usize>(words: &mut [u32], ends: [usize; N]) -> [&mut [u32]; N] {
    // A plain loop over a default array (unrolled for each layout's N): the
    // `array::map` of a first version stayed a call per region, and every C call
    // opens its block once (measured: a quarter more instructions per `dlx_next`).
    let mut out: [&mut [u32]; N] = core::array::from_fn(|_| <&mut [u32]>::default());
    let mut rest = words;
    let mut at = 0;
    for (slot, end) in out.iter_mut().zip(ends) {
        let (region, tail) = core::mem::take(&mut rest).split_at_mut(end - at);
        (*slot, rest, at) = (region, tail, end);
    }
    out
}

/// Writes `parts` one after the other at the start of `out` (a block's regions into
/// a copy of it); `None` when `out` is too short.
pub fn concat(out: &mut [u32], parts: &[&[u32]]) -> Option<()> {
    let mut at = 0;
    for part in parts {
        out.get_mut(at..at + part.len())?.copy_from_slice(part);
        at += part.len();
    }
    Some(())
}

/// The flag bits of a block.
#[inline]
pub fn flags(head: &[u32]) -> u32 {
    head[W_FLAGS]
}

/// True when every bit of `flag` is set.
#[inline]
pub fn has(head: &[u32], flag: u32) -> bool {
    head[W_FLAGS] & flag == flag
}

/// Sets or clears the bits of `flag`.
#[inline]
pub fn set(head: &mut [u32], flag: u32, on: bool) {
    if on {
        head[W_FLAGS] |= flag;
    } else {
        head[W_FLAGS] &= !flag;
    }
}

/// True when the library allocated the block.
pub fn is_heap(head: &[u32]) -> bool {
    has(head, FLAG_HEAP)
}

/// True while a C call is using the handle.
pub fn is_busy(head: &[u32]) -> bool {
    head[W_BUSY] != 0
}

/// Marks the handle as in use by a call, or free again.
pub fn set_busy(head: &mut [u32], on: bool) {
    head[W_BUSY] = u32::from(on);
}

/// True after an internal error.
pub fn is_poisoned(head: &[u32]) -> bool {
    head[W_POISONED] != 0
}

/// Marks the handle as broken by an internal error, for good.
pub fn poison(head: &mut [u32]) {
    head[W_POISONED] = 1;
}

/// The words of the prefix that an image must carry as zero: busy, poisoned and the
/// reserved checksum word (the flags are the kind's to check).
pub fn guard_words_clear(head: &[u32]) -> bool {
    head[W_BUSY] == 0 && head[W_POISONED] == 0 && head[W_CHECKSUM] == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    const K: Kind = Kind {
        magic: 0x1234_5678,
        version: 3,
        header_words: 10,
    };

    #[test]
    fn u64_round_trips_low_word_first() {
        let mut w = [0u32; 4];
        put64(&mut w, 1, 0x0123_4567_89AB_CDEF);
        assert_eq!(w, [0, 0x89AB_CDEF, 0x0123_4567, 0]);
        assert_eq!(get64(&w, 1), 0x0123_4567_89AB_CDEF);
        // Outside the slice: reads 0, writes nothing, never panics.
        put64(&mut w, 3, u64::MAX);
        assert_eq!(w, [0, 0x89AB_CDEF, 0x0123_4567, 0xFFFF_FFFF]);
        assert_eq!(get64(&w, 3), 0xFFFF_FFFF);
        assert_eq!(get64(&w, usize::MAX), 0);
    }

    #[test]
    fn prefix_identifies_its_kind() {
        let mut w = [0xFFFF_FFFFu32; 10];
        K.start(&mut w, 99);
        assert!(K.is(&w));
        assert_eq!(K.words_of(&w), Some(99));
        assert!(!is_busy(&w) && !is_poisoned(&w) && !is_heap(&w) && guard_words_clear(&w));
        assert!(!K.is(&w[..9]), "shorter than the header");
        let other = Kind { version: 4, ..K };
        assert!(!other.is(&w));
        w[W_MAGIC] = K.magic.swap_bytes();
        assert_eq!(K.words_of(&w), None);
    }

    #[test]
    fn fields_follow_the_prefix_one_after_the_other() {
        fields! {
            A, B: 2, C,
            D: 4,
        }
        assert_eq!(
            [A, B, C, D],
            [
                PREFIX_WORDS,
                PREFIX_WORDS + 1,
                PREFIX_WORDS + 3,
                PREFIX_WORDS + 4
            ]
        );
    }

    #[test]
    fn flags_busy_and_poison() {
        let mut w = [0u32; PREFIX_WORDS];
        set(&mut w, FLAG_HEAP | 4, true);
        assert!(is_heap(&w) && has(&w, 4) && flags(&w) == 5);
        set(&mut w, FLAG_HEAP, false);
        assert!(!is_heap(&w) && has(&w, 4));
        set_busy(&mut w, true);
        assert!(is_busy(&w) && !guard_words_clear(&w));
        set_busy(&mut w, false);
        poison(&mut w);
        assert!(is_poisoned(&w) && !is_busy(&w));
    }
}
