//! Compiles the C test suite (tests/c/*.c) as C11 and as C++17, links it against the
//! freshly built library (static and shared), and runs it.

mod common;

use std::process::Command;

fn build_and_run(cxx: bool, shared: bool) {
    let lib = common::release_lib_dir();
    let dir = common::scratch_dir("api");
    for src in common::c_tests() {
        let stem = src.file_stem().unwrap().to_string_lossy().into_owned();
        let exe = dir.join(format!(
            "{stem}-{}-{}",
            if cxx { "cxx17" } else { "c11" },
            if shared { "so" } else { "a" }
        ));
        common::compile_c(&[&src], &exe, &lib, cxx, shared);
        common::run_c_test(&exe, &[]);
    }
}

/// tests/c/test_promises.c with the test hooks (panics and re-entry on every handle
/// kind), as C11 and as C++17.
#[test]
fn promises_with_test_hooks() {
    let lib = common::hooks_lib_dir();
    let dir = common::scratch_dir("hooks");
    for cxx in [false, true] {
        let exe = dir.join(if cxx {
            "promises-cxx17"
        } else {
            "promises-c11"
        });
        let src = common::promises_test();
        common::compile_c_with(&[&src], &exe, &lib, cxx, false, &["-DDLX_TEST_HOOKS"]);
        common::run_c_test(&exe, &[]);
    }
}

#[test]
fn c11_static() {
    build_and_run(false, false);
}

#[test]
fn cxx17_shared() {
    build_and_run(true, true);
}

/// The C++17 wrapper include/dlx.hpp, with exceptions and without.
#[test]
fn cxx_wrapper() {
    let lib = common::release_lib_dir();
    let dir = common::scratch_dir("cpp");
    let cpp = common::manifest_dir().join("tests/cpp");
    for (name, extra) in [
        ("test_wrapper", &[][..]),
        (
            "test_noexcept",
            &["-fno-exceptions", "-DDLX_NO_EXCEPTIONS"][..],
        ),
    ] {
        let src = cpp.join(format!("{name}.cpp"));
        let exe = dir.join(name);
        common::compile_c_with(&[&src], &exe, &lib, true, false, extra);
        let out = Command::new(&exe).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains(", 0 failed"),
            "{name}: {stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
