//! Damaged images of a solver with colours, as the `attach` target does for the plain
//! solver: a small random XCC problem (colours on secondary columns; bounds on the
//! primary columns for half the inputs) is searched for a while, sealed, copied, edited byte by byte as the input says (resealed when the
//! input asks) and adopted with `XSolver::attach`. A changed image must fail the
//! checksum unless resealed; a refused one must be left as it was; an accepted one
//! must run to its end without a panic, every solution it shows or reports a solution
//! by the rules of colours of the problem it holds, none twice; and an image as the
//! search left it must go on exactly as the search would: the solutions it reports
//! are the end of the whole enumeration (the image reset and searched from the
//! start). Attach replays the search along the image's level stack, with bounds
//! or without, with a seed drawing as the search draws, so an edited image too, if
//! accepted, must go on as the search does from some point of its enumeration.
#![no_main]

use dlx::core::{seal_image, Step, XDims, XHeader, XSolver};
use libfuzzer_sys::fuzz_target;
mod common;

use common::{assert_distinct, assert_rest_of, changed_image, damage, rest, Bytes};

/// Every primary column as often as its bounds say (`bounds[c]`; [1, 1] without);
/// a secondary column in at most one row, or in any number of rows that all give
/// it the same colour (0 = none, used alone).
fn is_xcc_solution(
    bounds: &[(u32, u32)],
    cols: u32,
    rows: &[Vec<(u32, u32)>],
    chosen: &[u32],
) -> bool {
    let primary = bounds.len() as u32;
    let mut hits = vec![0u32; cols as usize];
    let mut colour = vec![None::<u32>; cols as usize];
    for &r in chosen {
        let Some(row) = rows.get(r as usize) else {
            return false;
        };
        for &(c, k) in row {
            hits[c as usize] += 1;
            if c >= primary {
                match colour[c as usize] {
                    None => colour[c as usize] = Some(k),
                    Some(seen) if seen == k && k != 0 => {}
                    Some(_) => return false,
                }
            }
        }
    }
    bounds
        .iter()
        .zip(&hits)
        .all(|(&(lo, hi), &n)| lo <= n && n <= hi)
}

/// The rows an accepted image holds, read from its words: an image is its own
/// problem (attach rebuilds the links from each node's column and colour), so an
/// edited and resealed image may hold another problem than the one searched.
fn rows_of(image: &[u32], dims: XDims, rows: u32) -> Vec<Vec<(u32, u32)>> {
    let l = dims.layout().unwrap();
    let top = |x: usize| image[l.nodes + 3 * x + 2];
    let mut out = Vec::new();
    let mut x = (dims.primary + dims.secondary + 2) as usize;
    for _ in 0..rows {
        let mut row = Vec::new();
        while (top(x) as i32) > 0 {
            row.push((top(x) - 1, image[l.base + x]));
            x += 1;
        }
        out.push(row);
        x += 1;
    }
    out
}

