//! Sudoku throughput, side by side in one run (`cargo bench --bench sudoku`), on one
//! core, timed by thread CPU time (`--wall` for the wall clock):
//!
//! - `helper`: the helper as a C user gets it: classic 9x9 grids go to its 9x9 fast
//!   path (src/sudoku/nine.rs);
//! - `general`: the same helper with the fast path turned off
//!   (`Sudoku::use_fast_path(false)`): its general engine (any N, jigsaw, X);
//! - `crate`: the `sudoku` crate (0.8, JCZSolve-style band masks), the reference.
//!
//! For each set: first solution, and the uniqueness check (count with limit 2), in
//! puzzles per CPU second, the median of 3 interleaved runs; the fast path's guesses
//! per puzzle (tries at a branch point that had another digit left, as tdoku counts
//! them). Then generation: minimal 9x9 puzzles with the fast path and with the
//! general engine, 16x16 and 25x25 with the general engine.
//! `cargo bench --bench sudoku -- quick` runs each set once on its first 200 puzzles.
//! `--only=helper` (or `general`, `crate`) runs that one alone and skips generation:
//! for instruction counts under callgrind (`--toggle-collect='sudoku::helper*'`, or
//! `sudoku::krate*`); `--set=WORD` keeps the sets whose label contains WORD,
//! `--task=first` (or `unique`) the one task. `--reopen` opens the helper's block
//! afresh for every puzzle, as the C API does for every call: each call then checks
//! its block once it has spent `8 n^3` updates, where one value checks once in its
//! life.

use std::hint::black_box;

#[path = "engines/clock.rs"]
mod clock;

use clock::Clock;
use dlx::sudoku::{text, Sudoku};

fn load(name: &str) -> Vec<(Vec<u8>, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sudoku")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| l.len() == 81 && !l.starts_with('#'))
        .map(|l| {
            let mut g = vec![0u8; 81];
            text::parse(l.as_bytes(), 9, 0, &mut g).unwrap();
            (g, l.to_string())
        })
        .collect()
}

