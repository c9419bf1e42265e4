"""Running a check script of tests/micropython/ under CPython and under the
page's MicroPython (through Node, tools/mpy_run.mjs), for the tests that
compare the two: one runner, so each test says only what it checks."""

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NODE = shutil.which("node")
RUNNER = os.path.join(ROOT, "tools", "mpy_run.mjs")
MPY_PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")

needs_micropython = pytest.mark.skipif(
    NODE is None or not os.path.isdir(MPY_PACKAGE), reason="node or node_modules missing: run `npm ci`")


def checks(name):
    """The path of a check script: checks("engine") → tests/micropython/engine_checks.py."""
    return os.path.join(ROOT, "tests", "micropython", "%s_checks.py" % name)


def run_cpython(script, *args, timeout=120):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, script, *args], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=timeout)


def run_micropython(script, *args, timeout=120):
    return subprocess.run([NODE, RUNNER, script, *args], capture_output=True, text=True, cwd=ROOT, timeout=timeout)


def same_under_both(script, *args, timeout=120):
    """Run ``script`` under both; both succeed, MicroPython warns of nothing (no
    stderr), and they print the same lines. Returns MicroPython's output."""
    mpy = run_micropython(script, *args, timeout=timeout)
    assert 0 == mpy.returncode, mpy.stderr
    assert "" == mpy.stderr.strip()  # no warnings (e.g. unsupported exception chaining)
    cpy = run_cpython(script, *args, timeout=timeout)
    assert 0 == cpy.returncode, cpy.stderr
    assert cpy.stdout.split("\n") == mpy.stdout.split("\n")
    return mpy.stdout
