//! Polyomino and polycube tiling in C: `dlx_tiling_*`.

use ::core::ffi::c_void;

use super::guard::{self, with, Handle};
use super::solver::dlx_stats;
use super::status::*;
use crate::block::Kind;
use crate::outcome::Error;
use crate::tiling::{self, Mode, Tiling, TilingDims};

/// The opaque tiling handle; it points at the start of its memory block.
pub struct dlx_tiling {
    _opaque: [u8; 0],
}

impl Handle for dlx_tiling {
    const KIND: Kind = tiling::KIND;
    type View<'a> = Tiling<'a>;
    fn words_of(head: &[u32]) -> Option<u64> {
        Tiling::words_of(head)
    }
    fn open(words: &mut [u32]) -> Result<Tiling<'_>, Error> {
        Tiling::open(words)
    }
    type Dims = dlx_tiling_dims;
    fn required_bytes(d: &dlx_tiling_dims) -> Option<usize> {
        TilingDims::from(*d).required_bytes()
    }
    fn init(words: &mut [u32], d: dlx_tiling_dims) -> Result<(), Error> {
        Tiling::init_zeroed(words, d.into()).map(drop)
    }
}

/// The capacity of a tiling block.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct dlx_tiling_dims {
    /// Board box width (x), 1..1024.
    pub width: u32,
    /// Board box height (y), 1..1024.
    pub height: u32,
    /// Board box depth (z), 1..1024; 1 for a plane board (polyominoes), more for a
    /// solid one (polycubes). At most 2^20 cells in all.
    pub depth: u32,
    /// The most pieces, 1..65536.
    pub max_pieces: u32,
    /// The most cells of one piece, 1..1024.
    pub max_piece_cells: u32,
    /// The most placements (rows) the build may generate; 0 = the worst case (every
    /// orientation of every piece at every position of the box: max_pieces x 8 x cells
    /// on a plane board, x 48 on a solid one).
    pub max_placements: u32,
}

/// One placement of a piece: orientation `orientation` (0 = as given) of piece
/// `piece`, its normalised cells (smallest coordinates 0) moved by (x, y, z).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct dlx_placement {
    /// The piece number (order of `dlx_tiling_add_piece`).
    pub piece: u32,
    /// The orientation number, below the piece's `dlx_tiling_orientations`.
    pub orientation: u32,
    /// The offset of the orientation's cells.
    pub x: u32,
    /// The offset of the orientation's cells.
    pub y: u32,
    /// The offset of the orientation's cells.
    pub z: u32,
}

/// What a build produced.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct dlx_tiling_info {
    /// Pieces added.
    pub pieces: u32,
    /// Cells on the board.
    pub cells: u32,
    /// Placements (rows of the exact-cover problem).
    pub placements: u32,
    /// Symmetries of the board used by `dlx_tiling_count_distinct` (1 = identity only).
    pub symmetries: u32,
}

/// A piece is used in every solution exactly once.
pub const DLX_TILING_EXACTLY: u32 = 0;
/// A piece is used at most once.
pub const DLX_TILING_AT_MOST: u32 = 1;
/// A piece is used any number of times (also never).
pub const DLX_TILING_UNLIMITED: u32 = 2;
/// The value `dlx_tiling_fill` writes for a position that is not on the board.
pub const DLX_TILING_EMPTY: u32 = 0xFFFF_FFFF;

const _: () = assert!(DLX_TILING_EMPTY == tiling::EMPTY);

impl From<dlx_tiling_dims> for TilingDims {
    fn from(d: dlx_tiling_dims) -> TilingDims {
        TilingDims {
            width: d.width,
            height: d.height,
            depth: d.depth,
            max_pieces: d.max_pieces,
            max_piece_cells: d.max_piece_cells,
            max_placements: d.max_placements,
        }
    }
}

