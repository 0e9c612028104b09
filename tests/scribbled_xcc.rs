//! A block with colours (Algorithm C) or bounds (Algorithm M) that the caller
//! scribbled into between calls: every budgeted call still ends within its budget
//! plus a bounded overshoot and never panics, whatever one link, colour or list word
//! holds (as tests/scribbled_links.rs for the plain solver). Before the checked
//! dance of src/core/xcc, such a block could make `next` walk a cycle for ever or
//! index past an array.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::time::Duration;

use dlx::core::{XDims, XSolver};

/// Rows as (columns, colours).
type Rows = Vec<(Vec<u32>, Vec<u32>)>;
/// Bounds as (column, lo, hi).
type Bounds = Vec<(u32, u32, u32)>;

/// A small problem with colours: 4 primary columns, 3 secondary ones with 2 colours.
fn coloured() -> (XDims, Rows) {
    let rows: Rows = vec![
        (vec![0, 4, 5], vec![0, 1, 2]),
        (vec![0, 1, 6], vec![0, 0, 1]),
        (vec![1, 4], vec![0, 1]),
        (vec![1, 5, 6], vec![0, 2, 1]),
        (vec![2, 4, 6], vec![0, 2, 1]),
        (vec![2, 3], vec![0, 0]),
        (vec![3, 5], vec![0, 2]),
        (vec![2, 5, 6], vec![0, 2, 0]),
        (vec![3, 4, 6], vec![0, 1, 1]),
        (vec![0, 2, 5], vec![0, 0, 1]),
        (vec![1, 3, 4], vec![0, 0, 1]),
    ];
    let dims = XDims {
        primary: 4,
        secondary: 3,
        max_rows: rows.len() as u32,
        max_entries: rows.iter().map(|r| r.0.len() as u32).sum(),
        colors: 2,
        bounded: 0,
    };
    (dims, rows)
}

/// Queens on a 4x4 board with two per rank and file (bounds [1, 2] and [2, 2]),
/// the diagonals secondary with colours for the long ones.
fn bounded() -> (XDims, Rows, Bounds) {
    let n = 4;
    let mut rows = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let d = 2 * n + r + c;
            let k = u32::from(r + c == n - 1) + 1;
            rows.push((vec![r, n + c, d], vec![0, 0, k]));
        }
    }
    let bounds = vec![(0, 1, 2), (1, 2, 2), (4, 1, 2), (6, 2, 2)];
    let dims = XDims {
        primary: 2 * n,
        secondary: 2 * n - 1,
        max_rows: rows.len() as u32,
        max_entries: rows.iter().map(|r| r.0.len() as u32).sum(),
        colors: 2,
        bounded: bounds.len() as u32,
    };
    (dims, rows, bounds)
}

#[test]
fn a_scribbled_word_never_makes_a_call_with_colours_overrun_its_budget_or_panic() {
    let (dims, rows) = coloured();
    sweep_in_thread(dims, rows, Vec::new());
}

#[test]
fn a_scribbled_word_never_makes_a_call_with_bounds_overrun_its_budget_or_panic() {
    let (dims, rows, bounds) = bounded();
    sweep_in_thread(dims, rows, bounds);
}

#[test]
fn a_scribbled_word_never_holds_a_call_with_colours_without_a_budget() {
    let (dims, rows) = coloured();
    sweep_in_thread_unlimited(dims, rows, Vec::new());
}

#[test]
fn a_scribbled_word_never_holds_a_call_with_bounds_without_a_budget() {
    let (dims, rows, bounds) = bounded();
    sweep_in_thread_unlimited(dims, rows, bounds);
}

/// Runs [`sweep`] in a thread, so that a hang fails the test instead of freezing it.
fn sweep_in_thread(dims: XDims, rows: Rows, bounds: Bounds) {
    let (done, finished) = mpsc::channel();
    std::thread::spawn(move || {
        done.send(sweep(dims, &rows, &bounds, budgeted_calls))
            .unwrap()
    });
    let (overruns, panics) = finished
        .recv_timeout(Duration::from_secs(120))
        .expect("a budgeted call on a scribbled block did not return");
    assert!(overruns.is_empty(), "calls past their budget: {overruns:?}");
    assert!(
        panics.is_empty(),
        "{} panics (region, word, value), first: {:?}",
        panics.len(),
        &panics[..panics.len().min(20)]
    );
}

