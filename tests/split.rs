//! Splitting into sub-problems (their counts add up to the full count) and the
//! progress estimate (monotone, 1.0 at the end).

mod common;

use common::{queens, Problem, Rng};
use dlx::core::{Phase, Solver, Step};

/// Counts by splitting at `depth`: each prefix's rows selected in a copy of the
/// unsearched block, plus the shallow solutions.
fn split_count(block: &[u32], depth: u32) -> (u64, u64) {
    let mut work = block.to_vec();
    let mut s = Solver::open(&mut work).unwrap();
    let mut prefixes: Vec<Vec<u32>> = Vec::new();
    let mut shallow = 0u64;
    let (reports, stopped) = s
        .split(depth, |rows, is_solution| {
            assert!(rows.len() as u32 <= depth);
            if is_solution {
                shallow += 1;
            } else {
                assert_eq!(rows.len() as u32, depth);
                prefixes.push(rows.to_vec());
            }
            false
        })
        .unwrap();
    assert!(!stopped);
    assert_eq!(reports, shallow + prefixes.len() as u64);
    assert_eq!(s.phase(), Phase::Fresh, "split leaves the solver reset");
    drop(s);
    let mut total = shallow;
    for prefix in &prefixes {
        let mut sub = block.to_vec();
        let mut s = Solver::open(&mut sub).unwrap();
        for &r in prefix {
            s.select_row(r).unwrap();
        }
        total += s.count(0).unwrap();
    }
    (total, prefixes.len() as u64)
}

#[test]
fn split_counts_add_up_on_random_problems() {
    let mut rng = Rng(0x5eed_5b17);
    for case in 0..300 {
        let p = Problem::random(&mut rng, 12);
        let mut block = p.block();
        let mut s = p.load(&mut block);
        if case % 3 == 0 {
            s.set_seed(rng.next() | 1).unwrap();
        }
        if !p.rows.is_empty() && case % 4 == 0 {
            let _ = s.select_row(rng.below(p.rows.len() as u64) as u32);
        }
        let full = s.count(0).unwrap();
        drop(s);
        for depth in 0..5 {
            let (total, _) = split_count(&block, depth);
            assert_eq!(total, full, "case {case} depth {depth}: {p:?}");
        }
    }
}

#[test]
fn split_counts_add_up_on_queens() {
    let p = queens(8);
    let mut block = p.block();
    drop(p.load(&mut block));
    for depth in 0..=8 {
        assert_eq!(split_count(&block, depth).0, 92, "depth {depth}");
    }
}

#[test]
fn split_counts_add_up_on_queens_10() {
    let p = queens(10);
    let mut block = p.block();
    drop(p.load(&mut block));
    for depth in [1, 2, 3, 5] {
        let (total, prefixes) = split_count(&block, depth);
        assert_eq!(total, 724, "depth {depth}");
        assert!(prefixes > 1);
    }
}

#[test]
fn split_stops_when_asked_and_leaves_the_solver_reset() {
    let p = queens(6);
    let mut block = p.block();
    let mut s = p.load(&mut block);
    assert_eq!(s.next(0).unwrap(), Step::Solution);
    let mut seen = 0;
    let (reports, stopped) = s
        .split(2, |_, _| {
            seen += 1;
            seen == 3
        })
        .unwrap();
    assert_eq!((reports, stopped), (3, true));
    // Reset: a fresh search finds all 4 solutions.
    assert_eq!(s.count(0).unwrap(), 4);
}

/// Progress read after every step of a search with a small budget.
fn progress_trace(block: &mut [u32], budget: u64) -> Vec<f64> {
    let mut s = Solver::open(block).unwrap();
    let mut trace = vec![s.progress()];
    loop {
        let step = s.next(budget).unwrap();
        trace.push(s.progress());
        if step == Step::Exhausted {
            return trace;
        }
    }
}

#[test]
fn progress_is_monotone_and_ends_at_one() {
    let mut rng = Rng(0x9e55_0123);
    for case in 0..200 {
        let p = if case % 10 == 0 {
            queens(6)
        } else {
            Problem::random(&mut rng, 12)
        };
        let mut block = p.block();
        let mut s = p.load(&mut block);
        if case % 3 == 0 {
            s.set_seed(rng.next() | 1).unwrap();
        }
        drop(s);
        let trace = progress_trace(&mut block, 1 + rng.below(4));
        assert_eq!(trace[0], 0.0);
        assert_eq!(*trace.last().unwrap(), 1.0);
        for w in trace.windows(2) {
            assert!(
                w[0] <= w[1],
                "case {case}: progress went back {} -> {}",
                w[0],
                w[1]
            );
            assert!((0.0..=1.0).contains(&w[1]));
        }
    }
}

#[test]
fn progress_of_queens_grows_steadily() {
    let p = queens(8);
    let mut block = p.block();
    drop(p.load(&mut block));
    let trace = progress_trace(&mut block, 100);
    // 21,375 updates in steps of 100: the estimate moves in many small steps.
    let distinct = trace.windows(2).filter(|w| w[1] > w[0]).count();
    assert!(distinct > 50, "{distinct} increases");
    let half = trace[trace.len() / 2];
    assert!(
        half > 0.2 && half < 0.8,
        "halfway through, the estimate is {half}"
    );
}

