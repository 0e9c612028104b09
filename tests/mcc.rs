//! Exact cover with multiplicities (Knuth's Algorithm M, his DLX3): random instances
//! with bounds [u, v] on the primary columns (and colours) against a brute-force
//! oracle and against DLX3's figures (solutions, nodes, updates, cleansings), kept
//! in tests/data/xcc/random_dlx3.txt (made as random_dlx2.txt is, with dlx3 and
//! `MCC_DUMP=dir cargo test --test mcc dump`).

mod common;

use common::xcc::{attach_edited, solutions_in_steps, Xcc};
use dlx::core::{Error, Step, XHeader, XSolver};

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
        let n = s.count(0).unwrap();
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
        while s.next(0) == Ok(Step::Solution) {
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
            match s.next(2).unwrap() {
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
        while s.next(0) == Ok(Step::Solution) {
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
                assert_eq!(s.count(0), Ok(0), "seed {seed}");
            }
            // Dropping the forced rows gives the whole count back.
            s.unselect_all().unwrap();
            let (u, v) = x.bounds[c as usize];
            s.set_bounds(c, u, v).unwrap();
            assert_eq!(s.count(0), Ok(x.oracle()), "seed {seed}");
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
        let whole = s.count(0).unwrap();
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
            })
            .unwrap();
            let mut below = 0;
            for path in &paths {
                let n = s
                    .count_below_path(path, 0)
                    .unwrap()
                    .expect("a path of the search");
                assert_eq!(s.count_below_path(path, 1), Ok(Some(n.min(1))));
                below += n;
            }
            assert_eq!(shallow + below, whole, "seed {seed} depth {depth}");
            paths_seen += paths.len();
            if let Some(path) = paths.first() {
                for bad in [0, u32::MAX] {
                    let mut wrong = path.clone();
                    *wrong.last_mut().unwrap() = bad;
                    assert_eq!(s.count_below_path(&wrong, 0), Ok(None), "seed {seed}");
                }
                let too_long = vec![path[0]; s.dims().levels() as usize + 1];
                assert_eq!(s.count_below_path(&too_long, 0), Ok(None));
            }
        }
        assert_eq!(s.count(0), Ok(whole), "seed {seed}: left as it was");
    }
    assert!(paths_seen > 1000, "{paths_seen} paths");
    // Without bounds (Algorithm C splits into row prefixes): no paths.
    let x = Xcc::random(3);
    let mut block = x.block();
    let mut s = x.load(&mut block);
    let mut reports = 0;
    s.each_path_m(1, |_, _| reports += 1).unwrap();
    assert_eq!((reports, s.count_below_path(&[], 0)), (0, Ok(None)));
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
            let step = s.next(1 + seed % 3).unwrap();
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

/// The level stack of a search with bounds, where every image below stands: a
/// search with `seed` (0: none) and, for some instances, a forced row.
fn mcc_search(seed: u64) -> (Xcc, Vec<u32>) {
    let x = Xcc::random_mcc(seed);
    let mut block = x.block();
    let mut s = x.load(&mut block);
    if seed % 3 == 1 {
        s.set_seed(seed).unwrap();
    }
    if seed % 4 == 2 && !x.rows.is_empty() {
        // Refused when it has no place beside the bounds: then none is forced.
        let _ = s.select_row((seed % x.rows.len() as u64) as u32);
    }
    s.reset();
    drop(s);
    (x, block)
}

/// Whether `image` holds the same state as `live`, a block never folded: every word
/// alike but the checksum and the level records above the levels in use, which the
/// search leaves stale in `live` and an image leaves zero.
fn assert_same_state(image: &[u32], live: &[u32], seed: u64) {
    let h = XHeader::load(live).unwrap();
    let l = h.dims.layout().unwrap();
    let in_use = match (h.phase, h.own.mstate) {
        (dlx::core::Phase::Forward, 1 | 2) => h.level as usize + 1,
        (dlx::core::Phase::Forward, _) => h.level as usize,
        _ => 0,
    };
    let levels = l.score - l.tweak;
    let stale = |i: usize| {
        i == dlx::block::W_CHECKSUM
            || (l.tweak + in_use..l.tweak + levels).contains(&i)
            || (l.score + in_use..l.score + levels).contains(&i)
    };
    for (i, (a, b)) in image.iter().zip(live).enumerate() {
        assert!(
            stale(i) || a == b,
            "seed {seed}: word {i}: {a} in the image, {b} live"
        );
    }
}

