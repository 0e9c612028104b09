//! Branch and bound and tiling, measured (`cargo bench --bench tiling`).
//!
//! - P1074 (target Sudoku): `Maximizer` on the two official samples and on harder
//!   grids with fewer givens: time, search nodes, and the nodes a full enumeration of
//!   every completion visits (what a contest solution without a bound does), as a ratio.
//! - The 智慧珠 empty-board count (32288) and the pentomino 6x10 count (9356): our
//!   `Tiling` against the same exact-cover rows solved by the `dlx` crate.
//!
//! Every figure is the best of a few runs, measured in the same process.

use std::time::{Duration, Instant};

use dlx::core::{max_required_words, Dims, Maximizer, Solver, Step};
use dlx::tiling::{Mode, Tiling, TilingDims};

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..runs {
        let t = Instant::now();
        let v = f();
        best = best.min(t.elapsed());
        out = Some(v);
    }
    (best, out.unwrap())
}

// ------------------------------------------------------------------ P1074

fn sudoku_rows() -> Vec<[u32; 4]> {
    (0..729u32)
        .map(|i| {
            let (r, c, d) = (i / 81, i / 9 % 9, 8 - i % 9); // digit 9 first
            [
                9 * r + c,
                81 + 9 * r + d,
                162 + 9 * c + d,
                243 + 9 * (3 * (r / 3) + c / 3) + d,
            ]
        })
        .collect()
}

fn score(cell: u32) -> i64 {
    let (r, c) = ((cell / 9) as i64, (cell % 9) as i64);
    10 - (r - 4).abs().max((c - 4).abs())
}

fn dims() -> Dims {
    Dims {
        primary: 324,
        secondary: 0,
        max_rows: 729,
        max_entries: 2916,
    }
}

fn load<'a>(block: &'a mut [u32], grid: &[u8]) -> Solver<'a> {
    let mut s = Solver::init(block, dims()).unwrap();
    for r in sudoku_rows() {
        s.add_row(&r).unwrap();
    }
    for (c, &v) in grid.iter().enumerate() {
        if v != 0 {
            s.select_row((c * 9 + 9 - v as usize) as u32).unwrap();
        }
    }
    s
}

/// (best score, search nodes) by branch and bound.
fn maximize(grid: &[u8]) -> (i128, u64) {
    let mut block = vec![0u32; dims().required_words().unwrap() as usize];
    let mut s = load(&mut block, grid);
    let mut mb = vec![0u32; max_required_words(&dims()).unwrap() as usize];
    let mut m = Maximizer::init(&mut mb, dims()).unwrap();
    for i in 0..729u32 {
        m.set_weight(i, score(i / 9) * i64::from(9 - i % 9))
            .unwrap();
    }
    while m.step(&mut s, 0).unwrap() == Step::Solution {}
    (m.best().map_or(-1, |b| b.0), s.stats().nodes)
}

/// (best score, completions, search nodes) by enumerating every completion.
fn enumerate(grid: &[u8]) -> (i128, u64, u64) {
    let mut block = vec![0u32; dims().required_words().unwrap() as usize];
    let mut s = load(&mut block, grid);
    let mut best = -1i128;
    let mut n = 0;
    while s.next(0).unwrap() == Step::Solution {
        n += 1;
        let v: i64 = s
            .solution()
            .unwrap()
            .iter()
            .map(|&r| score(r / 9) * i64::from(9 - r % 9))
            .sum();
        best = best.max(i128::from(v));
    }
    (best, n, s.stats().nodes)
}

fn parse(text: &str) -> Vec<u8> {
    text.split_whitespace()
        .map(|t| t.parse::<u8>().unwrap())
        .collect()
}

fn p1074() {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |name: &str| {
        parse(&std::fs::read_to_string(format!("{root}/tests/data/problems/p1074/{name}")).unwrap())
    };
    let sample1 = read("sample1.in");
    let sample2 = read("sample2.in");
    // Harder: sample 2 with givens removed from the end (fewer givens, more completions).
    let mut cases = vec![
        ("sample 1".to_string(), sample1),
        ("sample 2".to_string(), sample2.clone()),
    ];
    for keep in [26usize, 24, 22] {
        let mut g = sample2.clone();
        let mut seen = 0;
        for v in g.iter_mut() {
            if *v != 0 {
                seen += 1;
                if seen > keep {
                    *v = 0;
                }
            }
        }
        cases.push((format!("sample 2, first {keep} givens"), g));
    }
    println!("P1074 target Sudoku: branch and bound vs. enumerating every completion");
    println!(
        "{:<28} {:>6} {:>12} {:>10} {:>12} {:>12} {:>10} {:>8} {:>8}",
        "case",
        "answer",
        "completions",
        "B&B nodes",
        "enum nodes",
        "node ratio",
        "B&B time",
        "enum",
        "speed-up"
    );
    for (name, g) in cases {
        let (tb, (best, nodes)) = best_of(3, || maximize(&g));
        let (te, (ebest, completions, enodes)) = best_of(1, || enumerate(&g));
        assert_eq!(best, ebest, "{name}");
        println!(
            "{:<28} {:>6} {:>12} {:>10} {:>12} {:>11.1}x {:>8.2}ms {:>6.0}ms {:>7.1}x",
            name,
            best,
            completions,
            nodes,
            enodes,
            enodes as f64 / nodes as f64,
            tb.as_secs_f64() * 1e3,
            te.as_secs_f64() * 1e3,
            te.as_secs_f64() / tb.as_secs_f64()
        );
    }
}

// ------------------------------------------------------------------ tiling

type Shape = &'static [(u32, u32)];

