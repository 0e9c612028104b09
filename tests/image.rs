//! Images: a block copied at any point of a search resumes exactly; damaged or
//! truncated images are refused (and left as they were) or, where the damage is
//! harmless, resume to the same solutions. Never a panic.

mod common;

use common::{assert_rejected, queens, run_example, solutions_with_budget, sorted, Problem, Rng};
use dlx::core::{seal_image, Error, Header, Phase, Solver, Step, FLAG_HAS_SOLUTION, FLAG_SHUFFLED};

/// Runs the search in `block` for `stops` steps of `budget` (or to the end) and
/// returns the solutions seen so far; the block then holds the paused state, sealed
/// as an image (its checksum written, as `dlx_image` does).
fn advance(block: &mut [u32], stops: u64, budget: u64) -> Vec<Vec<u32>> {
    let mut s = Solver::open(block).unwrap();
    let mut out = Vec::new();
    for _ in 0..stops {
        match s.next(budget).unwrap() {
            Step::Solution => out.push(s.solution().unwrap().to_vec()),
            Step::Exhausted => break,
            Step::BudgetSpent => {}
        }
    }
    s.seal();
    out
}

/// Every remaining solution of the state in `block`.
fn rest(block: &mut [u32]) -> Vec<Vec<u32>> {
    let mut s = Solver::open(block).unwrap();
    solutions_with_budget(&mut s, 0)
}

fn as_set(v: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let mut v: Vec<Vec<u32>> = v.iter().cloned().map(sorted).collect();
    v.sort();
    v
}

/// Checks that an image `Solver::attach` accepted behaves exactly like a state the
/// search reaches: the solution it shows (if any) and the solutions it goes on to
/// report are consecutive elements of the whole enumeration of its problem (the
/// same image reset and searched from the start), every one an exact cover of `p`.
/// `accepted` is the image as attached (before any search on it).
fn assert_reachable(p: &Problem, accepted: &[u32], what: &str) {
    let mut whole = accepted.to_vec();
    let mut s = Solver::open(&mut whole).unwrap();
    s.reset();
    let all = solutions_with_budget(&mut s, 0);
    for sol in &all {
        assert!(p.is_solution(sol), "{what}: {sol:?} is no exact cover");
    }
    assert_eq!(as_set(&all).windows(2).filter(|w| w[0] == w[1]).count(), 0);
    let mut image = accepted.to_vec();
    let mut s = Solver::open(&mut image).unwrap();
    let shown = s.solution().map(<[u32]>::to_vec);
    let rest = solutions_with_budget(&mut s, 3);
    let start = all.len().checked_sub(rest.len());
    assert!(
        start.is_some_and(|i| all[i..] == rest[..]),
        "{what}: {rest:?} is not a suffix of {all:?}"
    );
    if let Some(shown) = shown {
        let i = start.unwrap();
        assert!(
            i > 0 && all[i - 1] == shown,
            "{what}: shows {shown:?}, then goes on with {rest:?} of {all:?}"
        );
    }
}

/// A problem built in a fresh block, with `forced` rows selected where they fit and
/// an optional seed.
fn build(p: &Problem, rng: &mut Rng) -> Vec<u32> {
    let mut block = p.block();
    let mut s = p.load(&mut block);
    if rng.below(3) == 0 {
        s.set_seed(rng.next() | 1).unwrap();
    }
    if !p.rows.is_empty() && rng.below(3) == 0 {
        let _ = s.select_row(rng.below(p.rows.len() as u64) as u32);
    }
    s.seal();
    drop(s);
    block
}

#[test]
fn round_trip_at_random_stop_points() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for case in 0..400 {
        let p = if case % 20 == 0 {
            queens(6)
        } else {
            Problem::random(&mut rng, 12)
        };
        let mut block = build(&p, &mut rng);
        let budget = [1, 2, 3, 7, 50][rng.below(5) as usize];
        let stops = rng.below(40);
        let mut whole = block.clone();
        let all = rest(&mut whole);
        let seen = advance(&mut block, stops, budget);
        // The image: the block's words, copied elsewhere.
        let mut image = block.clone();
        image.extend_from_slice(&[0xdead_beef; 3]); // a longer buffer is fine
        let original = image.clone();
        let mut s = Solver::attach(&mut image).expect("a real image is accepted");
        let after = solutions_with_budget(&mut s, budget);
        drop(s);
        let mut both = seen.clone();
        both.extend(after);
        assert_eq!(both, all, "case {case}: resuming gives exactly the rest");
        // Attaching a valid image changes no word of it (but the busy/heap marks).
        let mut again = original.clone();
        drop(Solver::attach(&mut again).unwrap());
        assert_eq!(
            again, original,
            "case {case}: validation restores every word"
        );
    }
}

#[test]
fn a_validated_block_still_reports_its_solution() {
    let p = queens(5);
    let mut block = p.block();
    let mut s = p.load(&mut block);
    assert_eq!(s.next(0).unwrap(), Step::Solution);
    let sol = s.solution().unwrap().to_vec();
    s.seal();
    drop(s);
    let mut image = block.clone();
    let s = Solver::attach(&mut image).unwrap();
    assert_eq!(s.solution().unwrap(), &sol[..]);
}

