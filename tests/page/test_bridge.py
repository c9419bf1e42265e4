"""The bridge between the page and the engine, in the page: a tap crosses it
once, and no request through it, however malformed, throws across it or
changes the game (web/main.py, web/controller.py handle)."""

import json

from seahaven import Game

from .player import engine_places, find_deal
from .test_play import ace_on_top
from .test_solver import LOSING, LOST_BAR, lose, wait_solver

# Keeps the function Python hands the page at start-up (window.seahaven.boot's
# first argument) as window.rawEngine, so a test can send what the typed API never would.
KEEP_RAW_ENGINE = """(() => {
  let seahaven;
  Object.defineProperty(window, "seahaven", {
    configurable: true,
    get: () => seahaven,
    set(value) {
      const boot = value.boot;
      value.boot = (engine, notes) => {
        window.rawEngine = engine;
        return boot(engine, notes);
      };
      seahaven = value;
    },
  });
})()"""
CROSSINGS = "window.seahaven.page.api.engine.crossings"
SOLVER_READY = "body[data-solver='ready']"


def test_a_tap_crosses_the_bridge_once(phone):
    """A tap that sends a card home, and Undo, each make one call into the engine:
    the answer carries what the winnable mark, saving and Finish need, so
    nothing calls back after the move, even once the frame is painted."""
    game = find_deal(4, lambda g: ace_on_top(g) is not None)
    src = ace_on_top(game)
    phone.open(game.code)
    phone.page.wait_for_selector(SOLVER_READY, state="attached", timeout=30000)
    phone.page.wait_for_timeout(500)
    before = phone.page.evaluate(CROSSINGS)
    phone.tap(game.cards(src)[-1])
    phone.page.wait_for_timeout(600)  # saved after the next frame, the mark asked of the solver
    game.play(game.tap(src))
    assert engine_places(game) == phone.places()
    assert 1 == phone.page.evaluate(CROSSINGS) - before
    phone.page.get_by_test_id("undo").click()
    phone.page.wait_for_timeout(600)
    assert 2 == phone.page.evaluate(CROSSINGS) - before


# Counts the states drawn (each a render, a save and a solver refresh) from now on.
COUNT_STATES = ("() => { window.__states = 0; "
                "window.seahaven.page.events.on('state', () => { window.__states += 1; }); }")


def test_a_drag_crosses_the_bridge_once(player):
    """A card dragged onto a column makes one call into the engine, at its drop:
    where it may land came with the view (view.dests), drawn under the finger."""
    onto_column = lambda g, p: g.targets(p, 1)[:1] and g.targets(p, 1)[0][0] == "t"  # noqa: E731
    game = find_deal(4, lambda g: any(onto_column(g, "t%d" % i) for i in range(1, 11)))
    src = next(p for p in ("t%d" % i for i in range(1, 11)) if onto_column(game, p))
    dst = game.targets(src, 1)[0]
    player.open(game.code)
    player.settle()
    before = player.page.evaluate(CROSSINGS)
    drag = player.touch_drag if player.device == "phone" else player.mouse_drag
    drag(game.cards(src)[-1], dst)
    player.settle()
    game.play("%s-%s" % (src, dst))
    assert engine_places(game) == player.places()
    assert 1 == player.page.evaluate(CROSSINGS) - before


def test_undo_to_the_last_winnable_position_is_one_crossing(desktop):
    """The loss bar's "Undo 2 moves" takes both back in one call into the engine,
    drawn once (one state: one render, one save, one question to the solver)."""
    game = lose(desktop, LOSING + ["t4-t7"])
    page = desktop.page
    wait_solver(desktop)
    page.wait_for_function(LOST_BAR, timeout=30000)
    page.wait_for_function("document.querySelector('[data-testid=undo-to-winnable]').textContent === 'Undo 2 moves'")
    page.evaluate(COUNT_STATES)
    before = page.evaluate(CROSSINGS)
    page.get_by_test_id("undo-to-winnable").click()
    desktop.settle()
    game.undo()
    game.undo()
    assert engine_places(game) == desktop.places()
    assert "3" == page.get_by_test_id("moves").inner_text()
    assert (1, 1) == (page.evaluate(CROSSINGS) - before, page.evaluate("window.__states"))


HOSTILE = [
    ["cheat", "{}"],
    ["tap", "not json"],
    ["tap", "[1, 2]"],
    ["tap", "{}"],
    ["tap", '{"place": 7}'],
    ["tap", '{"place": "t99"}'],
    ["tap", '{"place": "t1", "extra": true}'],
    ["drop", '{"src": "t1", "dst": "t2", "n": "3"}'],
    ["drop", '{"src": "t1", "dst": "t2", "n": 1e300}'],
    ["double_tap", '{"place": "' + "t" * 100000 + '"}'],
    ["new", '{"cells": 3}'],
    ["new", '{"code": {"a": 1}}'],
    ["view_at", '{"ply": -1}'],
    ["open_link", '{"text": "R1-AAAA"}'],
    ["play", '{"move": "t1-t1"}'],
    [None, None],
    [42, 42],
]


def test_hostile_requests_through_the_real_bridge_are_refused(desktop):
    """Requests the page's API never sends, through the function Python handed
    over: each answers a refusal in the one shape, nothing is thrown or written
    to the console (the fixture fails on a console error), and the game is unchanged."""
    desktop.context.add_init_script(KEEP_RAW_ENGINE)
    desktop.open(Game.from_number(314, 4).code)
    before = desktop.saved_game()
    answers = desktop.page.evaluate(
        "(requests) => requests.map(([name, args]) => window.rawEngine(name, args))", HOSTILE)
    for (name, _), text in zip(HOSTILE, answers, strict=True):
        answer = json.loads(text)
        assert not answer["ok"], name
        assert {"key", "params", "message"} == set(answer["error"]), name
    assert before == desktop.saved_game()
    assert desktop.page.evaluate("window.seahaven.page.api.engine.state().ok")
