//! Small tilings through the C API: a random box (up to 4x4x2), board mask, pieces
//! (random cells, modes and reflection, with out-of-range coordinates, duplicate
//! cells, empty and oversized pieces mixed in), a build under a random placement
//! capacity, random fixed pieces (valid, shifted or damaged), then a budgeted search.
//! Every status is checked against the documented errors that apply; orientation and
//! placement counts against an independent generator (signed permutations of the
//! axes); every tiling found against an independent checker (the filled board covers
//! every board cell once, each piece's cells split into copies of that piece at the
//! reported offsets, modes and fixed pieces respected); when the bounded search ends,
//! `dlx_tiling_count` and a plain backtracking oracle must agree with it.
#![no_main]

use dlx::ffi::*;
use libfuzzer_sys::fuzz_target;
mod common;

use common::Bytes;

type Cell = [i64; 3];

/// Sorted cells moved so that the smallest coordinate on each axis is 0.
fn normalise(cells: &[Cell]) -> Vec<Cell> {
    let mut min = [i64::MAX; 3];
    for c in cells {
        for a in 0..3 {
            min[a] = min[a].min(c[a]);
        }
    }
    let mut v: Vec<Cell> = cells
        .iter()
        .map(|c| [c[0] - min[0], c[1] - min[1], c[2] - min[2]])
        .collect();
    v.sort_unstable();
    v
}

