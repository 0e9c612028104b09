//! Exact cover with colours as plain data: random instances (seeded), Knuth's input
//! format, and a brute-force oracle. Shared by tests/xcc.rs and tests/dlx_command.rs.

use super::Rng;
use dlx::core::{seal_image, Error, Step, XDims, XSolver};

/// Attaches a copy of the image `block` edited by `edit` and resealed, as someone
/// editing an image on purpose would; a refused copy must be left as it was.
#[allow(dead_code)] // (not every test crate that shares this module edits images)
pub fn attach_edited(block: &[u32], edit: impl FnOnce(&mut Vec<u32>)) -> Result<(), Error> {
    let mut image = block.to_vec();
    edit(&mut image);
    seal_image(&mut image);
    let before = image.clone();
    let got = XSolver::attach(&mut image).map(drop);
    if got.is_err() {
        assert_eq!(image, before, "a refused image is left as it was");
    }
    got
}

/// Every solution of a fresh search in calls of `budget` updates each.
pub fn solutions_in_steps(s: &mut XSolver<'_>, budget: u64) -> Vec<Vec<u32>> {
    s.reset();
    let mut out = Vec::new();
    loop {
        match s.next(budget).unwrap() {
            Step::Solution => out.push(s.solution().unwrap().to_vec()),
            Step::BudgetSpent => {}
            Step::Exhausted => return out,
        }
    }
}

/// An XCC problem as plain data: each row a list of (column, colour), colour 0 = none.
#[derive(Clone, Debug)]
pub struct Xcc {
    pub primary: u32,
    pub secondary: u32,
    pub colors: u32,
    pub rows: Vec<Vec<(u32, u32)>>,
    /// Bounds [u, v] of the primary columns (empty: all [1, 1], Algorithm C).
    pub bounds: Vec<(u32, u32)>,
}

impl Xcc {
    pub fn dims(&self) -> XDims {
        XDims {
            primary: self.primary,
            secondary: self.secondary,
            max_rows: self.rows.len() as u32,
            max_entries: self.rows.iter().map(|r| r.len() as u32).sum(),
            colors: self.colors,
            bounded: if self.bounds.is_empty() {
                0
            } else {
                self.primary
            },
        }
    }

    pub fn block(&self) -> Vec<u32> {
        vec![0; self.dims().required_words().unwrap() as usize]
    }

