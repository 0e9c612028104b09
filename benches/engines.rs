//! Our engine against the `dlx` crate, the `exact-covers` crate and a seed-style DLX
//! on the same exact-cover instances (issue 6).
//!
//! ```sh
//! cargo bench --bench engines                      # every instance (a few minutes)
//! cargo bench --bench engines -- queens sudoku     # instances whose name contains a word
//! cargo bench --bench engines -- --reps 9 soma     # more runs per engine
//! cargo bench --bench engines -- --list            # the instance names
//! cargo bench --bench engines -- --only ours soma   # one engine (for profiling)
//! cargo bench --bench engines -- --only ours,seed-style soma   # some engines
//! DLX1=path/to/dlx1 cargo bench --bench engines    # Knuth's DLX1 too (see knuth.rs)
//! cargo bench --bench engines -- --wall             # wall clock, not thread CPU time
//! ```
//!
//! Every instance is built once per engine and run (building is not timed; for the
//! Sudoku sets the 1000 puzzles are built first and the uniqueness checks timed
//! together). Each line gives the solutions, the nodes and updates of our engine (as
//! Knuth's DLX1 counts them), the median time of our engine and each competitor's
//! median as a ratio to ours (above 1: ours is faster). The run fails when the
//! engines disagree on a solution count, when the seed-style DLX (same algorithm)
//! disagrees on nodes or updates, or when a figure differs from Knuth's DLX1.
//!
//! The memory table gives the block our engine needs (`dlx_required_size`) and the
//! peak heap of building and solving with each competitor, measured by a counting
//! global allocator; it also checks that our search allocates nothing.

#[path = "engines/clock.rs"]
mod clock;
#[path = "engines/instances.rs"]
mod instances;
#[path = "engines/knuth.rs"]
mod knuth;
#[path = "engines/seed_style.rs"]
mod seed_style;

use std::alloc::{GlobalAlloc, Layout, System};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Duration;

use clock::{Clock, WALL};
use dlx::core::{Dims, Solver};
use instances::Matrix;

// ------------------------------------------------------------------ counting allocator

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static ALLOCS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; the counters
// are only statistics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        let now = CURRENT.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(now, Relaxed);
        // SAFETY: same contract as ours.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        CURRENT.fetch_sub(layout.size(), Relaxed);
        // SAFETY: same contract as ours.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        if new_size >= layout.size() {
            let now =
                CURRENT.fetch_add(new_size - layout.size(), Relaxed) + new_size - layout.size();
            PEAK.fetch_max(now, Relaxed);
        } else {
            CURRENT.fetch_sub(layout.size() - new_size, Relaxed);
        }
        // SAFETY: same contract as ours.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Starts a heap measurement; returns the baseline.
fn heap_start() -> usize {
    let now = CURRENT.load(Relaxed);
    PEAK.store(now, Relaxed);
    now
}

// ------------------------------------------------------------------ engines

/// What one engine reports for a whole case (summed over its matrices).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Figures {
    solutions: u64,
    nodes: Option<u64>,
    updates: Option<u64>,
}

impl Figures {
    fn add(&mut self, o: Figures, first: bool) {
        self.solutions += o.solutions;
        let sum = |a: Option<u64>, b: Option<u64>| {
            if first {
                b
            } else {
                a.zip(b).map(|(a, b)| a + b)
            }
        };
        self.nodes = sum(self.nodes, o.nodes);
        self.updates = sum(self.updates, o.updates);
    }
}

/// One timed run: figures, time of the solving, peak heap of building plus solving,
/// and the allocations made while solving.
struct Run {
    fig: Figures,
    time: Duration,
    heap: usize,
    allocs: usize,
}

fn measure<'m, B>(
    parts: &'m [Matrix],
    build: impl Fn(&'m Matrix) -> B,
    mut solve: impl FnMut(&mut B) -> Figures,
) -> Run {
    let base = heap_start();
    let mut built: Vec<B> = parts.iter().map(build).collect();
    let allocs = ALLOCS.load(Relaxed);
    let start = Clock::now();
    let mut fig = Figures::default();
    for (i, b) in built.iter_mut().enumerate() {
        fig.add(solve(b), i == 0);
    }
    let time = start.elapsed();
    let allocs = ALLOCS.load(Relaxed) - allocs;
    let heap = PEAK.load(Relaxed) - base;
    drop(built);
    Run {
        fig,
        time,
        heap,
        allocs,
    }
}

