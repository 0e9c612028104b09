"""Exact cover with colours (XCC) and multiplicities (MCC) from Python: Knuth's
example from dlx2.w with DLX2's figures, bounds, and the errors of the new
arguments."""
import pytest

import dlx


def knuth_example() -> dlx.Problem:
    # A B C | X Y; colours: "0" = 1, "1" = 2. The option "X:0 Y:1" has no primary
    # column and is left out, as DLX2 drops it.
    p = dlx.Problem(3, 2)
    p.add_row([0, 1, 3, 4], colors=[0, 0, 1, 1])
    p.add_row([0, 2, 3, 4], colors=[0, 0, 2, 2])
    p.add_row([1, 3], colors=[0, 2])
    p.add_row([2, 4], colors=[0, 2])
    return p


def test_knuths_example_has_dlx2s_solution_and_figures():
    p = knuth_example()
    assert list(p) == [[1, 2]]
    st = p.stats()
    assert (st.solutions, st.nodes, st.updates, st.cleansings) == (1, 4, 14, 5)
    assert p.count() == 1


def test_colours_share_a_secondary_column_only_when_they_agree():
    p = dlx.Problem(2, 1)
    p.add_row([0, 2], colors=[0, 1])
    p.add_row([1, 2], colors=[0, 1])
    assert p.count() == 1
    q = dlx.Problem(2, 1)
    q.add_row([0, 2], colors=[0, 1])
    q.add_row([1, 2], colors=[0, 2])
    assert q.count() == 0
    q.select(0)
    with pytest.raises(dlx.DlxError):
        q.select(1)  # another colour on column 2
    assert q.count() == 0


def test_bounds():
    # a in [1, 2], b in [0, 1], c exactly once; rows {a} {a b} {a c} {b c} {c}.
    p = dlx.Problem(3)
    for cols in ([0], [0, 1], [0, 2], [1, 2], [2]):
        p.add_row(cols)
    assert p.count() == 2
    p.set_bounds(0, 1, 2)
    p.set_bounds(1, 0, 1)
    assert p.count() == 7
    assert all(1 <= sum(0 in r for r in map(lambda i: [[0], [0, 1], [0, 2], [1, 2], [2]][i], s)) <= 2
               for s in p)
    # Forced rows with bounds: {a} is in four of the seven, {a} and {a b} in one;
    # a third use of a is refused.
    p.select(0)
    assert p.count() == 4
    p.select(1)
    assert list(p) == [[0, 1, 4]]
    with pytest.raises(dlx.DlxError):
        p.select(2)
    p.unselect_all()
    p.set_bounds(0, 1, 1)
    p.set_bounds(1, 1, 1)
    assert p.count() == 2


def test_bad_arguments():
    p = dlx.Problem(2, 1)
    with pytest.raises(dlx.DlxArgumentError):
        p.add_row([0, 2], colors=[1, 1])  # a colour on a primary column
    with pytest.raises(dlx.DlxArgumentError):
        p.add_row([0, 2], colors=[0])  # one colour for two columns
    with pytest.raises(TypeError):
        p.add_row([0, 2], colors="ab")
    with pytest.raises(dlx.DlxArgumentError):
        p.set_bounds(2, 1, 1)  # not primary
    with pytest.raises(dlx.DlxArgumentError):
        p.set_bounds(0, 2, 1)
    with pytest.raises(dlx.DlxArgumentError):
        p.set_bounds(0, 0, 0)
    assert p.rows == 0
