"""design §1 moves: every kind of legal move and every refusal, and design §5 notation."""

import pytest

from seahaven import Game, IllegalMove, Move
from tests.notation import notation

from .boards import board


def refused(game, move, key):
    """Play ``move``; it must be refused with ``key`` and leave the game untouched."""
    before = (game.to_text(), game.history, game.score)
    with pytest.raises(IllegalMove) as info:
        game.play(move)
    assert key == info.value.key, str(info.value)
    assert isinstance(info.value, ValueError)
    assert before == (game.to_text(), game.history, game.score)
    if isinstance(move, str) and "x0" not in move:
        assert move not in notation(game.legal_moves())
    return info.value


def played(game, move):
    """Play ``move`` (notation); it must be listed by legal_moves and by find_move."""
    value = Move.parse(move)
    assert value in game.legal_moves()
    assert value == game.find_move(value.source, value.target, value.n)
    game.play(value)
    assert value == game.history[-1]


# -- column to column -----------------------------------------------------------


def test_column_takes_same_suit_one_lower():
    """7H goes onto 8H."""
    game = Game.from_text(board({1: "7H", 2: "8H"}))
    played(game, "t1-t2")
    assert ["8H", "7H"] == game.cards("t2")
    assert [] == game.cards("t1")


@pytest.mark.parametrize("target", ["8D", "8S", "8C", "9H", "6H", "7D", "KH"])
def test_column_refuses_other_cards(target):
    """7H never goes onto a card of another suit or of a rank other than 8."""
    game = Game.from_text(board({1: "7H", 2: target}))
    error = refused(game, "t1-t2", "column-order")
    assert ("7H", target) == (error.params["card"], error.params["target"])
    assert "7H" in str(error) and target in str(error)


def test_king_never_goes_on_next_suits_ace():
    """KS is not 'one below' AH although their numbers are adjacent inside the engine."""
    game = Game.from_text(board({1: "KS", 2: "AH"}))
    refused(game, "t1-t2", "column-order")
    game = Game.from_text(board({1: "KD", 2: "AC"}))
    refused(game, "t1-t2", "column-order")


def test_ace_goes_only_on_its_own_two():
    """AH goes on 2H but not on 2S, the card just before 2H inside the engine."""
    game = Game.from_text(board({1: "AH", 2: "2S", 3: "2H"}))
    refused(game, "t1-t2", "column-order")
    played(game, "t1-t3")


def test_only_the_top_card_moves_alone():
    """Only the top card (or a run) of a column moves; a buried card cannot be asked for alone."""
    game = Game.from_text(board({1: "7H 2C", 2: "8H"}))
    refused(game, "t1-t2x2", "not-a-run")
    refused(game, "t1-t2", "column-order")


# -- empty columns --------------------------------------------------------------


def test_king_goes_to_empty_column():
    """A king alone moves to an empty column."""
    game = Game.from_text(board({1: "3C KD", 2: ""}))
    played(game, "t1-t2")
    assert ["KD"] == game.cards("t2")


def test_king_run_goes_to_empty_column():
    """A king heading its same-suit run moves with it to an empty column."""
    game = Game.from_text(board({1: "3C KD QD JD", 2: ""}))
    played(game, "t1-t2x3")
    assert ["KD", "QD", "JD"] == game.cards("t2")
    assert ["3C"] == game.cards("t1")


@pytest.mark.parametrize("card", ["QD", "AS", "TH", "2C"])
def test_only_kings_go_to_empty_columns(card):
    """Nothing but a king may be placed on an empty column (key empty-needs-king)."""
    game = Game.from_text(board({1: card, 2: ""}))
    error = refused(game, "t1-t2", "empty-needs-king")
    assert card in str(error)


def test_only_kings_from_cells_go_to_empty_columns():
    """A cell card that is not a king cannot go to an empty column; a king can."""
    game = Game.from_text(board({2: ""}, cells=["QH", "KH", "-", "-"]))
    refused(game, "c1-t2", "empty-needs-king")
    played(game, "c2-t2")


# -- cells -------------------------------------------------------------------------


def test_any_card_goes_to_an_empty_cell():
    """Any single top card goes into any empty cell."""
    game = Game.from_text(board({1: "5D 9C"}, cells=["-", "*", "-", "-"]))
    played(game, "t1-c3")
    assert ["9C"] == game.cards("c3")
    played(game, "t1-c1")
    assert ["5D"] == game.cards("c1")


