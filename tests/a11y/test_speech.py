"""What a screen reader gets: place names in the page's language, and one
polite live region that says each move, refusals with their reason, the score
and the win, in English and in Spanish."""

import pytest

from seahaven import Game, Move

from .. import fcsolve
from ..page.player import find_deal
from ..page.strings import Strings

pytestmark = pytest.mark.browser

WIN_CODE = "SH1-C4-AAAAAJ2"


def ace_on_top(game):
    return next(("t%d" % (i + 1) for i, col in enumerate(game.position.cols) if col and col[-1] % 13 == 0), None)


def label(p, place):
    return p.page.locator("[data-place='%s']" % place).get_attribute("aria-label")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_places_have_names(desktop, lang):
    """Every place is a named "pile": columns with count and top card (and all cards in the description)."""
    s = Strings(lang)
    game = Game.from_code(WIN_CODE)
    desktop.open(WIN_CODE, query="?lang=%s" % lang)
    t3 = game.cards("t3")
    assert s("a11y.column.other", n=3, count=len(t3), top=s.card(t3[-1])) == label(desktop, "t3")
    assert s("a11y.cards", cards=", ".join(s.card(c) for c in t3)) == desktop.place("t3").get_attribute(
        "aria-description"
    )
    assert s("a11y.cell", n=1, top=s.card(game.cards("c1")[-1])) == label(desktop, "c1")
    assert s("a11y.cellEmpty", n=3) == label(desktop, "c3")
    assert s("a11y.foundationEmpty", suit=s("suit.H")) == label(desktop, "f2")
    roles = desktop.page.evaluate("() => [...new Set([...document.querySelectorAll('[data-place]')].map(e => e.role))]")
    assert ["group"] == roles
    assert s("a11y.pileRole") == desktop.place("f1").get_attribute("aria-roledescription")
    assert s("a11y.tableRole") == desktop.page.locator("#board .table").get_attribute("aria-roledescription")
    assert s("a11y.card", rank=s("rank.13"), suit=s("suit.H")) == desktop.card("KH").get_attribute("aria-label")


def test_names_follow_the_language(desktop):
    """Switching the language in Settings renames the places at once."""
    es = Strings("es")
    game = Game.from_code(WIN_CODE)
    desktop.open(WIN_CODE)
    desktop.page.get_by_test_id("settings").click()
    desktop.page.get_by_test_id("language").select_option("es")
    desktop.page.wait_for_function("() => document.documentElement.lang === 'es'")
    t1 = game.cards("t1")
    expected = es("a11y.column.other", n=1, count=len(t1), top=es.card(t1[-1]))
    desktop.page.wait_for_function("t => document.querySelector('[data-place=t1]').ariaLabel === t", arg=expected)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_live_region_says_move_refusal_and_win(desktop, lang):
    """A move is said with its card, destination and new score; a refusal with its reason; the win."""
    s = Strings(lang)
    region = desktop.page.get_by_test_id("announcer")
    game = find_deal(4, lambda g: ace_on_top(g) is not None)
    desktop.open(game.code, query="?lang=%s" % lang)
    assert "polite" == region.get_attribute("aria-live")
    assert "status" == region.get_attribute("role")
    src = ace_on_top(game)
    ace = game.cards(src)[-1]
    home = "f%d" % ("SHDC".index(ace[1]) + 1)
    desktop.go(src)
    desktop.press("Enter")
    said = s("a11y.moved", card=s.card(ace), to=s.place(home)) + ", " + s("a11y.scoreNow", score=10)
    assert said == desktop.wait_announced(said)

    # A refusal: the tap that cannot go home, said with its reason (the card its foundation
    # needs first) and what a double tap does instead, once the double-tap window has passed.
    game.play(game.tap(src))
    stuck = next(p for p in ("t%d" % i for i in range(1, 11))
                 if game.cards(p) and game.tap(p) is None and game.double_tap(p))
    desktop.go(stuck)
    desktop.press("Enter")
    need = game.why_not_home(stuck).params["need"]
    said = s("tip.doubleTap", card=s.short(game.cards(stuck)[-1]), need=s.short(need),
             to=s.place(game.double_tap(stuck).target))
    assert said == desktop.wait_announced(said)

    # The win: the deal played up to its last move through the page's own
    # engine and drawing, then the last card sent home from the keyboard.
    if fcsolve.FC_SOLVE is None:
        pytest.skip("fc-solve (Debian freecell-solver-bin) is not installed")
    win = Game.from_code(WIN_CODE)
    solution = fcsolve.solve(win)
    desktop.page.get_by_test_id("new-game").click()
    desktop.page.get_by_test_id("code-input").fill(WIN_CODE)
    desktop.page.get_by_test_id("deal").click()
    desktop.page.get_by_test_id("replace-open").click()  # the game in progress is left, once asked
    desktop.with_api(
        "(api, moves) => { for (const move of moves) api.do('play', {move}, {animate: false}); }",
        solution[:-1],
    )
    for move in solution[:-1]:
        win.play(move)
    last = Move.parse(solution[-1]).source
    card = win.cards(last)[-1]
    desktop.page.wait_for_timeout(400)
    desktop.go(last)
    desktop.press("Enter")
    said = desktop.wait_announced(s("a11y.won"))
    home = "f%d" % ("SHDC".index(card[1]) + 1)
    assert s("a11y.moved", card=s.card(card), to=s.place(home)) in said
    desktop.page.get_by_test_id("win").wait_for(state="visible")
    assert "win-summary" == desktop.page.get_by_test_id("win").get_attribute("aria-describedby")


def test_toasts_are_said_once(desktop):
    """The toast is for the eyes; its words reach a screen reader through the one live region."""
    desktop.open(WIN_CODE)
    assert "true" == desktop.toast().get_attribute("aria-hidden")
    regions = desktop.page.evaluate(
        """() => [...document.querySelectorAll('[aria-live]:not([aria-live=off]), [role=status], [role=alert]')]
                 .filter(e => !e.closest('dialog') && !e.closest('[hidden]')).map(e => e.dataset.testid || e.id)"""
    )
    assert ["announcer"] == regions
    desktop.go("t1")
    desktop.press("p")
    desktop.go("t2")
    desktop.press("Enter")
    text = desktop.toast().inner_text()
    assert text and text in desktop.wait_announced(text)
