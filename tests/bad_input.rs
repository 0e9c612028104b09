//! The bad-input battery: every program in c_examples/ (mpi_count aside) against
//! empty and truncated input, sizes 0 and far beyond the limits, negative numbers,
//! letters where digits belong, extra tokens, non-ASCII and binary bytes, a 100 MB
//! input and a line of a million characters, as far as the program reads stdin or
//! arguments. Each case ends with exit status 1, exactly one line on stderr and nothing
//! (or only the answers to the complete cases before the fault) on stdout within a
//! second (two for the 100 MB cases), or, where the input is valid after all, with the
//! right answer: the table says which.
//!
//! The cases already in tests/c_examples.rs, sudoku.rs, tiling.rs, maximize.rs and
//! image.rs are not repeated here; this file fills the gaps so that every category is
//! covered for every program.
//!
//! Programs that read only arguments (queens, timeslice, progress, resume, pentomino,
//! soma) take the categories in their arguments. A single argument cannot hold a
//! million characters (Linux caps one at 128 KiB), so they get 100,000 characters;
//! their 100 MB and million-character inputs go to stdin, which they must ignore:
//! the answer is the normal one. `resume` also reads its image file, which gets the
//! byte-level categories.

mod common;

use common::{
    assert_rejected, assert_rejected_after, examples_dir, manifest_dir, run_example, HANG_GUARD,
};
use std::path::PathBuf;
use std::time::Instant;

const MB100: usize = 100 << 20;
const MILLION: usize = 1_000_000;

/// What a case must end with.
enum Want {
    /// Status 1, one line on stderr, nothing on stdout.
    Rejected,
    /// Status 1, one line on stderr, exactly these answers (to the complete cases
    /// before the fault) on stdout.
    RejectedAfter(Vec<u8>),
    /// Valid after all: this exit status and exactly this on stdout.
    Answer(i32, Vec<u8>),
}

struct Case {
    what: String,
    args: Vec<String>,
    input: Vec<u8>,
    /// Appended to `input` at run time: 100 MB of this byte, then `big_tail`.
    big: Option<u8>,
    big_tail: Vec<u8>,
    /// Written to a scratch file before the run; "FILE" in `args` names it.
    file: Option<Vec<u8>>,
    want: Want,
}

fn case(what: &str, args: &[&str], input: impl Into<Vec<u8>>, want: Want) -> Case {
    Case {
        what: what.into(),
        args: args.iter().map(|a| a.to_string()).collect(),
        input: input.into(),
        big: None,
        big_tail: Vec::new(),
        file: None,
        want,
    }
}

fn rej(what: &str, args: &[&str], input: impl Into<Vec<u8>>) -> Case {
    case(what, args, input, Want::Rejected)
}

fn ok(what: &str, args: &[&str], input: impl Into<Vec<u8>>, stdout: impl Into<Vec<u8>>) -> Case {
    case(what, args, input, Want::Answer(0, stdout.into()))
}

impl Case {
    /// `input` followed by 100 MB of `fill` (generated when the case runs).
    fn big(mut self, fill: u8) -> Case {
        self.big = Some(fill);
        self
    }
    fn big_then(mut self, fill: u8, tail: &[u8]) -> Case {
        self.big = Some(fill);
        self.big_tail = tail.to_vec();
        self
    }
    fn file(mut self, bytes: Vec<u8>) -> Case {
        self.file = Some(bytes);
        self
    }
}

/// `prefix`, a million `fill` bytes, `suffix`.
fn million(prefix: &[u8], fill: u8, suffix: &[u8]) -> Vec<u8> {
    let mut v = prefix.to_vec();
    v.resize(prefix.len() + MILLION, fill);
    v.extend_from_slice(suffix);
    v
}

/// An argument of 100,000 characters (a million cannot be passed).
fn long_arg(c: char) -> String {
    std::iter::repeat_n(c, 100_000).collect()
}

fn sample(problem: &str, name: &str) -> Vec<u8> {
    let dir = manifest_dir().join("tests/data/problems").join(problem);
    std::fs::read(dir.join(name)).unwrap()
}

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