/// Reads `n` cells given as `3 * n` values x, y, z.
///
/// # Safety
/// `cells` points at `3 * n` values or is NULL.
unsafe fn read_cells(
    cells: *const u32,
    n: usize,
    buf: &mut [[u32; 3]; 1024],
) -> Result<usize, dlx_status> {
    if n == 0 {
        return Ok(0);
    }
    if cells.is_null() {
        return Err(DLX_ERR_NULL);
    }
    if n > buf.len() {
        return Err(DLX_ERR_CAPACITY);
    }
    // SAFETY: the caller vouches for 3 * n values.
    let flat = unsafe { ::core::slice::from_raw_parts(cells, 3 * n) };
    for (b, c) in buf.iter_mut().zip(flat.chunks_exact(3)) {
        *b = [c[0], c[1], c[2]];
    }
    Ok(n)
}

/// Bytes of memory a tiling with dimensions `*d` needs; 0 if `d` is NULL or a
/// dimension is out of range. Equals `DLX_TILING_REQUIRED_SIZE(width, height, depth,
/// max_pieces, max_piece_cells, max_placements)` for dimensions in range.
///
/// # Safety
/// `d` is NULL or points at a `dlx_tiling_dims`.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_required_size(d: *const dlx_tiling_dims) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { guard::required_size::<dlx_tiling>(d) }
}

/// Builds an empty tiling in the caller's block `mem` of `len` bytes (aligned to
/// `dlx_required_align()`): every cell of the `width x height x depth` box is on the
/// board and there are no pieces. Like a solver it lives entirely in its block (an
/// exact-cover solver is inside it) and needs no cleanup.
///
/// Use: `dlx_tiling_set_board` (optional), `dlx_tiling_add_piece` per piece,
/// `dlx_tiling_build`, then `dlx_tiling_place` for pre-placed pieces (optional) and
/// `dlx_tiling_next` / `dlx_tiling_count` / `dlx_tiling_count_distinct`.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_ARG` (a dimension out of range),
/// `DLX_ERR_MISALIGNED`, `DLX_ERR_TOO_SMALL`.
///
/// # Safety
/// `mem` points at `len` writable bytes; `d` and `out` are valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_init_in(
    mem: *mut c_void,
    len: usize,
    d: *const dlx_tiling_dims,
    out: *mut *mut dlx_tiling,
) -> dlx_status {
    // SAFETY: forwarded from the caller.
    unsafe { guard::init_in(mem, len, d, out) }
}

/// Like `dlx_tiling_init_in`, with a block allocated on the heap; release it with
/// `dlx_tiling_free`. As with `dlx_new`, the block comes zeroed from the allocator and
/// untouched pages stay untouched. `DLX_ERR_NO_MEMORY` when allocation fails or the
/// library was built without the `alloc` feature.
///
/// # Safety
/// `d` and `out` are valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_new(
    d: *const dlx_tiling_dims,
    out: *mut *mut dlx_tiling,
) -> dlx_status {
    // SAFETY: forwarded from the caller.
    unsafe { guard::new(d, out) }
}

/// Releases a tiling made by `dlx_tiling_new`. NULL is fine; a handle made in the
/// caller's memory (`dlx_tiling_init_in`), one of another kind, or one inside a call
/// is left alone. A poisoned handle is released too.
///
/// # Safety
/// `t` is NULL or a live handle; it must not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_free(t: *mut dlx_tiling) {
    // SAFETY: forwarded from the caller.
    unsafe { guard::free(t) }
}

/// Sets the board: `mask[x + width * (y + height * z)]` non-zero for a cell on the
/// board; `n` must be `width * height * depth`. Only before the build.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_CORRUPT`, `DLX_ERR_ARG` (wrong `n`),
/// `DLX_ERR_STATE` (already built).
///
/// # Safety
/// `t` is NULL or a live handle; `mask` points at `n` bytes or is NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_set_board(
    t: *mut dlx_tiling,
    mask: *const u8,
    n: usize,
) -> dlx_status {
    let mask = try_array!(mask, n);
    // SAFETY: forwarded from the caller.
    unsafe { with(t, |tl| tl.set_board(mask)) }
}

