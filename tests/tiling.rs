//! Tiling: orientations, placements, known counts, fixed pieces, symmetry counts.

mod common;

use common::{assert_rejected, run_example, Rng};
use dlx::core::{Error, Step};
use dlx::tiling::{Mode, Tiling, TilingDims, EMPTY};

type Shape = &'static [(u32, u32)];

/// The twelve pentominoes F I L N P T U V W X Y Z.
const PENTOMINOES: [Shape; 12] = [
    &[(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)],
    &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    &[(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)],
    &[(1, 0), (1, 1), (0, 2), (1, 2), (0, 3)],
    &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)],
    &[(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)],
    &[(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)],
    &[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)],
    &[(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)],
    &[(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)],
    &[(1, 0), (0, 1), (1, 1), (1, 2), (1, 3)],
    &[(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)],
];

/// The NOI 2005 pieces A-L (x = column, y = row of the drawings in FORMAT.md).
const P4205: [Shape; 12] = [
    &[(0, 0), (1, 0), (0, 1)],
    &[(0, 0), (1, 0), (2, 0), (3, 0)],
    &[(0, 0), (1, 0), (2, 0), (0, 1)],
    &[(0, 0), (1, 0), (0, 1), (1, 1)],
    &[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)],
    &[(0, 0), (1, 0), (2, 0), (3, 0), (1, 1)],
    &[(0, 0), (1, 0), (2, 0), (0, 1), (2, 1)],
    &[(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)],
    &[(0, 0), (1, 0), (2, 0), (2, 1), (3, 1)],
    &[(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)],
    &[(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)],
    &[(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)],
];

/// The seven Soma pieces: V, L, T, Z, the two screws, the branch.
const SOMA: [&[[u32; 3]]; 7] = [
    &[[0, 0, 0], [1, 0, 0], [0, 1, 0]],
    &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0]],
    &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]],
    &[[0, 0, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0]],
    &[[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]],
    &[[0, 0, 1], [1, 0, 1], [1, 1, 1], [1, 1, 0]],
    &[[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
];

fn flat(s: Shape) -> Vec<[u32; 3]> {
    s.iter().map(|&(x, y)| [x, y, 0]).collect()
}

fn block(d: &TilingDims) -> Vec<u32> {
    vec![0u32; d.required_words().unwrap() as usize]
}

fn rect(w: u32, h: u32) -> TilingDims {
    TilingDims {
        width: w,
        height: h,
        depth: 1,
        max_pieces: 12,
        max_piece_cells: 5,
        max_placements: 0,
    }
}

fn pentominoes<'a>(words: &'a mut [u32], w: u32, h: u32) -> Tiling<'a> {
    let mut t = Tiling::init(words, rect(w, h)).unwrap();
    for s in PENTOMINOES {
        t.add_piece(&flat(s), Mode::Exactly, true).unwrap();
    }
    t.build().unwrap();
    t
}

fn triangle_dims() -> TilingDims {
    TilingDims {
        width: 10,
        height: 10,
        depth: 1,
        max_pieces: 12,
        max_piece_cells: 5,
        max_placements: 1644,
    }
}

/// The 智慧珠 board: row y (0-based) has cells x = 0..=y.
fn triangle<'a>(words: &'a mut [u32]) -> Tiling<'a> {
    let mut t = Tiling::init(words, triangle_dims()).unwrap();
    let mut mask = [0u8; 100];
    for y in 0..10 {
        for x in 0..=y {
            mask[x + 10 * y] = 1;
        }
    }
    t.set_board(&mask).unwrap();
    for s in P4205 {
        t.add_piece(&flat(s), Mode::Exactly, true).unwrap();
    }
    t.build().unwrap();
    t
}

/// The cells `[x, y, 0]` drawn with `letter` on a board given as its lines.
fn letter_cells<'a>(lines: impl Iterator<Item = &'a str>, letter: char) -> Vec<[u32; 3]> {
    lines
        .enumerate()
        .flat_map(|(y, line)| {
            line.chars()
                .enumerate()
                .filter(move |&(_, c)| c == letter)
                .map(move |(x, _)| [x as u32, y as u32, 0])
        })
        .collect()
}

/// A file of the NOI 2005 (p4205) samples, e.g. `sample1.in`.
fn p4205_sample(name: &str) -> String {
    std::fs::read_to_string(
        common::manifest_dir()
            .join("tests/data/problems/p4205")
            .join(name),
    )
    .unwrap()
}