/// The distinct orientations of a piece, orientation 0 first (the piece as given):
/// plane boards turn in the plane, solid boards by the 24 rotations of space; with
/// `reflect`, mirror images too.
fn orientations(cells: &[Cell], solid: bool, reflect: bool) -> Vec<Vec<Cell>> {
    let mut maps: Vec<([usize; 3], [i64; 3])> = Vec::new();
    if solid {
        for p in [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ] {
            let odd = matches!(p, [0, 2, 1] | [1, 0, 2] | [2, 1, 0]);
            for s in 0..8 {
                let sign = [
                    if s & 1 != 0 { -1 } else { 1 },
                    if s & 2 != 0 { -1 } else { 1 },
                    if s & 4 != 0 { -1 } else { 1 },
                ];
                let negs = (s & 1) + (s >> 1 & 1) + (s >> 2 & 1);
                let det_negative = odd ^ (negs % 2 == 1);
                if !det_negative || reflect {
                    maps.push((p, sign));
                }
            }
        }
    } else {
        // (x, y) -> (±x, ±y) or (±y, ±x); z stays.
        for (p, sign) in [
            ([0, 1, 2], [1, 1, 1]),
            ([1, 0, 2], [-1, 1, 1]),
            ([0, 1, 2], [-1, -1, 1]),
            ([1, 0, 2], [1, -1, 1]),
        ] {
            maps.push((p, sign));
            if reflect {
                maps.push((p, [-sign[0], sign[1], 1]));
            }
        }
    }
    let mut out: Vec<Vec<Cell>> = vec![normalise(cells)];
    for (p, sign) in maps {
        let moved: Vec<Cell> = cells
            .iter()
            .map(|c| [sign[0] * c[p[0]], sign[1] * c[p[1]], sign[2] * c[p[2]]])
            .collect();
        let o = normalise(&moved);
        if !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

struct Problem {
    dims: [i64; 3],
    board: Vec<bool>,
    /// Orientations and mode of each accepted piece.
    pieces: Vec<(Vec<Vec<Cell>>, u32)>,
}

impl Problem {
    fn index(&self, c: &Cell) -> Option<usize> {
        if (0..3).all(|a| c[a] >= 0 && c[a] < self.dims[a]) {
            let i = c[0] + self.dims[0] * (c[1] + self.dims[1] * c[2]);
            Some(i as usize).filter(|&i| self.board[i])
        } else {
            None
        }
    }

    /// Board indices of orientation `o` moved by `off`, when wholly on the board.
    fn place(&self, o: &[Cell], off: Cell) -> Option<Vec<usize>> {
        o.iter()
            .map(|c| self.index(&[c[0] + off[0], c[1] + off[1], c[2] + off[2]]))
            .collect()
    }

    fn placements(&self) -> u64 {
        let mut n = 0;
        for (ors, _) in &self.pieces {
            for o in ors {
                for z in 0..self.dims[2] {
                    for y in 0..self.dims[1] {
                        for x in 0..self.dims[0] {
                            n += u64::from(self.place(o, [x, y, z]).is_some());
                        }
                    }
                }
            }
        }
        n
    }

    /// Tilings up to `limit` with `covered` cells and `used` counts to start from;
    /// `None` past the work cap (placements tried).
    fn count(
        &self,
        covered: &mut [bool],
        used: &mut [u32],
        limit: u64,
        nodes: &mut u64,
    ) -> Option<u64> {
        let Some(target) = (0..covered.len()).find(|&i| self.board[i] && !covered[i]) else {
            let ok = self
                .pieces
                .iter()
                .zip(used.iter())
                .all(|((_, mode), &u)| *mode != DLX_TILING_EXACTLY || u == 1);
            return Some(u64::from(ok));
        };
        let (w, h) = (self.dims[0] as usize, self.dims[1] as usize);
        let t = [
            (target % w) as i64,
            (target / w % h) as i64,
            (target / (w * h)) as i64,
        ];
        let mut total = 0;
        for (p, (ors, mode)) in self.pieces.iter().enumerate() {
            if *mode != DLX_TILING_UNLIMITED && used[p] >= 1 {
                continue;
            }
            for o in ors {
                for a in o {
                    // Work, not nodes, is capped: a solid piece has 48 orientations.
                    *nodes += 1;
                    if *nodes > 100_000 {
                        return None;
                    }
                    let off = [t[0] - a[0], t[1] - a[1], t[2] - a[2]];
                    let Some(idx) = self.place(o, off) else {
                        continue;
                    };
                    if idx.iter().any(|&i| covered[i]) {
                        continue;
                    }
                    for &i in &idx {
                        covered[i] = true;
                    }
                    used[p] += 1;
                    let sub = self.count(covered, used, limit - total, nodes);
                    used[p] -= 1;
                    for &i in &idx {
                        covered[i] = false;
                    }
                    total += sub?;
                    if total >= limit {
                        return Some(total);
                    }
                }
            }
        }
        Some(total)
    }
}

/// True when the cells in `cells` split into placements of `ors`, one per offset.
fn split(p: &Problem, ors: &[Vec<Cell>], offsets: &[Cell], cells: &mut Vec<usize>) -> bool {
    let Some((&off, rest)) = offsets.split_first() else {
        return cells.is_empty();
    };
    for o in ors {
        let Some(idx) = p.place(o, off) else { continue };
        if idx.iter().all(|i| cells.contains(i)) {
            let before = cells.clone();
            cells.retain(|i| !idx.contains(i));
            if split(p, ors, rest, cells) {
                return true;
            }
            *cells = before;
        }
    }
    false
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let w = u32::from(b.next() % 4) + 1;
    let h = u32::from(b.next() % 4) + 1;
    let depth = if b.next() % 4 == 3 { 2 } else { 1 };
    let max_pieces = u32::from(b.next() % 4) + 1;
    let max_cells = u32::from(b.next() % 5) + 1;
    let cap = b.next();
    let max_placements = if cap < 128 { 0 } else { u32::from(cap % 40) };
    let d = dlx_tiling_dims {
        width: w,
        height: h,
        depth,
        max_pieces,
        max_piece_cells: max_cells,
        max_placements,
    };
    let size = unsafe { dlx_tiling_required_size(&d) };
    assert!(size > 0);
    let mut block = vec![0u64; size.div_ceil(8)];
    let mut t = std::ptr::null_mut();
    unsafe {
        assert_eq!(
            dlx_tiling_init_in(block.as_mut_ptr().cast(), size, &d, &mut t),
            DLX_OK
        );
        assert_eq!(dlx_tiling_next(t, 1), DLX_ERR_STATE);
        assert_eq!(dlx_tiling_count(t, 1, &mut 0), DLX_ERR_STATE);
        let mut info = std::mem::zeroed();
        assert_eq!(dlx_tiling_get_info(t, &mut info), DLX_ERR_STATE);
    }
    let v = (w * h * depth) as usize;
    let mut prob = Problem {
        dims: [i64::from(w), i64::from(h), i64::from(depth)],
        board: vec![true; v],
        pieces: Vec::new(),
    };

    // Board.
    let board_op = b.next();
    if board_op % 2 == 1 {
        let mask: Vec<u8> = (0..v).map(|_| b.next() % 4).collect();
        let n = if board_op == 255 { v + 1 } else { v };
        let mut m = mask.clone();
        m.resize(n, 1);
        let st = unsafe { dlx_tiling_set_board(t, m.as_ptr(), n) };
        if n == v {
            assert_eq!(st, DLX_OK);
            prob.board = mask.iter().map(|&x| x != 0).collect();
        } else {
            assert_eq!(st, DLX_ERR_ARG);
        }
    }

    // Pieces.
    for _ in 0..b.next() % (max_pieces as u8 + 2) {
        let k = usize::from(b.next()) % (max_cells as usize + 2);
        let mut cells: Vec<u32> = Vec::new();
        for _ in 0..k {
            let (bx, by) = (b.next(), b.next());
            let x = if bx == 255 { 1024 } else { u32::from(bx % 4) };
            let y = u32::from(by % 4);
            let z = if depth > 1 {
                u32::from(by / 4 % 2)
            } else {
                u32::from(by / 4 % 8 == 7)
            };
            cells.extend([x, y, z]);
        }
        let mb = b.next();
        let mode = if mb == 255 {
            3 + u32::from(b.next())
        } else {
            u32::from(mb % 3)
        };
        let reflect = i32::from(b.next() % 3) - 1;
        let triples: Vec<Cell> = cells
            .chunks(3)
            .map(|c| [i64::from(c[0]), i64::from(c[1]), i64::from(c[2])])
            .collect();
        let mut allowed = Vec::new();
        if k == 0 {
            allowed.push(DLX_ERR_EMPTY_ROW);
        }
        if prob.pieces.len() as u32 >= max_pieces || k as u32 > max_cells {
            allowed.push(DLX_ERR_CAPACITY);
        }
        if triples
            .iter()
            .enumerate()
            .any(|(i, c)| triples[..i].contains(c))
        {
            allowed.push(DLX_ERR_DUPLICATE);
        }
        if cells.iter().any(|&c| c >= 1024) || mode > 2 {
            allowed.push(DLX_ERR_ARG);
        }
        let mut id = u32::MAX;
        let st = unsafe { dlx_tiling_add_piece(t, cells.as_ptr(), k, mode, reflect, &mut id) };
        if allowed.is_empty() {
            assert_eq!(st, DLX_OK, "piece {cells:?} mode {mode}");
            assert_eq!(id, prob.pieces.len() as u32);
            prob.pieces
                .push((orientations(&triples, depth > 1, reflect != 0), mode));
        } else {
            assert!(
                allowed.contains(&st),
                "piece {cells:?} mode {mode}: {st}, want one of {allowed:?}"
            );
            assert_eq!(id, u32::MAX, "piece_out written on failure");
        }
    }

    // Build.
    let want_placements = prob.placements();
    let st = unsafe { dlx_tiling_build(t) };
    if max_placements != 0 && want_placements > u64::from(max_placements) {
        assert_eq!(st, DLX_ERR_CAPACITY, "{want_placements} placements");
        return;
    }
    assert_eq!(st, DLX_OK);
    let mut info: dlx_tiling_info = unsafe { std::mem::zeroed() };
    unsafe {
        assert_eq!(dlx_tiling_get_info(t, &mut info), DLX_OK);
        assert_eq!(dlx_tiling_build(t), DLX_ERR_STATE);
        let c = [0u32, 0, 0];
        assert_eq!(
            dlx_tiling_add_piece(t, c.as_ptr(), 1, 0, 0, std::ptr::null_mut()),
            DLX_ERR_STATE
        );
        assert_eq!(
            dlx_tiling_set_board(t, [1u8].repeat(v).as_ptr(), v),
            DLX_ERR_STATE
        );
    }
    assert_eq!(info.pieces as usize, prob.pieces.len());
    assert_eq!(
        info.cells as usize,
        prob.board.iter().filter(|&&x| x).count()
    );
    assert_eq!(u64::from(info.placements), want_placements);
    for (p, (ors, _)) in prob.pieces.iter().enumerate() {
        let mut n = 0;
        unsafe { assert_eq!(dlx_tiling_orientations(t, p as u32, &mut n), DLX_OK) };
        assert_eq!(n as usize, ors.len(), "orientations of piece {p}: {ors:?}");
    }

    // Fixed pieces.
    let mut covered = vec![false; v];
    let mut used = vec![0u32; prob.pieces.len()];
    let mut fixed_rows: Vec<u32> = Vec::new();
    for _ in 0..b.next() % 3 {
        let p = usize::from(b.next()) % (prob.pieces.len() + 1);
        let mut cells: Vec<Cell> = match prob.pieces.get(p) {
            Some((ors, _)) => {
                let o = &ors[usize::from(b.next()) % ors.len()];
                let off = [
                    i64::from(b.next() % 4),
                    i64::from(b.next() % 4),
                    i64::from(b.next() % depth as u8),
                ];
                o.iter()
                    .map(|c| [c[0] + off[0], c[1] + off[1], c[2] + off[2]])
                    .collect()
            }
            None => vec![[0, 0, 0]],
        };
        match b.next() % 8 {
            0 => {
                let i = usize::from(b.next()) % cells.len();
                cells[i][0] += 1;
            }
            1 => {
                cells.pop();
            }
            2 => {
                let c = cells[0];
                cells.push(c);
            }
            _ => {}
        }
        let turn = usize::from(b.next()) % cells.len().max(1);
        cells.rotate_left(turn);
        let flat: Vec<u32> = cells.iter().flat_map(|c| c.map(|x| x as u32)).collect();
        let idx: Option<Vec<usize>> = cells.iter().map(|c| prob.index(c)).collect();
        let shape_ok = prob.pieces.get(p).is_some_and(|(ors, _)| {
            let distinct = cells
                .iter()
                .enumerate()
                .all(|(i, c)| !cells[..i].contains(c));
            distinct && !cells.is_empty() && ors.contains(&normalise(&cells))
        });
        let mut row = u32::MAX;
        let st = unsafe { dlx_tiling_place(t, p as u32, flat.as_ptr(), cells.len(), &mut row) };
        match (shape_ok, idx) {
            (true, Some(idx)) => {
                let clash = idx.iter().any(|&i| covered[i])
                    || (prob.pieces[p].1 != DLX_TILING_UNLIMITED && used[p] > 0);
                if clash {
                    assert_eq!(st, DLX_ERR_CONFLICT, "place {p} at {cells:?}");
                } else {
                    assert_eq!(st, DLX_OK, "place {p} at {cells:?}");
                    for i in idx {
                        covered[i] = true;
                    }
                    used[p] += 1;
                    fixed_rows.push(row);
                }
            }
            _ => assert_eq!(st, DLX_ERR_ARG, "place {p} at {cells:?}"),
        }
    }

    // Budgeted search.
    let budget = u64::from(b.next() % 32) + 1;
    let limit = u64::from(b.next() % 6) + 1;
    let mut found: Vec<Vec<u32>> = Vec::new();
    let mut spent = 0u64;
    let mut finished = false;
    let mut fill = vec![0u32; v];
    while spent < 20_000 {
        match unsafe { dlx_tiling_next(t, budget) } {
            DLX_SOLUTION => {}
            DLX_EXHAUSTED => {
                finished = true;
                break;
            }
            DLX_BUDGET_SPENT => {
                spent += budget;
                continue;
            }
            other => panic!("dlx_tiling_next returned {other}"),
        }
        let rows = unsafe {
            let mut rows = std::ptr::null();
            let mut n = 0;
            assert_eq!(dlx_tiling_solution(t, &mut rows, &mut n), DLX_OK);
            assert_eq!(dlx_tiling_fill(t, fill.as_mut_ptr(), v - 1), DLX_ERR_ARG);
            assert_eq!(dlx_tiling_fill(t, fill.as_mut_ptr(), v), DLX_OK);
            std::slice::from_raw_parts(rows, n).to_vec()
        };
        assert_eq!(
            &rows[..fixed_rows.len().min(rows.len())],
            &fixed_rows[..],
            "fixed rows first"
        );
        // The filled board.
        let mut by_piece: Vec<Vec<usize>> = vec![Vec::new(); prob.pieces.len()];
        for (i, &f) in fill.iter().enumerate() {
            if prob.board[i] {
                assert!((f as usize) < prob.pieces.len(), "cell {i} holds {f}");
                by_piece[f as usize].push(i);
            } else {
                assert_eq!(f, DLX_TILING_EMPTY, "off-board cell {i}");
            }
        }
        for &r in &fixed_rows {
            let mut pl: dlx_placement = unsafe { std::mem::zeroed() };
            unsafe { assert_eq!(dlx_tiling_placement(t, r, &mut pl), DLX_OK) };
        }
        // Each piece's cells are copies of it at the reported offsets.
        let mut offsets: Vec<Vec<Cell>> = vec![Vec::new(); prob.pieces.len()];
        for &r in &rows {
            let mut pl: dlx_placement = unsafe { std::mem::zeroed() };
            unsafe { assert_eq!(dlx_tiling_placement(t, r, &mut pl), DLX_OK) };
            let p = pl.piece as usize;
            assert!(p < prob.pieces.len());
            assert!((pl.orientation as usize) < prob.pieces[p].0.len());
            offsets[p].push([i64::from(pl.x), i64::from(pl.y), i64::from(pl.z)]);
        }
        for (p, (ors, mode)) in prob.pieces.iter().enumerate() {
            let k = offsets[p].len();
            match *mode {
                DLX_TILING_EXACTLY => assert_eq!(k, 1, "piece {p} used {k} times"),
                DLX_TILING_AT_MOST => assert!(k <= 1, "piece {p} used {k} times"),
                _ => {}
            }
            let mut cells = by_piece[p].clone();
            assert!(
                split(&prob, ors, &offsets[p], &mut cells),
                "piece {p}: {fill:?}"
            );
        }
        let mut set = rows.clone();
        set.sort_unstable();
        assert!(!found.contains(&set), "a tiling twice");
        found.push(set);
        if found.len() as u64 >= limit {
            finished = true;
            break;
        }
    }
    if !finished {
        return;
    }
    let mut count = u64::MAX;
    unsafe { assert_eq!(dlx_tiling_count(t, limit, &mut count), DLX_OK) };
    assert_eq!(count, found.len() as u64);
    let mut nodes = 0;
    if let Some(want) = prob.count(&mut covered, &mut used, limit, &mut nodes) {
        assert_eq!(count, want, "count against the backtracking oracle");
    }
});
