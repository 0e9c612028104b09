//! Branch and bound for the maximum-weight exact cover, on top of the DLX1 engine.
//!
//! A [`Maximizer`] lives in a block of its own, next to (not inside) a [`Solver`]: it
//! holds one `i64` weight per row and the state of the optimisation (best value and
//! rows so far, the value accumulated at each level). The search itself runs on the
//! solver's links, level stack and phase, with the same column choice as
//! [`Solver::next`], so `Solver::reset` undoes it and the solver's figures count it.
//!
//! ```text
//! header   MAX_HEADER_WORDS words
//! weights  2 * max_rows              i64 weight of each row
//! nodew    5 * node_capacity         per node: i64 split share, i64 row weight, position
//! acc      4 * (primary + 1)         i128 value of the rows chosen above each level
//! best     primary                   forced rows, then the search rows, of the best solution
//! ```
//!
//! **The bound** is the smallest of five sums over the primary columns still uncovered.
//! Every completion covers each of them with exactly one row, and every remaining row
//! has all its primary columns uncovered, so a row's weight can be charged to its
//! columns in any fixed way:
//!
//! - *split*: each row `r` gives `ceil(w(r) / p(r))` to each of its `p(r)` primary
//!   columns; a column adds the largest share among its remaining rows;
//! - *charged k* (k = 0..3): each row gives all of `w(r)` to its primary column number
//!   `k mod p(r)` (in the order the row's columns were given to `add_row`) and
//!   nothing to the others; a column adds the largest weight charged to it, or at
//!   most 0 when it also holds rows charged elsewhere (the rows that may cover it then
//!   count at their own column).
//!
//! Both hold for any weights, negative ones included. A node whose value so far plus
//! the bound is not above the best value found is pruned; a column without rows
//! prunes at once. A charged sum is tight when that column of every row is a "cell"
//! that each solution fills once with one of several weighted choices; the split sum
//! helps when weights are spread evenly.
//!
//! **Ties.** A solution replaces the best only when it is strictly better, and no node
//! that could hold a strictly better one is pruned; so the result is the first
//! maximum-weight solution in the order [`Solver::next`] would list them (which depends
//! on the solver's seed).

use super::header::Phase;
use super::layout::Dims;
use super::links::search::{Enter, Hooks, Stop};
use super::links::View;
use super::solver::{Error, Solver, Step};
use crate::block::{self, get64, put64, Kind};

/// "DLXM" read as a little-endian word.
pub const MAX_MAGIC: u32 = 0x4D58_4C44;
/// Version of the maximiser's block layout (2: the common block prefix, see
/// [`crate::block`]; the state and "has a best" live in the flags word).
pub const MAX_LAYOUT_VERSION: u32 = 2;
/// Words in the maximiser's header.
pub const MAX_HEADER_WORDS: u64 = 24;

/// The maximiser's kind of block.
pub const MAX_KIND: Kind = Kind::new(MAX_MAGIC, MAX_LAYOUT_VERSION, MAX_HEADER_WORDS);

// Word positions after the common prefix (see `crate::block`).
block::fields! {
    W_PRIMARY, W_SECONDARY, W_MAX_ROWS, W_MAX_ENTRIES, // the solver's dimensions
    W_BEST_LEN, W_IMPROVED, W_PRUNED: 2,
    // the solver's updates and nodes when the last call ended
    W_SEEN_UPDATES: 2, W_SEEN_NODES: 2,
    W_BEST: 4, // i128
}

const _: () = assert!(W_BEST + 4 <= MAX_HEADER_WORDS as usize);

/// Flag: the block was allocated by the library.
pub const MAX_FLAG_HEAP: u32 = crate::block::FLAG_HEAP;
/// Flag: an optimisation is under way.
const FLAG_RUNNING: u32 = 2;
/// Flag: the optimisation is finished (the best, if any, is proven optimal).
const FLAG_DONE: u32 = 4;
/// Flag: a best solution is stored.
const FLAG_HAS_BEST: u32 = 8;
const KNOWN_FLAGS: u32 = MAX_FLAG_HEAP | FLAG_RUNNING | FLAG_DONE | FLAG_HAS_BEST;

