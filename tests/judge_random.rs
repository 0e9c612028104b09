//! Random mutations of the judge programs' sample inputs.
//!
//! This is **not** coverage-guided fuzzing: the programs in `c_examples/` are C
//! programs reading stdin, and a fixed-seed xorshift generator mutates their sample
//! inputs (byte flips, inserted random, printable and binary bytes, deletions,
//! truncations, duplicated and dropped lines, digits changed, huge numbers) a few
//! thousand times in all. Every run must end within 2 s without a signal, with exit
//! status 0 or 1 (2 as well for the Sudoku programs, which use it for a puzzle with
//! no solution), and with exactly one line on stderr when the status is 1. Where the
//! mutated input is still well-formed by a deliberately conservative reading of the
//! program's `FORMAT.md`, the answer is checked too: P4929's rows must be an exact
//! cover (or, for small matrices, "No Solution!" only when brute force finds none),
//! the Sudoku programs' grids must be complete, valid and keep the givens, P1074
//! must answer, and P4205's board must keep the pre-placed letters and use each
//! letter as often as its piece has beads. Inputs whose validity that reading cannot
//! settle are checked only for the generic promises.
mod common;

use common::{examples_dir, manifest_dir, Rng};
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Mutated inputs per program (8 programs: 3,200 runs in all).
const RUNS_PER_PROGRAM: usize = 400;

