//! The Sudoku helper in C: `dlx_sudoku_*`.

use ::core::ffi::{c_char, c_void};

use super::guard::{self, catch, with, Handle};
use super::solver::dlx_stats;
use super::status::*;
use crate::block::Kind;
use crate::outcome::Error;
use crate::sudoku::{self, text, Sudoku};

/// The opaque Sudoku handle; it points at the start of its memory block.
pub struct dlx_sudoku {
    _opaque: [u8; 0],
}

impl Handle for dlx_sudoku {
    const KIND: Kind = sudoku::KIND;
    type View<'a> = Sudoku<'a>;
    fn words_of(head: &[u32]) -> Option<u64> {
        Sudoku::words_of(head)
    }
    fn open(words: &mut [u32]) -> Result<Sudoku<'_>, Error> {
        Sudoku::open(words)
    }
    /// The box shape: rows and columns of a box.
    type Dims = (u32, u32);
    fn required_bytes(&(box_rows, box_cols): &(u32, u32)) -> Option<usize> {
        sudoku::required_bytes(box_rows, box_cols)
    }
    fn init(words: &mut [u32], (box_rows, box_cols): (u32, u32)) -> Result<(), Error> {
        Sudoku::init(words, box_rows, box_cols).map(drop)
    }
}

/// Smallest grid side `box_rows * box_cols` the helper supports.
pub const DLX_SUDOKU_MIN_N: u32 = 4;
/// Largest grid side `box_rows * box_cols` the helper supports.
pub const DLX_SUDOKU_MAX_N: u32 = 64;
/// Variant flag for `dlx_sudoku_set_variant`: the two main diagonals must hold every
/// symbol once too (Sudoku X).
pub const DLX_SUDOKU_X: u32 = 1;
/// Text flag: symbols are letters `A` = 1, `B` = 2, ... (UVa 1309 style) instead of
/// `1`-`9`, `A` = 10, ...
pub const DLX_SUDOKU_LETTERS: u32 = 1;
/// Text flag for `dlx_sudoku_format`: one row per line, each ended by `\n`.
pub const DLX_SUDOKU_GRID: u32 = 2;
/// Text flag for `dlx_sudoku_format`: a space between the cells of a row.
pub const DLX_SUDOKU_SPACES: u32 = 4;
/// Text flag for `dlx_sudoku_format`: write blanks as `0` (default `.`).
pub const DLX_SUDOKU_BLANK_ZERO: u32 = 8;
/// Text flag for `dlx_sudoku_format`: write blanks as `-` (default `.`).
pub const DLX_SUDOKU_BLANK_DASH: u32 = 16;

const _: () = assert!(DLX_SUDOKU_MIN_N == sudoku::MIN_N && DLX_SUDOKU_MAX_N == sudoku::MAX_N);
const _: () = assert!(
    DLX_SUDOKU_LETTERS == text::LETTERS
        && DLX_SUDOKU_GRID == text::GRID
        && DLX_SUDOKU_SPACES == text::SPACES
        && DLX_SUDOKU_BLANK_ZERO == text::BLANK_ZERO
        && DLX_SUDOKU_BLANK_DASH == text::BLANK_DASH
);

/// Bytes of memory a Sudoku helper for boxes of `box_rows x box_cols` needs (a grid
/// of side N = box_rows * box_cols: 9x9 is 3 x 3, 6x6 is 2 x 3, 16x16 is 4 x 4); 0
/// when N is outside `DLX_SUDOKU_MIN_N ..= DLX_SUDOKU_MAX_N` (4..64) or either factor
/// is 0. Equals `DLX_SUDOKU_REQUIRED_SIZE(box_rows, box_cols)`. The block holds the
/// units (room for Sudoku X and jigsaw regions), the candidates of every cell, the
/// search's trail (N - 1 eliminations per cell at most) and branch stack, and the
/// generator's state: 9x9 takes 7,964 bytes, 16x16 32 KB, 25x25 104 KB, 64x64 1.4 MB.
#[no_mangle]
pub extern "C" fn dlx_sudoku_required_size(box_rows: u32, box_cols: u32) -> usize {
    sudoku::required_bytes(box_rows, box_cols).unwrap_or(0)
}

