//! Status codes: fixed numbers, never renumbered (the contract: docs/API.md), and
//! the one conversion from what the safe code returns to a `dlx_status`.

use crate::outcome::{Error, Step};
use crate::sudoku::GenStep;

/// Every call's result: 0 = done, positive = an outcome, negative = an error.
pub type dlx_status = i32;

/// Done.
pub const DLX_OK: dlx_status = 0;
/// A solution is ready (`dlx_solution`).
pub const DLX_SOLUTION: dlx_status = 1;
/// The search space is finished: no more solutions.
pub const DLX_EXHAUSTED: dlx_status = 2;
/// The work budget ran out; call again to resume exactly where it stopped.
pub const DLX_BUDGET_SPENT: dlx_status = 3;
/// A callback asked to stop.
pub const DLX_STOPPED: dlx_status = 4;
/// A required pointer was NULL.
pub const DLX_ERR_NULL: dlx_status = -1;
/// The memory block is smaller than required.
pub const DLX_ERR_TOO_SMALL: dlx_status = -2;
/// The memory block (or a handle) is not aligned to `dlx_required_align()`.
pub const DLX_ERR_MISALIGNED: dlx_status = -3;
/// More rows or entries than the dimensions allow.
pub const DLX_ERR_CAPACITY: dlx_status = -4;
/// A column index is out of range.
pub const DLX_ERR_COLUMN: dlx_status = -5;
/// The same column twice in one row.
pub const DLX_ERR_DUPLICATE: dlx_status = -6;
/// A row with no columns.
pub const DLX_ERR_EMPTY_ROW: dlx_status = -7;
/// Not allowed in the solver's current state (e.g. adding rows mid-search).
pub const DLX_ERR_STATE: dlx_status = -8;
/// A selected row clashes with an earlier selected row.
pub const DLX_ERR_CONFLICT: dlx_status = -9;
/// Text input is malformed.
pub const DLX_ERR_PARSE: dlx_status = -10;
/// An argument is out of its documented range.
pub const DLX_ERR_ARG: dlx_status = -11;
/// The handle is already inside a call (e.g. from a callback).
pub const DLX_ERR_BUSY: dlx_status = -12;
/// A memory image failed validation, or a handle is not one of its kind.
pub const DLX_ERR_CORRUPT: dlx_status = -13;
/// Allocation failed (allocating constructors only).
pub const DLX_ERR_NO_MEMORY: dlx_status = -14;
/// A bug; the handle is poisoned and every later call returns this. Also what a
/// call returns when the handle's block was changed by something other than the
/// library (a stray write, a scribble) so that an index in it points outside its
/// region: the library's bounds check stops the call there. Only then, and only in
/// the std build, Rust's panic hook prints one message on stderr before the call
/// returns (install your own hook with `std::panic::set_hook` in a Rust program to
/// silence it). Blocks changed only through this API, and images `dlx_attach`
/// accepted, never get there.
pub const DLX_ERR_INTERNAL: dlx_status = -100;

/// What a safe call returned, as the status a C caller gets: every `extern "C"`
/// function ends in this one conversion.
pub(crate) trait IntoStatus {
    fn into_status(self) -> dlx_status;
}

impl IntoStatus for dlx_status {
    fn into_status(self) -> dlx_status {
        self
    }
}

/// A call that returns nothing succeeded.
impl IntoStatus for () {
    fn into_status(self) -> dlx_status {
        DLX_OK
    }
}

impl IntoStatus for Step {
    fn into_status(self) -> dlx_status {
        match self {
            Step::Solution => DLX_SOLUTION,
            Step::Exhausted => DLX_EXHAUSTED,
            Step::BudgetSpent => DLX_BUDGET_SPENT,
        }
    }
}

impl IntoStatus for GenStep {
    fn into_status(self) -> dlx_status {
        match self {
            GenStep::Done => DLX_OK,
            GenStep::BudgetSpent => DLX_BUDGET_SPENT,
            GenStep::NoGrid => DLX_EXHAUSTED,
        }
    }
}

impl IntoStatus for Error {
    fn into_status(self) -> dlx_status {
        match self {
            Error::TooSmall => DLX_ERR_TOO_SMALL,
            Error::Capacity => DLX_ERR_CAPACITY,
            Error::Column => DLX_ERR_COLUMN,
            Error::Duplicate => DLX_ERR_DUPLICATE,
            Error::EmptyRow => DLX_ERR_EMPTY_ROW,
            Error::State => DLX_ERR_STATE,
            Error::Conflict => DLX_ERR_CONFLICT,
            Error::Arg => DLX_ERR_ARG,
            Error::Corrupt => DLX_ERR_CORRUPT,
        }
    }
}

impl<T: IntoStatus, E: IntoStatus> IntoStatus for Result<T, E> {
    fn into_status(self) -> dlx_status {
        match self {
            Ok(v) => v.into_status(),
            Err(e) => e.into_status(),
        }
    }
}

/// A static English description of a status code; never NULL, also for unknown codes.
#[no_mangle]
pub extern "C" fn dlx_status_str(status: dlx_status) -> *const ::core::ffi::c_char {
    let text: &'static ::core::ffi::CStr = match status {
        DLX_OK => c"ok",
        DLX_SOLUTION => c"a solution is ready",
        DLX_EXHAUSTED => c"no more solutions",
        DLX_BUDGET_SPENT => c"the work budget ran out; call again to resume",
        DLX_STOPPED => c"a callback asked to stop",
        DLX_ERR_NULL => c"a required pointer was NULL",
        DLX_ERR_TOO_SMALL => c"the memory block is smaller than required",
        DLX_ERR_MISALIGNED => c"the memory block is not aligned to dlx_required_align()",
        DLX_ERR_CAPACITY => c"more rows or entries than the dimensions allow",
        DLX_ERR_COLUMN => c"a column index is out of range",
        DLX_ERR_DUPLICATE => c"the same column twice in one row",
        DLX_ERR_EMPTY_ROW => c"a row with no columns",
        DLX_ERR_STATE => c"not allowed in the solver's current state",
        DLX_ERR_CONFLICT => c"a selected row clashes with an earlier selected row",
        DLX_ERR_PARSE => c"text input is malformed",
        DLX_ERR_ARG => c"an argument is out of its documented range",
        DLX_ERR_BUSY => c"the handle is already inside a call",
        DLX_ERR_CORRUPT => c"a memory image or a handle failed validation",
        DLX_ERR_NO_MEMORY => c"allocation failed",
        DLX_ERR_INTERNAL => c"internal error (a bug); the handle is poisoned",
        _ => c"unknown status code",
    };
    text.as_ptr()
}
