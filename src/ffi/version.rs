//! The library's version and C ABI version.

/// The C ABI version: bumped on any incompatible change of the API or of handles.
/// A program checks `dlx_abi_version() == DLX_ABI_VERSION` at start-up.
pub const DLX_ABI_VERSION: u32 = 1;

/// The library's version, "MAJOR.MINOR.PATCH" (static, never NULL).
#[no_mangle]
pub extern "C" fn dlx_version() -> *const ::core::ffi::c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The C ABI version the library was built with; compare with `DLX_ABI_VERSION`.
#[no_mangle]
pub extern "C" fn dlx_abi_version() -> u32 {
    DLX_ABI_VERSION
}
