"""legal_moves() is exactly the set of moves design §1 allows, checked by brute force."""

from hypothesis import given, settings

from seahaven import Game
from tests.notation import notation

from ..strategies import games
from . import oracle
from .boards import board


def check_against_oracle(game):
    moves = notation(game.legal_moves())
    assert len(set(moves)) == len(moves), "duplicates in legal_moves()"
    assert oracle.all_legal(oracle.Board(game.to_text())) == set(moves)


@settings(max_examples=40, deadline=None)
@given(games(max_moves=120))
def test_legal_moves_match_brute_force(game):
    """On random reached positions, legal_moves() lists every legal (src, dst, n) and nothing else."""
    check_against_oracle(game)


def test_legal_moves_on_a_rich_position():
    """A position with runs, empty columns, free cells and foundations to take back from."""
    text = board(
        {1: "KS QS JS", 2: "", 3: "", 4: "9H 8H 7H", 5: "TH", 6: "2C", 7: "KD"},
        cells=["-", "QD", "-", "3C"],
        found={"C": 1, "H": 5, "D": 3},
    )
    game = Game.from_text(text)
    check_against_oracle(game)
    moves = set(notation(game.legal_moves()))
    assert {"t1-t2x3", "t1-t3x3", "t4-t5x3", "c2-t7", "f2-c1", "t6-f4", "f4-c3"} <= moves


def test_every_deal_opening_matches_brute_force():
    """The openings of deals 0-29 at each difficulty match the brute-force move list."""
    for cells in (4, 2, 1):
        for number in range(30):
            check_against_oracle(Game.from_number(number, cells))


def test_legal_moves_play_as_they_are_and_as_their_notation():
    """legal_moves() gives Moves that play() accepts as they are, and as their design §5 text."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    for move in game.legal_moves():
        game.play(move)
        assert move == game.history[-1]
        game.undo()
        game.play(move.text)
        assert move == game.last_move
        game.undo()


def test_stuck_when_no_move_at_all():
    """stuck is True exactly when no legal move is left and the game is not won."""
    text = board({i: c for i, c in enumerate(["2S", "2H", "2D", "2C", "9S", "9H", "9D", "9C"], start=1)}, cells=["*"])
    game = Game.from_text(text)
    assert ([], True) == (game.legal_moves(), game.stuck)
    game.undo()
    assert game.stuck
    won = Game.from_text(board({i: "" for i in range(1, 11)}, cells=["-"], found=dict.fromkeys("SHDC", 13)))
    assert (True, False) == (won.won, won.stuck)
    assert 4 * 11 == len(won.legal_moves())  # each king back to the cell or to any of 10 empty columns
