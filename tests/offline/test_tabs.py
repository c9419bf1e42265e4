"""Two tabs of the game in one browser (two real pages of one context, sharing
their storage): a tab left behind never overwrites the game played in the
other, it says so and stops saving until the player chooses "Play here";
statistics from both tabs add up, and a win shown is counted even when the
other tab stored first; reloading is not playing a new game."""

import json

import pytest

from seahaven import Game, Move

from ..page.player import engine_places
from .moves import WIN_CODE, near_win, play_some
from .served import PwaPlayer

pytestmark = pytest.mark.browser

CODE = "SH1-C4-AAAAAJ2"


@pytest.fixture
def second(local):
    """Another tab of the same browser as ``local``; fails on its console errors."""
    p = PwaPlayer(local.context.new_page(), local.context, local.device)
    p.base = local.base
    yield p
    assert [] == p.errors, "console errors in the second tab"


def front(p):
    """The player turns to this tab (a page in the background gets few frames; both stay visible)."""
    p.page.bring_to_front()
    return p


def moves_saved(p):
    return p.storage("seahaven.game")["game"]["moves"]


def easy(p):
    return p.storage("seahaven.stats")["levels"]["4"]


def wait_stale(p):
    """This tab heard that another one stored a newer game, and says so."""
    p.page.wait_for_function("document.body.dataset.saving === 'stale'", timeout=10000)
    dialog = p.page.get_by_test_id("elsewhere")
    assert dialog.is_visible() and "continues in another tab" in dialog.inner_text()


def both_near_the_win(a, b, solution):
    """Tabs A and B open on WIN_CODE, one move from the win (stored before A opened)."""
    a.preset({"seahaven.game": json.dumps({"v": 1, "game": near_win(WIN_CODE, solution), "elapsed": 300})})
    a.open(WIN_CODE)
    b.open(WIN_CODE)


def test_a_tab_left_behind_never_overwrites_the_game(local, second):
    """Moves made in tab A survive tab B, idle on the same game with its clock
    running, reloading; then B plays on, and A, left behind, says so, saves
    nothing, cannot be waved away, and "Play here" brings B's game to it."""
    a, b = local, second
    a.open(CODE)
    game = Game.from_code(CODE)
    moves = play_some(a, game, 1)
    b.open()  # no hash: the saved game
    assert engine_places(game) == b.places()
    b.page.wait_for_function("document.querySelector('[data-testid=time]').textContent !== '0:00'")
    moves += play_some(front(a), game, 4)
    b.reload()  # B saves as it goes: never its older game over A's
    assert moves == moves_saved(b)
    assert engine_places(game) == b.places()

    moves += play_some(front(b), game, 1)
    front(a)
    wait_stale(a)
    a.page.evaluate("window.seahaven.page.events.emit('save')")  # as before a reload, and every 15 s
    assert moves == moves_saved(a)
    a.page.keyboard.press("Escape")
    assert a.page.get_by_test_id("elsewhere").is_visible()
    a.page.get_by_test_id("play-here").click()
    a.page.wait_for_selector("body[data-ready='1']", timeout=30000)
    assert engine_places(game) == a.places()
    assert not a.page.get_by_test_id("elsewhere").is_visible()


def test_a_win_is_never_erased_and_wins_in_two_tabs_count_two(local, second, solution):
    """Tab A wins the game both tabs show; tab B's move on its stale board
    changes nothing stored. From "Play here", B plays the deal again and wins
    it: two wins, a streak of two."""
    a, b = local, second
    both_near_the_win(a, b, solution)
    last = Move.parse(solution[-1])
    won = Game.load(near_win(WIN_CODE, solution))
    card = won.cards(last.source)[-1]
    front(a).tap(card)
    a.page.wait_for_function("window.seahaven.page.state.view.won")
    a.page.wait_for_function("JSON.parse(localStorage.getItem('seahaven.stats')).levels['4'].won === 1")
    after_win = easy(a)
    assert (1, 1, 1) == (after_win["won"], after_win["streak"], after_win["bestStreak"])

    other = next(m for m in won.legal_moves() if not m.target.startswith("f"))
    front(b).mouse_drag(card, other.target)  # a move on the board A has moved on from
    b.wait_idle()
    b.page.evaluate("window.seahaven.page.events.emit('save')")
    assert after_win == easy(a)
    assert Game.load(a.storage("seahaven.game")["game"]).won
    wait_stale(b)
    b.page.get_by_test_id("play-here").click()
    b.page.wait_for_selector("body[data-ready='1']", timeout=30000)
    assert Game.load(b.saved_game()).won  # A's won game

    b.page.get_by_test_id("new-game").click()
    b.page.get_by_test_id("code-input").fill(WIN_CODE)
    b.page.get_by_test_id("deal").click()
    b.wait_idle()
    b.page.evaluate("moves => { const {api} = window.seahaven.page; "
        "moves.forEach(move => api.do('play', {move})); }", solution[:-1])
    b.wait_idle()
    b.tap(card)
    b.page.get_by_test_id("win").wait_for(state="visible")
    b.page.wait_for_function("JSON.parse(localStorage.getItem('seahaven.stats')).levels['4'].won === 2")
    stats = easy(b)
    assert (2, 2, 2, 2) == (stats["played"], stats["won"], stats["streak"], stats["bestStreak"])
    wait_stale(front(a))