/// The busy word of the common block prefix (not part of the checksum).
const BUSY_WORD: usize = 5;

/// Flips every byte of small images taken at several points (every bit pattern
/// `0xff`, and single bits), attaching each. Refused images must be unchanged;
/// accepted ones must resume to exactly the remaining solutions as a set.
fn flip_all(p: &Problem, seed: u64, select: Option<u32>, stops: &[u64]) -> (usize, usize) {
    let (mut refused, mut accepted) = (0, 0);
    for &stop in stops {
        let mut block = p.block();
        let mut s = p.load(&mut block);
        s.set_seed(seed).unwrap();
        if let Some(r) = select {
            s.select_row(r).unwrap();
        }
        drop(s);
        advance(&mut block, stop, 3);
        let mut copy = block.clone();
        let want = as_set(&rest(&mut copy));
        for byte in 0..block.len() * 4 {
            for mask in [0xffu32, 1, 0x80] {
                let mut image = block.clone();
                image[byte / 4] ^= mask << (8 * (byte % 4));
                // As damaged: the checksum refuses every flip (but in the busy word,
                // which attach clears anyway).
                let mut unsealed = image.clone();
                if byte / 4 != BUSY_WORD {
                    assert_eq!(
                        Solver::attach(&mut unsealed).err(),
                        Some(Error::Corrupt),
                        "byte {byte} mask {mask:#x}: the checksum missed a flip"
                    );
                }
                // As edited on purpose: with the checksum recomputed, validation must
                // refuse the flip or find a reachable state.
                seal_image(&mut image);
                let damaged = image.clone();
                let attached = Solver::attach(&mut image).map(drop);
                let outcome = match attached {
                    Err(e) => Err(e),
                    Ok(()) => {
                        let what = format!("byte {byte} mask {mask:#x} stop {stop}");
                        assert_reachable(p, &image, &what);
                        Ok(solutions_with_budget(
                            &mut Solver::open(&mut image).unwrap(),
                            5,
                        ))
                    }
                };
                match outcome {
                    Err(e) => {
                        assert_eq!(e, Error::Corrupt);
                        assert_eq!(image, damaged, "a refused image is left as it was");
                        refused += 1;
                    }
                    Ok(got) => {
                        for sol in &got {
                            assert!(p.is_solution(sol), "byte {byte}: {sol:?} is no solution");
                        }
                        assert_eq!(
                            as_set(&got),
                            want,
                            "byte {byte} mask {mask:#x} stop {stop}: accepted but resumed differently"
                        );
                        accepted += 1;
                    }
                };
            }
        }
    }
    (refused, accepted)
}

/// A copy of `block` with its header edited by `edit` and the checksum recomputed,
/// as someone editing the image on purpose would: the validation itself must refuse
/// the result.
fn edited(block: &[u32], edit: impl FnOnce(&mut Header, &mut [u32])) -> Vec<u32> {
    let mut image = block.to_vec();
    let mut h = Header::load(&image).unwrap();
    edit(&mut h, &mut image);
    h.store(&mut image);
    seal_image(&mut image);
    image
}

/// Edits the header of `block` with `edit` ([`edited`]) and attaches the result.
fn attach_edited(block: &[u32], edit: impl FnOnce(&mut Header, &mut [u32])) -> Result<(), Error> {
    attach_copy(&edited(block, edit))
}

/// Attaches a copy of `image`; a refused one must be left as it was.
fn attach_copy(image: &[u32]) -> Result<(), Error> {
    let mut copy = image.to_vec();
    let got = Solver::attach(&mut copy).map(drop);
    if got.is_err() {
        assert_eq!(copy, image, "a refused image is left as it was");
    }
    got
}

