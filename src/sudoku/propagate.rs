//! The general engine's propagation: queued naked singles clear their symbols from
//! their units through the symbols' cell bit sets, then the units that lost candidates
//! are scanned for hidden singles, and when those are done, for locked candidates
//! between regions and lines, until nothing changes. Split out of the step loop
//! ([`super::engine`]) into small inlined functions; the engines bench showed no
//! difference in speed (within 2% on top1465 and forum hardest, both ways).

use super::engine::{cell_units, Dead};
use super::mask::{rd, Mask};
use crate::outcome::Error;

/// The sides with locked candidates: on 9x9 (jigsaw and X; classic grids have the fast
/// path) the pass cost more than it saved, above 32 it made empty grids 1.7x slower
/// with no hard puzzle set to show a gain (docs/BENCHMARKS.md).
pub(super) const LOCKED_SIDES: core::ops::RangeInclusive<usize> = 10..=32;

/// Units whose cells lost candidates since their last scan for hidden singles: one
/// bit set each for rows, columns, regions and the two diagonals.
pub(super) type Dirty = [u64; 4];

/// Marks the units of the cell with info word `i` dirty.
#[inline(always)]
pub(super) fn mark(dirty: &mut Dirty, i: u32) {
    dirty[0] |= 1u64 << (i & 63);
    dirty[1] |= 1u64 << ((i >> 6) & 63);
    dirty[2] |= 1u64 << ((i >> 12) & 63);
    if i >> 18 != 0 {
        dirty[3] |= u64::from(i >> 18);
    }
}

/// One propagation: the block's slices and the counters it moves, in locals.
pub(super) struct Prop<'p, M: Mask> {
    pub(super) n: usize,
    /// Words of a bit set over the cells.
    pub(super) w: usize,
    pub(super) full: M,
    pub(super) info: &'p [u32],
    pub(super) units: &'p [u32],
    pub(super) unit_bits: &'p [u32],
    pub(super) spans: &'p [u32],
    pub(super) cand: &'p mut [u32],
    pub(super) mask: &'p mut [u32],
    pub(super) trail: &'p mut [u32],
    pub(super) queue: &'p mut [u32],
    pub(super) tlen: usize,
    pub(super) unsolved: u32,
    pub(super) nodes: u64,
    /// Cells queued (the queue's tail).
    pub(super) qt: usize,
    pub(super) dirty: Dirty,
    /// The trail entry from which the locked candidates' pass starts looking, or
    /// `None` for every unit and symbol (the first propagation).
    pub(super) locked_from: Option<usize>,
}