/// Charging schemes of the bound.
const SCHEMES: u32 = 4;

const IDLE: u32 = 0;
const RUNNING: u32 = 1;
const DONE: u32 = 2;

/// Figures of a maximisation besides the solver's own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MaxStats {
    /// Search-tree nodes cut off by the bound.
    pub pruned: u64,
    /// Times the best solution improved.
    pub improvements: u32,
    /// True when the search is finished: the best (if any) is the optimum.
    pub proven: bool,
}

/// Word offsets of the maximiser's regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MaxLayout {
    weights: usize,
    nodew: usize,
    acc: usize,
    best: usize,
    total: usize,
}

fn max_layout(d: &Dims) -> Option<MaxLayout> {
    d.required_words()?; // the node capacity fits
    let words = max_required_words(d)?;
    let bytes = words.checked_mul(4)?;
    usize::try_from(bytes).ok()?;
    let weights = MAX_HEADER_WORDS as usize;
    let nodew = weights + 2 * d.max_rows as usize;
    let acc = nodew + 5 * d.node_capacity() as usize;
    let best = acc + 4 * (d.primary as usize + 1);
    let total = best + d.primary as usize;
    Some(MaxLayout {
        weights,
        nodew,
        acc,
        best,
        total,
    })
}

/// Words a maximiser for a solver of dimensions `d` needs, or `None` when the solver's
/// own size would not fit.
pub fn max_required_words(d: &Dims) -> Option<u64> {
    d.required_words()?;
    Some(
        MAX_HEADER_WORDS
            + 2 * u64::from(d.max_rows)
            + 5 * d.node_capacity()
            + 4 * (u64::from(d.primary) + 1)
            + u64::from(d.primary),
    )
}

/// Bytes a maximiser for dimensions `d` needs, or `None` when that overflows `usize`.
pub fn max_required_bytes(d: &Dims) -> Option<usize> {
    let b = max_required_words(d)?.checked_mul(4)?;
    usize::try_from(b).ok()
}

/// Branch-and-bound state for one solver's problem, in a caller-owned block.
pub struct Maximizer<'a> {
    head: &'a mut [u32],
    weights: &'a mut [[u32; 2]],
    nodew: &'a mut [[u32; 5]],
    acc: &'a mut [[u32; 4]],
    best: &'a mut [u32],
}

fn i64_of(p: [u32; 2]) -> i64 {
    (u64::from(p[0]) | (u64::from(p[1]) << 32)) as i64
}

fn pair_of(v: i64) -> [u32; 2] {
    let v = v as u64;
    [v as u32, (v >> 32) as u32]
}

fn i128_of(q: [u32; 4]) -> i128 {
    let mut v = 0u128;
    for (i, &x) in q.iter().enumerate() {
        v |= u128::from(x) << (32 * i);
    }
    v as i128
}

fn quad_of(v: i128) -> [u32; 4] {
    let v = v as u128;
    [
        v as u32,
        (v >> 32) as u32,
        (v >> 64) as u32,
        (v >> 96) as u32,
    ]
}

/// `ceil(w / p)` for `p >= 1`; never overflows.
fn ceil_div(w: i64, p: u32) -> i64 {
    let p = i64::from(p);
    let q = w.div_euclid(p);
    if w.rem_euclid(p) != 0 {
        q + 1
    } else {
        q
    }
}

