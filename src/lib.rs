//! libdlx: Dancing Links (Knuth's Algorithm X) for exact cover, with a C API.
//!
//! - [`block`]: the prefix every handle's block starts with (magic, version, length,
//!   flags, busy, poisoned), shared by all kinds.
//! - [`outcome`], [`rng`]: what every engine's calls end with, and its random numbers.
//! - [`core`]: the engine, safe Rust, `no_std`, living in one caller-owned block.
//! - [`sudoku`]: Sudoku of any box shape (and jigsaw, X) on top of the core.
//! - [`tiling`]: polyomino and polycube placement on top of the core.
//! - [`ffi`]: the C API (`include/dlx.h`), the only place with `unsafe`.
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(feature = "alloc")]
extern crate alloc;

/// cbindgen:ignore
pub mod block;
/// cbindgen:ignore
pub mod core;
pub mod ffi;
/// cbindgen:ignore
pub mod outcome;
/// cbindgen:ignore
pub mod rng;
/// cbindgen:ignore
pub mod sudoku;
/// cbindgen:ignore
pub mod tiling;

/// Without std nothing can catch a panic; the core is written not to panic, and a
/// final no_std binary must not unwind into C, so a panic stops here.
#[cfg(all(not(feature = "std"), not(test)))]
#[panic_handler]
fn panic(_: &::core::panic::PanicInfo) -> ! {
    loop {}
}
