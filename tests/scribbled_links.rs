//! A block the caller scribbled into between calls: every search call still ends
//! within its budget plus a bounded overshoot, whatever one link word holds (the
//! hot path's walks are charged to a fuel of one node count per cover). Before the
//! fuel, a column list scribbled into a cycle made `next` loop forever.
//!
//! Not with the `unchecked` feature, whose contract is that nothing but the library
//! writes the block.
#![cfg(not(feature = "unchecked"))]

use std::panic::{catch_unwind, AssertUnwindSafe};

use dlx::core::{Dims, Solver};

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
fn a_scribbled_link_never_makes_a_call_overrun_its_budget() {
    let (dims, rows) = queens(6);
    let layout = dims.layout().unwrap();
    let nodes = dims.node_capacity();
    // A generous bound for a damaged block: per call a few covers and uncovers, each
    // walking at most about the node count twice.
    let slack = 8 * (nodes + 1) * (dims.columns() + 2);
    let mut quiet = 0;
    let mut overruns = Vec::new();
    // Panics from indices out of the block are expected here: keep them quiet.
    std::panic::set_hook(Box::new(|_| {}));
    // Every link word of every node (up and down), set to a few bad values.
    for x in 0..nodes as usize {
        for field in 0..2 {
            for bad in [x as u32, 0, 1, (x as u32).wrapping_add(1), u32::MAX] {
                let mut block = vec![0u32; layout.total];
                {
                    let mut s = Solver::init(&mut block, dims).unwrap();
                    for r in &rows {
                        s.add_row(r).unwrap();
                    }
                    // Into the search a little, so that columns are covered.
                    for _ in 0..3 {
                        s.next(20);
                    }
                }
                block[layout.nodes + 3 * x + field] = bad;
                let run = catch_unwind(AssertUnwindSafe(|| {
                    let mut s = Solver::open(&mut block).unwrap();
                    for _ in 0..40 {
                        let before = s.stats().updates;
                        s.next(50);
                        let after = s.stats().updates;
                        let spent = after.saturating_sub(before).min(after);
                        if spent > 50 + slack {
                            overruns.push((x, field, bad, spent));
                        }
                    }
                    s.reset();
                }));
                // A caught panic (an index out of the block) is allowed; a hang or an
                // overrun is not.
                if run.is_ok() {
                    quiet += 1;
                }
            }
        }
    }
    let _ = std::panic::take_hook();
    assert!(overruns.is_empty(), "calls past their budget: {overruns:?}");
    assert!(quiet > 0);
}
