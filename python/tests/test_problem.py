import itertools

import pytest

import dlx
from dlx import DlxError, Problem


def queens(n: int) -> Problem:
    p = Problem(primary=2 * n, secondary=2 * (2 * n - 1))
    for r in range(n):
        for c in range(n):
            p.add_row([r, n + c, 2 * n + r + c, 4 * n - 1 + r + n - 1 - c])
    return p


def test_readme_example():
    p = Problem(primary=4)
    for cols in ([0, 3], [1, 2], [0, 1], [2, 3]):
        p.add_row(cols)
    assert list(p) == [[0, 1], [2, 3]]
    assert p.count() == 2
    assert p.count(limit=1) == 1


@pytest.mark.parametrize("n,want", [(1, 1), (4, 2), (6, 4), (8, 92)])
def test_queens_counts(n, want):
    p = queens(n)
    assert p.count() == want
    assert sum(1 for _ in p) == want
    assert p.stats().solutions == want


def test_solutions_are_exact_covers_against_brute_force():
    rows = [[0, 1], [2], [0], [1, 2], [3], [2, 3], [0, 3], [1]]
    p = Problem(primary=4)
    for r in rows:
        p.add_row(r)
    want = []
    for k in range(len(rows) + 1):
        for subset in itertools.combinations(range(len(rows)), k):
            cols = sorted(c for i in subset for c in rows[i])
            if cols == [0, 1, 2, 3]:
                want.append(sorted(subset))
    assert sorted(sorted(s) for s in p) == sorted(want)


def test_errors_carry_status_codes():
    p = Problem(primary=2)
    with pytest.raises(DlxError) as e:
        p.add_row([0, 0])
    assert e.value.status == -6
    with pytest.raises(DlxError) as e:
        p.add_row([5])
    assert e.value.status == -5
    with pytest.raises(DlxError) as e:
        p.add_row([])
    assert e.value.status == -7
    p.add_row([0])
    p.add_row([0, 1])
    p.select(0)
    with pytest.raises(DlxError) as e:
        p.select(1)
    assert e.value.status == -9


def test_forced_rows_and_seeds():
    p = queens(8)
    p.select(3)  # queen in row 0, column 3
    sols = list(p)
    assert len(sols) == 18 and all(s[0] == 3 for s in sols)
    p.unselect_all()
    firsts = set()
    for seed in range(1, 8):
        q = queens(8)
        q.seed = seed
        first = q.solve()
        assert first == q.solve()  # reproducible
        firsts.add(tuple(sorted(first)))
    assert len(firsts) > 1


def test_version():
    assert dlx.library_version().count(".") == 2
