//! A Sudoku block the caller scribbled into between calls: every call ends, budget or
//! none, with an answer (right or wrong) or `Error::Corrupt`, never after a search
//! that the damage made endless (before the check of the search state, a cell left
//! with no candidate where no propagation looks made `next(0)` search the whole
//! subtree above it).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use dlx::outcome::Error;
use dlx::sudoku::{self, text, Sudoku};

/// The bad values each word takes: the ends of a word, its sign bit, a small number,
/// an index far past every region of the block.
const BAD: [u32; 5] = [0, 1, u32::MAX, 0x7fff_ffff, 100_000];

/// A shape to scribble: boxes, the general engine or not, a puzzle with a few
/// solutions.
struct Case {
    boxes: (u32, u32),
    fast: bool,
    puzzle: &'static str,
}

/// The first puzzle of top1465 (unique; the test takes away the first given whose
/// loss leaves a few solutions).
const NINE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

const CASES: [Case; 3] = [
    Case {
        boxes: (2, 2),
        fast: false,
        puzzle: "1....3..........",
    },
    Case {
        boxes: (3, 3),
        fast: true,
        puzzle: NINE,
    },
    Case {
        boxes: (3, 3),
        fast: false,
        puzzle: NINE,
    },
];

/// A block with the case's puzzle set and its search under way (two solutions found,
/// branch points open), and one with a generation under way.
fn prepared(case: &Case) -> (Vec<u32>, Vec<u32>, Vec<u8>) {
    let (br, bc) = case.boxes;
    let words = sudoku::required_words(br, bc).unwrap() as usize;
    let cells = (br * bc * br * bc) as usize;
    let mut grid = vec![0u8; cells];
    text::parse(case.puzzle.as_bytes(), br * bc, 0, &mut grid).unwrap();
    let mut search = vec![0u32; words];
    let mut out = vec![0u8; cells];
    {
        let mut s = Sudoku::init(&mut search, br, bc).unwrap();
        s.use_fast_path(case.fast);
        if s.count(&grid, 0).unwrap() < 3 {
            let few = (0..cells)
                .filter(|&c| grid[c] != 0)
                .find(|&c| {
                    let mut g = grid.clone();
                    g[c] = 0;
                    (3..1000).contains(&s.count(&g, 0).unwrap())
                })
                .unwrap();
            grid[few] = 0;
        }
        s.set_givens(&grid).unwrap();
        for _ in 0..2 {
            s.next(0, &mut out).unwrap();
        }
        s.next(3, &mut out).unwrap();
    }
    let mut gen = vec![0u32; words];
    {
        let mut s = Sudoku::init(&mut gen, br, bc).unwrap();
        s.use_fast_path(case.fast);
        s.generate_start(7, 0).unwrap();
        for _ in 0..5 {
            s.generate(40, &mut out, None).unwrap();
        }
    }
    (search, gen, grid)
}

/// Whether the search can read word `i` of the case's `block`: in a 9x9 block, not
/// the fast path's words when the general engine searches, nor the fast path's
/// branch points past the open ones (each is written before it is read). Skipping
/// them halves the sweep.
fn live(block: &[u32], case: &Case, i: usize) -> bool {
    // The fast path's words end the block: two states of 30 words, then 81 branch
    // points of 33; the header's word 33 counts the open ones.
    if case.boxes != (3, 3) {
        return true;
    }
    let nine = block.len() - 2733;
    i < nine || (case.fast && i < nine + 60 + 33 * (block[33] as usize + 1))
}

