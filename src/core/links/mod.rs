//! The links: Knuth's DLX1 node and item arrays over `u32` indices, and the dance on
//! them. The arrays are private to this module and its children; the rest of the core
//! reaches them through the named methods below, the search loop ([`search`]) and
//! the checked undo and redo of images ([`checked`]).
//!
//! Node 0 is unused, nodes `1..=columns` are the column headers (`top` holds the
//! column length, with [`COVERED`] set while the column is covered), node
//! `columns + 1` is the first spacer, and every row is its nodes followed by one
//! spacer whose `top` is minus (the row's id + 1). Items `0` (Knuth's root) and
//! `columns + 1` head the circular lists of the primary and the secondary columns.

pub(super) mod checked;
pub(super) mod search;

use crate::rng;

// Fields of a node: [up, down, top]. For a column header `top` is the column length;
// for a spacer it is minus the number of the row that follows it (so `<= 0`).
// (Shared with the engine with colours, core::xcc, which lays out its links alike.)
pub(in crate::core) const UP: usize = 0;
pub(in crate::core) const DOWN: usize = 1;
pub(in crate::core) const TOP: usize = 2;
// Fields of a column header list entry: [left, right].
pub(in crate::core) const LEFT: usize = 0;
pub(in crate::core) const RIGHT: usize = 1;
/// Item list head of the primary columns (Knuth's root).
pub(in crate::core) const ROOT: u32 = 0;
/// Set in a column header's length while the column is covered, so that the column
/// choice can scan the headers as an array. Lengths stay below 2^31 (node indices do).
const COVERED: u32 = 1 << 31;

fn is_spacer(top: u32) -> bool {
    (top as i32) <= 0
}

/// What a trusted walk may know of the rows besides their spacers. When every row
/// has [`ROW_LEN`] nodes (Langford pairs), row `k` takes the nodes from
/// `base + 4 * k` on (`base` the node after the first spacer): a node's place in its
/// row is its offset from `base` masked by 3, and a walk around the row is two
/// steps, unrolled, with no exit whose place varies from row to row (a column's
/// nodes sit at different places in their rows, so those exits mispredicted).
/// Measured (docs/DESIGN.md): any length `L` with `L + 1` a power of two and a
/// loop of `L - 1` steps gave Langford pairs 8-10% less time, the length fixed at 3
/// another 10%; other lengths would need a division (or Lemire's two
/// multiplications), whose latency before the first node costs more than the exits
/// save (queens 20% slower). [`Links::check_rows`] finds it, so only runs on a
/// validated block use it.
///
/// When the rows have different lengths, from [`SHORT_MIN`] to [`SHORT_MAX`] nodes
/// (Soma: 4 and 5; every row has the `SHORT_MIN - 1` steps a walk takes unrolled),
/// and three times the last column fits under [`PLACE_SHIFT`] bits, the run on the
/// validated block writes each entry's place in its row and its row's length into
/// the spare high bits of its `top` word ([`Links::place_rows`]) and takes them
/// out again before it returns: a walk reads its row's ends from the node it
/// starts at and knows its trip count, with no exit whose place varies from row to
/// row. The block between calls sees the plain layout; during such a run the
/// search's hooks get a [`View`] whose entries' `top` words are not columns (the
/// hooks of today read lengths, lists and row ids only: `View::column_of` and
/// `View::row_nodes` would be wrong there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::core) struct Rows {
    /// The node after the first spacer when every row has [`ROW_LEN`] nodes; 0
    /// otherwise (no row starts at node 0).
    base: u32,
    /// Rows of different lengths, from [`SHORT_MIN`] to [`SHORT_MAX`] nodes each,
    /// in a block of at most `COLUMN_MASK / 3` columns.
    short: bool,
}

/// The row length whose walks [`Rows`] does by arithmetic.
const ROW_LEN: u32 = 3;

/// The longest rows whose places a run on a validated block writes ([`Rows`]).
const SHORT_MAX: u32 = 7;
/// The shortest rows of that shape: walks take `SHORT_MIN - 1` steps unrolled.
const SHORT_MIN: u32 = 4;

/// Where the place of an entry in its row starts in its `top` word during a run
/// with places (4 bits; the row's length in the 3 bits above, bit 31 stays clear,
/// so the word still reads as no spacer).
const PLACE_SHIFT: u32 = 24;
/// Three times the column of an entry's `top` word during a run with places: the
/// word offset of its header in the nodes, so that a hide reaches the column's
/// length with no multiplication (the mask costs what the multiplication saves).
const COLUMN_MASK: u32 = (1 << PLACE_SHIFT) - 1;
const LEN_SHIFT: u32 = PLACE_SHIFT + 4;

/// How a trusted loop walks rows (its `const W`): to their spacers, by the
/// arithmetic for rows of [`ROW_LEN`], or by the places in the `top` words of
/// short rows ([`Rows`]).
pub(in crate::core) const SPACERS: u8 = 0;
pub(in crate::core) const THREE: u8 = 1;
pub(in crate::core) const SHORT: u8 = 2;

