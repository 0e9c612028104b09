//! The general engine's propagation: queued naked singles clear their symbols from
//! their units through the symbols' cell bit sets, then the units that lost candidates
//! are scanned for hidden singles, until nothing changes. Split out of the step loop
//! ([`super::engine`]) into small inlined functions; the engines bench showed no
//! difference in speed (within 2% on top1465 and forum hardest, both ways).

use super::engine::Dead;
use super::mask::{rd, Mask};
use crate::outcome::Error;

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
}

impl<M: Mask> Prop<'_, M> {
    /// Until nothing changes: the queued singles clear their symbols from their
    /// units, then the units that lost candidates are scanned for hidden singles.
    #[inline(always)]
    pub(super) fn run(&mut self) -> Result<Result<(), Dead>, Error> {
        let mut qh = 0;
        // Trail entries from here on still have to mark their units dirty.
        let mut seg = self.tlen;
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
            if qh == self.qt {
                return Ok(Ok(()));
            }
        }
    }

    /// Cell `$p` became single: count and queue it.
    #[inline(always)]
    fn single(&mut self, p: usize) -> Result<(), Error> {
        self.unsolved = self.unsolved.saturating_sub(1);
        self.nodes += 1;
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
        let ci = rd(self.info, c);
        let mut us = [
            (ci & 63) as usize,
            n + ((ci >> 6) & 63) as usize,
            2 * n + ((ci >> 12) & 63) as usize,
            3 * n,
            3 * n + 1,
        ];
        let mut nu = 3;
        if ci & (1 << 18) != 0 {
            nu = 4;
        }
        if ci & (1 << 19) != 0 {
            us[nu] = 3 * n + 1;
            nu += 1;
        }
        let kw = k as usize * self.w;
        for &u in &us[..nu] {
            // The cells of the unit that still may take symbol k.
            let span = rd(self.spans, u);
            let (lo, hi) = ((span & 0xFFFF) as usize, (span >> 16) as usize);
            for j in lo..=hi {
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
            let e = rest.low();
            match self.trail.get_mut(self.tlen) {
                Some(t) => *t = ((at as u32) << 6) | e,
                None => return Err(Error::Corrupt),
            }
            if let Some(x) = self.cand.get_mut(e as usize * self.w + at / 32) {
                *x &= !(1 << (at % 32));
            }
            self.tlen += 1;
            rest = rest.drop_low();
        }
        M::put(self.mask, at, b);
        mark(&mut self.dirty, rd(self.info, at));
        self.single(at)?;
        Ok(Ok(()))
    }
}
