//! A block the caller scribbled into between calls: every search call still ends
//! within its budget plus a bounded overshoot, whatever one link word holds (the
//! hot path's walks are charged to a fuel of one node count per cover). Before the
//! fuel, a column list scribbled into a cycle made `next` loop forever.
//!
//! The maximiser's branch and bound prunes subtrees without covering anything: its
//! calls are bounded too (before the search loop's idle-step guard, a scribbled
//! link could make it back up forever without spending an update).
//!
//! A call that runs long enough validates the block and goes on without bounds
//! checks only when it is sound (`Solver::search`); a scribbled block stays on the
//! checked loop, which these tests drive, until the validation finds it damaged and
//! the call returns `Error::Corrupt`. So calls without a budget end too (before the
//! validation ended them, a scribbled block could make `count` run for ever).

use std::panic::{catch_unwind, AssertUnwindSafe};

use std::sync::mpsc;
use std::time::Duration;

use dlx::core::{max_required_words, Dims, Error, Maximizer, Solver, Step};

/// 6 queens: rows and files primary, the diagonals secondary.
fn queens(n: u32) -> (Dims, Vec<Vec<u32>>) {
    let mut rows = Vec::new();
    for r in 0..n {
        for c in 0..n {
            rows.push(vec![r, n + c, 2 * n + r + c, 4 * n - 1 + (r + n - 1 - c)]);
        }
    }
    let dims = Dims {
        primary: 2 * n,
        secondary: 2 * (2 * n - 1),
        max_rows: rows.len() as u32,
        max_entries: rows.iter().map(|r| r.len() as u32).sum(),
    };
    (dims, rows)
}

#[test]
fn a_scribbled_link_never_makes_a_call_overrun_its_budget_or_panic() {
    let (dims, rows) = queens(6);
    let layout = dims.layout().unwrap();
    let nodes = dims.node_capacity();
    let slack = slack(dims);
    let mut overruns = Vec::new();
    let mut panics = Vec::new();
    // Every word of every node (up, down, and the column, length or row id), set to
    // a few bad values: itself, the ends of the array, just past it, far past it.
    for x in 0..nodes as usize {
        for field in 0..3 {
            let n = nodes as u32;
            for bad in [
                x as u32,
                0,
                1,
                (x as u32).wrapping_add(1),
                n,
                n + 1,
                1 << 31,
                u32::MAX,
            ] {
                let mut block = vec![0u32; layout.total];
                {
                    let mut s = Solver::init(&mut block, dims).unwrap();
                    for r in &rows {
                        s.add_row(r).unwrap();
                    }
                    // Into the search a little, so that columns are covered.
                    for _ in 0..3 {
                        s.next(20).unwrap();
                    }
                }
                block[layout.nodes + 3 * x + field] = bad;
                let run = catch_unwind(AssertUnwindSafe(|| {
                    let mut s = Solver::open(&mut block).unwrap();
                    // Budgets short of the stretch a call runs before it validates
                    // the block, and past it (the damaged block must stay checked).
                    for budget in [50, 5000].repeat(20) {
                        let before = s.stats().updates;
                        // (`Error::Corrupt` once the block is found damaged.)
                        let _ = s.next(budget);
                        let after = s.stats().updates;
                        let spent = after.saturating_sub(before).min(after);
                        if spent > budget + slack {
                            overruns.push((x, field, bad, spent));
                        }
                    }
                    s.reset();
                }));
                // Wrong answers are allowed; a panic, a hang or an overrun is not.
                if run.is_err() {
                    panics.push((x, field, bad));
                }
            }
        }
    }
    assert!(overruns.is_empty(), "calls past their budget: {overruns:?}");
    assert!(panics.is_empty(), "panics (node, field, value): {panics:?}");
}

#[test]
fn a_scribbled_link_never_holds_a_budgeted_maximiser_call() {
    // In a thread, so that a hang fails the test instead of freezing the run.
    let (done, finished) = mpsc::channel();
    std::thread::spawn(move || done.send(sweep_maximiser()).unwrap());
    let overruns = finished
        .recv_timeout(Duration::from_secs(60))
        .expect("a budgeted maximiser call on a scribbled block did not return");
    assert!(overruns.is_empty(), "calls past their budget: {overruns:?}");
}

