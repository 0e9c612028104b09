//! Exact cover with multiplicities (Knuth's Algorithm M, his DLX3): random instances
//! with bounds [u, v] on the primary columns (and colours) against a brute-force
//! oracle and against DLX3's figures (solutions, nodes, updates, cleansings), kept
//! in tests/data/xcc/random_dlx3.txt (made as random_dlx2.txt is, with dlx3 and
//! `MCC_DUMP=dir cargo test --test mcc dump`).

mod common;

use common::xcc::Xcc;
use dlx::core::Step;

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
