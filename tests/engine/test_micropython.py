"""The engine under MicroPython (the build the page runs, via Node): the shared
check script passes there and prints exactly what it prints under CPython."""

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "tests", "micropython", "engine_checks.py")
SOLVER_SCRIPT = os.path.join(ROOT, "tests", "micropython", "solver_checks.py")
RUNNER = os.path.join(ROOT, "tools", "mpy_run.mjs")
NODE = shutil.which("node")
MPY_PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")


def run_cpython(script=SCRIPT):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, script], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)


def run_micropython(script=SCRIPT):
    return subprocess.run([NODE, RUNNER, script], capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_checks_pass_under_cpython():
    """The check script passes under CPython and ends with 'ok N'."""
    result = run_cpython()
    assert 0 == result.returncode, result.stderr
    last = result.stdout.strip().split("\n")[-1]
    assert last.startswith("ok ") and int(last[3:]) >= 250


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.skipif(not os.path.isdir(MPY_PACKAGE), reason="node_modules missing: run `npm ci`")
def test_micropython_prints_what_cpython_prints():
    """Under MicroPython the engine deals, generates moves, plays, undoes, saves and refuses exactly as in CPython."""
    mpy = run_micropython()
    assert 0 == mpy.returncode, mpy.stderr
    assert "" == mpy.stderr.strip()  # no warnings (e.g. unsupported exception chaining)
    cpy = run_cpython()
    assert cpy.stdout.split("\n") == mpy.stdout.split("\n")
    assert mpy.stdout.strip().split("\n")[-1] == cpy.stdout.strip().split("\n")[-1]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.skipif(not os.path.isdir(MPY_PACKAGE), reason="node_modules missing: run `npm ci`")
def test_solver_under_micropython_finds_what_cpython_finds():
    """The solver (the worker's job) gives the same verdicts, node counts and lines under MicroPython."""
    mpy = run_micropython(SOLVER_SCRIPT)
    assert 0 == mpy.returncode, mpy.stderr
    assert "" == mpy.stderr.strip()
    cpy = run_cpython(SOLVER_SCRIPT)
    assert 0 == cpy.returncode, cpy.stderr
    assert cpy.stdout.split("\n") == mpy.stdout.split("\n")
    assert mpy.stdout.strip().endswith("ok 22")