fn run_table(program: &str, cases: Vec<Case>) {
    examples_dir(); // the build is not part of any time limit
    let scratch = common::scratch_dir("bad-input").join(program);
    std::fs::create_dir_all(&scratch).unwrap();
    for (k, c) in cases.into_iter().enumerate() {
        let path: PathBuf = scratch.join(format!("case{k}.img"));
        let _ = std::fs::remove_file(&path);
        if let Some(bytes) = &c.file {
            std::fs::write(&path, bytes).unwrap();
        }
        let args: Vec<String> = c
            .args
            .iter()
            .map(|a| {
                if a == "FILE" {
                    path.to_str().unwrap().to_string()
                } else {
                    a.clone()
                }
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut input = c.input;
        if let Some(fill) = c.big {
            input.resize(input.len() + MB100, fill);
            input.extend_from_slice(&c.big_tail);
        }
        let what = format!("case {k} ({})", c.what);
        let start = Instant::now();
        match &c.want {
            Want::Rejected => assert_rejected(program, &args, &input, &what),
            Want::RejectedAfter(printed) => {
                assert_rejected_after(program, &args, &input, printed, &what)
            }
            Want::Answer(code, stdout) => {
                let out = run_example(program, &args, &input);
                assert_eq!(
                    out.status.code(),
                    Some(*code),
                    "{program} {what}: stderr {:?}",
                    String::from_utf8_lossy(&out.stderr)
                );
                assert!(
                    out.stdout == *stdout,
                    "{program} {what}: printed {:?}, want {:?}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(stdout)
                );
            }
        }
        let took = start.elapsed();
        assert!(took < HANG_GUARD, "{program} {what}: took {took:?}");
        let _ = std::fs::remove_file(&path);
    }
}

// ------------------------------------------------------------------ stdin judges

#[test]
fn p4929() {
    let s1 = sample("p4929", "sample1.in");
    let a1 = sample("p4929", "sample1.out");
    let zeros500 = {
        let mut v = b"500 500\n".to_vec();
        for _ in 0..500 {
            v.extend_from_slice(&b"0 ".repeat(500));
            v.push(b'\n');
        }
        v
    };
    run_table(
        "p4929",
        vec![
            rej("M zero", &[], "3 0\n"),
            rej("M negative", &[], "3 -1\n"),
            rej("M letters", &[], "3 m\n"),
            rej("M enormous", &[], "3 99999999999999999999\n"),
            rej("N non-ASCII digit", &[], "３ 3\n"),
            rej("matrix value negative", &[], "2 2\n1 0\n0 -1\n"),
            rej("matrix value letter O", &[], "2 2\n1 0\nO 1\n"),
            rej(
                "matrix value enormous",
                &[],
                "2 2\n1 0\n0 99999999999999999999\n",
            ),
            rej("truncated mid-row at EOF", &[], "2 2\n1 0\n0"),
            rej("truncated, then 100 MB of blanks", &[], "2 2\n1 0\n0").big(b' '),
            rej("100 MB of binary after the matrix", &[], "1 1\n1\n").big(0xff),
            rej("N of a million digits", &[], million(b"", b'1', b" 3\n")),
            ok(
                "100 MB of newlines after the matrix",
                &[],
                s1.clone(),
                a1.clone(),
            )
            .big(b'\n'),
            ok(
                "a million blanks before the matrix",
                &[],
                million(b"", b' ', &s1),
                a1.clone(),
            ),
            ok(
                "N and M at the limit, all zeros",
                &[],
                zeros500,
                "No Solution!\n",
            ),
        ],
    );
}

#[test]
fn p1074() {
    let s1 = sample("p1074", "sample1.in");
    let a1 = sample("p1074", "sample1.out");
    let eight = "0 0 0 0 0 0 0 0 0\n".repeat(8);
    let nine = |line: &str| format!("{line}\n").repeat(9);
    run_table(
        "p1074",
        vec![
            rej("truncated mid-line at EOF", &[], format!("{eight}0 0 0")),
            rej(
                "value enormous",
                &[],
                nine("99999999999999999999 0 0 0 0 0 0 0 0"),
            ),
            rej("non-ASCII digit", &[], nine("０ 0 0 0 0 0 0 0 0")),
            rej("raw binary bytes", &[], vec![0xff, 0xfe, 0x00, 0x01, 0x80]),
            rej("a million-character line", &[], million(b"", b'0', b"\n")),
            rej("100 MB of junk after the grid", &[], s1.clone()).big(b'x'),
            ok("100 MB of newlines after the grid", &[], s1, a1).big(b'\n'),
        ],
    );
}

#[test]
fn p4205() {
    let s1 = sample("p4205", "sample1.in");
    let a1 = sample("p4205", "sample1.out");
    let text = String::from_utf8(s1.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let with_line = |i: usize, l: &str| {
        let mut v = lines.clone();
        v[i] = l;
        v.join("\n") + "\n"
    };
    let cut = format!("{}\n{}", lines[..5].join("\n"), &lines[5][..2]);
    let la = long_arg('-');
    run_table(
        "p4205",
        vec![
            rej("truncated mid-line at EOF", &[], cut),
            rej("empty first line (0 cells)", &[], format!("\n{text}")),
            rej("minus sign in a cell", &[], with_line(2, ".-.")),
            rej("digit 0 in a cell", &[], with_line(1, "0.")),
            rej("non-ASCII letter", &[], with_line(2, ".Ａ.")),
            rej("raw binary bytes", &[], vec![0xff, 0xfe, 0x00, 0x01, 0x80]),
            rej("a million-character line", &[], million(b"", b'.', b"\n")),
            rej("100 MB of junk after the board", &[], s1.clone()).big(b'x'),
            rej("argument --count extra", &["--count", "x"], s1.clone()),
            rej(
                "argument --count twice",
                &["--count", "--count"],
                s1.clone(),
            ),
            rej("argument --cnt", &["--cnt"], s1.clone()),
            rej("empty argument", &[""], s1.clone()),
            rej("argument -1", &["-1"], s1.clone()),
            rej("argument 0", &["0"], s1.clone()),
            rej("non-ASCII argument", &["—count"], s1.clone()),
            rej("binary byte in the argument", &["--count\u{1}"], s1.clone()),
            rej("argument of 100,000 characters", &[&la], s1.clone()),
            ok("100 MB of blanks after the board", &[], s1, a1).big(b' '),
        ],
    );
}

#[test]
fn p1784() {
    let s1 = sample("p1784", "sample1.in");
    let a1 = sample("p1784", "sample1.out");
    let text = String::from_utf8(s1.clone()).unwrap();
    run_table(
        "p1784",
        vec![
            rej(
                "value enormous",
                &[],
                text.replacen("0 0", "0 99999999999999999999", 1),
            ),
            rej("non-ASCII digit", &[], text.replacen("0 0", "0 ０", 1)),
            rej("a million-digit value", &[], million(b"", b'1', b"\n")),
            rej("100 MB of digits after the grid", &[], s1.clone()).big(b'0'),
            rej("truncated, then 100 MB of blanks", &[], &s1[..s1.len() / 2]).big(b' '),
            ok(
                "a million blanks before the grid",
                &[],
                million(b"", b' ', &s1),
                a1.clone(),
            ),
            ok("100 MB of newlines after the grid", &[], s1, a1).big(b'\n'),
        ],
    );
}

#[test]
fn poj3074() {
    let s1 = sample("poj3074", "sample1.in");
    let a1 = sample("poj3074", "sample1.out");
    let text = String::from_utf8(s1.clone()).unwrap();
    let first = text.lines().next().unwrap().to_string();
    let first_answer = a1[..=a1.iter().position(|&b| b == b'\n').unwrap()].to_vec();
    run_table(
        "poj3074",
        vec![
            rej(
                "minus sign in a cell",
                &[],
                format!("-{}\nend\n", &first[1..]),
            ),
            rej("non-ASCII cell", &[], format!("．{}\nend\n", &first[1..])),
            case(
                "extra token after end",
                &[],
                format!("{first}\nend x\n"),
                Want::RejectedAfter(first_answer.clone()),
            ),
            case(
                "two puzzles on one line",
                &[],
                format!("{first}{first}\nend\n"),
                Want::Rejected,
            ),
            rej("a line of 100 MB", &[], "").big_then(b'.', b"\nend\n"),
            rej("100 MB of binary", &[], "").big(0x80),
            ok(
                "100 MB of junk after end",
                &[],
                format!("{first}\nend\n"),
                first_answer.clone(),
            )
            .big(0xff),
            // A line longer than the 4 KiB buffer is refused even when it is blank.
            rej(
                "a line of a million blanks before the puzzles",
                &[],
                million(b"", b' ', &cat(&[b"\n", &s1])),
            ),
        ],
    );
}

#[test]
fn hiho1321() {
    let s1 = sample("hiho1321", "sample1.in");
    let a1 = sample("hiho1321", "sample1.out");
    let text = String::from_utf8(s1.clone()).unwrap();
    let grid = text.split_once('\n').unwrap().1.to_string();
    run_table(
        "hiho1321",
        vec![
            rej("t non-ASCII digit", &[], format!("１\n{grid}")),
            rej("t of a million digits", &[], million(b"", b'1', b"\n")),
            rej(
                "value of a million digits",
                &[],
                million(b"1\n", b'0', grid.as_bytes()),
            ),
            rej(
                "value enormous",
                &[],
                format!("1\n{}", grid.replacen("0 ", "99999999999999999999 ", 1)),
            ),
            rej(
                "truncated mid-grid, then 100 MB of blanks",
                &[],
                &s1[..s1.len() / 2],
            )
            .big(b' '),
            case(
                "100 MB token after the grid",
                &[],
                s1.clone(),
                Want::RejectedAfter(a1.clone()),
            )
            .big(b'x'),
            ok(
                "t with leading zeros",
                &[],
                format!("0001\n{grid}"),
                a1.clone(),
            ),
            ok("100 MB of newlines after the grid", &[], s1, a1).big(b'\n'),
        ],
    );
}

#[test]
fn uva1309() {
    let s1 = sample("uva1309", "sample1.in");
    let a1 = sample("uva1309", "sample1.out");
    let text = String::from_utf8(s1.clone()).unwrap();
    let rows: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    run_table(
        "uva1309",
        vec![
            rej("truncated mid-row at EOF", &[], &s1[..s1.len() - 5]),
            rej("non-ASCII letter", &[], text.replacen('-', "Ａ", 1)),
            rej("raw binary row", &[], vec![0xff; 16]),
            case(
                "three extra rows after a puzzle",
                &[],
                format!("{text}{}\n", rows[..3].join("\n")),
                Want::RejectedAfter(a1.clone()),
            ),
            case(
                "a million-character line after a puzzle",
                &[],
                million(&s1, b'A', b"\n"),
                Want::RejectedAfter(a1.clone()),
            ),
            case(
                "100 MB line after a puzzle",
                &[],
                s1.clone(),
                Want::RejectedAfter(a1.clone()),
            )
            .big(b'-'),
            ok("100 MB of newlines after a puzzle", &[], s1, a1).big(b'\n'),
        ],
    );
}

#[test]
fn sudoku() {
    let one =
        b".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n";
    let la = long_arg('9');
    let solved = run_example("sudoku", &[], one).stdout;
    assert_eq!(solved.len(), 82, "{}", String::from_utf8_lossy(&solved));
    run_table(
        "sudoku",
        vec![
            ok("empty input: no puzzle", &[], "", ""),
            ok("empty input, counting", &["--count"], "", ""),
            ok(
                "generate 0 puzzles",
                &["--generate", "0", "--size", "9", "--seed", "1"],
                "",
                "",
            ),
            ok(
                "limit 0 = no cap",
                &["--count", "--limit", "0"],
                &one[..],
                "1\n",
            ),
            rej(
                "truncated: --generate without a number",
                &["--generate"],
                "",
            ),
            rej(
                "truncated: --size without a number",
                &["--generate", "1", "--size"],
                "",
            ),
            rej("size 0", &["--generate", "1", "--size", "0"], ""),
            rej(
                "separators inside a line: too few cells",
                &[],
                format!("12|3{}\n", ".".repeat(77)),
            ),
            rej(
                "size enormous",
                &["--generate", "1", "--size", "99999999999999999999"],
                "",
            ),
            rej(
                "generate count enormous",
                &["--generate", "99999999999999999999", "--size", "4"],
                "",
            ),
            rej(
                "limit enormous",
                &["--count", "--limit", "99999999999999999999"],
                "",
            ),
            rej(
                "seed enormous",
                &[
                    "--generate",
                    "1",
                    "--size",
                    "4",
                    "--seed",
                    "99999999999999999999",
                ],
                "",
            ),
            rej("limit negative", &["--count", "--limit", "-1"], ""),
            rej("size negative", &["--generate", "1", "--size", "-9"], ""),
            rej("size letters", &["--generate", "1", "--size", "nine"], ""),
            rej(
                "seed letters",
                &["--generate", "1", "--size", "4", "--seed", "x1"],
                "",
            ),
            rej("limit with a suffix", &["--count", "--limit", "2k"], ""),
            rej("extra token", &["--count", "extra"], ""),
            rej("non-ASCII argument", &["—count"], ""),
            rej("binary byte in an argument", &["--count\u{1}"], ""),
            rej("argument of 100,000 characters", &[&la], ""),
            rej("82 cells (extra token)", &[], cat(&[&one[..81], b"1\n"])),
            rej("non-ASCII cell", &[], cat(&["１".as_bytes(), &one[1..]])),
            rej("raw binary bytes", &[], vec![0xff, 0xfe, 0x00, 0x01, 0x80]),
            rej("a million-character line", &[], million(b"", b'.', b"\n")),
            rej("a line of 100 MB", &[], "").big(b'.'),
            case(
                "100 MB line after a puzzle",
                &[],
                &one[..],
                Want::RejectedAfter(solved.clone()),
            )
            .big(b'1'),
            ok("100 MB of newlines after a puzzle", &[], &one[..], solved).big(b'\n'),
        ],
    );
}

// ------------------------------------------------------------------ argument programs

/// The cases every N-queens argument program shares: the first argument mangled.
fn bad_n(rest: &[&str]) -> Vec<Case> {
    let la = long_arg('1');
    let with = |n: &str| -> Vec<String> {
        std::iter::once(n.to_string())
            .chain(rest.iter().map(|s| s.to_string()))
            .collect()
    };
    let mut v = Vec::new();
    for (what, n) in [
        ("empty N", ""),
        ("N enormous", "99999999999999999999"),
        ("N negative", "-8"),
        ("N with plus", "+8"),
        ("N letters", "eight"),
        ("N with a suffix (truncated option)", "8x"),
        ("N with a blank", "8 "),
        ("N non-ASCII digit", "８"),
        ("N with a binary byte", "8\u{1}"),
        ("N of 100,000 characters", la.as_str()),
    ] {
        let args = with(n);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        v.push(rej(what, &args, ""));
    }
    v
}

#[test]
fn queens() {
    let mut cases = bad_n(&[]);
    cases.extend([
        rej("extra token after --stats", &["8", "--stats", "x"], ""),
        rej("truncated option", &["8", "--stat"], ""),
        rej("option first", &["--stats", "8"], ""),
        ok("N = 1, the lower limit", &["1"], "", "1\n"),
        ok("100 MB on stdin is ignored", &["8"], "", "92\n").big(0xff),
        ok(
            "a million-character line on stdin is ignored",
            &["8"],
            million(b"", b'x', b"\n"),
            "92\n",
        ),
    ]);
    run_table("queens", cases);
}

#[test]
fn timeslice() {
    let expected = std::fs::read(manifest_dir().join("c_examples/expected/timeslice.txt")).unwrap();
    let four = "frame 1: solution 1: 2 4 1 3\nframe 1: solution 2: 3 1 4 2\n\
                done in 1 frames of 500 updates: 2 solutions, 237 updates\n";
    let la = long_arg('5');
    let mut cases = bad_n(&["500"]);
    cases.extend([
        rej("budget negative", &["4", "-1"], ""),
        rej("budget beyond 10^9", &["4", "1000000001"], ""),
        rej("budget enormous", &["4", "99999999999999999999"], ""),
        rej("budget empty", &["4", ""], ""),
        rej("budget letters", &["4", "many"], ""),
        rej("budget non-ASCII", &["4", "５"], ""),
        rej("budget of 100,000 characters", &["4", &la], ""),
        ok("100 MB on stdin is ignored", &[], "", expected).big(0xff),
        ok(
            "a million-character line on stdin is ignored",
            &["4"],
            million(b"", b'1', b"\n"),
            four,
        ),
    ]);
    run_table("timeslice", cases);
}

#[test]
fn progress() {
    let mut cases = bad_n(&[]);
    cases.extend([
        rej("N just beyond the limit", &["33"], ""),
        ok("N = 1", &["1"], "", "1\n"),
        ok("100 MB on stdin is ignored", &["8"], "", "92\n").big(0xff),
        ok(
            "a million-character line on stdin is ignored",
            &["6"],
            million(b"", b'x', b"\n"),
            "4\n",
        ),
    ]);
    run_table("progress", cases);
}

/// A resume file: magic, solutions so far, the image length, then `image`.
fn resume_file(found: u64, len: u64, image: &[u8]) -> Vec<u8> {
    cat(&[b"DLXRSUM1", &found.to_ne_bytes(), &len.to_ne_bytes(), image])
}

#[test]
fn resume() {
    let mut cases = bad_n(&["FILE", "300"]);
    let la = long_arg('3');
    let junk: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let mut hundred_mb = resume_file(0, MB100 as u64, &[]);
    hundred_mb.resize(24 + MB100, 0xff);
    cases.extend([
        rej("N just beyond the limit", &["33", "FILE"], ""),
        rej("budget negative", &["9", "FILE", "-1"], ""),
        rej("budget beyond 10^9", &["9", "FILE", "1000000001"], ""),
        rej(
            "budget enormous",
            &["9", "FILE", "99999999999999999999"],
            "",
        ),
        rej("budget non-ASCII", &["9", "FILE", "３００"], ""),
        rej("budget of 100,000 characters", &["9", "FILE", &la], ""),
        rej("extra token", &["9", "FILE", "300", "x"], ""),
        rej("empty file name", &["9", "", "300"], ""),
        rej("file: binary junk", &["8", "FILE"], "").file(junk),
        rej("file: image length 0", &["8", "FILE"], "").file(resume_file(0, 0, &[])),
        rej("file: image length 2^30, nothing after", &["8", "FILE"], "").file(resume_file(
            0,
            1 << 30,
            &[],
        )),
        rej("file: image length 2^64-1", &["8", "FILE"], "").file(resume_file(
            0,
            u64::MAX,
            &[1, 2, 3],
        )),
        rej("file: a million-character line", &["8", "FILE"], "").file(million(
            b"DLXRSUM1",
            b'a',
            b"\n",
        )),
        rej("file: non-ASCII text", &["8", "FILE"], "").file("ＤＬＸＲＳＵＭ１".into()),
        rej("file: a 100 MB image of junk", &["8", "FILE"], "").file(hundred_mb),
        ok(
            "100 MB on stdin is ignored",
            &["6", "FILE", "100000"],
            "",
            "4\n",
        )
        .big(0xff),
        ok(
            "a million-character line on stdin is ignored",
            &["6", "FILE"],
            million(b"", b'x', b"\n"),
            "4\n",
        ),
    ]);
    run_table("resume", cases);
}

#[test]
fn pentomino() {
    let la = long_arg('6');
    let mut cases = Vec::new();
    for (what, arg) in [
        ("empty board", ""),
        ("truncated board", "6x"),
        ("no height", "60"),
        ("side 0", "60x0"),
        ("sides far beyond 60", "99999999999999999999x1"),
        ("negative sides", "-6x-10"),
        ("negative height", "6x-10"),
        ("letters", "sixxten"),
        ("letter height", "6xa"),
        ("capital X", "6X10"),
        ("leading zero", "6x010"),
        ("third side", "6x10x1"),
        ("trailing blank", "6x10 "),
        ("non-ASCII digit", "６x10"),
        ("binary byte", "6x10\u{1}"),
        ("argument of 100,000 characters", la.as_str()),
    ] {
        cases.push(rej(what, &[arg], ""));
    }
    cases.extend([
        rej("extra token after a good board", &["20x3", "junk"], ""),
        rej(
            "--distinct twice",
            &["--distinct", "--distinct", "20x3"],
            "",
        ),
        rej("--distinct last", &["20x3", "--distinct"], ""),
        ok(
            "side 60 at the limit",
            &["60x1", "1x60"],
            "",
            "60x1 0\n1x60 0\n",
        ),
        ok("100 MB on stdin is ignored", &["20x3"], "", "20x3 8\n").big(0xff),
        ok(
            "a million-character line on stdin is ignored",
            &["--distinct", "3x20"],
            million(b"", b'x', b"\n"),
            "3x20 2\n",
        ),
    ]);
    run_table("pentomino", cases);
}

#[test]
fn soma() {
    let la = long_arg('-');
    let mut cases = Vec::new();
    for (what, arg) in [
        ("empty argument", ""),
        ("truncated option", "--distinc"),
        ("upper case", "--DISTINCT"),
        ("number 0", "0"),
        ("negative number", "-1"),
        ("number enormous", "99999999999999999999"),
        ("letters", "distinct"),
        ("non-ASCII dash", "—distinct"),
        ("binary byte", "--distinct\u{1}"),
        ("argument of 100,000 characters", la.as_str()),
    ] {
        cases.push(rej(what, &[arg], ""));
    }
    cases.extend([
        rej("extra token", &["--distinct", "x"], ""),
        rej("option twice", &["--distinct", "--distinct"], ""),
        ok("100 MB on stdin is ignored", &["--distinct"], "", "240\n").big(0xff),
        ok(
            "a million-character line on stdin is ignored",
            &["--distinct"],
            million(b"", b'x', b"\n"),
            "240\n",
        ),
    ]);
    run_table("soma", cases);
}

// ------------------------------------------------------------------ output that cannot be written
// A program whose answer cannot be delivered must not exit 0 as if it had been: stdout
// on a full device (/dev/full), stdout closed (`prog >&-`), and a pipe whose reader is
// gone while SIGPIPE is ignored (as under many daemons and Python's subprocess). Each
// ends with status 1 and one line on stderr naming the error.

/// A successful run of every program, with output on stdout: (program, args, stdin).
/// "FILE" in args is a scratch path that does not exist.
fn good_runs() -> Vec<(&'static str, Vec<&'static str>, Vec<u8>)> {
    let empty16: Vec<u8> = "----------------\n".repeat(16).into_bytes();
    let puzzle =
        b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    vec![
        ("p4929", vec![], sample("p4929", "sample1.in")),
        ("p1784", vec![], sample("p1784", "sample1.in")),
        ("poj3074", vec![], sample("poj3074", "sample1.in")),
        ("hiho1321", vec![], sample("hiho1321", "sample1.in")),
        ("uva1309", vec![], empty16),
        ("p1074", vec![], sample("p1074", "sample1.in")),
        ("p4205", vec![], sample("p4205", "sample1.in")),
        ("p4205", vec!["--count"], sample("p4205", "sample1.in")),
        ("sudoku", vec![], puzzle.to_vec()),
        ("sudoku", vec!["--count", "--limit", "2"], puzzle.to_vec()),
        (
            "sudoku",
            vec!["--generate", "3", "--size", "9", "--seed", "1"],
            Vec::new(),
        ),
        ("queens", vec!["8"], Vec::new()),
        ("timeslice", vec![], Vec::new()),
        ("progress", vec!["8"], Vec::new()),
        ("resume", vec!["6", "FILE"], Vec::new()),
        ("pentomino", vec!["20x3"], Vec::new()),
        ("soma", vec!["--distinct"], Vec::new()),
        ("sudoku_game", vec!["3", "9"], Vec::new()),
        ("dlx", vec![], b"a b | x\na x:1\nb x:1\n".to_vec()),
    ]
}

/// The programs that draw progress on stderr as they go: the error is their last line.
const CHATTY: &[&str] = &["progress", "sudoku_game"];

enum Sink {
    DevFull,
    Closed,
    BrokenPipe,
}

fn run_with_sink(
    program: &str,
    args: &[String],
    input: &[u8],
    sink: &Sink,
) -> std::process::Output {
    use std::process::{Command, Stdio};
    let exe = examples_dir().join(program);
    let scratch = common::scratch_dir("write-errors");
    let stdin_path = scratch.join(format!("{program}.in"));
    std::fs::write(&stdin_path, input).unwrap();
    let stdin = std::fs::File::open(&stdin_path).unwrap();
    // sh sets up what Command cannot: a closed descriptor 1, SIGPIPE ignored
    // (the ignored disposition survives exec; Command itself resets it).
    let script = match sink {
        Sink::DevFull => r#"exec "$0" "$@""#,
        Sink::Closed => r#"exec "$0" "$@" >&-"#,
        Sink::BrokenPipe => r#"trap '' PIPE; exec "$0" "$@""#,
    };
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(script).arg(&exe).args(args);
    cmd.stdin(stdin).stderr(Stdio::piped());
    match sink {
        Sink::DevFull => {
            let full = std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap();
            cmd.stdout(full);
        }
        Sink::Closed => {
            cmd.stdout(Stdio::null());
        }
        Sink::BrokenPipe => {
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader); // nobody will ever read: every write fails with EPIPE
            cmd.stdout(writer);
        }
    }
    cmd.output().unwrap()
}

#[test]
fn write_errors() {
    examples_dir();
    let scratch = common::scratch_dir("write-errors");
    for (program, args, input) in good_runs() {
        let file = scratch.join(format!("{program}.img"));
        let args: Vec<String> = args
            .iter()
            .map(|a| {
                if *a == "FILE" {
                    file.to_str().unwrap().to_string()
                } else {
                    a.to_string()
                }
            })
            .collect();
        let what = format!("{program} {}", args.join(" "));
        // The run itself is fine when stdout works.
        let _ = std::fs::remove_file(&file);
        let out = run_example(
            program,
            &args.iter().map(String::as_str).collect::<Vec<_>>(),
            &input,
        );
        assert_eq!(out.status.code(), Some(0), "{what}: {out:?}");
        assert!(!out.stdout.is_empty(), "{what}: prints nothing");
        for (sink, reason) in [
            (Sink::DevFull, "No space left on device"),
            (Sink::Closed, "Bad file descriptor"),
            (Sink::BrokenPipe, "Broken pipe"),
        ] {
            let _ = std::fs::remove_file(&file);
            let start = Instant::now();
            let out = run_with_sink(program, &args, &input, &sink);
            let took = start.elapsed();
            let stderr = String::from_utf8_lossy(&out.stderr);
            let want = format!("{program}: cannot write standard output: {reason}");
            assert_eq!(
                out.status.code(),
                Some(1),
                "{what} ({reason}): status {:?}, stderr {stderr:?}",
                out.status
            );
            assert_eq!(
                stderr
                    .lines()
                    .filter(|l| l.contains("cannot write"))
                    .count(),
                1,
                "{what} ({reason}): stderr {stderr:?}"
            );
            assert!(
                stderr.ends_with(&format!("{want}\n")),
                "{what} ({reason}): stderr {stderr:?}, want {want:?}"
            );
            if !CHATTY.contains(&program) {
                assert_eq!(stderr.lines().count(), 1, "{what} ({reason}): {stderr:?}");
            }
            assert!(took < HANG_GUARD, "{what} ({reason}): took {took:?}");
        }
    }
    // resume keeps its image when the final count cannot be written, so a second try
    // with a working stdout still gets the answer.
    let file = scratch.join("resume-keep.img");
    let path = file.to_str().unwrap().to_string();
    let _ = std::fs::remove_file(&file);
    let out = run_example("resume", &["9", &path, "2000"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(file.exists(), "resume 9 did not pause");
    let out = run_with_sink("resume", &["9".into(), path.clone()], b"", &Sink::DevFull);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        file.exists(),
        "resume dropped its image although the count was lost"
    );
    let out = run_example("resume", &["9", &path], b"");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "352\n");
    assert!(!file.exists());
}

// ------------------------------------------------------------------ --help and arguments

/// Every program in c_examples/build (the C++ builds `*.cxx` too) answers --help: the
/// usage on stdout, nothing on stderr, status 0; and --help into /dev/full fails.
#[test]
fn every_program_answers_help() {
    let dir = examples_dir();
    let mut programs = Vec::new();
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        use std::os::unix::fs::PermissionsExt;
        let meta = e.metadata().unwrap();
        if meta.is_file() && meta.permissions().mode() & 0o111 != 0 {
            programs.push(e.file_name().to_string_lossy().into_owned());
        }
    }
    programs.sort();
    for p in [
        "p4929",
        "p1784",
        "sudoku",
        "queens",
        "resume",
        "sudoku_game",
    ] {
        assert!(programs.iter().any(|q| q == p), "{p} not built");
    }
    for program in &programs {
        let out = run_example(program, &["--help"], b"");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{program} --help: {out:?}");
        assert!(out.stderr.is_empty(), "{program} --help: {out:?}");
        assert!(
            stdout.starts_with("usage: ") && stdout.lines().count() >= 3,
            "{program} --help: {stdout:?}"
        );
        assert!(
            stdout.contains("Exit status"),
            "{program} --help says nothing of its exit status: {stdout:?}"
        );
        let out = run_with_sink(program, &["--help".into()], b"", &Sink::DevFull);
        assert_eq!(out.status.code(), Some(1), "{program} --help >/dev/full");
    }
}

/// The programs that read a file (or standard input without one): they say so in
/// --help, read a named file like stdin, and refuse unknown options, a second file, a
/// missing file and a directory with the path and the OS's reason.
#[test]
fn input_file_arguments() {
    let scratch = common::scratch_dir("input-files");
    let puzzle =
        b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let runs: Vec<(&str, &[&str], Vec<u8>)> = vec![
        ("p4929", &[], sample("p4929", "sample1.in")),
        ("p1784", &[], sample("p1784", "sample1.in")),
        ("poj3074", &[], sample("poj3074", "sample1.in")),
        ("hiho1321", &[], sample("hiho1321", "sample1.in")),
        ("uva1309", &[], "----------------\n".repeat(16).into_bytes()),
        ("p1074", &[], sample("p1074", "sample1.in")),
        ("p4205", &[], sample("p4205", "sample1.in")),
        ("p4205", &["--count"], sample("p4205", "sample1.in")),
        ("sudoku", &[], puzzle.to_vec()),
        ("sudoku", &["--count", "--limit", "2"], puzzle.to_vec()),
    ];
    for (program, flags, input) in runs {
        let help = run_example(program, &["--help"], b"");
        let help = String::from_utf8_lossy(&help.stdout);
        assert!(
            help.contains("[FILE]") && help.contains("standard input"),
            "{program} --help does not say what it reads: {help:?}"
        );
        let with = |extra: &[&str]| -> Vec<String> {
            flags.iter().chain(extra).map(|s| s.to_string()).collect()
        };
        let from_stdin = run_example(program, flags, &input);
        assert_eq!(
            from_stdin.status.code(),
            Some(0),
            "{program}: {from_stdin:?}"
        );
        let file = scratch.join(format!("{program}.in"));
        std::fs::write(&file, &input).unwrap();
        let path = file.to_str().unwrap();
        let args = with(&[path]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let from_file = run_example(program, &args, b"junk that must not be read");
        assert_eq!(
            from_file.status.code(),
            Some(0),
            "{program} FILE: {from_file:?}"
        );
        assert_eq!(from_file.stdout, from_stdin.stdout, "{program} FILE");
        let dash = with(&["-"]);
        let dash: Vec<&str> = dash.iter().map(String::as_str).collect();
        assert_eq!(
            run_example(program, &dash, &input).stdout,
            from_stdin.stdout
        );

        for (what, extra, message) in [
            (
                "unknown option",
                vec!["--bogus"],
                "unknown option '--bogus'".to_string(),
            ),
            (
                "two files",
                vec![path, path],
                "one input file at most".to_string(),
            ),
            (
                "missing file",
                vec!["/nonexistent/dlx-input"],
                "cannot open '/nonexistent/dlx-input': No such file or directory".to_string(),
            ),
            (
                "a directory",
                vec![scratch.to_str().unwrap()],
                format!("cannot read '{}': Is a directory", scratch.display()),
            ),
        ] {
            let args = with(&extra);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            assert_rejected(program, &args, &input, what);
            let err = run_example(program, &args, &input).stderr;
            let err = String::from_utf8_lossy(&err);
            assert!(
                err.starts_with(&format!("{program}: ")) && err.contains(&message),
                "{program} {what}: {err:?}, want {message:?}"
            );
        }
    }
}

/// resume names the image file and the OS's reason when it cannot use it.
#[test]
fn resume_file_errors() {
    let scratch = common::scratch_dir("resume-files");
    let missing_dir = scratch.join("no-such-dir").join("x.img");
    let p = missing_dir.to_str().unwrap();
    assert_rejected(
        "resume",
        &["10", p, "100"],
        b"",
        "image in a missing directory",
    );
    let err = run_example("resume", &["10", p, "100"], b"").stderr;
    assert_eq!(
        String::from_utf8_lossy(&err),
        format!("resume: cannot create image file '{p}': No such file or directory\n")
    );
    let d = scratch.to_str().unwrap();
    assert_rejected("resume", &["10", d], b"", "a directory as the image");
    let err = run_example("resume", &["10", d], b"").stderr;
    assert_eq!(
        String::from_utf8_lossy(&err),
        format!("resume: cannot read image file '{d}': Is a directory\n")
    );
}

/// `sudoku --count` on an empty grid: progress on stderr (always on a terminal, here
/// asked for with --progress), a time limit that stops it with a lower bound (status
/// 3), and a limit.
#[test]
fn sudoku_count_progress_and_limits() {
    let empty = format!("{}\n", ".".repeat(81));
    let start = Instant::now();
    let out = run_example(
        "sudoku",
        &["--count", "--time", "1", "--progress"],
        empty.as_bytes(),
    );
    let took = start.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    let n: u64 = String::from_utf8_lossy(&out.stdout).trim().parse().unwrap();
    assert!(n > 0, "no solution counted in a second");
    assert!(
        stderr.contains("solutions so far"),
        "no progress: {stderr:?}"
    );
    assert!(
        stderr.ends_with(&format!(
            "sudoku: line 1: stopped after 1 s: at least {n} solutions\n"
        )),
        "{stderr:?}"
    );
    assert!(took < HANG_GUARD, "--time 1 took {took:?}");
    // Without --progress and not on a terminal: quiet. The limit stops it.
    let out = run_example("sudoku", &["--count", "--limit", "5000"], empty.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"5000\n");
    assert!(out.stderr.is_empty());
    let out = run_example(
        "sudoku",
        &["--count", "--limit", "5000", "--progress"],
        empty.as_bytes(),
    );
    assert_eq!(out.stdout, b"5000\n");
    for (what, args) in [
        ("--time without seconds", &["--count", "--time"][..]),
        ("--time 0", &["--count", "--time", "0"]),
        ("--time letters", &["--count", "--time", "soon"]),
        ("--time without --count", &["--time", "1"]),
        ("--progress without --count", &["--progress"]),
        (
            "--generate with --time",
            &["--generate", "1", "--size", "9", "--time", "1"],
        ),
    ] {
        assert_rejected("sudoku", args, empty.as_bytes(), what);
    }
}

/// On a terminal (a pseudo-terminal from util-linux's `script`): `sudoku --count` shows
/// its progress unasked, and a judge program waiting for standard input says so.
#[test]
fn on_a_terminal() {
    use std::process::{Command, Stdio};
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("SKIPPED: script (util-linux) is not installed");
        return;
    }
    let dir = examples_dir();
    let scratch = common::scratch_dir("tty");
    let empty = scratch.join("empty.txt");
    std::fs::write(&empty, format!("{}\n", ".".repeat(81))).unwrap();
    let on_tty = |command: String| -> String {
        let out = Command::new("script")
            .args(["-qec", &command, "/dev/null"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let seen = on_tty(format!(
        "{} --count --time 1 < {}",
        dir.join("sudoku").display(),
        empty.display()
    ));
    assert!(
        seen.contains("solutions so far"),
        "no progress on a tty: {seen:?}"
    );
    assert!(seen.contains("stopped after 1 s"), "{seen:?}");
    let seen = on_tty(dir.join("p4929").display().to_string());
    assert!(
        seen.contains("p4929: reading standard input"),
        "no hint on a tty: {seen:?}"
    );
}