/// `dlx_count_parallel` of the solver `s` (test case `case`) on 0 (all cores) to 3
/// threads and five limits: the counts of `dlx_count`. Returns how many of the
/// counts without a limit on 2 or 3 threads were split (their figures, the splitting
/// search's, show fewer nodes than the whole search's).
fn parallel_counts_agree(s: *mut dlx::ffi::dlx_solver, case: u32) -> u32 {
    use dlx::ffi::*;
    let nodes = || {
        let mut st = dlx_stats::default();
        // SAFETY: a live handle and a valid out pointer.
        assert_eq!(unsafe { dlx_get_stats(s, &mut st) }, DLX_OK);
        st.nodes
    };
    let mut serial = 0;
    // SAFETY: a live handle and valid out pointers throughout.
    assert_eq!(unsafe { dlx_count(s, 0, &mut serial) }, DLX_OK);
    let serial_nodes = nodes();
    let mut split = 0;
    for threads in [0, 1, 2, 3] {
        for limit in [0, 1, 2, serial.max(1), serial / 2 + 1] {
            let mut par = u64::MAX;
            let st = unsafe { dlx_count_parallel(s, threads, limit, &mut par) };
            assert_eq!(st, DLX_OK);
            let want = if limit == 0 {
                serial
            } else {
                serial.min(limit)
            };
            assert_eq!(par, want, "case {case} threads {threads} limit {limit}");
            if threads >= 2 && limit == 0 && nodes() < serial_nodes {
                split += 1;
            }
        }
    }
    split
}

/// `dlx_count_parallel` through the C API: the same counts as `dlx_count`, limits
/// included, on 1, 2, 3 threads and "all cores". (Without the `parallel` feature it
/// counts serially, which this checks too.)
#[test]
fn parallel_counts_equal_serial_counts() {
    use dlx::ffi::*;
    let mut rng = Rng(0x9a7a_11e1);
    let mut problems: Vec<Problem> = (0..40).map(|_| Problem::random(&mut rng, 12)).collect();
    problems.push(queens(8));
    problems.push(queens(9));
    for (case, p) in problems.iter().enumerate() {
        let d = dlx_dims {
            primary: p.primary,
            secondary: p.secondary,
            max_rows: p.rows.len() as u32,
            max_entries: p.rows.iter().map(|r| r.len() as u32).sum(),
        };
        let mut s = std::ptr::null_mut();
        // SAFETY: valid pointers; the handle is freed at the end.
        unsafe {
            assert_eq!(dlx_new(&d, &mut s), DLX_OK);
            for r in &p.rows {
                assert_eq!(
                    dlx_add_row(s, r.as_ptr(), r.len(), std::ptr::null_mut()),
                    DLX_OK
                );
            }
            if case % 3 == 0 {
                assert_eq!(dlx_set_seed(s, 7 + case as u64), DLX_OK);
            }
            if case % 4 == 1 && !p.rows.is_empty() {
                // A forced row (refused when it has no primary column: fine).
                let _ = dlx_select_row(s, (case as u32 * 7) % p.rows.len() as u32);
            }
            parallel_counts_agree(s, case as u32);
            dlx_free(s);
        }
    }
}

/// `dlx_count_parallel` on solvers with colours, and with bounds (Algorithm M, which
/// splits into search paths): the same counts as `dlx_count`, limits included, on 1,
/// 2, 3 threads and "all cores".
#[test]
fn parallel_counts_with_colours_equal_serial_counts() {
    use dlx::ffi::*;
    let below = |rng: &mut Rng, n: u32| rng.below(u64::from(n)) as u32;
    let mut rng = Rng(0x5eed_c010);
    // Counts split across threads: their figures are the splitting search's alone.
    let (mut split_counts, mut split_with_bounds) = (0, 0);
    for case in 0..40u32 {
        let primary = 8 + below(&mut rng, 6);
        let secondary = 1 + below(&mut rng, 4);
        let colors = 1 + below(&mut rng, 3);
        let nrows = 40 + below(&mut rng, 40);
        let mut rows = Vec::new();
        for _ in 0..nrows {
            let mut cols: Vec<u32> = (0..primary + secondary)
                .filter(|_| below(&mut rng, 5) == 0)
                .collect();
            if cols.is_empty() {
                cols.push(below(&mut rng, primary));
            }
            let colours: Vec<u32> = cols
                .iter()
                .map(|&c| {
                    if c >= primary {
                        below(&mut rng, colors + 1)
                    } else {
                        0
                    }
                })
                .collect();
            rows.push((cols, colours));
        }
        let bounded = 2 * u32::from(case % 2 == 1);
        let d = dlx_xdims {
            primary,
            secondary,
            max_rows: nrows,
            max_entries: rows.iter().map(|r| r.0.len() as u32).sum(),
            colors,
            bounded,
        };
        let mut s = std::ptr::null_mut();
        // SAFETY: valid pointers; the handle is freed at the end.
        unsafe {
            assert_eq!(dlx_new_x(&d, &mut s), DLX_OK);
            for (cols, colours) in &rows {
                let st = dlx_add_row_colored(
                    s,
                    cols.as_ptr(),
                    colours.as_ptr(),
                    cols.len(),
                    std::ptr::null_mut(),
                );
                assert_eq!(st, DLX_OK);
            }
            if bounded != 0 {
                assert_eq!(dlx_set_bounds(s, 0, 0, 2), DLX_OK);
                if case % 4 == 3 {
                    assert_eq!(dlx_set_bounds(s, 1, 1, 3), DLX_OK);
                }
            }
            if case % 3 == 0 {
                assert_eq!(dlx_set_seed(s, 11 + u64::from(case)), DLX_OK);
            }
            if case % 3 == 1 {
                // A forced row (refused when it has no primary column: fine).
                let _ = dlx_select_row(s, (case * 7) % nrows);
            }
            let split = parallel_counts_agree(s, case);
            split_counts += split;
            if bounded != 0 {
                split_with_bounds += split;
            }
            dlx_free(s);
        }
    }
    if cfg!(feature = "parallel") {
        assert!(split_counts > 20, "{split_counts} counts were split");
        assert!(split_with_bounds > 10, "{split_with_bounds} with bounds");
    }
}