fn dims_of(m: &Matrix) -> Dims {
    Dims {
        primary: m.primary,
        secondary: m.secondary,
        max_rows: m.rows.len() as u32,
        max_entries: m.entries() as u32,
    }
}

fn build_ours(m: &Matrix) -> Vec<u32> {
    let dims = dims_of(m);
    let mut block = vec![0u32; dims.required_words().expect("fits") as usize];
    let mut s = Solver::init(&mut block, dims).expect("block is big enough");
    for r in &m.rows {
        s.add_row(r).expect("valid row");
    }
    drop(s);
    block
}

fn solve_ours(block: &mut [u32], limit: u64) -> Figures {
    let mut s = Solver::open(block).expect("a solver");
    let solutions = s.count(limit).unwrap();
    let st = s.stats();
    Figures {
        solutions,
        nodes: Some(st.nodes),
        updates: Some(st.updates),
    }
}

fn build_dlx(m: &Matrix) -> dlx_crate::x::Problem {
    use dlx_crate::Uint;
    let os: Vec<Vec<Uint>> = m
        .rows
        .iter()
        .map(|r| r.iter().map(|&c| c as Uint).collect())
        .collect();
    dlx_crate::x::make_problem(
        m.primary as Uint,
        m.secondary as Uint,
        &os,
        dlx_crate::OptOrder::Seq,
    )
}

fn solve_dlx(p: &mut dlx_crate::x::Problem, limit: u64) -> Figures {
    use dlx_crate::choose::{mrv_chooser, no_tiebreak, prefer_any};
    let mut s = dlx_crate::Solver::new(p);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut n = 0;
    while s.next_solution(&mut chooser) {
        n += 1;
        if n == limit {
            break;
        }
    }
    // Its profile counts the branching nodes per level; DLX1 adds the solutions.
    let branching: usize = s.get_profile().iter().sum();
    Figures {
        solutions: n,
        nodes: Some(branching as u64 + n),
        updates: Some(s.get_updates() as u64),
    }
}

type EcSolver<'m> = exact_covers::DlSolver<'m, u32, ()>;

fn build_ec(m: &Matrix) -> Option<EcSolver<'_>> {
    use exact_covers::Solver as _;
    let (prim, sec) = m.labels.split_at(m.primary as usize);
    let mut s: EcSolver<'_> = EcSolver::new(prim, sec);
    let mut p = Vec::new();
    let mut q = Vec::new();
    for r in &m.rows {
        p.clear();
        q.clear();
        for &c in r {
            if c < m.primary {
                p.push(c);
            } else {
                q.push((c, None));
            }
        }
        s.add_option(&p, &q);
    }
    Some(s)
}

