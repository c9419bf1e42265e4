"""The solver in the page: a MicroPython worker started after the board is
playable; Hint, the winnable mark, only winnable deals, Show me, undoing back
to a winnable position, and a search cancelled when the position changes."""

import subprocess
import sys
from pathlib import Path

import pytest

from seahaven import Game, Move

from .player import engine_places

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parent.parent.parent
SOLVER_READY = "body[data-solver='ready']"


def wait_solver(player):
    player.page.wait_for_selector(SOLVER_READY, state="attached", timeout=120000)


def test_hint_is_a_legal_move(desktop):
    """Hint highlights the first move of a winning line, and that move is legal."""
    desktop.open("SH1-C4-AAAAAJ2")
    page = desktop.page
    wait_solver(desktop)
    early = page.evaluate(
        r"""() => {
          const ready = performance.getEntriesByName('page-ready')[0].startTime;
          return performance.getEntriesByType('resource')
            .filter(e => /build\/worker\.py|mpy\/solver/.test(e.name) && e.startTime < ready).map(e => e.name);
        }"""
    )
    assert [] == early, "the solver loads only after the board is playable"
    page.get_by_test_id("hint").click()
    page.wait_for_function("document.body.dataset.hint")
    move = page.evaluate("document.body.dataset.hint")
    game = Game.from_code("SH1-C4-AAAAAJ2")
    game.play(move)  # raises if the hint were illegal
    hint = Move.parse(move)
    assert 1 == page.locator("[data-place='%s'].hint-from" % hint.source).count()
    assert 1 == page.locator("[data-place='%s'].hint-to" % hint.target).count()
    mark = page.get_by_test_id("winnable")
    page.wait_for_function("document.querySelector('[data-testid=winnable]').dataset.status === 'winnable'")
    assert "✓" == mark.inner_text()


def test_only_winnable_deal(desktop):
    """A Hard deal drawn with "only winnable deals" is winnable per the command line."""
    desktop.open("SH1-C4-AAAAAJ2")
    page = desktop.page
    wait_solver(desktop)
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("difficulty-hard").check()
    assert page.get_by_test_id("only-winnable").is_checked()
    page.get_by_test_id("deal").click()
    page.wait_for_function("!document.querySelector('#new-dialog').open", timeout=60000)
    code = desktop.code()
    assert code.startswith("SH1-C1-")
    out = subprocess.run(
        [sys.executable, "-m", "seahaven", "solve", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.stdout.startswith("winnable"), out.stdout + out.stderr


def test_show_me_plays_the_line(desktop):
    """Show me plays the winning line move by move; Stop ends it with the game intact."""
    desktop.open("SH1-C4-AAAAAJ2")
    page = desktop.page
    wait_solver(desktop)
    page.get_by_test_id("show-me").click()
    page.wait_for_function("Number(document.querySelector('[data-testid=moves]').textContent) >= 3", timeout=30000)
    page.get_by_test_id("showme-stop").click()
    played = int(page.get_by_test_id("moves").inner_text())
    page.wait_for_timeout(700)
    assert played == int(page.get_by_test_id("moves").inner_text())
    saved = Game.load(desktop.saved_game())
    assert engine_places(saved) == desktop.places()


def test_page_playable_without_worker(desktop):
    """With the worker's script blocked the board still plays and Hint says why."""
    page = desktop.page
    page.route("**/static/build/worker.py", lambda route: route.abort())
    desktop.open("SH1-C4-AAAAAJ2")
    page.wait_for_selector("body[data-solver='failed']", state="attached", timeout=60000)
    game = Game.from_code("SH1-C4-AAAAAJ2")
    desktop.mouse_drag(game.cards("t1")[-1], "t7")
    game.play("t1-t7")
    desktop.wait_idle()
    assert engine_places(game) == desktop.places()
    page.get_by_test_id("hint").click()
    assert "solver" in desktop.toast().inner_text().lower()
    desktop.errors[:] = [e for e in desktop.errors if "Failed to load resource" not in e and "ERR_FAILED" not in e]


# A 4-cell deal MicroPython takes seconds to decide (bench/solver_micropython.py finds such deals).
LONG = "SH1-C4-LXZGGW5"
MARK = "document.querySelector('[data-testid=winnable]').dataset.status"


def test_a_long_search_is_cancelled_when_the_position_changes(desktop):
    """While the mark thinks about a long deal ("…"), the player opens another
    deal: the board answers at once, the old search is dropped (its worker
    replaced) and the mark tells about the new deal."""
    desktop.open(LONG)
    page = desktop.page
    wait_solver(desktop)
    page.wait_for_function(MARK + " === 'thinking'")
    assert "…" == page.get_by_test_id("winnable").inner_text()
    page.evaluate("location.hash = '#SH1-C4-AAAAAJ2'")
    page.wait_for_function("document.querySelector('[data-testid=game-code]').textContent.trim() === 'SH1-C4-AAAAAJ2'")
    assert engine_places(Game.from_code("SH1-C4-AAAAAJ2")) == desktop.places()
    page.wait_for_function(MARK + " === 'winnable'", timeout=30000)
    assert page.evaluate("performance.getEntriesByName('solver-restart').length") >= 1


# SH1-C4-AAAAAAA is winnable; these four moves lose it, the last one alone.
LOSING = ["t9-c4", "t8-c3", "c4-t2", "t5-c4"]


def test_undo_to_the_last_winnable_position(desktop):
    """Hint in a lost position offers to undo back to where the game could be
    won; accepting undoes exactly that many moves, and the mark says ✓ again."""
    desktop.open("SH1-C4-AAAAAAA")
    page = desktop.page
    game = Game.from_code("SH1-C4-AAAAAAA")
    for text in LOSING:
        move = Move.parse(text)
        desktop.mouse_drag(game.cards(move.source)[-move.n], move.target)
        game.play(text)
        desktop.wait_idle()
    assert engine_places(game) == desktop.places()
    wait_solver(desktop)
    page.wait_for_function(MARK + " === 'not winnable'", timeout=30000)
    page.get_by_test_id("hint").click()
    offer = page.get_by_test_id("undo-to-winnable")
    offer.wait_for(state="visible", timeout=30000)
    offer.click()
    game.undo()
    desktop.wait_idle()
    assert engine_places(game) == desktop.places()
    assert "3" == page.get_by_test_id("moves").inner_text()
    page.wait_for_function(MARK + " === 'winnable'", timeout=30000)