impl Rows {
    /// Rows walked to their spacers.
    pub(in crate::core) const MIXED: Rows = Rows {
        base: 0,
        short: false,
    };

    /// Rows from `min` to `max` nodes long, the first after `first_spacer`, in a
    /// block of `columns` columns.
    fn of_lengths(first_spacer: u32, columns: u32, min: u32, max: u32) -> Rows {
        if min == ROW_LEN && max == ROW_LEN {
            Rows {
                base: first_spacer + 1,
                short: false,
            }
        } else {
            Rows {
                base: 0,
                short: min != max
                    && min >= SHORT_MIN
                    && max <= SHORT_MAX
                    && columns <= COLUMN_MASK / 3,
            }
        }
    }

    /// How the trusted loop walks these rows.
    pub(in crate::core) fn walk(self) -> u8 {
        if self.base != 0 {
            THREE
        } else if self.short {
            SHORT
        } else {
            SPACERS
        }
    }

    /// The first node of the row of node `x` (a row entry) and one past its last.
    #[inline(always)]
    fn ends(self, x: u32) -> (u32, u32) {
        // (`ROW_LEN + 1` nodes from one row's start to the next.)
        let first = x.wrapping_sub(x.wrapping_sub(self.base) & ROW_LEN);
        (first, first.wrapping_add(ROW_LEN))
    }
}

/// The first node of the row of entry `x` and one past its last, from `top`, its
/// `top` word in a run with places ([`Rows`]).
#[inline(always)]
fn placed_ends(x: u32, top: u32) -> (u32, u32) {
    let first = x.wrapping_sub(top >> PLACE_SHIFT & 15);
    (first, first.wrapping_add(top >> LEN_SHIFT))
}

/// The first node of the row of entry `x` and one past its last, in a trusted run
/// whose rows have a known shape (`W`): [`THREE`] by `rows`, [`SHORT`] by the
/// places in `x`'s `top` word.
#[inline(always)]
fn known_ends<const T: bool, const W: u8>(nodes: &[[u32; 3]], x: u32, rows: Rows) -> (u32, u32) {
    if W == SHORT {
        placed_ends(x, at::<T, 3>(nodes, x)[TOP])
    } else {
        rows.ends(x)
    }
}

/// Calls `f` on the other nodes of the row `first..end` of node `x`, cyclically:
/// right of `x` with `RIGHT` (the order of the covers), else left of it (their
/// reverse). Rows of a known shape (`W`) only: the steps that every row of that
/// shape has are taken without a test, so that no loop exit mispredicts there.
#[inline(always)]
fn each_other<const W: u8, const RIGHT: bool>(
    x: u32,
    first: u32,
    end: u32,
    mut f: impl FnMut(u32),
) {
    let (least, most) = if W == SHORT {
        (SHORT_MIN, SHORT_MAX)
    } else {
        (ROW_LEN, ROW_LEN)
    };
    let len = end.wrapping_sub(first);
    let mut p = x;
    for k in 1..most {
        if k >= least && k >= len {
            break;
        }
        if RIGHT {
            p = p.wrapping_add(1);
            if p == end {
                p = first;
            }
        } else {
            if p == first {
                p = end;
            }
            p = p.wrapping_sub(1);
        }
        f(p);
    }
}

/// The column of an entry whose `top` word is `top` (with places, [`SHORT`]: three
/// times the column under the place bits).
#[inline(always)]
fn column_in<const W: u8>(top: u32) -> u32 {
    if W == SHORT {
        (top & COLUMN_MASK) / 3
    } else {
        top
    }
}

/// The two link arrays of a solver's block.
pub(super) struct Links<'a> {
    items: &'a mut [[u32; 2]],
    nodes: &'a mut [[u32; 3]],
}

/// A read-only view of the links, for the search's hooks and the figures.
#[derive(Clone, Copy)]
pub(super) struct View<'b> {
    items: &'b [[u32; 2]],
    nodes: &'b [[u32; 3]],
}

