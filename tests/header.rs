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
