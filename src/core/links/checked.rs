//! The dance with every index checked and every loop bounded, for images
//! (`core/image.rs`): the static row structure, the undo of a cover that refuses
//! anything but the exact reverse of one, the redo, and the pristine structure.
//! Nothing here trusts a link; a failing step is rolled back before it returns.

use super::{
    choose_first, choose_random, is_spacer, Links, Rows, COVERED, DOWN, LEFT, RIGHT, ROOT, SPACERS,
    TOP, UP,
};
use crate::outcome::Error;

type Checked<T> = Result<T, Error>;

/// Marks a column header's length word while looking for a column twice in a row
/// (only in the pristine state, where no column carries [`COVERED`]).
const MARK: u32 = 1 << 31;

/// The counts the links are checked against (from the validated header).
#[derive(Clone, Copy, Debug)]
pub(in crate::core) struct Shape {
    pub(in crate::core) primary: u32,
    pub(in crate::core) columns: u32,
    pub(in crate::core) rows: u32,
    pub(in crate::core) entries: u32,
}

/// One element of the sequence of covers that led to the current state.
#[derive(Clone, Copy)]
pub(in crate::core) enum Cover {
    /// The whole row of node `x` (its column first, then the rest left to right);
    /// `x` must be in its column's list.
    Row(u32),
    /// Only the column `c` (the level being tried in the `Advance` phase).
    Column(u32),
}

