"""Dancing Links (Knuth's Algorithm X) exact cover, over the libdlx C library.

    >>> from dlx import Problem
    >>> p = Problem(primary=4)
    >>> for cols in ([0, 3], [1, 2], [0, 1], [2, 3]):
    ...     _ = p.add_row(cols)
    >>> list(p)
    [[0, 1], [2, 3]]

The wheel carries its own copy of libdlx. The environment variable DLX_LIBRARY (a path
to a libdlx shared library) overrides it; without a bundled copy (running from a source
checkout) the package looks in the checkout's cargo build tree, then on the system's
library path.

Long calls (counting, solving, generating) run in slices of about 20 ms, so Ctrl-C
(KeyboardInterrupt) stops them at once, and they accept a ``timeout`` in seconds.
Every search owns its own solver: iterators over one problem are independent, and a
problem cannot be changed while a search over it is under way (RuntimeError).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import math
import operator
import os
import sys
import threading
import time
from pathlib import Path
from typing import Generator, Iterable, Iterator, List, Optional, Tuple, Union

__all__ = [
    "DlxArgumentError",
    "DlxError",
    "Problem",
    "SearchTimeout",
    "Stats",
    "Sudoku",
    "__version__",
    "library_version",
]

# Status codes of the C API (fixed numbers, see include/dlx.h).
OK = 0
SOLUTION = 1
EXHAUSTED = 2
BUDGET_SPENT = 3
STOPPED = 4
_ERR_CAPACITY = -4
_ERR_COLUMN = -5
_ERR_DUPLICATE = -6
_ERR_EMPTY_ROW = -7
_ERR_STATE = -8
_ERR_CONFLICT = -9
_ERR_PARSE = -10
_ERR_ARG = -11
# Errors that describe a bad argument rather than a failure of the library.
_ARGUMENT_ERRORS = frozenset(
    (_ERR_CAPACITY, _ERR_COLUMN, _ERR_DUPLICATE, _ERR_EMPTY_ROW, _ERR_CONFLICT,
     _ERR_PARSE, _ERR_ARG)
)

_U32 = 2**32
_U64 = 2**64
_SUDOKU_MIN_N = 4  # DLX_SUDOKU_MIN_N
_SUDOKU_MAX_N = 64  # DLX_SUDOKU_MAX_N


class _Dims(ctypes.Structure):
    _fields_ = [
        ("primary", ctypes.c_uint32),
        ("secondary", ctypes.c_uint32),
        ("max_rows", ctypes.c_uint32),
        ("max_entries", ctypes.c_uint32),
    ]


class _XDims(ctypes.Structure):
    _fields_ = [
        ("primary", ctypes.c_uint32),
        ("secondary", ctypes.c_uint32),
        ("max_rows", ctypes.c_uint32),
        ("max_entries", ctypes.c_uint32),
        ("colors", ctypes.c_uint32),
        ("bounded", ctypes.c_uint32),
    ]


class _Stats(ctypes.Structure):
    _fields_ = [
        ("nodes", ctypes.c_uint64),
        ("updates", ctypes.c_uint64),
        ("solutions", ctypes.c_uint64),
        ("depth", ctypes.c_uint32),
        ("max_depth", ctypes.c_uint32),
    ]


def _library_file_name() -> str:
    if sys.platform == "win32":
        return "dlx.dll"
    if sys.platform == "darwin":
        return "libdlx.dylib"
    return "libdlx.so"


def _candidates() -> List[str]:
    env = os.environ.get("DLX_LIBRARY")
    if env:
        return [env]  # an explicit choice: no silent fallback to another copy
    name = _library_file_name()
    here = Path(__file__).resolve().parent
    found = [str(here / name)]  # the copy bundled in the wheel
    checkout = here.parent.parent  # python/dlx -> the repository root
    if (checkout / "Cargo.toml").is_file():
        target = Path(os.environ.get("CARGO_TARGET_DIR", checkout / "target"))
        found.append(str(target / "release" / name))
    system = ctypes.util.find_library("dlx")
    if system:
        found.append(system)
    return found


def _load() -> Tuple[ctypes.CDLL, str]:
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            errors.append(f"{path}: {e}")
    raise ImportError(
        "libdlx not found (install the package with pip, which builds and bundles it, "
        "or set DLX_LIBRARY to the path of libdlx):\n  " + "\n  ".join(errors)
    )


_lib, _library_path = _load()
_solver_p = ctypes.c_void_p
_u32_p = ctypes.POINTER(ctypes.c_uint32)
_u8_p = ctypes.POINTER(ctypes.c_uint8)
_size_p = ctypes.POINTER(ctypes.c_size_t)

_lib.dlx_status_str.restype = ctypes.c_char_p
_lib.dlx_status_str.argtypes = [ctypes.c_int32]
_lib.dlx_version.restype = ctypes.c_char_p
_lib.dlx_version.argtypes = []
_lib.dlx_abi_version.restype = ctypes.c_uint32
_lib.dlx_abi_version.argtypes = []
_lib.dlx_new.argtypes = [ctypes.POINTER(_Dims), ctypes.POINTER(_solver_p)]
_lib.dlx_free.argtypes = [_solver_p]
_lib.dlx_free.restype = None
_lib.dlx_add_row.argtypes = [_solver_p, _u32_p, ctypes.c_size_t, _u32_p]
_lib.dlx_new_x.argtypes = [ctypes.POINTER(_XDims), ctypes.POINTER(_solver_p)]
_lib.dlx_add_row_colored.argtypes = [_solver_p, _u32_p, _u32_p, ctypes.c_size_t, _u32_p]
_lib.dlx_set_bounds.argtypes = [_solver_p, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32]
_lib.dlx_get_cleansings.argtypes = [_solver_p, ctypes.POINTER(ctypes.c_uint64)]
_lib.dlx_select_row.argtypes = [_solver_p, ctypes.c_uint32]
_lib.dlx_unselect_all.argtypes = [_solver_p]
_lib.dlx_reset.argtypes = [_solver_p]
_lib.dlx_set_seed.argtypes = [_solver_p, ctypes.c_uint64]
_lib.dlx_next.argtypes = [_solver_p, ctypes.c_uint64]
_lib.dlx_solution.argtypes = [_solver_p, ctypes.POINTER(_u32_p), _size_p]
_lib.dlx_count.argtypes = [_solver_p, ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64)]
_lib.dlx_get_stats.argtypes = [_solver_p, ctypes.POINTER(_Stats)]
_lib.dlx_sudoku_new.argtypes = [ctypes.c_uint32, ctypes.c_uint32, ctypes.POINTER(_solver_p)]
_lib.dlx_sudoku_free.argtypes = [_solver_p]
_lib.dlx_sudoku_free.restype = None
_lib.dlx_sudoku_set_givens.argtypes = [_solver_p, _u8_p, ctypes.c_size_t]
_lib.dlx_sudoku_next.argtypes = [_solver_p, ctypes.c_uint64, _u8_p, ctypes.c_size_t]
_lib.dlx_sudoku_solve.argtypes = [_solver_p, _u8_p, ctypes.c_size_t, _u8_p]
_lib.dlx_sudoku_count.argtypes = [_solver_p, _u8_p, ctypes.c_size_t, ctypes.c_uint64,
                                  ctypes.POINTER(ctypes.c_uint64)]
_lib.dlx_sudoku_get_stats.argtypes = [_solver_p, ctypes.POINTER(_Stats)]
_lib.dlx_sudoku_generate_start.argtypes = [_solver_p, ctypes.c_uint64, ctypes.c_uint64]
_lib.dlx_sudoku_generate.argtypes = [_solver_p, ctypes.c_uint64, _u8_p, _u8_p, ctypes.c_size_t]
_lib.dlx_sudoku_parse.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint32,
                                  ctypes.c_uint32, _u8_p, ctypes.c_size_t, _size_p]
_lib.dlx_sudoku_format_size.argtypes = [ctypes.c_uint32, ctypes.c_uint32]
_lib.dlx_sudoku_format_size.restype = ctypes.c_size_t
_lib.dlx_sudoku_format.argtypes = [_u8_p, ctypes.c_size_t, ctypes.c_uint32, ctypes.c_uint32,
                                   ctypes.c_char_p, ctypes.c_size_t, _size_p]
for _f in ("dlx_sudoku_new", "dlx_sudoku_set_givens", "dlx_sudoku_next", "dlx_sudoku_solve",
           "dlx_sudoku_count", "dlx_sudoku_get_stats", "dlx_sudoku_generate_start",
           "dlx_sudoku_generate", "dlx_sudoku_parse", "dlx_sudoku_format",
           "dlx_new", "dlx_add_row", "dlx_select_row", "dlx_unselect_all", "dlx_reset",
           "dlx_set_seed", "dlx_next", "dlx_solution", "dlx_count", "dlx_get_stats"):
    getattr(_lib, _f).restype = ctypes.c_int32

ABI_VERSION = 1
if _lib.dlx_abi_version() != ABI_VERSION:
    raise ImportError(f"libdlx ABI {_lib.dlx_abi_version()} at {_library_path}, "
                      f"this package speaks {ABI_VERSION}")


def library_version() -> str:
    """The version of the loaded libdlx (``dlx_version()``), such as ``"0.1.0"``."""
    return _lib.dlx_version().decode()


#: The version of this package: the version of libdlx it carries (``dlx_version()``).
__version__: str = library_version()


# --- errors and argument checks ------------------------------------------------------


class DlxError(Exception):
    """A call the library refused or could not finish; ``status`` is the C status code
    (``DLX_ERR_*`` in dlx.h) and the message says which call and argument."""

    def __init__(self, status: int, what: str = ""):
        text = _lib.dlx_status_str(status).decode()
        super().__init__(f"{what}: {text}" if what else text)
        self.status = status


class DlxArgumentError(DlxError, ValueError):
    """A DlxError caused by the value of an argument (a column out of range, the same
    column twice, a clash between forced rows, unreadable grid text, ...). It is also a
    ValueError, so ``except ValueError`` catches every bad value."""


class SearchTimeout(TimeoutError):
    """A search ran out of its ``timeout``. ``partial`` holds what was found until then:
    the number of solutions counted for ``count``, None otherwise."""

    def __init__(self, message: str, partial: Optional[int] = None):
        super().__init__(message)
        self.partial = partial


def _raise(status: int, what: str) -> None:
    cls = DlxArgumentError if status in _ARGUMENT_ERRORS else DlxError
    raise cls(status, what)


def _check(status: int, what: str = "") -> int:
    """Returns a non-negative status; raises DlxError for a negative one."""
    if status < 0:
        _raise(status, what)
    return status


def _int_type(value: object, name: str) -> int:
    """`value` as an int: int or an object with __index__ (numpy integers), not bool,
    float or str (TypeError naming the argument)."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return operator.index(value)  # type: ignore[arg-type]