/// Builds a Sudoku helper for boxes of `box_rows x box_cols` in the caller's block
/// `mem` of `len` bytes (aligned to `DLX_ALIGN`) and stores its handle in `*out`. The
/// units are built here once; the helper then solves, counts and generates any number
/// of grids of that size. Standard boxes, no diagonals (see
/// `dlx_sudoku_set_variant`). Only the first `dlx_sudoku_required_size` bytes are used.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_ARG` (shape out of range), `DLX_ERR_MISALIGNED`,
/// `DLX_ERR_TOO_SMALL`.
///
/// # Safety
/// `mem` points at `len` writable bytes; `out` is valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_sudoku_init_in(
    mem: *mut c_void,
    len: usize,
    box_rows: u32,
    box_cols: u32,
    out: *mut *mut dlx_sudoku,
) -> dlx_status {
    // SAFETY: forwarded from the caller.
    unsafe { guard::init_in(mem, len, &(box_rows, box_cols), out) }
}

/// Like `dlx_sudoku_init_in`, with a block allocated on the heap; release it with
/// `dlx_sudoku_free`. As with `dlx_new`, the block comes zeroed from the allocator and
/// untouched pages stay untouched. Returns `DLX_ERR_NO_MEMORY` when allocation fails or
/// the library was built without the `alloc` feature.
///
/// Errors: `DLX_ERR_NULL` (`out`), `DLX_ERR_ARG` (shape out of range),
/// `DLX_ERR_NO_MEMORY`.
///
/// # Safety
/// `out` is valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_sudoku_new(
    box_rows: u32,
    box_cols: u32,
    out: *mut *mut dlx_sudoku,
) -> dlx_status {
    // SAFETY: forwarded from the caller.
    unsafe { guard::new(&(box_rows, box_cols), out) }
}

/// Releases a helper made by `dlx_sudoku_new`. NULL is fine; a handle made in the
/// caller's memory (`dlx_sudoku_init_in`), one of another kind, or one inside a call
/// is left alone. A poisoned handle is released too.
///
/// # Safety
/// `s` is NULL or a live handle; it must not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn dlx_sudoku_free(s: *mut dlx_sudoku) {
    // SAFETY: forwarded from the caller.
    unsafe { guard::free(s) }
}

/// The helper's shape: rows per box, columns per box and the grid side N (cells are
/// N*N). Any out-pointer may be NULL. Errors: `DLX_ERR_NULL` (`s`).
///
/// # Safety
/// `s` is NULL or a live handle; the out-pointers are valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_sudoku_shape(
    s: *mut dlx_sudoku,
    box_rows: *mut u32,
    box_cols: *mut u32,
    n: *mut u32,
) -> dlx_status {
    let (box_rows, box_cols, n) = (opt_mut!(box_rows), opt_mut!(box_cols), opt_mut!(n));
    // SAFETY: forwarded from the caller.
    unsafe {
        with(s, |sd| {
            let (br, bc) = sd.boxes();
            for (out, v) in [(box_rows, br), (box_cols, bc), (n, sd.n())] {
                if let Some(p) = out {
                    *p = v;
                }
            }
        })
    }
}

/// Chooses the variant and rebuilds the units: `regions` NULL means the standard
/// boxes; otherwise it holds `ncells` = N*N region ids (0..N-1, row by row), each
/// used by exactly N cells (jigsaw Sudoku). `flags` may hold `DLX_SUDOKU_X` (both
/// main diagonals hold every symbol once). Drops the givens and any generation.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_ARG` (bad regions or unknown flags; nothing
/// changes).
///
/// # Safety
/// `s` is NULL or a live handle; `regions` is NULL or points at `ncells` bytes.
#[no_mangle]
pub unsafe extern "C" fn dlx_sudoku_set_variant(
    s: *mut dlx_sudoku,
    regions: *const u8,
    ncells: usize,
    flags: u32,
) -> dlx_status {
    if flags & !DLX_SUDOKU_X != 0 {
        return DLX_ERR_ARG;
    }
    let reg = if regions.is_null() {
        None
    } else {
        Some(try_slice!(regions, ncells))
    };
    // SAFETY: forwarded from the caller.
    unsafe { with(s, |sd| sd.build(reg, flags & DLX_SUDOKU_X != 0)) }
}

/// Starts a new puzzle on the handle: `givens` holds `ncells` = N*N cells row by row,
/// 0 = blank, 1..N = a given. Setting them costs one pass over the cells (the
/// previous puzzle's search is dropped), so one handle solves any number of puzzles
/// without rebuilding. Givens that clash (a symbol twice in a row,
/// column, region or diagonal) are accepted: the puzzle then has no solution
/// (`dlx_sudoku_next` returns `DLX_EXHAUSTED`). Abandons any generation under way.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_ARG` (`ncells` is not N*N or a value above N).
///
/// # Safety
/// `s` is NULL or a live handle; `givens` is NULL or points at `ncells` bytes.
#[no_mangle]
pub unsafe extern "C" fn dlx_sudoku_set_givens(
    s: *mut dlx_sudoku,
    givens: *const u8,
    ncells: usize,
) -> dlx_status {
    let g = try_array!(givens, ncells);
    // SAFETY: forwarded from the caller.
    unsafe { with(s, |sd| sd.set_givens(g)) }
}