/// One search counts at most one node per set of rows (two nodes part where their
/// common ancestor took two rows of one column, which no exact cover holds
/// together): a node count above 2^rows is no search's, and no figure reaches
/// 2^62 (a century of steps; below it no counter overflows). With a seed such a
/// count also made the bound on the random state's draws empty, so an hour run of
/// the `attach` fuzz target found a seeded image with its seed edited to another
/// whose shuffle of those rows is the same and its node count near 2^64: accepted,
/// it went on with the other seed's choices. Both engines refuse such counts now
/// (before, every edit below but the last was accepted).
#[test]
fn node_counts_no_search_reaches_are_refused() {
    let big = 1u64 << 62;
    for (n, seed) in [(4, 0), (4, 42), (8, 0)] {
        let p = queens(n);
        let mut paused = p.block();
        let mut s = p.load(&mut paused);
        s.set_seed(seed).unwrap();
        drop(s);
        advance(&mut paused, 2, 1);
        let rows = Header::load(&paused).unwrap().rows;
        let most = if rows >= 62 { big } else { 1 << rows };
        assert_eq!(attach_edited(&paused, |h, _| h.nodes = most), Ok(()));
        for nodes in [most + 1, u64::MAX - 3, u64::MAX] {
            let got = attach_edited(&paused, |h, _| h.nodes = nodes);
            assert_eq!(
                got,
                Err(Error::Corrupt),
                "queens {n} seed {seed}, {nodes} nodes"
            );
        }
        assert_eq!(attach_edited(&paused, |h, _| h.updates = big), Ok(()));
        let got = attach_edited(&paused, |h, _| h.updates = big + 1);
        assert_eq!(got, Err(Error::Corrupt), "queens {n}: updates");
    }
    // The same with colours, and with bounds (whose null moves add a node without
    // a row, at most once per primary column on a path: (primary + 1) * 2^rows).
    for bounded in [0u64, 1] {
        let x = common::xcc::Xcc::random(if bounded == 0 { 3 } else { 13 });
        let mut block = x.block();
        let mut s = x.load(&mut block);
        if bounded == 1 {
            let mut m = x.clone();
            m.bounds = vec![(0, 2); x.primary as usize];
            drop(s);
            block = m.block();
            s = m.load(&mut block);
        }
        s.next(3).unwrap();
        s.seal();
        let h = dlx::core::XHeader::load(&block).unwrap();
        assert!(h.phase.searching(), "bounded {bounded}");
        let most = (1 + bounded * u64::from(h.dims.primary)) << h.rows;
        let edited = |edit: &dyn Fn(&mut dlx::core::XHeader)| {
            common::xcc::attach_edited(&block, |w| {
                let mut e = h;
                edit(&mut e);
                e.store(w);
            })
        };
        assert_eq!(edited(&|e| e.nodes = most), Ok(()), "bounded {bounded}");
        for bad in [most + 1, u64::MAX] {
            assert_eq!(
                edited(&|e| e.nodes = bad),
                Err(Error::Corrupt),
                "bounded {bounded}"
            );
        }
        assert_eq!(edited(&|e| e.updates = big + 1), Err(Error::Corrupt));
        assert_eq!(edited(&|e| e.own.cleansings = big + 1), Err(Error::Corrupt));
    }
}

/// The header must agree with the rest of the image: a claimed solution is the
/// forced rows plus the rows of the level stack, found by the search that is under
/// way; the phase agrees with the depth; the figures could have been counted; the
/// random state and the row order are those of the seed. (Before these checks,
/// each edit below was accepted, and the first showed rows 0 and 1 of 4 queens,
/// which share a column, as a solution.)
#[test]
fn a_header_that_disagrees_with_the_image_is_refused() {
    let p = queens(4);
    let mut fresh = p.block();
    p.load(&mut fresh).seal();
    let sol = p.dims().layout().unwrap().sol;
    assert_eq!(attach_edited(&fresh, |_, _| {}), Ok(()));
    // The case reported: a fresh image claiming rows 0 and 1 as a solution.
    let claim = |h: &mut Header, w: &mut [u32]| {
        h.flags |= FLAG_HAS_SOLUTION;
        h.sol_len = 2;
        w[sol] = 0;
        w[sol + 1] = 1;
    };
    assert_eq!(attach_edited(&fresh, claim), Err(Error::Corrupt));
    // The same claim with the right length but no search, or a search that is
    // not at a solution.
    assert_eq!(
        attach_edited(&fresh, |h, _| {
            h.flags |= FLAG_HAS_SOLUTION;
            h.sol_len = 0;
            h.phase = Phase::Done;
        }),
        Err(Error::Corrupt)
    );
    let mut paused = fresh.clone();
    // Budget 1 stops after each cover: the second level is under way.
    advance(&mut paused, 3, 1);
    let ph = Header::load(&paused).unwrap();
    assert!(matches!(ph.phase, Phase::Forward | Phase::Advance) && ph.level >= 1);
    assert_eq!(attach_edited(&paused, |_, _| {}), Ok(()));
    assert_eq!(
        attach_edited(&paused, |h, _| {
            h.flags |= FLAG_HAS_SOLUTION;
            h.sol_len = h.level;
        }),
        Err(Error::Corrupt)
    );
    // Impossible figures.
    for (i, edit) in [
        |h: &mut Header| h.nodes = 0,
        |h: &mut Header| h.solutions = h.nodes + 1,
        |h: &mut Header| h.max_depth = 0,
        |h: &mut Header| h.updates = u64::from(h.max_depth) - 1,
        |h: &mut Header| h.rng = 1,
        |h: &mut Header| h.flags |= FLAG_SHUFFLED,
    ]
    .iter()
    .enumerate()
    {
        let got = attach_edited(&paused, |h, _| edit(h));
        assert_eq!(got, Err(Error::Corrupt), "edit {i}");
    }
    // A search at a solution: its shown solution must be the stack's rows.
    let mut found = fresh.clone();
    advance(&mut found, 1, 0);
    assert_eq!(attach_edited(&found, |_, _| {}), Ok(()));
    assert_eq!(
        attach_edited(&found, |h, _| h.phase = Phase::Advance),
        Err(Error::Corrupt)
    );
    assert_eq!(
        attach_edited(&found, |_, w| w.swap(sol, sol + 1)),
        Err(Error::Corrupt)
    );
    // `Start` only ever holds the zeros a search starts with.
    assert_eq!(
        attach_edited(&fresh, |h, _| {
            h.phase = Phase::Start;
            h.nodes = 3;
        }),
        Err(Error::Corrupt)
    );
    // `Forward` is only ever stored below a chosen row (level 1 or deeper): a
    // finished search relabelled `Forward` at level 0 has links that look like a
    // search about to choose its first column, but figures and a random state from
    // its whole tree. It was accepted (found by the attach fuzz target) and then
    // enumerated the solutions of a seeded search in another order.
    let mut done = fresh.clone();
    rest(&mut done);
    assert_eq!(Header::load(&done).unwrap().phase, Phase::Done);
    assert_eq!(attach_edited(&done, |_, _| {}), Ok(()));
    assert_eq!(
        attach_edited(&done, |h, _| h.phase = Phase::Forward),
        Err(Error::Corrupt)
    );
}

