//! Exact cover with multiplicities (Knuth's Algorithm M, his DLX3): random instances
//! with bounds [u, v] on the primary columns (and colours) against a brute-force
//! oracle and against DLX3's figures (solutions, nodes, updates, cleansings), kept
//! in tests/data/xcc/random_dlx3.txt (made as random_dlx2.txt is, with dlx3 and
//! `MCC_DUMP=dir cargo test --test mcc dump`).

mod common;

use common::xcc::{solutions_in_steps, Xcc};
use dlx::core::{Error, Step};

const RANDOM: u64 = 200;

#[test]
fn dump() {
    let Some(dir) = std::env::var_os("MCC_DUMP") else {
        return;
    };
    std::fs::create_dir_all(&dir).unwrap();
    for seed in 0..RANDOM {
        let p = std::path::Path::new(&dir).join(format!("{seed:03}.dlx"));
        std::fs::write(p, Xcc::random_mcc(seed).knuth()).unwrap();
    }
}

fn dlx3_figures() -> Vec<[u64; 5]> {
    include_str!("data/xcc/random_dlx3.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let v: Vec<u64> = l.split_whitespace().map(|w| w.parse().unwrap()).collect();
            [v[0], v[1], v[2], v[3], v[4]]
        })
        .collect()
}

#[test]
fn random_instances_agree_with_dlx3_figure_for_figure() {
    let expected = dlx3_figures();
    assert_eq!(expected.len() as u64, RANDOM);
    for e in expected {
        let x = Xcc::random_mcc(e[0]);
        let mut block = x.block();
        let mut s = x.load(&mut block);
        let n = s.count(0);
        let st = s.stats();
        assert_eq!(
            [n, st.nodes, st.updates, st.cleansings],
            [e[1], e[2], e[3], e[4]],
            "seed {} (solutions nodes updates cleansings)\n{}",
            e[0],
            x.knuth()
        );
    }
}

#[test]
fn random_instances_agree_with_the_oracle_and_budgets_change_nothing() {
    for seed in 0..RANDOM {
        let x = Xcc::random_mcc(seed);
        let mut block = x.block();
        let mut s = x.load(&mut block);
        let mut all = Vec::new();
        while s.next(0) == Step::Solution {
            let mut sol = s.solution().unwrap().to_vec();
            assert!(x.is_solution(&sol), "seed {seed}: {sol:?}\n{}", x.knuth());
            sol.sort();
            all.push(sol);
        }
        let whole = s.stats();
        let mut distinct = all.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), all.len(), "seed {seed}: a solution twice");
        assert_eq!(all.len() as u64, x.oracle(), "seed {seed}\n{}", x.knuth());
        s.reset();
        let mut pieces = Vec::new();
        loop {
            match s.next(2) {
                Step::Solution => {
                    let mut sol = s.solution().unwrap().to_vec();
                    sol.sort();
                    pieces.push(sol);
                }
                Step::BudgetSpent => {}
                Step::Exhausted => break,
            }
        }
        assert_eq!(pieces, all, "seed {seed}");
        let st = s.stats();
        assert_eq!((st.nodes, st.updates), (whole.nodes, whole.updates));
    }
}

/// Forced rows with bounds: a row is taken when it is compatible with the forced rows
/// before it (no primary column over its upper bound, one colour per shared secondary
/// column) and refused with `Conflict` otherwise, nothing changed; every solution then
/// starts with the forced rows, and the solutions are the oracle's that hold them, in
/// any budget. Lowering a bound below the forced rows' uses leaves no solution.
#[test]
fn forced_rows_with_bounds_agree_with_the_oracle() {
    let mut taken = 0;
    let mut refused = 0;
    for seed in 0..RANDOM {
        let x = Xcc::random_mcc(seed);
        if x.rows.is_empty() {
            continue;
        }
        let mut block = x.block();
        let mut s = x.load(&mut block);
        if seed % 2 == 1 {
            s.set_seed(seed).unwrap();
        }
        let mut forced = Vec::new();
        for k in 0..3u64 {
            let row = ((seed * 7 + k * 13) % x.rows.len() as u64) as u32;
            let mut with = forced.clone();
            with.push(row);
            let ok = !forced.contains(&row) && x.compatible(&with);
            let before = s.header();
            match s.select_row(row) {
                Ok(()) => {
                    assert!(ok, "seed {seed}: {row} forced beside {forced:?}");
                    forced.push(row);
                    taken += 1;
                }
                Err(e) => {
                    assert!(!ok, "seed {seed}: {row} refused ({e:?}) beside {forced:?}");
                    assert_eq!(e, Error::Conflict);
                    assert_eq!(s.header(), before, "seed {seed}: a refusal changed nothing");
                    refused += 1;
                }
            }
        }
        let want = x.oracle_with(&forced);
        let mut all = Vec::new();
        while s.next(0) == Step::Solution {
            let sol = s.solution().unwrap().to_vec();
            assert_eq!(
                sol[..forced.len()],
                forced[..],
                "seed {seed}: forced rows first"
            );
            assert!(x.is_solution(&sol), "seed {seed}: {sol:?}\n{}", x.knuth());
            all.push(sol);
        }
        assert_eq!(
            all.len() as u64,
            want,
            "seed {seed} forced {forced:?}\n{}",
            x.knuth()
        );
        let pieces = solutions_in_steps(&mut s, 3);
        assert_eq!(pieces, all, "seed {seed}");
        if let Some(&row) = forced.first() {
            // A bound lowered below the forced rows' uses: no solution at all.
            let (c, _) = x.rows[row as usize]
                .iter()
                .copied()
                .find(|&(c, _)| c < x.primary)
                .unwrap();
            let uses = forced
                .iter()
                .filter(|&&r| x.rows[r as usize].iter().any(|e| e.0 == c))
                .count() as u32;
            if uses == 1 {
                s.set_bounds(c, 0, 0).unwrap_err();
            } else {
                s.set_bounds(c, 0, uses - 1).unwrap();
                assert_eq!(s.count(0), 0, "seed {seed}");
            }
            // Dropping the forced rows gives the whole count back.
            s.unselect_all().unwrap();
            let (u, v) = x.bounds[c as usize];
            s.set_bounds(c, u, v).unwrap();
            assert_eq!(s.count(0), x.oracle(), "seed {seed}");
        }
    }
    assert!(
        taken > 100 && refused > 50,
        "taken {taken}, refused {refused}"
    );
}

