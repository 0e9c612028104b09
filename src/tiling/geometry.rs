//! Cells and the 48 transforms of space (axis permutations and sign flips): packing
//! a cell into a word, rotating and reflecting, and which transforms a board allows.

pub(super) fn pack(c: [i32; 3]) -> u32 {
    (c[0] as u32) | ((c[1] as u32) << 10) | ((c[2] as u32) << 20)
}

pub(super) fn unpack(p: u32) -> [i32; 3] {
    [
        (p & 1023) as i32,
        ((p >> 10) & 1023) as i32,
        ((p >> 20) & 1023) as i32,
    ]
}

const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [1, 0, 2],
    [0, 2, 1],
    [2, 1, 0],
    [1, 2, 0],
    [2, 0, 1],
];
const PERM_ODD: [bool; 6] = [false, true, true, true, false, false];

/// Transform `t` (0..48): a permutation of the axes and a sign per axis.
pub(super) fn transform(t: usize, c: [i32; 3]) -> [i32; 3] {
    let p = PERMS[t / 8];
    let mut out = [0; 3];
    for i in 0..3 {
        let v = c[p[i]];
        out[i] = if (t >> i) & 1 == 1 { -v } else { v };
    }
    out
}

/// True when transform `t` is a rotation (no mirror image).
pub(super) fn proper(t: usize) -> bool {
    let flips = (t % 8).count_ones() % 2 == 1;
    PERM_ODD[t / 8] == flips
}

/// True when transform `t` keeps z and moves only within the plane.
fn planar(t: usize) -> bool {
    t / 8 <= 1 && (t >> 2) & 1 == 0
}

/// The transforms of a board of this kind, in order.
pub(super) fn allowed(t: usize, solid: bool, reflect: bool) -> bool {
    (solid || planar(t)) && (reflect || proper(t))
}
