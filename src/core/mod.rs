//! The exact-cover engine: Knuth's DLX1 over `u32` indices in one caller-owned block.
//!
//! Safe Rust only, no allocation, no recursion, no I/O. Knows nothing of C.
#![forbid(unsafe_code)]

mod header;
mod image;
mod layout;
mod maximize;
mod progress;
mod solver;
mod split;
mod xcc;

pub use header::{
    block_words, Header, Phase, FLAG_HAS_SOLUTION, FLAG_HEAP, FLAG_SHUFFLED, KIND, LAYOUT_VERSION,
    MAGIC,
};
pub use image::{image_checksum, seal_image};
pub use layout::{Dims, Layout, ALIGN, HEADER_WORDS, MAX_NODES};
pub use maximize::{
    max_required_bytes, max_required_words, MaxStats, Maximizer, MAX_HEADER_WORDS, MAX_KIND,
};
pub use solver::{solution_words, stats_of, Error, Solver, Stats, Step};
pub use split::{prefix_words, Prefix};
pub use xcc::{
    xblock_words, xstats_of, XDims, XHeader, XSolver, XStats, KIND as XKIND, MAX_COLORS, XMAGIC,
};
