"""design §5 position text: from_text validation (BadPosition naming the problem) and round trips."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seahaven import BadPosition, Game, Position

from ..strategies import games
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
    """Foundations list H C D S with the top card's rank letter (0 = empty), as Freecell Solver reads them."""
    text = board({}, found={"H": 13, "C": 1, "S": 10})
    assert "Foundations: H-K C-A D-0 S-T" == lines_of(Game.from_text(text).to_text())[0]


@pytest.mark.parametrize("height", range(14))
def test_foundation_heights_read_as_numbers_and_letters(height):
    """Every height reads back from its letter (what to_text writes) and from its number."""
    letter = "0A23456789TJQK"[height]
    text = board({}, found={"D": height})
    assert "D-%s" % letter in Game.from_text(text).to_text()
    for spelling in (letter, letter.lower(), str(height)):
        again = Game.from_text(text.replace("D-%d" % height, "D-" + spelling))
        assert Game.from_text(text).position == again.position


def test_fc_solve_spellings_accepted():
    """Freecell Solver's variants parse: 10 for T, rank letters in foundations, lower case, CRLF, comments."""
    text = (
        "# a comment\r\nFoundations: H-A C-0 D-0 S-0\r\nFreecells: 3c 4H - -\r\n"
        + "\r\n".join(lines_of(DEAL)[2:]).replace("TD", "10D").replace("AH", "").replace(":  ", ": ")
        + "\r\n"
    )
    game = Game.from_text(text)
    assert ["AH"] == game.cards("f2")
    assert "H-A" in game.to_text() and "TD" in game.to_text()


@settings(max_examples=60, deadline=None)
@given(games(max_moves=80))
def test_any_reached_position_round_trips(game):
    """Every position reached by play round-trips through its text exactly."""
    text = game.to_text()
    again = Game.from_text(text)
    assert text == again.to_text()
    assert game.position == again.position
    assert set(again.legal_moves()) == set(game.legal_moves())


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_parses_or_raises_bad_position(text):
    """from_text on arbitrary text returns a game or raises BadPosition; nothing else."""
    try:
        Game.from_text(text)
    except BadPosition as exc:
        assert str(exc)


# -- Freecell Solver's printout: blank-padded cells, and the cell count given --

FC_PRINTOUT = DEAL.replace("Foundations: H-0 C-0 D-0 S-0\n", "Foundations: H-0 C-0 D-0 S-0 \n")


def with_cells(line):
    return FC_PRINTOUT.replace("Freecells: 3C 4H - -", line)


def cells_of(game):
    return [None if not game.cards("c%d" % (i + 1)) else game.cards("c%d" % (i + 1))[0] for i in range(game.cells)]


@pytest.mark.parametrize(
    "line,cells,expected",
    [
        ("Freecells:  3C  4H        ", None, ["3C", "4H", None, None]),  # as fc-solve prints 4 cells
        ("Freecells:  3C  4H", None, ["3C", "4H"]),  # trailing blanks lost: two cells, unless told
        ("Freecells:  3C  4H", 4, ["3C", "4H", None, None]),
        ("Freecells:  3C  4H    ", 4, ["3C", "4H", None, None]),
        ("Freecells:  3C      4H", 4, ["3C", None, "4H", None]),
        ("Freecells:      3C  4H    ", None, [None, "3C", "4H", None]),
        ("Freecells:  3C  4H        ", 2, ["3C", "4H"]),  # blanks beyond the cells given are ignored
        ("Freecells: 3C 4H - -", 4, ["3C", "4H", None, None]),
        ("Freecells: 3C 4H", 2, ["3C", "4H"]),
    ],
)
def test_fc_solve_blank_padded_cells(line, cells, expected):
    """Freecell Solver's Freecells line (four characters per cell, blank when empty) reads;
    the cell count may be given, and decides where blanks leave it open."""
    game = Game.from_text(with_cells(line), cells=cells)
    assert expected == cells_of(game)
    assert game.position == Position.from_text(with_cells(line), cells)


def test_fc_solve_ten_in_a_blank_padded_cell():
    """Without -t Freecell Solver writes a ten as 10: " 10D" fills its four characters."""
    text = with_cells("Freecells: 10D  4H        ").replace("TD", "3C")
    assert ["TD", "4H", None, None] == cells_of(Game.from_text(text))


@pytest.mark.parametrize(
    "line,cells,fragment",
    [
        ("Freecells: 3C 4H - -", 2, "4 slots, but the game has 2 cells"),  # "-" says how many there are
        ("Freecells: 3C 4H -", 4, "3 slots, but the game has 4 cells"),
        ("Freecells:  3C  4H", 1, "2 slots, but the game has 1 cells"),
        ("Freecells:  3C      4H", None, "3 slots"),
        ("Freecells:", None, "0 slots"),
    ],
)
def test_cell_count_conflicts_refused(line, cells, fragment):
    """A Freecells line that cannot hold the game's cells is refused, saying both counts."""
    with pytest.raises(BadPosition) as info:
        Game.from_text(with_cells(line), cells=cells)
    assert "position-cells" == info.value.key
    assert fragment in str(info.value)


def test_empty_cells_line_with_the_count_given():
    """An all-blank Freecells line (nothing to count) is that many empty cells when the count is given."""
    text = with_cells("Freecells:").replace(": KD 3S 4C QC 6D", ": KD 3S 4C QC 6D 3C 4H")
    assert 2 == Game.from_text(text, cells=2).cells
    assert 4 == Game.from_text(with_cells("Freecells:" + " " * 16).replace(": KD 3S", ": KD 3C 4H 3S")).cells


@pytest.mark.parametrize("cells", [3, 0, "4", True, 4.0])
def test_bad_cell_count_argument_refused(cells):
    """cells= takes 4, 2 or 1; anything else is a BadPosition, never a TypeError."""
    with pytest.raises(BadPosition) as info:
        Game.from_text(DEAL, cells=cells)
    assert "position-cells" == info.value.key
