//! Pieces every fuzz target uses: reading the fuzzer's bytes as decisions, and an
//! exact-cover checker independent of the library.
#![allow(dead_code)] // each target uses part of it

/// The fuzzer's input, consumed a byte at a time; zeros once it runs out.
pub struct Bytes<'a>(pub &'a [u8]);

impl Bytes<'_> {
    pub fn next(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// The next `k` bytes (fewer at the end of the input).
    pub fn take(&mut self, k: usize) -> &[u8] {
        let k = k.min(self.0.len());
        let (head, rest) = self.0.split_at(k);
        self.0 = rest;
        head
    }
}

/// True when `chosen` row ids form an exact cover by the API's definition: every
/// primary column once, every secondary column at most once, no row without a
/// primary column.
pub fn is_cover(primary: u32, secondary: u32, rows: &[Vec<u32>], chosen: &[u32]) -> bool {
    let mut hits = vec![0u32; (primary + secondary) as usize];
    for &r in chosen {
        let Some(row) = rows.get(r as usize) else {
            return false;
        };
        if !row.iter().any(|&c| c < primary) {
            return false;
        }
        for &c in row {
            hits[c as usize] += 1;
        }
    }
    hits.iter()
        .enumerate()
        .all(|(c, &h)| if (c as u32) < primary { h == 1 } else { h <= 1 })
}

/// Edits a sealed image as the rest of the input says, four bytes an edit: a byte
/// position, then an operation (xor, overwrite, a small step of the whole word, or
/// truncation there) and its value.
pub fn damage(image: &mut Vec<u32>, b: &mut Bytes<'_>) {
    let len = image.len() * 4;
    while b.0.len() >= 4 {
        let at = (usize::from(b.next()) << 8 | usize::from(b.next())) % len;
        let (op, value) = (b.next(), b.next());
        let word = &mut image[at / 4];
        let shift = 8 * (at % 4);
        match op % 4 {
            0 => *word ^= u32::from(value) << shift,
            1 => *word = (*word & !(0xff << shift)) | u32::from(value) << shift,
            2 => *word = word.wrapping_add(u32::from(value % 5)).wrapping_sub(2),
            _ => {
                if value < 16 {
                    image.truncate(at / 4);
                    break;
                }
            }
        }
    }
}

/// Whether `image` differs from `block` where the checksum looks (the busy word is
/// outside it: attach clears it).
pub fn changed_image(image: &[u32], block: &[u32]) -> bool {
    let busy = dlx::block::W_BUSY;
    image.len() != block.len()
        || image
            .iter()
            .zip(block)
            .enumerate()
            .any(|(i, (a, b))| a != b && i != busy)
}

/// The solutions a search reports from where it stands to its end, `budget` per
/// call: `next` makes a call, `solution` reads the rows after `Step::Solution`. A
/// valid state of the small problems fuzzed here ends long before a million calls,
/// and never fails (a sound block passes every validation).
pub fn rest<S>(
    s: &mut S,
    budget: u64,
    next: impl Fn(&mut S, u64) -> Result<dlx::core::Step, dlx::core::Error>,
    solution: impl Fn(&S) -> Vec<u32>,
) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for _ in 0..1_000_000 {
        match next(s, budget).expect("a sound block searches without an error") {
            dlx::core::Step::Solution => out.push(solution(s)),
            dlx::core::Step::Exhausted => break,
            dlx::core::Step::BudgetSpent => {}
        }
    }
    out
}

/// `found` (after the solution `shown`, if any) is the end of the enumeration `all`.
pub fn assert_rest_of(all: &[Vec<u32>], found: &[Vec<u32>], shown: Option<&Vec<u32>>) {
    let start = all.len().checked_sub(found.len());
    assert!(
        start.is_some_and(|i| all[i..] == *found),
        "{found:?} is not a suffix of the enumeration {all:?}"
    );
    if let Some(shown) = shown {
        let i = start.unwrap();
        assert!(
            i > 0 && all[i - 1] == *shown,
            "shows {shown:?}, then {found:?} of {all:?}"
        );
    }
}

/// The solutions of `found` as sets: each one's rows sorted, then the list sorted.
pub fn as_sets(found: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let mut sets: Vec<Vec<u32>> = found
        .iter()
        .map(|sol| {
            let mut v = sol.clone();
            v.sort_unstable();
            v
        })
        .collect();
    sets.sort();
    sets
}

/// No solution of `found` is another's rows in another order.
pub fn assert_distinct(found: &[Vec<u32>]) {
    let sets = as_sets(found);
    assert!(sets.windows(2).all(|w| w[0] != w[1]), "a solution twice");
}