    pub fn load<'a>(&self, block: &'a mut [u32]) -> XSolver<'a> {
        let mut s = XSolver::init(block, self.dims()).unwrap();
        for r in &self.rows {
            let cols: Vec<u32> = r.iter().map(|e| e.0).collect();
            let colours: Vec<u32> = r.iter().map(|e| e.1).collect();
            s.add_row(&cols, Some(&colours)).unwrap();
        }
        for (c, &(u, v)) in self.bounds.iter().enumerate() {
            s.set_bounds(c as u32, u, v).unwrap();
        }
        s
    }

    /// Random instance number `seed`: 1..6 primary, 0..5 secondary columns, up to 3
    /// colours, up to 24 rows, every row with a primary column (Knuth's programs drop
    /// the others). Some seeds give empty or contradictory instances on purpose.
    pub fn random(seed: u64) -> Xcc {
        let mut g = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let primary = 1 + g.below(6) as u32;
        let secondary = g.below(6) as u32;
        let colors = 1 + g.below(3) as u32;
        let nrows = match seed % 10 {
            0 => 0,
            _ => g.below(25) as usize,
        };
        let n = primary + secondary;
        let mut rows = Vec::new();
        for _ in 0..nrows {
            let mut row = Vec::new();
            for c in 0..n {
                if g.below(3) == 0 {
                    let colour = if c >= primary && g.below(3) != 0 {
                        1 + g.below(u64::from(colors)) as u32
                    } else {
                        0
                    };
                    row.push((c, colour));
                }
            }
            if !row.iter().any(|e| e.0 < primary) {
                row.push((g.below(u64::from(primary)) as u32, 0));
            }
            // Any order of the entries within a row.
            for i in (1..row.len()).rev() {
                row.swap(i, g.below(i as u64 + 1) as usize);
            }
            rows.push(row);
        }
        // Seeds ending in 9: no row covers the last primary column (contradictory).
        if seed % 10 == 9 {
            let last = primary - 1;
            rows.retain(|r| !r.iter().any(|e| e.0 == last));
        }
        Xcc {
            primary,
            secondary,
            colors,
            rows,
            bounds: Vec::new(),
        }
    }

    /// Random MCC instance `seed`: a random XCC instance whose primary columns get
    /// bounds [u, v] with 0 <= u <= v <= 3 (v >= 1), [1, 1] for about a third.
    pub fn random_mcc(seed: u64) -> Xcc {
        let mut x = Xcc::random(seed ^ 0x5EED);
        let mut g = Rng(seed.wrapping_mul(0xD134_2543_DE82_EF95) | 1);
        x.bounds = (0..x.primary)
            .map(|_| {
                if g.below(3) == 0 {
                    (1, 1)
                } else {
                    let v = 1 + g.below(3) as u32;
                    (g.below(u64::from(v) + 1) as u32, v)
                }
            })
            .collect();
        x
    }

    /// Knuth's input format (item names p0.., s0..; colours a, b, c).
    pub fn knuth(&self) -> String {
        let mut t = String::from("| random XCC instance\n");
        let names: Vec<String> = (0..self.primary + self.secondary)
            .map(|c| self.name(c))
            .collect();
        let primary: Vec<String> = (0..self.primary as usize)
            .map(|c| match self.bounds.get(c) {
                Some(&(u, v)) if (u, v) != (1, 1) => format!("{u}:{v}|{}", names[c]),
                _ => names[c].clone(),
            })
            .collect();
        t += &primary.join(" ");
        if self.secondary > 0 {
            t += " | ";
            t += &names[self.primary as usize..].join(" ");
        }
        t += "\n";
        for r in &self.rows {
            let opts: Vec<String> = r
                .iter()
                .map(|&(c, k)| match k {
                    0 => self.name(c),
                    k => format!("{}:{}", self.name(c), (b'a' + k as u8 - 1) as char),
                })
                .collect();
            t += &opts.join(" ");
            t += "\n";
        }
        t
    }

    pub fn name(&self, c: u32) -> String {
        if c < self.primary {
            format!("p{c}")
        } else {
            format!("s{}", c - self.primary)
        }
    }

    /// Is the set of rows a solution?
    pub fn is_solution(&self, chosen: &[u32]) -> bool {
        (0..self.primary).all(|c| {
            let n = chosen
                .iter()
                .filter(|&&r| self.rows[r as usize].iter().any(|e| e.0 == c))
                .count() as u32;
            let (u, v) = self.bounds.get(c as usize).copied().unwrap_or((1, 1));
            u <= n && n <= v
        }) && self.compatible(chosen)
    }

    /// The number of solutions, by trying every set of pairwise compatible rows.
    pub fn oracle(&self) -> u64 {
        self.oracle_with(&[])
    }

    /// The number of solutions that hold every row of `forced`.
    pub fn oracle_with(&self, forced: &[u32]) -> u64 {
        fn walk(x: &Xcc, forced: &[u32], i: usize, chosen: &mut Vec<u32>) -> u64 {
            if i == x.rows.len() {
                return u64::from(x.is_solution(chosen));
            }
            let mut n = if forced.contains(&(i as u32)) {
                0
            } else {
                walk(x, forced, i + 1, chosen)
            };
            chosen.push(i as u32);
            if x.compatible(chosen) {
                n += walk(x, forced, i + 1, chosen);
            }
            chosen.pop();
            n
        }
        walk(self, forced, 0, &mut Vec::new())
    }

    /// No column used twice except a secondary one with the same colour throughout.
    pub fn compatible(&self, chosen: &[u32]) -> bool {
        let n = (self.primary + self.secondary) as usize;
        let mut used = vec![0u32; n];
        let mut colour = vec![0u32; n];
        for &r in chosen {
            for &(c, k) in &self.rows[r as usize] {
                let limit = match self.bounds.get(c as usize) {
                    Some(&(_, v)) if c < self.primary => v,
                    _ => 1,
                };
                let c = c as usize;
                if used[c] >= limit && (k == 0 || colour[c] != k) {
                    return false;
                }
                used[c] += 1;
                colour[c] = k;
            }
        }
        true
    }
}
