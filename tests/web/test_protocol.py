"""Both protocols of the page: with the engine (web/controller.py INTENTS,
web/protocol.py TYPES) and with the solver's worker (web/solver_worker.py
REQUESTS, web/protocol.py SOLVER_TYPES). Every answer is of the type the
page's generated API declares, in the one envelope (web/wire.py), every
field camelCase, and no request, however malformed, makes either raise."""

import json
import re

import pytest
import solver_worker
from controller import INTENTS, Controller
from hypothesis import given, settings
from hypothesis import strategies as st
from protocol import SOLVER_TYPES
from protocol import TYPES as ENGINE_TYPES
from wire import TYPES

from seahaven import Game

CODE = "SH1-C4-AAAAAJ2"
ANSWER_TYPES = dict(ENGINE_TYPES, **SOLVER_TYPES)
TABLES = {"controller": INTENTS, "worker": solver_worker.REQUESTS}
PRIMITIVES = {
    "string": lambda v: isinstance(v, str),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "true": lambda v: v is True,
    "false": lambda v: v is False,
    "unknown": lambda v: True,
}


def problems(value, kind, where="answer"):
    """What in ``value`` is not of the JSDoc type ``kind`` (as written in TYPES), as a list."""
    choices = [k.strip() for k in kind.split(" | ")] if not kind.startswith("Record<") else [kind]
    found = []
    for choice in choices:
        found = one_of(value, choice, where)
        if not found:
            return []
    return found


def one_of(value, kind, where):
    if kind in PRIMITIVES:
        return [] if PRIMITIVES[kind](value) else ["%s is not %s: %r" % (where, kind, value)]
    if kind.startswith('"'):
        return [] if value == json.loads(kind) else ["%s is not %s: %r" % (where, kind, value)]
    if kind.endswith("[]"):
        if not isinstance(value, list):
            return ["%s is not a list" % where]
        return [p for i, item in enumerate(value) for p in problems(item, kind[:-2], "%s[%d]" % (where, i))]
    if kind.startswith("Record<string, "):
        if not isinstance(value, dict):
            return ["%s is not an object" % where]
        inner = kind[len("Record<string, "):-1]
        return [p for key, item in value.items() for p in problems(item, inner, "%s.%s" % (where, key))]
    fields = ANSWER_TYPES[kind]
    if not isinstance(value, dict):
        return ["%s is not a %s" % (where, kind)]
    names = {name.rstrip("?") for name in fields}
    found = ["%s has %s, which %s does not declare" % (where, key, kind) for key in value if key not in names]
    for name, field in fields.items():
        key = name.rstrip("?")
        if key not in value:
            if not name.endswith("?"):
                found.append("%s lacks %s (%s)" % (where, key, kind))
            continue
        found += problems(value[key], field, "%s.%s" % (where, key))
    return found


def wire(controller, name, args):
    """One request as the bridge carries it: JSON both ways."""
    return json.loads(json.dumps(controller.handle(name, json.loads(json.dumps(args)))))


def test_every_type_named_is_declared():
    """Each request's answer, of both tables, and every type a field names, is
    declared (the build writes them all); no two tables declare one type twice."""
    named = {request.answer for table in TABLES.values() for request in table.values()}
    for fields in ANSWER_TYPES.values():
        for kind in fields.values():
            for choice in kind.replace("[]", "").replace("Record<string, ", "").rstrip(">").split(" | "):
                if choice not in PRIMITIVES and not choice.startswith('"'):
                    named.add(choice)
    assert set() == named - set(ANSWER_TYPES)
    assert set() == set(ENGINE_TYPES) & set(SOLVER_TYPES)
    assert all(arg.type in TYPES for table in TABLES.values() for request in table.values() for arg in request.args)


