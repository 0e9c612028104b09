//! A block's size fields. A handle is only a pointer, so every call takes the
//! block's length from its header (words 2-3) and accepts it only when it equals the
//! length that the dimensions recorded in the same header require. So no single
//! damaged header word, whatever it holds, makes the C layer take a longer block
//! than the one it made: the length it derives is the true one or none (the call
//! then returns `DLX_ERR_CORRUPT`). Only damage that rewrites the length and the
//! dimensions to agree with each other gets past this (docs/PROMISES.md).

mod common;

use common::Rng;
use dlx::block::Kind;
use dlx::ffi::*;
use std::ptr::null_mut;

/// Values a damaged word may hold, around `old` and at the extremes.
fn values(old: u32) -> Vec<u32> {
    let mut v = vec![
        0,
        1,
        2,
        3,
        255,
        4096,
        0xFFFF,
        0x1_0000,
        0x7FFF_FFFF,
        0x8000_0000,
        u32::MAX,
        old.wrapping_add(1),
        old.wrapping_sub(1),
        old.wrapping_add(2),
        old.wrapping_mul(2),
        old / 2,
        old ^ 0x100,
        !old,
    ];
    // A fixed random stream for the rest.
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ u64::from(old));
    for _ in 0..48 {
        let x = rng.next() as u32;
        v.push(x);
        v.push(x % 64);
    }
    v
}

/// Damages each header word of the block at `h` in turn with every value of
/// [`values`], and checks that `words_of` gives the true length or none.
fn every_header_word(name: &str, h: *mut u32, kind: Kind, words_of: fn(&[u32]) -> Option<u64>) {
    // SAFETY: `h` is a live block of this kind, which holds at least its header;
    // nothing else uses it during the test.
    let head = unsafe { std::slice::from_raw_parts_mut(h, kind.header_words) };
    let len = words_of(head).unwrap_or_else(|| panic!("{name}: a fresh block has a length"));
    let mut tried = 0;
    for i in 0..head.len() {
        let old = head[i];
        for v in values(old) {
            head[i] = v;
            let got = words_of(head);
            assert!(
                got.is_none() || got == Some(len),
                "{name}: word {i} = {v:#x} (was {old:#x}) gives length {got:?}, the block has {len}"
            );
            tried += 1;
        }
        head[i] = old;
    }
    assert_eq!(words_of(head), Some(len), "{name}: put back");
    assert!(tried > 1000, "{name}: {tried} cases");
}

fn solver_dims() -> dlx_dims {
    dlx_dims {
        primary: 12,
        secondary: 30,
        max_rows: 36,
        max_entries: 144,
    }
}

#[test]
fn no_single_damaged_header_word_lengthens_a_solver() {
    let mut s = null_mut();
    // SAFETY: valid pointers; the handle is freed at the end.
    unsafe {
        assert_eq!(dlx_new(&solver_dims(), &mut s), DLX_OK);
        let row = [0u32, 6, 12];
        assert_eq!(dlx_add_row(s, row.as_ptr(), 3, null_mut()), DLX_OK);
        every_header_word("solver", s.cast(), dlx::core::KIND, dlx::core::block_words);
        dlx_free(s);
    }
}

#[test]
fn no_single_damaged_header_word_lengthens_a_solver_with_colours_or_bounds() {
    for (colors, bounded) in [(4, 0), (4, 3)] {
        let d = dlx_xdims {
            primary: 6,
            secondary: 5,
            max_rows: 20,
            max_entries: 60,
            colors,
            bounded,
        };
        let mut s = null_mut();
        // SAFETY: valid pointers; the handle is freed at the end.
        unsafe {
            assert_eq!(dlx_new_x(&d, &mut s), DLX_OK);
            every_header_word(
                "solver with colours",
                s.cast(),
                dlx::core::XKIND,
                dlx::core::xblock_words,
            );
            dlx_free(s);
        }
    }
}

#[test]
fn no_single_damaged_header_word_lengthens_a_maximiser() {
    let mut m = null_mut();
    // SAFETY: valid pointers; the handle is freed at the end.
    unsafe {
        assert_eq!(dlx_maximizer_new(&solver_dims(), &mut m), DLX_OK);
        every_header_word(
            "maximiser",
            m.cast(),
            dlx::core::MAX_KIND,
            dlx::core::Maximizer::words_of,
        );
        dlx_maximizer_free(m);
    }
}

#[test]
fn no_single_damaged_header_word_lengthens_a_sudoku_helper() {
    for (r, c) in [(2, 2), (3, 3), (2, 3), (4, 4)] {
        let mut k = null_mut();
        // SAFETY: valid pointers; the handle is freed at the end.
        unsafe {
            assert_eq!(dlx_sudoku_new(r, c, &mut k), DLX_OK);
            every_header_word(
                "sudoku",
                k.cast(),
                dlx::sudoku::KIND,
                dlx::sudoku::Sudoku::words_of,
            );
            dlx_sudoku_free(k);
        }
    }
}

#[test]
fn no_single_damaged_header_word_lengthens_a_tiling() {
    let d = dlx_tiling_dims {
        width: 4,
        height: 3,
        depth: 1,
        max_pieces: 3,
        max_piece_cells: 4,
        max_placements: 0,
    };
    let mut t = null_mut();
    // SAFETY: valid pointers; the handle is freed at the end.
    unsafe {
        assert_eq!(dlx_tiling_new(&d, &mut t), DLX_OK);
        every_header_word(
            "tiling",
            t.cast(),
            dlx::tiling::KIND,
            dlx::tiling::Tiling::words_of,
        );
        dlx_tiling_free(t);
    }
}