/// Adds a piece of `n` cells given as `3 * n` values x, y, z (each below 1024, no
/// cell twice), used `mode` times (`DLX_TILING_EXACTLY`, `DLX_TILING_AT_MOST`,
/// `DLX_TILING_UNLIMITED`), in its mirror images too when `reflect` is non-zero. Its
/// number (0, 1, ... in order) goes to `*piece_out` unless NULL. Only before the build.
///
/// Orientations: on a plane board (depth 1) the 4 rotations in the plane (and 4
/// mirror images); on a solid board the 24 rotations of space (and 24 mirror images);
/// duplicates are dropped, orientation 0 is the piece as given.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_CORRUPT`, `DLX_ERR_EMPTY_ROW` (n == 0),
/// `DLX_ERR_CAPACITY` (too many pieces, or more than max_piece_cells cells),
/// `DLX_ERR_DUPLICATE`, `DLX_ERR_ARG` (a coordinate >= 1024 or a bad mode),
/// `DLX_ERR_STATE` (already built).
///
/// # Safety
/// `t` is NULL or a live handle; `cells` points at `3 * n` values (or is NULL with
/// n == 0); `piece_out` is valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_add_piece(
    t: *mut dlx_tiling,
    cells: *const u32,
    n: usize,
    mode: u32,
    reflect: i32,
    piece_out: *mut u32,
) -> dlx_status {
    let Some(mode) = Mode::from_u32(mode) else {
        return DLX_ERR_ARG;
    };
    let mut buf = [[0u32; 3]; 1024];
    // SAFETY: forwarded from the caller.
    let n = match unsafe { read_cells(cells, n, &mut buf) } {
        Ok(n) => n,
        Err(e) => return e,
    };
    let piece_out = opt_mut!(piece_out);
    // SAFETY: forwarded from the caller.
    unsafe {
        with(t, |tl| {
            let id = tl.add_piece(&buf[..n], mode, reflect != 0)?;
            if let Some(out) = piece_out {
                *out = id;
            }
            Ok::<(), Error>(())
        })
    }
}

/// Generates every orientation of every piece, every placement that lies wholly on
/// the board (the rows: one primary column per board cell, one primary column per
/// piece used exactly once, one secondary column per piece used at most once), and
/// the board's symmetries. After it, pieces and the board can no longer change.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_CORRUPT`, `DLX_ERR_STATE` (built already),
/// `DLX_ERR_CAPACITY` (more placements than max_placements: nothing is built).
///
/// # Safety
/// `t` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_build(t: *mut dlx_tiling) -> dlx_status {
    // SAFETY: forwarded from the caller.
    unsafe { with(t, |tl| tl.build()) }
}

/// Drops every piece and pre-placed piece and puts the whole box back on the board,
/// so the handle can take a new problem. Errors: `DLX_ERR_NULL`, `DLX_ERR_CORRUPT`.
///
/// # Safety
/// `t` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_clear(t: *mut dlx_tiling) -> dlx_status {
    // SAFETY: forwarded from the caller.
    unsafe { with(t, |tl| tl.clear()) }
}

/// What the build produced. Errors: `DLX_ERR_NULL`, `DLX_ERR_CORRUPT`,
/// `DLX_ERR_STATE` (not built).
///
/// # Safety
/// `t` is NULL or a live handle; `out` is valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_get_info(
    t: *const dlx_tiling,
    out: *mut dlx_tiling_info,
) -> dlx_status {
    let out = try_mut!(out);
    // SAFETY: forwarded from the caller.
    unsafe {
        with(t.cast_mut(), |tl| {
            if !tl.is_built() {
                return Err(Error::State);
            }
            *out = dlx_tiling_info {
                pieces: tl.pieces(),
                cells: tl.cells(),
                placements: tl.placements(),
                symmetries: tl.symmetries(),
            };
            Ok(())
        })
    }
}

/// The number of distinct orientations of piece `piece` into `*n`. Errors:
/// `DLX_ERR_NULL`, `DLX_ERR_CORRUPT`, `DLX_ERR_ARG` (no such piece), `DLX_ERR_STATE`
/// (not built).
///
/// # Safety
/// `t` is NULL or a live handle; `n` is valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_orientations(
    t: *const dlx_tiling,
    piece: u32,
    n: *mut u32,
) -> dlx_status {
    let n = try_mut!(n);
    // SAFETY: forwarded from the caller.
    unsafe {
        with(t.cast_mut(), |tl| {
            if !tl.is_built() {
                return Err(Error::State);
            }
            *n = tl.orientations(piece).ok_or(Error::Arg)?;
            Ok(())
        })
    }
}

