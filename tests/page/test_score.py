"""The score a player sees is the engine's (design §4): a card's foundation points
are earned once, on the page as on the command line (tests/engine/test_cli.py)."""

import pytest

from seahaven import Game

pytestmark = pytest.mark.browser

# Issue 41's game: the ace of spades sent home, taken back to a cell and sent home again, four times.
CODE = "SH1-C4-LD5JVQF"
MOVES = "t6-f1 f1-c3 c3-f1 f1-c3 c3-f1 f1-c3 c3-f1".split()


def test_an_ace_sent_home_four_times_scores_ten(player):
    """Tap the ace home, drag it back to a cell, tap it home again, four times over: the
    score goes 10, 0, 10, … and ends at 10, the command line's score for the same moves."""
    player.open(CODE)
    game = Game.from_code(CODE)
    assert "AS" == game.cards("t6")[-1]
    drag = player.touch_drag if player.device.startswith("phone") else player.mouse_drag
    shown = []
    for move in MOVES:
        if move.endswith("-f1"):
            player.tap("AS")
        else:
            drag("AS", "c3")
        game.play(move)
        player.page.wait_for_function("n => document.querySelector('[data-testid=moves]').textContent === String(n)",
                                      arg=game.moves_made)
        shown.append(player.score())
    assert [10, 0, 10, 0, 10, 0, 10] == shown
    assert 10 == game.score
