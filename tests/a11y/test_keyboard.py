"""Keyboard play: one tab stop for the board, arrows and digits between places,
Enter taps, P picks up, shortcuts; the same engine intents as the pointer."""

import pytest

from seahaven import Game, Move
from seahaven.rules import run_length

from .. import fcsolve
from ..page.player import engine_places, find_deal
from ..page.strings import Strings

pytestmark = pytest.mark.browser

WIN_CODE = "SH1-C4-AAAAAJ2"


def ace_on_top(game):
    return next(("t%d" % (i + 1) for i, col in enumerate(game.position.cols) if col and col[-1] % 13 == 0), None)


def run_with_target(game):
    """(src, dst, n): a run of 2+ at a column top whose head another column's top accepts."""
    pos = game.position
    tops = {col[-1]: i for i, col in enumerate(pos.cols) if col}
    for i, col in enumerate(pos.cols):
        r = run_length(col)
        if r >= 2 and col[-r] + 1 in tops and col[-r] % 13 != 12:
            return "t%d" % (i + 1), "t%d" % (tops[col[-r] + 1] + 1), r
    return None


def tab_stops(p):
    return p.page.evaluate("() => [...document.querySelectorAll('[data-place]')].filter(e => e.tabIndex === 0).length")


def test_board_is_one_tab_stop(desktop):
    """Tab from the toolbar reaches the board once; Tab again leaves it; Shift+Tab comes back to the same place."""
    desktop.open(WIN_CODE)
    assert 1 == tab_stops(desktop)
    desktop.page.get_by_test_id("settings").focus()
    desktop.press("Tab")
    assert "t1" == desktop.focused_place()
    desktop.press("ArrowRight", 3)
    assert "t4" == desktop.focused_place()
    assert 1 == tab_stops(desktop)
    desktop.press("Shift+Tab")
    assert desktop.focused_place() is None
    assert desktop.page.evaluate("() => !!document.activeElement.closest('.toolbar')")
    desktop.press("Tab")
    assert "t4" == desktop.focused_place()


def test_arrows_walk_the_board(desktop):
    """Left/right along a row (stopping at its ends), up to the nearest top-row place, down to the nearest column."""
    desktop.open(WIN_CODE)
    desktop.press("1")
    desktop.press("ArrowLeft")
    assert "t1" == desktop.focused_place()
    desktop.press("ArrowUp")
    assert "c1" == desktop.focused_place()
    seen = ["c1"]
    for _ in range(9):
        desktop.press("ArrowRight")
        seen.append(desktop.focused_place())
    assert ["c1", "c2", "c3", "c4", "f1", "f2", "f3", "f4", "f4", "f4"] == seen
    desktop.press("ArrowDown")
    assert "t10" == desktop.focused_place()
    desktop.press("Home")
    assert "t1" == desktop.focused_place()
    desktop.press("End")
    assert "t10" == desktop.focused_place()
    desktop.press("0")
    assert "t10" == desktop.focused_place()
    for digit in "123456789":
        desktop.press(digit)
        assert "t" + digit == desktop.focused_place()


@pytest.mark.parametrize("key", ["Enter", " "])
def test_enter_taps_and_a_second_press_does_nothing(desktop, key):
    """Enter or Space sends an ace home at once; a quick second press never takes it back."""
    game = find_deal(4, lambda g: ace_on_top(g) is not None)
    src = ace_on_top(game)
    desktop.open(game.code)
    desktop.go(src)
    desktop.press("Space" if key == " " else key, 2)
    desktop.page.wait_for_timeout(450)
    game.play(game.tap(src))
    assert engine_places(game) == desktop.places()
    assert 10 == desktop.score()


def test_two_quick_presses_send_two_cards_home(desktop):
    """For the keyboard: Enter that sent a card home arms no double tap;
    a quick second Enter sends the next card home too."""

    def ace_over_its_two(g):
        tops = {p: g.cards(p)[-2:] for p in ("t%d" % i for i in range(1, 11))}
        return next((p for p, c in tops.items() if len(c) == 2 and c[1][0] == "A" and c[0] == "2" + c[1][1]), None)

    game = find_deal(4, lambda g: ace_over_its_two(g) is not None)
    src = ace_over_its_two(game)
    desktop.open(game.code)
    desktop.go(src)
    desktop.press("Enter", 2)
    desktop.wait_idle()
    game.play(game.tap(src))
    game.play(game.tap(src))
    assert engine_places(game) == desktop.places()
    assert 20 == desktop.score()


