//! The benchmark instances as plain exact-cover matrices (0-based column lists).

use std::path::Path;

/// One exact-cover matrix: columns `0..primary` primary, the next `secondary` secondary.
pub struct Matrix {
    pub primary: u32,
    pub secondary: u32,
    pub rows: Vec<Vec<u32>>,
    /// Column labels `0..primary + secondary` (the `exact-covers` crate borrows them).
    pub labels: Vec<u32>,
}

impl Matrix {
    pub fn new(primary: u32, secondary: u32, rows: Vec<Vec<u32>>) -> Matrix {
        Matrix {
            primary,
            secondary,
            rows,
            labels: (0..primary + secondary).collect(),
        }
    }

    pub fn entries(&self) -> usize {
        self.rows.iter().map(Vec::len).sum()
    }
}

/// N queens: rows `R0..`, files `C0..` primary; both diagonal families secondary
/// (the item and option order of Knuth's and the tests' builders).
pub fn queens(n: u32) -> Matrix {
    let mut rows = Vec::new();
    for r in 0..n {
        for c in 0..n {
            rows.push(vec![
                r,
                n + c,
                2 * n + r + c,
                2 * n + (2 * n - 1) + (r + n - 1 - c),
            ]);
        }
    }
    Matrix::new(2 * n, 2 * (2 * n - 1), rows)
}

/// Langford pairs: items `V1..Vn` then positions `P0..P(2n-1)`; option `V_v P_i P_(i+v+1)`.
pub fn langford(n: u32) -> Matrix {
    let mut rows = Vec::new();
    for v in 1..=n {
        let mut i = 0;
        while i + v + 1 < 2 * n {
            rows.push(vec![v - 1, n + i, n + i + v + 1]);
            i += 1;
        }
    }
    Matrix::new(3 * n, 0, rows)
}

/// Domino tilings of an `h` x `w` board: cells row-major, for each cell the
/// horizontal domino first, then the vertical one.
pub fn domino(h: u32, w: u32) -> Matrix {
    let mut rows = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let x = r * w + c;
            if c + 1 < w {
                rows.push(vec![x, x + 1]);
            }
            if r + 1 < h {
                rows.push(vec![x, x + w]);
            }
        }
    }
    Matrix::new(h * w, 0, rows)
}

const PENTOMINOES: [(&str, &str); 12] = [
    ("F", ".##/##./.#."),
    ("I", "#####"),
    ("L", "####/#..."),
    ("N", "##../.###"),
    ("P", "##/##/#."),
    ("T", "###/.#./.#."),
    ("U", "#.#/###"),
    ("V", "#../#../###"),
    ("W", "#../##./.##"),
    ("X", ".#./###/.#."),
    ("Y", "####/.#.."),
    ("Z", "##./.#./.##"),
];

type Shape = Vec<(i32, i32)>;

fn normalize(mut s: Shape) -> Shape {
    let r0 = s.iter().map(|p| p.0).min().unwrap_or(0);
    let c0 = s.iter().map(|p| p.1).min().unwrap_or(0);
    for p in &mut s {
        p.0 -= r0;
        p.1 -= c0;
    }
    s.sort_unstable();
    s
}