/// Every link word of a problem with one-entry rows (whose choice covers nothing
/// more, so costs no update), maximised with mixed-sign weights, set to a few bad
/// values in the middle of the search; returns the calls that spent far more than
/// their budget.
fn sweep_maximiser() -> Vec<(u32, usize, u32, u64)> {
    let mut rows: Vec<Vec<u32>> = (0..6).map(|c| vec![c]).collect();
    rows.extend([
        vec![0, 1],
        vec![2, 3],
        vec![4, 5],
        vec![1, 2],
        vec![3, 4, 5],
        vec![0, 6],
    ]);
    let dims = Dims {
        primary: 6,
        secondary: 1,
        max_rows: rows.len() as u32,
        max_entries: rows.iter().map(|r| r.len() as u32).sum(),
    };
    let layout = dims.layout().unwrap();
    let nodes = dims.node_capacity();
    let slack = slack(dims);
    let mut overruns = Vec::new();
    std::panic::set_hook(Box::new(|_| {}));
    for x in 0..nodes as u32 {
        for field in 0..2 {
            for bad in [x, 0, 1, x.wrapping_add(1), u32::MAX] {
                let mut block = vec![0u32; layout.total];
                let mut mblock = vec![0u32; max_required_words(&dims).unwrap() as usize];
                {
                    let mut s = Solver::init(&mut block, dims).unwrap();
                    for r in &rows {
                        s.add_row(r).unwrap();
                    }
                    let mut m = Maximizer::init(&mut mblock, dims).unwrap();
                    for r in 0..rows.len() as u32 {
                        m.set_weight(r, i64::from(r * 7 % 11) - 3).unwrap();
                    }
                    for _ in 0..3 {
                        let _ = m.step(&mut s, 20);
                    }
                }
                block[layout.nodes + 3 * x as usize + field] = bad;
                let _ = catch_unwind(AssertUnwindSafe(|| {
                    let mut s = Solver::open(&mut block).unwrap();
                    let mut m = Maximizer::open(&mut mblock).unwrap();
                    for _ in 0..40 {
                        let before = s.stats().updates;
                        let _ = m.step(&mut s, 50);
                        let after = s.stats().updates;
                        // (A fresh start counts from zero.)
                        let spent = after.saturating_sub(before).min(after);
                        if spent > 50 + slack {
                            overruns.push((x, field, bad, spent));
                        }
                    }
                }));
            }
        }
    }
    let _ = std::panic::take_hook();
    overruns
}

#[test]
fn a_scribbled_link_never_holds_a_call_without_a_budget() {
    // In a thread, so that a hang fails the test instead of freezing the run.
    let (done, finished) = mpsc::channel();
    std::thread::spawn(move || done.send(sweep_unlimited()).unwrap());
    let (ended, corrupt) = finished
        .recv_timeout(Duration::from_secs(120))
        .expect("an unlimited call on a scribbled block did not return");
    // Debug builds validate after one update per node: most bad values are found
    // there, so the sweep sees the validation at work (release builds validate
    // only calls longer than these).
    if cfg!(debug_assertions) {
        assert!(
            corrupt * 2 > ended,
            "{corrupt} of {ended} calls found the damage"
        );
    }
}

/// Every word of every node of 6 queens, set to a few bad values in the middle of
/// the search, then `count` and `next` without a limit; returns the calls made and
/// those that said `Error::Corrupt`. Every call must return (some bad values are
/// harmless, or give wrong answers within the checked stretch).
fn sweep_unlimited() -> (u64, u64) {
    let (dims, rows) = queens(6);
    let layout = dims.layout().unwrap();
    let nodes = dims.node_capacity();
    let (mut ended, mut corrupt) = (0u64, 0u64);
    for x in 0..nodes as usize {
        for field in 0..3 {
            let n = nodes as u32;
            for bad in [x as u32, 0, (x as u32).wrapping_add(1), n, u32::MAX] {
                let mut block = vec![0u32; layout.total];
                {
                    let mut s = Solver::init(&mut block, dims).unwrap();
                    for r in &rows {
                        s.add_row(r).unwrap();
                    }
                    s.next(20).unwrap();
                }
                block[layout.nodes + 3 * x + field] = bad;
                let mut s = Solver::open(&mut block).unwrap();
                for result in [s.next(0).map(drop), s.count(0).map(drop)] {
                    ended += 1;
                    match result {
                        Ok(()) => {}
                        Err(Error::Corrupt) => corrupt += 1,
                        Err(e) => panic!("{e:?}"),
                    }
                }
            }
        }
    }
    (ended, corrupt)
}