def test_double_press_is_a_double_tap(desktop):
    """Two quick presses on a card that cannot go home move it where a double tap would."""
    game = Game.from_code(WIN_CODE)
    desktop.open(game.code)
    place = next(p for p in ["t%d" % i for i in range(1, 11)] if game.tap(p) is None and game.double_tap(p))
    desktop.go(place)
    desktop.press("Enter", 2)
    game.play(game.double_tap(place))
    desktop.wait_idle()
    assert engine_places(game) == desktop.places()


def test_double_press_on_a_held_run(desktop):
    """Enter twice quickly on a held run double-taps the run (n = its size), as a double tap on its head does."""
    game = find_deal(4, lambda g: run_with_target(g) is not None)
    src, dst, n = run_with_target(game)
    desktop.open(game.code)
    desktop.go(src)
    desktop.press("p")
    desktop.press("Shift+ArrowUp", n - 1)
    desktop.press("Enter", 2)
    game.play(game.double_tap(src, n))
    desktop.wait_idle()
    assert engine_places(game) == desktop.places()
    assert 0 == desktop.page.locator(".card.picked").count()


def test_refused_tap_is_shown_and_said(desktop):
    """A single press on a card that cannot go home moves nothing; the reason (the card its
    foundation needs first) and what a double press does instead are shown and announced."""
    game = find_deal(4, lambda g: ace_on_top(g) is None and g.double_tap("t1") is not None)
    desktop.open(game.code)
    before = desktop.places()
    desktop.go("t1")
    desktop.press("Enter")
    s = Strings("en")
    said = s("tip.doubleTap", card=s.short(game.cards("t1")[-1]), need=s.short(game.why_not_home("t1").params["need"]),
             to=s.place(game.double_tap("t1").target))
    desktop.wait_announced(said)
    assert before == desktop.places()
    assert said == desktop.toast().inner_text()


def test_pick_up_a_run_and_drop_it(desktop):
    """P picks up the top card, Shift+Up grows it to the run, targets light up, Enter drops there."""
    game = find_deal(4, lambda g: run_with_target(g) is not None)
    src, dst, n = run_with_target(game)
    desktop.open(game.code)
    desktop.go(src)
    desktop.press("p")
    assert 1 == desktop.page.locator(".card.picked").count()
    desktop.press("Shift+ArrowUp", n + 2)  # never more than the run
    assert n == desktop.page.locator(".card.picked").count()
    targets = desktop.page.evaluate("() => [...document.querySelectorAll('.place.target')].map(e => e.dataset.place)")
    assert dst in targets
    desktop.press("Shift+ArrowDown", n - 1)
    assert 1 == desktop.page.locator(".card.picked").count()
    desktop.press("Shift+ArrowUp", n - 1)
    desktop.go(dst)
    desktop.press("Enter")
    game.play("%s-%sx%d" % (src, dst, n))
    desktop.wait_idle()
    assert engine_places(game) == desktop.places()
    assert 0 == desktop.page.locator(".card.picked, .place.target").count()
    assert dst == desktop.focused_place()


def test_refused_drop_keeps_the_card_and_escape_puts_it_down(desktop):
    """An illegal drop moves nothing and says why; the card stays held until Escape."""
    game = Game.from_code(WIN_CODE)
    desktop.open(game.code)
    desktop.go("t1")
    desktop.press("p")
    desktop.go("t2")
    desktop.press("Enter")
    desktop.wait_announced("cannot go on")
    assert engine_places(game) == desktop.places()
    assert 1 == desktop.page.locator(".card.picked").count()
    desktop.press("Escape")
    desktop.wait_announced("Put down")
    assert 0 == desktop.page.locator(".card.picked, .place.target").count()
    desktop.press("p")
    desktop.press("Enter")  # Enter on the place it came from puts it back too
    assert 0 == desktop.page.locator(".card.picked").count()
    assert engine_places(game) == desktop.places()


