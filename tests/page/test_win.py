"""A whole game won through the page, with a solution found by Freecell Solver, and the win
celebrated: the cards fly, seen before the win dialog comes (issue 41) and never in its
way (issue 27)."""

import pytest

from seahaven import Game, Move
from seahaven.solver import solve

from .. import fcsolve
from .player import DEVICES, Player, engine_places, press
from .test_touch import replay

pytestmark = pytest.mark.browser

WIN_CODE = "SH1-C4-AAAAAJ2"


@pytest.mark.skipif(fcsolve.FC_SOLVE is None, reason="fc-solve (Debian freecell-solver-bin) is not installed")
def test_win_through_the_page(desktop):
    """Taps send cards home and drags do the rest; the last card home shows the win message."""
    game = Game.from_code(WIN_CODE)
    solution = fcsolve.solve(game)
    assert solution, "fc-solve solves this deal"
    desktop.open(WIN_CODE)
    last_tap = None
    for i, move in enumerate(solution):
        value = Move.parse(move)
        src, dst, n = value.source, value.target, value.n
        cards = game.cards(src)
        if dst.startswith("f"):
            if last_tap == src:  # a quick second tap there would be a double tap's, ignored
                desktop.page.wait_for_timeout(400)
            desktop.tap(cards[-1])
            last_tap = src
        else:
            desktop.mouse_drag(cards[-n], dst)
            last_tap = None
        game.play(move)
        if i % 10 == 0:
            desktop.wait_idle()
            assert engine_places(game) == desktop.places(), move
    desktop.page.get_by_test_id("win").wait_for(state="visible")
    assert game.won
    assert str(game.score) == desktop.page.get_by_test_id("score").inner_text()
    assert "You won!" == desktop.page.locator("#win-title").inner_text()
    desktop.screenshot("won")


# -- the win celebrated ----------------------------------------------------------

CASCADE = "[data-testid=win-cascade]"

# How the celebration stands: the canvas, how many cards have left their
# foundations, whether it has drawn anything, and whether each button of the
# win dialog is what a tap at its middle reaches.
CELEBRATION = """() => {
  const canvas = document.querySelector('[data-testid=win-cascade]');
  let drawn = false;
  if (canvas) {
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < pixels.length && !drawn; i += 4) drawn = pixels[i] > 0;
  }
  const buttons = Array.from(document.querySelectorAll('#win-dialog button'), (button) => {
    const r = button.getBoundingClientRect();
    return button.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  });
  return { canvas: !!canvas, flown: document.querySelectorAll('.card.flown').length, drawn, buttons };
}"""


def win_by_hand(player):
    """Play a winning line, the last card sent home by a tap as a player would."""
    game = Game.from_code(WIN_CODE)
    line = solve(game).moves
    player.open(WIN_CODE)
    replay(player, line[:-1])
    for move in line[:-1]:
        game.play(move)
    last = Move.parse(line[-1])
    assert last.target.startswith("f")
    player.tap(game.cards(last.source)[-1])
    player.page.get_by_test_id("win").wait_for(state="visible")


@pytest.mark.parametrize("sized", [(360, 740), (390, 844), (844, 390), (1280, 800)], indirect=True)
def test_a_win_sets_the_cards_flying(sized):
    """The last card home sends the cards off the foundations one by one, to
    bounce across the board, seen alone for a moment (tests/page/test_words.py);
    then the win dialog comes over the show, drawn under it, and its every
    button stays within reach of a tap. A tap ends the show at once: the
    foundations are whole again and the dialog stays."""
    win_by_hand(sized)
    page = sized.page
    page.wait_for_selector(CASCADE, state="attached")
    page.wait_for_function("document.querySelectorAll('.card.flown').length >= 4")
    seen = page.evaluate(CELEBRATION)
    sized.screenshot("win-cascade")
    assert seen["drawn"] and seen["flown"] >= 4
    assert all(seen["buttons"])
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    if sized.device.startswith("phone"):
        page.touchscreen.tap(8, height - 8)  # on the felt, away from the dialog
    else:
        page.mouse.click(8, height - 8)
    sized.wait_idle()
    after = page.evaluate(CELEBRATION)
    assert (False, 0) == (after["canvas"], after["flown"])
    assert page.get_by_test_id("win").is_visible()
    assert width == page.evaluate("document.documentElement.scrollWidth")


def test_the_show_ends_by_itself(desktop):
    """Left alone, the cards have all flown within ten seconds; the canvas
    fades away and the board shows the four full foundations under the dialog."""
    win_by_hand(desktop)
    page = desktop.page
    page.wait_for_selector(CASCADE, state="attached")
    page.wait_for_selector(CASCADE, state="detached", timeout=12000)
    assert 0 == page.locator(".card.flown").count()
    assert page.get_by_test_id("win").is_visible()
    for name, suit in zip(("f1", "f2", "f3", "f4"), "SHDC"):
        assert "K" + suit == page.locator("[data-place=%s] [data-card]" % name).last.get_attribute("data-card")
        assert page.locator("[data-card=K%s]" % suit).is_visible()


@pytest.mark.parametrize("setting", ["reduced motion", "animations off"])
def test_no_show_without_motion(browser, site, setting):
    """A player who asks the device for less motion, or turns Animations off,
    gets the win dialog and no flying cards."""
    context = browser.new_context(**DEVICES["phone"], service_workers="block",
                                  reduced_motion="reduce" if setting == "reduced motion" else "no-preference")
    player = Player(context.new_page(), context, "phone")
    player.base = site
    if setting == "animations off":
        player.open(WIN_CODE)
        press(player.page, "settings")
        player.page.get_by_test_id("animations").uncheck()
        player.page.keyboard.press("Escape")
    win_by_hand(player)
    player.page.wait_for_timeout(1200)
    assert 0 == player.page.locator(CASCADE).count()
    assert 0 == player.page.locator(".card.flown").count()
    assert [] == player.errors
    context.close()