def _int_arg(value: object, name: str, lo: int = 0, hi: int = _U64) -> int:
    """`value` as an int in lo..hi-1, with TypeError / ValueError / OverflowError naming
    the argument."""
    v = _int_type(value, name)
    if v < lo:
        raise ValueError(f"{name} must be at least {lo}, got {v}")
    if v >= hi:
        bound = f"2**{hi.bit_length() - 1}" if hi & (hi - 1) == 0 else str(hi)
        raise OverflowError(f"{name} must be below {bound}, got {v}")
    return v


def _timeout_arg(value: object, name: str = "timeout") -> Optional[float]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number of seconds or None, "
                        f"not {type(value).__name__}")
    t = float(value)
    if math.isnan(t) or t < 0:
        raise ValueError(f"{name} must be a non-negative number of seconds, got {value!r}")
    return t


def _text_arg(value: object, name: str) -> bytes:
    if isinstance(value, str):
        return value.encode()
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    raise TypeError(f"{name} must be a str, not {type(value).__name__}")


# --- budgeted slices ------------------------------------------------------------------


class _Slices:
    """Budgets for a resumable C call, sized so that one call lasts about 20 ms: Python
    gets control back that often, so a KeyboardInterrupt (Ctrl-C) lands within one
    slice and a timeout is checked between slices. Only the time spent searching
    counts towards the timeout (an iterator's time between solutions does not)."""

    TARGET = 0.02  # seconds per slice
    MIN_BUDGET = 1 << 10
    MAX_BUDGET = 1 << 40
    START_BUDGET = 1 << 14

    def __init__(self, timeout: Optional[float], what: str):
        self.timeout = timeout
        self.what = what
        self.spent = 0.0
        self.budget = self.START_BUDGET
        self.mark = time.perf_counter()

    def tick(self, budget_spent: bool, partial: Optional[int] = None) -> None:
        """Books the time since the last tick; after a call that spent its whole
        budget, sizes the budget to the clock. Raises SearchTimeout when time is up."""
        now = time.perf_counter()
        took = now - self.mark
        self.mark = now
        self.spent += took
        if budget_spent:
            if took < self.TARGET / 4:
                self.budget = min(self.budget * 2, self.MAX_BUDGET)
            elif took > self.TARGET * 2:
                self.budget = max(self.budget // 2, self.MIN_BUDGET)
        if self.timeout is not None and self.spent >= self.timeout:
            raise SearchTimeout(f"{self.what}: no result within the timeout of "
                                f"{self.timeout} s", partial)

    def pause(self) -> None:
        """Books the search time before handing control to the caller (a yield)."""
        now = time.perf_counter()
        self.spent += now - self.mark
        self.mark = now

    def resume(self) -> None:
        """Starts the clock again after a pause."""
        self.mark = time.perf_counter()

    def run(self, call, *args) -> int:
        """One budgeted call ``call(*args, budget)``; returns its status."""
        status = call(*args, self.budget)
        if status == BUDGET_SPENT:
            self.tick(True)
        return status

    def count(self, call, *args, limit: int) -> int:
        """Counts the solutions that ``call(*args, budget)`` reports, up to ``limit``
        (0 = all). The clock is read only when a budget is spent and every 256
        solutions, which keeps the cost per solution low."""
        found = 0
        while True:
            status = call(*args, self.budget)
            if status == SOLUTION:
                found += 1
                if found == limit:
                    return found
                if not found & 255:
                    self.tick(False, found)
            elif status == BUDGET_SPENT:
                self.tick(True, found)
            elif status == EXHAUSTED:
                return found
            else:
                _check(status, self.what)


# --- figures --------------------------------------------------------------------------


class Stats:
    """Figures of a search: ``nodes`` and ``updates`` counted as Knuth's DLX1 counts
    them (the Sudoku helper counts placements and eliminations), ``solutions`` found,
    the current ``depth`` and the deepest, ``max_depth``; with colours or bounds the
    figures are Knuth's DLX2's (DLX3's), and ``cleansings`` his too (0 otherwise)."""

    def __init__(self, raw: Optional[_Stats] = None, cleansings: int = 0):
        raw = raw if raw is not None else _Stats()
        self.nodes: int = raw.nodes
        self.updates: int = raw.updates
        self.solutions: int = raw.solutions
        self.depth: int = raw.depth
        self.max_depth: int = raw.max_depth
        self.cleansings: int = cleansings

    def __repr__(self) -> str:
        return (f"Stats(nodes={self.nodes}, updates={self.updates}, "
                f"solutions={self.solutions}, depth={self.depth}, "
                f"max_depth={self.max_depth}, cleansings={self.cleansings})")


# --- exact cover ----------------------------------------------------------------------


class _Solver:
    """One libdlx solver handle, owned by exactly one search and freed when it ends."""

    def __init__(self, problem: "Problem"):
        rows = problem._rows
        colours = problem._colours
        bounds = problem._bounds
        dims = _XDims(problem.primary, problem.secondary, len(rows),
                      sum(len(r) for r in rows),
                      max((max(k) for k in colours if k), default=0), len(bounds))
        handle = _solver_p()
        _check(_lib.dlx_new_x(ctypes.byref(dims), ctypes.byref(handle)), "Problem: dlx_new")
        self.handle: Optional[int] = handle.value
        try:
            for cols, ks in zip(rows, colours):
                arr = (ctypes.c_uint32 * len(cols))(*cols)
                karr = (ctypes.c_uint32 * len(cols))(*ks) if ks else None
                _check(_lib.dlx_add_row_colored(self.handle, arr, karr, len(cols), None),
                       "add_row")
            for col, (lo, hi) in sorted(bounds.items()):
                _check(_lib.dlx_set_bounds(self.handle, col, lo, hi), "set_bounds")
            for row in problem._forced:
                _check(_lib.dlx_select_row(self.handle, row), "select")
            _check(_lib.dlx_set_seed(self.handle, problem.seed), "seed")
        except BaseException:
            self.free()
            raise

    def stats(self) -> Stats:
        raw = _Stats()
        _check(_lib.dlx_get_stats(self.handle, ctypes.byref(raw)), "stats")
        cleansings = ctypes.c_uint64()
        _check(_lib.dlx_get_cleansings(self.handle, ctypes.byref(cleansings)), "stats")
        return Stats(raw, cleansings.value)

    def free(self) -> None:
        if self.handle:
            _lib.dlx_free(self.handle)
            self.handle = None

    def __del__(self) -> None:
        self.free()


_Columns = Iterable[int]


class Problem:
    """An exact-cover problem: columns ``0 .. primary-1`` must be covered exactly once,
    columns ``primary .. primary+secondary-1`` at most once. Rows are added with
    :meth:`add_row`; iterate over the problem for its solutions (lists of row ids,
    forced rows first).

    Every search (an iteration, :meth:`count`, :meth:`solve`) builds its own solver
    from the rows, so iterators are independent of each other. While a search is under
    way (an iterator that has started and is neither exhausted nor closed), the
    problem cannot change: :meth:`add_row`, :meth:`select`, :meth:`unselect_all` and
    setting :attr:`seed` raise RuntimeError. Close an abandoned iterator with its
    ``close()`` method (or drop it) to end its search.
    """

    def __init__(self, primary: int, secondary: int = 0, seed: int = 0):
        p = _int_arg(primary, "Problem: primary", 0, _U32)
        s = _int_arg(secondary, "Problem: secondary", 0, _U32)
        if p + s >= 2**31:
            raise OverflowError(f"Problem: primary + secondary must be below 2**31, "
                                f"got {p + s}")
        self._primary = p
        self._secondary = s
        self._seed = _int_arg(seed, "Problem: seed")
        self._rows: List[Tuple[int, ...]] = []
        self._colours: List[Optional[Tuple[int, ...]]] = []  # per row, None = none
        self._bounds: dict = {}  # primary column -> (lo, hi), other than (1, 1)
        self._entries = 0
        self._forced: List[int] = []
        self._forced_cols: set = set()
        self._searches = 0  # searches under way
        self._lock = threading.Lock()  # guards the rows and the count of searches
        self._last = Stats()

    @property
    def primary(self) -> int:
        """The number of primary columns (covered exactly once)."""
        return self._primary

    @property
    def secondary(self) -> int:
        """The number of secondary columns (covered at most once)."""
        return self._secondary

    @property
    def seed(self) -> int:
        """0 (the default) searches in a fixed order; another value in 1..2**64-1
        randomises the order reproducibly, so the first solution is a random one."""
        return self._seed

    @seed.setter
    def seed(self, value: int) -> None:
        v = _int_arg(value, "Problem.seed")
        with self._lock:
            self._idle("setting seed")
            self._seed = v

    @property
    def rows(self) -> int:
        """The number of rows added so far."""
        return len(self._rows)

    def _idle(self, what: str) -> None:
        if self._searches:
            raise RuntimeError(
                f"Problem: {what} while a search over this problem is under way; "
                "finish the iteration or call its close() first")

    def add_row(self, columns: _Columns, colors: Optional[_Columns] = None) -> int:
        """Adds a row covering ``columns`` (ints, any order, each once) and returns
        its id (0, 1, ... in the order rows were added). ``colors``, one int per
        column (0 = none), gives secondary columns a colour: rows giving a secondary
        column the same colour may share it (exact cover with colours, Knuth's
        Algorithm C)."""
        if isinstance(columns, (str, bytes, bytearray)) or not hasattr(columns, "__iter__"):
            raise TypeError("Problem.add_row: columns must be an iterable of column "
                            f"indices, not {type(columns).__name__}")
        width = self._primary + self._secondary
        cols = tuple(_int_arg(c, f"Problem.add_row: columns[{i}]", 0, _U32)
                     for i, c in enumerate(columns))
        if not cols:
            _raise(_ERR_EMPTY_ROW, "Problem.add_row: columns is empty")
        for i, c in enumerate(cols):
            if c >= width:
                _raise(_ERR_COLUMN, f"Problem.add_row: columns[{i}] = {c} is not below "
                                    f"{width} (primary + secondary)")
        if len(set(cols)) != len(cols):
            _raise(_ERR_DUPLICATE, "Problem.add_row: columns names a column twice")
        ks: Optional[Tuple[int, ...]] = None
        if colors is not None:
            if isinstance(colors, (str, bytes, bytearray)) or not hasattr(colors, "__iter__"):
                raise TypeError("Problem.add_row: colors must be an iterable of ints")
            ks = tuple(_int_arg(k, f"Problem.add_row: colors[{i}]", 0, 2**31)
                       for i, k in enumerate(colors))
            if len(ks) != len(cols):
                _raise(_ERR_ARG, f"Problem.add_row: {len(ks)} colors for {len(cols)} "
                                 "columns")
            for i, (c, k) in enumerate(zip(cols, ks)):
                if k and c < self._primary:
                    _raise(_ERR_ARG, f"Problem.add_row: colors[{i}] gives primary column "
                                     f"{c} a colour")
            if not any(ks):
                ks = None
        with self._lock:
            self._idle("add_row")
            if len(self._rows) + 1 >= _U32 or self._entries + len(cols) >= _U32:
                _raise(_ERR_CAPACITY, "Problem.add_row: more than 2**32 rows or entries")
            if ks is not None and self._forced:
                _raise(_ERR_STATE, "Problem.add_row: a row with colours after select(); "
                                   "call unselect_all() first")
            self._rows.append(cols)
            self._colours.append(ks)
            self._entries += len(cols)
            return len(self._rows) - 1

    def select(self, row: int) -> None:
        """Forces ``row`` into every solution (a given)."""
        r = _int_arg(row, "Problem.select: row", 0, _U32)
        with self._lock:
            self._idle("select")
            if r >= len(self._rows):
                _raise(_ERR_ARG, f"Problem.select: row {r} does not exist "
                                 f"({len(self._rows)} rows)")
            cols = self._rows[r]
            if all(c >= self._primary for c in cols):
                _raise(_ERR_ARG, f"Problem.select: row {r} has no primary column")
            if self._bounds or any(k is not None for k in self._colours):
                # Colours and bounds: shared secondary columns must agree on a colour,
                # primary ones stay within their bounds; the library decides.
                self._forced.append(r)
                try:
                    _Solver(self).free()
                except DlxError:
                    self._forced.pop()
                    raise
                return
            if self._forced_cols.intersection(cols):
                _raise(_ERR_CONFLICT, f"Problem.select: row {r} shares a column with "
                                      "a forced row")
            self._forced.append(r)
            self._forced_cols.update(cols)

    def set_bounds(self, column: int, lo: int, hi: int) -> None:
        """Primary ``column`` must be covered at least ``lo`` and at most ``hi`` times
        (multiplicities, Knuth's Algorithm M; [1, 1] is the default). Forced rows
        that use the column more often than ``hi`` leave no solution."""
        c = _int_arg(column, "Problem.set_bounds: column", 0, _U32)
        lo_ = _int_arg(lo, "Problem.set_bounds: lo", 0, _U32)
        hi_ = _int_arg(hi, "Problem.set_bounds: hi", 0, _U32)
        if c >= self._primary:
            _raise(_ERR_COLUMN, f"Problem.set_bounds: column {c} is not primary "
                                f"(primary = {self._primary})")
        if hi_ == 0 or lo_ > hi_:
            _raise(_ERR_ARG, f"Problem.set_bounds: want 0 <= lo <= hi, 1 <= hi; got "
                             f"[{lo_}, {hi_}]")
        with self._lock:
            self._idle("set_bounds")
            if (lo_, hi_) == (1, 1):
                self._bounds.pop(c, None)
            else:
                self._bounds[c] = (lo_, hi_)

    def unselect_all(self) -> None:
        """Drops every forced row."""
        with self._lock:
            self._idle("unselect_all")
            self._forced.clear()
            self._forced_cols.clear()

    def _start(self) -> _Solver:
        with self._lock:
            solver = _Solver(self)
            self._searches += 1
            return solver

    def _finish(self, solver: _Solver) -> None:
        try:
            if solver.handle:
                self._last = solver.stats()
        finally:
            solver.free()
            with self._lock:
                self._searches -= 1

    def solutions(self, timeout: Optional[float] = None) -> Iterator[List[int]]:
        """Every solution in search order, each a list of row ids (forced rows first).
        ``timeout`` bounds the seconds spent searching (time spent between solutions
        in the caller's loop does not count): past it the iterator raises
        SearchTimeout. The search starts at the first ``next()``."""
        limit = _timeout_arg(timeout)
        return self._solutions(limit)

    def _solutions(self, timeout: Optional[float]) -> Generator[List[int], None, None]:
        solver = self._start()
        try:
            slices = _Slices(timeout, "Problem.solutions")
            rows = _u32_p()
            n = ctypes.c_size_t()
            while True:
                status = _check(slices.run(_lib.dlx_next, solver.handle), "next")
                if status == SOLUTION:
                    _check(_lib.dlx_solution(solver.handle, ctypes.byref(rows),
                                             ctypes.byref(n)), "solution")
                    found = rows[:n.value] if n.value else []
                    self._last = solver.stats()
                    slices.pause()
                    yield found
                    slices.resume()
                elif status == EXHAUSTED:
                    return
        finally:
            self._finish(solver)

    def __iter__(self) -> Iterator[List[int]]:
        """Every solution in search order (forced rows first); see :meth:`solutions`."""
        return self._solutions(None)

    def solve(self, timeout: Optional[float] = None) -> Optional[List[int]]:
        """The first solution (row ids, forced rows first), or None when there is
        none. Raises SearchTimeout after ``timeout`` seconds of search."""
        it = self._solutions(_timeout_arg(timeout))
        try:
            return next(it, None)
        finally:
            it.close()

    def count(self, limit: int = 0, timeout: Optional[float] = None) -> int:
        """The number of solutions, stopping at ``limit`` (0 = no limit; 2 answers "is
        it unique?"). Raises SearchTimeout, with the count so far in its ``partial``,
        after ``timeout`` seconds."""
        lim = _int_arg(limit, "Problem.count: limit")
        t = _timeout_arg(timeout)
        solver = self._start()
        try:
            return _Slices(t, "Problem.count").count(_lib.dlx_next, solver.handle, limit=lim)
        finally:
            self._finish(solver)

    def stats(self) -> Stats:
        """Figures of the last search over this problem (an iteration under way: as of
        its last solution); all zero before the first search."""
        return self._last

    def __repr__(self) -> str:
        return (f"Problem(primary={self._primary}, secondary={self._secondary}, "
                f"rows={len(self._rows)}, forced={len(self._forced)})")


# --- Sudoku ---------------------------------------------------------------------------


def _box_shape(n: int) -> Tuple[int, int]:
    """The box of a side-n grid: the most square factorisation (9 -> 3x3, 6 -> 2x3)."""
    rows = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)
    return rows, n // rows