impl Links<'_> {
    fn node(&self, x: u32) -> Checked<[u32; 3]> {
        self.nodes.get(x as usize).copied().ok_or(Error::Corrupt)
    }

    fn item(&self, c: u32) -> Checked<[u32; 2]> {
        self.items.get(c as usize).copied().ok_or(Error::Corrupt)
    }

    /// One past the last spacer: nodes below are headers, spacers and row entries.
    fn node_end(s: Shape) -> u32 {
        // Checked against the capacity with the header.
        s.columns + 2 + s.rows + s.entries
    }

    /// True when `x` is a row entry (not a header, not a spacer, not unused).
    fn is_entry(&self, s: Shape, x: u32) -> bool {
        x > s.columns + 1
            && x < Self::node_end(s)
            && self
                .nodes
                .get(x as usize)
                .is_some_and(|n| !is_spacer(n[TOP]))
    }

    /// True when `x` is a row entry in a primary column (a level's row).
    pub(in crate::core) fn is_primary_entry(&self, s: Shape, x: u32) -> Checked<bool> {
        Ok(self.is_entry(s, x) && self.node(x)?[TOP] <= s.primary)
    }

    /// Spacers, row starts and the column of every entry. After this, walking a row
    /// from any of its entries (`x + 1` / `x - 1`, jumping at spacers) stays in the
    /// row and ends. Returns the rows' shape ([`Rows`]): whether they all have the
    /// length whose ends a trusted walk finds by arithmetic, or short lengths whose
    /// places a trusted run writes into the `top` words.
    pub(in crate::core) fn check_rows(&self, s: Shape, row_start: &[u32]) -> Checked<Rows> {
        let c = s.columns;
        if self.node(0)? != [0, 0, 0] {
            return Err(Error::Corrupt);
        }
        let mut spacer = c + 1;
        if self.node(spacer)?[UP] != 0 || self.node(spacer)?[TOP] != 0 {
            return Err(Error::Corrupt);
        }
        let mut entries = 0u32;
        // The shortest and the longest row so far.
        let (mut min, mut max) = (u32::MAX, 0);
        for r in 0..s.rows {
            let first = spacer + 1;
            if row_start.get(r as usize) != Some(&first) {
                return Err(Error::Corrupt);
            }
            let mut x = first;
            loop {
                let top = self.node(x)?[TOP];
                if is_spacer(top) {
                    break;
                }
                if top > c {
                    return Err(Error::Corrupt);
                }
                x += 1;
                entries += 1;
                if entries > s.entries {
                    return Err(Error::Corrupt);
                }
            }
            let [up, _, top] = self.node(x)?;
            if x == first
                || self.node(spacer)?[DOWN] != x - 1
                || up != first
                || top != (r + 1).wrapping_neg()
            {
                return Err(Error::Corrupt);
            }
            (min, max) = (min.min(x - first), max.max(x - first));
            spacer = x;
        }
        if entries != s.entries || self.node(spacer)?[DOWN] != 0 {
            return Err(Error::Corrupt);
        }
        Ok(if s.rows == 0 {
            Rows::MIXED
        } else {
            Rows::of_lengths(c + 1, c, min, max)
        })
    }

    /// The next entry right of entry `x` in its row (cyclically).
    fn right_of(&self, x: u32) -> Checked<u32> {
        let n = x + 1;
        let [up, _, top] = self.node(n)?;
        Ok(if is_spacer(top) { up } else { n })
    }

    /// The next entry left of entry `x` in its row (cyclically).
    fn left_of(&self, x: u32) -> Checked<u32> {
        let n = x.checked_sub(1).ok_or(Error::Corrupt)?;
        let [_, down, top] = self.node(n)?;
        Ok(if is_spacer(top) { down } else { n })
    }

    /// True when the row of entry `first` has a primary column (rows checked).
    pub(in crate::core) fn row_has_primary(&self, s: Shape, first: u32) -> Checked<bool> {
        let mut x = first;
        let mut primary = false;
        loop {
            primary |= self.node(x)?[TOP] <= s.primary;
            x = self.right_of(x)?;
            if x == first {
                return Ok(primary);
            }
        }
    }

    /// Undoes one element of the cover sequence: the rest of the row right to left,
    /// then its column (with the check that the row's node is in that column's
    /// list); with `column_only` (the `Advance` level) only the column. Atomic: on
    /// failure nothing changed.
    pub(in crate::core) fn undo(
        &mut self,
        s: Shape,
        cover: Cover,
        column_only: bool,
    ) -> Checked<()> {
        let x = match cover {
            Cover::Column(c) => return self.checked_uncover(s, c, 0),
            Cover::Row(x) => x,
        };
        let c = self.node(x)?[TOP];
        if column_only {
            return self.checked_uncover(s, c, x);
        }
        let mut p = self.left_of(x)?;
        while p != x {
            let col = self.node(p)?[TOP];
            if let Err(e) = self.checked_uncover(s, col, 0) {
                // Cover again what this row uncovered so far, left to right.
                let mut q = self.right_of(p)?;
                while q != x {
                    self.plain_cover(s, self.node(q)?[TOP])?;
                    q = self.right_of(q)?;
                }
                return Err(e);
            }
            p = self.left_of(p)?;
        }
        if let Err(e) = self.checked_uncover(s, c, x) {
            let mut q = self.right_of(x)?;
            while q != x {
                self.plain_cover(s, self.node(q)?[TOP])?;
                q = self.right_of(q)?;
            }
            return Err(e);
        }
        Ok(())
    }

    /// Whether the search's column choice takes primary column `c` on the links as
    /// they stand: the first column of least length (DLX1's), or with a seed the
    /// one among them that the draws from `state` pick (the state the search draws
    /// from at this level, [`rng::along`]).
    ///
    /// [`rng::along`]: crate::rng::along
    pub(in crate::core) fn is_choice(&self, c: u32, state: Option<u64>) -> bool {
        let best = match state {
            None => choose_first::<false, SPACERS>(self.items, self.nodes),
            Some(mut state) => choose_random(self.items, self.nodes, &mut state),
        };
        c == best
    }

    /// Redoes one element of the cover sequence exactly as the engine did it.
    pub(in crate::core) fn redo(
        &mut self,
        s: Shape,
        cover: Cover,
        column_only: bool,
    ) -> Checked<()> {
        match cover {
            Cover::Column(c) => self.plain_cover(s, c),
            Cover::Row(x) => {
                self.plain_cover(s, self.node(x)?[TOP])?;
                if !column_only {
                    let mut q = self.right_of(x)?;
                    while q != x {
                        self.plain_cover(s, self.node(q)?[TOP])?;
                        q = self.right_of(q)?;
                    }
                }
                Ok(())
            }
        }
    }

    /// Knuth's uncover of column `c`, checking before each write that it is exactly
    /// the reverse of a cover; `want` (unless 0) must be in `c`'s list. Atomic.
    fn checked_uncover(&mut self, s: Shape, c: u32, want: u32) -> Checked<()> {
        let cols = s.columns;
        if c == 0 || c > cols {
            return Err(Error::Corrupt);
        }
        let [l, r] = self.item(c)?;
        let fits = self.node(c)?[TOP] & COVERED != 0
            && l != c
            && r != c
            && l <= cols + 1
            && r <= cols + 1
            && self.item(l)?[RIGHT] == r
            && self.item(r)?[LEFT] == l;
        if !fits {
            return Err(Error::Corrupt);
        }
        let mut prev = c;
        let mut rr = self.node(c)?[UP];
        let mut rows = 0u32;
        let mut seen = want == 0;
        while rr != c {
            rows += 1;
            let row_ok = rows <= s.rows
                && self.is_entry(s, rr)
                && self.nodes[rr as usize][TOP] == c
                && self.nodes[rr as usize][DOWN] == prev;
            if !row_ok {
                self.hide_rows(s, c, prev)?;
                return Err(Error::Corrupt);
            }
            seen |= rr == want;
            let mut nn = self.left_of(rr)?;
            while nn != rr {
                let [uu, dd, cc] = self.node(nn)?;
                let ok = uu != nn
                    && dd != nn
                    && (uu == cc || (self.is_entry(s, uu) && self.nodes[uu as usize][TOP] == cc))
                    && (dd == cc || (self.is_entry(s, dd) && self.nodes[dd as usize][TOP] == cc))
                    && self.nodes[uu as usize][DOWN] == dd
                    && self.nodes[dd as usize][UP] == uu;
                if !ok {
                    // Hide again what this row unhid (the nodes right of `nn`).
                    let mut q = self.right_of(nn)?;
                    while q != rr {
                        self.hide(q)?;
                        q = self.right_of(q)?;
                    }
                    self.hide_rows(s, c, prev)?;
                    return Err(Error::Corrupt);
                }
                self.nodes[uu as usize][DOWN] = nn;
                self.nodes[dd as usize][UP] = nn;
                let len = &mut self.nodes[cc as usize][TOP];
                *len = len.wrapping_add(1);
                nn = self.left_of(nn)?;
            }
            prev = rr;
            rr = self.node(rr)?[UP];
        }
        if self.node(c)?[DOWN] != prev || !seen {
            self.hide_rows(s, c, prev)?;
            return Err(Error::Corrupt);
        }
        self.items[l as usize][RIGHT] = c;
        self.items[r as usize][LEFT] = c;
        self.nodes[c as usize][TOP] &= !COVERED;
        Ok(())
    }

    /// Hides the rows of column `c` from `rr` down to the header (each row's other
    /// nodes, left to right): the second half of Knuth's cover.
    fn hide_rows(&mut self, s: Shape, c: u32, mut rr: u32) -> Checked<()> {
        let mut rows = 0u32;
        while rr != c {
            rows += 1;
            if rows > s.rows || !self.is_entry(s, rr) {
                return Err(Error::Corrupt);
            }
            let mut nn = self.right_of(rr)?;
            while nn != rr {
                self.hide(nn)?;
                nn = self.right_of(nn)?;
            }
            rr = self.node(rr)?[DOWN];
        }
        Ok(())
    }

    fn hide(&mut self, nn: u32) -> Checked<()> {
        let [uu, dd, cc] = self.node(nn)?;
        self.node(uu)?;
        self.node(dd)?;
        self.node(cc)?;
        self.nodes[uu as usize][DOWN] = dd;
        self.nodes[dd as usize][UP] = uu;
        let len = &mut self.nodes[cc as usize][TOP];
        *len = len.wrapping_sub(1);
        Ok(())
    }

    /// Knuth's cover, with every index checked and every loop bounded (it only runs
    /// on lists that `checked_uncover` has just walked).
    fn plain_cover(&mut self, s: Shape, c: u32) -> Checked<()> {
        let [l, r] = self.item(c)?;
        self.item(l)?;
        self.item(r)?;
        self.node(c)?;
        self.items[l as usize][RIGHT] = r;
        self.items[r as usize][LEFT] = l;
        self.nodes[c as usize][TOP] |= COVERED;
        let first = self.node(c)?[DOWN];
        self.hide_rows(s, c, first)
    }

    /// With every cover undone: both column lists complete and in order, every entry
    /// exactly once in its column's doubly linked list, lengths right, and no column
    /// twice in one row.
    pub(in crate::core) fn check_pristine(&mut self, s: Shape, row_start: &[u32]) -> Checked<()> {
        let p = s.primary;
        let c = s.columns;
        let sec = c + 1;
        let expect = |i: u32| -> [u32; 2] {
            if i == ROOT {
                [p, if p == 0 { ROOT } else { 1 }]
            } else if i <= p {
                [i - 1, if i == p { ROOT } else { i + 1 }]
            } else if i <= c {
                [
                    if i == p + 1 { sec } else { i - 1 },
                    if i == c { sec } else { i + 1 },
                ]
            } else if c > p {
                [c, p + 1]
            } else {
                [sec, sec]
            }
        };
        for i in 0..=sec {
            if self.item(i)? != expect(i) {
                return Err(Error::Corrupt);
            }
        }
        let mut total = 0u32;
        for col in 1..=c {
            let len = self.list_length(s, col)?;
            if self.nodes[col as usize][TOP] != len {
                return Err(Error::Corrupt);
            }
            total += len;
        }
        if total != s.entries {
            return Err(Error::Corrupt);
        }
        // A column twice in a row: mark each column's length word with the row.
        let mut dup = false;
        'rows: for r in 0..s.rows {
            let first = row_start[r as usize];
            let mut x = first;
            loop {
                let col = self.nodes[x as usize][TOP] as usize;
                if self.nodes[col][TOP] == MARK | r {
                    dup = true;
                    break 'rows;
                }
                self.nodes[col][TOP] = MARK | r;
                x = self.right_of(x)?;
                if x == first {
                    break;
                }
            }
        }
        for col in 1..=c {
            self.nodes[col as usize][TOP] = self.list_length(s, col)?;
        }
        if dup {
            Err(Error::Corrupt)
        } else {
            Ok(())
        }
    }

    /// Walks the list of column `col` down from its header, checking each node and
    /// the up links; returns the number of nodes.
    fn list_length(&self, s: Shape, col: u32) -> Checked<u32> {
        let mut prev = col;
        let mut x = self.node(col)?[DOWN];
        let mut n = 0u32;
        while x != col {
            n += 1;
            if n > s.entries
                || !self.is_entry(s, x)
                || self.nodes[x as usize][TOP] != col
                || self.nodes[x as usize][UP] != prev
            {
                return Err(Error::Corrupt);
            }
            prev = x;
            x = self.nodes[x as usize][DOWN];
        }
        if self.node(col)?[UP] != prev {
            return Err(Error::Corrupt);
        }
        Ok(n)
    }

    /// True (`Ok`) when every column list holds its rows in the order of their
    /// first nodes in `starts`. Checked in the pristine state: walking the rows in
    /// that order, each node must come right below the previous node of its column
    /// (the column headers' length words hold that previous node for the while).
    /// Leaves the links as they were.
    pub(in crate::core) fn check_order(&mut self, s: Shape, starts: &[u32]) -> Checked<()> {
        let c = s.columns;
        for col in 1..=c {
            self.nodes[col as usize][TOP] = col;
        }
        let mut in_order = true;
        'rows: for &first in starts {
            let mut x = first;
            loop {
                let col = self.nodes[x as usize][TOP] as usize;
                if self.nodes[x as usize][UP] != self.nodes[col][TOP] {
                    in_order = false;
                    break 'rows;
                }
                self.nodes[col][TOP] = x;
                // `check_rows` made every row walk safe.
                match self.right_of(x) {
                    Ok(next) if next != first => x = next,
                    _ => break,
                }
            }
        }
        // Put back the lengths.
        for col in 1..=c {
            self.nodes[col as usize][TOP] = self.list_length(s, col)?;
        }
        in_order.then_some(()).ok_or(Error::Corrupt)
    }
}