/// Every word of each case's blocks set to each bad value, then the calls without a
/// limit: `next(0)`, `count(grid, 0)`, `solve`, `generate(0)`. Counts the calls made
/// and those that said `Error::Corrupt`; `at` shows the case under way.
fn sweep(at: &AtomicUsize) -> (u64, u64) {
    let (mut ended, mut corrupt) = (0u64, 0u64);
    let mut note = |r: Result<(), Error>| {
        ended += 1;
        match r {
            Ok(()) | Err(Error::State) => {}
            Err(Error::Corrupt) => corrupt += 1,
            Err(e) => panic!("{e:?}"),
        }
    };
    for (k, case) in CASES.iter().enumerate() {
        let (search, gen, grid) = prepared(case);
        let mut out = vec![0u8; grid.len()];
        for i in 0..search.len() {
            if (dlx::block::W_WORDS..dlx::block::W_WORDS + 2).contains(&i) {
                // The block length (trusted, docs/PROMISES.md).
                continue;
            }
            for (b, &bad) in BAD.iter().enumerate() {
                at.store((k << 24) | (i << 4) | b, Ordering::Relaxed);
                if live(&search, case, i) {
                    let mut block = search.clone();
                    block[i] = bad;
                    if let Ok(mut s) = Sudoku::open(&mut block) {
                        note(s.next(0, &mut out).map(drop));
                        note(s.count(&grid, 0).map(drop));
                        note(s.solve(&grid, &mut out).map(drop));
                    }
                }
                if live(&gen, case, i) {
                    let mut block = gen.clone();
                    block[i] = bad;
                    if let Ok(mut s) = Sudoku::open(&mut block) {
                        note(s.generate(0, &mut out, None).map(drop));
                    }
                }
            }
        }
    }
    (ended, corrupt)
}

#[test]
fn a_scribbled_word_never_holds_a_call_without_a_budget() {
    // In a thread, so that a hang fails the test instead of freezing the run.
    let at = Arc::new(AtomicUsize::new(0));
    let seen = Arc::clone(&at);
    let (done, finished) = mpsc::channel();
    let worker = std::thread::spawn(move || done.send(sweep(&seen)).unwrap());
    let (ended, corrupt) = match finished.recv_timeout(Duration::from_secs(400)) {
        Ok(r) => r,
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            std::panic::resume_unwind(worker.join().unwrap_err())
        }
        Err(mpsc::RecvTimeoutError::Timeout) => {
            let a = at.load(Ordering::Relaxed);
            let case = &CASES[a >> 24];
            panic!(
                "an unlimited call did not return: boxes {:?}, fast {}, word {}, value {:#x}",
                case.boxes,
                case.fast,
                (a >> 4) & 0xF_FFFF,
                BAD[a & 15]
            );
        }
    };
    assert!(corrupt > 0 && corrupt < ended, "{corrupt} of {ended}");
}

/// The 64-bit figures (nodes, updates, solutions, the random state) at their largest:
/// every pair of neighbouring header words set to `u32::MAX`, then calls with and
/// without a budget. The counters wrap instead of overflowing (a panic in debug
/// builds, as fuzz `scribble` found on a solution count), and every call ends.
#[test]
fn header_figures_at_their_largest_wrap() {
    let mut calls = 0;
    for case in &CASES {
        let (search, gen, grid) = prepared(case);
        let mut out = vec![0u8; grid.len()];
        for i in 0..sudoku::HEADER_WORDS as usize - 1 {
            if (dlx::block::W_WORDS - 1..dlx::block::W_WORDS + 2).contains(&i) {
                continue;
            }
            let mut block = search.clone();
            block[i..i + 2].fill(u32::MAX);
            if let Ok(mut s) = Sudoku::open(&mut block) {
                let _ = s.next(3, &mut out);
                let _ = s.next(0, &mut out);
                let _ = s.count(&grid, 0);
                calls += 3;
            }
            let mut block = gen.clone();
            block[i..i + 2].fill(u32::MAX);
            if let Ok(mut s) = Sudoku::open(&mut block) {
                let _ = s.generate(50, &mut out, None);
                let _ = s.generate(0, &mut out, None);
                calls += 2;
            }
        }
    }
    assert!(calls > 100, "{calls} calls");
}
