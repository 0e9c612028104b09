"""Dancing Links (Knuth's Algorithm X) exact cover, over the libdlx C library.

    >>> from dlx import Problem
    >>> p = Problem(primary=4)
    >>> for cols in ([0, 3], [1, 2], [0, 1], [2, 3]):
    ...     _ = p.add_row(cols)
    >>> list(p)
    [[0, 1], [2, 3]]

The shared library is found through the DLX_LIBRARY environment variable (a path to
libdlx.so), next to this package, in a cargo build tree, or on the system's library path.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from pathlib import Path
from typing import Iterator, List, Optional, Sequence

__all__ = ["DlxError", "Problem", "Stats", "Sudoku", "library_version"]

# Status codes of the C API (fixed numbers).
OK = 0
SOLUTION = 1
EXHAUSTED = 2
BUDGET_SPENT = 3
STOPPED = 4


class _Dims(ctypes.Structure):
    _fields_ = [
        ("primary", ctypes.c_uint32),
        ("secondary", ctypes.c_uint32),
        ("max_rows", ctypes.c_uint32),
        ("max_entries", ctypes.c_uint32),
    ]


class _Stats(ctypes.Structure):
    _fields_ = [
        ("nodes", ctypes.c_uint64),
        ("updates", ctypes.c_uint64),
        ("solutions", ctypes.c_uint64),
        ("depth", ctypes.c_uint32),
        ("max_depth", ctypes.c_uint32),
    ]


def _candidates() -> List[str]:
    found = []
    env = os.environ.get("DLX_LIBRARY")
    if env:
        found.append(env)
    here = Path(__file__).resolve().parent
    found.append(str(here / "libdlx.so"))
    for up in (here.parent.parent, here.parent):
        target = Path(os.environ.get("CARGO_TARGET_DIR", up / "target"))
        found.append(str(target / "release" / "libdlx.so"))
    system = ctypes.util.find_library("dlx")
    if system:
        found.append(system)
    return found


def _load() -> ctypes.CDLL:
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            errors.append(f"{path}: {e}")
    raise ImportError(
        "libdlx not found; build it with `cargo build --release` or set DLX_LIBRARY:\n  "
        + "\n  ".join(errors)
    )


_lib = _load()
_solver_p = ctypes.c_void_p
_u32_p = ctypes.POINTER(ctypes.c_uint32)

_lib.dlx_status_str.restype = ctypes.c_char_p
_lib.dlx_status_str.argtypes = [ctypes.c_int32]
_lib.dlx_version.restype = ctypes.c_char_p
_lib.dlx_version.argtypes = []
_lib.dlx_abi_version.restype = ctypes.c_uint32
_lib.dlx_new.argtypes = [ctypes.POINTER(_Dims), ctypes.POINTER(_solver_p)]
_lib.dlx_free.argtypes = [_solver_p]
_lib.dlx_free.restype = None
_lib.dlx_add_row.argtypes = [_solver_p, _u32_p, ctypes.c_size_t, _u32_p]
_lib.dlx_select_row.argtypes = [_solver_p, ctypes.c_uint32]
_lib.dlx_unselect_all.argtypes = [_solver_p]
_lib.dlx_reset.argtypes = [_solver_p]
_lib.dlx_set_seed.argtypes = [_solver_p, ctypes.c_uint64]
_lib.dlx_next.argtypes = [_solver_p, ctypes.c_uint64]
_lib.dlx_solution.argtypes = [_solver_p, ctypes.POINTER(_u32_p), ctypes.POINTER(ctypes.c_size_t)]
_lib.dlx_count.argtypes = [_solver_p, ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64)]
_lib.dlx_get_stats.argtypes = [_solver_p, ctypes.POINTER(_Stats)]
_u8_p = ctypes.POINTER(ctypes.c_uint8)
_size_p = ctypes.POINTER(ctypes.c_size_t)
_lib.dlx_sudoku_new.argtypes = [ctypes.c_uint32, ctypes.c_uint32, ctypes.POINTER(_solver_p)]
_lib.dlx_sudoku_free.argtypes = [_solver_p]
_lib.dlx_sudoku_free.restype = None
_lib.dlx_sudoku_solve.argtypes = [_solver_p, _u8_p, ctypes.c_size_t, _u8_p]
_lib.dlx_sudoku_count.argtypes = [_solver_p, _u8_p, ctypes.c_size_t, ctypes.c_uint64,
                                  ctypes.POINTER(ctypes.c_uint64)]
_lib.dlx_sudoku_generate_start.argtypes = [_solver_p, ctypes.c_uint64, ctypes.c_uint64]
_lib.dlx_sudoku_generate.argtypes = [_solver_p, ctypes.c_uint64, _u8_p, _u8_p, ctypes.c_size_t]
_lib.dlx_sudoku_parse.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint32,
                                  ctypes.c_uint32, _u8_p, ctypes.c_size_t, _size_p]
_lib.dlx_sudoku_format_size.argtypes = [ctypes.c_uint32, ctypes.c_uint32]
_lib.dlx_sudoku_format_size.restype = ctypes.c_size_t
_lib.dlx_sudoku_format.argtypes = [_u8_p, ctypes.c_size_t, ctypes.c_uint32, ctypes.c_uint32,
                                   ctypes.c_char_p, ctypes.c_size_t, _size_p]
for _f in ("dlx_sudoku_new", "dlx_sudoku_solve", "dlx_sudoku_count",
           "dlx_sudoku_generate_start", "dlx_sudoku_generate", "dlx_sudoku_parse",
           "dlx_sudoku_format"):
    getattr(_lib, _f).restype = ctypes.c_int32
for _f in ("dlx_new", "dlx_add_row", "dlx_select_row", "dlx_unselect_all", "dlx_reset",
           "dlx_set_seed", "dlx_next", "dlx_solution", "dlx_count", "dlx_get_stats"):
    getattr(_lib, _f).restype = ctypes.c_int32

ABI_VERSION = 1
if _lib.dlx_abi_version() != ABI_VERSION:
    raise ImportError(f"libdlx ABI {_lib.dlx_abi_version()}, this package speaks {ABI_VERSION}")


class DlxError(Exception):
    """A failed library call; `status` is the C status code."""

    def __init__(self, status: int, what: str = ""):
        text = _lib.dlx_status_str(status).decode()
        super().__init__(f"{what}: {text}" if what else text)
        self.status = status


def _check(status: int, what: str = "") -> int:
    if status < 0:
        raise DlxError(status, what)
    return status


def library_version() -> str:
    """The version of the loaded libdlx."""
    return _lib.dlx_version().decode()


class Stats:
    """Search figures, counted as Knuth's DLX1 counts them."""

    def __init__(self, raw: _Stats):
        self.nodes: int = raw.nodes
        self.updates: int = raw.updates
        self.solutions: int = raw.solutions
        self.depth: int = raw.depth
        self.max_depth: int = raw.max_depth

    def __repr__(self) -> str:
        return (f"Stats(nodes={self.nodes}, updates={self.updates}, "
                f"solutions={self.solutions})")


