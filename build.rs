//! Generates the C header with cbindgen into OUT_DIR/dlx.h, and copies it to
//! include/dlx.h when DLX_UPDATE_HEADER=1. A test compares the two.

use std::env;
use std::path::PathBuf;

fn main() {
    let crate_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("dlx.h");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-env-changed=DLX_UPDATE_HEADER");

    let mut config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("cbindgen.toml is readable");
    let version = |part: &str| env::var(format!("CARGO_PKG_VERSION_{part}")).unwrap();
    // The static-pool macros live in one C file of their own (see its comment).
    let sizes = std::fs::read_to_string(crate_dir.join("src/ffi/sizes.h"))
        .expect("src/ffi/sizes.h is readable");
    config.after_includes = Some(format!(
        "\n{}\n/* The version of this header (Cargo.toml's); compare dlx_version() at run time. */\n\
         #define DLX_VERSION_MAJOR {} /**< Major version of this header. */\n\
         #define DLX_VERSION_MINOR {} /**< Minor version of this header. */\n\
         #define DLX_VERSION_PATCH {} /**< Patch version of this header. */\n\
         #define DLX_VERSION_STRING \"{}\" /**< The version as text, as dlx_version() returns it. */",
        sizes.trim_end(),
        version("MAJOR"),
        version("MINOR"),
        version("PATCH"),
        env::var("CARGO_PKG_VERSION").unwrap(),
    ));
    let bindings = cbindgen::Builder::new()
        .with_crate(&crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen can read the crate");
    let mut text = Vec::new();
    bindings.write(&mut text);
    let text = parenthesize_negative_defines(&String::from_utf8(text).unwrap());
    let text = c89_comments(&text);
    std::fs::write(&out, &text).expect("OUT_DIR is writable");
    if env::var_os("DLX_UPDATE_HEADER").is_some_and(|v| v == "1") {
        std::fs::copy(&out, crate_dir.join("include/dlx.h")).expect("include/ is writable");
    }
    println!("cargo:rustc-env=DLX_GENERATED_HEADER={}", out.display());

    // ELF soname libdlx.so.<ABI>, so programs keep working across compatible releases.
    if env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux") {
        let abi = abi_version(&crate_dir.join("src/ffi/version.rs"));
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libdlx.so.{abi}");
    }
}

/// The one definition of the C ABI version is `DLX_ABI_VERSION` in src/ffi/version.rs.
fn abi_version(file: &std::path::Path) -> u32 {
    let text = std::fs::read_to_string(file).expect("src/ffi/version.rs is readable");
    text.lines()
        .find_map(|l| l.strip_prefix("pub const DLX_ABI_VERSION: u32 = "))
        .and_then(|v| v.trim_end_matches(';').parse().ok())
        .expect("src/ffi/version.rs defines DLX_ABI_VERSION as a literal")
}

/// `#define DLX_ERR_NULL -1` would make `x-DLX_ERR_NULL` read as `x--1`; C headers
/// write negative constants as `(-1)`.
fn parenthesize_negative_defines(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.lines() {
        match line
            .strip_prefix("#define ")
            .and_then(|rest| rest.split_once(' '))
        {
            Some((name, value)) if value.starts_with('-') && !value.contains(' ') => {
                out.push_str(&format!("#define {name} ({value})"));
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// cbindgen ends its `#endif` lines (and the `extern "C"` brace) with `// ...`
/// comments, which C89 does not have; every other comment is `/* */` already.
fn c89_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        match line.split_once("// ") {
            Some((code, note)) if !code.contains('"') && !code.contains("/*") => {
                out.push_str(&format!("{code}/* {note} */"));
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    out
}