class Sudoku:
    """Sudoku of side ``n`` (4..64) with boxes of ``box = (rows, cols)``, by default the
    most square shape (9 -> 3x3, 6 -> 2x3, 12 -> 3x4); a side without one (a prime
    such as 7) needs an explicit box such as ``(1, 7)``.

    Grids are text: one line or lines of cells, digits then letters, blanks ``.``,
    ``0`` or ``-``. Results come back as one line of n*n symbols. One Sudoku serves
    one call at a time (a second thread gets RuntimeError: use one per thread)."""

    def __init__(self, n: int = 9, box: Optional[Tuple[int, int]] = None):
        side = _int_type(n, "Sudoku: n")
        if not _SUDOKU_MIN_N <= side <= _SUDOKU_MAX_N:
            raise ValueError(f"Sudoku: n must be in {_SUDOKU_MIN_N}..{_SUDOKU_MAX_N}, "
                             f"got {side}")
        if box is None:
            box_rows, box_cols = _box_shape(side)
            if box_rows == 1:
                raise ValueError(f"Sudoku: n = {side} has no box shape (no factors "
                                 f"other than 1 and {side}); give box=(1, {side}) for "
                                 "a Latin square")
        else:
            if isinstance(box, (str, bytes)) or not hasattr(box, "__len__") or len(box) != 2:
                raise TypeError("Sudoku: box must be a pair (rows, cols)")
            box_rows = _int_arg(box[0], "Sudoku: box[0]", 1, _U32)
            box_cols = _int_arg(box[1], "Sudoku: box[1]", 1, _U32)
            if box_rows * box_cols != side:
                raise ValueError(f"Sudoku: box {box_rows}x{box_cols} does not make a "
                                 f"side of n = {side}")
        self._s: Optional[int] = None
        handle = _solver_p()
        _check(_lib.dlx_sudoku_new(box_rows, box_cols, ctypes.byref(handle)), "Sudoku")
        self._s = handle.value
        self.n: int = side
        self.box: Tuple[int, int] = (box_rows, box_cols)
        self._cells = side * side
        self._busy = threading.Lock()
        self._last = Stats()

    def __del__(self) -> None:
        if getattr(self, "_s", None):
            _lib.dlx_sudoku_free(self._s)
            self._s = None

    def __repr__(self) -> str:
        return f"Sudoku({self.n}, box={self.box})"

    def _enter(self, what: str) -> None:
        if not self._busy.acquire(blocking=False):
            raise RuntimeError(f"Sudoku.{what}: this Sudoku is in use by another call "
                               "(one Sudoku per thread)")

    def _leave(self) -> None:
        raw = _Stats()
        if _lib.dlx_sudoku_get_stats(self._s, ctypes.byref(raw)) == OK:
            self._last = Stats(raw)
        self._busy.release()

    def _parse(self, text: object, what: str):
        raw = _text_arg(text, f"Sudoku.{what}: puzzle")
        cells = (ctypes.c_uint8 * self._cells)()
        at = ctypes.c_size_t()
        status = _lib.dlx_sudoku_parse(raw, len(raw), self.n, 0, cells, self._cells,
                                       ctypes.byref(at))
        if status == _ERR_PARSE:
            _raise(status, f"Sudoku.{what}: puzzle, parse at offset {at.value}")
        _check(status, f"Sudoku.{what}: puzzle")
        return cells

    def _format(self, cells) -> str:
        size = _lib.dlx_sudoku_format_size(self.n, 0)
        buf = ctypes.create_string_buffer(size)
        _check(_lib.dlx_sudoku_format(cells, self._cells, self.n, 0, buf, size, None),
               "Sudoku: format")
        return buf.value.decode()

    def solve(self, puzzle: Union[str, bytes], timeout: Optional[float] = None
              ) -> Optional[str]:
        """The first solution of ``puzzle``, or None when it has none. Raises
        SearchTimeout after ``timeout`` seconds."""
        givens = self._parse(puzzle, "solve")
        t = _timeout_arg(timeout)
        out = (ctypes.c_uint8 * self._cells)()
        self._enter("solve")
        try:
            _check(_lib.dlx_sudoku_set_givens(self._s, givens, self._cells), "solve")
            slices = _Slices(t, "Sudoku.solve")
            while True:
                status = _check(slices.run(self._next, out), "Sudoku.solve")
                if status == SOLUTION:
                    return self._format(out)
                if status == EXHAUSTED:
                    return None
        finally:
            self._leave()

    def _next(self, out, budget: int) -> int:
        return _lib.dlx_sudoku_next(self._s, budget, out, self._cells)

    def count(self, puzzle: Union[str, bytes], limit: int = 0,
              timeout: Optional[float] = None) -> int:
        """The number of solutions of ``puzzle`` up to ``limit`` (0 = all; 2 answers
        "is it unique?"). Raises SearchTimeout, with the count so far in its
        ``partial``, after ``timeout`` seconds."""
        givens = self._parse(puzzle, "count")
        lim = _int_arg(limit, "Sudoku.count: limit")
        t = _timeout_arg(timeout)
        out = (ctypes.c_uint8 * self._cells)()
        self._enter("count")
        try:
            _check(_lib.dlx_sudoku_set_givens(self._s, givens, self._cells), "count")
            return _Slices(t, "Sudoku.count").count(self._next, out, limit=lim)
        finally:
            self._leave()

    def generate(self, seed: int = 1, proof_limit: int = 0,
                 timeout: Optional[float] = None) -> Tuple[str, str]:
        """A new puzzle with a unique solution, reproducible from ``seed``: returns
        ``(puzzle, solution)`` as text. ``proof_limit`` caps each uniqueness proof at
        that many updates (0 = no cap, the puzzle is minimal; large grids want about
        30000). Raises SearchTimeout after ``timeout`` seconds."""
        sd = _int_arg(seed, "Sudoku.generate: seed")
        pl = _int_arg(proof_limit, "Sudoku.generate: proof_limit")
        t = _timeout_arg(timeout)
        puzzle = (ctypes.c_uint8 * self._cells)()
        solution = (ctypes.c_uint8 * self._cells)()
        self._enter("generate")
        try:
            _check(_lib.dlx_sudoku_generate_start(self._s, sd, pl), "Sudoku.generate")
            slices = _Slices(t, "Sudoku.generate")
            while _check(slices.run(self._generate, puzzle, solution),
                         "Sudoku.generate") != OK:
                pass
            return self._format(puzzle), self._format(solution)
        finally:
            self._leave()

    def _generate(self, puzzle, solution, budget: int) -> int:
        return _lib.dlx_sudoku_generate(self._s, budget, puzzle, solution, self._cells)

    def stats(self) -> Stats:
        """Figures of the last call (placements as ``nodes``, candidate eliminations
        as ``updates``; see dlx_sudoku_get_stats in dlx.h)."""
        return self._last
