//! Random problems through the C API with random budgets, resets and forced rows.
//! Every solution is checked by an independent checker; small problems' counts are
//! checked against a brute-force oracle; budgets must not change the sequence.
#![no_main]

use dlx::ffi::*;
use libfuzzer_sys::fuzz_target;
use std::ffi::c_void;
mod common;

use common::{as_sets, is_cover, Bytes};

/// Every solution of a fresh search, in steps of `budget` (0 = none); checks on the
/// way that the progress estimate starts at 0, never goes back and ends at 1.
fn all_solutions(s: *mut dlx_solver, budget: u64) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let progress = || {
        let mut f = -1.0;
        assert_eq!(unsafe { dlx_progress(s, &mut f) }, DLX_OK);
        assert!((0.0..=1.0).contains(&f), "progress {f}");
        f
    };
    unsafe {
        assert_eq!(dlx_reset(s), DLX_OK);
        let mut last = progress();
        assert_eq!(last, 0.0);
        loop {
            let step = dlx_next(s, budget);
            let f = progress();
            assert!(f >= last, "progress went back: {last} -> {f}");
            last = f;
            match step {
                DLX_SOLUTION => {
                    let mut rows = std::ptr::null();
                    let mut n = 0;
                    assert_eq!(dlx_solution(s, &mut rows, &mut n), DLX_OK);
                    out.push(std::slice::from_raw_parts(rows, n).to_vec());
                }
                DLX_EXHAUSTED => {
                    assert_eq!(f, 1.0);
                    return out;
                }
                DLX_BUDGET_SPENT => assert!(budget > 0),
                other => panic!("dlx_next returned {other}"),
            }
        }
    }
}