/// A seeded search's random state must be the seed advanced by the draws made so
/// far, and its column lists in the order the seed shuffled them.
#[test]
fn a_seeded_search_must_match_its_seed() {
    let p = queens(5);
    let mut block = p.block();
    let mut s = p.load(&mut block);
    s.set_seed(12345).unwrap();
    drop(s);
    advance(&mut block, 2, 9);
    let h = Header::load(&block).unwrap();
    assert!(h.phase.searching());
    assert_eq!(attach_edited(&block, |_, _| {}), Ok(()));
    assert_eq!(
        attach_edited(&block, |h, _| h.rng ^= 1 << 40),
        Err(Error::Corrupt)
    );
    // Another seed gives another shuffle: refused even with a matching state.
    assert_eq!(
        attach_edited(&block, |h, _| {
            let draws = h.rng.wrapping_sub(h.seed);
            h.seed += 1;
            h.rng = h.seed.wrapping_add(draws);
        }),
        Err(Error::Corrupt)
    );
}

/// With a seed, every column choice draws from the search's random state along
/// the rows chosen above it (`dlx::rng::along`), and the state itself stays the
/// seed advanced by the shuffle of the rows: an image must hold that very state,
/// and each level the very column those draws pick. Before, the state advanced with
/// every draw, and an image was only checked to hold a state within the draws its
/// figures allowed and each level a column tied for the choice, so an image
/// resealed with a later state, or taken from a search with another seed of the
/// same shuffle and given this seed, was accepted and went on with choices no
/// search of its seed makes.
#[test]
fn a_seeded_image_holds_its_very_random_state_and_choices() {
    // Four columns of two rows each: the first level is a four-way tie.
    let p = Problem {
        primary: 4,
        secondary: 0,
        rows: vec![vec![0, 1], vec![2, 3], vec![0, 2], vec![1, 3]],
    };
    let paused = |seed: u64, stops: u64| {
        let mut block = p.block();
        p.load(&mut block).set_seed(seed).unwrap();
        advance(&mut block, stops, 1);
        block
    };
    let a = 1;
    let first = paused(a, 1);
    assert_eq!(attach_edited(&first, |_, _| {}), Ok(()));
    let later = |h: &mut Header, _: &mut [u32]| h.rng = dlx::rng::after(h.rng, 1);
    assert_eq!(attach_edited(&first, later), Err(Error::Corrupt));

    // Images of searches with other seeds, given seed `a` and its random state: the
    // ones that keep `a`'s shuffle but chose other columns must be refused.
    let state_of_a = Header::load(&first).unwrap().rng;
    let (mut accepted, mut refused) = (0, 0);
    for b in 2..300 {
        for stops in 1..6 {
            let image = paused(b, stops);
            if !Header::load(&image).unwrap().phase.searching() {
                continue;
            }
            let as_a = |h: &mut Header, _: &mut [u32]| {
                h.seed = a;
                h.rng = state_of_a;
            };
            let as_a = edited(&image, as_a);
            if attach_copy(&as_a).is_err() {
                refused += 1;
                continue;
            }
            accepted += 1;
            assert_reachable(&p, &as_a, &format!("seed {b} as {a}, {stops} stops"));
        }
    }
    assert!(
        accepted > 0 && refused > 0,
        "{accepted} accepted, {refused} refused"
    );
}

/// Two rows of a column swapped in a fresh, unseeded image: a consistent list, but
/// not the order rows were added in, so the enumeration would run in another order.
#[test]
fn a_column_list_out_of_row_order_is_refused() {
    let p = queens(4);
    let mut block = p.block();
    p.load(&mut block).seal();
    let layout = p.dims().layout().unwrap();
    // Column 1 (the first primary column, board row 0) holds rows 0..4, nodes a..d.
    let node = |w: &[u32], x: u32, f: usize| w[layout.nodes + 3 * x as usize + f];
    let (up, down) = (0, 1);
    let col = 1u32;
    let a = node(&block, col, down);
    let b = node(&block, a, down);
    let c = node(&block, b, down);
    let mut image = block.clone();
    let mut set = |x: u32, f: usize, v: u32| image[layout.nodes + 3 * x as usize + f] = v;
    // col -> b -> a -> c
    set(col, down, b);
    set(b, up, col);
    set(b, down, a);
    set(a, up, b);
    set(a, down, c);
    set(c, up, a);
    seal_image(&mut image);
    let damaged = image.clone();
    assert_eq!(Solver::attach(&mut image).err(), Some(Error::Corrupt));
    assert_eq!(image, damaged);
    // Once shuffled by a seed, a fresh image's order no longer matters (the next
    // search relinks the lists): the same swap is accepted.
    let mut h = Header::load(&image).unwrap();
    h.flags |= FLAG_SHUFFLED;
    h.store(&mut image);
    seal_image(&mut image);
    assert!(Solver::attach(&mut image).is_ok());
    assert_reachable(&p, &image, "shuffled fresh image");
}

