//! The exact-cover engine: Knuth's DLX1 over `u32` indices in one caller-owned block.
//!
//! Safe Rust only, no allocation, no recursion, no I/O. Knows nothing of C.
#![forbid(unsafe_code)]

mod header;
mod layout;
mod rng;
mod solver;

pub use header::{Header, Phase, FLAG_HEAP, LAYOUT_VERSION, MAGIC, W_BUSY, W_POISONED};
pub use layout::{Dims, Layout, ALIGN, HEADER_WORDS, MAX_NODES};
pub use solver::{solution_words, stats_of, Error, Solver, Stats, Step};
