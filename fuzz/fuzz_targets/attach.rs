//! Damaged images: a small random problem is searched for a while, its block is
//! sealed as `dlx_image` does, copied and then edited byte by byte (overwrites, flips,
//! truncation) as the input says, and adopted with `Solver::attach`. Unless the input
//! asks to recompute the checksum (as someone editing an image on purpose would), a
//! changed image must fail the checksum. A refused image must be left exactly as it
//! was. An accepted one must behave exactly like a state the search reaches: run to
//! its end (no panic, no endless loop), the solution it shows (if any) and the ones it
//! reports being consecutive solutions of the whole enumeration of its problem (the
//! image reset and searched from the start), ending with the last, each an exact
//! cover of the problem.
#![no_main]

use dlx::core::{seal_image, Dims, Solver, Step};
use libfuzzer_sys::fuzz_target;
mod common;

use common::{assert_distinct, assert_rest_of, changed_image, damage, is_cover, rest, Bytes};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let primary = u32::from(b.next() % 6) + 1;
    let secondary = u32::from(b.next() % 3);
    let cols = primary + secondary;
    let mut rows = Vec::new();
    for _ in 0..b.next() % 11 {
        let mask = b.next();
        let mut row: Vec<u32> = (0..cols).filter(|&c| mask >> c & 1 == 1).collect();
        if row.is_empty() {
            row.push(u32::from(mask) % cols);
        }
        rows.push(row);
    }
    let dims = Dims {
        primary,
        secondary,
        max_rows: rows.len() as u32,
        max_entries: rows.iter().map(|r| r.len() as u32).sum(),
    };
    let mut block = vec![0u32; dims.required_words().unwrap() as usize];
    let mut s = Solver::init(&mut block, dims).unwrap();
    for r in &rows {
        s.add_row(r).unwrap();
    }
    let seed = b.next();
    s.set_seed(u64::from(seed)).unwrap();
    let forced = b.next();
    if u32::from(forced) < s.rows() {
        let _ = s.select_row(u32::from(forced));
    }
    let budget = u64::from(b.next() % 8) + 1;
    for _ in 0..b.next() % 40 {
        if s.next(budget).unwrap() == Step::Exhausted {
            break;
        }
    }
    s.seal();
    drop(s);

    let reseal = b.next() & 1 == 1;
    let mut image = block.clone();
    damage(&mut image, &mut b);
    let changed = changed_image(&image, &block);
    if reseal {
        seal_image(&mut image);
    }
    let damaged = image.clone();
    // The whole enumeration of the accepted image's problem, from its start.
    let mut whole = image.clone();
    let outcome = match Solver::attach(&mut image) {
        Ok(mut s) => {
            assert!(reseal || !changed, "a changed image passed the checksum");
            let shown = s.solution().map(<[u32]>::to_vec);
            let all = {
                let mut w = Solver::attach(&mut whole).unwrap();
                w.reset();
                rest(&mut w, 0, Solver::next, |w| w.solution().unwrap().to_vec())
            };
            let found = rest(&mut s, budget, Solver::next, |s| {
                s.solution().unwrap().to_vec()
            });
            assert_eq!(
                s.next(1),
                Ok(Step::Exhausted),
                "an accepted image never ended"
            );
            // With a seed too: attach checks the random state and every level's
            // column to be the very ones the seed's search has there.
            assert_rest_of(&all, &found, shown.as_ref());
            for sol in &all {
                assert!(is_cover(primary, secondary, &rows, sol), "{sol:?}");
            }
            Some(found)
        }
        Err(_) => None,
    };
    match outcome {
        Some(found) => {
            for sol in &found {
                assert!(is_cover(primary, secondary, &rows, sol), "{sol:?}");
            }
            assert_distinct(&found);
        }
        None => assert_eq!(image, damaged, "a refused image was changed"),
    }
});
