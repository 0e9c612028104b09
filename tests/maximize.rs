//! Branch and bound (`Maximizer`) against exhaustive enumeration on random problems.

mod common;

use common::{assert_rejected, run_example, Problem, Rng};
use dlx::core::{max_required_words, Error, Maximizer, Solver, Step};

/// Random weights in `lo..lo+span`.
fn weights(rng: &mut Rng, n: usize, lo: i64, span: u64) -> Vec<i64> {
    (0..n).map(|_| lo + rng.below(span) as i64).collect()
}

/// The value and rows of the first maximum-weight solution in `next` order.
fn by_enumeration(p: &Problem, w: &[i64], forced: &[u32]) -> Option<(i128, Vec<u32>)> {
    let mut block = p.block();
    let mut s = p.load(&mut block);
    for &f in forced {
        s.select_row(f).unwrap();
    }
    let mut best: Option<(i128, Vec<u32>)> = None;
    while s.next(0).unwrap() == Step::Solution {
        let rows = s.solution().unwrap().to_vec();
        let v: i128 = rows.iter().map(|&r| i128::from(w[r as usize])).sum();
        if best.as_ref().is_none_or(|(b, _)| v > *b) {
            best = Some((v, rows));
        }
    }
    best
}

struct Run {
    best: Option<(i128, Vec<u32>)>,
    improvements: Vec<i128>,
    nodes: u64,
}

fn maximize(p: &Problem, w: &[i64], forced: &[u32], budget: u64) -> Run {
    let mut block = p.block();
    let mut s = p.load(&mut block);
    for &f in forced {
        s.select_row(f).unwrap();
    }
    let mut mblock = vec![0u32; max_required_words(&p.dims()).unwrap() as usize];
    let mut m = Maximizer::init(&mut mblock, p.dims()).unwrap();
    for (r, &x) in w.iter().enumerate() {
        m.set_weight(r as u32, x).unwrap();
    }
    let mut improvements = Vec::new();
    let mut calls = 0u64;
    loop {
        calls += 1;
        assert!(calls < 1_000_000, "no progress");
        match m.step(&mut s, budget).unwrap() {
            Step::Solution => {
                let (v, rows) = m.best().unwrap();
                assert!(p.is_solution(rows), "not a solution: {rows:?}");
                let sum: i128 = rows.iter().map(|&r| i128::from(w[r as usize])).sum();
                assert_eq!(sum, v);
                assert!(improvements.last().is_none_or(|&last| v > last));
                improvements.push(v);
            }
            Step::BudgetSpent => {}
            Step::Exhausted => break,
        }
    }
    assert!(m.stats().proven);
    // Later calls keep saying so.
    assert_eq!(m.step(&mut s, 0).unwrap(), Step::Exhausted);
    Run {
        best: m.best().map(|(v, r)| (v, r.to_vec())),
        improvements,
        nodes: s.stats().nodes,
    }
}

fn check(p: &Problem, w: &[i64], forced: &[u32], case: usize) {
    let want = by_enumeration(p, w, forced);
    let full = maximize(p, w, forced, 0);
    assert_eq!(full.best, want, "case {case}: {p:?} weights {w:?}");
    // Resuming with any budget gives the same improvements and the same answer.
    for budget in [1, 2, 7] {
        let r = maximize(p, w, forced, budget);
        assert_eq!(r.best, want, "case {case} budget {budget}");
        assert_eq!(
            r.improvements, full.improvements,
            "case {case} budget {budget}"
        );
        assert_eq!(r.nodes, full.nodes, "case {case} budget {budget}");
    }
    // The oracle over every subset agrees on the optimum value.
    let subsets = p.oracle();
    let best_value = subsets
        .iter()
        .map(|rows| {
            rows.iter()
                .map(|&r| i128::from(w[r as usize]))
                .sum::<i128>()
        })
        .filter(|_| forced.is_empty())
        .max();
    if forced.is_empty() {
        assert_eq!(full.best.as_ref().map(|b| b.0), best_value, "case {case}");
    }
}

#[test]
fn matches_exhaustive_enumeration_on_random_problems() {
    let mut rng = Rng(0x5EED_0005);
    for case in 0..400 {
        let p = Problem::random(&mut rng, 12);
        let w = match case % 4 {
            0 => weights(&mut rng, p.rows.len(), 0, 10),
            1 => weights(&mut rng, p.rows.len(), -10, 21),
            2 => weights(&mut rng, p.rows.len(), -1_000_000, 3), // many ties
            _ => weights(&mut rng, p.rows.len(), i64::MAX - 1000, 1000),
        };
        check(&p, &w, &[], case);
    }
}

