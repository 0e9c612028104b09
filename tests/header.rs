//! include/dlx.h is checked in and must equal what build.rs generates.

#[test]
fn checked_in_header_is_current() {
    let generated = std::fs::read_to_string(env!("DLX_GENERATED_HEADER")).unwrap();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/include/dlx.h");
    let checked_in = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        generated == checked_in,
        "include/dlx.h is out of date with the Rust sources; refresh it with:\n    \
         DLX_UPDATE_HEADER=1 cargo build"
    );
}

/// The header reads in the order a user meets the calls: create, build, search,
/// inspect, images and parallel work, the domain helpers, then status texts and
/// versions.
#[test]
fn header_lists_functions_in_reading_order() {
    let header = include_str!("../include/dlx.h");
    // The line of the declaration (not of a comment or macro that names it).
    let at = |name: &str| {
        let call = format!("{name}(");
        header
            .lines()
            .position(|l| {
                !l.starts_with(['/', ' ', '#'])
                    && l.find(&call)
                        .is_some_and(|i| i > 0 && matches!(&l[i - 1..i], " " | "*"))
            })
            .unwrap_or_else(|| panic!("{name} is not declared in include/dlx.h"))
    };
    let order = [
        "dlx_required_size",
        "dlx_init_in",
        "dlx_new",
        "dlx_free",
        "dlx_add_row",
        "dlx_select_row",
        "dlx_next",
        "dlx_solution",
        "dlx_count",
        "dlx_enumerate",
        "dlx_get_stats",
        "dlx_progress",
        "dlx_image",
        "dlx_attach",
        "dlx_split",
        "dlx_count_parallel",
        "dlx_maximizer_init_in",
        "dlx_maximize",
        "dlx_sudoku_init_in",
        "dlx_tiling_init_in",
        "dlx_status_str",
        "dlx_version",
    ];
    for pair in order.windows(2) {
        assert!(
            at(pair[0]) < at(pair[1]),
            "{} should come before {}",
            pair[0],
            pair[1]
        );
    }
}

/// C tools read the header: its comments are `/** ... */` blocks that Doxygen and IDEs
/// pick up (docs/Doxyfile fails on an undocumented function), and it compiles as C89
/// (no `//` comments) with every warning an error.
#[test]
fn header_is_c89_with_doxygen_comments() {
    let header = include_str!("../include/dlx.h");
    assert!(
        !header.lines().any(|l| l.contains("//")),
        "a // comment in include/dlx.h"
    );
    let lines: Vec<&str> = header.lines().collect();
    for name in ["dlx_next", "dlx_init_in", "dlx_sudoku_solve", "dlx_version"] {
        let call = format!("{name}(");
        let decl = lines
            .iter()
            .position(|l| l.contains(&call) && !l.starts_with([' ', '/', '#']))
            .unwrap_or_else(|| panic!("{name} not declared"));
        // The lines right above: " */", comment lines, then "/**".
        assert_eq!(
            lines[decl - 1],
            " */",
            "{name}: no comment block right above"
        );
        let open = (0..decl - 1).rev().find(|&i| !lines[i].starts_with(" *"));
        assert_eq!(
            open.map(|i| lines[i]),
            Some("/**"),
            "{name}: not a /** block"
        );
    }
    let dir = std::env::temp_dir().join(format!("dlx-c89-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("c89.c");
    std::fs::write(&src, "#include \"dlx.h\"\nint main(void) { return dlx_abi_version() == DLX_ABI_VERSION ? 0 : 1; }\n").unwrap();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let out = std::process::Command::new(cc)
        .args([
            "-std=c89",
            "-pedantic",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-fsyntax-only",
            "-I",
        ])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/include"))
        .arg(&src)
        .output()
        .expect("the C compiler runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "include/dlx.h is not C89:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
