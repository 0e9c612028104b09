//! The `dlx` command (c_examples/dlx.c): Knuth's input format on stdin, counts and
//! figures equal to Knuth's DLX2 (tests/data/xcc/random_dlx2.txt), its options, and
//! a one-line `line N: reason` for every kind of bad input.

mod common;

use common::xcc::Xcc;
use common::{assert_rejected, run_example};

const KNUTH: &str = "| A simple example of color controls\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";

fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn knuths_example_solution_and_figures() {
    let out = run_example("dlx", &[], KNUTH.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "A C X:1 Y:1\nB X:1\n\n"
    );
    let err = stderr_of(&out);
    assert!(
        err.contains("line 5: option without a primary item ignored"),
        "{err}"
    );
    // DLX2: 1 solution, 14 updates, 5 cleansings, 4 nodes.
    assert!(
        err.contains("1 solution, 4 nodes, 14 updates, 5 cleansings"),
        "{err}"
    );
    let out = run_example("dlx", &["--count", "--quiet"], KNUTH.as_bytes());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n");
}

#[test]
fn counts_and_figures_equal_dlx2_on_random_instances() {
    let text = include_str!("data/xcc/random_dlx2.txt");
    for line in text.lines().filter(|l| !l.starts_with('#')).step_by(7) {
        let v: Vec<u64> = line
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        let x = Xcc::random(v[0]);
        let out = run_example("dlx", &["--count"], x.knuth().as_bytes());
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{}\n", v[1]));
        let want = format!(
            "{} solution{}, {} nodes, {} updates, {} cleansings",
            v[1],
            if v[1] == 1 { "" } else { "s" },
            v[2],
            v[3],
            v[4]
        );
        assert!(
            stderr_of(&out).contains(&want),
            "seed {}: {}",
            v[0],
            stderr_of(&out)
        );
    }
}

#[test]
fn first_limit_seed_and_budget() {
    // Four queens-like rows: 2 solutions of a tiny problem with colours.
    let x = Xcc::random(168);
    let input = x.knuth();
    let all = run_example("dlx", &["--quiet"], input.as_bytes());
    let all = String::from_utf8_lossy(&all.stdout).into_owned();
    assert_eq!(all.matches("\n\n").count(), 198);
    let two = run_example("dlx", &["--first", "2"], input.as_bytes());
    let two = String::from_utf8_lossy(&two.stdout).into_owned();
    assert!(all.starts_with(&two) && two.matches("\n\n").count() == 2);
    let limit = run_example("dlx", &["--count", "--limit", "5"], input.as_bytes());
    assert_eq!(String::from_utf8_lossy(&limit.stdout), "5\n");
    // A random solution: one of the solutions, the same for the same seed.
    let a = run_example("dlx", &["--seed", "7"], input.as_bytes());
    let b = run_example("dlx", &["--seed", "7"], input.as_bytes());
    assert_eq!(a.stdout, b.stdout);
    let one = String::from_utf8_lossy(&a.stdout).into_owned();
    assert_eq!(one.matches("\n\n").count(), 1);
    let mut lines: Vec<&str> = one.lines().filter(|l| !l.is_empty()).collect();
    lines.sort();
    let found = all.split("\n\n").any(|sol| {
        let mut s: Vec<&str> = sol.lines().filter(|l| !l.is_empty()).collect();
        s.sort();
        s == lines
    });
    assert!(found, "{one}");
    // A budget too small: a lower bound and exit status 3 (as sudoku --time).
    let cut = run_example("dlx", &["--count", "--budget", "50"], input.as_bytes());
    assert_eq!(cut.status.code(), Some(3));
    let n: u64 = String::from_utf8_lossy(&cut.stdout).trim().parse().unwrap();
    assert!(n < 198);
    assert!(stderr_of(&cut).contains("stopped by --budget"));
}

#[test]
fn bad_input_is_refused_with_its_line() {
    let cases: &[(&str, &str, &str)] = &[
        ("", "line 1: no item line", "empty input"),
        (
            "| only a comment\n",
            "line 1: no item line",
            "only comments",
        ),
        ("a b\na c\n", "line 2: unknown item 'c'", "unknown item"),
        (
            "a b\na b a\n",
            "line 2: item twice in one option 'a'",
            "item twice",
        ),
        (
            "a b\n\na\nb b\n",
            "line 4: item twice in one option 'b'",
            "line numbers count blank lines",
        ),
        (
            "a a\n",
            "line 1: item listed twice 'a'",
            "item listed twice",
        ),
        (
            "a | b | c\n",
            "line 1: '|' twice in the item line",
            "two bars",
        ),
        (
            "a:x b\n",
            "line 1: forbidden character in item name 'a:x'",
            "colon in an item",
        ),
        (
            &format!("{} b\n", "n".repeat(65)),
            "line 1: item name too long",
            "long name",
        ),
        (
            "a | x\na x:1 b\n",
            "line 2: unknown item 'b'",
            "unknown after colour",
        ),
        (
            "a | x\nx:1 a:2\n",
            "line 2: colour on a primary item 'a'",
            "colour on primary",
        ),
        ("a | x\na x:\n", "line 2: empty name", "empty colour"),
        (
            "a | x\na x:p|q\n",
            "line 2: forbidden character in colour name",
            "bar in colour",
        ),
        (
            "0|a b\n",
            "line 1: bad bounds (upper bound 0)",
            "upper bound 0",
        ),
        (
            "3:2|a b\n",
            "line 1: bad bounds (lower bound above upper)",
            "lower above upper",
        ),
        ("x:2|a b\n", "line 1: bad bounds", "bound not a number"),
        (
            "a | 1|x\n",
            "line 1: bounds on a secondary item",
            "bounds on secondary",
        ),
        (
            "a\n\u{1}\n",
            "line 2: a byte that is not printable ASCII",
            "control byte",
        ),
    ];
    for (input, want, what) in cases {
        assert_rejected("dlx", &[], input.as_bytes(), what);
        let out = run_example("dlx", &[], input.as_bytes());
        let err = stderr_of(&out);
        assert!(err.starts_with(&format!("dlx: {want}")), "{what}: {err}");
    }
    for args in [
        &["--first"][..],
        &["--first", "x"],
        &["--count", "--first", "1"],
        &["--time", "0"],
        &["--bogus"],
        &["a", "b"],
    ] {
        assert_rejected("dlx", args, KNUTH.as_bytes(), &format!("{args:?}"));
    }
}

#[test]
fn help() {
    let out = run_example("dlx", &["--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("usage: dlx"));
}

#[test]
fn bounds_counts_and_figures_equal_dlx3() {
    let text = include_str!("data/xcc/random_dlx3.txt");
    for line in text.lines().filter(|l| !l.starts_with('#')).step_by(5) {
        let v: Vec<u64> = line
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        let x = Xcc::random_mcc(v[0]);
        if x.bounds.iter().all(|&b| b == (1, 1)) {
            // No bounds in the input: the command runs Algorithm C (DLX2's figures).
            continue;
        }
        let out = run_example("dlx", &["--count"], x.knuth().as_bytes());
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{}\n", v[1]));
        let want = format!(
            "{} solution{}, {} nodes, {} updates, {} cleansings",
            v[1],
            if v[1] == 1 { "" } else { "s" },
            v[2],
            v[3],
            v[4]
        );
        assert!(
            stderr_of(&out).contains(&want),
            "seed {}: {}",
            v[0],
            stderr_of(&out)
        );
    }
}
