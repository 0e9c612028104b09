//! How the engine's speed grows with the instance (`cargo bench --bench scaling`).
//!
//! 1. N-queens 10 to 15, every solution counted: the tree grows about 5x per step,
//!    the block hardly at all, so updates per microsecond should stay flat.
//! 2. A synthetic family of random exact-cover matrices whose columns and rows double
//!    at every step (rows of 4 distinct columns, 8 rows per column, one planted exact
//!    cover), each searched for the same number of link updates. The time per tree
//!    node grows with the columns: DLX1's column choice walks every active primary
//!    column at every node.
//! 3. The same with 256 columns and the rows doubling: the choice stays cheap, the
//!    columns get longer and the block grows; where updates per microsecond drop, the
//!    block has outgrown a cache level.
//!
//! `cargo bench --bench scaling -- quick` stops queens at 13 and the family at 2^14
//! columns. Times are the median of 3 runs of thread CPU time.

#[path = "engines/clock.rs"]
mod clock;
#[path = "engines/instances.rs"]
#[allow(dead_code)] // only the queens builder is used here
mod instances;

use std::time::Duration;

use clock::Clock;
use dlx::core::{Dims, Solver, Stats, Step};
use instances::Matrix;

/// The link updates each synthetic instance is searched for.
const BUDGET: u64 = 10_000_000;

fn block_of(m: &Matrix) -> (Vec<u32>, Dims) {
    let dims = Dims {
        primary: m.primary,
        secondary: m.secondary,
        max_rows: m.rows.len() as u32,
        max_entries: m.entries() as u32,
    };
    let mut block = vec![0u32; dims.required_words().expect("fits") as usize];
    let mut s = Solver::init(&mut block, dims).expect("block is big enough");
    for r in &m.rows {
        s.add_row(r).expect("valid row");
    }
    drop(s);
    (block, dims)
}

/// splitmix64: a fixed seed gives the same matrices on every machine.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn below(state: &mut u64, n: usize) -> usize {
    (next(state) % n as u64) as usize
}

/// `columns` primary columns (a multiple of 4), `rows_per_column * columns` rows of 4
/// distinct columns; the first `columns / 4` rows (shuffled in with the rest) cover
/// every column exactly once.
fn synthetic(columns: u32, rows_per_column: usize, seed: u64) -> Matrix {
    let mut rng = seed;
    let mut perm: Vec<u32> = (0..columns).collect();
    for i in (1..perm.len()).rev() {
        perm.swap(i, below(&mut rng, i + 1));
    }
    let mut rows: Vec<Vec<u32>> = perm.chunks(4).map(|c| c.to_vec()).collect();
    while rows.len() < rows_per_column * columns as usize {
        let mut r: Vec<u32> = Vec::with_capacity(4);
        while r.len() < 4 {
            let c = below(&mut rng, columns as usize) as u32;
            if !r.contains(&c) {
                r.push(c);
            }
        }
        rows.push(r);
    }
    for i in (1..rows.len()).rev() {
        rows.swap(i, below(&mut rng, i + 1));
    }
    Matrix::new(columns, 0, rows)
}

/// What one search did.
#[derive(Clone, Copy)]
struct Run {
    time: Duration,
    stats: Stats,
    ended: bool,
}

/// Runs a fresh search on a copy of `block` until it ends or `budget` updates were
/// spent (0 = to the end).
fn search(block: &[u32], budget: u64) -> Run {
    let mut words = block.to_vec();
    let mut s = Solver::open(&mut words).expect("a solver");
    let start = Clock::now();
    let ended = loop {
        let spent = s.stats().updates;
        let left = if budget == 0 {
            0
        } else if spent >= budget {
            break false;
        } else {
            budget - spent
        };
        match s.next(left).unwrap() {
            Step::Exhausted => break true,
            Step::Solution | Step::BudgetSpent => {}
        }
    };
    Run {
        time: start.elapsed(),
        stats: s.stats(),
        ended,
    }
}

fn median_of_3(block: &[u32], budget: u64) -> Run {
    let mut runs: Vec<Run> = (0..3).map(|_| search(block, budget)).collect();
    runs.sort_by_key(|r| r.time);
    runs[1]
}

fn per_us(n: u64, t: Duration) -> f64 {
    n as f64 / t.as_secs_f64() / 1e6
}

fn kib(words: usize) -> f64 {
    (4 * words) as f64 / 1024.0
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    println!("N-queens, every solution (time grows with the tree; the block stays small):");
    println!("| n | solutions | updates | ms | updates/us | block KiB |");
    println!("|---:|---:|---:|---:|---:|---:|");
    for n in 10..=if quick { 13 } else { 15 } {
        let (block, _) = block_of(&instances::queens(n));
        let r = median_of_3(&block, 0);
        println!(
            "| {n} | {} | {} | {:.1} | {:.0} | {:.1} |",
            r.stats.solutions,
            r.stats.updates,
            r.time.as_secs_f64() * 1e3,
            per_us(r.stats.updates, r.time),
            kib(block.len())
        );
    }
    println!();
    println!("Random exact cover, columns and rows doubling, {BUDGET} updates each:");
    synthetic_table((0..=if quick { 7 } else { 11 }).map(|k| (128 << k, 8, 0x5CA1E + k)));
    println!();
    println!("Random exact cover, 256 columns, rows doubling, {BUDGET} updates each:");
    synthetic_table((0..=if quick { 6 } else { 9 }).map(|k| (256, 8 << k, 0xB10C + k)));
}

/// Searches each `(columns, rows_per_column, seed)` instance for [`BUDGET`] updates and
/// prints a table row for it.
fn synthetic_table(family: impl Iterator<Item = (u32, usize, u64)>) {
    println!("| columns | rows | block KiB | ms | updates/us | tree nodes | ns/node |");
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    for (columns, per_column, seed) in family {
        let m = synthetic(columns, per_column, seed);
        let (block, _) = block_of(&m);
        let r = median_of_3(&block, BUDGET);
        println!(
            "| {columns} | {} | {:.0} | {:.1} | {:.0}{} | {} | {:.0} |",
            m.rows.len(),
            kib(block.len()),
            r.time.as_secs_f64() * 1e3,
            per_us(r.stats.updates, r.time),
            if r.ended { " (search ended)" } else { "" },
            r.stats.nodes,
            r.time.as_secs_f64() * 1e9 / r.stats.nodes.max(1) as f64,
        );
    }
}