#[test]
fn forced_rows_count_in_the_value() {
    let mut rng = Rng(77);
    let mut done = 0;
    for case in 0..600 {
        let p = Problem::random(&mut rng, 12);
        if p.rows.is_empty() {
            continue;
        }
        let f = rng.below(p.rows.len() as u64) as u32;
        if !p.rows[f as usize].iter().any(|&c| c < p.primary) {
            continue;
        }
        let w = weights(&mut rng, p.rows.len(), -5, 30);
        let want = by_enumeration(&p, &w, &[f]);
        let got = maximize(&p, &w, &[f], 0);
        assert_eq!(got.best, want, "case {case}");
        if let Some((_, rows)) = &got.best {
            assert_eq!(rows[0], f);
        }
        done += 1;
    }
    assert!(done > 100);
}

/// A denser family, where pruning matters: the bound must never cut the optimum.
#[test]
fn bound_prunes_without_losing_the_optimum() {
    let mut rng = Rng(4242);
    let mut pruned = 0;
    for case in 0..60 {
        let cols = 6 + rng.below(4) as u32;
        let mut rows = Vec::new();
        for _ in 0..40 {
            let mut r: Vec<u32> = (0..cols).filter(|_| rng.below(4) == 0).collect();
            if r.is_empty() {
                r.push(rng.below(u64::from(cols)) as u32);
            }
            rows.push(r);
        }
        for c in 0..cols {
            rows.push(vec![c]); // always solvable
        }
        let p = Problem {
            primary: cols,
            secondary: 0,
            rows,
        };
        let w = weights(&mut rng, p.rows.len(), -3, 50);
        let want = by_enumeration(&p, &w, &[]);
        let full = maximize(&p, &w, &[], 0);
        assert_eq!(full.best, want, "case {case}");
        let mut block = p.block();
        let mut s = p.load(&mut block);
        s.count(0).unwrap();
        assert!(full.nodes <= s.stats().nodes, "case {case}");
        pruned += u64::from(full.nodes < s.stats().nodes);
    }
    assert!(pruned > 30, "the bound should cut most of these searches");
}

#[test]
fn no_solution_means_no_best() {
    let p = Problem {
        primary: 3,
        secondary: 0,
        rows: vec![vec![0, 1], vec![1, 2]],
    };
    let r = maximize(&p, &[5, 7], &[], 0);
    assert_eq!(r.best, None);
    // No primary column: the empty solution, value 0.
    let empty = Problem {
        primary: 0,
        secondary: 2,
        rows: vec![vec![0]],
    };
    assert_eq!(maximize(&empty, &[9], &[], 0).best, Some((0, vec![])));
}

#[test]
fn state_rules() {
    let p = common::queens(6);
    let mut block = p.block();
    let mut s = p.load(&mut block);
    let mut mblock = vec![0u32; max_required_words(&p.dims()).unwrap() as usize];
    let mut m = Maximizer::init(&mut mblock, p.dims()).unwrap();
    assert_eq!(m.set_weight(p.rows.len() as u32 + 1000, 1), Err(Error::Arg));
    for r in 0..p.rows.len() as u32 {
        m.set_weight(r, i64::from(r % 7)).unwrap();
    }
    assert_eq!(m.step(&mut s, 0).unwrap(), Step::Solution);
    assert_eq!(m.set_weight(0, 1), Err(Error::State));
    let first = m.best().unwrap().0;
    // Someone else resets the solver: the next step starts afresh.
    s.reset();
    assert_eq!(m.step(&mut s, 0).unwrap(), Step::Solution);
    assert_eq!(m.best().unwrap().0, first);
    assert_eq!(m.stats().improvements, 1);
    while m.step(&mut s, 0).unwrap() == Step::Solution {}
    assert!(m.stats().proven);
    m.set_weight(0, 1).unwrap();
    // Other dimensions are refused.
    let q = common::queens(5);
    let mut qb = q.block();
    let mut qs = q.load(&mut qb);
    assert_eq!(m.step(&mut qs, 0), Err(Error::Arg));
    // A damaged header is refused.
    mblock[0] ^= 1;
    assert!(Maximizer::open(&mut mblock).is_err());
    drop(s);
    assert!(Solver::open(&mut block).is_ok());
}

// ------------------------------------------------------------------ the p1074 program

const SAMPLE1: &str = "7 0 0 9 0 0 0 0 1\n1 0 0 0 0 5 9 0 0\n0 0 0 2 0 0 0 8 0\n\
0 0 5 0 2 0 0 0 3\n0 0 0 0 0 0 6 4 8\n4 1 3 0 0 0 0 0 0\n0 0 7 0 0 2 0 9 0\n\
2 0 1 0 6 0 8 0 4\n0 8 0 5 0 4 0 1 2\n";