def test_one_case_on_the_wire():
    """Every field of every answer type, and every argument, is camelCase (Python's
    snake_case names stay on its side of the bridges)."""
    names = [name.rstrip("?") for fields in ANSWER_TYPES.values() for name in fields]
    names += [arg.name for table in TABLES.values() for request in table.values() for arg in request.args]
    assert [] == [name for name in names if not re.fullmatch(r"[a-z][a-zA-Z]*", name)]


# A game played a little, then every intent with good arguments.
REQUESTS = [
    ("state", {}), ("tap", {"place": "t3"}), ("tap", {"place": "c1"}), ("double_tap", {"place": "t1"}),
    ("drop", {"src": "t2", "dst": "c3"}), ("play", {"move": "t3-c4"}), ("undo", {}), ("redo", {}),
    ("undo", {"count": 2}), ("positions_back", {"limit": 3}), ("preview", {"cells": 2, "entropy": 5}),
    ("preview", {"code": "nonsense"}), ("line", {}), ("view_at", {"ply": 1}), ("view_at", {"ply": 99}),
    ("link", {"text": CODE}), ("link", {"text": "R1-AAAA"}), ("share_link", {}), ("rewind", {"ply": 1}),
    ("restart", {}), ("new", {"code": "SH1-C2-AAAAAJ2"}), ("new", {"cells": 1, "entropy": 3}),
    ("open_link", {"text": "R1-nonsense"}),
]


@pytest.mark.parametrize("name,args", REQUESTS)
def test_every_answer_is_of_its_declared_type(name, args):
    """An answer is the intent's declared type, or the one refusal shape (``Refused``)."""
    controller = Controller(Game.from_code(CODE))
    for move in ("t1-t7", "t3-c3"):
        controller.handle("play", {"move": move})
    got = wire(controller, name, args)
    kind = INTENTS[name].answer if got["ok"] else "Refused"
    assert [] == problems(got, kind), got


def test_a_shared_link_opens_as_a_played_answer():
    controller = Controller(Game.from_code(CODE))
    controller.handle("play", {"move": "t1-t7"})
    text = wire(controller, "share_link", {})["text"]
    for name in ("link", "open_link"):
        got = wire(controller, name, {"text": text})
        assert [] == problems(got, INTENTS[name].answer), got


HOSTILE_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=40),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


@settings(max_examples=300, deadline=None)
@given(
    name=st.one_of(st.sampled_from(sorted(INTENTS)), st.text(max_size=20), st.none(), st.integers()),
    args=st.one_of(
        st.none(), st.integers(), st.text(max_size=10), st.lists(st.integers(), max_size=2),
        st.dictionaries(st.sampled_from(["place", "n", "src", "dst", "move", "cells", "code", "entropy", "ply",
                                         "limit", "text", "other"]), HOSTILE_VALUES, max_size=4),
    ),
)
def test_no_request_makes_handle_raise(name, args):
    """Unknown intents, arguments missing, unknown or of the wrong type: each is an answer,
    a refusal in the one shape when it cannot be done, and a refusal changes nothing."""
    controller = Controller(Game.from_code(CODE))
    controller.handle("play", {"move": "t1-t7"})
    before = controller.game.save()
    got = controller.handle(name, args)
    json.dumps(got)
    if got["ok"]:
        assert [] == problems(json.loads(json.dumps(got)), INTENTS[name].answer)
    else:
        assert [] == problems(json.loads(json.dumps(got)), "Refused"), got
        assert before == controller.game.save()


@pytest.mark.parametrize("name,args,argument", [
    ("tap", {}, "place"),
    ("tap", {"place": 3}, "place"),
    ("tap", {"place": "t1", "cheat": True}, "cheat"),
    ("double_tap", {"place": "t1", "n": True}, "n"),
    ("drop", {"src": "t1", "dst": "t2", "n": 1.5}, "n"),
    ("new", {"cells": None}, "cells"),
    ("view_at", {"ply": "1"}, "ply"),
    ("state", [], "arguments"),
])
def test_a_bad_request_is_refused_naming_the_argument(name, args, argument):
    got = Controller(Game.from_code(CODE)).handle(name, args)
    assert (False, "bad-request") == (got["ok"], got["error"]["key"])
    assert {"intent": name, "argument": argument} == got["error"]["params"]