/// Goes on searching the current puzzle (set by `dlx_sudoku_set_givens` or
/// `dlx_sudoku_solve`): `DLX_SOLUTION` with the next solution in `out` (`ncells`
/// = N*N cells), `DLX_EXHAUSTED` when there are no more, or `DLX_BUDGET_SPENT` after
/// about `budget` updates (candidate eliminations, see `dlx_sudoku_get_stats`; 0 = no
/// limit; call again to resume exactly where it stopped). Each solution comes exactly
/// once, in the same order for every budget. The budget is checked between search
/// steps (a placement and its propagation, at most N^3 eliminations), and every call
/// makes at least one step. A budgeted count is a loop over this call that counts
/// `DLX_SOLUTION`s. `out` is written only with `DLX_SOLUTION`.
///
/// The search keeps the candidates of every cell, removes a placed symbol from the
/// other cells of its row, column, region (and diagonal with Sudoku X), places naked
/// singles (a cell with one candidate) and hidden singles (a symbol with one place in
/// a unit), for N from 10 to 32 removes locked candidates (a symbol whose places in a
/// region all lie on one row or column leaves the rest of that line, and the other way
/// round), and branches
/// on the open cell with the fewest candidates. Classic 9x9
/// grids (3x3 boxes, no diagonals, no jigsaw) have their own engine with the same
/// answers: candidates per band of three box rows and digit, locked candidates too,
/// whole states saved at each branch point; the order of the solutions of a puzzle
/// with several is its own.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_ARG` (`ncells`), `DLX_ERR_STATE` (a generation
/// is under way: call `dlx_sudoku_set_givens` first), `DLX_ERR_CORRUPT` (a block
/// damaged from outside, found by the check of a long search: docs/API.md).
///
/// # Safety
/// `s` is NULL or a live handle; `out` is NULL or points at `ncells` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn dlx_sudoku_next(
    s: *mut dlx_sudoku,
    budget: u64,
    out: *mut u8,
    ncells: usize,
) -> dlx_status {
    let o = try_array_mut!(out, ncells);
    // SAFETY: forwarded from the caller.
    unsafe { with(s, |sd| sd.next(budget, o)) }
}

/// Solves a puzzle: `dlx_sudoku_set_givens(s, givens, ncells)` then
/// `dlx_sudoku_next(s, 0, out, ncells)`. Returns `DLX_SOLUTION` with the first
/// solution in `out`, or `DLX_EXHAUSTED` when there is none (also for clashing
/// givens). `givens` and `out` may be the same array. Further solutions follow with
/// `dlx_sudoku_next`.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_ARG` (`ncells` is not N*N or a value above N),
/// `DLX_ERR_CORRUPT` (as `dlx_sudoku_next`).
///
/// # Safety
/// `s` is NULL or a live handle; `givens` and `out` are NULL or point at `ncells` bytes.
#[no_mangle]
pub unsafe extern "C" fn dlx_sudoku_solve(
    s: *mut dlx_sudoku,
    givens: *const u8,
    ncells: usize,
    out: *mut u8,
) -> dlx_status {
    if givens.is_null() || out.is_null() {
        return DLX_ERR_NULL;
    }
    // SAFETY: forwarded from the caller.
    let st = unsafe { dlx_sudoku_set_givens(s, givens, ncells) };
    if st != DLX_OK {
        return st;
    }
    // SAFETY: forwarded from the caller; `givens` is no longer read.
    unsafe { dlx_sudoku_next(s, 0, out, ncells) }
}

/// Counts the solutions of a puzzle up to `limit` (0 = no limit; 2 answers "is it
/// unique?") into `*count`: 0 for clashing givens. Leaves the puzzle set and its
/// search reset.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_ARG` (`ncells` is not N*N or a value above N),
/// `DLX_ERR_CORRUPT` (as `dlx_sudoku_next`).
///
/// # Safety
/// `s` is NULL or a live handle; `givens` is NULL or points at `ncells` bytes;
/// `count` is valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_sudoku_count(
    s: *mut dlx_sudoku,
    givens: *const u8,
    ncells: usize,
    limit: u64,
    count: *mut u64,
) -> dlx_status {
    let count = try_mut!(count);
    let g = try_array!(givens, ncells);
    // SAFETY: forwarded from the caller.
    unsafe { with(s, |sd| sd.count(g, limit).map(|c| *count = c)) }
}