#[test]
fn a_stream_of_false_solutions_is_found_out() {
    // One column, one row, so one solution. The row's node made its own successor in
    // the column: the search then takes that row again and again, each time a
    // "solution" that spends no update. `count` ran until its limit before.
    let dims = Dims {
        primary: 1,
        secondary: 0,
        max_rows: 1,
        max_entries: 1,
    };
    let layout = dims.layout().unwrap();
    let mut block = vec![0u32; layout.total];
    {
        let mut s = Solver::init(&mut block, dims).unwrap();
        s.add_row(&[0]).unwrap();
        assert_eq!(s.count(0), Ok(1));
    }
    // Nodes: 0 unused, 1 the column header, 2 the first spacer, 3 the row's node.
    let first = 3;
    // The node's `down` link (field 1) points at itself.
    block[layout.nodes + 3 * first + 1] = first as u32;
    let mut s = Solver::open(&mut block).unwrap();
    assert_eq!(s.count(1_000_000), Err(Error::Corrupt));
    // `next` reports at most a stretch of them, then the damage.
    let mut solutions = 0;
    let end = loop {
        match s.next(0) {
            Ok(Step::Solution) => solutions += 1,
            other => break other,
        }
    };
    assert_eq!(end, Err(Error::Corrupt), "after {solutions} solutions");
}

/// Updates a call on a damaged block may spend past its budget: a generous bound,
/// per call a few covers and uncovers, each walking at most about the node count
/// twice.
fn slack(dims: Dims) -> u64 {
    8 * (dims.node_capacity() + 1) * (dims.columns() + 2)
}

/// Every word of the column headers' left/right links set to bad values, in a block
/// with primary columns (4 queens) and in one without (only secondary columns,
/// whose level stack is empty): calls of the solver and of the maximiser (problem
/// 10 and 11 in a failure) end without a panic, with or without a budget. (A primary list scribbled non-empty in a block without primary columns
/// made the checked loop choose a column for level 0 and index the empty stack:
/// a panic, found by the scribble fuzz target.)
#[test]
fn a_scribbled_column_list_never_panics() {
    let without_primary = (
        Dims {
            primary: 0,
            secondary: 2,
            max_rows: 3,
            max_entries: 4,
        },
        vec![vec![0], vec![1], vec![0, 1]],
    );
    let mut panics = Vec::new();
    for (k, (dims, rows)) in [queens(4), without_primary].into_iter().enumerate() {
        let layout = dims.layout().unwrap();
        let n = dims.node_capacity() as u32;
        for at in layout.items..layout.nodes {
            for bad in [0, 1, 2, n - 1, n, u32::MAX] {
                for into_search in [0, 3] {
                    let mut block = vec![0u32; layout.total];
                    {
                        let mut s = Solver::init(&mut block, dims).unwrap();
                        for r in &rows {
                            s.add_row(r).unwrap();
                        }
                        for _ in 0..into_search {
                            s.next(5).unwrap();
                        }
                    }
                    block[at] = bad;
                    let copy = block.clone();
                    let run = catch_unwind(AssertUnwindSafe(|| {
                        let mut s = Solver::open(&mut block).unwrap();
                        let _ = s.next(50);
                        let _ = s.next(0);
                        let _ = s.count(0);
                        let _ = s.count(10);
                    }));
                    if run.is_err() {
                        panics.push((k, at, bad, into_search));
                    }
                    // The maximiser's search on the scribbled block too.
                    let mut block = copy;
                    let mut mblock = vec![0u32; max_required_words(&dims).unwrap() as usize];
                    let run = catch_unwind(AssertUnwindSafe(|| {
                        let mut s = Solver::open(&mut block).unwrap();
                        s.reset();
                        let mut m = Maximizer::init(&mut mblock, dims).unwrap();
                        for r in 0..rows.len() as u32 {
                            m.set_weight(r, i64::from(r % 3) - 1).unwrap();
                        }
                        for _ in 0..20 {
                            let _ = m.step(&mut s, 50);
                        }
                        let _ = m.step(&mut s, 0);
                    }));
                    if run.is_err() {
                        panics.push((k + 10, at, bad, into_search));
                    }
                }
            }
        }
    }
    assert!(
        panics.is_empty(),
        "panics (problem, word, value, calls before): {panics:?}"
    );
}