/// An image edited into another state the search can reach (here: another seed
/// before the search, or a later point of the same search) passes validation but
/// not the checksum: only what `dlx_image` sealed is adopted.
#[test]
fn the_checksum_refuses_an_image_edited_into_another_valid_state() {
    let p = queens(5);
    let mut block = p.block();
    p.load(&mut block).seal();
    let mut other_seed = block.clone();
    let mut h = Header::load(&other_seed).unwrap();
    h.seed = 7;
    h.store(&mut other_seed);
    let mut copy = other_seed.clone();
    assert_eq!(Solver::attach(&mut copy).err(), Some(Error::Corrupt));
    seal_image(&mut other_seed);
    assert!(Solver::attach(&mut other_seed).is_ok());
    // The block searched on after it was sealed: a valid state, a stale checksum.
    let mut later = block.clone();
    let mut s = Solver::open(&mut later).unwrap();
    assert_eq!(s.next(0).unwrap(), Step::Solution);
    drop(s);
    let mut copy = later.clone();
    assert_eq!(Solver::attach(&mut copy).err(), Some(Error::Corrupt));
    Solver::open(&mut later).unwrap().seal();
    assert!(Solver::attach(&mut later).is_ok());
    // Every word changed by one is refused, but the busy word (not summed).
    for i in 0..block.len() {
        let mut image = block.clone();
        image[i] = image[i].wrapping_add(1);
        let got = Solver::attach(&mut image).err();
        if i == BUSY_WORD {
            assert_eq!(got, None);
        } else {
            assert_eq!(got, Some(Error::Corrupt), "word {i}");
        }
    }
}

#[test]
fn every_byte_flip_is_refused_or_harmless() {
    // 4 queens: 8 primary, 10 secondary columns, 16 rows, 2 solutions.
    let (refused, accepted) = flip_all(&queens(4), 0, None, &[0, 1, 3, 5, 9, 14, 40]);
    eprintln!("queens 4: {refused} refused, {accepted} accepted");
    assert!(refused > accepted, "{refused} refused, {accepted} accepted");
    // A small random problem with a seed and a forced row.
    let p = Problem {
        primary: 4,
        secondary: 1,
        rows: vec![
            vec![0, 1],
            vec![2, 3],
            vec![0, 2, 4],
            vec![1, 3],
            vec![3],
            vec![2],
            vec![1, 4],
            vec![0],
        ],
    };
    let (r2, a2) = flip_all(&p, 99, Some(4), &[0, 2, 4, 7, 30]);
    eprintln!("random: {r2} refused, {a2} accepted");
}

#[test]
fn every_truncation_is_refused() {
    let p = queens(4);
    let mut block = p.block();
    drop(p.load(&mut block));
    advance(&mut block, 3, 4);
    for len in 0..block.len() {
        let mut image = block[..len].to_vec();
        assert_eq!(
            Solver::attach(&mut image).err(),
            Some(Error::Corrupt),
            "len {len}"
        );
    }
}

#[test]
fn random_garbage_never_panics() {
    let mut rng = Rng(77);
    let iterations = if cfg!(debug_assertions) { 1000 } else { 10_000 };
    let (mut refused, mut accepted) = (0u64, 0u64);
    for case in 0..40 {
        let p = if case % 4 == 0 {
            queens(4 + case % 3)
        } else {
            Problem::random(&mut rng, 12)
        };
        let mut block = build(&p, &mut rng);
        let stops = rng.below(30);
        advance(&mut block, stops, 1 + rng.below(9));
        for _ in 0..iterations {
            let mut image = block.clone();
            for _ in 0..1 + rng.below(4) {
                let i = rng.below(image.len() as u64) as usize;
                image[i] = match rng.below(4) {
                    0 => rng.next() as u32,
                    1 => image[i].wrapping_add(rng.below(5) as u32).wrapping_sub(2),
                    2 => image[rng.below(image.len() as u64) as usize],
                    _ => rng.below(image.len() as u64 / 3) as u32,
                };
            }
            if rng.below(8) != 0 {
                seal_image(&mut image);
            }
            let damaged = image.clone();
            let attached = Solver::attach(&mut image).map(drop);
            let outcome = match attached {
                Ok(()) => {
                    assert_reachable(&p, &image, &format!("case {case}"));
                    let mut s = Solver::open(&mut image).unwrap();
                    Some(solutions_with_budget(&mut s, 1 + rng.below(20)))
                }
                Err(_) => None,
            };
            match outcome {
                Some(found) => {
                    accepted += 1;
                    for sol in &found {
                        assert!(p.is_solution(sol), "case {case}: {sol:?}");
                    }
                    let set = as_set(&found);
                    assert!(set.windows(2).all(|w| w[0] != w[1]), "case {case}: repeats");
                }
                None => {
                    refused += 1;
                    assert_eq!(image, damaged, "case {case}: refused but changed")
                }
            }
        }
    }
    eprintln!("{refused} refused, {accepted} accepted");
    assert!(refused > 0 && accepted > 0);
}