/// Fixes piece `piece` on `n` cells (`3 * n` values x, y, z, any order) in every
/// solution: they must be the cells of one of its orientations, moved, all on the
/// board. The placement's row goes to `*row_out` unless NULL. After the build, with
/// no search under way.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_CORRUPT`, `DLX_ERR_STATE` (not built, or a search
/// is under way: `dlx_tiling_reset`), `DLX_ERR_ARG` (no such piece, or the cells are
/// not that piece on the board), `DLX_ERR_CONFLICT` (overlaps a piece fixed earlier,
/// or fixes a piece used at most or exactly once a second time).
///
/// # Safety
/// `t` is NULL or a live handle; `cells` points at `3 * n` values; `row_out` is
/// valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_place(
    t: *mut dlx_tiling,
    piece: u32,
    cells: *const u32,
    n: usize,
    row_out: *mut u32,
) -> dlx_status {
    let mut buf = [[0u32; 3]; 1024];
    // SAFETY: forwarded from the caller.
    let n = match unsafe { read_cells(cells, n, &mut buf) } {
        Ok(n) => n,
        Err(DLX_ERR_CAPACITY) => return DLX_ERR_ARG,
        Err(e) => return e,
    };
    let row_out = opt_mut!(row_out);
    // SAFETY: forwarded from the caller.
    unsafe {
        with(t, |tl| {
            let row = tl.place(piece, &buf[..n])?;
            if let Some(out) = row_out {
                *out = row;
            }
            Ok::<(), Error>(())
        })
    }
}

/// Drops every fixed piece. Errors: `DLX_ERR_NULL`, `DLX_ERR_CORRUPT`,
/// `DLX_ERR_STATE` (a search is under way).
///
/// # Safety
/// `t` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_unplace_all(t: *mut dlx_tiling) -> dlx_status {
    // SAFETY: forwarded from the caller.
    unsafe { with(t, |tl| tl.unplace_all()) }
}

/// Continues the search for tilings (the first call starts it), like `dlx_next`:
/// `DLX_SOLUTION` (read it with `dlx_tiling_solution` or `dlx_tiling_fill`),
/// `DLX_EXHAUSTED`, or `DLX_BUDGET_SPENT` after at least `budget` link updates
/// (0 = no limit). Errors: `DLX_ERR_NULL`, `DLX_ERR_CORRUPT`, `DLX_ERR_STATE` (not
/// built).
///
/// # Safety
/// `t` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_next(t: *mut dlx_tiling, budget: u64) -> dlx_status {
    // SAFETY: forwarded from the caller.
    unsafe { with(t, |tl| tl.next(budget)) }
}

/// Abandons the search under way; fixed pieces stay. Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_CORRUPT`, `DLX_ERR_STATE` (not built).
///
/// # Safety
/// `t` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_reset(t: *mut dlx_tiling) -> dlx_status {
    // SAFETY: forwarded from the caller.
    unsafe { with(t, |tl| tl.reset()) }
}

/// Counts the tilings (fixed pieces respected) into `*count`, stopping at `limit`
/// (0 = no limit); leaves the search reset. Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_CORRUPT`, `DLX_ERR_STATE` (not built).
///
/// # Safety
/// `t` is NULL or a live handle; `count` is valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_count(
    t: *mut dlx_tiling,
    limit: u64,
    count: *mut u64,
) -> dlx_status {
    let count = try_mut!(count);
    // SAFETY: forwarded from the caller.
    unsafe { with(t, |tl| tl.count(limit).map(|c| *count = c)) }
}

