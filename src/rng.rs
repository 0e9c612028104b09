//! SplitMix64: tiny, fast, and its whole state is one `u64` that lives in the block.
//!
//! Shared by every engine (the DLX core, the Sudoku search and its generator).
#![forbid(unsafe_code)]

/// The step the state advances by on every draw (odd, so every state is reachable).
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// Advances `state` and returns the next 64 random bits.
pub fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(GAMMA);
    mix(*state)
}

/// SplitMix64's output function: a bijection that spreads every input bit.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The state a search draws from at a node reached along `path` (the words of the
/// rows chosen above it) from `base`: a function of the path alone, so the search
/// makes the same random choice at a node whatever it did before (budget stops,
/// images, prefixes), and an image's choices can be checked exactly.
pub fn along(base: u64, path: &[u32]) -> u64 {
    path.iter()
        .fold(base, |s, &x| mix(s.wrapping_add(GAMMA) ^ u64::from(x)))
}

/// A uniform value in `0..n` (n >= 1), by Lemire's multiply-shift.
pub fn below(state: &mut u64, n: u32) -> u32 {
    (((next(state) >> 32) * u64::from(n)) >> 32) as u32
}

/// The state `draws` draws after `state` (the state only ever advances by `GAMMA`):
/// any draw of a sequence can be made again on its own, in any order.
pub fn after(state: u64, draws: u64) -> u64 {
    state.wrapping_add(draws.wrapping_mul(GAMMA))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_skips_draws() {
        let start = 0xdead_beef;
        let mut s = start;
        for k in 0..100u64 {
            assert_eq!(after(start, k), s);
            below(&mut s, 9);
        }
    }

    #[test]
    fn along_depends_on_every_step_and_its_order() {
        let base = 7;
        let a = along(base, &[3, 9, 4]);
        assert_eq!(a, along(base, &[3, 9, 4]));
        for other in [&[3, 9][..], &[3, 9, 5], &[9, 3, 4], &[3, 9, 4, 0], &[]] {
            assert_ne!(a, along(base, other), "{other:?}");
        }
        assert_ne!(a, along(base + 1, &[3, 9, 4]));
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut s = 42;
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let v = below(&mut s, 7);
            assert!(v < 7);
            seen[v as usize] = true;
        }
        assert!(seen.iter().all(|&b| b));
    }
}
