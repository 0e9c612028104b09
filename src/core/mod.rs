//! The exact-cover engine: Knuth's DLX1 over `u32` indices in one caller-owned block.
//!
//! Safe Rust only, no allocation, no recursion, no I/O. Knows nothing of C.
//!
//! # Module map
//!
//! - `layout`: where each region lives in the block ([`Dims`](crate::core::Dims), [`Layout`](crate::core::Layout)).
//! - `header`: the block's header words, loaded into a [`Header`](crate::core::Header) for one call.
//! - `links`: the node and item arrays and the dance on them (cover, uncover, the
//!   column choice). Their fields and the dance primitives are private to it:
//!   - `links::search`: **the one search loop**, iterative and resumable (phase,
//!     level and level stack in the block), generic over its hooks;
//!   - `links::checked`: the same dance with every index checked, for images.
//! - `solver`: [`Solver`](crate::core::Solver), the public face: building rows, forced rows, seeds,
//!   `next`, `count`, `reset`, figures; `solver::image` validates copied blocks
//!   ([`Solver::attach`](crate::core::Solver::attach)).
//! - `split`: [`Solver::split_next`](crate::core::Solver::split_next), the tree's nodes at a depth as row prefixes.
//! - `maximize`: [`Maximizer`](crate::core::Maximizer), branch and bound for the maximum-weight cover.
//! - `progress`: Knuth's estimate of the fraction of the tree explored.
//! - `xcc`: colours and multiplicities (Knuth's Algorithms C and M), a block kind
//!   of its own.
//!
//! # The search loop and its hooks
//!
//! `next`, `count` (and so `dlx_enumerate`), `split` and `maximize` all run the loop
//! in `links::search`, which chooses a column by the MRV rule, covers it, tries its
//! rows in turn and counts nodes and updates exactly as DLX1. What differs is a
//! `Hooks` value, a type parameter (so each use is compiled on its own, and the
//! plain path, whose hooks do nothing, is the bare loop):
//!
//! - `enter(links, level)`, before a level chooses its column: go on, prune the
//!   node (the maximiser's bound check), or stop there and report it as a leaf (the
//!   split depth);
//! - `chose(links, level, node)`, after a row was chosen (the maximiser adds the
//!   row's weight);
//! - `solution(depth)`, at a solution: stop and report it (`next`, `split`, a
//!   strictly better one for the maximiser), or go on (`count` below its limit).
//!
//! The loop stops at a reported solution or leaf, at the end of the tree, or when
//! the update budget is spent, and resumes exactly there on the next call.
// The one exception: `links::trusted`, link access on validated blocks.
#![deny(unsafe_code)]

mod header;
mod layout;
mod links;
mod maximize;
mod progress;
mod solver;
mod split;
mod xcc;

pub use header::{
    block_words, Header, Phase, FLAG_HAS_SOLUTION, FLAG_HEAP, FLAG_SHUFFLED, KIND, LAYOUT_VERSION,
    MAGIC,
};
pub use layout::{Dims, Layout, ALIGN, HEADER_WORDS, MAX_NODES};
pub use maximize::{
    max_required_bytes, max_required_words, MaxStats, Maximizer, MAX_HEADER_WORDS, MAX_KIND,
};
pub(crate) use solver::WithinCall;
pub use solver::{
    image_checksum, seal_image, solution_words, stats_of, Error, Solver, Stats, Step,
};
pub use split::{prefix_words, Prefix};
pub use xcc::{
    xblock_words, xstats_of, XDims, XHeader, XLayout, XSolver, XStats, KIND as XKIND, MAX_COLORS,
    XMAGIC, X_RESERVED,
};
