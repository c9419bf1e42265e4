"""The solver's worker (web/solver_worker.py) under MicroPython, the worker's
runtime (the build the page runs, via Node): its functions answer as the page
expects, exactly as under CPython."""

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "tests", "micropython", "worker_checks.py")
WORKER = os.path.join(ROOT, "web", "solver_worker.py")
RUNNER = os.path.join(ROOT, "tools", "mpy_run.mjs")
NODE = shutil.which("node")
MPY_PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.skipif(not os.path.isdir(MPY_PACKAGE), reason="node_modules missing: run `npm ci`")
def test_worker_answers_under_micropython_as_under_cpython():
    """solve (lines structured, refusals as "error"), ping and memory, as the page calls them."""
    mpy = subprocess.run([NODE, RUNNER, SCRIPT, WORKER], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert 0 == mpy.returncode, mpy.stderr
    assert "" == mpy.stderr.strip()
    env = dict(os.environ, PYTHONPATH=ROOT)
    cpy = subprocess.run([sys.executable, SCRIPT, WORKER], capture_output=True, text=True, cwd=ROOT, env=env,
                         timeout=120)
    assert 0 == cpy.returncode, cpy.stderr
    assert cpy.stdout.split("\n") == mpy.stdout.split("\n")
    assert mpy.stdout.strip().endswith("ok 4")
