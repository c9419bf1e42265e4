"""The engine under MicroPython (the build the page runs, via Node): the shared
check script passes there and prints exactly what it prints under CPython."""

from ..micropython_runs import checks, needs_micropython, run_cpython, same_under_both


def test_checks_pass_under_cpython():
    """The check script passes under CPython and ends with 'ok N'."""
    result = run_cpython(checks("engine"))
    assert 0 == result.returncode, result.stderr
    last = result.stdout.strip().split("\n")[-1]
    assert last.startswith("ok ") and int(last[3:]) >= 250


@needs_micropython
def test_micropython_prints_what_cpython_prints():
    """Under MicroPython the engine deals, generates moves, plays, undoes, saves and refuses exactly as in CPython."""
    out = same_under_both(checks("engine"))
    assert out.strip().split("\n")[-1].startswith("ok ")


@needs_micropython
def test_solver_under_micropython_finds_what_cpython_finds():
    """The solver (the worker's job) gives the same verdicts, node counts and lines under MicroPython."""
    assert same_under_both(checks("solver")).strip().endswith("ok 23")
