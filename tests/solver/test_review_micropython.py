"""The review and game links under MicroPython (the solver's worker runtime, via
Node): the shared check script prints exactly what it prints under CPython."""

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "tests", "micropython", "review_checks.py")
RUNNER = os.path.join(ROOT, "tools", "mpy_run.mjs")
NODE = shutil.which("node")
MPY_PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.skipif(not os.path.isdir(MPY_PACKAGE), reason="node_modules missing: run `npm ci`")
def test_review_and_links_under_micropython_match_cpython():
    """Same verdicts, kept moves, critical marks, losing move, alternative, par and links;
    the review runs in slices (work) as a worker would run it."""
    env = dict(os.environ, PYTHONPATH=ROOT)
    cpy = subprocess.run([sys.executable, SCRIPT], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert 0 == cpy.returncode, cpy.stderr
    mpy = subprocess.run([NODE, RUNNER, SCRIPT], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert 0 == mpy.returncode, mpy.stderr
    assert "" == mpy.stderr.strip()
    assert cpy.stdout.split("\n") == mpy.stdout.split("\n")
    last = mpy.stdout.strip().split("\n")[-1]
    assert last.startswith("ok ") and int(last[3:]) >= 30