# -- the solver's worker: each request with good arguments, then bad ones --------------

def ask(name, args):
    """A request as the page makes it, through the worker's one export: JSON both ways."""
    return json.loads(solver_worker.handle(name, json.dumps(args)))


GAME_TEXT = Game.from_code(CODE).to_text()
WORKER_REQUESTS = [
    ("ping", {}), ("memory", {}), ("solve", {"text": GAME_TEXT}), ("solve", {"text": GAME_TEXT, "seconds": 0.5}),
    ("solve", {"text": "not a position"}), ("par", {"code": CODE}), ("par_work", {"code": CODE, "seconds": 0}),
    ("par_work", {"code": "SH1-C9-AAAAAJ2", "seconds": 0}), ("grade", {"code": CODE}),
    ("daily", {"date": "2026-12-24", "cells": 2}), ("daily", {"date": "2026-02-30", "cells": 4}),
    ("read_link", {"text": "R1-AAAA"}), ("review_start", {"code": CODE, "moves": ["t1-t7", "t3-c3"]}),
    ("review_start", {"code": CODE, "moves": ["t9-t9"]}), ("review_work", {"review": 999, "seconds": 0.01}),
    ("review_stop", {"review": 999}),
]


@pytest.mark.parametrize("name,args", WORKER_REQUESTS)
def test_every_worker_answer_is_of_its_declared_type(name, args):
    """A worker's answer is the request's declared type, or the one refusal shape."""
    got = ask(name, args)
    kind = solver_worker.REQUESTS[name].answer if got["ok"] else "Refused"
    assert [] == problems(got, kind), got


def test_a_review_in_slices_answers_its_declared_types():
    """Every slice of a review, its progress and the review so far, and a shared link read, as declared."""
    number = ask("review_start", {"code": CODE, "moves": ["t1-t7", "t3-c3"]})["review"]
    answer = {"state": "working"}
    while answer["state"] == "working":
        answer = ask("review_work", {"review": number, "seconds": 0.01})
        assert [] == problems(answer, "ReviewSlice"), answer
    assert "done" == answer["state"] and answer["review"]["finished"]
    controller = Controller(Game.from_code(CODE))
    controller.handle("play", {"move": "t1-t7"})
    got = ask("read_link", {"text": controller.share_link()["text"]})
    assert [] == problems(got, "LinkLine") and ["t1-t7"] == got["moves"], got


@settings(max_examples=200, deadline=None)
@given(
    name=st.one_of(st.sampled_from(sorted(solver_worker.REQUESTS)), st.text(max_size=20), st.none(), st.integers()),
    args=st.one_of(
        st.none(), st.integers(), st.text(max_size=10), st.lists(st.integers(), max_size=2),
        st.dictionaries(st.sampled_from(["text", "code", "seconds", "review", "moves", "date", "cells", "other"]),
                        HOSTILE_VALUES, max_size=3),
    ),
)
def test_no_request_makes_the_worker_raise(name, args):
    """Unknown requests, arguments missing, unknown or of the wrong type: each is
    an answer, of its declared type or a refusal in the one shape."""
    if isinstance(args, dict) and "seconds" in args:
        args["seconds"] = 0  # a search's budget of seconds: no longer than a slice
    got = json.loads(solver_worker.handle(name, json.dumps(args)))
    kind = solver_worker.REQUESTS[name].answer if got["ok"] else "Refused"
    assert [] == problems(got, kind), got


def test_a_payload_that_is_not_json_is_refused():
    got = json.loads(solver_worker.handle("solve", "{not json"))
    assert (False, "bad-request") == (got["ok"], got["error"]["key"])