def test_shortcuts(desktop):
    """U and Ctrl+Z undo, R, Ctrl+Y and Ctrl+Shift+Z redo, N opens the new game dialog, ? the keys."""
    game = find_deal(4, lambda g: ace_on_top(g) is not None)
    src = ace_on_top(game)
    desktop.open(game.code)
    fresh = desktop.places()
    desktop.go(src)
    desktop.press("Enter")
    moved = desktop.places()
    assert fresh != moved
    for undo, redo in [("u", "r"), ("Control+z", "Control+y"), ("U", "Control+Shift+Z")]:
        desktop.press(undo)
        assert fresh == desktop.places(), undo
        desktop.press(redo)
        assert moved == desktop.places(), redo
    desktop.press("n")
    assert desktop.page.locator("#new-dialog").is_visible()
    desktop.press("u")  # no shortcut while a dialog is open
    desktop.page.get_by_test_id("code-input").press("r")  # nor while typing
    assert "r" == desktop.page.get_by_test_id("code-input").input_value()
    desktop.press("Escape")
    assert moved == desktop.places()
    desktop.press("?")
    assert desktop.page.get_by_test_id("keys-dialog").is_visible()
    assert "U or Ctrl+Z: undo" in desktop.page.get_by_test_id("keys-dialog").inner_text()
    desktop.press("Escape")
    assert not desktop.page.get_by_test_id("keys-dialog").is_visible()


def test_keys_dialog_from_settings(desktop):
    """The keyboard help is also reachable without knowing "?": Settings → Keyboard."""
    desktop.open(WIN_CODE)
    desktop.page.get_by_test_id("settings").click()
    desktop.page.get_by_test_id("keys-open").click()
    dialog = desktop.page.get_by_test_id("keys-dialog")
    assert dialog.is_visible()
    for text in ["P: pick up", "1–9 and 0", "H: hint", "?: this list"]:
        assert text in dialog.inner_text()


@pytest.mark.slow
@pytest.mark.skipif(fcsolve.FC_SOLVE is None, reason="fc-solve (Debian freecell-solver-bin) is not installed")
def test_win_with_the_keyboard_alone(desktop):
    """A whole game, keys only: Enter sends cards home, P (+ Shift+Up for runs) and Enter move the rest."""
    game = Game.from_code(WIN_CODE)
    solution = fcsolve.solve(game)
    assert solution, "fc-solve solves this deal"
    desktop.open(WIN_CODE)
    last_tap = None
    for i, move in enumerate(solution):
        value = Move.parse(move)
        src, dst, n = value.source, value.target, value.n
        desktop.go(src)
        if dst[0] == "f":
            if last_tap == src:  # a quick second press there would be a double tap's, ignored
                desktop.page.wait_for_timeout(400)
            desktop.press("Enter")
            last_tap = src
        else:
            desktop.press("p")
            desktop.press("Shift+ArrowUp", n - 1)
            desktop.go(dst)
            desktop.press("Enter")
            last_tap = None
        game.play(move)
        if i % 10 == 0:
            assert engine_places(game) == desktop.places(), move
    desktop.page.get_by_test_id("win").wait_for(state="visible")
    assert game.won
    assert str(game.score) == desktop.page.get_by_test_id("score").inner_text()
    assert "You won!" in desktop.wait_announced("You won!")


@pytest.mark.skipif(fcsolve.FC_SOLVE is None, reason="fc-solve (Debian freecell-solver-bin) is not installed")
def test_finish_and_show_me_keys(desktop):
    """F plays Finish (before foundation moves alone win, it says "not yet"), S
    starts Show me, and ? lists both keys."""
    game = Game.from_code(WIN_CODE)
    solution = fcsolve.solve(game)
    desktop.open(WIN_CODE)
    page = desktop.page
    desktop.press("f")
    page.wait_for_function("() => document.querySelector('#toast').textContent.includes('Not yet')")
    desktop.press("?")
    listed = page.get_by_test_id("keys-dialog").inner_text()
    assert "S: show me" in listed and "F: finish" in listed
    desktop.press("Escape")

    page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=120000)
    desktop.press("s")
    page.get_by_test_id("showme-bar").wait_for(state="visible")
    page.wait_for_function("() => Number(document.querySelector('[data-testid=moves]').textContent) >= 2")
    page.get_by_test_id("showme-stop").click()
    assert page.evaluate("window.seahaven.page.state.helped")  # Show me helped this game

    # The deal again, played by hand up to where foundation moves alone win: F wins it.
    page.evaluate("c => { const {api} = window.seahaven.page; api.do('new', {code: c}, {reason: 'deal'}); }", WIN_CODE)
    play = "m => { const {api} = window.seahaven.page; api.do('play', {move: m}, {animate: false}); }"
    for move in solution:
        if page.evaluate("window.seahaven.page.state.view.finish"):
            break
        page.evaluate(play, move)
    assert not page.evaluate("window.seahaven.page.state.view.won")
    desktop.press("f")
    page.get_by_test_id("win").wait_for(state="visible", timeout=30000)