/// [`sweep`] with the calls that take no budget, in a thread: each must return
/// (with `Error::Corrupt` where the damage is found, or a wrong answer), none panic.
fn sweep_in_thread_unlimited(dims: XDims, rows: Rows, bounds: Bounds) {
    let (done, finished) = mpsc::channel();
    std::thread::spawn(move || {
        done.send(sweep(dims, &rows, &bounds, unlimited_calls))
            .unwrap()
    });
    let (_, panics) = finished
        .recv_timeout(Duration::from_secs(120))
        .expect("a call without a budget on a scribbled block did not return");
    assert!(
        panics.is_empty(),
        "{} panics (region, word, value), first: {:?}",
        panics.len(),
        &panics[..panics.len().min(20)]
    );
}

type Case = (&'static str, usize, u32);

/// Budgeted calls on a scribbled solver: `next` with two budgets, the figures, the
/// solution, the progress, a reset and `next` again; the calls past their budget by
/// more than `slack` go to `overruns`.
fn budgeted_calls(s: &mut XSolver<'_>, case: Case, slack: u64, overruns: &mut Vec<(Case, u64)>) {
    for budget in [50, 5000].repeat(10) {
        let before = s.stats().updates;
        // (A damaged block may end the call with Corrupt.)
        let _ = s.next(budget);
        let after = s.stats().updates;
        // (A fresh start counts from zero.)
        let spent = after.saturating_sub(before).min(after);
        if spent > budget + slack {
            overruns.push((case, spent));
        }
        let _ = s.solution();
        let _ = s.progress();
    }
    s.reset();
    let _ = s.stats();
    for budget in [50, 5000] {
        let _ = s.next(budget);
    }
}

/// The calls without a budget on a scribbled solver: `next`, `count`, a whole
/// split (prefixes, or with bounds search paths and the count below the first).
fn unlimited_calls(s: &mut XSolver<'_>, _: Case, _: u64, _: &mut Vec<(Case, u64)>) {
    let _ = s.next(0);
    let _ = s.solution();
    let _ = s.count(0);
    if s.dims().bounded == 0 {
        s.split_start();
        while let Ok(Some(_)) = s.split_next(2) {}
        s.reset();
    } else {
        let mut first = None;
        let _ = s.each_path_m(2, |path, _| {
            first.get_or_insert_with(|| path.to_vec());
        });
        if let Some(path) = first {
            let _ = s.count_below_path(&path, 0);
        }
    }
}

/// Every word of the block (header, links, colours, rows, levels, bounds), set in
/// turn to a few bad values part way into the search; then `calls` on it. Returns
/// the calls past their budget and the cases that panicked.
fn sweep(
    dims: XDims,
    rows: &[(Vec<u32>, Vec<u32>)],
    bounds: &[(u32, u32, u32)],
    calls: fn(&mut XSolver<'_>, Case, u64, &mut Vec<(Case, u64)>),
) -> (Vec<(Case, u64)>, Vec<Case>) {
    quiet_sweeps();
    let layout = dims.layout().unwrap();
    let nodes = dims.node_capacity() as u32;
    let slack = 8 * (u64::from(nodes) + 1) * (dims.columns() + 2);
    let regions = [
        ("header", 0, layout.items),
        ("items", layout.items, layout.nodes),
        ("nodes", layout.nodes, layout.colour),
        ("colour", layout.colour, layout.base),
        ("rest", layout.base, layout.total),
    ];
    let mut overruns = Vec::new();
    let mut panics = Vec::new();
    for (name, start, end) in regions {
        for w in start..end {
            let i = (w - start) as u32;
            for bad in [
                i,
                0,
                1,
                i.wrapping_add(1),
                i.wrapping_sub(1),
                nodes,
                nodes + 1,
                1 << 31,
                u32::MAX,
            ] {
                let case = (name, w - start, bad);
                let mut block = vec![0u32; layout.total];
                {
                    let mut s = XSolver::init(&mut block, dims).unwrap();
                    for (cols, colours) in rows {
                        s.add_row(cols, Some(colours)).unwrap();
                    }
                    for &(c, lo, hi) in bounds {
                        s.set_bounds(c, lo, hi).unwrap();
                    }
                    // Into the search a little, so that columns are covered.
                    for _ in 0..3 {
                        s.next(20).unwrap();
                    }
                }
                block[w] = bad;
                let run = catch_unwind(AssertUnwindSafe(|| {
                    // (A header that does not fit its block is refused.)
                    let Ok(mut s) = XSolver::open(&mut block) else {
                        return;
                    };
                    calls(&mut s, case, slack, &mut overruns);
                }));
                if run.is_err() {
                    panics.push(case);
                }
            }
        }
    }
    (overruns, panics)
}

/// Panics in the sweeps' threads (unnamed) are expected on a damaged block and
/// counted, not printed; the tests' own (named) threads report as usual.
fn quiet_sweeps() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if std::thread::current().name().is_some() {
                previous(info);
            }
        }));
    });
}
