"""No Python code can reach freed or reused memory: every search owns its solver, and
a problem cannot change while a search over it is under way."""
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import dlx
from dlx import Problem, SearchTimeout, Sudoku


def queens(n: int) -> Problem:
    p = Problem(primary=2 * n, secondary=2 * (2 * n - 1))
    for r in range(n):
        for c in range(n):
            p.add_row([r, n + c, 2 * n + r + c, 4 * n - 1 + r + n - 1 - c])
    return p


def test_add_row_during_iteration_raises():
    # Used to free the solver under the running generator (valgrind: invalid write in
    # dlx_next, block freed by add_row).
    q = queens(6)
    with pytest.raises(RuntimeError, match="search over this problem is under way"):
        for _ in q:
            q.add_row([0, 1])
    assert q.rows == 36  # nothing was added
    assert q.count() == 4  # and the problem still works


@pytest.mark.parametrize("change", [
    lambda q: q.add_row([0]),
    lambda q: q.select(0),
    lambda q: q.unselect_all(),
    lambda q: setattr(q, "seed", 5),
])
def test_every_change_is_refused_while_an_iterator_is_open(change):
    q = queens(6)
    it = iter(q)
    first = next(it)
    with pytest.raises(RuntimeError):
        change(q)
    assert next(it) != first  # the search goes on undisturbed
    it.close()
    change(q)  # allowed once the search is over


def test_changes_are_allowed_after_exhaustion_break_and_before_start():
    q = queens(5)
    assert len(list(q)) == 10
    q.seed = 3
    for _ in q:
        break  # the generator is dropped: its search is over
    q.seed = 0
    it = q.solutions()  # not started: no search under way
    q.add_row([0, 1])
    assert len(list(it)) == 10  # the search starts at the first next()


def test_two_iterators_are_independent():
    # Used to share one search: the second iterator yielded nothing.
    q = queens(6)
    want = list(q)
    assert len(want) == 4
    a, b = iter(q), iter(q)
    got_a, got_b = [], []
    for _ in range(4):  # interleaved
        got_a.append(next(a))
        got_b.append(next(b))
    assert got_a == got_b == want
    assert next(a, None) is None and next(b, None) is None
    assert list(iter(q)) == want


def test_count_and_solve_during_an_iteration_use_their_own_search():
    q = queens(6)
    it = iter(q)
    first = next(it)
    assert q.count() == 4
    assert q.solve() == first
    assert len(list(it)) == 3


def test_a_change_from_another_thread_during_count_raises():
    q = queens(14)  # about a second: long enough to be caught under way
    counted = []
    t = threading.Thread(target=lambda: counted.append(q.count()))
    t.start()
    deadline = time.monotonic() + 5
    while q._searches == 0 and t.is_alive() and time.monotonic() < deadline:
        time.sleep(0.0005)
    with pytest.raises(RuntimeError):
        q.add_row([0])
    t.join()
    assert counted == [365596] and q.rows == 196


def test_one_sudoku_refuses_a_second_concurrent_call():
    s = Sudoku(9)
    outcome = []

    def long_count():
        try:
            s.count("." * 81, timeout=1.0)
        except SearchTimeout as e:
            outcome.append(e.partial)

    t = threading.Thread(target=long_count)
    t.start()
    deadline = time.monotonic() + 5
    while not s._busy.locked() and time.monotonic() < deadline:
        time.sleep(0.001)
    with pytest.raises(RuntimeError, match="in use by another call"):
        s.solve("." * 81)
    t.join()
    assert outcome and outcome[0] > 0
    assert s.count("." * 81, limit=3) == 3  # usable again


UAF_SCRIPT = """
import dlx
q = dlx.Problem(primary=12, secondary=22)
n = 6
for r in range(n):
    for c in range(n):
        q.add_row([r, n + c, 2 * n + r + c, 4 * n - 1 + r + n - 1 - c])
try:
    for sol in q:
        q.add_row([0, 1])
except RuntimeError:
    pass
it1, it2 = iter(q), iter(q)
next(it1); next(it2); del it1
print(len(list(it2)))
"""


def dlx_errors(valgrind_log: str):
    """The valgrind error reports whose stack passes through libdlx (CPython itself
    reports a few uninitialised reads of its own under valgrind; they are not ours)."""
    frame = re.compile(r"^==\d+==\s+(?:at|by) 0x[0-9A-Fa-f]+: .*libdlx", re.M)
    blocks = re.split(r"^==\d+== ?$", valgrind_log, flags=re.M)
    return [b.strip() for b in blocks if frame.search(b)]


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_the_use_after_free_scenario_is_clean_under_valgrind():
    # The same dlx as this test run's (installed, or this source tree).
    env = dict(os.environ, PYTHONMALLOC="malloc",
               PYTHONPATH=str(Path(dlx.__file__).resolve().parent.parent))
    proc = subprocess.run(
        ["valgrind", "--leak-check=no", sys.executable, "-c", UAF_SCRIPT],
        env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert proc.stdout.strip() == "3"
    assert "ERROR SUMMARY" in proc.stderr  # valgrind did run
    assert dlx_errors(proc.stderr) == []
