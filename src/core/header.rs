//! The fixed header at the start of every solver block: the prefix every handle kind
//! shares ([`crate::block`]), then the solver's own fields. Plain words, so the block
//! stays position-independent and can be copied byte for byte.

use super::layout::{Dims, HEADER_WORDS};
use crate::block::{self, get64, put64, Kind};

/// "DLX1" read as a little-endian word; a byte-swapped image reads differently.
pub const MAGIC: u32 = 0x3158_4C44;
/// Version of the block layout; bumped whenever the header, the regions or the meaning
/// of a word change (2: covered columns carry a flag in their length word; 3: the
/// common block prefix of every handle kind, see [`crate::block`]).
pub const LAYOUT_VERSION: u32 = 3;

/// The solver's kind of block.
pub const KIND: Kind = Kind::new(MAGIC, LAYOUT_VERSION, HEADER_WORDS);

// Word positions after the common prefix (magic, version, words, flags, busy,
// poisoned, checksum: see `crate::block`).
block::fields! {
    W_PRIMARY, W_SECONDARY, W_MAX_ROWS, W_MAX_ENTRIES, // the dimensions
    W_ROWS, W_ENTRIES, W_FORCED, // the problem so far
    W_PHASE, W_LEVEL, W_MAX_DEPTH, // where the search stands
    W_SEED: 2, W_RNG: 2, // the random order
    W_NODES: 2, W_UPDATES: 2, W_SOLUTIONS: 2, // the figures
    W_SOL_LEN, // the last solution's length
}
/// Header words after the last field: reserved, zero in every block and image.
pub const RESERVED: core::ops::Range<usize> = W_SOL_LEN + 1..HEADER_WORDS as usize;

const _: () = assert!(W_SOL_LEN < HEADER_WORDS as usize);

/// Flag bits in the prefix's flags word ([`FLAG_HEAP`] is common to every kind).
pub use crate::block::FLAG_HEAP;
pub const FLAG_SHUFFLED: u32 = 2;
pub const FLAG_HAS_SOLUTION: u32 = 4;

/// Where the search stands; each value names what the structure looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Phase {
    /// No search under way: only forced rows are covered.
    Fresh = 0,
    /// The search has started but not looked at the columns yet.
    Start = 1,
    /// Levels `0..level` are fully chosen; level `level` must pick its column.
    Forward = 2,
    /// Levels `0..level` chosen; the column of `level` is covered and
    /// `stack[level]` is the next row to try (or the header when none is left).
    Advance = 3,
    /// Levels `0..=level` are fully chosen (a solution was just reported).
    Recover = 4,
    /// The search is finished; only forced rows are covered.
    Done = 5,
}

impl Phase {
    fn from_word(w: u32) -> Option<Phase> {
        Some(match w {
            0 => Phase::Fresh,
            1 => Phase::Start,
            2 => Phase::Forward,
            3 => Phase::Advance,
            4 => Phase::Recover,
            5 => Phase::Done,
            _ => return None,
        })
    }

    /// True while a search is under way (rows cannot be added).
    pub fn searching(self) -> bool {
        !matches!(self, Phase::Fresh | Phase::Done)
    }

    /// Rows chosen by a search stored in this phase at `level`.
    pub fn depth(self, level: u32) -> u32 {
        match self {
            Phase::Fresh | Phase::Done | Phase::Start => 0,
            Phase::Forward | Phase::Advance => level,
            Phase::Recover => level + 1,
        }
    }

    /// Whether a search stored in this phase can stand at `level` with `primary`
    /// primary columns (the check of every engine's images).
    pub(in crate::core) fn level_fits(self, level: u32, primary: u32) -> bool {
        match self {
            Phase::Fresh | Phase::Start | Phase::Done => level == 0,
            // The search stops in `Forward` only below a chosen row.
            Phase::Forward => (1..primary).contains(&level),
            Phase::Advance | Phase::Recover => level < primary,
        }
    }
}

/// A search engine's header fields, loaded into registers for the duration of one
/// call. Both engines share it: the plain solver's is [`Header`]; the solver with
/// colours has wider dimensions `D` and fields of its own `K` (`core::xcc`), kept
/// at word positions after the shared ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineHeader<D, K> {
    pub words: u64,
    pub dims: D,
    pub rows: u32,
    pub entries: u32,
    pub forced: u32,
    pub phase: Phase,
    pub level: u32,
    pub flags: u32,
    pub seed: u64,
    pub rng: u64,
    pub nodes: u64,
    pub updates: u64,
    pub solutions: u64,
    pub max_depth: u32,
    pub sol_len: u32,
    /// The fields only this kind of block has.
    pub own: K,
}

/// The plain solver's header.
pub type Header = EngineHeader<Dims, ()>;

