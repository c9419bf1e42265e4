"""SPEC §5 position text: from_text validation (BadPosition naming the problem) and round trips."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import games

from seahaven import BadPosition, Game

from .boards import board

DEAL = Game.from_code("SH1-C4-AAAAAJ2").to_text()


def lines_of(text):
    return text.splitlines()


def refuse(text, key, *fragments):
    with pytest.raises(BadPosition) as info:
        Game.from_text(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert key == error.key, str(error)
    for fragment in fragments:
        assert fragment in str(error)
    return error


def test_duplicate_card_named():
    """A card listed twice is refused, naming it and the card that is then missing."""
    text = DEAL.replace(": KD 3S 4C QC 6D", ": KD 3S 4C QC 3H")
    refuse(text, "position-cards", "twice: 3H", "missing: 6D")


def test_missing_card_named():
    """A card left out is refused, naming it."""
    text = DEAL.replace(": KD 3S 4C QC 6D", ": KD 3S 4C QC")
    refuse(text, "position-cards", "missing: 6D")


def test_card_in_foundation_and_column_named():
    """A card both on its foundation and in a column is counted twice."""
    text = DEAL.replace("S-0", "S-1")
    refuse(text, "position-cards", "twice: AS")


@pytest.mark.parametrize("count", [9, 11, 0])
def test_wrong_number_of_columns(count):
    """A position needs exactly 10 columns; the message gives the count found."""
    lines = lines_of(board({}))
    columns = lines[2:]
    if count < 10:
        columns = columns[:count]
    else:
        columns = columns + [":"] * (count - 10)
    refuse("\n".join(lines[:2] + columns), "position-columns", "%d columns" % count)


@pytest.mark.parametrize("slots,count", [("3C 4H -", 3), ("3C 4H - - -", 5), ("", 0), ("3C 4H - - - - - -", 8)])
def test_cell_counts_other_than_4_2_1(slots, count):
    """Three, five, eight or no cells are refused (key position-cells), giving the count."""
    text = DEAL.replace("Freecells: 3C 4H - -", "Freecells: " + slots)
    refuse(text, "position-cells", "%d slots" % count)


def test_three_cells_refused():
    """A Freecells line with 3 slots is refused, saying 4, 2 or 1."""
    refuse(DEAL.replace("3C 4H - -", "3C 4H -"), "position-cells", "3 slots", "4, 2 or 1")


def test_missing_freecells_line():
    """A position without a Freecells line is refused."""
    refuse(DEAL.replace("Freecells: 3C 4H - -\n", ""), "position-cells", "Freecells")


@pytest.mark.parametrize("bad", ["ZZ", "1S", "KX", "K", "KSS", "11H", "<b>", "K\u017f", "\u0131S"])
def test_bad_card_text_named(bad):
    """Text that is not a card is refused (key bad-card), quoting it."""
    refuse(DEAL.replace("KD 3S", bad + " 3S"), "bad-card", bad)


@pytest.mark.parametrize("item", ["X-3", "H3", "H-14", "H-Z", "-", "H-\uff10", "H-\u0663", "\u017f-0"])
def test_bad_foundation_named(item):
    """A foundation item that is not <suit>-<height 0-13> is refused, quoting it."""
    text = DEAL.replace("H-0", item)
    with pytest.raises(BadPosition) as info:
        Game.from_text(text)
    assert info.value.key in ("position-foundations", "bad-rank")
    assert item.split("-")[-1] in str(info.value)


def test_two_foundation_lines_refused():
    """Two Foundations lines are refused."""
    refuse("Foundations: H-0 C-0 D-0 S-0\n" + DEAL, "position-foundations")


def test_unrecognised_line_named():
    """A line that is neither header nor column is refused, quoting it."""
    refuse(DEAL + "Score: 12\n", "position-line", "Score: 12")


@pytest.mark.parametrize("value", [None, 3, b"Freecells: -", ["x"]])
def test_non_text_position_refused(value):
    """A position that is not text is a BadPosition, never a TypeError."""
    with pytest.raises(BadPosition):
        Game.from_text(value)


def test_round_trip_of_a_deal():
    """from_text(to_text()) gives back the same text and position, with no code."""
    game = Game.from_text(DEAL)
    assert DEAL == game.to_text()
    assert None is game.code
    assert 4 == game.cells


@pytest.mark.parametrize("cells", [4, 2, 1])
def test_freecells_line_lists_the_games_cells(cells):
    """The Freecells line has exactly as many slots as the game has cells."""
    text = Game.from_code("SH1-C%d-AAAAAAA" % cells).to_text()
    assert cells == len(lines_of(text)[1].split()) - 1
    assert cells == Game.from_text(text).cells


def test_foundations_line_gives_top_rank_per_suit():
    """Foundations list H C D S with the top rank as a number (0 = empty)."""
    text = board({}, found={"H": 13, "C": 1, "S": 10})
    assert "Foundations: H-13 C-1 D-0 S-10" == lines_of(Game.from_text(text).to_text())[0]


def test_fc_solve_spellings_accepted():
    """Freecell Solver's variants parse: 10 for T, rank letters in foundations, lower case, CRLF, comments."""
    text = (
        "# a comment\r\nFoundations: H-A C-0 D-0 S-0\r\nFreecells: 3c 4H - -\r\n"
        + "\r\n".join(lines_of(DEAL)[2:]).replace("TD", "10D").replace("AH", "").replace(":  ", ": ")
        + "\r\n"
    )
    game = Game.from_text(text)
    assert ["AH"] == game.cards("f2")
    assert "H-1" in game.to_text() and "TD" in game.to_text()


@settings(max_examples=60, deadline=None)
@given(games(max_moves=80))
def test_any_reached_position_round_trips(game):
    """Every position reached by play round-trips through its text exactly."""
    text = game.to_text()
    again = Game.from_text(text)
    assert text == again.to_text()
    assert game.position == again.position
    assert sorted(again.legal_moves()) == sorted(game.legal_moves())


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_parses_or_raises_bad_position(text):
    """from_text on arbitrary text returns a game or raises BadPosition; nothing else."""
    try:
        Game.from_text(text)
    except BadPosition as exc:
        assert str(exc)
