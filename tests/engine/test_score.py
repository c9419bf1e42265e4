"""design §4 scoring and §2 undo/redo: a card's points earned once, exact refunds, never
negative, at least 100 deep."""

import pytest

from seahaven import Game
from tests.notation import notation

from .boards import board

# A position where every kind of move is available:
# t1 = 6H 5H (a run), t2 = 7H, t3 empty, cells: 4H in c1, AS in c2, foundations H-3 S-0.
SCORING = board({1: "6H 5H", 2: "7H", 3: "", 4: "KC"}, cells=["4H", "AS", "-", "-"], found={"H": 3})

# move → points by design §4, in an order in which each is legal.
STEPS = [
    ("c1-t1", 5),  # 4H from a cell onto a column: +5
    ("t1-t2x3", 0),  # group → column: 0
    ("c2-f1", 10),  # cell → foundation: +10
    ("t2-c1", 0),  # column → cell: 0
    ("c1-f2", 10),  # → foundation: +10
    ("f2-c3", -10),  # off a foundation: its 10 points go back
    ("c3-t2", 0),  # 4H from a cell onto a column again: it had its 5 points
    ("t2-f2", 10),  # column → foundation: +10
    ("f2-t2", -10),  # off a foundation: -10
    ("t4-t3", 0),  # king → empty column: 0
    ("t2-c4", 0),  # column → cell: 0
    ("c4-c1", 0),  # cell → cell: 0
]


def test_each_kind_of_move_scores_per_spec():
    """+10 onto a foundation and -10 off it, +5 from a cell onto a column once per card,
    0 for everything else."""
    game = Game.from_text(SCORING)
    total = 0
    for move, points in STEPS:
        assert points == game.play(move), move
        total += points
        assert total == game.score
    assert 15 == game.score


def test_an_ace_sent_home_four_times_scores_once():
    """Issue 41's game: the ace of spades home, back to a cell and home again, four
    times over, scores 10, not 40."""
    game = Game.from_code("SH1-C4-LD5JVQF")
    for move in "t6-f1 f1-c3 c3-f1 f1-c3 c3-f1 f1-c3 c3-f1".split():
        game.play(move)
    assert (["AS"], 10) == (game.cards("f1"), game.score)


def test_a_card_earns_its_cell_points_once_and_undo_gives_them_back():
    """A card brought from a cell onto a column scores 5 the first time only; undoing
    that move takes the 5 back, and the card may earn them again."""
    game = Game.from_text(board({1: "5H"}, cells=["4H", "-", "-", "-"]))
    assert [5, 0, 0] == [game.play(m) for m in ("c1-t1", "t1-c1", "c1-t1")]
    assert 5 == game.score
    for _ in range(3):
        game.undo()
    assert 0 == game.score
    assert 5 == game.play("c1-t1")


def test_undo_refunds_exactly_and_redo_gives_again():
    """Each undo takes back exactly that move's points; each redo gives them again."""
    game = Game.from_text(SCORING)
    scores = [0]
    for move, points in STEPS:
        game.play(move)
        scores.append(scores[-1] + points)
    for expected in reversed(scores[:-1]):
        assert game.undo()
        assert expected == game.score
    assert not game.undo()
    assert SCORING == game.to_text()
    for expected in scores[1:]:
        assert game.redo()
        assert expected == game.score
    assert not game.redo()


def test_score_never_negative():
    """Undoing everything returns the score to 0, never below."""
    game = Game.from_text(SCORING)
    for move, _ in STEPS:
        game.play(move)
    while game.undo():
        assert game.score >= 0
    assert 0 == game.score
    assert not game.undo()
    assert 0 == game.score


def test_undo_redo_when_nothing_to_do():
    """undo and redo return False and change nothing when there is nothing to undo or redo."""
    game = Game.from_code("SH1-C2-AAAAAJ2")
    start = game.to_text()
    assert (False, False) == (game.can_undo, game.can_redo)
    assert (False, False) == (game.undo(), game.redo())
    assert start == game.to_text()


def test_new_move_clears_redo():
    """Playing a new move after undo forgets the undone moves."""
    game = Game.from_text(SCORING)
    game.play("c1-t1")
    game.play("c2-f1")
    game.undo()
    assert ["c2-f1"] == notation(game.redo_list)
    assert game.can_redo
    game.play("t2-c3")
    assert [] == notation(game.redo_list)
    assert not game.can_redo
    assert ["c1-t1", "t2-c3"] == notation(game.history)


def test_redo_list_is_next_first():
    """redo_list names the moves redo will replay, the next one first."""
    game = Game.from_text(SCORING)
    for move, _ in STEPS[:4]:
        game.play(move)
    for _ in range(3):
        game.undo()
    assert [m for m, _ in STEPS[1:4]] == notation(game.redo_list)
    assert [STEPS[0][0]] == notation(game.history)


def test_undo_restores_exact_positions():
    """After each undo the position text is exactly what it was before that move."""
    game = Game.from_text(SCORING)
    texts = [game.to_text()]
    for move, _ in STEPS:
        game.play(move)
        texts.append(game.to_text())
    for expected in reversed(texts[:-1]):
        game.undo()
        assert expected == game.to_text()
    for expected in texts[1:]:
        game.redo()
        assert expected == game.to_text()


SHUTTLES = [
    # (position, two moves that undo each other, the score after 150 of them: points are earned once)
    (board({1: "5H"}, cells=["4H", "-", "-", "-"]), ("c1-t1", "t1-c1"), 5),
    (board({}, cells=["4H", "-"]), ("c1-c2", "c2-c1"), 0),
    (board({1: "KS", 2: ""}, cells=["-"]), ("t1-t2", "t2-t1"), 0),
    (board({1: "6H 5H"}, found={"H": 4}, cells=["*"]), ("t1-f2", "f2-t1"), 0),
]


@pytest.mark.parametrize("start,pair,score", SHUTTLES, ids=["cell-column", "cell-cell", "king", "foundation"])
def test_undo_depth_at_least_150(start, pair, score):
    """150 moves back and forth score what one trip does, all undo (each back to the
    score it followed), back to the start with score 0, and all redo."""
    game = Game.from_text(start)
    scores = []
    for i in range(150):
        scores.append(game.score)
        game.play(pair[i % 2])
    assert score == game.score
    assert 150 == len(game.history)
    count = 0
    while game.undo():
        count += 1
        assert scores[150 - count] == game.score
    assert 150 == count
    assert start == game.to_text()
    assert 0 == game.score
    while game.redo():
        pass
    assert (150, score) == (len(game.history), game.score)
