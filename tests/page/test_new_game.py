"""The New game dialog's code field (issue 41 points 1 and 4): Enter (a phone
keyboard's Go) deals the code typed there, never restarts the deal on the board;
an error about a code goes once the code is fixed; and before it is dealt, the
dialog says what the code deals — its difficulty, whatever is ticked, and, from
the solver, whether it can be won. A deal lost from its start says so in those
words, never "no longer"."""

import pytest

from seahaven import Game
from seahaven.solver import NOT_WINNABLE, WINNABLE, solve

from .player import engine_places, find_deal, press
from .strings import Strings
from .test_play import ace_on_top
from .test_replace import tap

pytestmark = pytest.mark.browser

START = "SH1-C4-AAAAAJ2"
TYPED = "SH1-C2-AAAAAAA"
LOST_FROM_THE_START = "SH1-C1-AAAAAAA"  # Hard, and lost before any move (the solver says so at once)
SOLVER_READY = "body[data-solver='ready']"
LANGUAGES = ["en", "es", "sv"]


def open_new_game(player, lang="en", code=START):
    player.open(code, query="?lang=%s" % lang)
    press(player.page, "new-game")
    return player.page.get_by_test_id("code-input")


def test_enter_in_the_code_field_deals_that_code(player):
    """A move made (an ace sent home), New game, a code typed and Enter pressed (a phone
    keyboard's Go): the page asks before it leaves the game for a new deal, and deals the
    code typed, rather than restarting the deal on the board."""
    game = find_deal(4, lambda g: ace_on_top(g) is not None)
    player.open(game.code)
    page = player.page
    player.tap(game.cards(ace_on_top(game))[-1])
    page.wait_for_function("document.querySelector('[data-testid=moves]').textContent === '1'")
    press(page, "new-game")
    field = page.get_by_test_id("code-input")
    tap(player, field)
    field.fill(TYPED)
    field.press("Enter")
    page.get_by_test_id("replace").wait_for(state="visible")
    assert "Deal a new game?" == page.locator("#replace-title").inner_text()
    tap(player, page.get_by_test_id("replace-open"))
    page.wait_for_function("c => document.querySelector('[data-testid=game-code]').textContent === c", arg=TYPED)
    assert engine_places(Game.from_code(TYPED)) == player.places()
    assert not page.locator("#new-dialog").is_visible()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_code_error_goes_once_the_code_is_fixed(phone, lang):
    """A code with a wrong middle part, dealt with Enter: the error says which part,
    and the game stays. Typed on, still wrong: the error says what is wrong now. Fixed:
    the error goes, and the dialog says what the code deals (Medium, 2 cells)."""
    s = Strings(lang)
    field = open_new_game(phone, lang)
    page = phone.page
    error = page.get_by_test_id("code-error")
    field.fill("SH1-C3-AAAAAAA")
    field.press("Enter")
    assert s("code.code-cells", part="C3") == error.inner_text()
    assert START == phone.code()
    field.fill("SH1-C2-AAAA")
    assert s("code.code-length", count=4) == error.inner_text()
    field.fill(TYPED.lower())
    assert "" == error.inner_text()
    assert page.get_by_test_id("code-info").inner_text().startswith(s("new.medium"))
    field.press("Enter")
    page.wait_for_function("c => document.querySelector('[data-testid=game-code]').textContent === c", arg=TYPED)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_typed_code_says_what_it_deals(player, lang):
    """Easy and "Only winnable deals" ticked, a Hard code typed: the dialog says it is
    Hard, 1 cell, and, once the solver answers, that it cannot be won; the choices it
    overrides are turned off. Dealt with Enter, it is that deal, and the bar says the
    deal cannot be won even from its start (never "no longer"), as the mark does."""
    assert NOT_WINNABLE == solve(Game.from_code(LOST_FROM_THE_START).position).status
    s = Strings(lang)
    player.open(START, query="?lang=%s" % lang)
    page = player.page
    page.wait_for_selector(SOLVER_READY, state="attached", timeout=60000)
    press(page, "new-game")
    page.get_by_test_id("difficulty-easy").check()
    page.get_by_test_id("only-winnable").check()
    field = page.get_by_test_id("code-input")
    field.fill(LOST_FROM_THE_START)
    said = "%s · %s" % (s("new.hard"), s("typed.lost"))
    page.wait_for_function("t => document.querySelector('[data-testid=code-info]').textContent === t", arg=said)
    assert page.get_by_test_id("difficulty-easy").is_disabled() and page.get_by_test_id("only-winnable").is_disabled()
    player.screenshot("typed-code-%s" % lang)
    field.press("Enter")
    page.wait_for_function("c => document.querySelector('[data-testid=game-code]').textContent === c",
                           arg=LOST_FROM_THE_START)
    assert 1 == page.locator("[data-place^='c']").count()
    bar = page.get_by_test_id("lost")
    bar.wait_for(state="visible", timeout=30000)
    assert s("solver.lostStart") == page.locator("#lost-text").inner_text()
    assert page.get_by_test_id("lost-new").is_visible() and not page.get_by_test_id("undo-to-winnable").is_visible()
    assert s("solver.lostStart") == page.get_by_test_id("winnable").get_attribute("title")


def test_a_winnable_code_says_its_kind(desktop):
    """A winnable code typed: its difficulty, its kind of deal and that it can be won,
    as the solver's grade says; cleared, the choices come back."""
    code = next(c for c in ("SH1-C4-AAAAAJ2", "SH1-C4-AAAAAJ3", "SH1-C4-AAAAAJ4")
                if solve(Game.from_code(c).position).status == WINNABLE)
    desktop.open(START)
    page = desktop.page
    page.wait_for_selector(SOLVER_READY, state="attached", timeout=60000)
    press(page, "new-game")
    field = page.get_by_test_id("code-input")
    field.fill(code)
    info = page.get_by_test_id("code-info")
    page.wait_for_function("() => document.querySelector('[data-testid=code-info]').dataset.verdict === 'winnable'",
                           timeout=30000)
    level, kind, verdict = info.inner_text().split(" · ")
    assert ("Easy — 4 cells", "Can be won") == (level, verdict)
    assert kind in ("Relaxed", "Balanced", "Tricky")
    assert page.get_by_test_id("tier").is_disabled()
    field.fill("")
    assert "" == info.inner_text()
    assert page.get_by_test_id("tier").is_enabled() and page.get_by_test_id("difficulty-hard").is_enabled()