impl<'a> Maximizer<'a> {
    /// Builds a maximiser (every weight 0, no search) for solvers of dimensions `dims`.
    pub fn init(words: &'a mut [u32], dims: Dims) -> Result<Maximizer<'a>, Error> {
        block::zero(words, max_layout(&dims).map(|l| l.total));
        Maximizer::init_zeroed(words, dims)
    }

    /// [`Maximizer::init`] for a block that is all zero already (fresh from a zeroing
    /// allocator): writes only the header.
    pub fn init_zeroed(words: &'a mut [u32], dims: Dims) -> Result<Maximizer<'a>, Error> {
        let l = max_layout(&dims).ok_or(Error::Arg)?;
        if words.len() < l.total {
            return Err(Error::TooSmall);
        }
        let m = Maximizer::carve(words, l);
        MAX_KIND.start(m.head, l.total as u64);
        m.head[W_PRIMARY] = dims.primary;
        m.head[W_SECONDARY] = dims.secondary;
        m.head[W_MAX_ROWS] = dims.max_rows;
        m.head[W_MAX_ENTRIES] = dims.max_entries;
        Ok(m)
    }

    /// Reopens a maximiser made by [`Maximizer::init`], checking its header.
    pub fn open(words: &'a mut [u32]) -> Result<Maximizer<'a>, Error> {
        let recorded = MAX_KIND.words_of(words).ok_or(Error::Corrupt)?;
        let dims = Self::dims_of(words);
        let l = max_layout(&dims).ok_or(Error::Corrupt)?;
        let flags = block::flags(words);
        if recorded != l.total as u64
            || words.len() < l.total
            || flags & !KNOWN_FLAGS != 0
            || flags & (FLAG_RUNNING | FLAG_DONE) == FLAG_RUNNING | FLAG_DONE
            || words[W_BEST_LEN] > dims.primary
        {
            return Err(Error::Corrupt);
        }
        Ok(Maximizer::carve(words, l))
    }

    /// The total words of the block a header describes (for the C layer), if valid.
    /// Agrees with the dimensions the header records, or `None`.
    pub fn words_of(head: &[u32]) -> Option<u64> {
        let recorded = MAX_KIND.words_of(head)?;
        (max_layout(&Self::dims_of(head))?.total as u64 == recorded).then_some(recorded)
    }

    /// True when the header says the library allocated the block.
    pub fn heap_of(head: &[u32]) -> bool {
        head.len() > block::W_FLAGS && block::is_heap(head)
    }

    fn dims_of(w: &[u32]) -> Dims {
        Dims {
            primary: w[W_PRIMARY],
            secondary: w[W_SECONDARY],
            max_rows: w[W_MAX_ROWS],
            max_entries: w[W_MAX_ENTRIES],
        }
    }

    fn carve(words: &'a mut [u32], l: MaxLayout) -> Maximizer<'a> {
        let [head, weights, nodew, acc, best] =
            block::regions(words, [l.weights, l.nodew, l.acc, l.best, l.total]);
        Maximizer {
            head,
            weights: weights.as_chunks_mut().0,
            nodew: nodew.as_chunks_mut().0,
            acc: acc.as_chunks_mut().0,
            best,
        }
    }

    /// The solver dimensions this maximiser was made for.
    pub fn dims(&self) -> Dims {
        Self::dims_of(self.head)
    }

    /// Marks the block as allocated by the library.
    pub fn set_heap(&mut self, on: bool) {
        block::set(self.head, MAX_FLAG_HEAP, on);
    }

    /// Where the optimisation stands: `IDLE`, `RUNNING` or `DONE`.
    fn state(&self) -> u32 {
        if block::has(self.head, FLAG_DONE) {
            DONE
        } else if block::has(self.head, FLAG_RUNNING) {
            RUNNING
        } else {
            IDLE
        }
    }

    fn set_state(&mut self, state: u32) {
        block::set(self.head, FLAG_RUNNING, state == RUNNING);
        block::set(self.head, FLAG_DONE, state == DONE);
    }

    fn has_best(&self) -> bool {
        block::has(self.head, FLAG_HAS_BEST)
    }

    fn set_has_best(&mut self, on: bool) {
        block::set(self.head, FLAG_HAS_BEST, on);
    }

    /// Sets the weight of row `row` (rows never given a weight weigh 0). Refused with
    /// [`Error::State`] while an optimisation is under way and [`Error::Arg`] for a row
    /// id not below `max_rows`.
    pub fn set_weight(&mut self, row: u32, weight: i64) -> Result<(), Error> {
        if row >= self.head[W_MAX_ROWS] {
            return Err(Error::Arg);
        }
        if self.state() == RUNNING {
            return Err(Error::State);
        }
        self.weights[row as usize] = pair_of(weight);
        Ok(())
    }

    /// The weight of row `row` (0 when out of range).
    pub fn weight(&self, row: u32) -> i64 {
        self.weights.get(row as usize).map_or(0, |&p| i64_of(p))
    }

    /// Forgets the best solution and the optimisation under way (the next
    /// [`Maximizer::step`] starts afresh); the weights stay.
    pub fn reset(&mut self) {
        self.set_state(IDLE);
        self.set_has_best(false);
        self.head[W_BEST_LEN] = 0;
    }

    /// The best solution so far: its value and its rows (forced rows first).
    pub fn best(&self) -> Option<(i128, &[u32])> {
        (self.has_best()).then(|| {
            (
                self.best_value(),
                // (All of it but on a damaged block.)
                self.best
                    .get(..self.head[W_BEST_LEN] as usize)
                    .unwrap_or(&[]),
            )
        })
    }

    fn best_value(&self) -> i128 {
        let w = &self.head[W_BEST..W_BEST + 4];
        i128_of([w[0], w[1], w[2], w[3]])
    }

    /// Figures of the optimisation under way or of the last one.
    pub fn stats(&self) -> MaxStats {
        MaxStats {
            pruned: get64(self.head, W_PRUNED),
            improvements: self.head[W_IMPROVED],
            proven: self.state() == DONE,
        }
    }

    fn acc_at(&self, level: u32) -> i128 {
        // (A level of the search is always in range but on a damaged block.)
        i128_of(self.acc.get(level as usize).copied().unwrap_or_default())
    }

    /// The split share and the row weight of node `x`, and the charging schemes
    /// (bit k for scheme k) that charge the row's weight to this node.
    fn node_weights(&self, x: u32) -> (i64, i64, u32) {
        // (`x` is a node of the solver's links, in range but on a damaged block.)
        let [a, b, c, d, e] = self.nodew.get(x as usize).copied().unwrap_or_default();
        (i64_of([a, b]), i64_of([c, d]), e)
    }

    /// Goes on with the optimisation of `s`'s problem (the first call starts it) until
    /// a strictly better solution ([`Step::Solution`], read it with
    /// [`Maximizer::best`]), the end ([`Step::Exhausted`]: the best, if any, is
    /// optimal; no best means no solution), or until this call spent at least `budget`
    /// link updates (0 = no limit). Starts afresh (resetting `s`) when the solver was
    /// reset, changed or searched by anything else since the last call.
    pub fn step(&mut self, s: &mut Solver<'_>, budget: u64) -> Result<Step, Error> {
        if s.dims() != self.dims() {
            return Err(Error::Arg);
        }
        let seen = s.stats();
        let untouched = get64(self.head, W_SEEN_UPDATES) == seen.updates
            && get64(self.head, W_SEEN_NODES) == seen.nodes;
        let state = self.state();
        if state == DONE && untouched && s.phase() == Phase::Done {
            return Ok(Step::Exhausted);
        }
        if !(state == RUNNING && untouched && s.phase().searching()) {
            self.start(s);
        }
        let step = match s.search(budget, self, false)? {
            Stop::Solution(depth) => {
                self.record_best(s, depth);
                Step::Solution
            }
            Stop::BudgetSpent => Step::BudgetSpent,
            // (`enter` makes no leaves.)
            Stop::Leaf(_) | Stop::Exhausted => Step::Exhausted,
        };
        let seen = s.stats();
        put64(self.head, W_SEEN_UPDATES, seen.updates);
        put64(self.head, W_SEEN_NODES, seen.nodes);
        if step == Step::Exhausted || s.phase() == Phase::Done {
            // (A solution found at the start, with nothing to search, ends it too.)
            self.set_state(DONE);
        }
        Ok(step)
    }

    /// Starts a fresh search on `s` and the per-node weights of its rows.
    fn start(&mut self, s: &mut Solver<'_>) {
        s.restart();
        let primary = s.dims().primary;
        for r in 0..s.rows() {
            let p = s.row_nodes(r).filter(|&(_, c)| c <= primary).count() as u32;
            let w = self.weight(r);
            let per = pair_of(if p == 0 { w } else { ceil_div(w, p) });
            let wp = pair_of(w);
            let mut pos = 0u32;
            for (y, c) in s.row_nodes(r) {
                let mut schemes = 0u32;
                if c <= primary {
                    for k in 0..SCHEMES {
                        if k % p == pos {
                            schemes |= 1 << k;
                        }
                    }
                    pos += 1;
                }
                if let Some(slot) = self.nodew.get_mut(y as usize) {
                    *slot = [per[0], per[1], wp[0], wp[1], schemes];
                }
            }
        }
        let base: i128 = s
            .forced_rows()
            .iter()
            .map(|&r| i128::from(self.weight(r)))
            .sum();
        self.acc[0] = quad_of(base);
        self.set_state(RUNNING);
        self.set_has_best(false);
        self.head[W_BEST_LEN] = 0;
        self.head[W_IMPROVED] = 0;
        put64(self.head, W_PRUNED, 0);
    }

    /// The bound on what the uncovered primary columns can add, or `None` when one of
    /// them has no row left (no completion).
    fn bound(&self, links: View<'_>) -> Option<i128> {
        let mut split = 0i128;
        let mut charged = [0i128; SCHEMES as usize];
        for c in links.active_primaries() {
            let mut rows = 0u32;
            let mut best_split = i64::MIN;
            let mut best_charge = [i64::MIN; SCHEMES as usize];
            let mut elsewhere = 0u32;
            for x in links.column_nodes(c) {
                rows += 1;
                let (sp, w, here) = self.node_weights(x);
                best_split = best_split.max(sp);
                elsewhere |= !here;
                for (k, b) in best_charge.iter_mut().enumerate() {
                    if here >> k & 1 == 1 {
                        *b = (*b).max(w);
                    }
                }
            }
            if rows == 0 {
                return None;
            }
            split += i128::from(best_split);
            for (k, b) in best_charge.iter().enumerate() {
                charged[k] += i128::from(if elsewhere >> k & 1 == 1 {
                    (*b).max(0)
                } else {
                    *b
                });
            }
        }
        Some(charged.iter().fold(split, |m, &v| m.min(v)))
    }

    /// True when a solution of value `value` beats the best so far.
    fn beats_best(&self, value: i128) -> bool {
        !self.has_best() || value > self.best_value()
    }

    /// Records the solution made of the forced rows and the rows of levels
    /// `0..depth` (the value accumulated at `depth`) as the best.
    fn record_best(&mut self, s: &Solver<'_>, depth: u32) {
        let forced = s.forced_rows();
        self.best[..forced.len()].copy_from_slice(forced);
        for (slot, row) in self.best[forced.len()..].iter_mut().zip(s.path_rows(depth)) {
            *slot = row;
        }
        self.head[W_BEST_LEN] = forced.len() as u32 + depth;
        self.set_has_best(true);
        let value = self.acc_at(depth);
        self.head[W_BEST..W_BEST + 4].copy_from_slice(&quad_of(value));
        self.head[W_IMPROVED] = self.head[W_IMPROVED].saturating_add(1);
    }

    fn prunes(&self, value: i128, bound: Option<i128>) -> bool {
        match bound {
            None => true,
            Some(b) => self.has_best() && value.saturating_add(b) <= self.best_value(),
        }
    }
}

/// Branch and bound as hooks of the search loop: the bound check on entering a
/// level, the value of the rows chosen, and "strictly better" at a solution.
impl Hooks for Maximizer<'_> {
    fn enter(&mut self, links: View<'_>, level: u32) -> Enter {
        let value = self.acc_at(level);
        if self.prunes(value, self.bound(links)) {
            let p = get64(self.head, W_PRUNED).saturating_add(1);
            put64(self.head, W_PRUNED, p);
            Enter::Prune
        } else {
            Enter::Go
        }
    }

    fn chose(&mut self, links: View<'_>, level: u32, x: u32) {
        // (Saturating: the sums of a sound block never come near the end of i128,
        // a damaged block's accumulator words may.)
        let weight = i128::from(self.weight(links.row_of(x)));
        let value = self.acc_at(level).saturating_add(weight);
        // (A level past the array would be a damaged block's, which the search
        // loop backs out of before it chooses a row; no index here may panic.)
        if let Some(a) = self.acc.get_mut(level as usize + 1) {
            *a = quad_of(value);
        }
    }

    fn solution(&mut self, depth: u32, _solutions: u64) -> bool {
        self.beats_best(self.acc_at(depth))
    }
}