impl<'a> Links<'a> {
    /// The links over the words of the two regions (`2 * (columns + 2)` words of
    /// items, `3 * node_capacity` words of nodes).
    pub(super) fn new(items: &'a mut [u32], nodes: &'a mut [u32]) -> Links<'a> {
        Links {
            items: items.as_chunks_mut().0,
            nodes: nodes.as_chunks_mut().0,
        }
    }

    pub(super) fn view(&self) -> View<'_> {
        View {
            items: self.items,
            nodes: self.nodes,
        }
    }

    /// The two regions as words, in block order (for copying a block).
    pub(super) fn words(&self) -> [&[u32]; 2] {
        [self.items.as_flattened(), self.nodes.as_flattened()]
    }

    // ------------------------------------------------------------------ building

    /// Empty lists: `primary` columns in the root's list, the others in the
    /// secondary list, every column without rows, no row.
    pub(super) fn clear(&mut self, primary: u32, columns: u32) {
        link_column_lists(self.items, primary, columns);
        for i in 0..=columns {
            self.nodes[i as usize] = [i, i, 0];
        }
        self.nodes[(columns + 1) as usize] = [0, 0, 0];
    }

    /// Writes row `row` over the 0-based columns `cols` right after the spacer
    /// `before` (the spacer that ends the previous row), links its nodes at the
    /// bottom of their columns and writes the spacer after it. Returns the row's
    /// first node. The columns' lists must be complete (no row covered).
    pub(super) fn push_row(&mut self, before: u32, cols: &[u32], row: u32) -> u32 {
        let first = before + 1;
        let last = before + cols.len() as u32;
        for (x, &c) in (first..).zip(cols) {
            self.nodes[x as usize][TOP] = c + 1;
            self.append(x);
        }
        self.nodes[before as usize][DOWN] = last;
        self.nodes[(last + 1) as usize] = [first, 0, (row + 1).wrapping_neg()];
        first
    }

    /// Links node `x` at the bottom of its column.
    fn append(&mut self, x: u32) {
        append_to_column(self.nodes, x);
    }

    /// Empties the `columns` column lists and links the rows again, in the order of
    /// their first nodes in `starts`. No row may be covered.
    pub(super) fn relink(&mut self, columns: u32, starts: &[u32]) {
        for i in 1..=columns {
            edit::<false, 3>(self.nodes, i, |n| *n = [i, i, 0]);
        }
        for &first in starts {
            let mut x = first;
            while !is_spacer(at::<false, 3>(self.nodes, x)[TOP]) {
                self.append(x);
                x += 1;
            }
        }
    }

    /// The first node of each row in memory order, from the first spacer on.
    pub(super) fn row_starts(&self, first_spacer: u32, out: &mut [u32]) {
        let mut spacer = first_spacer;
        for start in out {
            *start = spacer.wrapping_add(1);
            spacer = at::<false, 3>(self.nodes, spacer)[DOWN].wrapping_add(1);
        }
    }

    /// Whether the row starting at node `first` can be forced: `None` when one of its
    /// columns is covered, otherwise whether it has a primary column.
    pub(super) fn can_force(&self, first: u32, primary: u32) -> Option<bool> {
        let mut has_primary = false;
        let mut x = first;
        loop {
            let c = at::<false, 3>(self.nodes, x)[TOP];
            if is_spacer(c) {
                return Some(has_primary);
            }
            has_primary |= c <= primary;
            if !self.is_active(c) {
                return None;
            }
            x += 1;
        }
    }

    /// True when column header `c` is still in its list (not covered).
    fn is_active(&self, c: u32) -> bool {
        let l = at::<false, 2>(self.items, c)[LEFT];
        at::<false, 2>(self.items, l)[RIGHT] == c
    }

    // ------------------------------------------------------------------ rows

    /// Covers the column of node `x` and then the rest of its row; returns the updates.
    pub(super) fn cover_row(&mut self, x: u32) -> u64 {
        let c = at::<false, 3>(self.nodes, x)[TOP];
        let fuel = &mut fuel_for(self.nodes);
        cover::<false, SPACERS>(self.items, self.nodes, c, fuel, Rows::MIXED)
            + cover_rest::<false, SPACERS>(self.items, self.nodes, x, Rows::MIXED)
    }

    /// The exact reverse of [`Links::cover_row`].
    pub(super) fn uncover_row(&mut self, x: u32) {
        uncover_rest::<false, SPACERS>(self.items, self.nodes, x, Rows::MIXED);
        let c = at::<false, 3>(self.nodes, x)[TOP];
        let fuel = &mut fuel_for(self.nodes);
        uncover::<false, SPACERS>(self.items, self.nodes, c, fuel, Rows::MIXED);
    }

    /// Uncovers column header `c` (a level whose rows were all tried).
    pub(super) fn uncover_column(&mut self, c: u32) {
        let fuel = &mut fuel_for(self.nodes);
        uncover::<false, SPACERS>(self.items, self.nodes, c, fuel, Rows::MIXED);
    }

    /// Writes into the `top` word of every entry of the `rows` rows after the
    /// spacer `first_spacer` its place in its row and the row's length (rows of
    /// [`SHORT`] shape, [`Rows`]), or with `placed` false takes them out again.
    /// For the run on a validated block only: every other reader takes a `top`
    /// word for the column.
    pub(super) fn place_rows(&mut self, first_spacer: u32, rows: u32, placed: bool) {
        // (Checked indexing: the block was validated, but nothing here may panic.)
        let mut x = first_spacer as usize + 1;
        for _ in 0..rows {
            let len = self.nodes[x.min(self.nodes.len())..]
                .iter()
                .take(SHORT_MAX as usize + 1)
                .position(|n| is_spacer(n[TOP]))
                .unwrap_or(0);
            for (k, n) in self.nodes.iter_mut().skip(x).take(len).enumerate() {
                n[TOP] = if placed {
                    (3 * n[TOP]) | ((k as u32) << PLACE_SHIFT) | ((len as u32) << LEN_SHIFT)
                } else {
                    (n[TOP] & COLUMN_MASK) / 3
                };
            }
            x += len + 1;
        }
    }
}

impl<'b> View<'b> {
    /// True when every primary column is covered: the rows chosen are a solution.
    #[inline(always)]
    pub(super) fn solved(self) -> bool {
        self.items[ROOT as usize][RIGHT] == ROOT
    }

