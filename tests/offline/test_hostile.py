"""Hostile or broken input the page meets before the engine does: a saved game
of a megabyte (corrupt or hostile storage) and a URL hash of a megabyte, at
start and typed later. Handed to MicroPython they exhaust its memory; the page
bounds them, says so in a toast, and the board always starts and plays."""

import json

import pytest

from seahaven import Game

from ..page.player import engine_places
from .moves import play_some

pytestmark = pytest.mark.browser

CODE = "SH1-C4-AAAAAJ2"
MEGABYTE = "A" * 1_000_000


def toast_says(p, text):
    p.page.wait_for_function("t => document.querySelector('#toast').innerText.includes(t)", arg=text, timeout=10000)


def test_a_huge_save_or_link_is_refused_and_the_board_starts(local):
    """A saved game of 100,000 moves (1.2 MB): a new game starts, the player is
    told the save was discarded, and the next save replaces it; so with 20,000
    moves (the engine's bound: 10,000). A link of a
    megabyte at start, then typed after: refused with a word, the game kept."""
    huge = {"v": 1, "code": CODE, "moves": ["t1-t7", "t7-t1"] * 50_000, "undone": []}
    local.preset({"seahaven.game": json.dumps({"v": 1, "game": huge, "elapsed": 30})})
    local.open()
    toast_says(local, "too large")
    game = Game.from_code(local.code())
    assert engine_places(game) == local.places()
    play_some(local, game, 1)
    assert len(json.dumps(local.storage("seahaven.game"))) < 10_000

    more = {"v": 1, "code": CODE, "moves": ["t1-t7", "t7-t1"] * 10_000, "undone": []}  # within the page's bound
    local.preset({"seahaven.game": json.dumps({"v": 1, "game": more, "elapsed": 30})})
    local.open()
    toast_says(local, "20,000 moves, more than the 10,000")
    game = Game.from_code(local.code())
    play_some(local, game, 1)

    local.page.goto(local.base + "#" + MEGABYTE)
    local.page.wait_for_selector("body[data-ready='1']", timeout=20000)
    toast_says(local, "too long")
    assert engine_places(game) == local.places()
    assert game.code == local.code()

    for typed, said in [("%", "not used"), ("%E0%A4%A", "not used"), (MEGABYTE, "too long")]:
        local.page.evaluate("local.textContent = ''".replace("local", "document.querySelector('#toast')"))
        local.page.evaluate("h => (location.hash = h)", typed)
        toast_says(local, said)
        local.page.wait_for_function("c => location.hash === '#' + c", arg=game.code)
        assert engine_places(game) == local.places()
    play_some(local, game, 1)


RANKS = list("A23456789") + ["10", "J", "Q", "K"]


def kept_view(view):
    """A saved game of CODE whose kept view (drawn before the engine) is ``view``."""
    game = {"v": 1, "code": CODE, "moves": ["t1-t7"], "undone": []}
    return json.dumps({"v": 1, "game": game, "elapsed": 9, "view": view, "ranks": RANKS})


HOSTILE_VIEWS = {
    # 215 characters that kept the page in buildTopRow for ever (a million cells took 27 s)
    "ten million cells": {"code": CODE, "cells": 10_000_000, "places": {}, "score": 0, "moves": 0},
    "an unknown place": {"code": CODE, "cells": 1, "places": {"zz": ["AS"]}, "score": 0, "moves": 1},
    "a place named __proto__": {"code": CODE, "cells": 1, "places": {"__proto__": ["AS"]}, "score": 0, "moves": 1},
}


@pytest.mark.parametrize("case", list(HOSTILE_VIEWS))
def test_a_hostile_saved_view_is_not_drawn_and_the_game_starts(local, case):
    """Any page of the origin can write the saved game (on GitHub Pages, every
    project site of the user): a kept view out of the rules' bounds is not
    drawn, the page says why in a warning, starts within seconds with the
    saved game (the engine replays it), and plays; nothing is thrown."""
    local.preset({"seahaven.game": kept_view(HOSTILE_VIEWS[case])})
    local.page.goto(local.base)
    local.page.wait_for_selector("body[data-ready='1']", timeout=15000)
    assert not local.page.get_by_test_id("load-error").is_visible()
    game = Game.from_code(CODE)
    game.play("t1-t7")
    assert engine_places(game) == local.places()
    assert any("not drawing the saved view early" in w for w in local.warnings), local.warnings
    play_some(local, game, 1)


def five_thousand_moves():
    """A game of 5,000 moves (a card shuffled between two cells): its link is 3.4 KB."""
    game = Game.from_number(314, 4)
    game.play(next(m for m in game.legal_moves() if m.source[0] == "t" and m.target[0] == "c"))
    while len(game.history) < 5000:
        game.play(next(m for m in game.legal_moves() if m.source[0] == "c" and m.target[0] == "c"))
    return game


LONG_TASKS = """window.longTasks = [];
new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration)))
  .observe({ type: "longtask", buffered: true });"""


def test_a_link_of_5000_moves_neither_freezes_the_page_nor_reviews_for_ever(make_player, built):
    """A 3.4 KB link of 5,000 moves froze the main thread 2.96 s (the engine
    read it three times) and its review still ran after 120 s. The solver's
    worker reads it, the page loads its moves: no task of the page's thread
    takes a second; the game opens at its deal with its moves to redo, and the
    player is told it is too long to review (no review runs)."""
    from seahaven.share import encode

    game = five_thousand_moves()
    link = encode(game)
    assert len(link) > 3000
    p = make_player(built, service_workers="block", solver=True)
    p.context.add_init_script(LONG_TASKS)
    p.page.goto(p.base + "#" + link)
    toast_says(p, "too long to review")
    assert (game.code, "0") == (p.code(), p.page.get_by_test_id("moves").inner_text())
    assert p.page.get_by_test_id("redo").is_enabled()
    assert not p.page.evaluate("document.body.dataset.review")
    longest = max(p.page.evaluate("window.longTasks"), default=0)
    print("longest task of the page's thread: %.0f ms" % longest)
    assert longest < 1000
    p.page.get_by_test_id("redo").click()
    replay = Game.from_number(314, 4)
    replay.play(game.history[0])
    p.wait_idle()
    assert engine_places(replay) == p.places()
