//! How far the search has come: Knuth's estimate from the level stack.

use super::links::View;

/// The fraction of the search tree already explored, as Knuth estimates it, for a
/// search under way whose chosen rows (one node per level, the level being tried
/// included) are `path`: with `k_l` the rows of level `l`'s column already finished
/// (the position of the current row in the column's list, counted from 0) and `d_l`
/// the column's length, the sum over the levels of `k_l / (d_0 d_1 ... d_l)`. It
/// grows monotonically as the search advances (a mixed-radix number whose digits only
/// go up or are dropped after their last value).
///
/// Walks each chosen column's list once (a covered column's list stays intact), at
/// most `entries + 1` nodes each.
pub(super) fn estimate(links: View<'_>, columns: u32, path: &[u32], entries: u32) -> f64 {
    // Fixed point with 64 fraction bits: the weight of level `l` is
    // floor(weight(l - 1) / d_l), so a level never adds more than one unit of
    // the level above (d_l * floor(w / d_l) <= w) and the sum only grows.
    let one: u128 = 1 << 64;
    let mut sum: u128 = 0;
    let mut weight = one;
    for &cur in path {
        let c = links.column_of(cur, columns);
        let (k, d) = links.position(c, cur, entries);
        if d == 0 {
            break;
        }
        weight /= u128::from(d);
        sum += u128::from(k.min(d)) * weight;
        if weight == 0 {
            // Deeper levels add nothing.
            break;
        }
    }
    (sum.min(one) as f64 / one as f64).clamp(0.0, 1.0)
}