    /// The row id of node `x`: the spacer after a row holds minus (its id + 1).
    pub(super) fn row_of(self, mut x: u32) -> u32 {
        while !is_spacer(at::<false, 3>(self.nodes, x)[TOP]) {
            x = x.wrapping_add(1);
        }
        at::<false, 3>(self.nodes, x)[TOP]
            .wrapping_neg()
            .wrapping_sub(1)
    }

    /// The column header of node `x`, or `x` itself when it is a header
    /// (`columns` is the number of columns).
    pub(super) fn column_of(self, x: u32, columns: u32) -> u32 {
        if x <= columns {
            x
        } else {
            at::<false, 3>(self.nodes, x)[TOP]
        }
    }

    /// The nodes of the row starting at node `first`, each with its column header.
    pub(super) fn row_nodes(self, first: u32) -> impl Iterator<Item = (u32, u32)> + use<'b> {
        // (`..=MAX`: a damaged row start near the end must not overflow the range.)
        (first..=u32::MAX)
            .map(move |x| (x, at::<false, 3>(self.nodes, x)[TOP]))
            .take_while(|&(_, c)| !is_spacer(c))
    }

    /// The primary column headers not covered, in list order.
    pub(super) fn active_primaries(self) -> impl Iterator<Item = u32> + use<'b> {
        let mut c = ROOT;
        // At most every column once, also when the links were scribbled into a cycle.
        core::iter::from_fn(move || {
            c = at::<false, 2>(self.items, c)[RIGHT];
            (c != ROOT).then_some(c)
        })
        .take(self.items.len())
    }

    /// The nodes in the list of column header `c`, top down.
    pub(super) fn column_nodes(self, c: u32) -> impl Iterator<Item = u32> + use<'b> {
        let mut x = c;
        // At most every node once, also when the links were scribbled into a cycle.
        core::iter::from_fn(move || {
            x = at::<false, 3>(self.nodes, x)[DOWN];
            (x != c).then_some(x)
        })
        .take(self.nodes.len())
    }

    /// The position of node `x` in column `c`'s list (its length when `x` is the
    /// header or not in the list) and the list's length; walks at most `bound + 1`
    /// nodes. Never panics, also on a damaged block.
    pub(super) fn position(self, c: u32, x: u32, bound: u32) -> (u32, u32) {
        let down = |y: u32| self.nodes.get(y as usize).map_or(0, |n| n[DOWN]);
        // A scribbled bound (the header's entry count) must not make a long walk.
        let bound = bound.min(u32::try_from(self.nodes.len()).unwrap_or(u32::MAX));
        let mut k = None;
        let mut n = 0u32;
        let mut y = down(c);
        while y != c && n <= bound {
            if y == x {
                k = Some(n);
            }
            n += 1;
            y = down(y);
        }
        (k.unwrap_or(n), n)
    }
}

// ------------------------------------------------------------------ the hot path
//
// The dance works on the two link arrays as plain slices. Held in locals, the
// slices' addresses and lengths stay in registers; reached through a struct they
// would be reloaded after every store (a store through one `&mut` slice could, as far
// as the compiler knows, change another field).
//
// Every row is a run of consecutive nodes between two spacers: the spacer after a
// row has the row's first node as `up`, the spacer before it the row's last node as
// `down`. Knuth walks a row cyclically with two tests per node, "is this the
// spacer?" and "am I back at the start?"; here each walk is split in two runs: up to
// the spacer (only the spacer test), then from the other end of the row back to the
// start (only the loop test, as no spacer can occur). Same nodes in the same order,
// one test per node fewer (measured: 10-15% less time than Knuth's loop here, and
// better than a branch-free step with a conditional move, whose load-to-load chain
// costs more than the mispredicted loop exits it saves, except on Langford pairs).
// A column walk reads the next row's link before it hides the current row, so the
// load does not wait behind the stores (2-9% less time, docs/BENCHMARKS.md).
//
// Safety for any block contents (the block belongs to the caller, who may scribble
// into it between calls): every index goes through `at`/`edit`, which are
// bounds-checked (an index past the array reads a zeroed node, a spacer, and a write
// there is dropped: never a stray access, never a panic; masking indices into
// power-of-two arrays or clamping them measured 1-26% slower, as the mask or the
// clamp sits on the load-to-load chain and a predicted bounds check does not); a
// row is walked around only when the node lies between the row's ends inside the
// array; arithmetic on loaded values wraps; and every column walk is
// charged to `fuel`, one unit per node walked and per row, starting at the number of
// nodes for each cover or uncover of a row or a column, which a consistent
// structure never reaches. A corrupted structure thus stops a walk after O(nodes)
// work instead of looping forever on a cycle of links: wrong answers at worst, never
// a call that runs on without spending its budget.
//
// Every function of the dance takes `const T: bool`, "trusted": true only in the
// loop run with `search::Access::Validated`, on a block that validation has just
// found to be a state the search can reach. There the accessors skip the bounds
// check and the walks skip the fuel (10-25% less time, docs/DESIGN.md); a
// validated block has no stray index and no cycle, and the dance keeps it so.
// Trusted runs also take `const W: u8`, how rows are walked ([`Rows`]): to their
// spacers ([`SPACERS`]); when the validation found every row [`ROW_LEN`] = 3 nodes
// long ([`THREE`]) the row walks find a row's ends by a mask instead, in two
// unrolled steps (Langford pairs: 20% less time, as the place of a column's node in
// its row varies and the walks' exits mispredicted); when it found rows of
// [`SHORT_MIN`] to [`SHORT_MAX`] nodes and more than one length ([`SHORT`], Soma)
// they read their ends from the place and length the run wrote into the node's
// `top` word, and take the first `SHORT_MIN - 1` steps unrolled (Soma: 8% less
// time, 7% fewer instructions).

