import pytest

from dlx import DlxError, Sudoku

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def valid(grid: str, n: int) -> bool:
    rows = [grid[i * n:(i + 1) * n] for i in range(n)]
    box_r = max(d for d in range(1, int(n ** 0.5) + 1) if n % d == 0)
    box_c = n // box_r
    units = rows + ["".join(r[c] for r in rows) for c in range(n)]
    for br in range(0, n, box_r):
        for bc in range(0, n, box_c):
            units.append("".join(rows[r][c] for r in range(br, br + box_r)
                                 for c in range(bc, bc + box_c)))
    return all(len(set(u)) == n and "." not in u for u in units)


def test_solve_and_count():
    s = Sudoku(9)
    solved = s.solve(HARD)
    assert valid(solved, 9)
    assert all(g in (".", x) for g, x in zip(HARD, solved))
    assert s.count(HARD, limit=2) == 1
    assert s.count("." * 81, limit=5) == 5


def test_clashing_givens_have_no_solution():
    assert Sudoku(9).solve("11" + "." * 79) is None


def test_parse_errors_carry_the_position():
    with pytest.raises(DlxError) as e:
        Sudoku(9).solve("12x" + "." * 78)
    assert e.value.status == -10
    assert "offset 2" in str(e.value)


@pytest.mark.parametrize("n", [4, 6, 9])
def test_generate_is_unique_and_reproducible(n):
    s = Sudoku(n)
    puzzle, solution = s.generate(seed=3)
    assert valid(solution, n)
    assert s.count(puzzle, limit=2) == 1
    assert s.generate(seed=3) == (puzzle, solution)