/// Images with bounds (folded by `seal`, unfolded by replaying the search) taken
/// after every few updates: the attached copy holds the very state of the block
/// the image came from (which was never folded), shows the same solution and
/// progress, and goes on alike; the solutions found in the copies are the whole
/// enumeration.
#[test]
fn images_with_bounds_resume_exactly() {
    let mut images = 0;
    for seed in 0..RANDOM {
        let (_, mut live) = mcc_search(seed);
        let all = solutions_in_steps(&mut XSolver::open(&mut live).unwrap(), 0);
        XSolver::open(&mut live).unwrap().reset();
        let mut got = Vec::new();
        let mut ended = false;
        loop {
            let mut image = live.clone();
            XSolver::open(&mut image).unwrap().seal();
            let t = XSolver::attach(&mut image).expect("a genuine image attaches");
            let (shown, progress) = (t.solution().map(<[u32]>::to_vec), t.progress());
            drop(t);
            assert_same_state(&image, &live, seed);
            let mut o = XSolver::open(&mut live).unwrap();
            assert_eq!(o.solution().map(<[u32]>::to_vec), shown, "seed {seed}");
            assert_eq!(o.progress(), progress, "seed {seed}");
            images += 1;
            // (The finished search is imaged too.)
            if ended {
                break;
            }
            let step = o.next(2).unwrap();
            drop(o);
            let mut t = XSolver::open(&mut image).unwrap();
            assert_eq!(t.next(2), Ok(step), "seed {seed}");
            if step == Step::Solution {
                got.push(t.solution().unwrap().to_vec());
            }
            ended = step == Step::Exhausted;
        }
        assert_eq!(got, all, "seed {seed}");
    }
    assert!(images > 2000, "{images} images");
}

#[derive(Debug)]
enum Edit {
    Header(XHeader),
    Word(usize, u32),
}

/// Every stop point of every search (a solution shown or not) as an image, with one
/// word of its header or level stack edited and the checksum recomputed, as someone
/// editing on purpose would: refused and left as it was, or accepted as a state the
/// search reaches, whose solutions are the rest of the enumeration. Searches with
/// and without a seed (with one, the random state is edited too): the replay
/// re-derives every choice, with a seed drawing along the rows above as the search
/// does. Before it did, a seeded level on another column tied for DLX3's choice was
/// accepted and went on with choices no search of its seed makes.
#[test]
fn edited_images_with_bounds_are_refused_or_reachable() {
    use dlx::core::seal_image;
    let (mut refused, mut accepted) = (0, 0);
    let unseeded = (0..RANDOM).filter(|s| s % 3 != 1).step_by(4);
    // (`mcc_search` sets a seed on these.)
    let seeded = (1..76).step_by(6);
    for seed in unseeded.chain(seeded) {
        let (_, mut cur) = mcc_search(seed);
        let all = solutions_in_steps(&mut XSolver::open(&mut cur).unwrap(), 0);
        XSolver::open(&mut cur).unwrap().reset();
        let mut found = 0;
        let mut ended = false;
        loop {
            XSolver::open(&mut cur).unwrap().seal();
            let h = XHeader::load(&cur).unwrap();
            let layout = h.dims.layout().unwrap();
            let (stack, sol) = (layout.stack, layout.sol);
            // The level, the loop's state and the solution flag in the header, the
            // stack words in use and the words of the solution shown.
            let mut edits: Vec<Edit> = [0, 1, 2, h.level.wrapping_sub(1), h.level + 1]
                .into_iter()
                .map(|v| Edit::Header(XHeader { level: v, ..h }))
                .collect();
            for v in 0..6 {
                let mut e = h;
                e.own.mstate = v;
                edits.push(Edit::Header(e));
            }
            edits.push(Edit::Header(XHeader {
                flags: h.flags ^ 4,
                ..h
            }));
            for rng in [dlx::rng::after(h.rng, 1), h.rng ^ 1] {
                edits.push(Edit::Header(XHeader { rng, ..h }));
            }
            for l in 0..=h.level as usize {
                edits.extend((0..40).map(|v| Edit::Word(stack + l, v)));
            }
            // (Not the forced rows before them: those are part of the problem.)
            for k in h.forced as usize..=h.sol_len as usize {
                edits.extend((0..8).map(|v| Edit::Word(sol + k, v)));
            }
            for edit in edits {
                let mut copy = cur.clone();
                match edit {
                    Edit::Header(e) => e.store(&mut copy),
                    Edit::Word(i, v) => copy[i] = v,
                }
                if copy == cur {
                    continue;
                }
                seal_image(&mut copy);
                let before = copy.clone();
                let rest = XSolver::attach(&mut copy).map(|mut t| {
                    let shown = t.solution().map(<[u32]>::to_vec);
                    let mut v = Vec::new();
                    while t.next(0) == Ok(Step::Solution) {
                        v.push(t.solution().unwrap().to_vec());
                    }
                    (shown, v)
                });
                match rest {
                    Err(e) => {
                        assert_eq!(e, Error::Corrupt);
                        assert_eq!(
                            copy, before,
                            "seed {seed}: a refused image is left as it was"
                        );
                        refused += 1;
                    }
                    Ok((shown, rest)) => {
                        assert!(
                            all.ends_with(&rest),
                            "seed {seed}: {edit:?} gave {rest:?}, not a rest of {all:?}"
                        );
                        // A solution shown is the one found just before the rest.
                        let start = all.len() - rest.len();
                        assert!(
                            shown.is_none_or(|s| start > 0 && all[start - 1] == s),
                            "seed {seed}: {edit:?} shows a solution not found there"
                        );
                        accepted += 1;
                    }
                }
            }
            // (The finished search is imaged and edited too.)
            if ended {
                break;
            }
            match XSolver::open(&mut cur).unwrap().next(3).unwrap() {
                Step::Solution => found += 1,
                Step::BudgetSpent => {}
                Step::Exhausted => ended = true,
            }
        }
        assert_eq!(found, all.len(), "seed {seed}");
    }
    assert!(
        refused > 1000 && accepted > 100,
        "refused {refused}, accepted {accepted}"
    );
}

