//! The install as a user meets it. `make -C c_examples lib` builds; `make install` into a
//! temporary prefix with no cargo on PATH (install only copies) puts exactly the listed
//! files there; then programs built against the prefix run: C with nothing but
//! `pkg-config --cflags --libs dlx` (shared, with the rpath the README gives, and fully
//! static, without a linker warning), C++ through the wrapper, and the CMake example
//! through `find_package(dlx CONFIG REQUIRED)` (shared and static targets). `make
//! uninstall` removes every file again.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

const PROGRAM: &str = r#"#include <dlx.h>
#include <stdio.h>
int main(void) {
  dlx_dims d = {2, 0, 3, 4};
  dlx_solver *s;
  const uint32_t a[] = {0}, b[] = {1}, ab[] = {0, 1};
  uint64_t n = 0;
  if (dlx_abi_version() != DLX_ABI_VERSION || dlx_new(&d, &s) != DLX_OK) return 1;
  dlx_add_row(s, a, 1, NULL);
  dlx_add_row(s, b, 1, NULL);
  dlx_add_row(s, ab, 2, NULL);
  dlx_count(s, 0, &n);
  dlx_free(s);
  printf("%s %llu\n", dlx_version(), (unsigned long long)n);
  return 0;
}
"#;

const CXX_PROGRAM: &str = r#"#include <dlx.hpp>
#include <cstdio>
int main() {
  dlx::Solver s(dlx_dims{4, 0, 5, 10});
  s.add_row({0, 3}); s.add_row({1, 2}); s.add_row({0, 1}); s.add_row({2, 3});
  unsigned n = 0;
  for (dlx::Rows rows : s.solutions()) n += rows.size() == 2;
  std::printf("%s %u\n", DLX_VERSION_STRING, n);
  return 0;
}
"#;

fn have(tool: &str) -> bool {
    Command::new(tool).arg("--version").output().is_ok()
}

fn pkg_config(prefix: &Path, args: &[&str]) -> Vec<String> {
    let out = Command::new("pkg-config")
        .args(args)
        .arg("dlx")
        .env("PKG_CONFIG_PATH", prefix.join("lib/pkgconfig"))
        .output()
        .expect("pkg-config runs");
    assert!(out.status.success(), "pkg-config {args:?} dlx failed");
    String::from_utf8(out.stdout)
        .unwrap()
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// Runs `cmd`, asserts success and returns (stdout, stderr).
fn run(cmd: &mut Command, what: &str) -> (String, String) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{what} failed:\n{stdout}\n{stderr}");
    (stdout, stderr)
}

/// Runs an installed program the way a user would: no LD_LIBRARY_PATH.
fn run_bin(exe: &Path, args: &[&str]) -> String {
    let mut cmd = Command::new(exe);
    cmd.args(args).env_remove("LD_LIBRARY_PATH");
    run(&mut cmd, &exe.display().to_string()).0
}

fn cc() -> String {
    std::env::var("CC").unwrap_or_else(|_| "cc".into())
}

fn cxx() -> String {
    std::env::var("CXX").unwrap_or_else(|_| "c++".into())
}

/// `make -C c_examples <target> PREFIX=prefix`, with no cargo on PATH.
fn make(prefix: &Path, target: &str) {
    let mut cmd = Command::new("make");
    cmd.args(["-s", "-C", "c_examples", target])
        .arg(format!("PREFIX={}", prefix.display()))
        .env("PATH", path_without_cargo())
        .current_dir(common::manifest_dir());
    run(&mut cmd, &format!("make {target}"));
}

