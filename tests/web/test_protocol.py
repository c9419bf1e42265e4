"""The protocol between the page and the engine (web/controller.py INTENTS,
web/protocol.py TYPES): every answer is of the type the page's generated API
declares, and no request, however malformed, makes ``handle`` raise."""

import json

import pytest
from controller import INTENTS, TYPES, Controller
from hypothesis import given, settings
from hypothesis import strategies as st
from protocol import TYPES as ANSWER_TYPES

from seahaven import Game

CODE = "SH1-C4-AAAAAJ2"
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
    """Each intent's answer, and every type a field names, is one of TYPES (the build writes them all)."""
    named = {intent.answer for intent in INTENTS.values()}
    for fields in ANSWER_TYPES.values():
        for kind in fields.values():
            for choice in kind.replace("[]", "").replace("Record<string, ", "").rstrip(">").split(" | "):
                if choice not in PRIMITIVES:
                    named.add(choice)
    assert set() == named - set(ANSWER_TYPES)
    assert all(arg.type in TYPES for intent in INTENTS.values() for arg in intent.args)


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
