//! A seed-style Dancing Links baseline, written the way contest solutions write it:
//! one array per field (`L`, `R`, `U`, `D`, `COL`, `ROW`, `S`), every node on a
//! circular left/right list, and a recursive search. Secondary columns sit on no
//! header list (their left/right links point to themselves), so they are never
//! chosen but still get covered.
//!
//! It runs Knuth's algorithm with the same column rule (the first column of least
//! length) and the rows in the order added, so its search tree is DLX1's: nodes and
//! updates are counted the same way and must come out equal.

/// The whole structure; index 0 is the root, `1..=columns` are the column headers.
pub struct SeedDlx {
    l: Vec<u32>,
    r: Vec<u32>,
    u: Vec<u32>,
    d: Vec<u32>,
    col: Vec<u32>,
    row: Vec<u32>,
    s: Vec<u32>,
    ans: Vec<u32>,
    rows: u32,
    limit: u64,
    /// Solutions found by the last [`SeedDlx::count`].
    pub solutions: u64,
    /// Search-tree nodes (choices plus solutions), as DLX1 counts them.
    pub nodes: u64,
    /// Link updates (one per column unlinked, one per node hidden).
    pub updates: u64,
}

impl SeedDlx {
    /// An empty matrix with room for `entries` ones; columns `0..primary` are primary.
    pub fn new(primary: u32, secondary: u32, entries: usize) -> SeedDlx {
        let cols = (primary + secondary) as usize;
        let n = cols + 1 + entries;
        let mut m = SeedDlx {
            l: vec![0; n],
            r: vec![0; n],
            u: vec![0; n],
            d: vec![0; n],
            col: vec![0; n],
            row: vec![0; n],
            s: vec![0; cols + 1],
            ans: vec![0; primary as usize + 1],
            rows: 0,
            limit: 0,
            solutions: 0,
            nodes: 0,
            updates: 0,
        };
        for i in 0..=cols {
            m.u[i] = i as u32;
            m.d[i] = i as u32;
            m.col[i] = i as u32;
            if i <= primary as usize {
                m.l[i] = if i == 0 { primary } else { i as u32 - 1 };
                m.r[i] = if i == primary as usize {
                    0
                } else {
                    i as u32 + 1
                };
            } else {
                m.l[i] = i as u32;
                m.r[i] = i as u32;
            }
        }
        m.l.truncate(cols + 1);
        m.r.truncate(cols + 1);
        m.u.truncate(cols + 1);
        m.d.truncate(cols + 1);
        m.col.truncate(cols + 1);
        m.row.truncate(cols + 1);
        m
    }

    /// Appends a row over the 0-based columns `cols`.
    pub fn add_row(&mut self, cols: &[u32]) {
        let first = self.l.len() as u32;
        for (k, &c) in cols.iter().enumerate() {
            let x = first + k as u32;
            let c = c + 1;
            let last = first + cols.len() as u32 - 1;
            self.l.push(if k == 0 { last } else { x - 1 });
            self.r.push(if x == last { first } else { x + 1 });
            let up = self.u[c as usize];
            self.u.push(up);
            self.d.push(c);
            self.d[up as usize] = x;
            self.u[c as usize] = x;
            self.col.push(c);
            self.row.push(self.rows);
            self.s[c as usize] += 1;
        }
        self.rows += 1;
    }

    fn remove(&mut self, c: u32) {
        let c = c as usize;
        self.l[self.r[c] as usize] = self.l[c];
        self.r[self.l[c] as usize] = self.r[c];
        self.updates += 1;
        let mut i = self.d[c] as usize;
        while i != c {
            let mut j = self.r[i] as usize;
            while j != i {
                self.u[self.d[j] as usize] = self.u[j];
                self.d[self.u[j] as usize] = self.d[j];
                self.s[self.col[j] as usize] -= 1;
                self.updates += 1;
                j = self.r[j] as usize;
            }
            i = self.d[i] as usize;
        }
    }

    fn restore(&mut self, c: u32) {
        let c = c as usize;
        let mut i = self.u[c] as usize;
        while i != c {
            let mut j = self.l[i] as usize;
            while j != i {
                self.s[self.col[j] as usize] += 1;
                self.u[self.d[j] as usize] = j as u32;
                self.d[self.u[j] as usize] = j as u32;
                j = self.l[j] as usize;
            }
            i = self.u[i] as usize;
        }
        self.l[self.r[c] as usize] = c as u32;
        self.r[self.l[c] as usize] = c as u32;
    }

    /// Returns true when the search must stop (the limit was reached).
    fn dance(&mut self, depth: usize) -> bool {
        self.nodes += 1;
        if self.r[0] == 0 {
            self.solutions += 1;
            return self.solutions == self.limit;
        }
        let mut c = self.r[0];
        let mut best = c;
        let mut min = u32::MAX;
        while c != 0 {
            if self.s[c as usize] < min {
                min = self.s[c as usize];
                best = c;
            }
            c = self.r[c as usize];
        }
        self.remove(best);
        let mut i = self.d[best as usize];
        while i != best {
            self.ans[depth] = self.row[i as usize];
            let mut j = self.r[i as usize];
            while j != i {
                self.remove(self.col[j as usize]);
                j = self.r[j as usize];
            }
            if self.dance(depth + 1) {
                return true;
            }
            let mut j = self.l[i as usize];
            while j != i {
                self.restore(self.col[j as usize]);
                j = self.l[j as usize];
            }
            i = self.d[i as usize];
        }
        self.restore(best);
        false
    }

    /// Counts the solutions up to `limit` (0 = all). Call once per built matrix:
    /// stopping at the limit leaves the links as they were at that solution.
    pub fn count(&mut self, limit: u64) -> u64 {
        self.limit = limit;
        self.solutions = 0;
        self.nodes = 0;
        self.updates = 0;
        self.dance(0);
        self.solutions
    }
}