struct Run {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Runs `program` on `input`; panics when it is still running after 2 s.
fn run(program: &str, input: &[u8]) -> Run {
    let exe = examples_dir().join(program);
    let mut child = Command::new(&exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", exe.display()));
    let mut stdin = child.stdin.take().unwrap();
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader_out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let reader_err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if start.elapsed() > common::HANG_GUARD {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{program}: still running after {:?} on input (hex) {}",
                common::HANG_GUARD,
                hex(input)
            );
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    writer.join().unwrap();
    Run {
        code: {
            use std::os::unix::process::ExitStatusExt;
            if let Some(sig) = status.signal() {
                panic!(
                    "{program}: killed by signal {sig} on input (hex) {}",
                    hex(input)
                );
            }
            status.code()
        },
        stdout: reader_out.join().unwrap(),
        stderr: reader_err.join().unwrap(),
    }
}

fn mutate(rng: &mut Rng, base: &[u8]) -> Vec<u8> {
    const PRINTABLE: &[u8] = b"0123456789 .\n-+ABCDEFGHIJKLMNOPx\t\r";
    const HUGE: [&[u8]; 6] = [
        b"99999999999999999999",
        b"4294967297",
        b"18446744073709551616",
        b"-1",
        b"2147483648",
        b"501",
    ];
    let mut v = base.to_vec();
    for _ in 0..1 + rng.below(3) {
        let len = v.len() as u64;
        let at = if len == 0 { 0 } else { rng.below(len) as usize };
        match rng.below(11) {
            0 if !v.is_empty() => v[at] ^= 1 << rng.below(8),
            1 => v.insert(at, rng.below(256) as u8),
            2 => v.insert(at, PRINTABLE[rng.below(PRINTABLE.len() as u64) as usize]),
            3 => {
                let end = (at + 1 + rng.below(8) as usize).min(v.len());
                v.drain(at..end);
            }
            4 => v.truncate(at),
            5 | 6 => {
                // Change a digit, letter or blank into another: often still valid.
                let cells = b"0123456789.-ABCDEFGHIJKLMNOP";
                if let Some(i) = (0..v.len())
                    .map(|k| (at + k) % v.len())
                    .find(|&i| cells.contains(&v[i]))
                {
                    v[i] = cells[rng.below(cells.len() as u64) as usize];
                }
            }
            7 => {
                let lines: Vec<&[u8]> = v.split_inclusive(|&c| c == b'\n').collect();
                if !lines.is_empty() {
                    let k = rng.below(lines.len() as u64) as usize;
                    let mut w = Vec::new();
                    for (i, l) in lines.iter().enumerate() {
                        w.extend_from_slice(l);
                        if i == k {
                            w.extend_from_slice(l);
                        }
                    }
                    v = w;
                }
            }
            8 => {
                let lines: Vec<&[u8]> = v.split_inclusive(|&c| c == b'\n').collect();
                if !lines.is_empty() {
                    let k = rng.below(lines.len() as u64) as usize;
                    v = lines
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| i != k)
                        .flat_map(|(_, l)| l.iter().copied())
                        .collect();
                }
            }
            9 => {
                let h = HUGE[rng.below(HUGE.len() as u64) as usize];
                v.splice(at..at, h.iter().copied());
            }
            _ => {
                let junk = [0u8, 0xff, 0x80, 0xc3, 0x7f, 0x0b, 0x0c];
                v.insert(at, junk[rng.below(junk.len() as u64) as usize]);
            }
        }
    }
    v
}

/// Printable ASCII, space, tab, CR and LF only.
/// A CR only before LF or at the end (CRLF line ends; a lone CR is left to the program).
fn plain(input: &[u8]) -> bool {
    input.iter().enumerate().all(|(i, &c)| {
        (0x20..0x7f).contains(&c)
            || matches!(c, b'\t' | b'\n')
            || (c == b'\r' && matches!(input.get(i + 1), None | Some(b'\n')))
    })
}

fn tokens(input: &[u8]) -> Vec<&[u8]> {
    input
        .split(|&c| matches!(c, b' ' | b'\t' | b'\n' | b'\r'))
        .filter(|t| !t.is_empty())
        .collect()
}

/// A plain unsigned decimal without leading zeros.
fn number(t: &[u8]) -> Option<u64> {
    if t.is_empty()
        || t.len() > 6
        || !t.iter().all(u8::is_ascii_digit)
        || (t[0] == b'0' && t.len() > 1)
    {
        return None;
    }
    std::str::from_utf8(t).ok()?.parse().ok()
}

/// The cells `1..=n` of a grid of side `n` with boxes `br x bc`, checked complete,
/// valid and consistent with `givens`.
fn check_grid(sol: &[u8], givens: &[u8], n: usize, br: usize, bc: usize) -> Result<(), String> {
    if sol.len() != n * n {
        return Err(format!("{} cells, want {}", sol.len(), n * n));
    }
    for i in 0..n * n {
        if sol[i] == 0 || usize::from(sol[i]) > n {
            return Err(format!("cell {i} holds {}", sol[i]));
        }
        if givens[i] != 0 && givens[i] != sol[i] {
            return Err(format!("cell {i}: given {}, printed {}", givens[i], sol[i]));
        }
    }
    for u in 0..n {
        let row: Vec<usize> = (0..n).map(|c| u * n + c).collect();
        let col: Vec<usize> = (0..n).map(|r| r * n + u).collect();
        let (r0, c0) = (u / (n / bc) * br, u % (n / bc) * bc);
        let bx: Vec<usize> = (0..n).map(|k| (r0 + k / bc) * n + c0 + k % bc).collect();
        for unit in [row, col, bx] {
            let mut seen = vec![false; n + 1];
            for i in unit {
                if std::mem::replace(&mut seen[usize::from(sol[i])], true) {
                    return Err(format!("{} twice in a unit", sol[i]));
                }
            }
        }
    }
    Ok(())
}

fn digits(t: &[u8]) -> Option<Vec<u8>> {
    t.iter()
        .map(|&c| c.is_ascii_digit().then(|| c - b'0'))
        .collect()
}

/// Output tokens read as grids of 81 single digits.
fn check_digit_grids(out: &[u8], puzzles: &[Vec<u8>]) -> Result<(), String> {
    let toks = tokens(out);
    let cells: Vec<u8> = if toks.iter().all(|t| t.len() == 1) {
        digits(&toks.concat()).ok_or("a non-digit")?
    } else {
        // One line of 81 digits per puzzle.
        toks.iter()
            .map(|t| digits(t).ok_or("a non-digit"))
            .collect::<Result<Vec<_>, _>>()?
            .concat()
    };
    if cells.len() != 81 * puzzles.len() {
        return Err(format!(
            "{} cells printed for {} puzzles",
            cells.len(),
            puzzles.len()
        ));
    }
    for (sol, p) in cells.chunks(81).zip(puzzles) {
        check_grid(sol, p, 9, 3, 3)?;
    }
    Ok(())
}

fn check_p4929(input: &[u8], r: &Run) -> Result<(), String> {
    if !plain(input) {
        return Ok(());
    }
    let t = tokens(input);
    let (Some(n), Some(m)) = (
        t.first().and_then(|x| number(x)),
        t.get(1).and_then(|x| number(x)),
    ) else {
        return Ok(());
    };
    let (n, m) = (n as usize, m as usize);
    if !(1..=500).contains(&n) || !(1..=500).contains(&m) || t.len() != 2 + n * m {
        return Ok(());
    }
    if !t[2..].iter().all(|x| *x == b"0" || *x == b"1") {
        return Ok(());
    }
    let a: Vec<bool> = t[2..].iter().map(|x| *x == b"1").collect();
    if a.iter().filter(|&&x| x).count() > 5000 {
        return Ok(());
    }
    if r.code != Some(0) {
        return Err("a valid matrix was not answered with exit status 0".into());
    }
    let out = String::from_utf8_lossy(&r.stdout);
    let out = out.trim_end();
    if out == "No Solution!" {
        if n <= 16 {
            for mask in 0u32..1 << n {
                if (0..m).all(|c| {
                    (0..n)
                        .filter(|&i| mask >> i & 1 == 1 && a[i * m + c])
                        .count()
                        == 1
                }) {
                    return Err(format!("No Solution! but rows {mask:#b} cover"));
                }
            }
        }
        return Ok(());
    }
    if out.contains('\n') {
        return Err("more than one line".into());
    }
    let mut rows = Vec::new();
    for w in out.split(' ') {
        let k: usize = w.parse().map_err(|_| format!("not a row number: {w:?}"))?;
        if k == 0 || k > n || rows.contains(&k) {
            return Err(format!("bad row {k}"));
        }
        rows.push(k);
    }
    for c in 0..m {
        if rows.iter().filter(|&&k| a[(k - 1) * m + c]).count() != 1 {
            return Err(format!("column {} not covered exactly once", c + 1));
        }
    }
    Ok(())
}

/// P1784 and P1074: exactly 81 single-digit tokens.
fn grid81(input: &[u8]) -> Option<Vec<u8>> {
    let t = tokens(input);
    if !plain(input) || t.len() != 81 || !t.iter().all(|x| x.len() == 1) {
        return None;
    }
    digits(&t.concat())
}

fn check_p1784(input: &[u8], r: &Run) -> Result<(), String> {
    let Some(g) = grid81(input) else {
        return Ok(());
    };
    match r.code {
        Some(0) => check_digit_grids(&r.stdout, &[g]),
        Some(2) => Ok(()),
        _ => Err("a well-formed puzzle was refused".into()),
    }
}

fn check_hiho1321(input: &[u8], r: &Run) -> Result<(), String> {
    let t = tokens(input);
    if !plain(input) || t.is_empty() {
        return Ok(());
    }
    let Some(k) = number(t[0]).filter(|k| (1..=1000).contains(k)) else {
        return Ok(());
    };
    let k = k as usize;
    if t.len() != 1 + 81 * k || !t[1..].iter().all(|x| x.len() == 1) {
        return Ok(());
    }
    let Some(cells) = digits(&t[1..].concat()) else {
        return Ok(());
    };
    let puzzles: Vec<Vec<u8>> = cells.chunks(81).map(<[u8]>::to_vec).collect();
    match r.code {
        Some(0) => check_digit_grids(&r.stdout, &puzzles),
        Some(2) => Ok(()),
        _ => Err("well-formed puzzles were refused".into()),
    }
}

fn check_poj3074(input: &[u8], r: &Run) -> Result<(), String> {
    if !plain(input) {
        return Ok(());
    }
    let mut puzzles = Vec::new();
    let mut ended = false;
    for line in input.split(|&c| c == b'\n') {
        let s = String::from_utf8_lossy(line);
        let s = s.trim_matches(|c| c == ' ' || c == '\t' || c == '\r');
        if s.is_empty() {
            continue;
        }
        if s == "end" {
            ended = true;
            break;
        }
        if s.len() != 81 || !s.bytes().all(|c| c == b'.' || (b'1'..=b'9').contains(&c)) {
            return Ok(());
        }
        puzzles.push(
            s.bytes()
                .map(|c| if c == b'.' { 0 } else { c - b'0' })
                .collect(),
        );
    }
    if !ended {
        return Ok(());
    }
    match r.code {
        Some(0) => check_digit_grids(&r.stdout, &puzzles),
        Some(2) => Ok(()),
        _ => Err("well-formed puzzles were refused".into()),
    }
}

fn check_uva1309(input: &[u8], r: &Run) -> Result<(), String> {
    if !plain(input) {
        return Ok(());
    }
    let mut puzzles: Vec<Vec<u8>> = Vec::new();
    let mut cur: Vec<u8> = Vec::new();
    for line in input.split(|&c| c == b'\n') {
        let s = String::from_utf8_lossy(line);
        if s.trim().is_empty() && !s.is_empty() {
            return Ok(()); // a line of blanks: leave it to the program
        }
        let s = s.trim_end_matches([' ', '\t', '\r']);
        if s.is_empty() {
            if !cur.is_empty() {
                return Ok(());
            }
            continue;
        }
        if s.len() != 16 || !s.bytes().all(|c| c == b'-' || (b'A'..=b'P').contains(&c)) {
            return Ok(());
        }
        cur.extend(s.bytes().map(|c| if c == b'-' { 0 } else { c - b'A' + 1 }));
        if cur.len() == 256 {
            puzzles.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() || puzzles.is_empty() {
        return Ok(());
    }
    match r.code {
        Some(0) => {
            let lines: Vec<&[u8]> = r
                .stdout
                .split(|&c| c == b'\n')
                .filter(|l| !l.is_empty())
                .collect();
            if lines.len() != 16 * puzzles.len() {
                return Err(format!(
                    "{} lines for {} puzzles",
                    lines.len(),
                    puzzles.len()
                ));
            }
            for (rows, p) in lines.chunks(16).zip(&puzzles) {
                let cells: Vec<u8> = rows
                    .concat()
                    .iter()
                    .map(|&c| c.wrapping_sub(b'A' - 1))
                    .collect();
                check_grid(&cells, p, 16, 4, 4)?;
            }
            Ok(())
        }
        Some(2) => Ok(()),
        _ => Err("well-formed puzzles were refused".into()),
    }
}

fn sudoku_value(c: u8) -> Option<u8> {
    match c {
        b'.' | b'0' | b'-' => Some(0),
        b'1'..=b'9' => Some(c - b'0'),
        b'A'..=b'Z' => Some(c - b'A' + 10),
        _ => None,
    }
}

fn check_sudoku(input: &[u8], r: &Run) -> Result<(), String> {
    if !plain(input) {
        return Ok(());
    }
    let mut puzzles = Vec::new();
    for line in input.split(|&c| c == b'\n') {
        let s = String::from_utf8_lossy(line);
        let s = s.trim_matches(|c| c == ' ' || c == '\t' || c == '\r');
        if s.is_empty() {
            continue;
        }
        let (n, br, bc) = match s.len() {
            16 => (4, 2, 2),
            36 => (6, 2, 3),
            81 => (9, 3, 3),
            256 => (16, 4, 4),
            _ => return Ok(()),
        };
        let Some(g) = s.bytes().map(sudoku_value).collect::<Option<Vec<u8>>>() else {
            return Ok(());
        };
        if g.iter().any(|&v| usize::from(v) > n) {
            return Ok(());
        }
        puzzles.push((g, n, br, bc));
    }
    if !matches!(r.code, Some(0 | 2)) {
        return Err("well-formed puzzles were refused".into());
    }
    let out = String::from_utf8_lossy(&r.stdout);
    let lines: Vec<&str> = out.lines().collect();
    if lines.len() != puzzles.len() {
        return Err(format!(
            "{} lines for {} puzzles",
            lines.len(),
            puzzles.len()
        ));
    }
    for (l, (g, n, br, bc)) in lines.iter().zip(&puzzles) {
        if *l == "no solution" {
            if r.code == Some(0) {
                return Err("no solution, but exit status 0".into());
            }
            continue;
        }
        let sol = l
            .bytes()
            .map(sudoku_value)
            .collect::<Option<Vec<u8>>>()
            .ok_or("a bad symbol")?;
        check_grid(&sol, g, *n, *br, *bc)?;
    }
    Ok(())
}

fn check_p1074(input: &[u8], r: &Run) -> Result<(), String> {
    let Some(g) = grid81(input) else {
        return Ok(());
    };
    // Only the plain layout: 9 lines of 9 entries (the format is strict about lines).
    let lines: Vec<&[u8]> = input.split(|&c| c == b'\n').collect();
    let with_entries = lines.iter().filter(|l| !tokens(l).is_empty()).count();
    if with_entries != 9 || lines.iter().take(9).any(|l| tokens(l).len() != 9) {
        return Ok(());
    }
    if r.code != Some(0) {
        return Err("a well-formed grid was refused".into());
    }
    let out = String::from_utf8_lossy(&r.stdout);
    let score: i64 = out
        .trim_end()
        .parse()
        .map_err(|_| format!("not a number: {out:?}"))?;
    if !(score == -1 || (405..=4050).contains(&score)) {
        return Err(format!("score {score}"));
    }
    // Clashing givens have no completion.
    let clash = (0..81).any(|i| {
        (0..i).any(|j| {
            g[i] != 0
                && g[i] == g[j]
                && (i / 9 == j / 9
                    || i % 9 == j % 9
                    || (i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3))
        })
    });
    if clash && score != -1 {
        return Err(format!("clashing givens, score {score}"));
    }
    Ok(())
}

fn check_p4205(input: &[u8], r: &Run) -> Result<(), String> {
    if r.code != Some(0) {
        return Ok(());
    }
    let out = String::from_utf8_lossy(&r.stdout);
    if out.trim_end() == "No solution" {
        return Ok(());
    }
    let rows: Vec<&str> = out.trim_end().lines().collect();
    if rows.len() != 10 || rows.iter().enumerate().any(|(i, l)| l.len() != i + 1) {
        return Err(format!("not a board: {out:?}"));
    }
    let beads = [3, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5];
    for (k, &want) in beads.iter().enumerate() {
        let letter = b'A' + k as u8;
        let got = rows
            .iter()
            .flat_map(|l| l.bytes())
            .filter(|&c| c == letter)
            .count();
        if got != want {
            return Err(format!("{} covers {got} cells", letter as char));
        }
    }
    // Pre-placed letters stay, when the input's first lines are exactly the board.
    let inrows: Vec<&[u8]> = input.split(|&c| c == b'\n').take(10).collect();
    if inrows.len() == 10 && inrows.iter().enumerate().all(|(k, l)| l.len() == k + 1) {
        for (a, b) in inrows.iter().zip(&rows) {
            for (&x, y) in a.iter().zip(b.bytes()) {
                if x.is_ascii_uppercase() && x != y {
                    return Err(format!(
                        "pre-placed {} replaced by {}",
                        x as char, y as char
                    ));
                }
            }
        }
    }
    Ok(())
}

type Check = fn(&[u8], &Run) -> Result<(), String>;

#[test]
fn judge_programs_survive_random_mutations() {
    let dir = manifest_dir();
    let programs: [(&str, Check); 8] = [
        ("p4929", check_p4929),
        ("p1784", check_p1784),
        ("poj3074", check_poj3074),
        ("hiho1321", check_hiho1321),
        ("uva1309", check_uva1309),
        ("p1074", check_p1074),
        ("p4205", check_p4205),
        ("sudoku", check_sudoku),
    ];
    examples_dir();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut total = 0;
    for (name, check) in programs {
        let mut samples = Vec::new();
        if name == "sudoku" {
            samples.push(std::fs::read(dir.join("c_examples/expected/sudoku.in")).unwrap());
        } else {
            let pdir = dir.join("tests/data/problems").join(name);
            for f in common::files_with_extension(&pdir, "in") {
                samples.push(std::fs::read(f).unwrap());
            }
        }
        assert!(!samples.is_empty(), "{name}: no samples");
        let sudoku_like = matches!(
            name,
            "p1784" | "poj3074" | "hiho1321" | "uva1309" | "sudoku"
        );
        for i in 0..RUNS_PER_PROGRAM {
            let input = mutate(&mut rng, &samples[i % samples.len()]);
            let r = run(name, &input);
            total += 1;
            let code = r.code.unwrap();
            assert!(
                code == 0 || code == 1 || (code == 2 && sudoku_like),
                "{name}: exit status {code} on input (hex) {}",
                hex(&input)
            );
            if code == 1 {
                let lines = r.stderr.iter().filter(|&&c| c == b'\n').count();
                assert!(
                    lines == 1 && r.stderr.ends_with(b"\n"),
                    "{name}: exit 1 with stderr {:?} on input (hex) {}",
                    String::from_utf8_lossy(&r.stderr),
                    hex(&input)
                );
            }
            if let Err(e) = check(&input, &r) {
                panic!(
                    "{name}: {e}\nstdout {:?}\nstderr {:?}\ninput (hex) {}",
                    String::from_utf8_lossy(&r.stdout),
                    String::from_utf8_lossy(&r.stderr),
                    hex(&input)
                );
            }
        }
    }
    assert_eq!(total, 8 * RUNS_PER_PROGRAM);
}