def test_full_cell_refused():
    """A cell holds one card: a move into an occupied cell is refused (key cell-full)."""
    game = Game.from_text(board({1: "9C"}, cells=["-", "4H", "-", "-"]))
    error = refused(game, "t1-c2", "cell-full")
    assert "4H" in str(error)


def test_cell_to_cell_is_legal():
    """A cell card may move to another empty cell (the rules allow it; double tap never picks it)."""
    game = Game.from_text(board({}, cells=["4H", "-", "-", "-"]))
    played(game, "c1-c4")
    assert (["4H"], []) == (game.cards("c4"), game.cards("c1"))


def test_cell_card_goes_onto_column():
    """A cell card goes onto a column whose top is the same suit one higher."""
    game = Game.from_text(board({1: "5H"}, cells=["4H", "-", "-", "-"]))
    played(game, "c1-t1")
    assert ["5H", "4H"] == game.cards("t1")


@pytest.mark.parametrize("cells,missing", [(2, "c3"), (2, "c4"), (1, "c2")])
def test_removed_cells_do_not_exist(cells, missing):
    """A 2- or 1-cell game has no cell beyond its count (key no-such-place)."""
    slots = ["-"] * cells
    game = Game.from_text(board({1: "9C"}, cells=slots))
    refused(game, "t1-" + missing, "no-such-place")
    refused(game, missing + "-t1", "no-such-place")
    assert not any(missing in m for m in notation(game.legal_moves()))


def test_empty_sources_refused():
    """Moving from an empty column, an empty cell or an empty foundation is refused (empty-source)."""
    game = Game.from_text(board({1: "", 2: "KH"}))
    refused(game, "t1-c1", "empty-source")
    refused(game, "c1-t2", "empty-source")
    refused(game, "f1-c1", "empty-source")


def test_same_place_refused():
    """A card must move somewhere else (key same-place)."""
    game = Game.from_text(board({1: "KH"}, cells=["4H", "-", "-", "-"]))
    refused(game, "t1-t1", "same-place")
    refused(game, "c1-c1", "same-place")


# -- foundations -------------------------------------------------------------


def test_foundations_fill_in_order():
    """A foundation takes its ace, then 2, 3 … of its suit, one at a time."""
    game = Game.from_text(board({1: "3S 2S AS"}))
    refused(game, "t1-f1x3", "group-to-foundation")
    played(game, "t1-f1")
    played(game, "t1-f1")
    played(game, "t1-f1")
    assert ["3S"] == game.cards("f1")


def test_foundation_refuses_out_of_order():
    """A foundation refuses a card that is not the next one (key foundation-order, naming it)."""
    game = Game.from_text(board({1: "3S"}, found={"S": 1}))
    error = refused(game, "t1-f1", "foundation-order")
    assert "2S" in str(error)
    game = Game.from_text(board({1: "2S"}))
    error = refused(game, "t1-f1", "foundation-order")
    assert "AS" in str(error)


def test_full_foundation_takes_nothing():
    """A foundation that reached its king takes nothing more."""
    game = Game.from_text(board({}, cells=["AS", "-", "-", "-"], found={"H": 13}))
    refused(game, "c1-f2", "foundation-suit")


@pytest.mark.parametrize("dst,suit", [("f2", "H"), ("f3", "D"), ("f4", "C")])
def test_foundations_are_fixed_by_suit(dst, suit):
    """Foundation 1 is spades, 2 hearts, 3 diamonds, 4 clubs: an ace goes only to its own."""
    game = Game.from_text(board({1: "AS", 2: "A" + suit}))
    refused(game, "t1-" + dst, "foundation-suit")
    played(game, "t2-" + dst)
    played(game, "t1-f1")


def test_cell_card_goes_to_foundation():
    """A cell card goes to its foundation."""
    game = Game.from_text(board({}, cells=["-", "AD", "-", "-"]))
    played(game, "c2-f3")
    assert ["AD"] == game.cards("f3")


# -- taking back from a foundation ---------------------------------------------------


def test_foundation_card_back_to_column():
    """The top card of a foundation may go back onto a column that accepts it."""
    game = Game.from_text(board({1: "6H"}, found={"H": 5}))
    played(game, "f2-t1")
    assert (["6H", "5H"], ["4H"]) == (game.cards("t1"), game.cards("f2"))


def test_foundation_card_back_to_cell():
    """The top card of a foundation may go back into an empty cell, but not a full one."""
    game = Game.from_text(board({}, cells=["*", "-", "-", "-"], found={"C": 2}))
    refused(game, "f4-c1", "cell-full")
    played(game, "f4-c2")
    assert (["2C"], ["AC"]) == (game.cards("c2"), game.cards("f4"))


