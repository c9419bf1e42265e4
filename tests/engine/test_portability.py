"""The engine modules use nothing MicroPython lacks (SPEC §6)."""

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ENGINE = ["__init__", "__main__", "cards", "cli", "deal", "errors", "game", "move", "position", "rules"] + [
    "solver/" + name for name in ("__init__", "clock", "lines", "search", "state")
]
FORBIDDEN_MODULES = {"dataclasses", "enum", "typing", "__future__", "bisect", "functools", "random"}
FORBIDDEN_NAMES = {"maketrans", "lru_cache", "isdigit", "isnumeric", "isdecimal"}


@pytest.mark.parametrize("name", ENGINE)
def test_engine_module_avoids_what_micropython_lacks(name):
    """No dataclasses, enum, typing, __future__, bisect, functools, random, str.maketrans or isdigit."""
    path = os.path.join(ROOT, "seahaven", name + ".py")
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