// ------------------------------------------------------------------ C examples

#[test]
fn resume_pauses_and_resumes_across_runs() {
    let dir = common::scratch_dir("resume");
    let file = dir.join("q9.img");
    let path = file.to_str().unwrap();
    let _ = std::fs::remove_file(&file);
    for budget in ["1", "500", "7000"] {
        let out = run_example("resume", &["9", path, budget], b"");
        assert!(out.status.success());
        assert!(out.stdout.is_empty(), "paused, nothing counted yet");
        assert!(file.exists());
        let out = run_example("resume", &["9", path], b"");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&out.stdout), "352\n");
        assert!(!file.exists());
    }
    // An image of 9 queens is not resumed as 8 queens; it stays for the right N.
    run_example("resume", &["9", path, "500"], b"");
    assert_rejected("resume", &["8", path], b"", "image of another N");
    assert_eq!(run_example("resume", &["9", path], b"").stdout, b"352\n");
    // A budget larger than the whole search: counted at once.
    let out = run_example("resume", &["6", path, "100000"], b"");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "4\n");
    assert!(!file.exists());
}

#[test]
fn resume_rejects_bad_arguments_and_damaged_files() {
    for args in [
        &[][..],
        &["9"],
        &["0", "x"],
        &["abc", "x"],
        &["9", "x", "0"],
        &["9", "x", "1e3"],
    ] {
        assert_rejected("resume", args, b"", &format!("{args:?}"));
    }
    let dir = common::scratch_dir("resume-bad");
    let file = dir.join("q8.img");
    let path = file.to_str().unwrap();
    let _ = std::fs::remove_file(&file);
    assert!(run_example("resume", &["8", path, "300"], b"")
        .status
        .success());
    let good = std::fs::read(&file).unwrap();
    let mut cases: Vec<(String, Vec<u8>)> = vec![
        ("empty".into(), vec![]),
        ("wrong magic".into(), [b"DLXRSUM2", &good[8..]].concat()),
        ("truncated".into(), good[..good.len() - 1].to_vec()),
        ("stray byte".into(), [&good[..], b"x"].concat()),
    ];
    // Damage in the image itself: dlx_attach refuses it.
    for at in [24 + 8 * 4, 24 + 130 * 4, 24 + 140 * 4 + 1] {
        let mut bad = good.clone();
        bad[at] ^= 0x5a;
        cases.push((format!("byte {at} flipped"), bad));
    }
    for (what, bytes) in cases {
        std::fs::write(&file, &bytes).unwrap();
        assert_rejected("resume", &["8", path], b"", &what);
    }
}

#[test]
fn progress_counts_and_rejects_bad_arguments() {
    let out = run_example("progress", &["8"], b"");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "92\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("100.0%"));
    for args in [&[][..], &["0"], &["x"], &["8", "9"], &["99"]] {
        assert_rejected("progress", args, b"", &format!("{args:?}"));
    }
}

/// Figures for the README: validation time against image size (release build).
///     cargo test --release --test image attach_time -- --ignored --nocapture
#[test]
#[ignore = "prints timings"]
fn attach_time_on_large_images() {
    for n in [16, 64, 200] {
        let p = queens(n);
        let mut block = p.block();
        drop(p.load(&mut block));
        advance(&mut block, 1, 2_000_000);
        let depth = Solver::open(&mut block).unwrap().stats().depth;
        let mut image = block.clone();
        let reps = 20;
        let start = std::time::Instant::now();
        for _ in 0..reps {
            assert!(Solver::attach(&mut image).is_ok());
        }
        let each = start.elapsed() / reps;
        eprintln!(
            "queens {n}: image {} KiB, depth {depth}: attach {:?} ({:.1} ns/word)",
            image.len() * 4 / 1024,
            each,
            each.as_nanos() as f64 / image.len() as f64
        );
    }
}