/// Header words a kind reads and writes beside the shared ones (its dimensions, its
/// own fields), at fixed positions.
pub trait Words: Copy + Default {
    fn load(w: &[u32]) -> Self;
    fn store(&self, w: &mut [u32]);
    /// Zeroes the kind's own figures for a search from the start.
    fn restart(&mut self) {}
}

/// The plain solver has no fields of its own.
impl Words for () {
    fn load(_: &[u32]) -> Self {}
    fn store(&self, _: &mut [u32]) {}
}

impl Words for Dims {
    #[inline(always)]
    fn load(w: &[u32]) -> Dims {
        Dims {
            primary: w[W_PRIMARY],
            secondary: w[W_SECONDARY],
            max_rows: w[W_MAX_ROWS],
            max_entries: w[W_MAX_ENTRIES],
        }
    }

    #[inline(always)]
    fn store(&self, w: &mut [u32]) {
        w[W_PRIMARY] = self.primary;
        w[W_SECONDARY] = self.secondary;
        w[W_MAX_ROWS] = self.max_rows;
        w[W_MAX_ENTRIES] = self.max_entries;
    }
}

/// The first header word after the shared fields: a kind's own fields start here.
pub const W_OWN: usize = W_SOL_LEN + 1;

/// The block length in words a solver header records, when it agrees with the
/// dimensions it records (for the C layer, before it trusts the length).
pub fn block_words(w: &[u32]) -> Option<u64> {
    let h = Header::load(w)?;
    (h.dims.required_words()? == h.words).then_some(h.words)
}

impl Header {
    /// Reads a plain solver's header; `None` when the magic, version or phase is
    /// wrong or the block is shorter than the header.
    pub fn load(w: &[u32]) -> Option<Header> {
        Header::load_kind(w, KIND)
    }

    /// Writes every field back; the busy, poison and checksum words are left alone.
    pub fn store(&self, w: &mut [u32]) {
        self.store_kind(w, KIND);
    }
}

impl<D: Words, K: Words> EngineHeader<D, K> {
    pub fn new(dims: D, words: u64) -> Self {
        EngineHeader {
            words,
            dims,
            rows: 0,
            entries: 0,
            forced: 0,
            phase: Phase::Fresh,
            level: 0,
            flags: 0,
            seed: 0,
            rng: 0,
            nodes: 0,
            updates: 0,
            solutions: 0,
            max_depth: 0,
            sol_len: 0,
            own: K::default(),
        }
    }

    /// Reads a header of `kind`; `None` when the magic, version or phase is wrong or
    /// the block is shorter than the kind's header.
    #[inline(always)]
    pub(in crate::core) fn load_kind(w: &[u32], kind: Kind) -> Option<Self> {
        Some(EngineHeader {
            words: kind.words_of(w)?,
            dims: D::load(w),
            rows: w[W_ROWS],
            entries: w[W_ENTRIES],
            forced: w[W_FORCED],
            phase: Phase::from_word(w[W_PHASE])?,
            level: w[W_LEVEL],
            flags: block::flags(w),
            seed: get64(w, W_SEED),
            rng: get64(w, W_RNG),
            nodes: get64(w, W_NODES),
            updates: get64(w, W_UPDATES),
            solutions: get64(w, W_SOLUTIONS),
            max_depth: w[W_MAX_DEPTH],
            sol_len: w[W_SOL_LEN],
            own: K::load(w),
        })
    }

    #[inline(always)]
    pub(in crate::core) fn store_kind(&self, w: &mut [u32], kind: Kind) {
        w[block::W_MAGIC] = kind.magic;
        w[block::W_VERSION] = kind.version;
        put64(w, block::W_WORDS, self.words);
        self.dims.store(w);
        w[W_ROWS] = self.rows;
        w[W_ENTRIES] = self.entries;
        w[W_FORCED] = self.forced;
        w[W_PHASE] = self.phase as u32;
        w[W_LEVEL] = self.level;
        w[block::W_FLAGS] = self.flags;
        put64(w, W_SEED, self.seed);
        put64(w, W_RNG, self.rng);
        put64(w, W_NODES, self.nodes);
        put64(w, W_UPDATES, self.updates);
        put64(w, W_SOLUTIONS, self.solutions);
        w[W_MAX_DEPTH] = self.max_depth;
        w[W_SOL_LEN] = self.sol_len;
        self.own.store(w);
    }

    /// Zeroes the figures and the level for a search from the start.
    pub(in crate::core) fn restart(&mut self) {
        self.nodes = 0;
        self.updates = 0;
        self.solutions = 0;
        self.max_depth = 0;
        self.level = 0;
        self.own.restart();
    }

    pub fn has(&self, flag: u32) -> bool {
        self.flags & flag != 0
    }

    pub fn set(&mut self, flag: u32, on: bool) {
        if on {
            self.flags |= flag;
        } else {
            self.flags &= !flag;
        }
    }
}
