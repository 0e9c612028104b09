//! Sudoku text and solving through the C API. The input picks a side `n` (mostly a
//! supported one, sometimes out of range), parse and format flags, a variant (none,
//! Sudoku X, jigsaw regions from raw bytes or from boxes with cells swapped) and a
//! budget; the rest is the text given to `dlx_sudoku_parse`, which is checked against
//! an independent reading of the header's grammar (result, error offset, cells).
//! A parsed grid must survive `dlx_sudoku_format` and parse back unchanged. On 4x4,
//! 6x6 and 9x9 grids it is then solved with `dlx_sudoku_next` under a bounded total
//! budget (a few thousand updates): every solution is checked by an independent
//! checker (rows, columns, regions, diagonals, givens), the first two must be
//! distinct, and when the bounded search ends, `dlx_sudoku_solve` and
//! `dlx_sudoku_count` (limit 2) must agree with it; 4x4 and 6x6 counts are also
//! checked against a plain backtracking oracle. Some inputs also generate a puzzle in
//! the variant (see `generate`).
#![no_main]

use dlx::ffi::*;
use libfuzzer_sys::fuzz_target;
mod common;

use common::Bytes;

/// The header's grammar, read independently: the value of a cell byte, `None` when
/// the byte is no cell (skipped bytes are handled by the caller).
fn cell_value(b: u8, n: u32, letters: bool) -> Option<u32> {
    let v = if b == b'.' || b == b'0' || b == b'-' || b == b'_' {
        0
    } else if letters {
        if b.is_ascii_uppercase() {
            u32::from(b - b'A') + 1
        } else if b.is_ascii_lowercase() {
            let k = u32::from(b - b'a');
            if n <= 26 {
                k + 1
            } else {
                k + 27
            }
        } else {
            return None;
        }
    } else if (b'1'..=b'9').contains(&b) {
        u32::from(b - b'0')
    } else if b.is_ascii_uppercase() {
        u32::from(b - b'A') + 10
    } else if b.is_ascii_lowercase() {
        let k = u32::from(b - b'a');
        if n <= 35 {
            k + 10
        } else {
            k + 36
        }
    } else {
        return None;
    };
    if v <= n {
        Some(v)
    } else {
        None
    }
}

/// What `dlx_sudoku_parse` must return: the cells, or the offset of the error.
fn reference_parse(text: &[u8], n: u32, letters: bool) -> Result<Vec<u8>, usize> {
    let want = (n * n) as usize;
    let mut cells = Vec::new();
    for (i, &b) in text.iter().enumerate() {
        if b" \t\r\n|+".contains(&b) {
            continue;
        }
        match cell_value(b, n, letters) {
            Some(v) if cells.len() < want => cells.push(v as u8),
            _ => return Err(i),
        }
    }
    if cells.len() == want {
        Ok(cells)
    } else {
        Err(text.len())
    }
}

/// The region of every cell: boxes of `br x bc`, or the jigsaw regions.
fn box_regions(n: usize, br: usize, bc: usize) -> Vec<u8> {
    (0..n * n)
        .map(|i| ((i / n) / br * (n / bc) + (i % n) / bc) as u8)
        .collect()
}

fn regions_valid(regions: &[u8], n: usize) -> bool {
    let mut used = vec![0usize; n];
    for &r in regions {
        match used.get_mut(usize::from(r)) {
            Some(u) => *u += 1,
            None => return false,
        }
    }
    regions.len() == n * n && used.iter().all(|&u| u == n)
}

/// Every unit (row, column, region, and the diagonals for X) as a list of cells.
fn units(n: usize, regions: &[u8], x: bool) -> Vec<Vec<usize>> {
    let mut u: Vec<Vec<usize>> = Vec::new();
    for r in 0..n {
        u.push((0..n).map(|c| r * n + c).collect());
        u.push((0..n).map(|c| c * n + r).collect());
        u.push(
            (0..n * n)
                .filter(|&i| usize::from(regions[i]) == r)
                .collect(),
        );
    }
    if x {
        u.push((0..n).map(|i| i * n + i).collect());
        u.push((0..n).map(|i| i * n + (n - 1 - i)).collect());
    }
    u
}

