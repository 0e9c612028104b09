//! The C test suite and every C example on its samples, under AddressSanitizer +
//! UndefinedBehaviorSanitizer (the C side instrumented, the library built normally)
//! and under valgrind's memcheck. Any report fails the test.

mod common;

use std::path::PathBuf;
use std::process::Command;

const SANITIZE: &str = "-fsanitize=address,undefined -fno-sanitize-recover=all";
const VALGRIND: &str =
    "valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite";

fn c_tests() -> Vec<PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(common::manifest_dir().join("tests/c"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    v.sort();
    v
}

fn have(tool: &str) -> bool {
    let found = Command::new(tool).arg("--version").output().is_ok();
    // .ci/run installs the tools; only a developer machine may lack them.
    assert!(
        found || std::env::var_os("CI").is_none(),
        "{tool} is missing in CI"
    );
    if !found {
        eprintln!("SKIPPED: {tool} is not installed");
    }
    found
}

fn make_run(vars: &[String]) {
    let status = Command::new("make")
        .args(["-s", "-C", "c_examples", "run"])
        .args(vars)
        .arg(format!("CARGO={}", env!("CARGO")))
        .current_dir(common::manifest_dir())
        .status()
        .unwrap();
    assert!(status.success(), "make run {vars:?} failed");
}

#[test]
fn c_suite_under_asan_and_ubsan() {
    let lib = common::release_lib_dir();
    let dir = common::scratch_dir("asan");
    let flags: Vec<&str> = SANITIZE.split(' ').collect();
    let hooks = common::hooks_lib_dir();
    let mut hook_flags = flags.clone();
    hook_flags.push("-DDLX_TEST_HOOKS");
    let runs = c_tests()
        .into_iter()
        .map(|src| (src, &lib, &flags))
        .chain([(common::promises_test(), &hooks, &hook_flags)]);
    for (i, (src, lib, flags)) in runs.enumerate() {
        let exe = dir.join(format!(
            "{}-{i}",
            src.file_stem().unwrap().to_string_lossy()
        ));
        common::compile_c_with(&[&src], &exe, lib, false, false, flags);
        let out = Command::new(&exe).output().unwrap();
        assert!(
            out.status.success(),
            "{} under ASan/UBSan:\n{}{}",
            src.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn examples_under_asan_and_ubsan() {
    common::release_lib_dir();
    let build = common::scratch_dir("asan-examples");
    make_run(&[
        format!("BUILD={}", build.display()),
        format!("CFLAGS=-O1 -g {SANITIZE}"),
    ]);
}

#[test]
fn c_suite_under_valgrind() {
    if !have("valgrind") {
        return;
    }
    let lib = common::release_lib_dir();
    let dir = common::scratch_dir("valgrind");
    let hooks = common::hooks_lib_dir();
    let runs = c_tests()
        .into_iter()
        .map(|src| (src, &lib, &[][..]))
        .chain([(common::promises_test(), &hooks, &["-DDLX_TEST_HOOKS"][..])]);
    for (i, (src, lib, flags)) in runs.enumerate() {
        let exe = dir.join(format!(
            "{}-{i}",
            src.file_stem().unwrap().to_string_lossy()
        ));
        common::compile_c_with(&[&src], &exe, lib, false, false, flags);
        let mut args = VALGRIND.split(' ');
        let out = Command::new(args.next().unwrap())
            .args(args)
            .arg(&exe)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{} under valgrind:\n{}",
            src.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn examples_under_valgrind() {
    if !have("valgrind") {
        return;
    }
    common::release_lib_dir();
    let build = common::scratch_dir("valgrind-examples");
    make_run(&[
        format!("BUILD={}", build.display()),
        format!("RUNNER={VALGRIND}"),
    ]);
}
