//! The 9x9 fast path against the general engine (differential). The input makes a
//! 9x9 grid either from raw bytes (mostly blanks, random givens that may clash) or
//! by mutating a complete grid (the pattern grid with its symbols permuted, some
//! cells blanked, a few overwritten). Both engines count its solutions up to 3 and
//! must agree; the fast path's first solution must keep the givens and be valid, be
//! the general engine's when the solution is unique, and come out the same under a
//! small budget per call as without one, with the same figures, every call that runs
//! out of budget having spent it (so the calls are at most the updates over the
//! budget, plus one). The budgeted calls open the block afresh, as the C API does, so
//! that each one checks the block (after one update in fuzzing builds), unless the
//! first solution lies deep in the search (then one value makes them all).
#![no_main]

use dlx::outcome::{Stats, Step};
use dlx::sudoku::{self, Sudoku};
use libfuzzer_sys::fuzz_target;

fn valid(givens: &[u8], g: &[u8]) -> bool {
    let unit = |cells: &mut dyn Iterator<Item = usize>| {
        let mut seen = 0u32;
        for c in cells {
            if g[c] == 0 || g[c] > 9 {
                return false;
            }
            seen |= 1 << g[c];
        }
        seen == 0x3FE
    };
    (0..9).all(|i| {
        let (r0, c0) = ((i / 3) * 3, (i % 3) * 3);
        unit(&mut (0..9).map(|j| i * 9 + j))
            && unit(&mut (0..9).map(|j| j * 9 + i))
            && unit(&mut (0..9).map(|k| (r0 + k / 3) * 9 + c0 + k % 3))
    }) && givens.iter().zip(g).all(|(&a, &b)| a == 0 || a == b)
}

fn grid_of(data: &[u8]) -> [u8; 81] {
    let mut g = [0u8; 81];
    let Some((&mode, rest)) = data.split_first() else {
        return g;
    };
    if mode & 1 == 0 {
        // Raw: a byte per cell, a given when it is 1..9 (about one in three).
        for (c, &b) in rest.iter().take(81).enumerate() {
            g[c] = if b % 3 == 0 { b % 9 + 1 } else { 0 };
        }
        return g;
    }
    // Mutated: a permuted pattern grid, blanked where the bytes say, a few changed.
    let mut perm = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    for (i, &b) in rest.iter().take(8).enumerate() {
        perm.swap(i, i + usize::from(b) % (9 - i));
    }
    for (c, v) in g.iter_mut().enumerate() {
        let (r, k) = (c as u32 / 9, c as u32 % 9);
        *v = perm[sudoku::engine::pattern_symbol(3, 3, r, k) as usize];
    }
    let keep = u32::from(mode >> 1) % 64 + 8;
    for (c, &b) in rest.iter().skip(8).take(81).enumerate() {
        if u32::from(b) % 81 >= keep {
            g[c] = 0;
        }
    }
    for pair in rest.get(89..).unwrap_or(&[]).chunks(2).take(3) {
        if let [c, v] = *pair {
            g[usize::from(c) % 81] = v % 10;
        }
    }
    g
}

fuzz_target!(|data: &[u8]| {
    let g = grid_of(data);
    let budget = u64::from(data.last().copied().unwrap_or(0) % 50) + 1;
    let words = sudoku::required_words(3, 3).unwrap() as usize;
    let (mut m1, mut m2) = (vec![0u32; words], vec![0u32; words]);
    let mut fast = Sudoku::init(&mut m1, 3, 3).unwrap();
    let mut general = Sudoku::init(&mut m2, 3, 3).unwrap();
    general.use_fast_path(false);
    let count = fast.count(&g, 3).unwrap();
    assert_eq!(count, general.count(&g, 3).unwrap(), "counts differ");
    let (mut a, mut b) = ([0u8; 81], [0u8; 81]);
    let first = fast.solve(&g, &mut a).unwrap();
    assert_eq!(first == Step::Solution, count > 0);
    if count == 0 {
        return;
    }
    assert!(valid(&g, &a), "invalid solution");
    if count == 1 {
        assert_eq!(general.solve(&g, &mut b).unwrap(), Step::Solution);
        assert_eq!(a, b, "unique solutions differ");
    }
    let want = fast.stats().unwrap();
    fast.set_givens(&g).unwrap();
    let (got, calls) = first_in_budgets(&mut m1, budget, want.updates <= 100_000, &mut b);
    assert_eq!(a, b, "a budget changed the first solution");
    assert_eq!(got, want, "a budget changed the figures");
    assert!(calls <= want.updates / budget + 1, "{calls} calls");
});

/// The first solution of the puzzle set in `m` into `out` by calls of `budget`
/// updates, each on the block opened afresh (`reopen`, as a C call) or all on one
/// value: the figures then and the calls made. A call that runs out of budget must
/// have spent it.
fn first_in_budgets(m: &mut [u32], budget: u64, reopen: bool, out: &mut [u8]) -> (Stats, u64) {
    let mut calls = 0;
    let mut call = |s: &mut Sudoku<'_>| {
        calls += 1;
        let before = s.stats().unwrap().updates;
        match s.next(budget, out).unwrap() {
            Step::Solution => true,
            Step::BudgetSpent => {
                let spent = s.stats().unwrap().updates - before;
                assert!(spent >= budget, "call {calls}: {spent} updates of {budget}");
                false
            }
            Step::Exhausted => panic!("a budget lost the solution"),
        }
    };
    if reopen {
        while !call(&mut Sudoku::open(m).unwrap()) {}
    } else {
        let mut s = Sudoku::open(m).unwrap();
        while !call(&mut s) {}
    }
    (Sudoku::open(m).unwrap().stats().unwrap(), calls)
}