/// Images across targets (CI runs this on x86_64, on i686 and on s390x under qemu):
/// with DLX_CROSS_OUT set, writes this target's image of a seeded search paused at
/// its first solution, its byte order and that solution there; with DLX_CROSS_IN set,
/// reads another target's: the same seed must give the same first solution, and its
/// image must be refused when the byte order differs (adopted, and shows that
/// solution, when it is the same). Without either variable it checks its own image.
#[test]
fn images_across_targets() {
    let p = queens(8);
    let mut block = p.block();
    let mut s = p.load(&mut block);
    s.set_seed(2026).unwrap();
    assert_eq!(s.next(0).unwrap(), Step::Solution);
    let first = format!("{:?}", s.solution().unwrap());
    s.seal();
    drop(s);
    let bytes: Vec<u8> = block.iter().flat_map(|w| w.to_ne_bytes()).collect();
    let order = if cfg!(target_endian = "big") {
        "big"
    } else {
        "little"
    };
    if let Some(dir) = std::env::var_os("DLX_CROSS_OUT") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("image.bin"), &bytes).unwrap();
        std::fs::write(dir.join("order.txt"), order).unwrap();
        std::fs::write(dir.join("first.txt"), &first).unwrap();
    }
    let (theirs, their_order, their_first) = match std::env::var_os("DLX_CROSS_IN") {
        Some(dir) => {
            let dir = std::path::PathBuf::from(dir);
            (
                std::fs::read(dir.join("image.bin")).unwrap(),
                std::fs::read_to_string(dir.join("order.txt")).unwrap(),
                std::fs::read_to_string(dir.join("first.txt")).unwrap(),
            )
        }
        None => (bytes.clone(), order.to_string(), first.clone()),
    };
    assert_eq!(
        their_first, first,
        "the same seed gives the same first solution"
    );
    let mut image: Vec<u32> = theirs
        .chunks_exact(4)
        .map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let attached = Solver::attach(&mut image).map(|s| format!("{:?}", s.solution().unwrap()));
    if their_order == order {
        assert_eq!(
            attached,
            Ok(first),
            "an image of the same byte order is adopted"
        );
    } else {
        assert_eq!(
            attached,
            Err(Error::Corrupt),
            "an image of the other byte order"
        );
    }
}

/// The same for a solver with colours: mixes of the header words of a fresh image
/// and of one paused at its first solution, each resealed, are refused or show only
/// a real solution (before the header was checked against the choices, a fresh image
/// could claim whatever its solution region held as a solution).
#[test]
fn colour_images_show_only_real_solutions() {
    use common::xcc::Xcc;
    use dlx::core::XSolver;
    let mut tried = 0;
    for seed in 0..200 {
        let x = Xcc::random(seed);
        let mut fresh = x.block();
        let mut s = x.load(&mut fresh);
        if s.next(0) != Ok(Step::Solution) {
            continue;
        }
        let first = s.solution().unwrap().to_vec();
        if first.len() < 2 {
            continue;
        }
        drop(s);
        let mut found = fresh.clone();
        let mut s = XSolver::open(&mut fresh).unwrap();
        s.reset();
        s.seal();
        XSolver::open(&mut found).unwrap().seal();
        // `fresh` is reset (flag off, phase Fresh); its stale solution rows become
        // one row repeated, which no solution is.
        let (at, n) = dlx::core::XHeader::load(&found)
            .unwrap()
            .solution_words()
            .unwrap();
        let repeated = first[0];
        fresh[at..at + n].fill(repeated);
        seal_image(&mut fresh);
        seal_image(&mut found);
        let diff: Vec<usize> = (0..48.min(fresh.len()))
            .filter(|&i| fresh[i] != found[i])
            .take(12)
            .collect();
        let mut accepted = 0;
        for mask in 0u32..1 << diff.len() {
            let mut mix = fresh.clone();
            for (j, &i) in diff.iter().enumerate() {
                if mask >> j & 1 == 1 {
                    mix[i] = found[i];
                }
            }
            seal_image(&mut mix);
            let shows = XSolver::attach(&mut mix).map(|t| t.solution().map(<[u32]>::to_vec));
            if let Ok(sol) = shows {
                accepted += 1;
                if let Some(sol) = sol {
                    assert!(
                        x.is_solution(&sol),
                        "seed {seed} mask {mask:#x}: shows {sol:?}"
                    );
                }
            }
        }
        assert!(accepted > 0, "seed {seed}");
        tried += 1;
        if tried == 10 {
            break;
        }
    }
    assert!(tried > 0);
}

/// A seeded search with colours stands on its seed: its rows in the seed's shuffle
/// and its random state the seed advanced by the draws made so far; an image edited
/// otherwise (and resealed) is refused. Before this check both edits below were
/// accepted, and the search went on in an order no search of that seed takes.
#[test]
fn a_seeded_colour_search_must_match_its_seed() {
    use common::xcc::Xcc;
    use dlx::core::{XHeader, XSolver};
    let attach = |image: &[u32]| {
        let mut image = image.to_vec();
        seal_image(&mut image);
        XSolver::attach(&mut image).map(drop)
    };
    let mut tried = 0;
    for n in 0..300 {
        let x = Xcc::random(n);
        if x.rows.len() < 4 {
            continue;
        }
        for seed in [0, 1 + n] {
            let mut paused = x.block();
            let mut s = x.load(&mut paused);
            s.set_seed(seed).unwrap();
            // Into the search: one budgeted step leaves it under way.
            if s.next(1) != Ok(Step::BudgetSpent) || !s.phase().searching() {
                continue;
            }
            s.seal();
            assert_eq!(attach(&paused), Ok(()), "instance {n} seed {seed}");
            // Two rows of the order swapped.
            let h = XHeader::load(&paused).unwrap();
            let order = x.dims().layout().unwrap().order;
            let mut swapped = paused.clone();
            swapped.swap(order, order + 1);
            assert_eq!(
                attach(&swapped),
                Err(Error::Corrupt),
                "instance {n} seed {seed}"
            );
            // A random state no draw of this seed reaches (or any state without one).
            let mut state = paused.clone();
            let mut edited = h;
            edited.rng = h.rng ^ 0x5555_0000_0000_0001;
            edited.store(&mut state);
            assert_eq!(
                attach(&state),
                Err(Error::Corrupt),
                "instance {n} seed {seed}"
            );
            tried += 1;
        }
    }
    assert!(tried >= 20, "only {tried} paused searches");
}

