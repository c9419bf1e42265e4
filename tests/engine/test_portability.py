"""The engine modules use nothing MicroPython lacks (design §6): every module
site.toml has a MicroPython interpreter load, and the command line."""

import ast
import os

import manifest
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FORBIDDEN_MODULES = {"dataclasses", "enum", "typing", "__future__", "bisect", "functools", "random"}
FORBIDDEN_NAMES = {"maketrans", "lru_cache", "isdigit", "isnumeric", "isdecimal"}


@pytest.mark.parametrize("module", manifest.load().micropython_modules)
def test_engine_module_avoids_what_micropython_lacks(module):
    """No dataclasses, enum, typing, __future__, bisect, functools, random, str.maketrans or isdigit."""
    path = os.path.join(ROOT, module)
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in FORBIDDEN_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in FORBIDDEN_MODULES:
            found.append(node.module)
        elif isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_NAMES:
            found.append(node.attr)
        elif isinstance(node, ast.Raise) and node.cause is not None and not (
            isinstance(node.cause, ast.Constant) and node.cause.value is None
        ):
            found.append("raise … from <exception> (MicroPython warns; use 'from None')")
    assert [] == found
