"""Finishing a game (Game.finish_moves) and sending cards home by themselves
(Game.autoplay_moves): only foundation moves, always legal in turn; Finish
wins whenever foundation moves alone can, and autoplay never turns a winnable
position into a lost one (checked with the solver)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seahaven import Game, Move, solver
from tests.notation import notation

from ..strategies import games
from .boards import board


def home_by_taps(game):
    """An independent closure: tap every place (a tap sends its card home) until none moves; won?"""
    copy = Game.from_text(game.to_text())
    moved = True
    while moved:
        moved = False
        for place in ["t%d" % i for i in range(1, 11)] + ["c%d" % i for i in range(1, copy.cells + 1)]:
            move = copy.tap(place)
            if move:
                copy.play(move)
                moved = True
    return copy.won


def play_all(game, moves):
    """Play ``moves`` (Moves, each must be a legal foundation move) on ``game``."""
    for move in moves:
        assert move.target.startswith("f") and 1 == move.n, move
        game.play(move)


def test_finish_on_a_fresh_deal_is_none():
    """A dealt game cannot be finished by foundation moves."""
    assert None is Game.from_code("SH1-C4-AAAAAJ2").finish_moves()


def test_finish_plays_every_remaining_card_home_lowest_first():
    """Columns of same-suit runs (and a cell card): Finish lists every card, aces first."""
    text = board(
        {1: "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS", 2: "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
         3: "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD", 4: "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC"},
        cells=["AH", "-", "-", "-"],
    )
    game = Game.from_text(text)
    moves = game.finish_moves()
    assert 52 == len(moves)
    assert ["t1-f1", "t3-f3", "t4-f4", "c1-f2", "t1-f1", "t2-f2"] == notation(moves[:6])  # aces, leftmost first
    play_all(game, moves)
    assert game.won and 520 == game.score
    assert [] == notation(game.finish_moves())


def test_finish_is_none_while_one_card_blocks():
    """One card under a higher card of its suit: no finish, though many cards could go home."""
    game = Game.from_text(board({1: "2S 3S AS", 2: "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH"}, found={"D": 13}))
    assert None is game.finish_moves()
    moves = notation(game.autoplay_moves())
    assert ["t1-f1", "t2-f2"] == moves[:2] and 13 == moves.count("t2-f2") and "t1-f1" == moves[0]


@settings(max_examples=60, deadline=None)
@given(games(max_moves=150))
def test_finish_wins_exactly_when_foundation_moves_alone_win(game):
    """finish_moves is not None exactly when tapping cards home wins; played, it wins."""
    moves = game.finish_moves()
    assert (moves is not None) == home_by_taps(game)
    if moves is not None:
        home = sum(len(game.cards("f%d" % i)) and "A23456789TJQK".index(game.cards("f%d" % i)[0][0]) + 1
                   for i in range(1, 5))
        assert 52 - home == len(moves)
        play_all(game, moves)
        assert game.won


@pytest.mark.parametrize("cells,number", [(4, 0), (4, 3), (2, 36), (1, 110)])
def test_finish_appears_on_the_tail_of_a_won_game(cells, number):
    """Along a winning line, Finish is offered once every remaining move of the line goes home."""
    game = Game.from_number(number, cells)
    line = solver.solve(game.position).moves
    assert line
    for i, move in enumerate(line):
        if all(Move.parse(m).target.startswith("f") for m in line[i:]):
            assert game.finish_moves() is not None, (i, len(line))
            break
        game.play(move)


def test_autoplay_keeps_a_card_just_taken_off_its_foundation():
    """A card the player takes off its foundation is not sent straight back (nor the
    higher cards of its suit); other suits still go home."""
    text = board({1: "6S", 2: "2H"}, found={"S": 5, "H": 1}, filler=range(4, 11))
    game = Game.from_text(text)
    assert ["t2-f2", "t1-f1"] == notation(game.autoplay_moves())
    game.play("f1-c1")  # 5S to a cell
    assert ["t2-f2"] == notation(game.autoplay_moves())
    game.play("t2-f2")
    assert ["c1-f1", "t1-f1"] == notation(game.autoplay_moves())  # the player moved on: 5S goes home again


def test_autoplay_cascades_in_order():
    """A card going home uncovers the next: autoplay lists the whole chain, each legal in turn."""
    text = board({1: "3S 2H 2S", 2: "AS"}, cells=["AH", "-", "-", "-"])
    game = Game.from_text(text)
    moves = game.autoplay_moves()
    assert ["t2-f1", "c1-f2", "t1-f1", "t1-f2", "t1-f1", "t3-f2"] == notation(moves)  # 3H tops a filler column
    before = game.to_text()
    play_all(game, moves)
    assert [] == notation(game.autoplay_moves())
    for _ in moves:
        game.undo()
    assert before == game.to_text()


def test_autoplay_and_finish_do_not_change_the_game():
    """Both only answer: the position, history and score stay as they were."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    game.play("t3-c3")
    state = (game.to_text(), game.history, game.score)
    game.autoplay_moves()
    game.finish_moves()
    assert state == (game.to_text(), game.history, game.score)


WON_LINES = {}


def winning_line(cells, number):
    """Our solver's winning line for a deal, or None (cached: several examples share deals)."""
    key = (cells, number)
    if key not in WON_LINES:
        result = solver.solve(Game.from_number(number, cells).position, max_nodes=20000)
        WON_LINES[key] = result.moves if result.status == solver.WINNABLE else None
    return WON_LINES[key]


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([(4, n) for n in range(8)] + [(2, 36), (2, 61), (1, 110), (1, 115)]),
    st.floats(min_value=0.0, max_value=1.0),
    st.lists(st.integers(min_value=0, max_value=1000), max_size=4),
)
def test_autoplay_never_loses_a_winnable_position(deal, where, detour):
    """From positions along won games, taken a few random moves off the line: when the
    solver says the position is winnable, it still is after the autoplay moves."""
    line = winning_line(*deal)
    if line is None:
        return
    game = Game.from_number(deal[1], deal[0])
    for move in line[: int(where * len(line))]:
        game.play(move)
    for choice in detour:
        moves = game.legal_moves()
        if moves:
            game.play(moves[choice % len(moves)])
    before = solver.solve(game.position, max_nodes=20000)
    if before.status != solver.WINNABLE:
        return
    play_all(game, game.autoplay_moves())
    after = solver.solve(game.position, max_nodes=50000)
    assert solver.WINNABLE == after.status, game.to_text()
