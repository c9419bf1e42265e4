"""Make ``seahaven`` and ``tests/strategies.py`` importable however pytest is started."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
ROOT = os.path.dirname(TESTS)

for path in (ROOT, TESTS):
    if path not in sys.path:
        sys.path.insert(0, path)
