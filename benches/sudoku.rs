//! Sudoku throughput, side by side in one run (`cargo bench --bench sudoku`):
//!
//! - `helper`: the `dlx::sudoku` helper (rows built once, givens forced and dropped);
//! - `seed-style`: what the contest seeds do, on the same engine: for every puzzle a
//!   fresh 324-column solver, 9 rows per blank cell and 1 per given, then search;
//! - `sudoku crate`: the specialised bit-set solver (`sudoku` 0.8) as the reference.
//!
//! For each set: first solution, and the uniqueness check (count with limit 2).
//! Figures are puzzles per second; ratios are against the seed-style baseline.
//! `cargo bench --bench sudoku -- quick` runs each set once on its first 200 puzzles.

use std::hint::black_box;
use std::time::Instant;

use dlx::core::{Dims, Solver, Step};
use dlx::sudoku::{text, Sudoku};

fn load(name: &str) -> Vec<(Vec<u8>, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sudoku")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| l.len() == 81)
        .map(|l| {
            let mut g = vec![0u8; 81];
            text::parse(l.as_bytes(), 9, 0, &mut g).unwrap();
            (g, l.to_string())
        })
        .collect()
}

/// The seed-style baseline: build the matrix for this puzzle, then search.
fn seed_style(words: &mut [u32], g: &[u8], count: bool) -> u64 {
    let dims = Dims {
        primary: 324,
        secondary: 0,
        max_rows: 729,
        max_entries: 2916,
    };
    let mut s = Solver::init(words, dims).unwrap();
    for cell in 0..81u32 {
        let (r, c) = (cell / 9, cell % 9);
        let b = (r / 3) * 3 + c / 3;
        let given = g[cell as usize];
        for v in 0..9u32 {
            if given != 0 && u32::from(given) != v + 1 {
                continue;
            }
            s.add_row(&[cell, 81 + r * 9 + v, 162 + c * 9 + v, 243 + b * 9 + v])
                .unwrap();
        }
    }
    if count {
        s.count(2)
    } else {
        u64::from(s.next(0) == Step::Solution)
    }
}

fn rate(n: usize, f: impl FnOnce()) -> f64 {
    let t = Instant::now();
    f();
    n as f64 / t.elapsed().as_secs_f64()
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let sets = [
        ("17-clue (2000)", "17_clue_2000.txt"),
        ("top1465", "top1465.txt"),
        ("forum-hardest-1106", "forum_hardest_1106.txt"),
    ];
    let mut mem = vec![0u32; dlx::sudoku::required_words(3, 3).unwrap() as usize];
    let mut words = vec![
        0u32;
        Dims {
            primary: 324,
            secondary: 0,
            max_rows: 729,
            max_entries: 2916
        }
        .required_words()
        .unwrap() as usize
    ];
    println!(
        "{:<20} {:>6} | {:>11} {:>11} {:>11} | {:>7} {:>9}",
        "set, task", "n", "seed-style/s", "helper/s", "crate/s", "helper/seed", "helper/crate"
    );
    for (label, file) in sets {
        let mut puzzles = load(file);
        if quick {
            puzzles.truncate(200);
        }
        let n = puzzles.len();
        for count in [false, true] {
            let mut out = [0u8; 81];
            let base = rate(n, || {
                for (g, _) in &puzzles {
                    black_box(seed_style(&mut words, g, count));
                }
            });
            let mut sd = Sudoku::init(&mut mem, 3, 3).unwrap();
            let ours = rate(n, || {
                for (g, _) in &puzzles {
                    if count {
                        black_box(sd.count(g, 2).unwrap());
                    } else {
                        black_box(sd.solve(g, &mut out).unwrap());
                    }
                }
            });
            let parsed: Vec<sudoku::Sudoku> = puzzles
                .iter()
                .map(|(_, l)| sudoku::Sudoku::from_str_line(l).unwrap())
                .collect();
            let theirs = rate(n, || {
                for p in &parsed {
                    if count {
                        black_box(p.solutions_count_up_to(2));
                    } else {
                        black_box(p.some_solution());
                    }
                }
            });
            println!(
                "{:<20} {:>6} | {:>11.0} {:>11.0} {:>11.0} | {:>6.2}x {:>8.2}x",
                format!("{label}, {}", if count { "unique" } else { "first" }),
                n,
                base,
                ours,
                theirs,
                ours / base,
                ours / theirs
            );
        }
    }
    // Generation times (one puzzle each, minimal up to 16x16, proof limit 30000 for 25x25).
    for (br, limit) in [(3u32, 0u64), (4, 0), (5, 30_000)] {
        let nn = br * br;
        let mut mem = vec![0u32; dlx::sudoku::required_words(br, br).unwrap() as usize];
        let mut sd = Sudoku::init(&mut mem, br, br).unwrap();
        let mut p = vec![0u8; (nn * nn) as usize];
        let seeds = if quick || nn > 9 { 1..=2u64 } else { 1..=20u64 };
        let k = seeds.clone().count();
        let t = Instant::now();
        let mut clues = 0;
        for seed in seeds {
            sd.generate_start(seed, limit).unwrap();
            sd.generate(0, &mut p, None).unwrap();
            clues += p.iter().filter(|&&v| v != 0).count();
        }
        println!(
            "generate {nn}x{nn}: {:.3} s per puzzle, {:.1} clues on average ({k} puzzles)",
            t.elapsed().as_secs_f64() / k as f64,
            clues as f64 / k as f64
        );
    }
}