fn check_solution(sol: &[u8], givens: &[u8], n: usize, units: &[Vec<usize>]) {
    assert_eq!(sol.len(), n * n);
    for (i, (&s, &g)) in sol.iter().zip(givens).enumerate() {
        assert!(s >= 1 && usize::from(s) <= n, "cell {i} holds {s}");
        assert!(g == 0 || g == s, "cell {i}: given {g}, solution {s}");
    }
    for unit in units {
        let mut seen = vec![false; n + 1];
        for &i in unit {
            assert!(
                !seen[usize::from(sol[i])],
                "{} twice in unit {unit:?}",
                sol[i]
            );
            seen[usize::from(sol[i])] = true;
        }
    }
}

/// Plain backtracking: solutions up to `limit`, or `None` past `nodes` steps.
fn oracle_count(givens: &[u8], n: usize, units: &[Vec<usize>], limit: u64) -> Option<u64> {
    let mut of_cell: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (k, unit) in units.iter().enumerate() {
        for &i in unit {
            of_cell[i].push(k);
        }
    }
    let mut used = vec![vec![false; n + 1]; units.len()];
    for (i, &g) in givens.iter().enumerate() {
        if g != 0 {
            for &k in &of_cell[i] {
                if used[k][usize::from(g)] {
                    return Some(0);
                }
                used[k][usize::from(g)] = true;
            }
        }
    }
    let blanks: Vec<usize> = (0..n * n).filter(|&i| givens[i] == 0).collect();
    let mut count = 0u64;
    let mut steps = 0u64;
    let mut vals = vec![0usize; blanks.len()];
    let mut d = 0usize;
    // Iterative: vals[d] is the value tried at blanks[d] (0 = none yet).
    loop {
        if d == blanks.len() {
            count += 1;
            if count >= limit {
                return Some(count);
            }
            if d == 0 {
                return Some(count);
            }
            d -= 1;
        }
        let cell = blanks[d];
        if vals[d] != 0 {
            for &k in &of_cell[cell] {
                used[k][vals[d]] = false;
            }
        }
        let mut v = vals[d] + 1;
        while v <= n && of_cell[cell].iter().any(|&k| used[k][v]) {
            v += 1;
        }
        steps += 1;
        if steps > 2_000_000 {
            return None;
        }
        if v > n {
            vals[d] = 0;
            if d == 0 {
                return Some(count);
            }
            d -= 1;
        } else {
            vals[d] = v;
            for &k in &of_cell[cell] {
                used[k][v] = true;
            }
            d += 1;
        }
    }
}

