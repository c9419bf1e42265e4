"""A whole game won through the page, with a solution found by Freecell Solver."""

import pytest

from seahaven import Game, Move

from .. import fcsolve
from .player import engine_places

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