impl<M: Mask> Prop<'_, M> {
    /// Until nothing changes: the queued singles clear their symbols from their
    /// units, then the units that lost candidates are scanned for hidden singles.
    #[inline(always)]
    pub(super) fn run(&mut self) -> Result<Result<(), Dead>, Error> {
        let mut qh = 0;
        // Trail entries from here on still have to mark their units dirty.
        let mut seg = self.tlen;
        // The same for the locked candidates' pass, per symbol: the rows, columns and
        // regions where it lost a place. Only for the sides that have the pass (its
        // 1.5 KB are not even cleared for the others).
        let mut locked = LOCKED_SIDES
            .contains(&self.n)
            .then(|| match self.locked_from {
                Some(_) => [[0u64; 3]; 64],
                None => [[u64::MAX >> (64 - self.n); 3]; 64],
            });
        let mut locked_seg = self.locked_from.unwrap_or(self.tlen);
        loop {
            while qh < self.qt {
                let c = rd(self.queue, qh) as usize;
                qh += 1;
                if let Err(e) = self.spread(c)? {
                    return Ok(Err(e));
                }
            }
            for &e in self.trail.get(seg..self.tlen).unwrap_or(&[]) {
                mark(&mut self.dirty, rd(self.info, (e >> 6) as usize));
            }
            if let Err(e) = self.hidden_singles()? {
                return Ok(Err(e));
            }
            seg = self.tlen;
            if qh < self.qt {
                continue;
            }
            let Some(locked) = locked.as_mut() else {
                return Ok(Ok(()));
            };
            for &e in self.trail.get(locked_seg..self.tlen).unwrap_or(&[]) {
                let i = rd(self.info, (e >> 6) as usize);
                if let Some(l) = locked.get_mut((e & 63) as usize) {
                    l[0] |= 1 << (i & 63);
                    l[1] |= 1 << ((i >> 6) & 63);
                    l[2] |= 1 << ((i >> 12) & 63);
                }
            }
            locked_seg = self.tlen;
            match self.locked_candidates(locked)? {
                Err(e) => return Ok(Err(e)),
                Ok(false) => return Ok(Ok(())),
                Ok(true) => {}
            }
        }
    }

    /// Symbol `k` leaves cell `p` (if it is there): the trail records it, and a cell
    /// left with one candidate is queued. A cell it would leave empty is a
    /// contradiction (the cell keeps it).
    #[inline(always)]
    fn remove(&mut self, p: usize, k: u32) -> Result<Result<(), Dead>, Error> {
        let m = M::get(self.mask, p);
        let nm = m & !M::bit(k);
        if nm == m {
            return Ok(Ok(()));
        }
        if nm == M::ZERO {
            return Ok(Err(Dead));
        }
        self.record(p, k)?;
        M::put(self.mask, p, nm);
        if nm.at_most_one() {
            self.single(p)?;
        }
        Ok(Ok(()))
    }

    /// Locked candidates of each symbol in the regions and lines `dirty` holds for it
    /// (rows, columns and regions; cleared): a symbol whose places in a region all lie
    /// on one row or column leaves the rest of that line (pointing), one whose places
    /// on a line all lie in one region leaves the rest of that region (claiming).
    /// `Ok(true)` when a candidate went, `Dead` when a symbol has no place left in a
    /// unit.
    fn locked_candidates(
        &mut self,
        dirty: &mut [[u64; 3]; 64],
    ) -> Result<Result<bool, Dead>, Error> {
        let n = self.n;
        let mut removed = false;
        for (k, units) in dirty.iter_mut().enumerate().take(n) {
            for (kind, bits) in units.iter_mut().enumerate() {
                while *bits != 0 {
                    let u = kind * n + bits.trailing_zeros() as usize;
                    *bits &= *bits - 1;
                    let Some([row, col, reg]) = self.shared(u, k) else {
                        return Ok(Err(Dead));
                    };
                    let targets = if kind == 2 {
                        [row.map(|r| r as usize), col.map(|c| n + c as usize)]
                    } else {
                        [reg.map(|g| 2 * n + g as usize), None]
                    };
                    for t in targets.into_iter().flatten().filter(|&t| t != u) {
                        match self.clear_outside(t, u, k)? {
                            Err(e) => return Ok(Err(e)),
                            Ok(r) => removed |= r,
                        }
                    }
                }
            }
        }
        Ok(Ok(removed))
    }

    /// The row, column and region that all places of symbol `k` in unit `u` share
    /// (`None` where they are in several); `None` when `k` has no place in `u`.
    #[inline(always)]
    fn shared(&self, u: usize, k: usize) -> Option<[Option<u32>; 3]> {
        let (mut first, mut same) = (None, [true; 3]);
        for j in self.span(u) {
            let c = self.cand.get(k * self.w + j).copied().unwrap_or(0);
            let mut x = c & rd(self.unit_bits, u * self.w + j);
            while x != 0 {
                let i = rd(self.info, j * 32 + x.trailing_zeros() as usize);
                x &= x - 1;
                let here = [i & 63, (i >> 6) & 63, (i >> 12) & 63];
                match first {
                    None => first = Some(here),
                    Some(f) => (0..3).for_each(|a| same[a] &= f[a] == here[a]),
                }
            }
        }
        first.map(|f| [0, 1, 2].map(|a| same[a].then_some(f[a])))
    }

    /// Symbol `k` leaves the cells of unit `t` outside unit `u`; `Ok(true)` when it
    /// left any.
    #[inline(always)]
    fn clear_outside(&mut self, t: usize, u: usize, k: usize) -> Result<Result<bool, Dead>, Error> {
        let mut removed = false;
        for j in self.span(t) {
            let c = self.cand.get(k * self.w + j).copied().unwrap_or(0);
            let mut x =
                c & rd(self.unit_bits, t * self.w + j) & !rd(self.unit_bits, u * self.w + j);
            while x != 0 {
                let p = j * 32 + x.trailing_zeros() as usize;
                x &= x - 1;
                if let Err(e) = self.remove(p, k as u32)? {
                    return Ok(Err(e));
                }
                removed = true;
            }
        }
        Ok(Ok(removed))
    }

    /// The words of unit `u`'s bit set that hold its cells.
    #[inline(always)]
    fn span(&self, u: usize) -> core::ops::RangeInclusive<usize> {
        let span = rd(self.spans, u);
        (span & 0xFFFF) as usize..=(span >> 16) as usize
    }

    /// Symbol `k` leaves cell `p`'s candidate bit set, and the trail records it (the
    /// caller updates the cell's mask).
    #[inline(always)]
    fn record(&mut self, p: usize, k: u32) -> Result<(), Error> {
        match self.trail.get_mut(self.tlen) {
            Some(t) => *t = ((p as u32) << 6) | k,
            None => return Err(Error::Corrupt),
        }
        self.tlen += 1;
        if let Some(x) = self.cand.get_mut(k as usize * self.w + p / 32) {
            *x &= !(1 << (p % 32));
        }
        Ok(())
    }

    /// Cell `$p` became single: count and queue it.
    #[inline(always)]
    fn single(&mut self, p: usize) -> Result<(), Error> {
        self.unsolved = self.unsolved.saturating_sub(1);
        self.nodes = self.nodes.wrapping_add(1);
        match self.queue.get_mut(self.qt) {
            Some(q) => *q = p as u32,
            None => return Err(Error::Corrupt),
        }
        self.qt += 1;
        Ok(())
    }

    /// The single cell `c` clears its symbol from the other cells of its units.
    #[inline(always)]
    fn spread(&mut self, c: usize) -> Result<Result<(), Dead>, Error> {
        let n = self.n;
        let m = M::get(self.mask, c);
        let k = m.low();
        let (us, nu) = cell_units(rd(self.info, c), n);
        let kw = k as usize * self.w;
        for &u in &us[..nu] {
            // The cells of the unit that still may take symbol k.
            for j in self.span(u) {
                let Some(cw) = self.cand.get_mut(kw + j) else {
                    continue;
                };
                let mut x = *cw & rd(self.unit_bits, u * self.w + j);
                if j == c / 32 {
                    x &= !(1 << (c % 32));
                }
                // The word's cells lose k at once; should one of them have no
                // candidate left, it and the ones after it keep k.
                *cw &= !x;
                while x != 0 {
                    let p = j * 32 + x.trailing_zeros() as usize;
                    let nm = M::get(self.mask, p) & !m;
                    if nm == M::ZERO {
                        if let Some(cw) = self.cand.get_mut(kw + j) {
                            *cw |= x;
                        }
                        return Ok(Err(Dead));
                    }
                    x &= x - 1;
                    match self.trail.get_mut(self.tlen) {
                        Some(t) => *t = ((p as u32) << 6) | k,
                        None => return Err(Error::Corrupt),
                    }
                    self.tlen += 1;
                    M::put(self.mask, p, nm);
                    if nm.at_most_one() {
                        self.single(p)?;
                    }
                }
            }
        }
        Ok(Ok(()))
    }

    /// Hidden singles in the units that changed (and a symbol with no place left
    /// in one of them: a contradiction).
    #[inline(always)]
    fn hidden_singles(&mut self) -> Result<Result<(), Dead>, Error> {
        let n = self.n;
        for kind in 0..4 {
            while self.dirty[kind] != 0 {
                let u = kind * n + self.dirty[kind].trailing_zeros() as usize;
                self.dirty[kind] &= self.dirty[kind] - 1;
                let units = self.units;
                let Some(cells) = units.get(u * n..u * n + n) else {
                    return Err(Error::Corrupt);
                };
                let (mut once, mut twice, mut fixed) = (M::ZERO, M::ZERO, M::ZERO);
                let mut add = |m: M| {
                    twice |= once & m;
                    once |= m;
                    if m.at_most_one() {
                        fixed |= m;
                    }
                };
                // A row's cells are consecutive: with one mask word per cell, its
                // masks are read in one run.
                match self.mask.get(u * n..u * n + n) {
                    Some(row) if kind == 0 && M::WORDS == 1 => {
                        for &x in row {
                            add(M::from_u64(u64::from(x)));
                        }
                    }
                    _ => {
                        for &p in cells {
                            add(M::get(self.mask, p as usize));
                        }
                    }
                }
                if once != self.full {
                    return Ok(Err(Dead));
                }
                let mut h = once & !twice & !fixed;
                while h != M::ZERO {
                    let k = h.low();
                    h = h.drop_low();
                    if let Err(e) = self.place_hidden(cells, k)? {
                        return Ok(Err(e));
                    }
                }
            }
        }
        Ok(Ok(()))
    }

    /// Symbol `k` has one place left among `cells`: it goes there.
    #[inline(always)]
    fn place_hidden(&mut self, cells: &[u32], k: u32) -> Result<Result<(), Dead>, Error> {
        let b = M::bit(k);
        let Some(at) = cells
            .iter()
            .map(|&p| p as usize)
            .find(|&p| M::get(self.mask, p) & b != M::ZERO)
        else {
            return Ok(Err(Dead));
        };
        let pm = M::get(self.mask, at);
        if pm.at_most_one() {
            return Ok(Ok(()));
        }
        let mut rest = pm & !b;
        while rest != M::ZERO {
            self.record(at, rest.low())?;
            rest = rest.drop_low();
        }
        M::put(self.mask, at, b);
        mark(&mut self.dirty, rd(self.info, at));
        self.single(at)?;
        Ok(Ok(()))
    }
}
