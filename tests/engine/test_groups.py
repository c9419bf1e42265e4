"""design §1 groups: the whole size table, its worked example, and runs."""

import pytest

from seahaven import Game, IllegalMove, Move
from tests.notation import notation

from .boards import board, run

# design §1, row by row: free cells → (occupied with 0, 1, 2 empty columns;
# king run to an empty column with 1, 2 empty columns in all).
TABLE = {
    0: (1, 2, 4, 1, 2),
    1: (2, 4, 8, 2, 4),
    2: (3, 6, 12, 3, 6),
    3: (4, 8, 16, 4, 8),
    4: (5, 10, 20, 5, 10),
}
KINDS = [("occupied", 0), ("occupied", 1), ("occupied", 2), ("to-empty", 1), ("to-empty", 2)]
ENTRIES = [(free, kind, empty, TABLE[free][k]) for free in TABLE for k, (kind, empty) in enumerate(KINDS)]

# Longest run that can exist: Q..A onto a king (12); K..A to an empty column (13).
LONGEST = {"occupied": 12, "to-empty": 13}


def group_board(free, kind, empty, length, cells=4):
    """t1 holds a spade run of ``length``; t2 is the destination.

    ``occupied``: t2 holds the king of spades and the run is QS downwards;
    ``empty`` more empty columns follow. ``to-empty``: the run is KS downwards,
    and t2 is one of the ``empty`` empty columns.
    """
    slots = ["*"] * (cells - free) + ["-"] * free
    if kind == "occupied":
        cols = {1: run("S", "Q", length), 2: "KS"}
        for i in range(empty):
            cols[3 + i] = ""
    else:
        cols = {1: run("S", "K", length)}
        for i in range(empty):
            cols[2 + i] = ""
    return board(cols, slots)


def test_table_has_thirty_entries():
    """The transcribed design §1 table has all 30 cells: 5 free-cell rows × (label + 5 limits)."""
    assert [0, 1, 2, 3, 4] == sorted(TABLE)
    assert 30 == len(TABLE) * (1 + len(KINDS)) == len(TABLE) + len(ENTRIES)


@pytest.mark.parametrize("free,kind,empty,limit", ENTRIES)
def test_group_limit_formula(free, kind, empty, limit):
    """Game.max_group reports the design §1 table value for each free-cell/empty-column case."""
    game = Game.from_text(group_board(free, kind, empty, 1))
    assert limit == game.max_group("t2")


@pytest.mark.parametrize("free,kind,empty,limit", ENTRIES)
def test_group_of_exactly_the_limit_moves(free, kind, empty, limit):
    """A run of exactly the table's limit (or the longest possible run) is a legal move."""
    length = min(limit, LONGEST[kind])
    game = Game.from_text(group_board(free, kind, empty, length))
    move = Move(0, 1, length)  # t1-t2x<length>
    assert move == game.find_move("t1", "t2", length)
    assert move in game.legal_moves()
    game.play(move)
    assert ("KS " if kind == "occupied" else "") + run("S", "Q" if kind == "occupied" else "K", length) == " ".join(
        game.cards("t2")
    )
    assert [] == game.cards("t1")


@pytest.mark.parametrize("free,kind,empty,limit", [e for e in ENTRIES if e[3] + 1 <= LONGEST[e[1]]])
def test_group_one_past_the_limit_is_refused(free, kind, empty, limit):
    """A run of limit+1 cards is refused with key group-too-big naming the limit; nothing moves."""
    game = Game.from_text(group_board(free, kind, empty, limit + 1))
    before = game.to_text()
    with pytest.raises(IllegalMove) as info:
        game.play("t1-t2x%d" % (limit + 1))
    assert "group-too-big" == info.value.key
    assert limit == info.value.params["limit"]
    assert limit + 1 == info.value.params["n"]
    assert str(limit) in str(info.value)
    assert before == game.to_text()
    assert not any(m.startswith("t1-t2") for m in notation(game.legal_moves()))


def test_entries_without_a_refusal_case_are_the_big_ones():
    """Only limits 12, 16 and 20 (onto an occupied column) are too big to test one past."""
    untested = sorted(e[3] for e in ENTRIES if e[3] + 1 > LONGEST[e[1]])
    assert [12, 16, 20] == untested