#[test]
fn install_then_use_from_c_cxx_and_cmake() {
    for tool in ["pkg-config", "cmake"] {
        if !have(tool) {
            // .ci/run installs both; on a developer machine without them, say so.
            assert!(std::env::var_os("CI").is_none(), "{tool} is missing in CI");
            eprintln!("SKIPPED: {tool} is not installed");
            return;
        }
    }
    // What `make -C c_examples lib` builds: the release library and the LTO'd static one.
    common::release_lib_dir();
    let mut cmd = Command::new(env!("CARGO"));
    cmd.args(["rustc", "--profile", "release-static", "--lib"])
        .args(["--crate-type", "staticlib"])
        .current_dir(common::manifest_dir());
    run(&mut cmd, "cargo rustc --profile release-static");

    let dir = common::scratch_dir("install");
    let prefix = dir.join("prefix");
    let _ = std::fs::remove_dir_all(&prefix);
    make(&prefix, "install");
    let abi = dlx::ffi::DLX_ABI_VERSION;
    let mut want: Vec<String> = [
        "bin/dlx",
        "include/dlx.h",
        "include/dlx.hpp",
        "lib/cmake/dlx/dlxConfig.cmake",
        "lib/cmake/dlx/dlxConfigVersion.cmake",
        "lib/libdlx.a",
        "lib/libdlx.so",
        "lib/pkgconfig/dlx.pc",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([format!("lib/libdlx.so.{abi}")])
    .collect();
    want.sort();
    assert_eq!(files_under(&prefix), want, "make install put other files");
    let real = std::fs::read_link(prefix.join("lib/libdlx.so")).unwrap();
    assert_eq!(real, Path::new(&format!("libdlx.so.{abi}")));
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(pkg_config(&prefix, &["--modversion"]), [version]);
    // The static library a C program links: whole-program optimised and without debug
    // info (it was 22 MB with all of Rust's std in it).
    let static_size = std::fs::metadata(prefix.join("lib/libdlx.a"))
        .unwrap()
        .len();
    assert!(static_size < 6 << 20, "libdlx.a is {static_size} bytes");

    let want_c = format!("{version} 2\n");
    let src = dir.join("uses_dlx.c");
    std::fs::write(&src, PROGRAM).unwrap();

    // Shared, with the rpath the README gives for a prefix outside the loader's path.
    let exe = dir.join("shared");
    let libdir = pkg_config(&prefix, &["--variable=libdir"]);
    let mut cmd = Command::new(cc());
    cmd.arg("-std=c11").arg(&src).arg("-o").arg(&exe);
    cmd.args(pkg_config(&prefix, &["--cflags", "--libs"]));
    cmd.arg(format!("-Wl,-rpath,{}", libdir[0]));
    run(&mut cmd, "cc (shared)");
    assert_eq!(run_bin(&exe, &[]), want_c);

    // Fully static, as the README shows it: no glibc warning about Rust's std.
    let exe = dir.join("static");
    let mut cmd = Command::new(cc());
    cmd.args(["-std=c11", "-static"])
        .arg(&src)
        .arg("-o")
        .arg(&exe);
    cmd.args(pkg_config(&prefix, &["--cflags", "--libs", "--static"]));
    cmd.arg("-Wl,--gc-sections");
    let (_, warnings) = run(&mut cmd, "cc -static");
    assert!(
        !warnings.contains("warning"),
        "the static link warns:\n{warnings}"
    );
    assert_eq!(run_bin(&exe, &[]), want_c);

    // C++ through the installed wrapper.
    let src = dir.join("uses_dlx.cpp");
    std::fs::write(&src, CXX_PROGRAM).unwrap();
    let exe = dir.join("cxx");
    let mut cmd = Command::new(cxx());
    cmd.args(["-std=c++17", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        .arg(&src)
        .arg("-o")
        .arg(&exe);
    cmd.args(pkg_config(&prefix, &["--cflags", "--libs"]));
    cmd.arg(format!("-Wl,-rpath,{}", libdir[0]));
    run(&mut cmd, "c++ -std=c++17");
    assert_eq!(run_bin(&exe, &[]), format!("{version} 2\n"));
    // Below C++17 the wrapper says so.
    let out = Command::new(cxx())
        .args(["-std=c++14", "-fsyntax-only"])
        .arg(&src)
        .args(pkg_config(&prefix, &["--cflags"]))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("dlx.hpp needs C++17"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // CMake: the example project finds the package and links both targets.
    let build = dir.join("cmake-build");
    let _ = std::fs::remove_dir_all(&build);
    let mut cmd = Command::new("cmake");
    cmd.arg("-S")
        .arg(common::manifest_dir().join("c_examples/cmake"))
        .arg("-B")
        .arg(&build)
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display()));
    let (configured, _) = run(&mut cmd, "cmake configure");
    assert!(
        configured.contains(&format!("libdlx {version} (ABI {abi})")),
        "{configured}"
    );
    let mut cmd = Command::new("cmake");
    cmd.arg("--build").arg(&build);
    run(&mut cmd, "cmake --build");
    assert_eq!(run_bin(&build.join("count_queens"), &["8"]), "92\n");
    assert_eq!(run_bin(&build.join("count_queens_static"), &["8"]), "92\n");
    let ldd = Command::new("ldd")
        .arg(build.join("count_queens_static"))
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&ldd.stdout).contains("libdlx"));

    make(&prefix, "uninstall");
    assert_eq!(
        files_under(&prefix),
        Vec::<String>::new(),
        "uninstall left files"
    );
}

