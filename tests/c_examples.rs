//! Builds the C examples with their Makefile, runs them on every sample, and feeds
//! the judge programs malformed input.

mod common;

use std::process::Command;

use common::{assert_rejected, run_example, Problem, Rng};

#[test]
fn make_run_passes_every_sample() {
    common::examples_dir();
    let status = Command::new("make")
        .args(["-C", "c_examples", "run", "cxx"])
        .arg(format!("CARGO={}", env!("CARGO")))
        .current_dir(common::manifest_dir())
        .status()
        .unwrap();
    assert!(status.success(), "make -C c_examples run cxx failed");
}

#[test]
fn p4929_rejects_malformed_input() {
    let mut big_ones = String::from("500 500\n");
    for _ in 0..500 {
        big_ones.push_str(&"1 ".repeat(500));
        big_ones.push('\n');
    }
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty input", b"".to_vec()),
        ("only whitespace", b"  \n\t\n".to_vec()),
        ("missing M", b"3".to_vec()),
        ("N zero", b"0 3\n".to_vec()),
        ("N too large", b"501 3\n".to_vec()),
        ("M too large", b"3 501\n".to_vec()),
        ("N negative", b"-2 3\n".to_vec()),
        ("N with plus", b"+2 3\n".to_vec()),
        ("N not an integer", b"3.0 3\n".to_vec()),
        ("N letters", b"abc 3\n".to_vec()),
        ("N enormous", b"99999999999999999999999 3\n".to_vec()),
        ("truncated", b"3 3\n0 0 1\n1 0\n".to_vec()),
        ("value 2", b"2 2\n1 0\n0 2\n".to_vec()),
        ("value x", b"2 2\n1 0\n0 x\n".to_vec()),
        ("value 11", b"2 2\n1 0\n0 11\n".to_vec()),
        ("value 01", b"2 2\n1 0\n0 01\n".to_vec()),
        ("extra value", b"2 2\n1 0\n0 1\n1\n".to_vec()),
        ("extra word", b"2 2\n1 0\n0 1 end\n".to_vec()),
        ("NUL byte", b"2 2\n1 0\n0\x001\n".to_vec()),
        ("binary junk", vec![0xff, 0xfe, 0x00, 0x01, 0x80]),
        ("non-ASCII", "2 2\n1 0\n0 １\n".as_bytes().to_vec()),
        ("too many ones", big_ones.into_bytes()),
        ("a million-character line", {
            let mut v = b"1 1\n".to_vec();
            v.extend(std::iter::repeat_n(b'1', 1_000_000));
            v
        }),
        ("100 MB of zeros after the matrix", {
            let mut v = b"1 1\n1\n".to_vec();
            v.extend(std::iter::repeat_n(b'0', 100 << 20));
            v
        }),
    ];
    for (what, input) in &cases {
        assert_rejected("p4929", &[], input, what);
    }
}

#[test]
fn p4929_accepts_any_whitespace_layout() {
    let variants: [&[u8]; 4] = [
        b"3 3\r\n0 0 1\r\n1 0 0\r\n0 1 0\r\n",
        b"  3\t3\n\n0 0 1 1 0 0\n0 1 0",
        b"3 3 0 0 1 1 0 0 0 1 0   \n\n\n",
        b"003 3\n0 0 1\n1 0 0\n0 1 0\n",
    ];
    for input in variants {
        let out = run_example("p4929", &[], input);
        assert!(out.status.success(), "{:?}", String::from_utf8_lossy(input));
        assert_eq!(out.stdout, b"1 2 3\n");
    }
}

/// Random matrices: the printed rows form an exact cover exactly when one exists.
#[test]
fn p4929_answers_are_exact_covers() {
    let mut rng = Rng(0xC0DE);
    for case in 0..60 {
        let n = 1 + rng.below(12) as usize;
        let m = 1 + rng.below(6) as usize;
        let matrix: Vec<Vec<u8>> = (0..n)
            .map(|_| (0..m).map(|_| u8::from(rng.below(3) == 0)).collect())
            .collect();
        let mut input = format!("{n} {m}\n");
        for row in &matrix {
            let cells: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            input.push_str(&cells.join(" "));
            input.push('\n');
        }
        let problem = Problem {
            primary: m as u32,
            secondary: 0,
            rows: matrix
                .iter()
                .map(|row| (0..m as u32).filter(|&c| row[c as usize] == 1).collect())
                .collect(),
        };
        // All-zero rows have no primary column, so the oracle never uses them.
        let solvable = !problem.oracle().is_empty();
        let out = run_example("p4929", &[], input.as_bytes());
        assert!(out.status.success(), "case {case}");
        let text = String::from_utf8(out.stdout).unwrap();
        if !solvable {
            assert_eq!(text, "No Solution!\n", "case {case}: {input}");
            continue;
        }
        let rows: Vec<u32> = text
            .split_whitespace()
            .map(|t| t.parse::<u32>().unwrap() - 1)
            .collect();
        let mut hits = vec![0; m];
        for &r in &rows {
            for c in 0..m {
                hits[c] += matrix[r as usize][c];
            }
        }
        assert!(
            hits.iter().all(|&h| h == 1),
            "case {case}: {input} -> {text}"
        );
    }
}

#[test]
fn queens_and_timeslice_reject_bad_arguments() {
    for args in [&[][..], &["0"], &["-3"], &["x"], &["65"], &["8", "extra"]] {
        assert_rejected("queens", args, b"", &format!("{args:?}"));
    }
    for args in [
        &["0"][..],
        &["17"],
        &["8", "0"],
        &["8", "x"],
        &["8", "5", "6"],
    ] {
        assert_rejected("timeslice", args, b"", &format!("{args:?}"));
    }
}

/// The C example in README.md compiles cleanly and prints what its comment says.
#[test]
fn readme_example_works() {
    let readme = std::fs::read_to_string(common::manifest_dir().join("README.md")).unwrap();
    let start = readme.find("```c\n").expect("README has a C example") + 5;
    let end = start + readme[start..].find("```").unwrap();
    let dir = common::scratch_dir("readme");
    let src = dir.join("readme_example.c");
    std::fs::write(&src, &readme[start..end]).unwrap();
    let exe = dir.join("readme_example");
    common::compile_c(&[&src], &exe, &common::release_lib_dir(), false, false);
    let out = Command::new(&exe).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "0 1 \n2 3 \n");
}