class Problem:
    """An exact-cover problem: columns ``0 .. primary-1`` must be covered exactly once,
    columns ``primary .. primary+secondary-1`` at most once. Rows are added with
    :meth:`add_row`; iterate over the problem for its solutions (lists of row ids)."""

    def __init__(self, primary: int, secondary: int = 0, seed: int = 0):
        if primary < 0 or secondary < 0 or primary + secondary >= 2**31:
            raise ValueError("column counts out of range")
        self.primary = primary
        self.secondary = secondary
        self.seed = seed
        self._rows: List[List[int]] = []
        self._forced: List[int] = []
        self._solver: Optional[int] = None  # built lazily, sized to the rows

    def __del__(self) -> None:
        self._drop()

    def _drop(self) -> None:
        if getattr(self, "_solver", None):
            _lib.dlx_free(self._solver)
            self._solver = None

    def add_row(self, columns: Sequence[int]) -> int:
        """Adds a row covering `columns` (any order) and returns its id."""
        cols = [int(c) for c in columns]
        if not cols:
            raise DlxError(-7, "add_row")
        width = self.primary + self.secondary
        if any(c < 0 or c >= width for c in cols):
            raise DlxError(-5, "add_row")
        if len(set(cols)) != len(cols):
            raise DlxError(-6, "add_row")
        self._rows.append(cols)
        self._drop()
        return len(self._rows) - 1

    def select(self, row: int) -> None:
        """Forces `row` into every solution (a given)."""
        solver = self._build()
        _check(_lib.dlx_select_row(solver, row), "select")
        self._forced.append(row)

    def unselect_all(self) -> None:
        """Drops every forced row."""
        _check(_lib.dlx_unselect_all(self._build()), "unselect_all")
        self._forced.clear()

    def _build(self) -> int:
        if self._solver:
            return self._solver
        dims = _Dims(self.primary, self.secondary, len(self._rows),
                     sum(len(r) for r in self._rows))
        handle = _solver_p()
        _check(_lib.dlx_new(ctypes.byref(dims), ctypes.byref(handle)), "new")
        self._solver = handle.value
        for cols in self._rows:
            arr = (ctypes.c_uint32 * len(cols))(*cols)
            _check(_lib.dlx_add_row(self._solver, arr, len(cols), None), "add_row")
        for row in self._forced:
            _check(_lib.dlx_select_row(self._solver, row), "select")
        _check(_lib.dlx_set_seed(self._solver, self.seed), "seed")
        return self._solver

    def __iter__(self) -> Iterator[List[int]]:
        """Every solution in search order (forced rows first)."""
        solver = self._build()
        _check(_lib.dlx_reset(solver))
        _check(_lib.dlx_set_seed(solver, self.seed))
        rows = _u32_p()
        n = ctypes.c_size_t()
        while _check(_lib.dlx_next(solver, 0), "next") == SOLUTION:
            _check(_lib.dlx_solution(solver, ctypes.byref(rows), ctypes.byref(n)))
            yield [rows[i] for i in range(n.value)]

    def solve(self) -> Optional[List[int]]:
        """The first solution, or None."""
        return next(iter(self), None)

    def count(self, limit: int = 0) -> int:
        """The number of solutions, stopping at `limit` (0 = no limit; 2 = "unique?")."""
        solver = self._build()
        out = ctypes.c_uint64()
        _check(_lib.dlx_count(solver, limit, ctypes.byref(out)), "count")
        return out.value

    def stats(self) -> Stats:
        """Figures of the current or last search."""
        raw = _Stats()
        _check(_lib.dlx_get_stats(self._build(), ctypes.byref(raw)), "stats")
        return Stats(raw)