const PENTOMINOES: [Shape; 12] = [
    &[(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)],
    &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    &[(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)],
    &[(1, 0), (1, 1), (0, 2), (1, 2), (0, 3)],
    &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)],
    &[(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)],
    &[(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)],
    &[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)],
    &[(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)],
    &[(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)],
    &[(1, 0), (0, 1), (1, 1), (1, 2), (1, 3)],
    &[(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)],
];

const P4205: [Shape; 12] = [
    &[(0, 0), (1, 0), (0, 1)],
    &[(0, 0), (1, 0), (2, 0), (3, 0)],
    &[(0, 0), (1, 0), (2, 0), (0, 1)],
    &[(0, 0), (1, 0), (0, 1), (1, 1)],
    &[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)],
    &[(0, 0), (1, 0), (2, 0), (3, 0), (1, 1)],
    &[(0, 0), (1, 0), (2, 0), (0, 1), (2, 1)],
    &[(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)],
    &[(0, 0), (1, 0), (2, 0), (2, 1), (3, 1)],
    &[(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)],
    &[(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)],
    &[(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)],
];

fn build<'a>(
    words: &'a mut [u32],
    d: TilingDims,
    mask: Option<&[u8]>,
    shapes: &[Shape],
) -> Tiling<'a> {
    let mut t = Tiling::init(words, d).unwrap();
    if let Some(m) = mask {
        t.set_board(m).unwrap();
    }
    for s in shapes {
        let cells: Vec<[u32; 3]> = s.iter().map(|&(x, y)| [x, y, 0]).collect();
        t.add_piece(&cells, Mode::Exactly, true).unwrap();
    }
    t.build().unwrap();
    t
}

/// The same exact-cover rows for the `dlx` crate: cell columns, then piece columns.
fn rows_of(t: &Tiling<'_>, d: &TilingDims, mask: Option<&[u8]>) -> (usize, Vec<Vec<usize>>) {
    let vol = (d.width * d.height) as usize;
    let mut number = vec![usize::MAX; vol];
    let mut n = 0;
    for (v, slot) in number.iter_mut().enumerate() {
        if mask.is_none_or(|m| m[v] != 0) {
            *slot = n;
            n += 1;
        }
    }
    let mut rows = Vec::new();
    let mut cells = [[0u32; 3]; 8];
    for r in 0..t.placements() {
        let k = t.placement_cells(r, &mut cells).unwrap();
        let mut row: Vec<usize> = cells[..k]
            .iter()
            .map(|c| number[(c[0] + d.width * c[1]) as usize])
            .collect();
        row.push(n + t.placement(r).unwrap().piece as usize);
        rows.push(row);
    }
    (n + t.pieces() as usize, rows)
}

fn count_dlx_crate(columns: usize, rows: &[Vec<usize>]) -> u64 {
    use dlx_crate::choose::{mrv_chooser, no_tiebreak, prefer_any};
    use dlx_crate::Uint;
    let os: Vec<Vec<Uint>> = rows
        .iter()
        .map(|r| r.iter().map(|&c| c as Uint).collect())
        .collect();
    let mut p = dlx_crate::x::make_problem(columns as Uint, 0, &os, dlx_crate::OptOrder::Seq);
    let mut s = dlx_crate::Solver::new(&mut p);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut n = 0;
    while s.next_solution(&mut chooser) {
        n += 1;
    }
    n
}

fn tiling_case(name: &str, d: TilingDims, mask: Option<&[u8]>, shapes: &[Shape], want: u64) {
    let mut words = vec![0u32; d.required_words().unwrap() as usize];
    let mut t = build(&mut words, d, mask, shapes);
    let (ours, n) = best_of(2, || t.count(0).unwrap());
    assert_eq!(n, want, "{name}");
    let nodes = t.stats().unwrap().nodes;
    let (columns, rows) = rows_of(&t, &d, mask);
    let (theirs, m) = best_of(2, || count_dlx_crate(columns, &rows));
    assert_eq!(m, want, "{name}: the dlx crate");
    println!(
        "{:<26} {:>7} {:>6} {:>10} {:>9.0}ms {:>9.0}ms {:>7.2}x",
        name,
        n,
        rows.len(),
        nodes,
        ours.as_secs_f64() * 1e3,
        theirs.as_secs_f64() * 1e3,
        theirs.as_secs_f64() / ours.as_secs_f64()
    );
}

fn tilings() {
    println!();
    println!("Tiling counts: dlx::tiling vs. the dlx crate (0.8.5) on the same rows");
    println!(
        "{:<26} {:>7} {:>6} {:>10} {:>11} {:>11} {:>8}",
        "case", "count", "rows", "nodes", "ours", "dlx crate", "ratio"
    );
    let mut mask = [0u8; 100];
    for y in 0..10 {
        for x in 0..=y {
            mask[x + 10 * y] = 1;
        }
    }
    let tri = TilingDims {
        width: 10,
        height: 10,
        depth: 1,
        max_pieces: 12,
        max_piece_cells: 5,
        max_placements: 1644,
    };
    tiling_case("智慧珠 empty board", tri, Some(&mask), &P4205, 32288);
    let rect = TilingDims {
        width: 10,
        height: 6,
        depth: 1,
        max_pieces: 12,
        max_piece_cells: 5,
        max_placements: 0,
    };
    tiling_case("pentominoes 6x10", rect, None, &PENTOMINOES, 9356);
}

fn main() {
    // `cargo test --benches` runs benches with --test-ish flags; only measure on `bench`.
    if std::env::args().any(|a| a == "--test") {
        return;
    }
    p1074();
    tilings();
}