/// Figures of the helper's current or last search (since the last givens: solve,
/// count, next, or a generation step). The Sudoku search counts its own way, not like
/// `dlx_get_stats`: `nodes` = placements (cells fixed by a guess, a naked single or a
/// hidden single; givens not counted), `updates` = candidate eliminations (the unit of
/// every budget and proof limit of this helper), `solutions`, `depth` = open branch
/// points (guesses with untried alternatives), `max_depth` = their most at once.
/// Errors: `DLX_ERR_NULL`.
///
/// # Safety
/// `s` is NULL or a live handle; `out` is valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_sudoku_get_stats(
    s: *mut dlx_sudoku,
    out: *mut dlx_stats,
) -> dlx_status {
    let out = try_mut!(out);
    // SAFETY: forwarded from the caller.
    unsafe { with(s, |sd| sd.stats().map(|st| *out = st.into())) }
}

/// Starts generating a puzzle from `seed` (the same seed, shape, variant and limit
/// give the same puzzle): a random complete grid, then clues removed in random order
/// as long as the solution provably stays unique. With `proof_limit` 0 the result is
/// minimal (removing any clue breaks uniqueness). Each clue's proof is one search: the
/// puzzle without the clue, its symbol forbidden at its cell, has no solution. A
/// non-zero `proof_limit` caps each proof at that many updates (candidate
/// eliminations, beyond those of placing the other clues); a clue whose removal was
/// not proven harmless in time stays, so the puzzle is still unique but may keep a
/// few clues too many. Use it for 25x25 and up, where a few proofs explode (the
/// `sudoku` tool uses 30000 above 16x16). Drops the current puzzle. Run the
/// generation with `dlx_sudoku_generate`. Errors: `DLX_ERR_NULL`.
///
/// # Safety
/// `s` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn dlx_sudoku_generate_start(
    s: *mut dlx_sudoku,
    seed: u64,
    proof_limit: u64,
) -> dlx_status {
    // SAFETY: forwarded from the caller.
    unsafe { with(s, |sd| sd.generate_start(seed, proof_limit)) }
}