def test_foundation_king_back_to_empty_column():
    """A king taken back from its full foundation may go to an empty column."""
    game = Game.from_text(board({1: ""}, found={"D": 13}))
    played(game, "f3-t1")
    assert ["KD"] == game.cards("t1")


def test_foundation_card_back_refused_where_columns_refuse():
    """A card taken back obeys column rules: not onto the wrong suit, not onto an empty column."""
    game = Game.from_text(board({1: "6D", 2: ""}, found={"H": 5}))
    refused(game, "f2-t1", "column-order")
    refused(game, "f2-t2", "empty-needs-king")
    refused(game, "f2-f3", "foundation-to-foundation")
    refused(game, "f2-t1x2", "one-card-only")


def test_last_card_of_foundation_back():
    """Taking back an ace leaves its foundation empty."""
    game = Game.from_text(board({}, found={"S": 1}))
    played(game, "f1-c1")
    assert [] == game.cards("f1")
    refused(game, "f1-c2", "empty-source")


def test_one_card_from_a_cell():
    """Only one card leaves a cell (key one-card-only)."""
    game = Game.from_text(board({1: "5H"}, cells=["4H", "-", "-", "-"]))
    refused(game, "c1-t1x2", "one-card-only")


# -- notation ----------------------------------------------------------------------

BAD_NOTATION = [
    "",
    "t1",
    "t1-",
    "-t1",
    "t0-t1",
    "t11-t1",
    "c5-t1",
    "c0-t1",
    "f5-t1",
    "f0-t1",
    "t1-t2x0",
    "t1-t2x14",
    "t1-t2x",
    "t1-t2x-1",
    "t1-t2xx2",
    "t1t2",
    "x3",
    "t1-t2-t3",
    "t1_t2",
    "<script>",
    "t1-t２",
    "t1-f1 t2-f1",
    "t1-t2x\uff12",  # a full-width 2: CPython's isdigit() says yes, MicroPython's no
    "t1-t2x\u0663",  # an Arabic-Indic 3
]


@pytest.mark.parametrize("text", BAD_NOTATION)
def test_bad_notation_refused(text):
    """Text that is not design §5 move notation is IllegalMove with key move-notation, quoting it."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    error = refused(game, text, "move-notation")
    assert text[:20] in str(error)


@pytest.mark.parametrize("value", [None, 3, ("t1", "t2"), b"t1-t2"])
def test_non_text_move_refused(value):
    """A move that is not text is refused as notation, never a TypeError."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    with pytest.raises(IllegalMove) as info:
        game.play(value)
    assert "move-notation" == info.value.key


def test_notation_is_case_and_space_tolerant():
    """'T3-C3 ' is the move t3-c3; history keeps the canonical spelling."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    game.play(" T3-C3 ")
    assert ["t3-c3"] == notation(game.history)


def test_x1_is_the_same_as_no_count():
    """An explicit x1 is accepted and recorded without the count."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    game.play("t3-c3x1")
    assert ["t3-c3"] == notation(game.history)


@pytest.mark.parametrize("n", [0, -1, -5])
def test_find_move_refuses_counts_below_one(n):
    """find_move with a card count below 1 is refused, never a move of some other card."""
    game = Game.from_text(board({1: "AS 2H", 2: "3H"}, cells=["-", "-", "-", "-"]))
    for dst in ("f1", "c1", "t2"):
        with pytest.raises(IllegalMove) as info:
            game.find_move("t1", dst, n)
        assert "move-notation" == info.value.key
    assert None is game.double_tap("t1", n)
    assert not game.movable("t1", n)


@pytest.mark.parametrize("place", ["t0", "x1", "", None, "c9"])
def test_find_move_refuses_bad_places(place):
    """find_move names a place that does not exist (key bad-place)."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    with pytest.raises(IllegalMove) as info:
        game.find_move(place, "c3")
    assert "bad-place" == info.value.key
    with pytest.raises(IllegalMove) as info:
        game.find_move("t1", place)
    assert "bad-place" == info.value.key


def test_targets_lists_every_drop_place():
    """targets(src, n) lists exactly the places legal_moves allows for that source and count."""
    game = Game.from_text(board({1: "KD QD", 2: "", 3: "", 4: "KC"}, cells=["-", "*", "-", "-"]))
    assert ["c1", "c3", "c4"] == game.targets("t1")
    assert ["t2", "t3"] == game.targets("t1", 2)
    assert [] == game.targets("t1", 3)
