"""The player, the grade and the daily deal under MicroPython (the page's
runtime, via Node) print exactly what they print under CPython."""

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "tests", "micropython", "grade_checks.py")
NODE = shutil.which("node")
MPY_PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.skipif(not os.path.isdir(MPY_PACKAGE), reason="node_modules missing: run `npm ci`")
def test_micropython_grades_and_picks_the_daily_deal_like_cpython():
    """Same games, grades, day numbers and daily deals on both runtimes."""
    mpy = subprocess.run([NODE, os.path.join(ROOT, "tools", "mpy_run.mjs"), SCRIPT], capture_output=True, text=True,
                         cwd=ROOT, timeout=600)
    assert 0 == mpy.returncode, mpy.stderr
    assert "" == mpy.stderr.strip()
    cpy = subprocess.run([sys.executable, SCRIPT], capture_output=True, text=True, cwd=ROOT,
                         env=dict(os.environ, PYTHONPATH=ROOT), timeout=600)
    assert 0 == cpy.returncode, cpy.stderr
    assert cpy.stdout.split("\n") == mpy.stdout.split("\n")
    assert cpy.stdout.strip().endswith("ok 19")