/// The node at `x`. Unless trusted, an index past the array (only a damaged block
/// has one) reads as a zeroed node, a spacer that ends the walk there: no panic, and
/// the fuel ends whatever walk follows.
#[inline(always)]
fn at<const T: bool, const N: usize>(a: &[[u32; N]], x: u32) -> [u32; N] {
    if T {
        trusted::at(a, x)
    } else {
        a.get(x as usize).copied().unwrap_or([0; N])
    }
}

/// Changes the node at `x` with `f`. Unless trusted, an index past the array (a
/// damaged block) changes nothing.
#[inline(always)]
fn edit<const T: bool, const N: usize>(a: &mut [[u32; N]], x: u32, f: impl FnOnce(&mut [u32; N])) {
    if T {
        f(trusted::at_mut(a, x));
    } else if let Some(node) = a.get_mut(x as usize) {
        f(node);
    }
}

/// Changes word `i` of the nodes (`3 * node + field`) with `f`, as [`edit`].
#[inline(always)]
fn edit_word<const T: bool>(a: &mut [[u32; 3]], i: u32, f: impl FnOnce(&mut u32)) {
    let words = a.as_flattened_mut();
    if T {
        f(trusted::at_mut(words, i));
    } else if let Some(w) = words.get_mut(i as usize) {
        f(w);
    }
}

/// Work allowed to one top-level cover or uncover: more than any consistent
/// structure needs (rows plus entries are fewer than the nodes).
#[inline(always)]
fn fuel_for(nodes: &[[u32; 3]]) -> u64 {
    nodes.len() as u64
}

/// The link steps a top-level walk took: the part of [`fuel_for`] it used up, down
/// to `left` (a step back is weighed by it, see `search::run_on`).
#[inline(always)]
fn fuel_used(nodes: &[[u32; 3]], left: u64) -> u64 {
    fuel_for(nodes) - left
}

/// Links node `x` at the bottom of its column (the column in its `TOP` word), for
/// every engine on these links.
pub(in crate::core) fn append_to_column(nodes: &mut [[u32; 3]], x: u32) {
    let c = at::<false, 3>(nodes, x)[TOP];
    let last = at::<false, 3>(nodes, c)[UP];
    edit::<false, 3>(nodes, x, |n| [n[UP], n[DOWN]] = [last, c]);
    edit::<false, 3>(nodes, last, |n| n[DOWN] = x);
    edit::<false, 3>(nodes, c, |n| [n[UP], n[TOP]] = [x, n[TOP].wrapping_add(1)]);
}

/// The column lists of an empty structure, for every engine on these links: two
/// circular lists, the root's with columns `1..=primary` and the secondary head's
/// (item `columns + 1`) with the rest.
pub(in crate::core) fn link_column_lists(items: &mut [[u32; 2]], primary: u32, columns: u32) {
    let (p, c) = (primary, columns);
    for i in 0..=c + 1 {
        items[i as usize] = [i.wrapping_sub(1), i + 1];
    }
    items[ROOT as usize][LEFT] = p;
    items[p as usize][RIGHT] = ROOT;
    let sec = c + 1;
    items[sec as usize][RIGHT] = if c > p { p + 1 } else { sec };
    items[sec as usize][LEFT] = if c > p { c } else { sec };
    if c > p {
        items[(p + 1) as usize][LEFT] = sec;
        items[c as usize][RIGHT] = sec;
    }
}

/// Hides node `x` (with fields `u`, `d`, `c`) from its column.
#[inline(always)]
fn hide<const T: bool>(nodes: &mut [[u32; 3]], u: u32, d: u32, c: u32) {
    edit::<T, 3>(nodes, u, |n| n[DOWN] = d);
    edit::<T, 3>(nodes, d, |n| n[UP] = u);
    edit::<T, 3>(nodes, c, |n| n[TOP] = n[TOP].wrapping_sub(1));
}

/// Puts node `x` (with fields `u`, `d`, `c`) back into its column.
#[inline(always)]
fn unhide<const T: bool>(nodes: &mut [[u32; 3]], x: u32, u: u32, d: u32, c: u32) {
    edit::<T, 3>(nodes, u, |n| n[DOWN] = x);
    edit::<T, 3>(nodes, d, |n| n[UP] = x);
    edit::<T, 3>(nodes, c, |n| n[TOP] = n[TOP].wrapping_add(1));
}

