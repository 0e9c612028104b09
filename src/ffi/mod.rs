//! The C API: the only module with `unsafe` and `extern "C"`.
//!
//! Every function checks its pointers and lengths, marks the handle busy, and runs
//! safe core code inside a panic guard. Out-parameters are written only on success.
#![allow(non_camel_case_types)]

#[macro_use]
mod macros;
mod guard;
mod image;
mod solver;
mod status;
mod sudoku;

// Optimisation and tiling (after the solver, so the header lists them after it).
mod maximize;
mod tiling;

pub use image::*;
pub use maximize::*;
pub use solver::*;
pub use status::*;
pub use sudoku::*;
pub use tiling::*;

/// The C ABI version: bumped on any incompatible change of the API or of handles.
/// A program checks `dlx_abi_version() == DLX_ABI_VERSION` at start-up.
pub const DLX_ABI_VERSION: u32 = 1;

/// Alignment in bytes that a solver's memory block needs (same as `dlx_required_align()`).
pub const DLX_ALIGN: usize = 8;

const _: () = assert!(DLX_ALIGN == crate::core::ALIGN);

/// The library's version, "MAJOR.MINOR.PATCH" (static, never NULL).
#[no_mangle]
pub extern "C" fn dlx_version() -> *const ::core::ffi::c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The C ABI version the library was built with; compare with `DLX_ABI_VERSION`.
#[no_mangle]
pub extern "C" fn dlx_abi_version() -> u32 {
    DLX_ABI_VERSION
}
const _: () = assert!(DLX_ALIGN == 8, "DLX_ALIGNED in cbindgen.toml spells out 8");
