//! Argument helpers for `extern "C"` bodies, in the manner of rustls-ffi's
//! `try_ref_from_ptr!`, `try_mut_from_ptr!` and `try_slice!`: each turns one C
//! argument into a Rust value or returns `DLX_ERR_NULL` from the enclosing function,
//! so that a body reads as the one safe call it forwards.
//!
//! Every use relies on the enclosing function's `# Safety` contract: a non-NULL
//! pointer points at what its documentation says (a value, or `n` values), valid for
//! the whole call and not aliased by another argument that is written.

/// `&T` from a pointer that must not be NULL.
macro_rules! try_ref {
    ($p:expr) => {
        // SAFETY: NULL is refused; otherwise the caller's contract vouches for `*p`.
        match unsafe { $p.as_ref() } {
            Some(r) => r,
            None => return $crate::ffi::DLX_ERR_NULL,
        }
    };
}

/// `&mut T` from an (out-)pointer that must not be NULL.
macro_rules! try_mut {
    ($p:expr) => {
        // SAFETY: NULL is refused; otherwise the caller's contract vouches for `*p`.
        match unsafe { $p.as_mut() } {
            Some(r) => r,
            None => return $crate::ffi::DLX_ERR_NULL,
        }
    };
}

/// `Option<&mut T>` from an out-pointer that may be NULL ("unless NULL").
macro_rules! opt_mut {
    ($p:expr) => {
        // SAFETY: the caller's contract: NULL or a valid pointer.
        unsafe { $p.as_mut() }
    };
}

/// `&[T]` of `n` values from a pointer that may be NULL only when `n` is 0.
macro_rules! try_slice {
    ($p:expr, $n:expr) => {{
        let (p, n) = ($p, $n);
        if n == 0 {
            &[]
        } else if p.is_null() {
            return $crate::ffi::DLX_ERR_NULL;
        } else {
            // SAFETY: non-NULL, and the caller's contract vouches for `n` values.
            unsafe { ::core::slice::from_raw_parts(p, n) }
        }
    }};
}

/// `&[T]` of `n` values from a pointer that must not be NULL, even when `n` is 0.
macro_rules! try_array {
    ($p:expr, $n:expr) => {{
        let (p, n) = ($p, $n);
        if p.is_null() {
            return $crate::ffi::DLX_ERR_NULL;
        }
        // SAFETY: non-NULL, and the caller's contract vouches for `n` values.
        unsafe { ::core::slice::from_raw_parts(p, n) }
    }};
}

/// `&mut [T]` of `n` values from a pointer that must not be NULL, even when `n` is 0.
macro_rules! try_array_mut {
    ($p:expr, $n:expr) => {{
        let (p, n) = ($p, $n);
        if p.is_null() {
            return $crate::ffi::DLX_ERR_NULL;
        }
        // SAFETY: non-NULL, and the caller's contract vouches for `n` writable values.
        unsafe { ::core::slice::from_raw_parts_mut(p, n) }
    }};
}

/// `Option<&mut [T]>` of `n` values from a pointer that may be NULL.
macro_rules! opt_array_mut {
    ($p:expr, $n:expr) => {{
        let (p, n) = ($p, $n);
        // SAFETY: the caller's contract: NULL or `n` writable values.
        (!p.is_null()).then(|| unsafe { ::core::slice::from_raw_parts_mut(p, n) })
    }};
}

/// A value read from a pointer to a plain C struct that must not be NULL.
macro_rules! try_read {
    ($p:expr) => {
        *try_ref!($p)
    };
}
