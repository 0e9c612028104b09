//! `make -C c_examples install` into a temporary prefix with no cargo on PATH (install
//! only copies), then a C program built with nothing but `pkg-config --cflags --libs dlx`
//! (shared with the rpath the README gives, and once `--static`) runs; `make uninstall`
//! removes exactly what install put there.

mod common;

use std::path::Path;
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

#[test]
fn installed_library_builds_with_pkg_config() {
    if Command::new("pkg-config")
        .arg("--version")
        .output()
        .is_err()
    {
        // .ci/run installs pkg-config; on a developer machine without it, say so.
        assert!(
            std::env::var_os("CI").is_none(),
            "pkg-config is missing in CI"
        );
        eprintln!("SKIPPED: pkg-config is not installed");
        return;
    }
    common::release_lib_dir();
    let dir = common::scratch_dir("install");
    let prefix = dir.join("prefix");
    let _ = std::fs::remove_dir_all(&prefix);
    let make = |target: &str| {
        let status = Command::new("make")
            .args(["-s", "-C", "c_examples", target])
            .arg(format!("PREFIX={}", prefix.display()))
            .env("PATH", path_without_cargo())
            .current_dir(common::manifest_dir())
            .status()
            .unwrap();
        assert!(status.success(), "make {target} failed");
    };
    make("install");
    let abi = dlx::ffi::DLX_ABI_VERSION;
    let mut installed = files_under(&prefix);
    installed.sort();
    let mut want: Vec<String> = [
        "include/dlx.h",
        "include/dlx.hpp",
        "lib/libdlx.a",
        "lib/libdlx.so",
        "lib/pkgconfig/dlx.pc",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([format!("lib/libdlx.so.{abi}")])
    .collect();
    want.sort();
    assert_eq!(installed, want, "make install put other files");
    let real = std::fs::read_link(prefix.join("lib/libdlx.so")).unwrap();
    assert_eq!(real, Path::new(&format!("libdlx.so.{abi}")));
    assert_eq!(
        pkg_config(&prefix, &["--modversion"]),
        [env!("CARGO_PKG_VERSION")]
    );

    let src = dir.join("uses_dlx.c");
    std::fs::write(&src, PROGRAM).unwrap();
    let want = format!("{} 2\n", env!("CARGO_PKG_VERSION"));
    for static_link in [false, true] {
        let exe = dir.join(if static_link { "static" } else { "shared" });
        let mut cc = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()));
        cc.arg("-std=c11").arg(&src).arg("-o").arg(&exe);
        cc.args(pkg_config(&prefix, &["--cflags"]));
        if static_link {
            cc.arg("-static")
                .args(pkg_config(&prefix, &["--libs", "--static"]));
        } else {
            // The README's way for a prefix outside the loader's path: an rpath.
            cc.args(pkg_config(&prefix, &["--libs"]));
            let libdir = pkg_config(&prefix, &["--variable=libdir"]);
            cc.arg(format!("-Wl,-rpath,{}", libdir[0]));
        }
        let out = cc.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let run = Command::new(&exe)
            .env_remove("LD_LIBRARY_PATH")
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&run.stdout), want);
    }

    make("uninstall");
    assert_eq!(
        files_under(&prefix),
        Vec::<String>::new(),
        "uninstall left files"
    );
}

/// PATH without any directory holding a `cargo`: install must only copy.
fn path_without_cargo() -> std::ffi::OsString {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs = std::env::split_paths(&path).filter(|d| !d.join("cargo").exists());
    std::env::join_paths(dirs).unwrap()
}

/// Every file and symlink under `root`, relative, with `/` separators.
fn files_under(root: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
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
