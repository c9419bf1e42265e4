"""The solver's worker (web/solver_worker.py): under MicroPython, the
worker's runtime (the build the page runs, via Node), its functions answer as
under CPython; the exports for the New game dialog's kinds of deal and today's
deal answer as the engine does, and refusals come back as data. Each request is
asked as the page asks it: its name and its arguments as JSON, through ``handle``."""

import json
import os
import random

import pytest
import solver_worker
from wire import camel_keys

from seahaven import Game, Move, daily, grade
from tests.micropython_runs import ROOT, checks, needs_micropython, same_under_both


def ask(name, **args):
    """A request as the page makes it, through the worker's one export: JSON both ways."""
    return json.loads(solver_worker.handle(name, json.dumps(args)))


@needs_micropython
def test_worker_answers_under_micropython_as_under_cpython():
    """solve (lines structured, refusals as "error"), a review in slices, par, ping and
    memory, as the page asks them (the worker and web/wire.py, its envelope)."""
    worker, wire = (os.path.join(ROOT, "web", name) for name in ("solver_worker.py", "wire.py"))
    assert same_under_both(checks("worker"), worker, wire).strip().endswith("ok 5")


def test_grade_answers_as_the_engine_grades():
    """``grade`` gives the deal's tier and predictor as seahaven.grade does (its fields camelCase)."""
    code = "SH1-C4-AAAAAJ2"
    assert dict(camel_keys(grade.grade(code).to_dict()), ok=True) == ask("grade", code=code)


def test_daily_gives_the_days_deal_with_its_tier_and_par():
    """``daily`` gives the deal of a date and cell count, its tier and its par (as ``daily --json``)."""
    answer = ask("daily", date="2026-12-24", cells=2)
    found = daily.daily(2026, 12, 24, 2)
    assert {"date": "2026-12-24", "cells": 2, "code": found.code, "tier": found.tier,
            "ok": True, "par": grade.par(found.code)} == answer


def test_par_found_in_slices_is_the_par_of_the_deal():
    """``par_work`` finds par a slice at a time, answering other questions between two
    slices, and ends on the par ``par`` gives (the review's par line); then par is known."""
    code = "SH1-C4-AAAAAKD"
    states = []
    while not states or states[-1]["state"] == "working":
        states.append(ask("par_work", code=code, seconds=0))
        ask("solve", text=Game.from_code("SH1-C4-AAAAAJ2").to_text(), seconds=30)  # another question
    assert len(states) > 2 and {"ok": True, "code": code, "state": "done", "par": grade.par(code)} == states[-1]
    assert {"ok": True, "code": code, "par": grade.par(code)} == ask("par", code=code)
    refused = ask("par_work", code="SH1-C9-AAAAAJ2", seconds=0)
    assert (False, "code-cells") == (refused["ok"], refused["error"]["key"])


def test_bad_requests_are_refused_with_the_engines_key():
    """A bad date, a bad cell count, a bad code or a bad position: refused in the
    controller's one shape (tests/web/test_protocol.py), with the engine's key."""
    from test_protocol import problems

    refusals = {
        "date-day": ask("daily", date="2026-02-30", cells=4),
        "date-shape": ask("daily", date="tomorrow", cells=4),
        "code-cells": ask("daily", date="2026-12-24", cells=3),
        "code-prefix": ask("grade", code="XX1-C4-AAAAAJ2"),
        "code-shape": ask("solve", text="not a position", seconds=1),
    }
    for key, answer in refusals.items():
        assert [] == problems(answer, "Refused"), answer
        assert key == answer["error"]["key"]


def _detour(game):
    """A move of ``game`` and the move that takes it back (a card to a cell and home again)."""
    for there in game.legal_moves():
        back = Move(there.dst, there.src)
        copy = Game.load(game.save())
        copy.play(there)
        if there.n == 1 and back in copy.legal_moves():
            return [there.text, back.text]
    raise AssertionError("no move of %s can be taken back" % game.code)


def test_a_line_never_passes_a_position_twice():
    """A winning line with a detour (a move and the move that takes it back)
    comes back without it: the same win, each position once, so a player
    following Hint never sees a position again (issue: hints that loop)."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    line = [m["text"] for m in ask("solve", text=game.to_text(), seconds=30)["moves"]]
    for move in line[:5]:
        game.play(move)
    detour = _detour(game)
    looping = line[:5] + detour + line[5:]
    assert line == solver_worker.without_repeats(Game.from_code("SH1-C4-AAAAAJ2").to_text(), looping)


@pytest.mark.parametrize("seed", range(3))
def test_solved_lines_win_without_repeating_a_position(seed):
    """Every line ``solve`` gives for random 4-cell deals wins and never comes back to a position."""
    rng = random.Random(seed)
    for _ in range(15):
        game = Game.from_number(rng.randrange(1 << 35), 4)
        answer = ask("solve", text=game.to_text(), seconds=30)
        seen = {game.to_text()}
        for move in answer["moves"]:
            game.play(move["text"])
            assert game.to_text() not in seen, game.code
            seen.add(game.to_text())
        assert game.won or answer["status"] != "winnable"
        assert len(answer["moves"]) == answer["length"]


def test_read_link_gives_a_links_deal_and_moves_or_its_refusal():
    """``read_link`` reads a game link off the page's thread: the deal code and
    the moves' texts (which the controller's ``open_line`` loads), or the
    engine's refusal as data."""
    from seahaven.share import encode

    game = Game.from_code("SH1-C4-AAAAAJ2")
    for move in game.legal_moves()[:1]:
        game.play(move)
    answer = ask("read_link", text="#" + encode(game))
    assert {"ok": True, "code": game.code, "moves": [m.text for m in game.history]} == answer
    refused = ask("read_link", text="R1-AAAA")
    assert (False, "link-length") == (refused["ok"], refused["error"]["key"])


def test_every_request_is_a_worker_function():
    """The request table names only functions of the worker (the page asks them by these names),
    each taking the declared arguments in their order."""
    import inspect

    for name, request in solver_worker.REQUESTS.items():
        assert (name, request.function) == (request.name, getattr(solver_worker, name))
        assert [arg.name for arg in request.args] == list(inspect.signature(request.function).parameters)