fn solve_ec(s: &mut Option<EcSolver<'_>>, limit: u64) -> Figures {
    use exact_covers::Solver as _;
    let mut n = 0;
    s.take().expect("built").solve(|_| {
        n += 1;
        if n == limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    Figures {
        solutions: n,
        nodes: None,
        updates: None,
    }
}

fn build_seed(m: &Matrix) -> seed_style::SeedDlx {
    let mut d = seed_style::SeedDlx::new(m.primary, m.secondary, m.entries());
    for r in &m.rows {
        d.add_row(r);
    }
    d
}

fn solve_seed(d: &mut seed_style::SeedDlx, limit: u64) -> Figures {
    let solutions = d.count(limit);
    Figures {
        solutions,
        nodes: Some(d.nodes),
        updates: Some(d.updates),
    }
}

const ENGINES: [&str; 5] = ["ours", "dlx", "exact-covers", "seed-style", "dlx1"];

fn run_engine(e: usize, parts: &[Matrix], limit: u64) -> Run {
    match e {
        0 => measure(parts, build_ours, |b| solve_ours(b, limit)),
        1 => measure(parts, build_dlx, |b| solve_dlx(b, limit)),
        2 => measure(parts, build_ec, |b| solve_ec(b, limit)),
        _ => measure(parts, build_seed, |b| solve_seed(b, limit)),
    }
}

// ------------------------------------------------------------------ cases

struct Case {
    name: &'static str,
    parts: Vec<Matrix>,
    /// Solutions to count per matrix (0 = all, 2 = uniqueness check).
    limit: u64,
    reps: usize,
    /// Knuth's DLX1 on the same input: (solutions, updates, nodes).
    knuth: Option<(u64, u64, u64)>,
}

fn data(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sudoku/bench")
        .join(file)
}

type Make = Box<dyn Fn() -> Vec<Matrix>>;
type Entry = (&'static str, u64, usize, Option<(u64, u64, u64)>, Make);

/// Every instance: name, limit, default runs per engine, Knuth's figures, builder.
fn catalogue() -> Vec<Entry> {
    vec![
        (
            "queens12",
            0,
            7,
            Some((14_200, 6_285_452, 327_813)),
            Box::new(|| vec![instances::queens(12)]),
        ),
        (
            "queens13",
            0,
            5,
            None,
            Box::new(|| vec![instances::queens(13)]),
        ),
        (
            "queens14",
            0,
            3,
            None,
            Box::new(|| vec![instances::queens(14)]),
        ),
        (
            "pent6x10",
            0,
            3,
            None,
            Box::new(|| vec![instances::pentomino_6x10(false)]),
        ),
        (
            "pent6x10-sym",
            0,
            5,
            None,
            Box::new(|| vec![instances::pentomino_6x10(true)]),
        ),
        (
            "scott8x8",
            0,
            5,
            None,
            Box::new(|| vec![instances::scott()]),
        ),
        (
            "scott8x8-sym",
            0,
            7,
            None,
            Box::new(instances::scott_symmetric),
        ),
        (
            "langford11",
            0,
            5,
            Some((35_584, 5_974_979, 439_747)),
            Box::new(|| vec![instances::langford(11)]),
        ),
        (
            "langford12",
            0,
            3,
            Some((216_288, 38_673_459, 2_831_065)),
            Box::new(|| vec![instances::langford(12)]),
        ),
        ("soma", 0, 5, None, Box::new(|| vec![instances::soma()])),
        (
            "domino8x8",
            0,
            3,
            Some((12_988_816, 184_609_612, 50_102_176)),
            Box::new(|| vec![instances::domino(8, 8)]),
        ),
        (
            "sudoku-17clue",
            2,
            5,
            None,
            Box::new(|| instances::sudoku_file(&data("puzzles2_17_clue.txt"))),
        ),
        (
            "sudoku-top1465",
            2,
            5,
            None,
            Box::new(|| instances::sudoku_file(&data("puzzles3_magictour_top1465.txt"))),
        ),
        (
            "sudoku-hardest1106",
            2,
            5,
            None,
            Box::new(|| instances::sudoku_file(&data("puzzles6_forum_hardest_1106.txt"))),
        ),
    ]
}

fn cases(selected: &dyn Fn(&str) -> bool) -> Vec<Case> {
    catalogue()
        .into_iter()
        .filter(|c| selected(c.0))
        .map(|(name, limit, reps, knuth, make)| Case {
            name,
            parts: make(),
            limit,
            reps,
            knuth,
        })
        .collect()
}

/// Expected solution counts from the issue (the Sudoku sets: every puzzle unique).
fn expected(c: &Case) -> Option<u64> {
    Some(match c.name {
        "queens12" => 14_200,
        "queens13" => 73_712,
        "queens14" => 365_596,
        "pent6x10" => 9_356,
        "pent6x10-sym" => 2_339,
        "scott8x8" => 520,
        "scott8x8-sym" => 65,
        "soma" => 11_520,
        "domino8x8" => 12_988_816,
        _ if c.limit == 2 => c.parts.len() as u64,
        _ => return None,
    })
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or_default()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

struct Row {
    name: &'static str,
    fig: Figures,
    times: [Duration; 5],
    heap: [usize; 4],
    required: usize,
    nodes: usize,
    parts: usize,
    /// The dlx crate's figures, when they differ from ours.
    dlx_tree: Option<Figures>,
}

fn main() {
    let mut words: Vec<String> = Vec::new();
    let mut reps: Option<usize> = None;
    let mut list = false;
    let mut only: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--reps" => reps = args.next().and_then(|n| n.parse().ok()),
            "--list" => list = true,
            "--wall" => WALL.store(true, Relaxed),
            "--only" => only = args.next(),
            s if s.starts_with("--") => {} // `cargo bench` passes `--bench`
            s => words.push(s.to_string()),
        }
    }
    let selected = |name: &str| words.is_empty() || words.iter().any(|w| name.contains(w.as_str()));
    if list {
        for c in catalogue() {
            println!("{}", c.0);
        }
        return;
    }

    let wanted = |e: usize| {
        only.as_deref()
            .is_none_or(|o| o.split(',').any(|w| w == ENGINES[e]))
    };
    let dlx1 = knuth::Dlx1::from_env();
    let clock = match Clock::now() {
        Clock::Cpu(_) => "thread CPU time",
        Clock::Wall(_) => "wall-clock time",
    };
    println!("times: median {clock} in ms; in brackets the competitor's time / ours");
    println!(
        "{:<19} {:>10} {:>11} {:>12} {:>10} {:>16} {:>16} {:>16} {:>16}",
        "instance",
        "solutions",
        "nodes",
        "updates",
        "ours ms",
        "dlx crate",
        "exact-covers",
        "seed-style",
        "DLX1 (C)"
    );
    let mut rows = Vec::new();
    let mut failed = false;
    for case in cases(&selected) {
        let reps = reps.unwrap_or(case.reps).max(1);
        let mut times: Vec<Vec<Duration>> = vec![Vec::new(); 5];
        let knuth_files = dlx1
            .as_ref()
            .filter(|_| wanted(4))
            .map(|k| k.write(case.name, &case.parts));
        let mut knuth_fig = None;
        let mut figs = [Figures::default(); 4];
        let mut heap = [0usize; 4];
        for rep in 0..reps {
            // Interleave the engines so that a slow phase of the machine hits all.
            for e in 0..4 {
                if !wanted(e) {
                    continue;
                }
                let run = run_engine(e, &case.parts, case.limit);
                times[e].push(run.time);
                if rep == 0 {
                    figs[e] = run.fig;
                    heap[e] = run.heap;
                    if e == 0 && run.allocs != 0 {
                        println!(
                            "!! {}: our search allocated {} times",
                            case.name, run.allocs
                        );
                        failed = true;
                    }
                }
            }
            if let (Some(k), Some(files)) = (&dlx1, &knuth_files) {
                let (report, time) = k.run(files, case.limit);
                times[4].push(time);
                knuth_fig = Some(report);
            }
        }
        let ran: Vec<bool> = times.iter().map(|t| !t.is_empty()).collect();
        if !ran[0] {
            let only: Vec<String> = (0..4)
                .filter(|&e| ran[e])
                .map(|e| {
                    format!(
                        "{} {} solutions {:.2} ms",
                        ENGINES[e],
                        figs[e].solutions,
                        ms(median(times[e].clone()))
                    )
                })
                .collect();
            println!("{:<19} {}", case.name, only.join(", "));
            continue;
        }
        let ours = figs[0];
        let mut problems = Vec::new();
        for (e, f) in figs.iter().enumerate() {
            if ran[e] && f.solutions != ours.solutions {
                problems.push(format!(
                    "{} finds {} solutions, ours {}",
                    ENGINES[e], f.solutions, ours.solutions
                ));
            }
        }
        if ran[3] && (figs[3].nodes, figs[3].updates) != (ours.nodes, ours.updates) {
            problems.push(format!(
                "seed-style tree differs: {:?} vs ours {:?}",
                figs[3], ours
            ));
        }
        if let Some(want) = expected(&case) {
            if ours.solutions != want {
                problems.push(format!("{} solutions, expected {want}", ours.solutions));
            }
        }
        if let Some((s, u, n)) = case.knuth {
            if (ours.solutions, ours.updates, ours.nodes) != (s, Some(u), Some(n)) {
                problems.push(format!(
                    "Knuth's DLX1 has {s} solutions, {u} updates, {n} nodes"
                ));
            }
        }
        if let Some(k) = knuth_fig {
            let ours = (ours.solutions, ours.updates, ours.nodes);
            if (k.solutions, Some(k.updates), Some(k.nodes)) != ours {
                problems.push(format!("DLX1 reports {k:?}, ours {ours:?}"));
            }
        }
        let med: Vec<Duration> = times.into_iter().map(median).collect();
        let ratio = |e: usize| med[e].as_secs_f64() / med[0].as_secs_f64();
        println!(
            "{:<19} {:>10} {:>11} {:>12} {:>10.2} {:>8.2} ({:>5.2}) {:>8.2} ({:>5.2}) {:>8.2} ({:>5.2}) {}",
            case.name,
            ours.solutions,
            ours.nodes.unwrap_or(0),
            ours.updates.unwrap_or(0),
            ms(med[0]),
            ms(med[1]),
            ratio(1),
            ms(med[2]),
            ratio(2),
            ms(med[3]),
            ratio(3),
            if ran[4] {
                format!("{:>8.2} ({:>5.2})", ms(med[4]), ratio(4))
            } else {
                format!("{:>16}", "-")
            },
        );
        for p in &problems {
            println!("!! {}: {p}", case.name);
        }
        failed |= !problems.is_empty();
        let required: usize = case
            .parts
            .iter()
            .map(|m| dims_of(m).required_bytes().expect("fits"))
            .max()
            .unwrap_or(0);
        let nodes = case
            .parts
            .iter()
            .map(|m| dims_of(m).node_capacity() as usize)
            .max()
            .unwrap_or(0);
        rows.push(Row {
            name: case.name,
            fig: ours,
            times: [med[0], med[1], med[2], med[3], med[4]],
            heap,
            required,
            nodes,
            parts: case.parts.len(),
            dlx_tree: (ran[1] && (figs[1].nodes, figs[1].updates) != (ours.nodes, ours.updates))
                .then_some(figs[1]),
        });
    }
    if rows.is_empty() {
        println!("no instance matches {words:?} (try --list)");
        return;
    }

    println!("\nRatios (median time of the competitor / ours; above 1 = ours faster):\n");
    println!(
        "| instance | solutions | block bytes | bytes/node | ours ms | dlx crate | exact-covers | seed-style | DLX1 ms | DLX1 |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut geo = [0f64; 5];
    let mut geo_n = [0f64; 5];
    for r in &rows {
        let ratio = |e: usize| r.times[e].as_secs_f64() / r.times[0].as_secs_f64();
        for (e, g) in geo.iter_mut().enumerate() {
            if !r.times[e].is_zero() {
                *g += ratio(e).ln();
                geo_n[e] += 1.0;
            }
        }
        println!(
            "| {} | {} | {} | {:.1} | {:.1} | {:.2}x | {:.2}x | {:.2}x | {} |",
            r.name,
            r.fig.solutions,
            r.required,
            r.required as f64 / r.nodes as f64,
            ms(r.times[0]),
            ratio(1),
            ratio(2),
            ratio(3),
            if r.times[4].is_zero() {
                "- | -".to_string()
            } else {
                format!("{:.1} | {:.2}x", ms(r.times[4]), ratio(4))
            },
        );
    }
    let mean = |e: usize| {
        if geo_n[e] == 0.0 {
            "-".to_string()
        } else {
            format!("{:.2}x", (geo[e] / geo_n[e]).exp())
        }
    };
    println!(
        "| geometric mean | | | | | {} | {} | {} | | {} |",
        mean(1),
        mean(2),
        mean(3),
        mean(4)
    );

    println!(
        "\nMemory (largest matrix of the instance; heap = peak while building and solving):\n"
    );
    println!("| instance | nodes | dlx_required_size | bytes/node | dlx crate heap | exact-covers heap | seed-style heap |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for r in &rows {
        // The Sudoku sets build every puzzle before solving: heap per puzzle.
        let per = |h: usize| h / r.parts;
        println!(
            "| {} | {} | {} | {:.1} | {} | {} | {} |",
            r.name,
            r.nodes,
            r.required,
            r.required as f64 / r.nodes as f64,
            per(r.heap[1]),
            per(r.heap[2]),
            per(r.heap[3]),
        );
    }
    let differ: Vec<String> = rows
        .iter()
        .filter_map(|r| {
            let f = r.dlx_tree?;
            Some(format!(
                "{}: {} nodes, {} updates",
                r.name,
                f.nodes.unwrap_or(0),
                f.updates.unwrap_or(0)
            ))
        })
        .collect();
    if !differ.is_empty() {
        println!(
            "\nThe dlx crate's figures differ from DLX1's (it does not cover a chosen column \
             that has no rows left, so it counts fewer updates on the same tree):\n  {}",
            differ.join("\n  ")
        );
    }
    println!("\nOur search allocated nothing (checked on every instance).");
    if failed {
        println!("\nFAILED: the engines disagree (see the lines marked !!)");
        std::process::exit(1);
    }
}