/// `dlx_split_paths` at `depth`: the paths of the nodes there, and the solutions
/// above it (`u64::MAX` and no path when the solver has no bounds).
fn split_paths(s: *mut dlx_solver, depth: u32) -> (Vec<Vec<u32>>, u64) {
    struct Seen {
        paths: Vec<Vec<u32>>,
        above: u64,
    }
    unsafe extern "C" fn report(user: *mut c_void, path: *const u32, n: usize, sol: i32) -> i32 {
        // SAFETY: `user` is the `Seen` below; `path` holds `n` words during the call.
        let seen = unsafe { &mut *user.cast::<Seen>() };
        if sol != 0 {
            seen.above += 1;
        } else {
            seen.paths
                .push(unsafe { std::slice::from_raw_parts(path, n) }.to_vec());
        }
        0
    }
    let mut seen = Seen {
        paths: Vec::new(),
        above: 0,
    };
    let mut reports = 0;
    let user = (&mut seen as *mut Seen).cast::<c_void>();
    match unsafe { dlx_split_paths(s, depth, Some(report), user, &mut reports) } {
        DLX_EXHAUSTED => {
            assert_eq!(reports, seen.paths.len() as u64 + seen.above);
            (seen.paths, seen.above)
        }
        st => {
            assert_eq!(st, DLX_ERR_STATE);
            (Vec::new(), u64::MAX)
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let primary = u32::from(b.next() % 7);
    let secondary = u32::from(b.next() % 4);
    let cols = primary + secondary;
    let nrows = usize::from(b.next() % 14);
    let mut rows: Vec<Vec<u32>> = Vec::new();
    for _ in 0..nrows {
        let mask = u16::from(b.next()) | (u16::from(b.next()) << 8);
        // Raw column ids may be out of range or repeated: the API must refuse those.
        let mut row: Vec<u32> = (0..cols.max(1) + 1)
            .filter(|c| mask >> c & 1 == 1)
            .collect();
        if mask & 0x8000 != 0 && !row.is_empty() {
            row.push(row[0]);
        }
        rows.push(row);
    }
    let dims = dlx_dims {
        primary,
        secondary,
        max_rows: nrows as u32,
        max_entries: rows.iter().map(|r| r.len() as u32).sum(),
    };
    let size = unsafe { dlx_required_size(&dims) };
    let mut block = vec![0u64; size.div_ceil(8)];
    let mut s = std::ptr::null_mut();
    unsafe {
        assert_eq!(
            dlx_init_in(block.as_mut_ptr().cast(), size, &dims, &mut s),
            DLX_OK
        );
    }
    let mut accepted: Vec<Vec<u32>> = Vec::new();
    for row in &rows {
        let st = unsafe { dlx_add_row(s, row.as_ptr(), row.len(), std::ptr::null_mut()) };
        let duplicate = row
            .iter()
            .enumerate()
            .any(|(i, c)| row[i + 1..].contains(c));
        let want = if row.is_empty() {
            DLX_ERR_EMPTY_ROW
        } else if row.iter().any(|&c| c >= cols) {
            DLX_ERR_COLUMN
        } else if duplicate {
            DLX_ERR_DUPLICATE
        } else {
            DLX_OK
        };
        assert_eq!(st, want, "{row:?}");
        if st == DLX_OK {
            accepted.push(row.clone());
        }
    }
    // Forced rows: accepted only when compatible with the earlier ones.
    let mut forced: Vec<u32> = Vec::new();
    for _ in 0..b.next() % 3 {
        if accepted.is_empty() {
            break;
        }
        let r = u32::from(b.next()) % accepted.len() as u32;
        let st = unsafe { dlx_select_row(s, r) };
        let clash = forced.iter().any(|&f| {
            accepted[f as usize]
                .iter()
                .any(|c| accepted[r as usize].contains(c))
        });
        let has_primary = accepted[r as usize].iter().any(|&c| c < primary);
        match st {
            DLX_OK => {
                assert!(!clash && has_primary);
                forced.push(r);
            }
            DLX_ERR_CONFLICT => assert!(clash),
            DLX_ERR_ARG => assert!(!has_primary),
            other => panic!("dlx_select_row returned {other}"),
        }
    }
    unsafe { assert_eq!(dlx_set_seed(s, u64::from(b.next() % 3)), DLX_OK) };

    let whole = all_solutions(s, 0);
    for sol in &whole {
        assert!(is_cover(primary, secondary, &accepted, sol), "{sol:?}");
        assert_eq!(&sol[..forced.len()], &forced[..]);
    }
    // Brute force over every subset of rows.
    let mut want = 0u64;
    for mask in 0u32..(1 << accepted.len()) {
        let chosen: Vec<u32> = (0..accepted.len() as u32)
            .filter(|i| mask >> i & 1 == 1)
            .collect();
        if forced.iter().all(|f| chosen.contains(f))
            && is_cover(primary, secondary, &accepted, &chosen)
        {
            want += 1;
        }
    }
    assert_eq!(whole.len() as u64, want);
    let budget = u64::from(b.next() % 9) + 1;
    assert_eq!(all_solutions(s, budget), whole);
    // Counted on threads (split into row prefixes, or search paths with bounds).
    let mut n = u64::MAX;
    unsafe { assert_eq!(dlx_count_parallel(s, 2, 0, &mut n), DLX_OK) };
    assert_eq!(n, want);
    let mut count = 0;
    let limit = u64::from(b.next() % 4);
    unsafe { assert_eq!(dlx_count(s, limit, &mut count), DLX_OK) };
    assert_eq!(count, if limit == 0 { want } else { want.min(limit) });

    colours_and_bounds(&mut b);
});

/// Is `chosen` a solution with colours and bounds: every primary column `c` covered
/// `lo[c] ..= hi[c]` times, every secondary column by rows that all give it one
/// colour (or by one row without a colour), no row without a primary column?
fn is_xcover(
    primary: u32,
    bounds: &[(u32, u32)],
    rows: &[Vec<(u32, u32)>],
    chosen: &[u32],
) -> bool {
    let mut hits = std::collections::HashMap::<u32, (u32, u32)>::new();
    for &r in chosen {
        let Some(row) = rows.get(r as usize) else {
            return false;
        };
        if !row.iter().any(|&(c, _)| c < primary) {
            return false;
        }
        for &(c, k) in row {
            let e = hits.entry(c).or_insert((0, k));
            if c >= primary && e.0 > 0 && (k == 0 || e.1 != k) {
                return false;
            }
            e.0 += 1;
        }
    }
    (0..primary).all(|c| {
        let n = hits.get(&c).map_or(0, |e| e.0);
        let (lo, hi) = bounds[c as usize];
        lo <= n && n <= hi
    })
}

/// Random problems with colours (and, on some inputs, bounds) through
/// dlx_init_in_x / dlx_add_row_colored / dlx_set_bounds: every refusal as documented,
/// every solution checked, the count against a brute-force oracle, budgets change
/// nothing, and (without bounds) split prefixes add up.
fn colours_and_bounds(b: &mut Bytes) {
    let primary = u32::from(b.next() % 5) + 1;
    let secondary = u32::from(b.next() % 4);
    let colors = u32::from(b.next() % 4);
    let bounded = if b.next() % 2 == 1 { primary } else { 0 };
    let cols = primary + secondary;
    let nrows = usize::from(b.next() % 12);
    let mut rows: Vec<Vec<(u32, u32)>> = Vec::new();
    for _ in 0..nrows {
        let mask = u16::from(b.next()) | (u16::from(b.next()) << 8);
        let row: Vec<(u32, u32)> = (0..cols + 1)
            .filter(|c| mask >> c & 1 == 1)
            .map(|c| (c, u32::from(b.next() % 4)))
            .collect();
        rows.push(row);
    }
    let dims = dlx_xdims {
        primary,
        secondary,
        max_rows: nrows as u32,
        max_entries: rows.iter().map(|r| r.len() as u32).sum(),
        colors,
        bounded,
    };
    let size = unsafe { dlx_required_size_x(&dims) };
    assert!(size > 0);
    let mut block = vec![0u64; size.div_ceil(8)];
    let mut s = std::ptr::null_mut();
    unsafe {
        assert_eq!(
            dlx_init_in_x(block.as_mut_ptr().cast(), size, &dims, &mut s),
            DLX_OK
        );
    }
    let mut accepted: Vec<Vec<(u32, u32)>> = Vec::new();
    for row in &rows {
        let c: Vec<u32> = row.iter().map(|e| e.0).collect();
        let k: Vec<u32> = row.iter().map(|e| e.1).collect();
        let st = unsafe {
            dlx_add_row_colored(s, c.as_ptr(), k.as_ptr(), c.len(), std::ptr::null_mut())
        };
        let bad_colour = row
            .iter()
            .any(|&(c, k)| k > colors || (k != 0 && c < primary));
        let want = if row.is_empty() {
            DLX_ERR_EMPTY_ROW
        } else if row.iter().any(|&(c, _)| c >= cols) {
            DLX_ERR_COLUMN
        } else if bad_colour {
            DLX_ERR_ARG
        } else {
            DLX_OK
        };
        assert_eq!(st, want, "{row:?}");
        if st == DLX_OK {
            accepted.push(row.clone());
        }
    }
    let mut bounds = vec![(1u32, 1u32); primary as usize];
    for c in 0..primary {
        let (lo, hi) = (u32::from(b.next() % 3), u32::from(b.next() % 4));
        let st = unsafe { dlx_set_bounds(s, c, lo, hi) };
        let want = if bounded == 0 || hi == 0 || lo > hi {
            DLX_ERR_ARG
        } else {
            DLX_OK
        };
        assert_eq!(st, want, "bounds [{lo}, {hi}] on {c}");
        if st == DLX_OK {
            bounds[c as usize] = (lo, hi);
        }
    }
    unsafe { assert_eq!(dlx_set_seed(s, u64::from(b.next() % 3)), DLX_OK) };
    let whole = all_solutions(s, 0);
    for sol in &whole {
        assert!(is_xcover(primary, &bounds, &accepted, sol), "{sol:?}");
    }
    let mut want = 0u64;
    for mask in 0u32..(1 << accepted.len()) {
        let chosen: Vec<u32> = (0..accepted.len() as u32)
            .filter(|i| mask >> i & 1 == 1)
            .collect();
        if is_xcover(primary, &bounds, &accepted, &chosen) {
            want += 1;
        }
    }
    assert_eq!(whole.len() as u64, want);
    let budget = u64::from(b.next() % 9) + 1;
    assert_eq!(all_solutions(s, budget), whole);
    // Counted on threads (split into row prefixes, or search paths with bounds).
    let mut n = u64::MAX;
    unsafe { assert_eq!(dlx_count_parallel(s, 2, 0, &mut n), DLX_OK) };
    assert_eq!(n, want);
    // The same paths through the C API, counted below one by one (or refused
    // without bounds, which have `dlx_split`).
    let depth = u32::from(b.next() % 5);
    let (paths, above) = split_paths(s, depth);
    if bounded == 0 {
        assert_eq!((paths.len(), above), (0, u64::MAX));
    } else {
        let mut below = 0;
        for path in &paths {
            let mut c = 0;
            let st = unsafe { dlx_count_path(s, path.as_ptr(), path.len(), 0, &mut c) };
            assert_eq!(st, DLX_OK, "{path:?}");
            below += c;
        }
        assert_eq!(below + above, want, "depth {depth}");
    }
    // A forced row (with bounds too): the solutions that hold it, it first; a row
    // without a primary column is refused.
    if !accepted.is_empty() {
        let r = u32::from(b.next()) % accepted.len() as u32;
        let st = unsafe { dlx_select_row(s, r) };
        if accepted[r as usize].iter().all(|&(c, _)| c >= primary) {
            assert_eq!(st, DLX_ERR_ARG);
        } else {
            assert_eq!(st, DLX_OK);
            let forced = all_solutions(s, budget);
            assert!(forced.iter().all(|sol| sol.first() == Some(&r)));
            let holding: Vec<Vec<u32>> = whole
                .iter()
                .filter(|sol| sol.contains(&r))
                .cloned()
                .collect();
            assert_eq!(as_sets(&forced), as_sets(&holding), "forced row {r}");
            unsafe { assert_eq!(dlx_unselect_all(s), DLX_OK) };
        }
    }
    if bounded == 0 {
        let mut reports = 0;
        let st = unsafe { dlx_split(s, 1, Some(no_op), std::ptr::null_mut(), &mut reports) };
        assert_eq!(st, DLX_EXHAUSTED);
    }
}

unsafe extern "C" fn no_op(_: *mut std::ffi::c_void, _: *const u32, _: usize, _: i32) -> i32 {
    0
}
