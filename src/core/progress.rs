//! How far the search has come: Knuth's estimate from the level stack.

use super::header::Phase;
use super::solver::{Solver, DOWN};

impl Solver<'_> {
    /// The fraction of the search tree already explored, as Knuth estimates it: with
    /// `k_l` the rows of level `l`'s column already finished (the position of the
    /// current row in the column's list, counted from 0) and `d_l` the column's
    /// length, the sum over the levels of `k_l / (d_0 d_1 ... d_l)`. It is 0 before
    /// a search, grows monotonically as the search advances (a mixed-radix number
    /// whose digits only go up or are dropped after their last value), and is 1 once
    /// the search is finished.
    ///
    /// Walks each chosen column's list once (a covered column's list stays intact).
    pub fn progress(&self) -> f64 {
        let level = self.h.level;
        let levels = match self.h.phase {
            Phase::Fresh | Phase::Start => return 0.0,
            Phase::Done => return 1.0,
            Phase::Forward => level,
            Phase::Advance | Phase::Recover => level + 1,
        };
        // Fixed point with 64 fraction bits: the weight of level `l` is
        // floor(weight(l - 1) / d_l), so a level never adds more than one unit of
        // the level above (d_l * floor(w / d_l) <= w) and the sum only grows.
        let one: u128 = 1 << 64;
        let mut sum: u128 = 0;
        let mut weight = one;
        for l in 0..levels {
            let Some(&cur) = self.stack.get(l as usize) else {
                break;
            };
            let c = self.column_of(cur);
            let (k, d) = self.position(c, cur);
            if d == 0 {
                break;
            }
            weight /= u128::from(d);
            sum += u128::from(k.min(d)) * weight;
        }
        (sum.min(one) as f64 / one as f64).clamp(0.0, 1.0)
    }

    /// The position of `x` in column `c`'s list (its length when `x` is the header)
    /// and the list's length. Bounded by the number of entries.
    fn position(&self, c: u32, x: u32) -> (u32, u32) {
        let mut k = None;
        let mut n = 0u32;
        let mut y = self.node_down(c);
        while y != c && n <= self.h.entries {
            if y == x {
                k = Some(n);
            }
            n += 1;
            y = self.node_down(y);
        }
        (k.unwrap_or(n), n)
    }

    fn node_down(&self, x: u32) -> u32 {
        self.nodes.get(x as usize).map_or(0, |n| n[DOWN])
    }
}
