"""Statistics: a won game, an abandoned one, a game in progress (counted when
it ends), a game won with the solver's help, the dialog on a phone and a
desktop, and the reset behind a confirmation."""

import json

import pytest

from seahaven import Game, Move

from ..page.player import ARTIFACTS, press, touch
from .moves import WIN_CODE, near_win, play_some
from .served import new_player

pytestmark = pytest.mark.browser


def easy(p):
    return p.storage("seahaven.stats")["levels"]["4"]


def finish(p, solution):
    """Open the saved near-won game and send its last card home."""
    p.open(WIN_CODE)
    game = Game.load(near_win(WIN_CODE, solution))
    src = Move.parse(solution[-1]).source
    p.tap(game.cards(src)[-1])
    p.page.get_by_test_id("win").wait_for(state="visible")
    p.page.locator("#win-dialog [data-close]").click()


def new_game(p, in_progress=False):
    """New → Deal; with a game in progress, the question it asks first is answered "Deal"."""
    p.page.get_by_test_id("new-game").click()
    p.page.get_by_test_id("deal").click()
    if in_progress:
        p.page.get_by_test_id("replace-open").click()
    p.wait_idle()
    return Game.from_code(p.code())


def shown(p):
    """The Statistics dialog's Easy column, row by row."""
    dialog = p.page.get_by_test_id("stats-dialog")
    if not dialog.is_visible():
        press(p.page, "stats")
        dialog.wait_for(state="visible")
    return p.page.evaluate(
        """() => Object.fromEntries(Array.from(document.querySelectorAll('#stats-dialog .stats-table tbody tr'),
             tr => [tr.dataset.stat, tr.querySelector('td[data-cells="4"]').textContent]))"""
    )


def test_won_abandoned_helped_and_reset(local, solution):
    """A win counts once with its score and time; a game in progress is not
    counted yet, and the dialog says so; left after a move, it is a loss that
    ends the streak; a win after the solver helped counts apart; reset asks
    first, then empties everything."""
    near = json.dumps({"v": 1, "game": near_win(WIN_CODE, solution), "elapsed": 300})
    local.preset({"seahaven.game": near})
    finish(local, solution)
    stats = easy(local)
    score = local.score()
    assert (1, 1, 1, 1) == (stats["played"], stats["won"], stats["streak"], stats["bestStreak"])
    assert score == stats["bestScore"]
    assert 300 <= stats["fastest"] < 400
    local.page.get_by_test_id("undo").click()
    local.page.get_by_test_id("redo").click()  # winning again: still one win
    local.page.locator("#win-dialog [data-close]").click()
    assert (1, 1) == (easy(local)["played"], easy(local)["won"])

    game = new_game(local)
    assert 1 == easy(local)["played"]  # no move yet: not played
    play_some(local, game, 1)
    assert 1 == easy(local)["played"]  # in progress: counted once it ends, and said so
    assert ("1", "Your game in progress (Easy) is counted once it ends.") == (
        shown(local)["played"], local.page.get_by_test_id("stats-in-progress").inner_text())
    local.page.locator("#stats-dialog [data-close]").click()
    new_game(local, in_progress=True)
    stats = easy(local)
    assert (2, 1, 0, 1) == (stats["played"], stats["won"], stats["streak"], stats["bestStreak"])
    rows = shown(local)
    assert {"played": "2", "won": "1", "winRate": "50%", "streak": "0", "bestStreak": "1", "helped": "0"} == {
        k: rows[k] for k in ("played", "won", "winRate", "streak", "bestStreak", "helped")
    }
    assert rows["bestScore"] == str(score) and rows["fastest"].startswith("5:")
    local.screenshot("stats")
    local.page.locator("#stats-dialog [data-close]").click()

    local.preset({"seahaven.game": near})
    local.open(WIN_CODE)
    local.page.evaluate("window.seahaven.page.api.markHelped()")
    finish(local, solution)
    stats = easy(local)
    assert (3, 1, 1, 0) == (stats["played"], stats["won"], stats["helped"], stats["streak"])
    local.reload()  # kept across reloads; the won game is not counted again
    assert stats == easy(local)
    assert not local.page.locator("#win-dialog").is_visible()  # a restored win does not celebrate again

    shown(local)
    local.page.get_by_test_id("stats-reset").click()
    confirm = local.page.locator(".stats-confirm")
    assert confirm.is_visible() and "cannot be undone" in confirm.inner_text()
    local.page.get_by_test_id("stats-reset-no").click()
    assert not confirm.is_visible() and 3 == easy(local)["played"]
    local.page.get_by_test_id("stats-reset").click()
    local.page.get_by_test_id("stats-reset-yes").click()
    rows = shown(local)
    assert ("0", "0", "—", "—") == (rows["played"], rows["won"], rows["winRate"], rows["fastest"])
    assert 0 == easy(local)["played"]


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_win_after_a_hint_is_won_with_help(make_player, built, solution, device):
    """A hint shown makes the game's win a win with help, as Show me does: not a
    win, no best score, no fastest time, the streak ended; the page says the
    game was helped (page.state.helped) for the win dialog to say so."""
    p = make_player(built, device=device, service_workers="block", solver=True)
    streak = {"v": 1, "levels": {"4": {"played": 3, "won": 3, "streak": 3, "bestStreak": 3}}, "current": None}
    p.preset({"seahaven.game": json.dumps({"v": 1, "game": near_win(WIN_CODE, solution), "elapsed": 300}),
              "seahaven.stats": json.dumps(streak)})
    p.open(WIN_CODE)
    assert not p.page.evaluate("window.seahaven.page.state.helped")
    p.page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=120000)
    hint = p.page.get_by_test_id("hint")
    if not hint.is_visible():  # on a phone, in the toolbar's menu when the row has no room
        touch(p, p.page.get_by_test_id("menu"))
    touch(p, hint)
    p.page.wait_for_function("document.body.dataset.hint !== undefined")
    assert p.page.evaluate("window.seahaven.page.state.helped")
    game = Game.load(near_win(WIN_CODE, solution))
    p.tap(game.cards(Move.parse(solution[-1]).source)[-1])
    p.page.get_by_test_id("win").wait_for(state="visible")
    assert p.page.evaluate("window.seahaven.page.state.helped")
    p.page.wait_for_function("() => JSON.parse(localStorage.getItem('seahaven.stats')).levels['4'].helped === 1")
    stats = easy(p)
    assert (4, 3, 1, 0, 3) == (stats["played"], stats["won"], stats["helped"], stats["streak"], stats["bestStreak"])
    assert (None, None) == (stats["bestScore"], stats["fastest"])
    assert {"result": "helped", "tier": None} == {k: stats["recent"][-1][k] for k in ("result", "tier")}
    p.page.locator("#win-dialog [data-close]").click()
    press(p.page, "new-game")
    p.page.get_by_test_id("deal").click()
    p.page.wait_for_function("c => document.querySelector('[data-testid=game-code]').textContent !== c", arg=WIN_CODE)
    assert not p.page.evaluate("window.seahaven.page.state.helped")  # a new game: no help yet


