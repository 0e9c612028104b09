"""Long calls run in budgeted slices: Ctrl-C (SIGINT) interrupts them within a slice
(about 20 ms), and they accept a timeout."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import dlx
from dlx import Problem, SearchTimeout, Sudoku

# A generous bound for a loaded CI machine; the latency is typically a few ms.
MAX_LATENCY = 1.0


def queens(n: int) -> Problem:
    p = Problem(primary=2 * n, secondary=2 * (2 * n - 1))
    for r in range(n):
        for c in range(n):
            p.add_row([r, n + c, 2 * n + r + c, 4 * n - 1 + r + n - 1 - c])
    return p


def interrupt_latency(code: str) -> float:
    """Runs `code` in a fresh interpreter, sends SIGINT once it is inside the long
    call, and returns the seconds until the process ended with KeyboardInterrupt."""
    env = dict(os.environ, PYTHONPATH=str(Path(dlx.__file__).resolve().parent.parent))
    script = "import sys, dlx\nprint('ready', flush=True)\n" + code
    proc = subprocess.Popen([sys.executable, "-c", script], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(0.5)  # well inside the call by now
        assert proc.poll() is None, "the call ended by itself"
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pytest.fail("SIGINT did not stop the call within 10 s")
        latency = time.monotonic() - sent
        assert "KeyboardInterrupt" in proc.stderr.read()
        return latency
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_ctrl_c_stops_an_endless_sudoku_count():
    # Sudoku(9).count("." * 81) used to ignore Ctrl-C (one C call, hours long).
    latency = interrupt_latency("dlx.Sudoku(9).count('.' * 81)")
    assert latency < MAX_LATENCY


def test_ctrl_c_stops_a_long_problem_count_and_iteration():
    setup = ("n = 16\nq = dlx.Problem(primary=2 * n, secondary=2 * (2 * n - 1))\n"
             "for r in range(n):\n    for c in range(n):\n"
             "        q.add_row([r, n + c, 2 * n + r + c, 4 * n - 1 + r + n - 1 - c])\n")
    assert interrupt_latency(setup + "q.count()") < MAX_LATENCY
    assert interrupt_latency(setup + "for s in q: pass") < MAX_LATENCY


def test_ctrl_c_stops_a_long_generation():
    assert interrupt_latency("s = dlx.Sudoku(49)\nwhile True: s.generate(seed=1)") \
        < MAX_LATENCY


def test_keyboard_interrupt_leaves_objects_usable(monkeypatch):
    # The interrupt surfaces between slices; the search is dropped cleanly.
    def interrupted(self, *args, **kwargs):
        raise KeyboardInterrupt

    q = queens(10)
    s = Sudoku(9)
    monkeypatch.setattr(dlx._Slices, "tick", interrupted)
    monkeypatch.setattr(dlx._Slices, "START_BUDGET", 1)  # every call spends its budget
    with pytest.raises(KeyboardInterrupt):
        q.count()
    with pytest.raises(KeyboardInterrupt):
        for _ in q:
            pass
    with pytest.raises(KeyboardInterrupt):
        s.count("." * 81)
    monkeypatch.undo()
    q.add_row([0])  # no search is left under way
    assert q.count() == 724
    assert s.count("." * 81, limit=4) == 4


def test_sudoku_count_timeout():
    start = time.monotonic()
    with pytest.raises(SearchTimeout) as e:
        Sudoku(9).count("." * 81, timeout=0.2)
    assert time.monotonic() - start < 0.2 + MAX_LATENCY
    assert e.value.partial > 0
    assert isinstance(e.value, TimeoutError)


def test_problem_count_and_iteration_timeout():
    q = queens(16)
    start = time.monotonic()
    with pytest.raises(SearchTimeout) as e:
        q.count(timeout=0.2)
    assert time.monotonic() - start < 0.2 + MAX_LATENCY
    assert e.value.partial >= 0
    it = q.solutions(timeout=0.2)
    with pytest.raises(SearchTimeout):
        for _ in it:
            pass
    q.add_row([0])  # the timed-out searches are over
    assert queens(6).count(timeout=30) == 4


def test_solve_and_generate_timeouts():
    # 25x25 generation takes far longer than 0.1 s
    with pytest.raises(SearchTimeout):
        Sudoku(25).generate(seed=1, timeout=0.1)
    assert Sudoku(4).generate(seed=1, timeout=30)[0]
    assert Sudoku(9).solve("." * 81, timeout=30) is not None
    p = queens(8)
    assert p.solve(timeout=30) is not None