/// [`hide`] in a run with places: `c3` is the node's `top` word, three times its
/// column and the place bits.
#[inline(always)]
fn hide_placed<const T: bool>(nodes: &mut [[u32; 3]], u: u32, d: u32, c3: u32) {
    edit::<T, 3>(nodes, u, |n| n[DOWN] = d);
    edit::<T, 3>(nodes, d, |n| n[UP] = u);
    edit_word::<T>(nodes, (c3 & COLUMN_MASK) + TOP as u32, |w| {
        *w = w.wrapping_sub(1)
    });
}

/// [`unhide`] in a run with places (see [`hide_placed`]).
#[inline(always)]
fn unhide_placed<const T: bool>(nodes: &mut [[u32; 3]], x: u32, u: u32, d: u32, c3: u32) {
    edit::<T, 3>(nodes, u, |n| n[DOWN] = x);
    edit::<T, 3>(nodes, d, |n| n[UP] = x);
    edit_word::<T>(nodes, (c3 & COLUMN_MASK) + TOP as u32, |w| {
        *w = w.wrapping_add(1)
    });
}

/// Whether node `x` lies in the row of nodes `first..end` (`end` its spacer) and the
/// row in the array, as in every sound block: a checked walk goes around a row
/// only then, so that a damaged link cannot send it on a walk of 2^32 steps.
#[inline(always)]
fn in_row(first: u32, x: u32, end: u32, nodes: &[[u32; 3]]) -> bool {
    first <= x && x < end && (end as usize) < nodes.len()
}

/// Whether a walk may go on. A trusted run needs no fuel (a validated block has no
/// cycle to follow), so the test and the accounting compile away there.
#[inline(always)]
fn fuelled<const T: bool>(fuel: &u64) -> bool {
    T || *fuel != 0
}

/// Knuth's cover of column `c`; returns the updates (1 + the nodes hidden). The
/// rows are walked as `W` says (trusted runs only: [`THREE`] by `rows`, [`SHORT`]
/// by the places in the `top` words).
#[inline(always)]
fn cover<const T: bool, const W: u8>(
    items: &mut [[u32; 2]],
    nodes: &mut [[u32; 3]],
    c: u32,
    fuel: &mut u64,
    rows: Rows,
) -> u64 {
    let [l, r] = at::<T, 2>(items, c);
    edit::<T, 2>(items, l, |i| i[RIGHT] = r);
    edit::<T, 2>(items, r, |i| i[LEFT] = l);
    edit::<T, 3>(nodes, c, |n| n[TOP] |= COVERED);
    let mut updates: u64 = 1;
    let mut rr = at::<T, 3>(nodes, c)[DOWN];
    while rr != c && fuelled::<T>(fuel) {
        let next = at::<T, 3>(nodes, rr)[DOWN];
        if W != SPACERS {
            // Cyclically from `rr + 1`, as below, the row's length less one steps.
            let (first, end) = known_ends::<T, W>(nodes, rr, rows);
            each_other::<W, true>(rr, first, end, |nn| {
                let [uu, dd, cc] = at::<T, 3>(nodes, nn);
                if W == SHORT {
                    hide_placed::<T>(nodes, uu, dd, cc);
                } else {
                    hide::<T>(nodes, uu, dd, cc);
                }
            });
            updates += u64::from(end.wrapping_sub(first)) - 1;
            rr = next;
            continue;
        }
        let mut nn = rr.wrapping_add(1);
        loop {
            let [uu, dd, cc] = at::<T, 3>(nodes, nn);
            if is_spacer(cc) {
                // The spacer's `up` is the first node of the row: the row has
                // `nn - uu` nodes, all walked once `nn` is back at `rr` (no more
                // than the fuel left, which only a damaged row can exceed). A
                // damaged row (`rr` not between its ends) ends here.
                let start = if T || in_row(uu, rr, nn, nodes) {
                    uu
                } else {
                    rr
                };
                let mut walked = u64::from(nn.wrapping_sub(start));
                if !T {
                    walked = walked.min(*fuel);
                    *fuel = fuel.saturating_sub(walked + 1);
                }
                // `rr` itself stays.
                updates += walked.saturating_sub(1);
                nn = start;
                break;
            }
            hide::<T>(nodes, uu, dd, cc);
            nn = nn.wrapping_add(1);
        }
        while nn != rr {
            let [uu, dd, cc] = at::<T, 3>(nodes, nn);
            hide::<T>(nodes, uu, dd, cc);
            nn = nn.wrapping_add(1);
        }
        rr = next;
    }
    updates
}

