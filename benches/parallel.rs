//! Speed-up of `dlx_count_parallel` over `dlx_count` (same run, same machine):
//! N-queens 14, pentominoes on the 6x10 board, and with multiplicities (Algorithm
//! M, split into search paths) two queens in every row and column of the 8x8 board.
//!
//!     cargo bench --features parallel --bench parallel [-- THREADS] [--reps N] [WORD...]
//!
//! Each problem is counted N times (default 5) serially and in parallel, the two
//! alternating so that a slow spell of the machine hits both. Prints each pair's
//! speed-up, then the median times, the median of the pairs' speed-ups and the CPU
//! time of the median pair, and checks every count against the known one. WORDs
//! keep only the problems whose names contain one of them.

use std::time::Instant;

use dlx::ffi::*;

struct Problem {
    name: &'static str,
    primary: u32,
    secondary: u32,
    rows: Vec<Vec<u32>>,
    /// Bounds [lo, hi] of the first primary columns (none: a plain solver).
    bounds: Vec<(u32, u32)>,
    count: u64,
}

fn queens(n: u32, count: u64) -> Problem {
    let mut rows = Vec::new();
    for r in 0..n {
        for c in 0..n {
            rows.push(vec![r, n + c, 2 * n + r + c, 4 * n - 1 + r + n - 1 - c]);
        }
    }
    Problem {
        name: "queens 14",
        primary: 2 * n,
        secondary: 2 * (2 * n - 1),
        rows,
        bounds: Vec::new(),
        count,
    }
}

/// The 12 pentominoes on a `h` x `w` board: 12 piece columns, then one per cell.
fn pentominoes(h: i32, w: i32, count: u64) -> Problem {
    const PIECES: [&str; 12] = [
        "01234",         // I
        "0 1 2 3 10",    // L (cells as row*10+col, see below)
        "0 1 2 11 21",   // T
        "0 1 11 12 22",  // W
        "0 1 2 10 12",   // U
        "0 1 11 12 13",  // N
        "1 10 11 12 21", // X
        "0 1 2 3 11",    // Y
        "0 1 11 21 22",  // Z
        "0 1 10 11 20",  // P
        "0 10 20 21 22", // V
        "1 2 10 11 21",  // F
    ];
    let mut rows = Vec::new();
    for (p, text) in PIECES.iter().enumerate() {
        let cells: Vec<(i32, i32)> = if p == 0 {
            (0..5).map(|c| (0, c)).collect()
        } else {
            text.split_whitespace()
                .map(|t| t.parse::<i32>().unwrap())
                .map(|v| (v / 10, v % 10))
                .collect()
        };
        let mut shapes: Vec<Vec<(i32, i32)>> = Vec::new();
        for t in 0..8 {
            let mut s: Vec<(i32, i32)> = cells
                .iter()
                .map(|&(r, c)| {
                    let (r, c) = if t & 1 == 1 { (c, r) } else { (r, c) };
                    let r = if t & 2 == 2 { -r } else { r };
                    if t & 4 == 4 {
                        (r, -c)
                    } else {
                        (r, c)
                    }
                })
                .collect();
            let (mr, mc) = (
                s.iter().map(|x| x.0).min().unwrap(),
                s.iter().map(|x| x.1).min().unwrap(),
            );
            for x in &mut s {
                *x = (x.0 - mr, x.1 - mc);
            }
            s.sort();
            if !shapes.contains(&s) {
                shapes.push(s);
            }
        }
        for s in &shapes {
            for dr in 0..h {
                for dc in 0..w {
                    if s.iter().all(|&(r, c)| r + dr < h && c + dc < w) {
                        let mut row = vec![p as u32];
                        row.extend(s.iter().map(|&(r, c)| 12 + ((r + dr) * w + c + dc) as u32));
                        rows.push(row);
                    }
                }
            }
        }
    }
    Problem {
        name: "pentominoes 6x10",
        primary: 12 + (h * w) as u32,
        secondary: 0,
        rows,
        bounds: Vec::new(),
        count,
    }
}