def test_a_new_link_abandons_the_game_in_progress_when_the_player_says_so(local):
    """Opening another deal by its link after a move asks first; "Open it"
    counts the game left behind as lost."""
    local.open(WIN_CODE)
    play_some(local, Game.from_code(WIN_CODE), 1)
    local.page.evaluate("location.hash = '#SH1-C1-AAAAAJ3'")
    local.page.get_by_test_id("replace-open").click()
    local.page.wait_for_function("document.querySelector('[data-testid=game-code]').textContent === 'SH1-C1-AAAAAJ3'")
    stats = local.storage("seahaven.stats")
    assert (1, 0, 0) == (stats["levels"]["4"]["played"], stats["levels"]["4"]["won"], stats["levels"]["4"]["streak"])
    assert {"code": "SH1-C1-AAAAAJ3", "cells": 1, "played": False, "won": False, "helped": False} == stats["current"]


SAMPLE = {
    "v": 1,
    "levels": {
        "4": {"played": 1234, "won": 987, "helped": 3, "streak": 2, "bestStreak": 9, "bestScore": 595, "fastest": 184},
        "2": {"played": 80, "won": 31, "helped": 0, "streak": 0, "bestStreak": 6, "bestScore": 560, "fastest": 402},
        "1": {"played": 5, "won": 0, "helped": 1, "streak": 0, "bestStreak": 0, "bestScore": None, "fastest": None},
    },
    "current": None,
}


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_dialog_fits(browser, built, device):
    """The toolbar button and the dialog fit a 360 px phone and a desktop;
    nothing in the table is cut off."""
    p = new_player(browser, built, device, service_workers="block")
    try:
        p.preset({"seahaven.stats": json.dumps(SAMPLE)})
        p.open(WIN_CODE)
        button = p.page.get_by_test_id("stats")
        if not button.is_visible():  # folded into the toolbar's menu
            p.page.get_by_test_id("menu").click()
        box = button.bounding_box()
        width = p.page.viewport_size["width"]
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        assert "Statistics" == button.get_attribute("aria-label")
        rows = shown(p)
        assert ("1,234", "80%", "3:04") == (rows["played"], rows["winRate"], rows["fastest"])
        dialog = p.page.get_by_test_id("stats-dialog").bounding_box()
        assert dialog["x"] >= 0 and dialog["x"] + dialog["width"] <= width
        assert dialog["y"] >= 0 and dialog["y"] + dialog["height"] <= p.page.viewport_size["height"]
        overflow = p.page.evaluate(
            "() => { const t = document.querySelector('.stats-table'); return t.scrollWidth - t.clientWidth; }"
        )
        assert overflow <= 0
        p.page.get_by_test_id("stats-reset").click()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        p.page.screenshot(path=str(ARTIFACTS / ("stats-dialog-%s.png" % device)))
        assert [] == p.errors
    finally:
        p.context.close()