def test_reloading_two_tabs_in_turn_counts_no_game(local, second):
    """Tab B starts another deal over A's game (a loss, as any new game after a
    move); reloading A, then B, changes neither the statistics nor the
    game, and each tab shows B's game."""
    a, b = local, second
    a.preset({"seahaven.stats": json.dumps({"v": 1, "levels": {"4": {"played": 9, "won": 5, "streak": 3}}})})
    a.open(CODE)
    play_some(a, Game.from_code(CODE), 1)
    b.open()  # the page opened last is in front
    b.page.get_by_test_id("new-game").click()
    b.page.get_by_test_id("deal").click()
    b.page.get_by_test_id("replace-open").click()  # the game in progress is left, once asked
    b.wait_idle()
    game = Game.from_code(b.code())
    play_some(b, game, 1)
    wait_stale(front(a))
    before = (easy(b), b.storage("seahaven.game")["game"])
    assert (10, 0) == (before[0]["played"], before[0]["streak"])  # A's game left; B's in progress, not counted yet
    for p in (a, b):
        front(p).reload()
        assert engine_places(game) == p.places()
    assert before == (easy(b), b.storage("seahaven.game")["game"])


# Run `action` (JavaScript) in a page at the browser's wall-clock time `at` (ms), so two tabs act within milliseconds.
AT = "([at, action]) => setTimeout(() => new Function(action)(), at - Date.now())"
UNDO = "document.querySelector('[data-testid=undo]').click()"


@pytest.mark.parametrize("b_first_by_ms", [10, 0, -10])
def test_a_win_shown_in_a_race_with_another_tab_is_counted(local, second, solution, b_first_by_ms):
    """Tab A's winning move and tab B's Undo within 50 ms (16 of 30 such races
    lost the win): A's board is won and the win is counted, once, even when A
    is then told the game continues in B (a page behind another gets few
    frames, so A stores last in every order here)."""
    a, b = local, second
    both_near_the_win(a, b, solution)
    last = json.dumps(solution[-1])
    win = "(() => { const {api} = window.seahaven.page; api.do('play', {move: %s}); })()" % last
    now = a.page.evaluate("Date.now()")
    b.page.evaluate(AT, [now + 300, UNDO])
    a.page.evaluate(AT, [now + 300 + b_first_by_ms, win])
    a.page.wait_for_function("window.seahaven.page.state.view.won")
    a.page.wait_for_function("JSON.parse(localStorage.getItem('seahaven.stats')).levels['4'].won === 1")
    for p in (a, b):
        p.page.evaluate("window.seahaven.page.events.emit('save')")
    stale = [p for p in (a, b) if p.page.evaluate("document.body.dataset.saving") == "stale"]
    assert 1 == len(stale)  # one tab holds the game
    stats = easy(a)
    assert (1, 1) == (stats["won"], stats["played"])


def four_colour(p):
    return p.page.evaluate("document.body.classList.contains('four-colour')")


def test_settings_merge_per_key_across_tabs_and_versions(local, second):
    """The four-colour deck turned on in tab A survives a New game in tab B
    (which stores its cell count) and B follows it at once; a settings record
    of a newer version keeps its version and its keys at this version's New game."""
    a, b = local, second
    a.open(CODE)
    play_some(a, Game.from_code(CODE), 1)  # stored: B opens this game
    b.open()
    front(a).page.get_by_test_id("settings").click()
    a.page.get_by_test_id("four-colour").check()
    a.page.keyboard.press("Escape")
    b.page.wait_for_function("document.body.classList.contains('four-colour')")  # followed in B at once
    front(b).page.get_by_test_id("new-game").click()
    b.page.get_by_test_id("deal").click()
    b.page.get_by_test_id("replace-open").click()  # the game in progress is left, once asked
    b.wait_idle()
    assert (True, 4) == (b.storage("seahaven.settings")["fourColour"], b.storage("seahaven.settings")["cells"])
    for p in (a, b):
        front(p).reload()
        assert four_colour(p)

    newer = {"v": 2, "fourColour": True, "theme": "dark", "sound": "waves", "cells": 4}
    a.preset({"seahaven.settings": json.dumps(newer)})
    a.open(CODE)
    assert four_colour(a)  # the keys this version knows are read
    a.page.get_by_test_id("new-game").click()
    a.page.get_by_test_id("deal").click()
    a.wait_idle()
    assert newer == a.storage("seahaven.settings")
