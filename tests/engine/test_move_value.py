"""The Move value: notation in and out, equality, a pasteable repr, and BadMove for bad text."""

import pytest

from seahaven import BadMove, Game, IllegalMove, Move


def test_parse_and_text_round_trip():
    """'T4-T9x3 ' reads as columns 4 → 9 with three cards and writes back canonically."""
    move = Move.parse(" T4-T9x3 ")
    assert (3, 8, 3) == move.as_tuple()
    assert "t4-t9x3" == move.text == str(move)
    assert ("t4", "t9", 3) == (move.source, move.target, move.n)


def test_one_card_has_no_count():
    """An explicit x1 is the same move as no count, written without it."""
    assert Move.parse("c1-t7x1") == Move.parse("c1-t7") == Move(10, 6)
    assert "c1-t7" == Move(10, 6).text


def test_repr_is_python_that_rebuilds_the_move():
    """repr(move) pasted back into Python gives an equal move."""
    move = Move.parse("t10-f4")
    assert "Move.parse('t10-f4')" == repr(move)
    assert move == eval(repr(move))


def test_moves_hash_by_value():
    """Equal moves are one set member; different counts are different moves."""
    assert {Move.parse("t1-t2"), Move(0, 1, 1)} == {Move(0, 1)}
    assert Move(0, 1, 2) != Move(0, 1, 1)


def test_to_dict_names_places_and_count():
    """The JSON form carries places and count, so the page never splits move text."""
    assert {"text": "t4-t9x3", "from": "t4", "to": "t9", "n": 3} == Move.parse("t4-t9x3").to_dict()


@pytest.mark.parametrize("text", ["", "t1", "t1-t11", "t1-t2x0", "t1-t2x14", "t1-t2x" + "1" * 5000, None, 7])
def test_bad_notation_is_bad_move(text):
    """Text that is not notation is BadMove, still an IllegalMove and a ValueError."""
    with pytest.raises(BadMove) as info:
        Move.parse(text)
    assert "move-notation" == info.value.key
    assert isinstance(info.value, IllegalMove)
    assert isinstance(info.value, ValueError)
    assert len(str(info.value)) < 120


def test_control_characters_are_quoted_escaped():
    """A control character in bad move text is shown escaped, never raw."""
    with pytest.raises(BadMove) as info:
        Move.parse("t1\x1b[31m-t2")
    assert "\x1b" not in str(info.value)
    assert "\\x1b" in str(info.value)


def test_rule_refusal_is_not_bad_move():
    """A well-written move the rules forbid is IllegalMove but not BadMove."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    illegal = next(m for m in ("t1-f1", "t1-f2", "t1-f3", "t1-f4") if Move.parse(m) not in game.legal_moves())
    with pytest.raises(IllegalMove) as info:
        game.play(illegal)
    assert not isinstance(info.value, BadMove)


def test_game_moves_are_parseable():
    """Every Move legal_moves() lists reads back from its text."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    for move in game.legal_moves():
        assert move == Move.parse(move.text)
