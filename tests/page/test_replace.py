"""Nothing replaced without asking: every action that would replace a game in
progress with at least one move (New game's Deal, a kind of deal, Restart,
Today, a link) asks the same question, says truthfully how the game left will
be counted, and keeps the game when the player says so. The statistics' best
score comes only from won games."""

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from seahaven import Game, daily

from .player import press

pytestmark = pytest.mark.browser

START = "SH1-C4-AAAAAJ2"
LOSS = "Your game in progress (%s) will be abandoned and counted as a loss."


MOVED = "(n) => document.querySelector('[data-testid=moves]').textContent === String(n)"


def play_taps(player, count):
    """`count` moves by double taps on top cards, as a player does (each moves a card somewhere).
    A double tap the page took for two single taps (two taps too far apart on a loaded
    machine) changes nothing: then the card is dragged there."""
    game = Game.from_code(player.code())
    for _ in range(count):
        place = next(p for p in ("t%d" % i for i in range(1, 11)) if game.double_tap(p))
        card, move = game.cards(place)[-1], game.double_tap(place)
        player.double_tap(card)
        game.play(move)
        try:
            player.page.wait_for_function(MOVED, arg=game.moves_made, timeout=3000)
        except PlaywrightTimeout:
            (player.touch_drag if player.device.startswith("phone") else player.mouse_drag)(card, move.target)
            player.page.wait_for_function(MOVED, arg=game.moves_made)
    return game


def asked(player):
    """The question on screen: (title, text, the button that goes on)."""
    page = player.page
    page.get_by_test_id("replace").wait_for(state="visible")
    return (page.locator("#replace-title").inner_text(), page.locator("#replace-text").inner_text(),
            page.get_by_test_id("replace-open").inner_text())


def tap(player, locator):
    locator.click() if player.device.startswith("desktop") else locator.tap()


def stats(player):
    return player.page.evaluate("() => JSON.parse(localStorage.getItem('seahaven.stats'))")


def test_new_game_asks_before_it_deals(player):
    """☰ → New → Deal after 3 moves: the question says the game (3 moves) will count as
    lost; "Keep my game" goes back to the dialog with the game untouched; Deal deals, and
    the game left counts as lost, with no best score from it."""
    player.open(START)
    play_taps(player, 3)
    page = player.page
    press(page, "new-game")
    page.get_by_test_id("only-winnable").uncheck()  # a random deal at once: the solver is not needed here
    tap(player, page.get_by_test_id("deal"))
    assert ("Deal a new game?", LOSS % "3 moves", "Deal") == asked(player)
    player.screenshot("replace-deal")
    tap(player, page.get_by_test_id("replace-keep"))
    assert page.get_by_test_id("replace").is_hidden() and page.locator("#new-dialog").is_visible()
    assert (START, "3") == (player.code(), page.get_by_test_id("moves").inner_text())
    tap(player, page.get_by_test_id("deal"))
    asked(player)
    tap(player, page.get_by_test_id("replace-open"))
    page.wait_for_function("(code) => document.querySelector('[data-testid=game-code]').textContent !== code",
                           arg=START)
    assert "0" == page.get_by_test_id("moves").inner_text()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('seahaven.stats')).levels['4'].recent.length")
    easy = stats(player)["levels"]["4"]
    assert ([{"result": "lost", "seconds": None, "tier": None}], None, 1) == (easy["recent"], easy["bestScore"],
                                                                              easy["played"])


def test_no_question_without_a_move(desktop):
    """A deal not played yet is replaced at once: there is nothing to lose."""
    desktop.open(START)
    page = desktop.page
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("only-winnable").uncheck()
    page.get_by_test_id("deal").click()
    page.wait_for_function("(code) => document.querySelector('[data-testid=game-code]').textContent !== code",
                           arg=START)
    assert page.get_by_test_id("replace").count() == 0 or page.get_by_test_id("replace").is_hidden()


def test_a_kind_of_deal_asks_before_it_looks(desktop):
    """Deal with a kind of deal chosen asks first, before the search: keeping the game
    searches nothing and deals nothing."""
    desktop.open(START)
    play_taps(desktop, 2)
    page = desktop.page
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("tier").select_option("relaxed")
    page.get_by_test_id("deal").click()
    assert ("Deal a new game?", LOSS % "2 moves", "Deal") == asked(desktop)
    page.get_by_test_id("replace-keep").click()
    assert "" == page.locator("#deal-status").inner_text()
    page.get_by_test_id("cancel").click()
    assert (START, "2") == (desktop.code(), page.get_by_test_id("moves").inner_text())


def test_restart_asks_and_keeps_the_same_game(player):
    """Restart after 2 moves says the moves are taken back (Redo plays them again) and the
    game stays the same one in the statistics; it is not counted as lost."""
    player.open(START)
    play_taps(player, 2)
    page = player.page
    press(page, "new-game")
    tap(player, page.get_by_test_id("restart"))
    title, text, go = asked(player)
    assert ("Restart this deal?", "Restart") == (title, go)
    assert text.startswith("2 moves are taken back: Redo plays them again") and "same game" in text
    tap(player, page.get_by_test_id("replace-open"))
    page.wait_for_function("document.querySelector('[data-testid=moves]').textContent === '0'")
    assert page.get_by_test_id("redo").is_enabled()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('seahaven.stats')).current.played")
    assert 0 == stats(player)["levels"]["4"]["played"]  # still in progress: counted when it ends
    assert [] == stats(player)["levels"]["4"]["recent"]


@pytest.mark.parametrize("sized", [(360, 740), (844, 390), (1280, 800)], indirect=True)
def test_today_asks_and_the_menu_closes(sized):
    """☰ → Today after 2 moves (the phone's toolbar folds it into the menu): the menu
    closes once the deal is found, the question asks before the game is left; kept, the
    game stays; asked again and accepted, today's deal is dealt, the menu closed."""
    p = sized
    page = p.page
    page.clock.set_fixed_time("2026-12-24T09:30:00Z")
    p.open(START)
    play_taps(p, 2)
    page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=120000)
    menu = page.get_by_test_id("menu-panel")
    press(page, "daily")
    assert ("Play today's deal?", LOSS % "2 moves", "Play it") == asked(p)
    assert not menu.is_visible(), "the menu has closed: the question is not under it"
    p.screenshot("replace-daily")
    tap(p, page.get_by_test_id("replace-keep"))
    assert (START, "2") == (p.code(), page.get_by_test_id("moves").inner_text())
    press(page, "daily")
    asked(p)
    tap(p, page.get_by_test_id("replace-open"))
    assert daily.daily(2026, 12, 24, 4).code == p.code()
    assert not menu.is_visible()


def test_a_link_asks_the_same_question(desktop):
    """A deal's link followed during a game in progress asks, with the deal's code."""
    desktop.open(START)
    play_taps(desktop, 1)
    desktop.page.evaluate("location.hash = '#SH1-C4-AAAAAJ3'")
    assert ("Open the shared deal SH1-C4-AAAAAJ3?", LOSS % "1 move", "Open it") == asked(desktop)
    desktop.page.get_by_test_id("replace-keep").click()
    assert START == desktop.code()