/// Algorithm M's split into search paths (what `dlx_count_parallel` hands its
/// threads): at every depth the counts below the paths plus the solutions above them
/// are the whole count, with seeds and forced rows too; a path no search takes is
/// refused.
#[test]
fn counts_below_the_paths_at_any_depth_add_up() {
    let mut paths_seen = 0;
    for seed in 0..RANDOM {
        let x = Xcc::random_mcc(seed);
        let mut block = x.block();
        let mut s = x.load(&mut block);
        if seed % 3 == 1 {
            s.set_seed(seed * 31 + 5).unwrap();
        }
        if seed % 4 == 2 && !x.rows.is_empty() {
            let _ = s.select_row((seed % x.rows.len() as u64) as u32);
        }
        let whole = s.count(0);
        for depth in 1..=4u32 {
            let mut paths: Vec<Vec<u32>> = Vec::new();
            let mut shallow = 0;
            s.each_path_m(depth, |path, is_solution| {
                if is_solution {
                    shallow += 1;
                } else {
                    assert_eq!(path.len(), depth as usize);
                    paths.push(path.to_vec());
                }
            });
            let mut below = 0;
            for path in &paths {
                let n = s.count_below_path(path, 0).expect("a path of the search");
                assert_eq!(s.count_below_path(path, 1), Some(n.min(1)));
                below += n;
            }
            assert_eq!(shallow + below, whole, "seed {seed} depth {depth}");
            paths_seen += paths.len();
            if let Some(path) = paths.first() {
                for bad in [0, u32::MAX] {
                    let mut wrong = path.clone();
                    *wrong.last_mut().unwrap() = bad;
                    assert_eq!(s.count_below_path(&wrong, 0), None, "seed {seed}");
                }
                let too_long = vec![path[0]; s.dims().levels() as usize + 1];
                assert_eq!(s.count_below_path(&too_long, 0), None);
            }
        }
        assert_eq!(s.count(0), whole, "seed {seed}: left as it was");
    }
    assert!(paths_seen > 1000, "{paths_seen} paths");
    // Without bounds (Algorithm C splits into row prefixes): no paths.
    let x = Xcc::random(3);
    let mut block = x.block();
    let mut s = x.load(&mut block);
    let mut reports = 0;
    s.each_path_m(1, |_, _| reports += 1);
    assert_eq!((reports, s.count_below_path(&[], 0)), (0, None));
}

/// Progress with bounds: Knuth's estimate (DLX3's), read after every step of a
/// search with a tiny budget, starts at 0, never goes back, ends at 1, and moves in
/// between.
#[test]
fn progress_with_bounds_is_monotone_and_moves() {
    let mut moving = 0;
    for seed in 0..RANDOM {
        let x = Xcc::random_mcc(seed);
        let mut block = x.block();
        let mut s = x.load(&mut block);
        if seed % 3 == 2 {
            s.set_seed(seed + 1).unwrap();
        }
        let mut trace = vec![s.progress()];
        loop {
            let step = s.next(1 + seed % 3);
            trace.push(s.progress());
            if step == Step::Exhausted {
                break;
            }
        }
        assert_eq!(trace[0], 0.0);
        assert_eq!(*trace.last().unwrap(), 1.0, "seed {seed}");
        for w in trace.windows(2) {
            assert!(w[0] <= w[1], "seed {seed}: {} -> {}", w[0], w[1]);
        }
        let between = trace.iter().filter(|&&f| f > 0.0 && f < 1.0).count();
        if between > 2 {
            moving += 1;
        }
    }
    assert!(
        moving > RANDOM / 2,
        "{moving} searches with a moving estimate"
    );
}