/// Bit flips anywhere in images with bounds, resealed: refused and left as they
/// were, or accepted and run to their end (an edit of the rows or bounds is another
/// problem, so only that they end is checked here; tests/xcc.rs does the same
/// without bounds, fuzz `attach_xcc` checks the solutions).
#[test]
fn damaged_images_with_bounds_are_refused_or_run_to_their_end() {
    use common::Rng;
    use dlx::core::seal_image;
    let mut g = Rng(77);
    let (mut refused, mut accepted) = (0, 0);
    for seed in 0..20 {
        let (_, mut block) = mcc_search(seed);
        let mut s = XSolver::open(&mut block).unwrap();
        s.next(3 + seed).unwrap();
        s.seal();
        for _ in 0..300 {
            let mut copy = block.clone();
            let i = g.below(copy.len() as u64) as usize;
            copy[i] ^= 1 << g.below(32);
            seal_image(&mut copy);
            let before = copy.clone();
            let ended = XSolver::attach(&mut copy)
                .map(|mut t| (0..100_000).any(|_| t.next(1000) == Ok(Step::Exhausted)));
            match ended {
                Err(e) => {
                    assert_eq!(e, Error::Corrupt, "seed {seed}: word {i}");
                    assert_eq!(
                        copy, before,
                        "seed {seed}: word {i}: a refused image is left as it was"
                    );
                    refused += 1;
                }
                Ok(ended) => {
                    assert!(
                        ended,
                        "seed {seed}: word {i}: an accepted image never ended"
                    );
                    accepted += 1;
                }
            }
        }
    }
    assert!(
        refused > 1000 && accepted > 100,
        "refused {refused}, accepted {accepted}"
    );
}

/// Words an image with bounds must hold as folded, and forced rows that cannot go
/// together: refused as damaged (`Corrupt`) and left as they were. The colour word
/// of the last spacer was neither folded nor rebuilt, so a "purified" mark there
/// (a row walk skips purified nodes before it looks for a spacer) was accepted and
/// sent a walk past the last row; a forced row twice was refused as a `Conflict`.
#[test]
fn folded_words_and_forced_rows_of_images_with_bounds_are_checked() {
    let x = Xcc::random_mcc(6);
    let mut block = x.block();
    let mut s = x.load(&mut block);
    s.select_row(0).unwrap();
    s.next(2).unwrap();
    s.seal();
    let h = XHeader::load(&block).unwrap();
    let l = h.dims.layout().unwrap();
    let first_spacer = (h.dims.primary + h.dims.secondary + 1) as usize;
    let spacers: Vec<usize> = (first_spacer..=first_spacer + (h.rows + h.entries) as usize)
        .filter(|&x| (block[l.nodes + 3 * x + 2] as i32) <= 0)
        .collect();
    assert_eq!(spacers.len() as u32, h.rows + 1);
    assert_eq!(attach_edited(&block, |_| {}), Ok(()));
    for &sp in &spacers {
        let got = attach_edited(&block, |w| w[l.colour + sp] = u32::MAX);
        assert_eq!(got, Err(Error::Corrupt), "spacer {sp}");
    }
    // The forced row twice.
    let twice = |w: &mut Vec<u32>| {
        let mut e = XHeader::load(w).unwrap();
        e.forced = 2;
        e.store(w);
        w[l.sol + 1] = w[l.sol];
    };
    assert_eq!(attach_edited(&block, twice), Err(Error::Corrupt));
}