/// Knuth's uncover of column `c`, the exact reverse of [`cover`].
#[inline(always)]
fn uncover<const T: bool, const W: u8>(
    items: &mut [[u32; 2]],
    nodes: &mut [[u32; 3]],
    c: u32,
    fuel: &mut u64,
    rows: Rows,
) {
    let mut rr = at::<T, 3>(nodes, c)[UP];
    while rr != c && fuelled::<T>(fuel) {
        let prev = at::<T, 3>(nodes, rr)[UP];
        if W != SPACERS {
            let (first, end) = known_ends::<T, W>(nodes, rr, rows);
            each_other::<W, false>(rr, first, end, |nn| {
                let [uu, dd, cc] = at::<T, 3>(nodes, nn);
                if W == SHORT {
                    unhide_placed::<T>(nodes, nn, uu, dd, cc);
                } else {
                    unhide::<T>(nodes, nn, uu, dd, cc);
                }
            });
            rr = prev;
            continue;
        }
        let mut nn = rr.wrapping_sub(1);
        loop {
            let [uu, dd, cc] = at::<T, 3>(nodes, nn);
            if is_spacer(cc) {
                // The spacer's `down` is the last node of the row after it (a
                // damaged row ends here).
                let end = if T || in_row(nn.wrapping_add(1), rr, dd.wrapping_add(1), nodes) {
                    dd
                } else {
                    rr
                };
                if !T {
                    *fuel = fuel.saturating_sub(u64::from(end.wrapping_sub(nn)) + 1);
                }
                nn = end;
                break;
            }
            unhide::<T>(nodes, nn, uu, dd, cc);
            nn = nn.wrapping_sub(1);
        }
        while nn != rr {
            let [uu, dd, cc] = at::<T, 3>(nodes, nn);
            unhide::<T>(nodes, nn, uu, dd, cc);
            nn = nn.wrapping_sub(1);
        }
        rr = prev;
    }
    let [l, r] = at::<T, 2>(items, c);
    edit::<T, 2>(items, l, |i| i[RIGHT] = c);
    edit::<T, 2>(items, r, |i| i[LEFT] = c);
    edit::<T, 3>(nodes, c, |n| n[TOP] &= !COVERED);
}

/// Covers the columns of the row of node `x` other than its own, cyclically from
/// left to right; returns the updates.
#[inline(always)]
fn cover_rest<const T: bool, const W: u8>(
    items: &mut [[u32; 2]],
    nodes: &mut [[u32; 3]],
    x: u32,
    rows: Rows,
) -> u64 {
    let fuel = &mut fuel_for(nodes);
    let mut updates: u64 = 0;
    if W != SPACERS {
        let (first, end) = known_ends::<T, W>(nodes, x, rows);
        each_other::<W, true>(x, first, end, |p| {
            let c = column_in::<W>(at::<T, 3>(nodes, p)[TOP]);
            updates += cover::<T, W>(items, nodes, c, fuel, rows);
        });
        return updates;
    }
    let mut p = x.wrapping_add(1);
    loop {
        let [u, _, c] = at::<T, 3>(nodes, p);
        if is_spacer(c) {
            // Back to the row's first node (a damaged row: stop here).
            p = if T || in_row(u, x, p, nodes) { u } else { x };
            break;
        }
        updates += cover::<T, W>(items, nodes, c, fuel, rows);
        p = p.wrapping_add(1);
    }
    while p != x && fuelled::<T>(fuel) {
        let c = at::<T, 3>(nodes, p)[TOP];
        updates += cover::<T, W>(items, nodes, c, fuel, rows);
        p = p.wrapping_add(1);
    }
    updates
}

/// Uncovers the columns of the row of node `x` other than its own, right to left.
/// Returns the link steps it took when checked (the fuel it used: a unit per column
/// and per node and row its column walks met), 0 when trusted; the search loop
/// counts them against a budgeted call, as uncovers spend no update.
#[inline(always)]
fn uncover_rest<const T: bool, const W: u8>(
    items: &mut [[u32; 2]],
    nodes: &mut [[u32; 3]],
    x: u32,
    rows: Rows,
) -> u64 {
    let fuel = &mut fuel_for(nodes);
    if W != SPACERS {
        let (first, end) = known_ends::<T, W>(nodes, x, rows);
        each_other::<W, false>(x, first, end, |p| {
            let c = column_in::<W>(at::<T, 3>(nodes, p)[TOP]);
            spend::<T>(fuel);
            uncover::<T, W>(items, nodes, c, fuel, rows);
        });
        return if T { 0 } else { fuel_used(nodes, *fuel) };
    }
    let mut p = x.wrapping_sub(1);
    loop {
        let [_, d, c] = at::<T, 3>(nodes, p);
        if is_spacer(c) {
            // On from the row's last node (a damaged row: stop here).
            p = if T || in_row(p.wrapping_add(1), x, d.wrapping_add(1), nodes) {
                d
            } else {
                x
            };
            break;
        }
        spend::<T>(fuel);
        uncover::<T, W>(items, nodes, c, fuel, rows);
        p = p.wrapping_sub(1);
    }
    while p != x && fuelled::<T>(fuel) {
        let c = at::<T, 3>(nodes, p)[TOP];
        spend::<T>(fuel);
        uncover::<T, W>(items, nodes, c, fuel, rows);
        p = p.wrapping_sub(1);
    }
    if T {
        0
    } else {
        fuel_used(nodes, *fuel)
    }
}

/// One unit of fuel for a column of a row walk (checked only).
#[inline(always)]
fn spend<const T: bool>(fuel: &mut u64) {
    if !T {
        *fuel = fuel.saturating_sub(1);
    }
}

