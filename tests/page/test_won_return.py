"""A won game shows the win, never an empty board with nothing to do: once
the win dialog is closed, and when the player comes back to it, the result
(score, moves, time) lies over the empty tableau below the full foundations,
with New game and Review; undoing the last move takes it away."""

import pytest

from seahaven import Game, Move
from seahaven.solver import solve

pytestmark = pytest.mark.browser

CODE = "SH1-C4-AAAAAJ2"
PANEL = "won-panel"


def win(player):
    """The deal played to its last move through the page's engine, the last card sent home by a tap."""
    line = solve(Game.from_code(CODE).position).moves
    player.open(CODE)
    page = player.page
    page.evaluate("(moves) => { const {api} = window.seahaven.page; "
        "moves.forEach(move => api.do('play', {move}, {animate: false})); }",
                  line[:-1])
    game = Game.from_code(CODE)
    for move in line[:-1]:
        game.play(move)
    last = Move.parse(line[-1])
    page.wait_for_timeout(400)  # the tap before was the engine's, not a first tap of a double tap
    player.tap(game.cards(last.source)[-1])
    page.get_by_test_id("win").wait_for(state="visible")
    return len(line)


def tap(player, testid):
    locator = player.page.get_by_test_id(testid)
    locator.click() if player.device.startswith("desktop") else locator.tap()


@pytest.mark.parametrize("sized", [(360, 740), (844, 390), (1280, 800)], indirect=True)
def test_a_won_game_shows_its_result_on_return(sized):
    """Closing the win dialog ("Look at the board") leaves the result, New game and Review
    on the board; coming back to the won game shows the same, not a celebration again."""
    p = sized
    moves = win(p)
    page = p.page
    panel = page.get_by_test_id(PANEL)
    assert panel.is_hidden(), "under the win dialog there is nothing else"
    page.locator("#win-dialog [data-close]").click()
    panel.wait_for(state="visible")
    summary = page.get_by_test_id("won-summary").inner_text()
    assert summary.startswith("Score %s in %d moves, " % (p.score(), moves))
    page.wait_for_function("() => { const s = JSON.parse(localStorage.getItem('seahaven.game')); return s && s.view"
                           " && s.view.won; }")
    p.open()
    panel.wait_for(state="visible")
    assert page.get_by_test_id("win").is_hidden()
    assert "You won!" == page.locator("#won-title").inner_text()
    assert page.get_by_test_id("won-summary").inner_text().startswith("Score %s in %d moves, " % (p.score(), moves))
    places = p.places()
    assert ["KS", "KH", "KD", "KC"] == [places["f%d" % i][-1] for i in (1, 2, 3, 4)]
    p.screenshot("won-return")
    tap(p, "won-review")
    page.get_by_test_id("review").wait_for(state="visible")
    assert panel.is_hidden(), "the review tells the game; the panel waits"
    page.get_by_test_id("review-close").click()
    panel.wait_for(state="visible")
    tap(p, "won-new")
    page.locator("#new-dialog").wait_for(state="visible")


def test_undoing_the_win_takes_the_result_away(desktop):
    """Undo from a won game: the game is in progress again, and the result goes."""
    win(desktop)
    page = desktop.page
    page.locator("#win-dialog [data-close]").click()
    page.get_by_test_id(PANEL).wait_for(state="visible")
    page.get_by_test_id("undo").click()
    page.get_by_test_id(PANEL).wait_for(state="hidden")