/// The colour words of an image with colours: on a spacer, or out of range on an
/// entry, they are refused; whatever single colour word is edited, attaching and
/// searching never panic. (A spacer marked as purified, in either region, was
/// accepted and sent a row walk past its spacer, found by the attach_xcc fuzz
/// target: the last spacer's mark was not rebuilt.)
#[test]
fn colour_words_of_an_image_are_checked() {
    use dlx::core::{XDims, XSolver};
    let dims = XDims {
        primary: 1,
        secondary: 3,
        max_rows: 2,
        max_entries: 5,
        colors: 1,
        bounded: 0,
    };
    let mut block = vec![0u32; dims.required_words().unwrap() as usize];
    let mut s = XSolver::init(&mut block, dims).unwrap();
    s.add_row(&[1, 0], Some(&[1, 0])).unwrap();
    s.add_row(&[0, 1, 2], Some(&[0, 1, 1])).unwrap();
    s.set_seed(255).unwrap();
    assert_eq!(s.next(8), Ok(Step::Solution));
    s.seal();
    let layout = dims.layout().unwrap();
    // Nodes: the headers 0..=4, then spacer 5, row 0 (6, 7), spacer 8, row 1
    // (9, 10, 11) and the last spacer 12. The colours as added (`base`) and as the
    // search marks them (`colour`, rebuilt from `base` by attach).
    let spacers = [5, 8, 12];
    for (region, x) in [layout.base, layout.colour]
        .into_iter()
        .flat_map(|r| (5..=12).map(move |x| (r, x)))
    {
        for value in [1, 2, u32::MAX] {
            let mut image = block.clone();
            image[region + x] = value;
            seal_image(&mut image);
            let run = std::panic::catch_unwind(move || {
                let Ok(mut s) = XSolver::attach(&mut image) else {
                    return false;
                };
                while s.next(0) != Ok(Step::Exhausted) {}
                true
            });
            let accepted = run.unwrap_or_else(|_| panic!("node {x} colour {value}: a panic"));
            let refused = region == layout.base && (spacers.contains(&x) || value > dims.colors);
            if refused {
                assert!(!accepted, "node {x} colour {value} accepted");
            }
        }
    }
}

/// A sound block on a path no search takes: a forced row turned into the search's
/// first level (the links are the same: both cover the row from its first node),
/// with the header of a search that chose it and now chooses level 1. The search
/// would have taken it only in the column DLX1's choice takes first (the first
/// primary column of least length); anywhere else the image is refused, as a
/// state no search reaches. Before the check of each level's column such images
/// attached and went on with solutions that are no suffix of the enumeration.
#[test]
fn an_image_on_a_column_the_search_does_not_choose_is_refused() {
    let mut rng = Rng(11);
    let (mut refused, mut accepted) = (0, 0);
    let mut problems = vec![queens(5)];
    problems.extend((0..300).map(|_| Problem::random(&mut rng, 10)));
    for p in &problems {
        let layout = p.dims().layout().unwrap();
        let lengths: Vec<usize> = (0..p.primary)
            .map(|c| p.rows.iter().filter(|r| r.contains(&c)).count())
            .collect();
        let Some(&least) = lengths.iter().min() else {
            continue;
        };
        let choice = lengths.iter().position(|&n| n == least).unwrap() as u32;
        for (r, row) in p.rows.iter().enumerate() {
            // A row led by a primary column, leaving a primary column to choose.
            let lead = row[0];
            let others_left = (0..p.primary).any(|c| !row.contains(&c));
            if lead >= p.primary || !others_left {
                continue;
            }
            let mut block = p.block();
            let mut s = p.load(&mut block);
            s.select_row(r as u32).unwrap();
            drop(s);
            let first = block[layout.rows + r];
            let got = attach_edited(&block, |h, w| {
                h.forced = 0;
                h.phase = Phase::Forward;
                h.level = 1;
                h.nodes = 1;
                h.updates = 1;
                h.max_depth = 1;
                w[layout.stack] = first;
            });
            if lead == choice {
                assert_eq!(got, Ok(()), "row {r} of {p:?}");
                let mut image = block.clone();
                let mut h = Header::load(&image).unwrap();
                (h.forced, h.phase, h.level) = (0, Phase::Forward, 1);
                (h.nodes, h.updates, h.max_depth) = (1, 1, 1);
                h.store(&mut image);
                image[layout.stack] = first;
                seal_image(&mut image);
                assert_reachable(p, &image, &format!("row {r} of {p:?}"));
                accepted += 1;
            } else {
                assert_eq!(got, Err(Error::Corrupt), "row {r} of {p:?}");
                refused += 1;
            }
        }
    }
    assert!(
        refused > 100 && accepted > 50,
        "refused {refused}, accepted {accepted}"
    );
}
