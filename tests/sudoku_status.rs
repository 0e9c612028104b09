//! What every `dlx_sudoku_*` function returns, called through the C API under the
//! contract (live handles or NULL, good and bad arguments, every state and outcome),
//! checked against the statuses its comment in `include/dlx.h` names. `DLX_OK` is
//! always allowed; any other status must be listed for that function.

mod common;

use std::collections::BTreeSet;
use std::ptr::{null, null_mut};

use common::manifest_dir;
use common::statuses::{documented, status_names};
use dlx::ffi::*;

struct Seen(Vec<(&'static str, i32)>);

impl Seen {
    fn add(&mut self, func: &'static str, st: i32) -> i32 {
        self.0.push((func, st));
        st
    }
}

#[repr(C, align(16))]
struct Aligned([u8; 1 << 16]);

#[test]
fn every_sudoku_status_is_documented_for_its_function() {
    let header = std::fs::read_to_string(manifest_dir().join("include/dlx.h")).unwrap();
    let names = status_names(&header);
    let mut seen = Seen(Vec::new());
    let mut pool = Box::new(Aligned([0; 1 << 16]));
    let mem = pool.0.as_mut_ptr().cast::<core::ffi::c_void>();
    let size = dlx_sudoku_required_size(3, 3);
    let mut s: *mut dlx_sudoku = null_mut();
    let mut grid = [0u8; 81];
    let mut out = [0u8; 81];
    let mut count = 0u64;
    unsafe {
        // Creation.
        seen.add(
            "dlx_sudoku_init_in",
            dlx_sudoku_init_in(null_mut(), size, 3, 3, &mut s),
        );
        seen.add(
            "dlx_sudoku_init_in",
            dlx_sudoku_init_in(mem, size, 3, 3, null_mut()),
        );
        seen.add(
            "dlx_sudoku_init_in",
            dlx_sudoku_init_in(mem, size, 0, 3, &mut s),
        );
        seen.add(
            "dlx_sudoku_init_in",
            dlx_sudoku_init_in(mem, size - 1, 3, 3, &mut s),
        );
        let odd = mem.cast::<u8>().add(1).cast();
        seen.add(
            "dlx_sudoku_init_in",
            dlx_sudoku_init_in(odd, size, 3, 3, &mut s),
        );
        seen.add("dlx_sudoku_new", dlx_sudoku_new(1, 2, &mut s));
        seen.add("dlx_sudoku_new", dlx_sudoku_new(3, 3, null_mut()));
        let mut h: *mut dlx_sudoku = null_mut();
        seen.add("dlx_sudoku_new", dlx_sudoku_new(2, 2, &mut h));
        dlx_sudoku_free(h);
        assert_eq!(
            seen.add(
                "dlx_sudoku_init_in",
                dlx_sudoku_init_in(mem, size, 3, 3, &mut s)
            ),
            DLX_OK
        );
        // Shape and variant.
        let (mut br, mut bc, mut n) = (0, 0, 0);
        seen.add(
            "dlx_sudoku_shape",
            dlx_sudoku_shape(null_mut(), &mut br, &mut bc, &mut n),
        );
        seen.add(
            "dlx_sudoku_shape",
            dlx_sudoku_shape(s, &mut br, &mut bc, &mut n),
        );
        let regions: Vec<u8> = (0..81)
            .map(|c| ((c / 9 / 3) * 3 + (c % 9) / 3) as u8)
            .collect();
        seen.add(
            "dlx_sudoku_set_variant",
            dlx_sudoku_set_variant(null_mut(), null(), 0, 0),
        );
        seen.add(
            "dlx_sudoku_set_variant",
            dlx_sudoku_set_variant(s, regions.as_ptr(), 80, 0),
        );
        seen.add(
            "dlx_sudoku_set_variant",
            dlx_sudoku_set_variant(s, null(), 0, 99),
        );
        seen.add(
            "dlx_sudoku_set_variant",
            dlx_sudoku_set_variant(s, regions.as_ptr(), 81, 1),
        );
        seen.add(
            "dlx_sudoku_set_variant",
            dlx_sudoku_set_variant(s, null(), 0, 0),
        );
        // Givens, search, count, figures.
        seen.add(
            "dlx_sudoku_set_givens",
            dlx_sudoku_set_givens(null_mut(), grid.as_ptr(), 81),
        );
        seen.add(
            "dlx_sudoku_set_givens",
            dlx_sudoku_set_givens(s, null(), 81),
        );
        seen.add(
            "dlx_sudoku_set_givens",
            dlx_sudoku_set_givens(s, grid.as_ptr(), 80),
        );
        grid[0] = 10;
        seen.add(
            "dlx_sudoku_set_givens",
            dlx_sudoku_set_givens(s, grid.as_ptr(), 81),
        );
        grid[0] = 0;
        seen.add(
            "dlx_sudoku_set_givens",
            dlx_sudoku_set_givens(s, grid.as_ptr(), 81),
        );
        seen.add(
            "dlx_sudoku_next",
            dlx_sudoku_next(null_mut(), 0, out.as_mut_ptr(), 81),
        );
        seen.add("dlx_sudoku_next", dlx_sudoku_next(s, 0, null_mut(), 81));
        seen.add(
            "dlx_sudoku_next",
            dlx_sudoku_next(s, 0, out.as_mut_ptr(), 80),
        );
        seen.add(
            "dlx_sudoku_next",
            dlx_sudoku_next(s, 1, out.as_mut_ptr(), 81),
        );
        seen.add(
            "dlx_sudoku_next",
            dlx_sudoku_next(s, 0, out.as_mut_ptr(), 81),
        );
        let mut clash = [0u8; 81];
        clash[0] = 1;
        clash[1] = 1;
        seen.add(
            "dlx_sudoku_set_givens",
            dlx_sudoku_set_givens(s, clash.as_ptr(), 81),
        );
        seen.add(
            "dlx_sudoku_next",
            dlx_sudoku_next(s, 0, out.as_mut_ptr(), 81),
        );
        seen.add(
            "dlx_sudoku_next",
            dlx_sudoku_next(s, 0, out.as_mut_ptr(), 81),
        );
        for (g, o) in [(null(), out.as_mut_ptr()), (grid.as_ptr(), null_mut())] {
            seen.add("dlx_sudoku_solve", dlx_sudoku_solve(s, g, 81, o));
        }
        seen.add(
            "dlx_sudoku_solve",
            dlx_sudoku_solve(null_mut(), grid.as_ptr(), 81, out.as_mut_ptr()),
        );
        seen.add(
            "dlx_sudoku_solve",
            dlx_sudoku_solve(s, grid.as_ptr(), 80, out.as_mut_ptr()),
        );
        seen.add(
            "dlx_sudoku_solve",
            dlx_sudoku_solve(s, grid.as_ptr(), 81, out.as_mut_ptr()),
        );
        seen.add(
            "dlx_sudoku_solve",
            dlx_sudoku_solve(s, clash.as_ptr(), 81, out.as_mut_ptr()),
        );
        seen.add(
            "dlx_sudoku_count",
            dlx_sudoku_count(null_mut(), grid.as_ptr(), 81, 2, &mut count),
        );
        seen.add(
            "dlx_sudoku_count",
            dlx_sudoku_count(s, null(), 81, 2, &mut count),
        );
        seen.add(
            "dlx_sudoku_count",
            dlx_sudoku_count(s, grid.as_ptr(), 81, 2, null_mut()),
        );
        seen.add(
            "dlx_sudoku_count",
            dlx_sudoku_count(s, grid.as_ptr(), 80, 2, &mut count),
        );
        seen.add(
            "dlx_sudoku_count",
            dlx_sudoku_count(s, grid.as_ptr(), 81, 2, &mut count),
        );
        let mut st = std::mem::zeroed::<dlx_stats>();
        seen.add(
            "dlx_sudoku_get_stats",
            dlx_sudoku_get_stats(null_mut(), &mut st),
        );
        seen.add("dlx_sudoku_get_stats", dlx_sudoku_get_stats(s, null_mut()));
        seen.add("dlx_sudoku_get_stats", dlx_sudoku_get_stats(s, &mut st));
        // Generation: not started, started, budget, done, and a variant with no grid.
        let mut p = [0u8; 81];
        seen.add(
            "dlx_sudoku_generate",
            dlx_sudoku_generate(s, 0, p.as_mut_ptr(), null_mut(), 81),
        );
        seen.add(
            "dlx_sudoku_generate_start",
            dlx_sudoku_generate_start(null_mut(), 1, 0),
        );
        seen.add(
            "dlx_sudoku_generate_start",
            dlx_sudoku_generate_start(s, 1, 0),
        );
        seen.add(
            "dlx_sudoku_next",
            dlx_sudoku_next(s, 0, out.as_mut_ptr(), 81),
        );
        seen.add(
            "dlx_sudoku_generate",
            dlx_sudoku_generate(null_mut(), 0, p.as_mut_ptr(), null_mut(), 81),
        );
        seen.add(
            "dlx_sudoku_generate",
            dlx_sudoku_generate(s, 0, null_mut(), null_mut(), 81),
        );
        seen.add(
            "dlx_sudoku_generate",
            dlx_sudoku_generate(s, 0, p.as_mut_ptr(), null_mut(), 80),
        );
        seen.add(
            "dlx_sudoku_generate",
            dlx_sudoku_generate(s, 1, p.as_mut_ptr(), null_mut(), 81),
        );
        seen.add(
            "dlx_sudoku_generate",
            dlx_sudoku_generate(s, 0, p.as_mut_ptr(), out.as_mut_ptr(), 81),
        );
        seen.add(
            "dlx_sudoku_generate",
            dlx_sudoku_generate(s, 0, p.as_mut_ptr(), out.as_mut_ptr(), 81),
        );
        // A 4x4 jigsaw that no grid fills (rows 0 and 1 of columns 0-1 and 2-3 split
        // across four regions so that region 0 is cells 0, 1, 4, 8).
        let mut g4: *mut dlx_sudoku = null_mut();
        assert_eq!(
            seen.add("dlx_sudoku_new", dlx_sudoku_new(2, 2, &mut g4)),
            DLX_OK
        );
        let mut found = false;
        let mut rng = common::Rng(5);
        for _ in 0..10_000 {
            let mut reg: Vec<u8> = (0..16).map(|k| (k / 4) as u8).collect();
            for i in (1..16).rev() {
                reg.swap(i, rng.below(i as u64 + 1) as usize);
            }
            seen.add(
                "dlx_sudoku_set_variant",
                dlx_sudoku_set_variant(g4, reg.as_ptr(), 16, 0),
            );
            let mut o = [0u8; 16];
            if dlx_sudoku_solve(g4, [0u8; 16].as_ptr(), 16, o.as_mut_ptr()) == DLX_EXHAUSTED {
                found = true;
                break;
            }
        }
        assert!(found, "no jigsaw without grids met");
        let mut p4 = [0u8; 16];
        seen.add(
            "dlx_sudoku_generate_start",
            dlx_sudoku_generate_start(g4, 3, 0),
        );
        for budget in [1, 0, 0] {
            let st = dlx_sudoku_generate(g4, budget, p4.as_mut_ptr(), null_mut(), 16);
            seen.add("dlx_sudoku_generate", st);
        }
        assert_eq!(seen.0.last().unwrap().1, DLX_EXHAUSTED);
        dlx_sudoku_free(g4);
        // Text.
        let mut pos = 0usize;
        let text = b"1234";
        for (t, len, n, ncells) in [
            (text.as_ptr(), 4usize, 2u32, 4usize),
            (null(), 4, 4, 16),
            (text.as_ptr(), 4, 4, 16),
            (b"x".as_ptr(), 1, 4, 16),
            (text.as_ptr(), 4, 4, 15),
        ] {
            let st = dlx_sudoku_parse(t.cast(), len, n, 0, out.as_mut_ptr(), ncells, &mut pos);
            seen.add("dlx_sudoku_parse", st);
        }
        let good = b"1234341221434321";
        let st = dlx_sudoku_parse(
            good.as_ptr().cast(),
            16,
            4,
            0,
            out.as_mut_ptr(),
            16,
            &mut pos,
        );
        assert_eq!(seen.add("dlx_sudoku_parse", st), DLX_OK);
        let mut buf = [0 as core::ffi::c_char; 64];
        let mut written = 0usize;
        for (cells, n, flags, len) in [
            (out.as_ptr(), 4u32, 0u32, 64usize),
            (null(), 4, 0, 64),
            (out.as_ptr(), 3, 0, 64),
            (out.as_ptr(), 4, 1 << 20, 64),
            (out.as_ptr(), 4, 0, 4),
        ] {
            let st = dlx_sudoku_format(cells, 16, n, flags, buf.as_mut_ptr(), len, &mut written);
            seen.add("dlx_sudoku_format", st);
        }
    }
    // Every function with a status was called, and said only what it documents.
    let mut bad = Vec::new();
    let mut called = BTreeSet::new();
    for &(func, st) in &seen.0 {
        called.insert(func);
        let name = names
            .get(&st)
            .cloned()
            .unwrap_or_else(|| format!("unknown {st}"));
        if st != DLX_OK && !documented(&header, func).contains(&name) {
            bad.push(format!("{func} returned {name}"));
        }
    }
    bad.sort();
    bad.dedup();
    assert!(bad.is_empty(), "undocumented statuses:\n{}", bad.join("\n"));
    for line in header
        .lines()
        .filter(|l| l.starts_with("dlx_status dlx_sudoku_"))
    {
        let func = line["dlx_status ".len()..].split('(').next().unwrap();
        assert!(called.contains(func), "{func} never called");
    }
}
