//! libdlx: Dancing Links (Knuth's Algorithm X) for exact cover, with a C API.
//!
//! - [`block`]: the prefix every handle's block starts with (magic, version, length,
//!   flags, busy, poisoned), shared by all kinds.
//! - [`outcome`], [`rng`]: what every engine's calls end with, and its random numbers.
//! - [`core`]: the engine, safe Rust, `no_std`, living in one caller-owned block.
//! - [`sudoku`]: Sudoku of any box shape (and jigsaw, X) on top of the core.
//! - [`parallel`]: counting on several threads by splitting the search (rayon).
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
pub mod parallel;
/// cbindgen:ignore
pub mod rng;
/// cbindgen:ignore
pub mod sudoku;
/// cbindgen:ignore
pub mod tiling;

/// Without std nothing can catch a panic; the core is written not to panic, and a
/// final no_std binary must not unwind into C, so a panic stops the program here
/// with the processor's trap instruction (an illegal-instruction fault, as
/// `abort` ends a C program without a handler), where one is known; elsewhere the
/// thread halts in a loop. A Rust no_std program that links this crate and has a
/// panic handler of its own turns this one off with the `no-panic-handler` feature
/// (a program has exactly one).
#[cfg(all(not(feature = "std"), not(feature = "no-panic-handler"), not(test)))]
#[panic_handler]
fn panic(_: &::core::panic::PanicInfo) -> ! {
    // SAFETY: each instruction raises the processor's undefined-instruction trap
    // and touches no memory.
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    unsafe {
        ::core::arch::asm!("ud2", options(noreturn, nomem, nostack))
    }
    #[cfg(any(target_arch = "aarch64", target_arch = "arm"))]
    unsafe {
        ::core::arch::asm!("udf #0", options(noreturn, nomem, nostack))
    }
    #[cfg(any(target_arch = "riscv32", target_arch = "riscv64"))]
    unsafe {
        ::core::arch::asm!("unimp", options(noreturn, nomem, nostack))
    }
    #[allow(unreachable_code)]
    loop {}
}

/// cbindgen:ignore
#[cfg(all(not(feature = "std"), not(feature = "no-panic-handler"), not(test)))]
mod no_std_runtime {
    /// The precompiled `core` and `compiler_builtins` that a no_std build links carry
    /// unwind tables naming this personality routine; with `panic = "abort"` nothing
    /// ever unwinds, so it is never called. Defining it keeps the no_std static
    /// library free of undefined symbols but `mem*` (checked in CI). The one
    /// exported symbol without the `dlx_` prefix, only in the no_std build, and not
    /// in the header.
    #[no_mangle]
    extern "C" fn rust_eh_personality() {}
}