#[test]
fn p1074_rejects_malformed_input() {
    let nine = |line: &str| format!("{line}\n").repeat(9);
    let row = "0 0 0 0 0 0 0 0 0";
    let mut cases: Vec<(&str, String)> = vec![
        ("empty", String::new()),
        ("eight lines", format!("{row}\n").repeat(8)),
        ("eight entries", nine("0 0 0 0 0 0 0 0")),
        ("ten entries", nine("0 0 0 0 0 0 0 0 0 0")),
        ("letter", nine("0 0 0 0 a 0 0 0 0")),
        ("10", nine("10 0 0 0 0 0 0 0 0")),
        ("-3", nine("-3 0 0 0 0 0 0 0 0")),
        ("07", nine("07 0 0 0 0 0 0 0 0")),
        ("+5", nine("+5 0 0 0 0 0 0 0 0")),
        ("4.5", nine("4.5 0 0 0 0 0 0 0 0")),
        ("commas", nine("0,0,0,0,0,0,0,0,0")),
        ("text after", format!("{}x\n", nine(row))),
        ("tenth line", format!("{}{row}\n", nine(row))),
        ("NUL", nine("0 0 0 0 \0 0 0 0 0")),
        (
            "blank line inside",
            format!("{row}\n\n{}", format!("{row}\n").repeat(8)),
        ),
    ];
    cases.push(("binary", "\u{ff}\u{fe}".repeat(50)));
    for (what, input) in &cases {
        assert_rejected("p1074", &[], input.as_bytes(), what);
    }
}

#[test]
fn p1074_accepts_layout_variants_and_answers_the_samples() {
    let variants = [
        SAMPLE1.to_string(),
        SAMPLE1.replace('\n', " \n"),
        SAMPLE1.replace('\n', "\r\n"),
        SAMPLE1.replace(' ', "\t"),
        SAMPLE1.replace('\n', "\n  ").trim_end().to_string(),
        format!("{SAMPLE1}\n  \n\t\n"),
    ];
    for v in &variants {
        let out = run_example("p1074", &[], v.as_bytes());
        assert!(
            out.status.success(),
            "{v:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.stdout, b"2829\n", "{v:?}");
    }
    // Givens that break the rules: no completion.
    let clash = SAMPLE1.replacen("7 0 0 9", "7 7 0 9", 1);
    assert_eq!(run_example("p1074", &[], clash.as_bytes()).stdout, b"-1\n");
}

/// Random puzzles from a known grid: the program's answer is the best score over all
/// completions, found here by enumerating them with the plain solver.
#[test]
fn p1074_matches_enumeration_of_all_completions() {
    let grid: Vec<u8> =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .bytes()
            .map(|b| b - b'0')
            .collect();
    let score = |cell: usize| {
        let (r, c) = ((cell / 9) as i64, (cell % 9) as i64);
        10 - (r - 4).abs().max((c - 4).abs())
    };
    let sudoku = Problem {
        primary: 324,
        secondary: 0,
        rows: (0..729u32)
            .map(|i| {
                let (r, c, d) = (i / 81, i / 9 % 9, i % 9);
                vec![
                    9 * r + c,
                    81 + 9 * r + d,
                    162 + 9 * c + d,
                    243 + 9 * (3 * (r / 3) + c / 3) + d,
                ]
            })
            .collect(),
    };
    let mut rng = Rng(1074);
    for case in 0..8 {
        let blanks = 40 + rng.below(15) as usize;
        let mut puzzle = grid.clone();
        // Relabel digits at random so the puzzles differ in more than the blanks.
        let mut perm: Vec<u8> = (1..=9).collect();
        for i in (1..9).rev() {
            perm.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for v in puzzle.iter_mut() {
            *v = perm[*v as usize - 1];
        }
        let mut cells: Vec<usize> = (0..81).collect();
        for i in (1..81).rev() {
            cells.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for &c in &cells[..blanks] {
            puzzle[c] = 0;
        }
        let mut block = sudoku.block();
        let mut s = sudoku.load(&mut block);
        for (c, &v) in puzzle.iter().enumerate() {
            if v != 0 {
                s.select_row((c * 9 + v as usize - 1) as u32).unwrap();
            }
        }
        let mut best = -1i64;
        let mut n = 0;
        while s.next(0).unwrap() == Step::Solution {
            let total: i64 = s
                .solution()
                .unwrap()
                .iter()
                .map(|&r| score(r as usize / 9) * (r as i64 % 9 + 1))
                .sum();
            best = best.max(total);
            n += 1;
            assert!(
                n < 200_000,
                "case {case}: too many completions for the test"
            );
        }
        let text: String = puzzle
            .chunks(9)
            .map(|row| {
                let v: Vec<String> = row.iter().map(|d| d.to_string()).collect();
                v.join(" ") + "\n"
            })
            .collect();
        let out = run_example("p1074", &[], text.as_bytes());
        assert!(out.status.success());
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            format!("{best}\n"),
            "case {case} ({n} completions)"
        );
    }
}
