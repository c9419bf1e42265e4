"""Every refusal's key is catalogued (seahaven/errors.py ``catalogue``):
each raise of the engine, each refusal the controller, the solver's worker and
their bridges build, read from the sources, names a key of the catalogue and
only params it declares; and every catalogued key is refused somewhere."""

import ast
from pathlib import Path

import pytest

from seahaven import errors
from seahaven.errors import SeahavenError, catalogue

REFUSALS, INTERNAL = catalogue()
ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "seahaven").rglob("*.py")) + sorted((ROOT / "web").glob("*.py"))
CATALOGUE = dict(REFUSALS, **INTERNAL)
ERRORS = {name for name, value in vars(errors).items() if isinstance(value, type) and issubclass(value, SeahavenError)}
# Where a key passes through as a value, not written: raising what was refused, and the bridges' envelope.
PASSING = {("rules.py", "_refuse"), ("wire.py", "refusal_of"), ("wire.py", "answer_text")}


def called(node):
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def key_and_params(node):
    """``(key node, params)`` of a call that builds a refusal, or None: params a tuple of names,
    or None when they are not written out as a literal."""
    name = called(node)
    keywords = {k.arg: k.value for k in node.keywords}
    if name in ERRORS:  # SeahavenError(message, key, params)
        key = node.args[1] if len(node.args) > 1 else keywords.get("key")
        params = node.args[2] if len(node.args) > 2 else keywords.get("params")
    elif name == "_refuse":  # rules.py: _refuse(message, key, **params)
        return node.args[1], tuple(k.arg for k in node.keywords)
    elif name == "refused":  # web/wire.py: refused(key, params, message)
        key, params = node.args[0], node.args[1]
    elif name == "answer_text":  # web/wire.py: the key of a bridge's own error, its param the intent
        return node.args[3], ("intent",)
    else:
        return None
    if params is None:
        return key, ()
    if isinstance(params, ast.Dict):
        return key, tuple(k.value for k in params.keys if isinstance(k, ast.Constant))
    return key, None


class Refusals(ast.NodeVisitor):
    """Collects, in one source file, every refusal written (``found``: where, key, params) and
    every one whose key is not written there (``unwritten``), outside the places in PASSING."""

    def __init__(self, path):
        self.path, self.function, self.found, self.unwritten = path, None, [], []

    def where(self, node):
        return "%s:%d" % (self.path.relative_to(ROOT), node.lineno)

    def visit_FunctionDef(self, node):
        outer, self.function = self.function, node.name
        self.generic_visit(node)
        self.function = outer

    def visit_Call(self, node):
        got = key_and_params(node)
        if got:
            key, params = got
            if isinstance(key, ast.Constant):
                self.found.append((self.where(node), key.value, params))
            elif (self.path.name, self.function) not in PASSING:
                self.unwritten.append(self.where(node))
        self.generic_visit(node)

    def visit_Dict(self, node):
        """A refusal written as a dict: ``{"key": "save-replay", "params": {…}, …}``."""
        fields = {k.value: v for k, v in zip(node.keys, node.values) if isinstance(k, ast.Constant)}
        if isinstance(fields.get("key"), ast.Constant) and isinstance(fields.get("params"), ast.Dict):
            self.found.append((self.where(node), fields["key"].value, tuple(k.value for k in fields["params"].keys)))
        self.generic_visit(node)


def refusals():
    """``([(where, key, params)], [where])``: every refusal written in the sources, and those whose key is not."""
    found, unwritten = [], []
    for path in SOURCES:
        visitor = Refusals(path)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
        found += visitor.found
        unwritten += visitor.unwritten
    return found, unwritten


FOUND, UNWRITTEN = refusals()


def test_the_sources_are_read():
    keys = {key for _, key, _ in FOUND}
    assert len(FOUND) > 60 and {"group-too-big", "code-shape", "bad-request", "solver-error"} <= keys


def test_every_key_is_written_where_it_is_refused():
    """A key passed on as a value is only ever one already refused (an exception's, the envelope's)."""
    assert [] == UNWRITTEN


@pytest.mark.parametrize("where,key,params", FOUND)
def test_every_refusal_is_catalogued(where, key, params):
    assert key in CATALOGUE, "%s refuses with %r, which seahaven/errors.py does not catalogue" % (where, key)
    assert params is not None, "%s: its params are not written out" % where
    assert set() == set(params) - set(CATALOGUE[key]), "%s: %r names params %s does not declare" % (where, key, key)


def test_every_catalogued_key_is_refused_somewhere():
    assert set() == set(CATALOGUE) - {key for _, key, _ in FOUND}
    assert set() == set(REFUSALS) & set(INTERNAL)