/// Goes on with the generation started by `dlx_sudoku_generate_start` for about
/// `budget` updates (candidate eliminations; 0 = until done). Returns `DLX_BUDGET_SPENT`
/// (call again; a game can spend a slice per frame), `DLX_OK` with the puzzle in
/// `puzzle` and its unique solution in `solution` (which may be NULL), `ncells` = N*N
/// cells each, or `DLX_EXHAUSTED` when the variant has no complete grid at all (a
/// jigsaw or X layout that no grid fills; nothing is written: that is known only
/// once a whole search is done, minutes for some 9x9 layouts, so keep a budget with
/// untested layouts). Calling again after
/// `DLX_OK` or `DLX_EXHAUSTED` gives the same answer. Typical clue counts: 9x9
/// about 25, 16x16 about 95 (minimal), 25x25 about 280 (proof limit 30000); see README.
///
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_ARG` (`ncells`), `DLX_ERR_STATE` (no
/// generation started, or abandoned by another call), `DLX_ERR_CORRUPT` (as
/// `dlx_sudoku_next`).
///
/// # Safety
/// `s` is NULL or a live handle; `puzzle` (and `solution` unless NULL) point at
/// `ncells` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn dlx_sudoku_generate(
    s: *mut dlx_sudoku,
    budget: u64,
    puzzle: *mut u8,
    solution: *mut u8,
    ncells: usize,
) -> dlx_status {
    let p = try_array_mut!(puzzle, ncells);
    let sol = opt_array_mut!(solution, ncells);
    // SAFETY: forwarded from the caller.
    unsafe { with(s, |sd| sd.generate(budget, p, sol)) }
}

/// Reads a grid of side `n` from the text `text` of `len` bytes into `cells`
/// (`ncells` = n*n). Symbols `1`-`9`, then `A`-`Z` = 10..35, `a`-`z` = 36..61 (case-
/// blind for n <= 35), or with `DLX_SUDOKU_LETTERS` `A` = 1 ... (case-blind for
/// n <= 26); blanks `.`, `0`, `-` or `_`; whitespace, `|` and `+` are skipped, so one
/// line of cells and a grid of lines with or without spaces both read. n goes up to
/// 61 (52 with letters); only `DLX_SUDOKU_LETTERS` matters among the flags (the
/// format flags are accepted and ignored, so one set serves both calls).
///
/// Errors: `DLX_ERR_NULL`; `DLX_ERR_ARG` (n, flags or ncells out of range);
/// `DLX_ERR_PARSE` with the byte offset of the first bad character in `*error_pos`
/// (unless NULL): a symbol above n, any other character, a cell too many, or `len`
/// when cells are missing. `cells` is written only on success.
///
/// # Safety
/// `text` points at `len` bytes; `cells` at `ncells` writable bytes; `error_pos` is
/// valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_sudoku_parse(
    text: *const c_char,
    len: usize,
    n: u32,
    flags: u32,
    cells: *mut u8,
    ncells: usize,
    error_pos: *mut usize,
) -> dlx_status {
    if (text.is_null() && len > 0) || cells.is_null() {
        return DLX_ERR_NULL;
    }
    let input: &[u8] = if len == 0 {
        &[]
    } else {
        // SAFETY: non-NULL, `len` readable bytes by contract.
        unsafe { ::core::slice::from_raw_parts(text.cast::<u8>(), len) }
    };
    // SAFETY: non-NULL, `ncells` writable bytes by contract.
    let out = unsafe { ::core::slice::from_raw_parts_mut(cells, ncells) };
    if flags & !text::ALL_FLAGS != 0 {
        // The format flags are accepted (and ignored) so one set serves both calls.
        return DLX_ERR_ARG;
    }
    let r = catch(|| text::parse(input, n, flags & text::LETTERS, out));
    match r {
        Ok(Ok(())) => DLX_OK,
        Ok(Err(text::ParseError::Arg)) => DLX_ERR_ARG,
        Ok(Err(text::ParseError::At(i))) => {
            // SAFETY: valid or NULL by contract.
            if let Some(p) = unsafe { error_pos.as_mut() } {
                *p = i;
            }
            DLX_ERR_PARSE
        }
        Err(()) => DLX_ERR_INTERNAL,
    }
}

/// Bytes `dlx_sudoku_format` needs for a grid of side `n` with `flags`, including
/// the terminating NUL; 0 when n or flags are out of range.
#[no_mangle]
pub extern "C" fn dlx_sudoku_format_size(n: u32, flags: u32) -> usize {
    if !(sudoku::MIN_N..=text::max_side(flags)).contains(&n) || flags & !text::ALL_FLAGS != 0 {
        return 0;
    }
    text::formatted_len(n, flags) + 1
}

/// Writes the grid `cells` (`ncells` = n*n, 0 = blank) as text into `buf` of
/// `buflen` bytes, followed by a NUL; `*written` (unless NULL) gets the length
/// without the NUL. Default: one line of n*n symbols, blanks as `.`, no newline.
/// `DLX_SUDOKU_GRID`: one row per line, each ended by `\n`; `DLX_SUDOKU_SPACES`:
/// spaces between cells; `DLX_SUDOKU_LETTERS`, `DLX_SUDOKU_BLANK_ZERO`,
/// `DLX_SUDOKU_BLANK_DASH` as their names say.
///
/// Errors: `DLX_ERR_NULL`; `DLX_ERR_ARG` (n, flags, ncells or a value above n);
/// `DLX_ERR_TOO_SMALL` (`buflen < dlx_sudoku_format_size(n, flags)`).
///
/// # Safety
/// `cells` points at `ncells` bytes; `buf` at `buflen` writable bytes; `written` is
/// valid or NULL.
#[no_mangle]
pub unsafe extern "C" fn dlx_sudoku_format(
    cells: *const u8,
    ncells: usize,
    n: u32,
    flags: u32,
    buf: *mut c_char,
    buflen: usize,
    written: *mut usize,
) -> dlx_status {
    if cells.is_null() || buf.is_null() {
        return DLX_ERR_NULL;
    }
    let need = dlx_sudoku_format_size(n, flags);
    if need == 0 || ncells != (n as usize) * (n as usize) {
        return DLX_ERR_ARG;
    }
    // SAFETY: non-NULL, `ncells` readable bytes by contract.
    let g = unsafe { ::core::slice::from_raw_parts(cells, ncells) };
    if g.iter().any(|&v| u32::from(v) > n) {
        return DLX_ERR_ARG;
    }
    if buflen < need {
        return DLX_ERR_TOO_SMALL;
    }
    // SAFETY: non-NULL, `buflen` writable bytes by contract.
    let out = unsafe { ::core::slice::from_raw_parts_mut(buf.cast::<u8>(), buflen) };
    match catch(|| text::format(g, n, flags, out)) {
        Ok(Ok(k)) => {
            out[k] = 0;
            // SAFETY: valid or NULL by contract.
            if let Some(p) = unsafe { written.as_mut() } {
                *p = k;
            }
            DLX_OK
        }
        Ok(Err(_)) => DLX_ERR_ARG,
        Err(()) => DLX_ERR_INTERNAL,
    }
}