/// Exactly `k` queens in every row and column of the n x n board, at most `k` on
/// every diagonal: every column has bounds.
fn queens_mcc(n: u32, k: u32, count: u64) -> Problem {
    let mut p = queens(n, count);
    p.name = "2-queens 8 (MCC)";
    p.primary += p.secondary;
    p.secondary = 0;
    p.bounds = vec![(k, k); 2 * n as usize];
    p.bounds.extend(vec![(0, k); 4 * n as usize - 2]);
    p
}

fn solver(p: &Problem) -> *mut dlx_solver {
    let d = dlx_xdims {
        primary: p.primary,
        secondary: p.secondary,
        max_rows: p.rows.len() as u32,
        max_entries: p.rows.iter().map(|r| r.len() as u32).sum(),
        colors: 0,
        bounded: p.bounds.len() as u32,
    };
    let mut s = std::ptr::null_mut();
    // SAFETY: valid pointers.
    unsafe {
        assert_eq!(dlx_new_x(&d, &mut s), DLX_OK);
        for (c, &(lo, hi)) in p.bounds.iter().enumerate() {
            assert_eq!(dlx_set_bounds(s, c as u32, lo, hi), DLX_OK);
        }
        for r in &p.rows {
            assert_eq!(
                dlx_add_row(s, r.as_ptr(), r.len(), std::ptr::null_mut()),
                DLX_OK
            );
        }
    }
    s
}

/// CPU seconds used by this process so far, all threads (Linux: /proc/self/stat,
/// in USER_HZ = 100 ticks); 0 elsewhere. On a loaded machine, wall-clock speed-up
/// says little, but serial CPU / parallel CPU still shows the work overhead.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let after = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // Fields 14 and 15 (utime, stime) are at 11 and 12 after the command name.
    (ticks(11) + ticks(12)) / 100.0
}

/// Times one count: wall seconds and process CPU seconds.
fn timed(count: impl FnOnce()) -> (f64, f64) {
    let (t0, c0) = (Instant::now(), cpu_seconds());
    count();
    (t0.elapsed().as_secs_f64(), cpu_seconds() - c0)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let (mut threads, mut reps, mut words) = (2u32, 5usize, Vec::new());
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--reps" => reps = args.next().and_then(|n| n.parse().ok()).unwrap_or(reps),
            "--bench" => {} // passed by cargo bench
            _ => match a.parse() {
                Ok(n) => threads = n,
                Err(_) => words.push(a),
            },
        }
    }
    let reps = reps.max(1);
    for p in [
        queens(14, 365_596),
        pentominoes(6, 10, 9356),
        queens_mcc(8, 2, 477_136),
    ] {
        if !words.is_empty() && !words.iter().any(|w| p.name.contains(w.as_str())) {
            continue;
        }
        let s = solver(&p);
        // (serial wall, serial CPU, parallel wall, parallel CPU) per repetition.
        let mut runs = Vec::new();
        for _ in 0..reps {
            let (mut serial, mut par) = (0, 0);
            // SAFETY: a live handle and valid out-pointers.
            let (ts, cs) = timed(|| unsafe { assert_eq!(dlx_count(s, 0, &mut serial), DLX_OK) });
            let (tp, cp) = timed(|| unsafe {
                assert_eq!(dlx_count_parallel(s, threads, 0, &mut par), DLX_OK)
            });
            assert_eq!(serial, p.count, "{}", p.name);
            assert_eq!(par, p.count, "{}", p.name);
            runs.push((ts, cs, tp, cp));
        }
        let ups: Vec<f64> = runs.iter().map(|r| r.0 / r.2).collect();
        let listed: Vec<String> = ups.iter().map(|u| format!("{u:.2}")).collect();
        let mid = median(ups.clone());
        let pair = runs[ups.iter().position(|&u| u == mid).unwrap_or(0)];
        println!(
            "{:<18} {:>8} solutions  serial {:>7.3} s  {} threads {:>7.3} s  speed-up {:.2}x \
             (median of {}: {})  CPU of that pair {:.2} s vs {:.2} s",
            p.name,
            p.count,
            median(runs.iter().map(|r| r.0).collect()),
            threads,
            median(runs.iter().map(|r| r.2).collect()),
            mid,
            reps,
            listed.join(" "),
            pair.1,
            pair.3
        );
        // SAFETY: made by dlx_new.
        unsafe { dlx_free(s) };
    }
}
