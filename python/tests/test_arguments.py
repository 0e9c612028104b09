"""Every argument is checked: TypeError for the wrong kind, ValueError for a value out
of range, OverflowError for one too large for the C type; each message names the
argument. Nothing wraps around or is truncated silently."""
import math

import pytest

from dlx import DlxArgumentError, DlxError, Problem, Sudoku


class Index:
    """An int-like object (as numpy integers are): accepted through __index__."""

    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


def small() -> Problem:
    p = Problem(primary=4)
    for cols in ([0, 3], [1, 2], [0, 1], [2, 3]):
        p.add_row(cols)
    return p


@pytest.mark.parametrize("call", [
    lambda: small().count(limit=2**64 + 3),  # used to count 3
    lambda: small().count(limit=2**64),
    lambda: Sudoku(4).count("." * 16, limit=2**64 + 3),
    lambda: Problem(4, seed=2**64),
    lambda: Sudoku(4).generate(seed=2**64 + 1),
    lambda: Sudoku(4).generate(proof_limit=2**70),
    lambda: small().add_row([2**32 + 1]),
    lambda: small().select(2**32),
    lambda: Problem(2**32),
])
def test_too_large_raises_overflow_error(call):
    with pytest.raises(OverflowError):
        call()


def test_too_large_names_the_argument():
    with pytest.raises(OverflowError, match="limit"):
        small().count(limit=2**64 + 3)
    with pytest.raises(OverflowError, match="seed"):
        Sudoku(4).generate(seed=2**64)
    with pytest.raises(OverflowError, match="primary"):
        Problem(2**40)


@pytest.mark.parametrize("call,name", [
    (lambda: small().count(limit=-1), "limit"),  # used to be accepted
    (lambda: Sudoku(4).count("." * 16, limit=-2), "limit"),
    (lambda: Problem(4, seed=-1), "seed"),
    (lambda: setattr(small(), "seed", -5), "seed"),
    (lambda: Sudoku(4).generate(seed=-1), "seed"),
    (lambda: Sudoku(4).generate(proof_limit=-1), "proof_limit"),
    (lambda: Problem(-1), "primary"),
    (lambda: Problem(3, -1), "secondary"),
    (lambda: small().add_row([0, -1]), r"columns\[1\]"),
    (lambda: small().select(-1), "row"),
    (lambda: small().count(timeout=-1), "timeout"),
    (lambda: small().solve(timeout=math.nan), "timeout"),
    (lambda: Sudoku(4).solve("." * 16, timeout=-0.5), "timeout"),
])
def test_negative_raises_value_error(call, name):
    with pytest.raises(ValueError, match=name):
        call()


@pytest.mark.parametrize("call,name", [
    (lambda: small().add_row("03"), "columns"),  # used to be read as [0, 3]
    (lambda: small().add_row(b"\x00\x03"), "columns"),
    (lambda: small().add_row(3), "columns"),
    (lambda: small().add_row([0.0, 1.0]), r"columns\[0\]"),  # floats were truncated
    (lambda: small().add_row([1, 2.9]), r"columns\[1\]"),
    (lambda: small().add_row([True]), r"columns\[0\]"),
    (lambda: small().add_row(["0"]), r"columns\[0\]"),
    (lambda: small().count(limit=2.0), "limit"),
    (lambda: small().count(limit="2"), "limit"),
    (lambda: small().count(timeout="1"), "timeout"),
    (lambda: small().select(1.0), "row"),
    (lambda: Problem(4.5), "primary"),
    (lambda: Problem("4"), "primary"),
    (lambda: Problem(4, 1.0), "secondary"),
    (lambda: Problem(4, seed=1.5), "seed"),
    (lambda: Sudoku(9.0), "n"),
    (lambda: Sudoku("9"), "n"),
    (lambda: Sudoku(9, box="33"), "box"),
    (lambda: Sudoku(9, box=(3.0, 3)), r"box\[0\]"),
    (lambda: Sudoku(9).solve(123), "puzzle"),  # used to be an AttributeError
    (lambda: Sudoku(9).solve(None), "puzzle"),
    (lambda: Sudoku(9).count(["."] * 81), "puzzle"),
    (lambda: Sudoku(4).generate(seed=1.0), "seed"),
])
def test_wrong_type_raises_type_error(call, name):
    with pytest.raises(TypeError, match=name):
        call()


@pytest.mark.parametrize("n", [0, 1, 3, 65, 1000, -9])
def test_sudoku_side_out_of_range(n):
    # Sudoku(0) used to fail with a bare ValueError from max()
    with pytest.raises(ValueError, match="n must be in 4..64"):
        Sudoku(n)


@pytest.mark.parametrize("n", [5, 7, 11, 13])
def test_sudoku_side_without_a_box_shape(n):
    # Sudoku(7) used to be accepted as 1x7 boxes
    with pytest.raises(ValueError, match="no box shape"):
        Sudoku(n)


def test_sudoku_explicit_box():
    s = Sudoku(7, box=(1, 7))  # a Latin square, asked for explicitly
    assert s.box == (1, 7)
    grid = s.solve("." * 49)
    rows = [grid[i * 7:(i + 1) * 7] for i in range(7)]
    assert all(len(set(r)) == 7 for r in rows)
    assert all(len({r[c] for r in rows}) == 7 for c in range(7))
    assert Sudoku(6, box=(3, 2)).box == (3, 2)
    assert Sudoku(6).box == (2, 3)
    with pytest.raises(ValueError, match="box"):
        Sudoku(9, box=(2, 4))
    with pytest.raises(ValueError, match=r"box\[0\]"):
        Sudoku(9, box=(0, 9))


def test_int_like_values_are_accepted():
    p = Problem(Index(4), Index(0), seed=Index(0))
    for cols in ([0, 3], [1, 2], [0, 1], [2, 3]):
        p.add_row([Index(c) for c in cols])
    assert p.count(limit=Index(1)) == 1
    p.select(Index(0))
    assert p.solve() == [0, 1]


def test_library_errors_are_value_errors_with_their_status():
    p = small()
    for cols, status in (([9], -5), ([1, 1], -6), ([], -7)):
        with pytest.raises(DlxArgumentError) as e:
            p.add_row(cols)
        assert e.value.status == status
        assert isinstance(e.value, ValueError) and isinstance(e.value, DlxError)
        assert "columns" in str(e.value)
    with pytest.raises(ValueError, match="row 7 does not exist"):
        p.select(7)
    with pytest.raises(ValueError, match="parse at offset 2"):
        Sudoku(4).solve("12x" + "." * 13)
    with pytest.raises(ValueError, match="offset 15"):
        Sudoku(4).solve("." * 15)  # a cell missing


def test_select_row_without_primary_column():
    p = Problem(primary=1, secondary=1)
    p.add_row([1])
    with pytest.raises(DlxArgumentError, match="no primary column"):
        p.select(0)


def test_limits_at_the_edges_are_fine():
    assert small().count(limit=2**64 - 1) == 2
    assert small().count(limit=0) == 2
    p = Problem(4, seed=2**64 - 1)
    p.add_row([0, 1, 2, 3])
    assert p.solve() == [0]
    assert Sudoku(4).count("." * 16, limit=0, timeout=60) == 288
    assert Sudoku(64).n == 64