/// Seconds of CPU time `f` takes.
fn secs(f: impl FnOnce()) -> f64 {
    let t = Clock::now();
    f();
    t.elapsed().as_secs_f64()
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Runs the helper (fast path unless `general`) over the set; returns the guesses.
#[inline(never)]
fn helper(sd: &mut Sudoku<'_>, puzzles: &[(Vec<u8>, String)], count: bool) -> u64 {
    let mut out = [0u8; 81];
    puzzles
        .iter()
        .map(|(g, _)| helper_one(sd, g, count, &mut out))
        .sum()
}

/// As [`helper`], with the block `mem` opened afresh for every puzzle (`--reopen`).
#[inline(never)]
fn helper_reopened(mem: &mut [u32], puzzles: &[(Vec<u8>, String)], count: bool) -> u64 {
    let mut out = [0u8; 81];
    puzzles
        .iter()
        .map(|(g, _)| helper_one(&mut Sudoku::open(mem).unwrap(), g, count, &mut out))
        .sum()
}

/// One puzzle of [`helper`]: its count to 2 or its first solution; returns its guesses.
#[inline(always)]
fn helper_one(sd: &mut Sudoku<'_>, g: &[u8], count: bool, out: &mut [u8; 81]) -> u64 {
    if count {
        black_box(sd.count(g, 2).unwrap());
    } else {
        black_box(sd.solve(g, out).unwrap());
    }
    sd.guesses().unwrap_or(0)
}

/// Runs the `sudoku` crate over the set.
#[inline(never)]
fn krate(parsed: &[sudoku::Sudoku], count: bool) {
    for p in parsed {
        if count {
            black_box(p.solutions_count_up_to(2));
        } else {
            black_box(p.some_solution());
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "quick");
    let only = args
        .iter()
        .find_map(|a| a.strip_prefix("--only="))
        .unwrap_or("");
    let runs = |which: &str| only.is_empty() || only == which;
    if args.iter().any(|a| a == "--wall") {
        clock::WALL.store(true, std::sync::atomic::Ordering::Relaxed);
    }
    let sets = [
        ("17-clue (1000)", "bench/puzzles2_17_clue.txt"),
        ("top1465", "top1465.txt"),
        (
            "forum hardest 11+ (1000)",
            "bench/puzzles5_forum_hardest_1905_11+.txt",
        ),
        ("forum hardest 1106", "forum_hardest_1106.txt"),
    ];
    let words = dlx::sudoku::required_words(3, 3).unwrap() as usize;
    let reopen = args.iter().any(|a| a == "--reopen");
    let (mut r1, mut r2) = (vec![0u32; words], vec![0u32; words]);
    Sudoku::init(&mut r1, 3, 3).unwrap();
    Sudoku::init(&mut r2, 3, 3).unwrap().use_fast_path(false);
    let (mut m1, mut m2) = (vec![0u32; words], vec![0u32; words]);
    let mut fast = Sudoku::init(&mut m1, 3, 3).unwrap();
    let mut general = Sudoku::init(&mut m2, 3, 3).unwrap();
    general.use_fast_path(false);
    println!(
        "{:<32} {:>5} | {:>10} {:>10} {:>10} | {:>12} {:>13} | {:>8}",
        "set, task (puzzles per CPU s)",
        "n",
        "helper",
        "general",
        "crate",
        "helper/crate",
        "helper/gen.",
        "guesses"
    );
    let set = args
        .iter()
        .find_map(|a| a.strip_prefix("--set="))
        .unwrap_or("");
    for (label, file) in sets.into_iter().filter(|(l, _)| l.contains(set)) {
        let mut puzzles = load(file);
        if quick {
            puzzles.truncate(200);
        }
        let n = puzzles.len();
        let parsed: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|(_, l)| sudoku::Sudoku::from_str_line(l).unwrap())
            .collect();
        let task = args
            .iter()
            .find_map(|a| a.strip_prefix("--task="))
            .unwrap_or("");
        for count in [false, true] {
            if !task.is_empty() && (task == "unique") != count {
                continue;
            }
            let (mut a, mut b, mut c) = (vec![], vec![], vec![]);
            let mut guesses = 0;
            for _ in 0..if quick { 1 } else { 3 } {
                if runs("helper") {
                    a.push(secs(|| {
                        guesses = if reopen {
                            helper_reopened(&mut r1, &puzzles, count)
                        } else {
                            helper(&mut fast, &puzzles, count)
                        }
                    }));
                }
                if runs("general") {
                    b.push(secs(|| {
                        if reopen {
                            helper_reopened(&mut r2, &puzzles, count);
                        } else {
                            helper(&mut general, &puzzles, count);
                        }
                    }));
                }
                if !runs("crate") {
                    continue;
                }
                c.push(secs(|| krate(&parsed, count)));
            }
            let (ours, gen, theirs) = (
                n as f64 / median(a),
                n as f64 / median(b),
                n as f64 / median(c),
            );
            println!(
                "{:<32} {:>5} | {:>10.0} {:>10.0} {:>10.0} | {:>11.2}x {:>12.2}x | {:>8.2}",
                format!("{label}, {}", if count { "unique" } else { "first" }),
                n,
                ours,
                gen,
                theirs,
                ours / theirs,
                ours / gen,
                guesses as f64 / n as f64
            );
        }
    }
    if !only.is_empty() {
        return;
    }
    // Generation: minimal 9x9 (fast path and general engine, same seeds), 16x16
    // minimal and 25x25 with proof limit 30000 (general engine).
    let k9 = if quick { 20 } else { 200 };
    let mut p = [0u8; 81];
    let mut per = [0.0f64; 2];
    let mut clues = [0usize; 2];
    for (i, sd) in [&mut fast, &mut general].into_iter().enumerate() {
        per[i] = secs(|| {
            for seed in 1..=k9 {
                sd.generate_start(seed, 0).unwrap();
                sd.generate(0, &mut p, None).unwrap();
                clues[i] += p.iter().filter(|&&v| v != 0).count();
            }
        }) / k9 as f64;
    }
    println!(
        "generate 9x9 minimal: helper {:.3} ms, general engine {:.3} ms per puzzle \
         (helper/general speed {:.2}x), {:.1} clues on average ({k9} puzzles)",
        per[0] * 1e3,
        per[1] * 1e3,
        per[1] / per[0],
        clues[0] as f64 / k9 as f64
    );
    for (br, limit) in [(4u32, 0u64), (5, 30_000)] {
        let nn = br * br;
        let mut mem = vec![0u32; dlx::sudoku::required_words(br, br).unwrap() as usize];
        let mut sd = Sudoku::init(&mut mem, br, br).unwrap();
        let mut p = vec![0u8; (nn * nn) as usize];
        let k = 2u64;
        let mut clues = 0;
        let t = secs(|| {
            for seed in 1..=k {
                sd.generate_start(seed, limit).unwrap();
                sd.generate(0, &mut p, None).unwrap();
                clues += p.iter().filter(|&&v| v != 0).count();
            }
        });
        println!(
            "generate {nn}x{nn}: {:.3} s per puzzle, {:.1} clues on average ({k} puzzles)",
            t / k as f64,
            clues as f64 / k as f64
        );
    }
}