/// The first primary column of least length (Knuth's MRV rule). The primary list is
/// always in column order, so the headers from its first to its last column can be
/// scanned as an array, the covered ones carrying [`COVERED`]: no chain of dependent
/// loads as in a list walk (1.4x faster on Sudoku, 324 columns). Over a span of
/// fewer than [`LIST_SPAN`] columns the list is walked instead, which skips the
/// covered ones (docs/DESIGN.md).
/// In the loop for rows of [`ROW_LEN`] (`W` = [`THREE`]) the walk picks the column by
/// selects instead of a branch (see [`walk_first`]).
#[inline(always)]
fn choose_first<const T: bool, const W: u8>(items: &[[u32; 2]], nodes: &[[u32; 3]]) -> u32 {
    let [last, first] = at::<T, 2>(items, ROOT);
    if last.wrapping_sub(first) < LIST_SPAN {
        return walk_first::<T, W>(items, nodes, first);
    }
    let Some(heads) = nodes.get(first as usize..=last as usize) else {
        return ROOT;
    };
    let mut best = ROOT;
    let mut min = COVERED;
    for (i, h) in heads.iter().enumerate() {
        let len = h[TOP];
        if len < min {
            best = first + i as u32;
            min = len;
            if len == 0 {
                break;
            }
        }
    }
    best
}

/// Below this span of the primary list (last column minus first), [`choose_first`]
/// walks the list.
const LIST_SPAN: u32 = 128;

/// [`choose_first`] by a walk of the primary list from its first column `c`. A
/// checked walk stops after every item once (a list scribbled into a cycle).
///
/// With `W` = [`THREE`] a shorter column is taken by selects, not a branch: where the shortest
/// column moves about from node to node (Langford pairs) the branch mispredicts,
/// where it is mostly the first (dominoes) the branch lets the cover start before
/// the last length is loaded. Measured: Langford pairs 7% faster with selects,
/// dominoes 13% slower, so only the loop for rows of [`ROW_LEN`] uses them.
#[inline(always)]
fn walk_first<const T: bool, const W: u8>(
    items: &[[u32; 2]],
    nodes: &[[u32; 3]],
    mut c: u32,
) -> u32 {
    let mut best = ROOT;
    let mut min = COVERED;
    let mut left = items.len();
    while c != ROOT && (T || left != 0) {
        let len = at::<T, 3>(nodes, c)[TOP];
        if W == THREE {
            let shorter = len < min;
            best = core::hint::select_unpredictable(shorter, c, best);
            min = core::hint::select_unpredictable(shorter, len, min);
            if len == 0 {
                break;
            }
        } else if len < min {
            best = c;
            min = len;
            if len == 0 {
                break;
            }
        }
        c = at::<T, 2>(items, c)[RIGHT];
        left = left.wrapping_sub(1);
    }
    best
}

/// A primary column of least length, ties broken uniformly at random (scanned in the
/// same order as [`choose_first`], so a seed gives the same choices everywhere).
#[inline(never)]
fn choose_random(items: &[[u32; 2]], nodes: &[[u32; 3]], state: &mut u64) -> u32 {
    let [last, first] = items[ROOT as usize];
    let Some(heads) = nodes.get(first as usize..=last as usize) else {
        return ROOT;
    };
    let mut best = ROOT;
    let mut min = COVERED;
    let mut ties = 0;
    for (i, h) in heads.iter().enumerate() {
        let len = h[TOP];
        if len < min {
            best = first + i as u32;
            min = len;
            ties = 1;
            if len == 0 {
                break;
            }
        } else if len == min && min != COVERED {
            ties += 1;
            if rng::below(state, ties) == 0 {
                best = first + i as u32;
            }
        }
    }
    best
}

/// Link access without bounds checks, for runs on a validated block only: a block
/// that [`Solver::validate`] accepted is exactly a state the engine can reach, every
/// link in it is an index into its array, and the dance keeps it so (every value it
/// stores is a link it loaded or the index of a node it visited). The run holds the
/// block's only reference from the validation to its end. A run with places
/// ([`Rows`]) also indexes the words of the nodes by `3 * column + TOP` from an
/// entry's `top` word, which [`Links::place_rows`] wrote from the validated column
/// (below the node count) just before the run, and row ends from the place bits,
/// which it wrote from the validated rows.
///
/// [`Solver::validate`]: crate::core::Solver::validate
#[allow(unsafe_code)]
mod trusted {
    #[inline(always)]
    pub(super) fn at<const N: usize>(a: &[[u32; N]], x: u32) -> [u32; N] {
        debug_assert!((x as usize) < a.len());
        // SAFETY: `x` is a link of a validated block or a node reached through
        // one (see the module comment), so it is below `a.len()`.
        unsafe { *a.get_unchecked(x as usize) }
    }

    #[inline(always)]
    pub(super) fn at_mut<T>(a: &mut [T], x: u32) -> &mut T {
        debug_assert!((x as usize) < a.len());
        // SAFETY: as for `at`.
        unsafe { a.get_unchecked_mut(x as usize) }
    }
}
