//! The fixed header at the start of every block: plain words, so the block stays
//! position-independent and can be copied byte for byte.

use super::layout::{Dims, HEADER_WORDS};

/// "DLX1" read as a little-endian word; a byte-swapped image reads differently.
pub const MAGIC: u32 = 0x3158_4C44;
/// Version of the block layout; bumped whenever the header, the regions or the meaning
/// of a word change (2: covered columns carry a flag in their length word).
pub const LAYOUT_VERSION: u32 = 2;

// Word positions. `BUSY` and `POISONED` are read and written by the FFI layer
// directly, so they are public and never move.
const W_MAGIC: usize = 0;
const W_ABI: usize = 1;
const W_WORDS: usize = 2; // u64
const W_PRIMARY: usize = 4;
const W_SECONDARY: usize = 5;
const W_MAX_ROWS: usize = 6;
const W_MAX_ENTRIES: usize = 7;
const W_ROWS: usize = 8;
const W_ENTRIES: usize = 9;
const W_FORCED: usize = 10;
const W_PHASE: usize = 11;
const W_LEVEL: usize = 12;
const W_FLAGS: usize = 13;
const W_SEED: usize = 14; // u64
const W_RNG: usize = 16; // u64
const W_NODES: usize = 18; // u64
const W_UPDATES: usize = 20; // u64
const W_SOLUTIONS: usize = 22; // u64
const W_MAX_DEPTH: usize = 24;
const W_SOL_LEN: usize = 25;
/// Non-zero while a C call is using the handle (re-entrance guard).
pub const W_BUSY: usize = 26;
/// Non-zero after an internal error; the handle refuses every later call.
pub const W_POISONED: usize = 27;
// Words 28..32 are reserved and zero.

/// Flag bits in `W_FLAGS`.
pub const FLAG_HEAP: u32 = 1;
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
}

/// The header's fields, loaded into registers for the duration of one call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub words: u64,
    pub dims: Dims,
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
}

fn get64(w: &[u32], at: usize) -> u64 {
    u64::from(w[at]) | (u64::from(w[at + 1]) << 32)
}

fn put64(w: &mut [u32], at: usize, v: u64) {
    w[at] = v as u32;
    w[at + 1] = (v >> 32) as u32;
}

impl Header {
    pub fn new(dims: Dims, words: u64) -> Header {
        Header {
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
        }
    }

    /// Reads the header; `None` when the magic, version or phase is wrong or the
    /// block is shorter than the header.
    pub fn load(w: &[u32]) -> Option<Header> {
        if (w.len() as u64) < HEADER_WORDS || w[W_MAGIC] != MAGIC || w[W_ABI] != LAYOUT_VERSION {
            return None;
        }
        Some(Header {
            words: get64(w, W_WORDS),
            dims: Dims {
                primary: w[W_PRIMARY],
                secondary: w[W_SECONDARY],
                max_rows: w[W_MAX_ROWS],
                max_entries: w[W_MAX_ENTRIES],
            },
            rows: w[W_ROWS],
            entries: w[W_ENTRIES],
            forced: w[W_FORCED],
            phase: Phase::from_word(w[W_PHASE])?,
            level: w[W_LEVEL],
            flags: w[W_FLAGS],
            seed: get64(w, W_SEED),
            rng: get64(w, W_RNG),
            nodes: get64(w, W_NODES),
            updates: get64(w, W_UPDATES),
            solutions: get64(w, W_SOLUTIONS),
            max_depth: w[W_MAX_DEPTH],
            sol_len: w[W_SOL_LEN],
        })
    }

    /// Writes every field back; the busy and poison words are left alone.
    pub fn store(&self, w: &mut [u32]) {
        w[W_MAGIC] = MAGIC;
        w[W_ABI] = LAYOUT_VERSION;
        put64(w, W_WORDS, self.words);
        w[W_PRIMARY] = self.dims.primary;
        w[W_SECONDARY] = self.dims.secondary;
        w[W_MAX_ROWS] = self.dims.max_rows;
        w[W_MAX_ENTRIES] = self.dims.max_entries;
        w[W_ROWS] = self.rows;
        w[W_ENTRIES] = self.entries;
        w[W_FORCED] = self.forced;
        w[W_PHASE] = self.phase as u32;
        w[W_LEVEL] = self.level;
        w[W_FLAGS] = self.flags;
        put64(w, W_SEED, self.seed);
        put64(w, W_RNG, self.rng);
        put64(w, W_NODES, self.nodes);
        put64(w, W_UPDATES, self.updates);
        put64(w, W_SOLUTIONS, self.solutions);
        w[W_MAX_DEPTH] = self.max_depth;
        w[W_SOL_LEN] = self.sol_len;
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