def _box_shape(n: int):
    """The box of a side-n grid: the most square factorisation (9 -> 3x3, 6 -> 2x3)."""
    rows = max(d for d in range(1, int(n ** 0.5) + 1) if n % d == 0)
    return rows, n // rows


class Sudoku:
    """Sudoku of side `n` (4..64; boxes as square as possible: 6 -> 2x3, 12 -> 3x4).
    Grids are text: one line or lines of cells, digits then letters, blanks '.', '0'
    or '-'. Results come back as one line of n*n symbols, blanks as '.'."""

    def __init__(self, n: int = 9):
        self.n = n
        box_rows, box_cols = _box_shape(n)
        handle = _solver_p()
        _check(_lib.dlx_sudoku_new(box_rows, box_cols, ctypes.byref(handle)), "Sudoku")
        self._s = handle.value
        self._cells = n * n

    def __del__(self) -> None:
        if getattr(self, "_s", None):
            _lib.dlx_sudoku_free(self._s)
            self._s = None

    def _parse(self, text: str):
        raw = text.encode()
        cells = (ctypes.c_uint8 * self._cells)()
        at = ctypes.c_size_t()
        status = _lib.dlx_sudoku_parse(raw, len(raw), self.n, 0, cells, self._cells,
                                       ctypes.byref(at))
        if status < 0:
            raise DlxError(status, f"parse at offset {at.value}")
        return cells

    def _format(self, cells) -> str:
        size = _lib.dlx_sudoku_format_size(self.n, 0)
        buf = ctypes.create_string_buffer(size)
        _check(_lib.dlx_sudoku_format(cells, self._cells, self.n, 0, buf, size, None))
        return buf.value.decode()

    def solve(self, text: str) -> Optional[str]:
        """The first solution of the puzzle, or None when it has none."""
        givens = self._parse(text)
        out = (ctypes.c_uint8 * self._cells)()
        status = _check(_lib.dlx_sudoku_solve(self._s, givens, self._cells, out), "solve")
        return self._format(out) if status == SOLUTION else None

    def count(self, text: str, limit: int = 0) -> int:
        """Solutions up to `limit` (0 = all; 2 answers "is it unique?")."""
        givens = self._parse(text)
        out = ctypes.c_uint64()
        _check(_lib.dlx_sudoku_count(self._s, givens, self._cells, limit, ctypes.byref(out)))
        return out.value

    def generate(self, seed: int = 1, proof_limit: int = 0):
        """A new puzzle with a unique solution, reproducible from `seed`:
        returns (puzzle, solution) as text."""
        _check(_lib.dlx_sudoku_generate_start(self._s, seed, proof_limit), "generate")
        puzzle = (ctypes.c_uint8 * self._cells)()
        solution = (ctypes.c_uint8 * self._cells)()
        _check(_lib.dlx_sudoku_generate(self._s, 0, puzzle, solution, self._cells), "generate")
        return self._format(puzzle), self._format(solution)
