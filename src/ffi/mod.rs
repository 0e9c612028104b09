//! The C API: the only module with `unsafe` and `extern "C"`.
//!
//! Every function checks its pointers and lengths, and runs safe code on its handle
//! through the one guard of `guard.rs` (NULL, alignment, kind, poisoned, busy, panic).
//! Out-parameters are written only on success. The contract is docs/API.md.
//!
//! The modules are declared in the order include/dlx.h lists their functions (cbindgen
//! keeps source order): the solver's life (create, build, search, inspect), images
//! and parallel work, the domain helpers, then status texts and versions.
#![allow(non_camel_case_types)]

#[macro_use]
mod macros;
mod guard;

mod solver;
// Colours (XCC): their own init and row calls, right after the solver's.
mod xcc;

mod image;

mod maximize;
mod sudoku;
mod tiling;

mod status;
mod version;

pub use image::*;
pub use maximize::*;
pub use solver::*;
pub use status::*;
pub use sudoku::*;
pub use tiling::*;
pub use version::*;
pub use xcc::*;