/// Counts all tilings into `*all` and those distinct up to the board's symmetries
/// into `*distinct` (a tiling counts when its filled board is the smallest of its
/// images; mirror images are used when every piece may be reflected or has a mirror
/// partner among the pieces, as the Soma cube's two screws). Exact when each piece
/// is used at most once. Leaves the search reset. Either pointer may be NULL.
/// Errors: `DLX_ERR_NULL` (t), `DLX_ERR_CORRUPT`, `DLX_ERR_STATE` (not built).
///
/// # Safety
/// `t` is NULL or a live handle; `all` and `distinct` are valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_count_distinct(
    t: *mut dlx_tiling,
    all: *mut u64,
    distinct: *mut u64,
) -> dlx_status {
    let (all, distinct) = (opt_mut!(all), opt_mut!(distinct));
    // SAFETY: forwarded from the caller.
    unsafe {
        with(t, |tl| {
            let (a, d) = tl.count_distinct()?;
            for (out, v) in [(all, a), (distinct, d)] {
                if let Some(p) = out {
                    *p = v;
                }
            }
            Ok::<(), Error>(())
        })
    }
}

/// The last tiling found by `dlx_tiling_next` as `*n` placement rows at `*rows`
/// (fixed pieces first); the array lives inside the handle and is valid until the
/// next call on it. Decode a row with `dlx_tiling_placement`.
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_CORRUPT`, `DLX_ERR_STATE` (no solution to show).
///
/// # Safety
/// `t` is NULL or a live handle; `rows` and `n` are valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_solution(
    t: *const dlx_tiling,
    rows: *mut *const u32,
    n: *mut usize,
) -> dlx_status {
    let rows = try_mut!(rows);
    let n = try_mut!(n);
    // SAFETY: forwarded from the caller.
    unsafe {
        with(t.cast_mut(), |tl| {
            let sol = tl.solution().ok_or(Error::State)?;
            (*rows, *n) = (sol.as_ptr(), sol.len());
            Ok::<(), Error>(())
        })
    }
}

/// Placement row `row` as (piece, orientation, offset). Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_CORRUPT`, `DLX_ERR_ARG` (no such row, or not built).
///
/// # Safety
/// `t` is NULL or a live handle; `out` is valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_placement(
    t: *const dlx_tiling,
    row: u32,
    out: *mut dlx_placement,
) -> dlx_status {
    let out = try_mut!(out);
    // SAFETY: forwarded from the caller.
    unsafe {
        with(t.cast_mut(), |tl| {
            let p = tl.placement(row).ok_or(Error::Arg)?;
            *out = dlx_placement {
                piece: p.piece,
                orientation: p.orientation,
                x: p.offset[0],
                y: p.offset[1],
                z: p.offset[2],
            };
            Ok::<(), Error>(())
        })
    }
}

/// Writes the last tiling as a filled board: `board[x + width * (y + height * z)]`
/// is the number of the piece covering that cell, or `DLX_TILING_EMPTY` when the
/// position is not on the board. `n` must be at least `width * height * depth`.
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_CORRUPT`, `DLX_ERR_ARG` (n too small),
/// `DLX_ERR_STATE` (no solution to show).
///
/// # Safety
/// `t` is NULL or a live handle; `board` points at `n` writable values.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_fill(
    t: *const dlx_tiling,
    board: *mut u32,
    n: usize,
) -> dlx_status {
    if board.is_null() {
        return DLX_ERR_NULL;
    }
    // SAFETY: forwarded from the caller; `board` holds `n` values.
    unsafe {
        with(t.cast_mut(), |tl| {
            let d = tl.dims();
            let v = d.width as usize * d.height as usize * d.depth as usize;
            if n < v {
                return Err(Error::Arg);
            }
            tl.fill(::core::slice::from_raw_parts_mut(board, v))
        })
    }
}

/// Figures of the current or last search (nodes, updates, solutions), as
/// `dlx_get_stats`. Errors: `DLX_ERR_NULL`, `DLX_ERR_CORRUPT`, `DLX_ERR_STATE` (not
/// built).
///
/// # Safety
/// `t` is NULL or a live handle; `out` is valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_tiling_get_stats(
    t: *const dlx_tiling,
    out: *mut dlx_stats,
) -> dlx_status {
    let out = try_mut!(out);
    // SAFETY: forwarded from the caller.
    unsafe { with(t.cast_mut(), |tl| tl.stats().map(|st| *out = st.into())) }
}
