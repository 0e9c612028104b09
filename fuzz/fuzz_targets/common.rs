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