#[test]
fn p4205_orientations_and_placements() {
    let mut w = block(&triangle_dims());
    let t = triangle(&mut w);
    let counts: Vec<u32> = (0..12).map(|p| t.orientations(p).unwrap()).collect();
    assert_eq!(counts, [4, 2, 8, 1, 4, 8, 4, 8, 8, 1, 4, 8]);
    assert_eq!(t.placements(), 1644);
    assert_eq!(t.cells(), 55);
    assert_eq!(t.symmetries(), 2);
    // One fewer placement allowed: the build fails and nothing is built.
    let d = TilingDims {
        max_placements: 1643,
        ..triangle_dims()
    };
    let mut w2 = block(&d);
    let mut t2 = Tiling::init(&mut w2, d).unwrap();
    for s in P4205 {
        t2.add_piece(&flat(s), Mode::Exactly, true).unwrap();
    }
    assert_eq!(t2.build(), Err(Error::Capacity));
    assert!(!t2.is_built());
}

#[test]
fn pentomino_3x20_and_4x15() {
    let mut w = block(&rect(20, 3));
    let mut t = pentominoes(&mut w, 20, 3);
    assert_eq!(t.count_distinct().unwrap(), (8, 2));
    assert_eq!(t.count(0).unwrap(), 8);
    // A solution as a filled board: every cell covered, each piece 5 times.
    assert_eq!(t.next(0).unwrap(), Step::Solution);
    let mut board = vec![0u32; 60];
    t.fill(&mut board).unwrap();
    let mut per = [0; 12];
    for &p in &board {
        per[p as usize] += 1;
    }
    assert_eq!(per, [5; 12]);
    let rows = t.solution().unwrap().to_vec();
    assert_eq!(rows.len(), 12);
    for &r in &rows {
        let pl = t.placement(r).unwrap();
        assert!(pl.orientation < t.orientations(pl.piece).unwrap());
        assert!(pl.offset[0] < 20 && pl.offset[1] < 3 && pl.offset[2] == 0);
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; CI runs it with --release")]
fn pentomino_counts() {
    for (w, h, all, distinct) in [
        (10, 6, 9356, 2339),
        (12, 5, 4040, 1010),
        (15, 4, 1472, 368),
        (20, 3, 8, 2),
    ] {
        let mut words = block(&rect(w, h));
        let mut t = pentominoes(&mut words, w, h);
        assert_eq!(t.count_distinct().unwrap(), (all, distinct), "{w}x{h}");
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; CI runs it with --release")]
fn soma_cube() {
    let d = TilingDims {
        width: 3,
        height: 3,
        depth: 3,
        max_pieces: 7,
        max_piece_cells: 4,
        max_placements: 0,
    };
    let mut words = block(&d);
    let mut t = Tiling::init(&mut words, d).unwrap();
    for s in SOMA {
        t.add_piece(s, Mode::Exactly, false).unwrap();
    }
    t.build().unwrap();
    assert_eq!(t.symmetries(), 48);
    assert_eq!(t.count_distinct().unwrap(), (11520, 240));
}

#[test]
fn domino_tilings_with_an_unlimited_piece() {
    // 6x6 dominoes: 6728; 4x4: 36; 8x8 with two opposite corners removed: 0.
    for (w, h, want) in [(4u32, 4u32, 36u64), (6, 6, 6728)] {
        let d = TilingDims {
            width: w,
            height: h,
            depth: 1,
            max_pieces: 1,
            max_piece_cells: 2,
            max_placements: 0,
        };
        let mut words = block(&d);
        let mut t = Tiling::init(&mut words, d).unwrap();
        t.add_piece(&[[0, 0, 0], [1, 0, 0]], Mode::Unlimited, false)
            .unwrap();
        t.build().unwrap();
        assert_eq!(t.count(0).unwrap(), want);
    }
    let d = TilingDims {
        width: 8,
        height: 8,
        depth: 1,
        max_pieces: 1,
        max_piece_cells: 2,
        max_placements: 0,
    };
    let mut words = block(&d);
    let mut t = Tiling::init(&mut words, d).unwrap();
    let mut mask = [1u8; 64];
    mask[0] = 0;
    mask[63] = 0;
    t.set_board(&mask).unwrap();
    t.add_piece(&[[0, 0, 0], [0, 1, 0]], Mode::Unlimited, false)
        .unwrap();
    t.build().unwrap();
    assert_eq!(t.count(0).unwrap(), 0);
}

#[test]
fn at_most_once_pieces() {
    // A 2x2 board, an L tromino and a monomino at most once each, and an unlimited
    // monomino: L + mono (4 L orientations x 2 kinds of monomino for the last cell)
    // ... counted against brute force below.
    let d = TilingDims {
        width: 2,
        height: 2,
        depth: 1,
        max_pieces: 3,
        max_piece_cells: 3,
        max_placements: 0,
    };
    let mut words = block(&d);
    let mut t = Tiling::init(&mut words, d).unwrap();
    t.add_piece(&[[0, 0, 0], [1, 0, 0], [0, 1, 0]], Mode::AtMost, false)
        .unwrap();
    t.add_piece(&[[0, 0, 0]], Mode::AtMost, false).unwrap();
    t.add_piece(&[[0, 0, 0]], Mode::Unlimited, false).unwrap();
    t.build().unwrap();
    // Without the L: the 4 cells from the two monominoes, piece 1 in at most one
    // cell: 1 (all unlimited) + 4 (one cell is piece 1) = 5. With the L (4 ways):
    // the last cell is piece 1 or piece 2: 8. Total 13.
    assert_eq!(t.count(0).unwrap(), 13);
}

#[test]
fn fixed_pieces_and_the_sample() {
    let input = p4205_sample("sample1.in");
    let mut w = block(&triangle_dims());
    let mut t = triangle(&mut w);
    for (p, letter) in ('A'..='L').enumerate() {
        let cells = letter_cells(input.lines(), letter);
        if !cells.is_empty() {
            t.place(p as u32, &cells).unwrap();
        }
    }
    assert_eq!(t.count(0).unwrap(), 1);
    assert_eq!(t.next(0).unwrap(), Step::Solution);
    let mut board = vec![0u32; 100];
    t.fill(&mut board).unwrap();
    let want = p4205_sample("sample1.out");
    let mut got = String::new();
    for y in 0..10 {
        for x in 0..=y {
            got.push((b'A' + board[x + 10 * y] as u8) as char);
        }
        got.push('\n');
    }
    assert_eq!(got, want);
    assert_eq!(board[9], EMPTY);
    // Fixing while searching is refused; a wrong shape and an overlap too.
    assert_eq!(
        t.place(3, &[[0, 8, 0], [1, 8, 0], [0, 9, 0], [1, 9, 0]]),
        Err(Error::State)
    );
    t.reset().unwrap();
    t.unplace_all().unwrap();
    assert_eq!(
        t.place(0, &[[0, 0, 0], [0, 1, 0], [0, 2, 0]]),
        Err(Error::Arg),
        "a straight tromino is not piece A"
    );
    assert_eq!(
        t.place(0, &[[9, 0, 0], [9, 1, 0], [8, 1, 0]]),
        Err(Error::Arg),
        "off the board"
    );
    t.place(3, &[[0, 8, 0], [1, 8, 0], [0, 9, 0], [1, 9, 0]])
        .unwrap();
    assert_eq!(
        t.place(3, &[[3, 8, 0], [4, 8, 0], [3, 9, 0], [4, 9, 0]]),
        Err(Error::Conflict),
        "D twice"
    );
    assert_eq!(
        t.place(0, &[[1, 9, 0], [2, 9, 0], [2, 8, 0]]),
        Err(Error::Conflict),
        "overlap"
    );
}

/// Boards with fixed pieces have exactly as many completions as the empty board has
/// solutions containing those placements.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; CI runs it with --release")]
fn p4205_counts_and_fixed_pieces_agree() {
    let mut w = block(&triangle_dims());
    let mut t = triangle(&mut w);
    let mut all: Vec<Vec<u32>> = Vec::new();
    while t.next(0).unwrap() == Step::Solution {
        let mut rows = t.solution().unwrap().to_vec();
        rows.sort_unstable();
        all.push(rows);
    }
    assert_eq!(all.len(), 32288);
    let (n, distinct) = t.count_distinct().unwrap();
    assert_eq!((n, distinct), (32288, 16144));
    let mut rng = Rng(2005);
    for _ in 0..12 {
        let pick = &all[rng.below(all.len() as u64) as usize];
        let fixed: Vec<u32> = pick.iter().copied().filter(|_| rng.below(3) == 0).collect();
        t.reset().unwrap();
        t.unplace_all().unwrap();
        for &r in &fixed {
            let pl = t.placement(r).unwrap();
            let cells = placement_cells(&pl, &w_shape(pl.piece));
            assert_eq!(t.place(pl.piece, &cells).unwrap(), r);
        }
        let want = all
            .iter()
            .filter(|s| fixed.iter().all(|r| s.contains(r)))
            .count() as u64;
        assert_eq!(t.count(0).unwrap(), want, "fixed {fixed:?}");
    }
}

/// The cells of a placement, from the piece's shape: brute force over the 8 plane
/// transforms, the one whose normalised cells sorted give the orientation.
fn w_shape(p: u32) -> Vec<[u32; 3]> {
    flat(P4205[p as usize])
}

fn placement_cells(pl: &dlx::tiling::Placement, shape: &[[u32; 3]]) -> Vec<[u32; 3]> {
    // Orientation numbers follow the transforms in order; rebuild them the same way.
    let mut seen: Vec<Vec<[u32; 3]>> = Vec::new();
    for t in 0..8u32 {
        let mut cells: Vec<[i32; 2]> = shape
            .iter()
            .map(|c| {
                let (x, y) = (c[0] as i32, c[1] as i32);
                let (x, y) = if t >= 4 { (y, x) } else { (x, y) };
                let x = if t & 1 == 1 { -x } else { x };
                let y = if t & 2 == 2 { -y } else { y };
                [x, y]
            })
            .collect();
        let mx = cells.iter().map(|c| c[0]).min().unwrap();
        let my = cells.iter().map(|c| c[1]).min().unwrap();
        for c in &mut cells {
            c[0] -= mx;
            c[1] -= my;
        }
        let mut v: Vec<[u32; 3]> = cells
            .iter()
            .map(|c| [c[0] as u32, c[1] as u32, 0])
            .collect();
        v.sort_by_key(|c| c[0] | c[1] << 10);
        if !seen.contains(&v) {
            seen.push(v);
        }
    }
    seen[pl.orientation as usize]
        .iter()
        .map(|c| [c[0] + pl.offset[0], c[1] + pl.offset[1], 0])
        .collect()
}

#[test]
fn bad_arguments_are_refused() {
    assert_eq!(rect(0, 3).required_words(), None);
    assert_eq!(rect(1025, 3).required_words(), None);
    let d = rect(5, 5);
    let mut words = block(&d);
    assert_eq!(
        Tiling::init(&mut words[..10], d).err(),
        Some(Error::TooSmall)
    );
    let mut t = Tiling::init(&mut words, d).unwrap();
    assert_eq!(t.add_piece(&[], Mode::Exactly, true), Err(Error::EmptyRow));
    assert_eq!(
        t.add_piece(&[[0, 0, 0]; 6], Mode::Exactly, true),
        Err(Error::Capacity)
    );
    assert_eq!(
        t.add_piece(&[[0, 0, 0], [0, 0, 0]], Mode::Exactly, true),
        Err(Error::Duplicate)
    );
    assert_eq!(
        t.add_piece(&[[1024, 0, 0]], Mode::Exactly, true),
        Err(Error::Arg)
    );
    assert_eq!(t.set_board(&[1; 24]), Err(Error::Arg));
    assert_eq!(t.next(0), Err(Error::State));
    assert!(t.solution().is_none());
    t.add_piece(&[[0, 0, 0]], Mode::Unlimited, false).unwrap();
    t.build().unwrap();
    assert_eq!(t.build(), Err(Error::State));
    assert_eq!(
        t.add_piece(&[[0, 0, 0]], Mode::Exactly, true),
        Err(Error::State)
    );
    assert_eq!(t.count(0).unwrap(), 1);
    t.clear().unwrap();
    assert_eq!(t.pieces(), 0);
    words[0] ^= 1;
    assert!(Tiling::open(&mut words).is_err());
}
// ------------------------------------------------------------------ the p4205, pentomino and soma programs

const EMPTY_BOARD: &str =
    ".\n..\n...\n....\n.....\n......\n.......\n........\n.........\n..........\n";

/// [`EMPTY_BOARD`] with the given rows replaced, in order.
fn board_with(rows: &[(usize, &str)]) -> String {
    let mut b: Vec<String> = EMPTY_BOARD.lines().map(String::from).collect();
    for &(y, row) in rows {
        b[y] = row.into();
    }
    b.join("\n") + "\n"
}

#[test]
fn p4205_rejects_malformed_input() {
    let s = p4205_sample("sample1.in");
    let lines: Vec<&str> = s.lines().collect();
    let with_line = |i: usize, text: &str| {
        let mut l = lines.clone();
        l[i] = text;
        l.join("\n") + "\n"
    };
    let cases: Vec<(&str, String)> = vec![
        ("empty", String::new()),
        ("nine lines", lines[..9].join("\n") + "\n"),
        ("short line", with_line(3, "...")),
        ("long line", with_line(3, ".....")),
        ("digit", with_line(2, ".1.")),
        ("M", with_line(2, ".M.")),
        ("lower case", with_line(2, ".a.")),
        ("space inside", with_line(2, ". .")),
        ("text after", format!("{s}x\n")),
        ("NUL", with_line(2, ".\0.")),
        ("A not its shape", board_with(&[(9, "AAA.......")])),
        (
            "A in two groups",
            board_with(&[(8, "AA......."), (6, "......A")]),
        ),
        (
            "D with too many cells",
            board_with(&[(8, "DDD......"), (9, "DD........")]),
        ),
        (
            "B drawn as a square",
            board_with(&[(8, "BB......."), (9, "BB........")]),
        ),
    ];
    for (what, input) in &cases {
        assert_rejected("p4205", &[], input.as_bytes(), what);
    }
    for args in [&["--cnt"][..], &["--count", "x"]] {
        let out = run_example("p4205", args, EMPTY_BOARD.as_bytes());
        assert_eq!(out.status.code(), Some(1), "{args:?}");
    }
}

/// Checks a printed board: ten lines, fixed cells kept, each letter its piece.
fn valid_completion(input: &str, output: &str) -> bool {
    let out: Vec<&str> = output.lines().collect();
    if out.len() != 10 {
        return false;
    }
    let mut w = block(&triangle_dims());
    let mut t = triangle(&mut w);
    for (y, (a, b)) in input.lines().zip(&out).enumerate() {
        if b.len() != y + 1 || a.chars().zip(b.chars()).any(|(x, z)| x != '.' && x != z) {
            return false;
        }
    }
    // Every letter must be placeable: fixing all twelve leaves exactly one completion.
    for (p, letter) in ('A'..='L').enumerate() {
        let cells = letter_cells(out.iter().copied(), letter);
        if t.place(p as u32, &cells).is_err() {
            return false;
        }
    }
    t.count(0).unwrap() == 1
}

#[test]
fn p4205_solves_and_accepts_layout_variants() {
    let s = p4205_sample("sample1.in");
    let want = p4205_sample("sample1.out");
    for v in [
        s.clone(),
        s.replace('\n', "\r\n"),
        s.replace('\n', " \t\n"),
        s.trim_end().to_string(),
        format!("{s}\n \n\n"),
    ] {
        let out = run_example("p4205", &[], v.as_bytes());
        assert!(out.status.success(), "{v:?}");
        assert_eq!(String::from_utf8(out.stdout).unwrap(), want);
    }
    let out = run_example("p4205", &[], EMPTY_BOARD.as_bytes());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(valid_completion(EMPTY_BOARD, &text), "{text}");
    // A well-formed board without completion: two Ds can't be, so block a corner.
    let stuck = EMPTY_BOARD.replacen(".\n..\n", "J\n..\n", 1);
    let stuck_out = run_example("p4205", &[], stuck.as_bytes());
    assert_eq!(stuck_out.status.code(), Some(1), "J cannot be one cell");
    let corner = board_with(&[(0, "D"), (1, "DD"), (2, "D..")]);
    // Not a square: malformed, not "No solution".
    assert_eq!(
        run_example("p4205", &[], corner.as_bytes()).status.code(),
        Some(1)
    );
    // B lying in the bottom row's left end and A blocking the apex's neighbour
    // leave the apex cell isolated: no solution.
    let isolated = board_with(&[(1, "AA"), (2, "A.."), (0, ".")]);
    let out = run_example("p4205", &[], isolated.as_bytes());
    assert!(out.status.success());
    assert_eq!(out.stdout, b"No solution\n");
    // --count with fixed pieces: the sample has one completion.
    let out = run_example("p4205", &["--count"], s.as_bytes());
    assert_eq!(out.stdout, b"1\n");
}

#[test]
fn pentomino_and_soma_programs() {
    let out = run_example("pentomino", &["20x3"], b"");
    assert_eq!(out.stdout, b"20x3 8\n");
    let out = run_example("pentomino", &["--distinct", "3x20"], b"");
    assert_eq!(out.stdout, b"3x20 2\n");
    for args in [
        &["7x9"][..],
        &["0x60"],
        &["x"],
        &["--distinct", "60"],
        &["--bogus"],
    ] {
        let out = run_example("pentomino", args, b"");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    }
    let out = run_example("soma", &["--distinct"], b"");
    assert_eq!(out.stdout, b"240\n");
    assert_eq!(run_example("soma", &["-x"], b"").status.code(), Some(1));
}

/// The 智慧珠 empty board has 32288 completions (a CI step in release mode).
#[test]
#[cfg_attr(debug_assertions, ignore = "slow; CI runs it with --release")]
fn p4205_counts_the_empty_board() {
    let out = run_example("p4205", &["--count"], EMPTY_BOARD.as_bytes());
    assert_eq!(out.stdout, b"32288\n");
}