/// The distinct rotations and reflections of a plane shape, in a fixed order.
fn orientations(s: &Shape) -> Vec<Shape> {
    let mut out: Vec<Shape> = Vec::new();
    for k in 0..8 {
        let t: Shape = s
            .iter()
            .map(|&(r, c)| {
                let (r, c) = if k & 4 != 0 { (c, r) } else { (r, c) };
                let r = if k & 1 != 0 { -r } else { r };
                let c = if k & 2 != 0 { -c } else { c };
                (r, c)
            })
            .collect();
        let t = normalize(t);
        if !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

fn parse(pic: &str) -> Shape {
    let mut s = Vec::new();
    for (r, line) in pic.split('/').enumerate() {
        for (c, ch) in line.chars().enumerate() {
            if ch == '#' {
                s.push((r as i32, c as i32));
            }
        }
    }
    normalize(s)
}

/// Which placements of a piece to keep: `(piece name, cells) -> keep?`.
type Filter<'a> = &'a dyn Fn(&str, &Shape) -> bool;

/// The 12 pentominoes on an `h` x `w` board minus `holes`: columns are the 12 pieces,
/// then the free cells row-major. `keep` may drop placements (symmetry breaking).
fn pentomino_board(h: i32, w: i32, holes: &[(i32, i32)], keep: Filter<'_>) -> Matrix {
    let mut cell = vec![u32::MAX; (h * w) as usize];
    let mut free = 0;
    for r in 0..h {
        for c in 0..w {
            if !holes.contains(&(r, c)) {
                cell[(r * w + c) as usize] = 12 + free;
                free += 1;
            }
        }
    }
    let mut rows = Vec::new();
    for (p, (name, pic)) in PENTOMINOES.iter().enumerate() {
        for o in orientations(&parse(pic)) {
            for dr in 0..h {
                for dc in 0..w {
                    let placed: Shape = o.iter().map(|&(r, c)| (r + dr, c + dc)).collect();
                    let fits = placed
                        .iter()
                        .all(|&(r, c)| r < h && c < w && cell[(r * w + c) as usize] != u32::MAX);
                    if fits && keep(name, &placed) {
                        let mut row = vec![p as u32];
                        row.extend(placed.iter().map(|&(r, c)| cell[(r * w + c) as usize]));
                        rows.push(row);
                    }
                }
            }
        }
    }
    Matrix::new(12 + free, 0, rows)
}

/// The centre cell of a placed X (its cells are sorted, the centre is the third).
fn centre(placed: &Shape) -> (i32, i32) {
    let mut s = placed.clone();
    s.sort_unstable();
    s[2]
}

/// Pentominoes on 6x10; with `symmetry` the X keeps its centre in the top-left
/// quarter, which picks one of each solution's four images (9356 / 4 = 2339).
pub fn pentomino_6x10(symmetry: bool) -> Matrix {
    let keep = move |name: &str, placed: &Shape| {
        !symmetry || name != "X" || {
            let (r, c) = centre(placed);
            r < 3 && c < 5
        }
    };
    pentomino_board(6, 10, &[], &keep)
}

const SCOTT_HOLE: [(i32, i32); 4] = [(3, 3), (3, 4), (4, 3), (4, 4)];

/// Dana Scott's problem: pentominoes on 8x8 minus the centre 2x2 (520 solutions).
pub fn scott() -> Matrix {
    pentomino_board(8, 8, &SCOTT_HOLE, &|_, _| true)
}

/// Scott's problem up to the board's 8 symmetries (65), as two matrices whose
/// counts add up: the X centred above the diagonal of the top-left quarter, and the
/// X centred on that diagonal with the P in only one of each pair of orientations
/// that the diagonal reflection swaps.
pub fn scott_symmetric() -> Vec<Matrix> {
    let off = |name: &str, placed: &Shape| {
        name != "X" || {
            let (r, c) = centre(placed);
            r < c && c < 4
        }
    };
    let on = |name: &str, placed: &Shape| match name {
        "X" => {
            let (r, c) = centre(placed);
            r == c && c < 4
        }
        "P" => {
            let shape = normalize(placed.clone());
            let mirror = normalize(shape.iter().map(|&(r, c)| (c, r)).collect());
            shape < mirror
        }
        _ => true,
    };
    vec![
        pentomino_board(8, 8, &SCOTT_HOLE, &off),
        pentomino_board(8, 8, &SCOTT_HOLE, &on),
    ]
}

type Cube = Vec<[i32; 3]>;

/// The Soma cube: 7 pieces in the 3x3x3 box, every rotation (11520 solutions).
pub fn soma() -> Matrix {
    let pieces: [Cube; 7] = [
        vec![[0, 0, 0], [1, 0, 0], [0, 1, 0]],
        vec![[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0]],
        vec![[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]],
        vec![[0, 0, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0]],
        vec![[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 0, 1]],
        vec![[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 1, 1]],
        vec![[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
    ];
    // The 24 rotations: signed permutation matrices of determinant +1.
    let perms = [
        ([0, 1, 2], 1),
        ([1, 2, 0], 1),
        ([2, 0, 1], 1),
        ([0, 2, 1], -1),
        ([2, 1, 0], -1),
        ([1, 0, 2], -1),
    ];
    let mut rows = Vec::new();
    for (p, piece) in pieces.iter().enumerate() {
        let mut seen: Vec<Cube> = Vec::new();
        for &(perm, sign) in &perms {
            for signs in 0..8 {
                let flips = [signs & 1, signs >> 1 & 1, signs >> 2 & 1];
                let neg = flips.iter().sum::<i32>() % 2 == 1;
                if (sign == -1) != neg {
                    continue;
                }
                let mut t: Cube = piece
                    .iter()
                    .map(|v| {
                        let mut w = [0; 3];
                        for k in 0..3 {
                            w[k] = if flips[k] == 1 {
                                -v[perm[k]]
                            } else {
                                v[perm[k]]
                            };
                        }
                        w
                    })
                    .collect();
                for k in 0..3 {
                    let m = t.iter().map(|v| v[k]).min().unwrap_or(0);
                    for v in &mut t {
                        v[k] -= m;
                    }
                }
                t.sort_unstable();
                if seen.contains(&t) {
                    continue;
                }
                seen.push(t.clone());
                for dx in 0..3 {
                    for dy in 0..3 {
                        for dz in 0..3 {
                            let cells: Vec<[i32; 3]> = t
                                .iter()
                                .map(|v| [v[0] + dx, v[1] + dy, v[2] + dz])
                                .collect();
                            if cells.iter().all(|v| v.iter().all(|&x| x < 3)) {
                                let mut row = vec![p as u32];
                                row.extend(
                                    cells
                                        .iter()
                                        .map(|v| 7 + (v[0] * 9 + v[1] * 3 + v[2]) as u32),
                                );
                                rows.push(row);
                            }
                        }
                    }
                }
            }
        }
    }
    Matrix::new(7 + 27, 0, rows)
}

/// A 9x9 Sudoku as plain exact cover (324 columns: cell, row-digit, column-digit,
/// box-digit); a given cell keeps only the row of its digit, an empty cell all nine.
pub fn sudoku(puzzle: &[u8]) -> Matrix {
    let mut rows = Vec::new();
    for (cell, &ch) in puzzle.iter().enumerate().take(81) {
        let (r, c) = (cell as u32 / 9, cell as u32 % 9);
        let b = (r / 3) * 3 + c / 3;
        for d in 0..9 {
            if ch.is_ascii_digit() && ch != b'0' && u32::from(ch - b'1') != d {
                continue;
            }
            rows.push(vec![
                cell as u32,
                81 + r * 9 + d,
                162 + c * 9 + d,
                243 + b * 9 + d,
            ]);
        }
    }
    Matrix::new(324, 0, rows)
}

/// The puzzles of a bench file (comment lines starting with `#` skipped).
pub fn sudoku_file(path: &Path) -> Vec<Matrix> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .map(|l| sudoku(l.as_bytes()))
        .collect()
}
