//! What every function of the C API returns, as the C test suite calls it: each C
//! test (tests/c/*.c, and test_promises.c with the test hooks, which reach the panic
//! path) is linked with a wrapper around every `dlx_status` function of
//! `include/dlx.h` (`-Wl,--wrap`), which notes each status a call returns. Every
//! status noted must be `DLX_OK` or one that the function's comment in the header
//! names, and every function must have been called. tests/sudoku_status.rs makes
//! the Sudoku calls in every state on purpose; this test holds the whole API to its
//! comments with the calls of the whole suite.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use common::statuses::{declared, documented, status_names, Declared};

/// A C file defining `__wrap_f` for every declared function `f`: it calls
/// `__real_f` and notes the function's index and the status, once per pair, as a
/// line `index status` appended to the file named by `DLX_STATUS_LOG`.
fn wrappers(decls: &[Declared]) -> String {
    let mut c = String::from(
        "#include <stdio.h>\n#include <stdlib.h>\n#include \"dlx.h\"\n\n\
         static unsigned char noted[256][256];\n\n\
         static void note(int f, dlx_status s) {\n\
         \x20   unsigned char *seen = &noted[f & 255][(unsigned)(s + 128) & 255];\n\
         \x20   if (*seen) return;\n\
         \x20   *seen = 1;\n\
         \x20   const char *path = getenv(\"DLX_STATUS_LOG\");\n\
         \x20   FILE *log = path ? fopen(path, \"a\") : NULL;\n\
         \x20   if (log) { fprintf(log, \"%d %d\\n\", f, (int)s); fclose(log); }\n\
         }\n\n",
    );
    for (i, d) in decls.iter().enumerate() {
        let params = if d.params.is_empty() {
            "void"
        } else {
            &d.params
        };
        let args = d.args.join(", ");
        writeln!(c, "dlx_status __real_{}({params});", d.name).unwrap();
        writeln!(
            c,
            "dlx_status __wrap_{0}({params}) {{\n    dlx_status got = __real_{0}({args});\n    \
             note({i}, got);\n    return got;\n}}\n",
            d.name
        )
        .unwrap();
    }
    c
}

/// Compiles `test` with the wrappers against the static library in `lib`, runs it,
/// and adds the (function, status) pairs it noted to `seen`.
fn run_wrapped(
    test: &Path,
    wrappers: &Path,
    lib: &Path,
    extra: &[&str],
    decls: &[Declared],
    seen: &mut BTreeSet<(String, i32)>,
) {
    let dir = common::scratch_dir("statuses");
    let stem = test.file_stem().unwrap().to_string_lossy().into_owned();
    let exe = dir.join(format!("{stem}{}", extra.join("")));
    let wraps: Vec<String> = decls
        .iter()
        .map(|d| format!("-Wl,--wrap={}", d.name))
        .collect();
    let mut flags: Vec<&str> = wraps.iter().map(String::as_str).collect();
    flags.extend(extra);
    common::compile_c_with(&[test, wrappers], &exe, lib, false, false, &flags);
    let log = dir.join(format!("{stem}{}.log", extra.join("")));
    let _ = std::fs::remove_file(&log);
    common::run_c_test(&exe, &[("DLX_STATUS_LOG", &log)]);
    let noted = std::fs::read_to_string(&log).unwrap_or_default();
    for line in noted.lines() {
        let mut w = line.split_whitespace().map(|x| x.parse::<i64>().unwrap());
        let (f, s) = (w.next().unwrap() as usize, w.next().unwrap() as i32);
        seen.insert((decls[f].name.clone(), s));
    }
}

/// The handle types: a call whose first parameter is one is a call on a handle.
const HANDLES: [&str; 4] = [
    "struct dlx_solver *",
    "struct dlx_maximizer *",
    "struct dlx_sudoku *",
    "struct dlx_tiling *",
];

#[test]
fn every_status_of_every_function_is_documented_for_it() {
    let header = std::fs::read_to_string(common::manifest_dir().join("include/dlx.h")).unwrap();
    let names = status_names(&header);
    let decls = declared(&header);
    assert!(decls.len() > 50, "{} declarations", decls.len());
    let wrappers_c = common::scratch_dir("statuses").join("wrappers.c");
    std::fs::write(&wrappers_c, wrappers(&decls)).unwrap();

    let mut seen = BTreeSet::new();
    let lib = common::release_lib_dir();
    for test in &common::c_tests() {
        run_wrapped(test, &wrappers_c, &lib, &[], &decls, &mut seen);
    }
    let hooks = common::hooks_lib_dir();
    let promises = common::promises_test();
    run_wrapped(
        &promises,
        &wrappers_c,
        &hooks,
        &["-DDLX_TEST_HOOKS"],
        &decls,
        &mut seen,
    );

    // The header's conventions: every call on a handle may also return these.
    const ON_A_HANDLE: [&str; 5] = [
        "DLX_ERR_NULL",
        "DLX_ERR_MISALIGNED",
        "DLX_ERR_CORRUPT",
        "DLX_ERR_INTERNAL",
        "DLX_ERR_BUSY",
    ];
    let on_a_handle: BTreeSet<&str> = decls
        .iter()
        .filter(|d| {
            let first = d.params.split(',').next().unwrap_or("");
            HANDLES.iter().any(|h| first.contains(h)) && !first.contains("**")
        })
        .map(|d| d.name.as_str())
        .collect();
    let mut bad = Vec::new();
    let mut by_function: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (func, st) in &seen {
        let name = names.get(st).map_or("an unknown status", String::as_str);
        by_function.entry(func).or_default().push(name);
        // (And any call, a constructor too, may return DLX_ERR_INTERNAL.)
        let by_convention = name == "DLX_ERR_INTERNAL"
            || (on_a_handle.contains(func.as_str()) && ON_A_HANDLE.contains(&name));
        if *st != 0 && !by_convention && !documented(&header, func).contains(name) {
            bad.push(format!("{func} returned {name}"));
        }
    }
    assert!(
        bad.is_empty(),
        "statuses not in their function's comment:\n{}",
        bad.join("\n")
    );
    let never: Vec<&str> = decls
        .iter()
        .map(|d| d.name.as_str())
        .filter(|f| !by_function.contains_key(f))
        .collect();
    assert!(
        never.is_empty(),
        "functions the C tests never call: {never:?}"
    );
}