/// Generation in the variant in force, with a seed drawn from the whole input: the
/// puzzle comes out the same under a small budget per call as without one, its
/// solution is valid, it is unique and every clue is needed (the helper's counts, and
/// the backtracking oracle's up to 6x6); a variant with no complete grid says so.
fn generate(
    s: *mut dlx_sudoku,
    data: &[u8],
    budget: u64,
    cells: &[u8],
    n: usize,
    units: &[Vec<usize>],
) {
    let seed = data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &x| {
        (h ^ u64::from(x)).wrapping_mul(0x100_0000_01b3)
    });
    let run = |budget: u64| {
        let (mut puzzle, mut solution) = (vec![0u8; cells.len()], vec![0u8; cells.len()]);
        assert_eq!(unsafe { dlx_sudoku_generate_start(s, seed, 0) }, DLX_OK);
        let mut calls = 0u64;
        loop {
            let st = unsafe {
                dlx_sudoku_generate(
                    s,
                    budget,
                    puzzle.as_mut_ptr(),
                    solution.as_mut_ptr(),
                    cells.len(),
                )
            };
            match st {
                DLX_BUDGET_SPENT => calls += 1,
                DLX_OK | DLX_EXHAUSTED => return (st, puzzle, solution),
                other => panic!("dlx_sudoku_generate returned {other}"),
            }
            assert!(calls < 10_000_000, "generation does not end");
        }
    };
    let (st, puzzle, solution) = run(0);
    assert_eq!(
        run(budget),
        (st, puzzle.clone(), solution.clone()),
        "seed {seed}"
    );
    let count = |grid: &[u8]| {
        let mut k = u64::MAX;
        let st = unsafe { dlx_sudoku_count(s, grid.as_ptr(), grid.len(), 2, &mut k) };
        assert_eq!(st, DLX_OK);
        if n <= 6 {
            if let Some(want) = oracle_count(grid, n, units, 2) {
                assert_eq!(k, want, "count against the backtracking oracle");
            }
        }
        k
    };
    if st == DLX_EXHAUSTED {
        assert_eq!(
            count(&vec![0u8; cells.len()]),
            0,
            "no grid, but an empty one solves"
        );
        return;
    }
    check_solution(&solution, &puzzle, n, units);
    assert_eq!(count(&puzzle), 1, "generated puzzle not unique");
    for k in (0..puzzle.len()).filter(|&k| puzzle[k] != 0) {
        let mut fewer = puzzle.clone();
        fewer[k] = 0;
        assert_eq!(
            count(&fewer),
            2,
            "clue {k} of the generated puzzle is not needed"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    // Side and box shape: mostly 4x4, 6x6 (both ways) and 9x9.
    let pick = b.next();
    let (n, br, bc) = match pick % 8 {
        0 | 1 => (4u32, 2u32, 2u32),
        2 => (6, 2, 3),
        3 => (6, 3, 2),
        4 | 5 => (9, 3, 3),
        _ => (u32::from(b.next()) % 70, 0, 0),
    };
    let parse_flags = match b.next() {
        f if f < 200 => u32::from(f) % 2,
        f => u32::from(f),
    };
    let format_flags = u32::from(b.next()) % 32;
    let variant = b.next();
    let budget = u64::from(b.next() % 64) * 8 + 1;
    let mut regions: Option<Vec<u8>> = None;
    let mut x = false;
    if br != 0 {
        let nn = (n * n) as usize;
        match variant % 8 {
            2 => x = true,
            3 => regions = Some(b.take(nn).to_vec()),
            4 | 5 => {
                // Boxes with cells swapped: counts stay right.
                let mut r = box_regions(n as usize, br as usize, bc as usize);
                for _ in 0..b.next() % 16 {
                    let (i, j) = (usize::from(b.next()), usize::from(b.next()));
                    r.swap(i % nn, j % nn);
                }
                x = variant & 8 != 0;
                regions = Some(r);
            }
            _ => {}
        }
    }
    let text = b.0;

    // Parsing, against the reference reading.
    let mut cells = vec![0xAAu8; (n * n) as usize];
    let mut pos = usize::MAX;
    let st = unsafe {
        dlx_sudoku_parse(
            text.as_ptr().cast(),
            text.len(),
            n,
            parse_flags,
            cells.as_mut_ptr(),
            cells.len(),
            &mut pos,
        )
    };
    let letters = parse_flags & DLX_SUDOKU_LETTERS != 0;
    let max_n = if letters { 52 } else { 61 };
    if !(4..=max_n).contains(&n) {
        assert_eq!(st, DLX_ERR_ARG, "n = {n}");
        assert!(cells.iter().all(|&c| c == 0xAA), "cells written on failure");
        return;
    }
    if st == DLX_ERR_ARG && parse_flags & !DLX_SUDOKU_LETTERS != 0 {
        // Unknown flag bits may be refused ("flags out of range") or ignored.
        assert!(cells.iter().all(|&c| c == 0xAA), "cells written on failure");
        return;
    }
    match reference_parse(text, n, letters) {
        Ok(want) => {
            assert_eq!(st, DLX_OK, "text {text:?} n {n} flags {parse_flags}");
            assert_eq!(cells, want);
        }
        Err(at) => {
            assert_eq!(st, DLX_ERR_PARSE, "text {text:?} n {n} flags {parse_flags}");
            assert_eq!(pos, at, "error offset");
            assert!(cells.iter().all(|&c| c == 0xAA), "cells written on failure");
            return;
        }
    }

    // Format and parse back.
    let size = dlx_sudoku_format_size(n, format_flags);
    let fmt_letters = format_flags & DLX_SUDOKU_LETTERS != 0;
    if n > if fmt_letters { 52 } else { 61 } {
        assert_eq!(size, 0);
    } else {
        assert!(size > 0);
        let mut buf = vec![0x55u8; size + 3];
        let mut written = usize::MAX;
        let st = unsafe {
            dlx_sudoku_format(
                cells.as_ptr(),
                cells.len(),
                n,
                format_flags,
                buf.as_mut_ptr().cast(),
                size - 1,
                &mut written,
            )
        };
        assert_eq!(st, DLX_ERR_TOO_SMALL);
        let st = unsafe {
            dlx_sudoku_format(
                cells.as_ptr(),
                cells.len(),
                n,
                format_flags,
                buf.as_mut_ptr().cast(),
                size,
                &mut written,
            )
        };
        assert_eq!(st, DLX_OK);
        assert_eq!(written, size - 1);
        assert_eq!(buf[written], 0);
        assert!(buf[..written].iter().all(|&c| c != 0));
        assert!(
            buf[size..].iter().all(|&c| c == 0x55),
            "format wrote past its size"
        );
        let mut back = vec![0u8; cells.len()];
        let st = unsafe {
            dlx_sudoku_parse(
                buf.as_ptr().cast(),
                written,
                n,
                format_flags & DLX_SUDOKU_LETTERS,
                back.as_mut_ptr(),
                back.len(),
                std::ptr::null_mut(),
            )
        };
        assert_eq!(st, DLX_OK, "{:?}", String::from_utf8_lossy(&buf[..written]));
        assert_eq!(back, cells, "round trip");
    }

    // Solving, on small grids only.
    if br == 0 {
        return;
    }
    let nu = n as usize;
    let size = dlx_sudoku_required_size(br, bc);
    assert!(size > 0);
    let mut block = vec![0u64; size.div_ceil(8)];
    let mut s = std::ptr::null_mut();
    unsafe {
        assert_eq!(
            dlx_sudoku_init_in(block.as_mut_ptr().cast(), size, br, bc, &mut s),
            DLX_OK
        );
    }
    let mut in_force = box_regions(nu, br as usize, bc as usize);
    let mut x_in_force = false;
    if regions.is_some() || x {
        let flags = if x { DLX_SUDOKU_X } else { 0 };
        let (ptr, len) = match &regions {
            Some(r) => (r.as_ptr(), r.len()),
            None => (std::ptr::null(), 0),
        };
        let st = unsafe { dlx_sudoku_set_variant(s, ptr, len, flags) };
        let valid = regions.as_ref().map_or(true, |r| regions_valid(r, nu));
        if valid {
            assert_eq!(st, DLX_OK, "regions {regions:?}");
            if let Some(r) = regions {
                in_force = r;
            }
            x_in_force = x;
        } else {
            assert_eq!(st, DLX_ERR_ARG, "regions {regions:?}");
        }
    }
    let units = units(nu, &in_force, x_in_force);
    // Generation on 9x9 boxes (with or without X), and on any variant up to 6x6: a
    // 9x9 layout of jigsaw regions with no grid at all is only known once a whole
    // search is done, which can take minutes (restarts only help the layouts that
    // have grids).
    let boxes = in_force == box_regions(nu, br as usize, bc as usize);
    if variant & 16 != 0 && (nu <= 6 || boxes) {
        generate(s, data, budget, &cells, nu, &units);
    }

    unsafe {
        assert_eq!(
            dlx_sudoku_set_givens(s, cells.as_ptr(), cells.len()),
            DLX_OK
        )
    };
    let mut found: Vec<Vec<u8>> = Vec::new();
    let mut out = vec![0u8; cells.len()];
    let mut spent = 0u64;
    let mut finished = false;
    while spent < 5000 {
        match unsafe { dlx_sudoku_next(s, budget, out.as_mut_ptr(), out.len()) } {
            DLX_SOLUTION => {
                check_solution(&out, &cells, nu, &units);
                assert!(!found.contains(&out), "a solution twice");
                found.push(out.clone());
                if found.len() == 2 {
                    finished = true;
                    break;
                }
            }
            DLX_EXHAUSTED => {
                finished = true;
                break;
            }
            DLX_BUDGET_SPENT => spent += budget,
            other => panic!("dlx_sudoku_next returned {other}"),
        }
    }
    if !finished {
        return;
    }
    // The bounded search ended: the unbounded calls do the same work at most.
    let mut count = u64::MAX;
    unsafe {
        assert_eq!(
            dlx_sudoku_count(s, cells.as_ptr(), cells.len(), 2, &mut count),
            DLX_OK
        );
    }
    assert_eq!(count, found.len() as u64);
    let mut first = vec![0u8; cells.len()];
    let st = unsafe { dlx_sudoku_solve(s, cells.as_ptr(), cells.len(), first.as_mut_ptr()) };
    if let Some(f) = found.first() {
        assert_eq!(st, DLX_SOLUTION);
        assert_eq!(&first, f, "solve differs from the budgeted search");
    } else {
        assert_eq!(st, DLX_EXHAUSTED);
    }
    if nu <= 6 {
        if let Some(want) = oracle_count(&cells, nu, &units, 2) {
            assert_eq!(count, want, "count against the backtracking oracle");
        }
    }
});