/// The bounds of the primary columns an image holds ([1, 1] without bounds).
fn bounds_of(image: &[u32], dims: XDims) -> Vec<(u32, u32)> {
    let l = dims.layout().unwrap();
    (0..dims.primary as usize)
        .map(|c| {
            if dims.bounded == 0 {
                (1, 1)
            } else {
                (image[l.lo + c], image[l.hi + c])
            }
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let primary = u32::from(b.next() % 5) + 1;
    let secondary = u32::from(b.next() % 4);
    let colors = u32::from(b.next() % 3) + 1;
    let cols = primary + secondary;
    let mut rows: Vec<Vec<(u32, u32)>> = Vec::new();
    for _ in 0..b.next() % 11 {
        let (mask, tint) = (b.next(), b.next());
        let mut row: Vec<(u32, u32)> = (0..cols)
            .filter(|&c| mask >> c & 1 == 1)
            .map(|c| {
                let k = if c >= primary {
                    u32::from(tint >> (c % 4 * 2) & 3) % (colors + 1)
                } else {
                    0
                };
                (c, k)
            })
            .collect();
        if !row.iter().any(|&(c, _)| c < primary) {
            row.push((u32::from(mask) % primary, 0));
        }
        rows.push(row);
    }
    // Multiplicities (Algorithm M) for half the inputs: bounds [lo, hi] with
    // 0 <= lo <= 2, 1 <= hi <= 3.
    let bounds: Vec<(u32, u32)> = if b.next() & 1 == 1 {
        (0..primary)
            .map(|_| {
                let v = b.next();
                let lo = u32::from(v % 3);
                (lo, lo.max(1) + u32::from(v / 3 % 2))
            })
            .collect()
    } else {
        Vec::new()
    };
    let dims = XDims {
        primary,
        secondary,
        max_rows: rows.len() as u32,
        max_entries: rows.iter().map(|r| r.len() as u32).sum(),
        colors,
        bounded: if bounds.is_empty() { 0 } else { primary },
    };
    let mut block = vec![0u32; dims.required_words().unwrap() as usize];
    let mut s = XSolver::init(&mut block, dims).unwrap();
    for r in &rows {
        let c: Vec<u32> = r.iter().map(|e| e.0).collect();
        let k: Vec<u32> = r.iter().map(|e| e.1).collect();
        s.add_row(&c, Some(&k)).unwrap();
    }
    for (c, &(lo, hi)) in bounds.iter().enumerate() {
        s.set_bounds(c as u32, lo, hi).unwrap();
    }
    s.set_seed(u64::from(b.next())).unwrap();
    let forced = b.next();
    if u32::from(forced) < s.rows() {
        let _ = s.select_row(u32::from(forced));
    }
    let budget = u64::from(b.next() % 8) + 1;
    for _ in 0..b.next() % 40 {
        if s.next(budget) == Ok(Step::Exhausted) {
            break;
        }
    }
    // As dlx_image: the block folded (the next open unfolds it).
    s.seal();

    let reseal = b.next() & 1 == 1;
    let mut image = block.clone();
    damage(&mut image, &mut b);
    let changed = changed_image(&image, &block);
    if reseal {
        seal_image(&mut image);
    }
    let damaged = image.clone();
    let mut whole = image.clone();
    let accepted = match XSolver::attach(&mut image) {
        Ok(mut s) => {
            assert!(reseal || !changed, "a changed image passed the checksum");
            let shown = s.solution().map(<[u32]>::to_vec);
            let all = {
                let mut w = XSolver::attach(&mut whole).unwrap();
                w.reset();
                rest(&mut w, 0, XSolver::next, |w| w.solution().unwrap().to_vec())
            };
            let found = rest(&mut s, budget, XSolver::next, |s| {
                s.solution().unwrap().to_vec()
            });
            assert_eq!(
                s.next(1),
                Ok(Step::Exhausted),
                "an accepted image never ended"
            );
            // (`damaged`: the image as offered; `whole` was reset since.)
            let h = XHeader::load(&damaged).unwrap();
            let held = rows_of(&damaged, h.dims, h.rows);
            assert!(changed || held == rows, "{rows:?} read back as {held:?}");
            let held_bounds = bounds_of(&damaged, h.dims);
            let c = h.dims.primary + h.dims.secondary;
            for sol in all.iter().chain(&found).chain(&shown) {
                assert!(
                    is_xcc_solution(&held_bounds, c, &held, sol),
                    "{sol:?} of {held:?} {held_bounds:?}"
                );
            }
            assert_distinct(&found);
            // The rest of the enumeration: attach replays every choice (with a
            // seed, drawing as the search does), so an accepted image, edited or
            // not, stands where a search of the problem it holds stood.
            assert_rest_of(&all, &found, shown.as_ref());
            true
        }
        Err(_) => false,
    };
    if !accepted {
        assert_eq!(image, damaged, "a refused image was changed");
    }
});