/// A version the package cannot satisfy is refused by find_package.
#[test]
fn cmake_package_checks_the_version() {
    if !have("cmake") {
        assert!(std::env::var_os("CI").is_none(), "cmake is missing in CI");
        eprintln!("SKIPPED: cmake is not installed");
        return;
    }
    let dir = common::scratch_dir("install-version");
    let pkg = dir.join("lib/cmake/dlx");
    std::fs::create_dir_all(&pkg).unwrap();
    let template = common::manifest_dir().join("c_examples/dlxConfigVersion.cmake.in");
    let text = std::fs::read_to_string(template)
        .unwrap()
        .replace("@VERSION@", "0.1.0")
        .replace("@VERSION_MAJOR@", "0")
        .replace("@VERSION_MINOR@", "1")
        .replace("@SIZEOF_VOID_P@", &std::mem::size_of::<usize>().to_string());
    std::fs::write(pkg.join("dlxConfigVersion.cmake"), text).unwrap();
    std::fs::write(pkg.join("dlxConfig.cmake"), "set(dlx_FOUND TRUE)\n").unwrap();
    for (request, ok) in [
        ("", true),
        ("0.1", true),
        ("0.1.0", true),
        ("0.2", false),
        ("1.0", false),
        ("0.0.9", false),
    ] {
        let project = dir.join(format!("p{}", request.replace('.', "_")));
        std::fs::create_dir_all(&project).unwrap();
        std::fs::write(
            project.join("CMakeLists.txt"),
            format!(
                "cmake_minimum_required(VERSION 3.16)\nproject(v C)\nfind_package(dlx {request} CONFIG REQUIRED)\n"
            ),
        )
        .unwrap();
        let out = Command::new("cmake")
            .arg("-S")
            .arg(&project)
            .arg("-B")
            .arg(project.join("build"))
            .arg(format!("-DCMAKE_PREFIX_PATH={}", dir.display()))
            .output()
            .unwrap();
        assert_eq!(
            out.status.success(),
            ok,
            "find_package(dlx {request}): {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// PATH without any directory holding a `cargo`: install must only copy.
fn path_without_cargo() -> std::ffi::OsString {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs = std::env::split_paths(&path).filter(|d| !d.join("cargo").exists());
    std::env::join_paths(dirs).unwrap()
}

/// Every file and symlink under `root`, relative, sorted.
fn files_under(root: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p: PathBuf = e.path();
            if e.file_type().unwrap().is_dir() {
                walk(root, &p, out);
            } else {
                out.push(p.strip_prefix(root).unwrap().to_string_lossy().into_owned());
            }
        }
    }
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out.sort();
    out
}