def test_worked_example_onto_occupied_column():
    """design §1 example: 1 free cell, 2 empty columns → 8 cards onto an occupied column, not 9."""
    game = Game.from_text(group_board(1, "occupied", 2, 8))
    assert Move.parse("t1-t2x8") == game.find_move("t1", "t2", 8)
    game = Game.from_text(group_board(1, "occupied", 2, 9))
    with pytest.raises(IllegalMove) as info:
        game.find_move("t1", "t2", 9)
    assert ("group-too-big", 8) == (info.value.key, info.value.params["limit"])


def test_worked_example_king_run_to_empty_column():
    """design §1 example: 1 free cell, 2 empty columns → a king-led run of 4 to an empty column, not 5."""
    game = Game.from_text(group_board(1, "to-empty", 2, 4))
    assert Move.parse("t1-t2x4") == game.find_move("t1", "t2", 4)
    assert Move.parse("t1-t3x4") == game.find_move("t1", "t3", 4)
    game = Game.from_text(group_board(1, "to-empty", 2, 5))
    with pytest.raises(IllegalMove) as info:
        game.find_move("t1", "t2", 5)
    assert ("group-too-big", 4) == (info.value.key, info.value.params["limit"])


@pytest.mark.parametrize(
    "cells,free,limit",
    [(2, 2, 3), (2, 1, 2), (2, 0, 1), (1, 1, 2), (1, 0, 1)],
)
def test_only_existing_cells_count_as_free(cells, free, limit):
    """In a 2- or 1-cell game the removed cells never count as free cells."""
    game = Game.from_text(group_board(free, "occupied", 0, limit, cells=cells))
    assert cells == game.cells
    assert Move.parse("t1-t2x%d" % limit) == game.find_move("t1", "t2", limit)
    game = Game.from_text(group_board(free, "occupied", 0, limit + 1, cells=cells))
    with pytest.raises(IllegalMove) as info:
        game.find_move("t1", "t2", limit + 1)
    assert ("group-too-big", limit) == (info.value.key, info.value.params["limit"])


def test_partial_run_is_not_a_move():
    """Only the whole run can go to the column that takes its head; part of it fits nowhere."""
    game = Game.from_text(board({1: "9H 8H 7H 6H", 2: "TH", 3: "8C"}))
    assert Move.parse("t1-t2x4") in game.legal_moves()
    for n in (2, 3):
        with pytest.raises(IllegalMove) as info:
            game.find_move("t1", "t2", n)
        assert "column-order" == info.value.key
    assert not any(m.startswith("t1-t2x") and m != "t1-t2x4" for m in notation(game.legal_moves()))


def test_non_run_group_refused():
    """Cards that are not a same-suit descending run cannot move together (key not-a-run)."""
    game = Game.from_text(board({1: "KD 9H 8C", 2: "TH"}))
    with pytest.raises(IllegalMove) as info:
        game.play("t1-t2x2")
    assert "not-a-run" == info.value.key
    game = Game.from_text(board({1: "9H 7H", 2: "TH"}))
    with pytest.raises(IllegalMove) as info:
        game.play("t1-t2x2")
    assert "not-a-run" == info.value.key


def test_more_cards_than_the_column_holds_refused():
    """Asking for more cards than the column has is refused, not an index error."""
    game = Game.from_text(board({1: "9H 8H", 2: "TH"}))
    with pytest.raises(IllegalMove) as info:
        game.play("t1-t2x3")
    assert "not-a-run" == info.value.key


def test_run_stops_at_a_king():
    """A king never continues a run downward: KS on top of AH is two runs, not one."""
    game = Game.from_text(board({1: "AH KS QS", 2: "", 3: ""}))
    assert Move.parse("t1-t2x2") in game.legal_moves()
    with pytest.raises(IllegalMove):
        game.find_move("t1", "t2", 3)
    assert game.movable("t1", 2)
    assert not game.movable("t1", 3)


def test_non_king_run_cannot_go_to_empty_column():
    """A run headed by a queen may not go to an empty column, however many cards may move."""
    game = Game.from_text(board({1: "QS JS", 2: ""}))
    with pytest.raises(IllegalMove) as info:
        game.play("t1-t2x2")
    assert "empty-needs-king" == info.value.key


def test_group_to_cell_and_foundation_refused():
    """Groups never go to a cell or a foundation (keys group-to-cell, group-to-foundation)."""
    game = Game.from_text(board({1: "3S 2S"}, found={"S": 1}))
    with pytest.raises(IllegalMove) as info:
        game.play("t1-c1x2")
    assert "group-to-cell" == info.value.key
    with pytest.raises(IllegalMove) as info:
        game.play("t1-f1x2")
    assert "group-to-foundation" == info.value.key
