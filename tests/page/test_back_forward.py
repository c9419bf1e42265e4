"""Back from help is instant: the game's page is kept in the back/forward
cache and comes back as it was (the same document, the board, score and
moves), though another tab of the game started meanwhile, and then plays on
with its solver."""

import pytest

from seahaven import Game, Move

from ..offline.moves import play_some
from .player import DEVICES, Player

pytestmark = pytest.mark.browser

CODE = "SH1-C4-AAAAAAV"  # three cards can go home at the start: every move is a tap (see touch())


@pytest.fixture(scope="module")
def caching_browser(browser_type, browser_type_launch_args):
    """A browser that keeps pages in the back/forward cache (Playwright's own launch turns it off)."""
    browser = browser_type.launch(**browser_type_launch_args, ignore_default_args=["--disable-back-forward-cache"])
    yield browser
    browser.close()


def touch(p, testid):
    """Press a toolbar control as the player does: a tap on a phone, a click on a
    desktop, from the ☰ menu when the row has no room for it. (A tap made
    within about 200 ms of a touch drag's end is lost in Chromium, a concern of
    its own: this test's moves are taps.)"""
    control = p.page.get_by_test_id(testid)
    press = (lambda el: el.tap()) if p.device == "phone" else (lambda el: el.click())
    if not control.is_visible():
        press(p.page.get_by_test_id("menu"))
    press(control)


def seen(p):
    """What the player sees of the game: every pile, the score and the moves."""
    return p.places(), p.score(), p.page.get_by_test_id("moves").inner_text()


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_back_from_help_restores_the_game_from_the_cache(caching_browser, site, device):
    """Moves played, Help opened, a second tab of the game opened and closed
    meanwhile (its solver's start asks the lock manager, which evicted a page
    whose worker held a lock: Back loaded the game again), then Back: the same
    document comes back, as it was, and plays on; its solver answers a hint."""
    context = caching_browser.new_context(**DEVICES[device], service_workers="block")
    p = Player(context.new_page(), context, device)
    p.base = site
    try:
        p.open(CODE)
        p.page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=60000)
        game = Game.from_code(CODE)
        play_some(p, game, 2)
        p.page.evaluate("window.sameDocument = true")
        before = seen(p)
        cdp = context.new_cdp_session(p.page)
        cdp.send("Page.enable")
        evicted = []
        cdp.on("Page.backForwardCacheNotUsed", lambda e: evicted.append(e["notRestoredExplanations"]))

        touch(p, "rules")
        p.page.wait_for_url("**/help/**")
        other = Player(context.new_page(), context, device)
        other.base = site
        other.open()
        other.page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=60000)
        other.page.close()

        p.page.bring_to_front()
        p.page.go_back(wait_until="commit")
        p.page.wait_for_selector("body[data-ready='1']", timeout=30000)
        assert p.page.evaluate("window.sameDocument === true"), evicted
        assert [] == evicted
        assert before == seen(p)
        play_some(p, game, 1)
        touch(p, "hint")
        p.page.wait_for_function("document.body.dataset.hint", timeout=30000)
        game.play(Move.parse(p.page.evaluate("document.body.dataset.hint")))  # a legal move of the position shown
        assert [] == p.errors + other.errors
    finally:
        context.close()
