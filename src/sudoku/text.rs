//! Reading and writing grids as text.
//!
//! Symbols: by default `1`-`9` for 1..9, then `A`-`Z` for 10..35 and `a`-`z` for
//! 36..61 (for grids up to 35 a lower-case letter is read like the upper-case one);
//! with [`LETTERS`], `A`-`Z` for 1..26 and `a`-`z` for 27..52 (again case-blind up to
//! 26). Blanks are `.`, `0`, `-` (and `_`). Whitespace is skipped anywhere, so one
//! line of `n*n` cells and a grid of lines with or without spaces read alike; `|` and
//! `+` are skipped too, for drawn grids.

/// Symbols are letters from `A` = 1 (UVa 1309 style) instead of `1`-`9`, `A`...
pub const LETTERS: u32 = 1;
/// Write one row per line (each ended by a newline) instead of one line of cells.
pub const GRID: u32 = 2;
/// Write a space between the cells of a row.
pub const SPACES: u32 = 4;
/// Write blanks as `0` instead of `.`.
pub const BLANK_ZERO: u32 = 8;
/// Write blanks as `-` instead of `.`.
pub const BLANK_DASH: u32 = 16;
/// Every flag bit defined.
pub const ALL_FLAGS: u32 = LETTERS | GRID | SPACES | BLANK_ZERO | BLANK_DASH;

/// Largest grid side the text form can spell, by symbol alphabet.
pub fn max_side(flags: u32) -> u32 {
    if flags & LETTERS != 0 {
        52
    } else {
        61
    }
}

/// The value of symbol byte `b` in a grid of side `n`: `Some(0)` blank, `Some(v)`
/// a symbol, `None` not a cell (or a symbol above `n`).
fn value(b: u8, n: u32, flags: u32) -> Option<u32> {
    let v = match b {
        b'.' | b'0' | b'-' | b'_' => 0,
        b'1'..=b'9' if flags & LETTERS == 0 => u32::from(b - b'0'),
        b'A'..=b'Z' if flags & LETTERS == 0 => u32::from(b - b'A') + 10,
        b'a'..=b'z' if flags & LETTERS == 0 => {
            if n <= 35 {
                u32::from(b - b'a') + 10
            } else {
                u32::from(b - b'a') + 36
            }
        }
        b'A'..=b'Z' => u32::from(b - b'A') + 1,
        b'a'..=b'z' => {
            if n <= 26 {
                u32::from(b - b'a') + 1
            } else {
                u32::from(b - b'a') + 27
            }
        }
        _ => return None,
    };
    (v <= n).then_some(v)
}

/// The byte for value `v` (0 = blank).
pub fn symbol(v: u32, flags: u32) -> u8 {
    if v == 0 {
        return if flags & BLANK_ZERO != 0 {
            b'0'
        } else if flags & BLANK_DASH != 0 {
            b'-'
        } else {
            b'.'
        };
    }
    let v = v as u8;
    if flags & LETTERS != 0 {
        if v <= 26 {
            b'A' + v - 1
        } else {
            b'a' + v - 27
        }
    } else if v <= 9 {
        b'0' + v
    } else if v <= 35 {
        b'A' + v - 10
    } else {
        b'a' + v - 36
    }
}

/// Why text was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A side or flag out of range, or an output of the wrong length.
    Arg,
    /// Malformed at this byte offset (the text's length when cells are missing).
    At(usize),
}

/// Reads `n*n` cells from `text` into `out` (which must hold exactly `n*n`). Writes
/// `out` only when the whole text is well-formed.
pub fn parse(text: &[u8], n: u32, flags: u32, out: &mut [u8]) -> Result<(), ParseError> {
    if !(super::MIN_N..=max_side(flags)).contains(&n)
        || flags & !ALL_FLAGS != 0
        || out.len() != (n * n) as usize
    {
        return Err(ParseError::Arg);
    }
    // First pass validates, second writes: a failing call changes nothing.
    let mut k = 0usize;
    for (i, &b) in text.iter().enumerate() {
        if matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'|' | b'+') {
            continue;
        }
        if value(b, n, flags).is_none() || k == out.len() {
            return Err(ParseError::At(i));
        }
        k += 1;
    }
    if k != out.len() {
        return Err(ParseError::At(text.len()));
    }
    let mut k = 0usize;
    for &b in text {
        if let Some(v) = value(b, n, flags) {
            if !matches!(b, b'|' | b'+') {
                out[k] = v as u8;
                k += 1;
            }
        }
    }
    Ok(())
}

/// Bytes [`format()`](fn@format) writes for a grid of side `n`.
pub fn formatted_len(n: u32, flags: u32) -> usize {
    let n = n as usize;
    let per_row = if flags & SPACES != 0 { 2 * n - 1 } else { n };
    if flags & GRID != 0 {
        n * (per_row + 1)
    } else if flags & SPACES != 0 {
        n * n * 2 - 1
    } else {
        n * n
    }
}

/// Writes `grid` (side `n`) into `out`; returns the bytes written.
pub fn format(grid: &[u8], n: u32, flags: u32, out: &mut [u8]) -> Result<usize, ParseError> {
    if !(super::MIN_N..=max_side(flags)).contains(&n)
        || flags & !ALL_FLAGS != 0
        || grid.len() != (n * n) as usize
        || grid.iter().any(|&v| u32::from(v) > n)
    {
        return Err(ParseError::Arg);
    }
    let len = formatted_len(n, flags);
    if out.len() < len {
        return Err(ParseError::Arg);
    }
    let n = n as usize;
    let mut k = 0;
    for (i, &v) in grid.iter().enumerate() {
        if i > 0 {
            if flags & GRID != 0 && i % n == 0 {
                out[k] = b'\n';
                k += 1;
            } else if flags & SPACES != 0 {
                out[k] = b' ';
                k += 1;
            }
        }
        out[k] = symbol(u32::from(v), flags);
        k += 1;
    }
    if flags & GRID != 0 {
        out[k] = b'\n';
        k += 1;
    }
    debug_assert_eq!(k, len);
    Ok(k)
}
