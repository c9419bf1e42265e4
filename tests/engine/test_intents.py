"""design §2 player intents: tap, double tap (priorities, runs, no no-op moves), drag targets."""

import pytest
from hypothesis import given, settings

from seahaven import Game, IllegalMove, Move
from tests.notation import notation

from ..strategies import games
from .boards import board


def same_after(game, action):
    """Call ``action``; tap/double_tap only *name* a move, they never play it."""
    before = (game.to_text(), game.history)
    result = action()
    assert before == (game.to_text(), game.history)
    return result


# -- tap ----------------------------------------------------------------------------


def test_tap_sends_column_top_home():
    """A tap on a top card that can go to its foundation names that move."""
    game = Game.from_text(board({1: "9C 2H"}, found={"H": 1}))
    assert Move.parse("t1-f2") == same_after(game, lambda: game.tap("t1"))


def test_tap_sends_cell_card_home():
    """A tap on a cell card that can go to its foundation names that move."""
    game = Game.from_text(board({}, cells=["-", "-", "AC", "-"]))
    assert Move.parse("c3-f4") == game.tap("c3")


def test_tap_does_nothing_else():
    """A tap never moves a card anywhere but its foundation, even when a column would take it."""
    game = Game.from_text(board({1: "4H", 2: "5H", 3: ""}))
    assert None is game.tap("t1")


@pytest.mark.parametrize("place", ["t3", "c1", "f1", "f2", "c4"])
def test_tap_on_empty_or_foundation_does_nothing(place):
    """A tap on an empty place or on a foundation names no move."""
    game = Game.from_text(board({3: ""}, found={"H": 2}))
    assert None is game.tap(place)


def test_tap_on_removed_cell_does_nothing():
    """A tap on a cell that a 2-cell game does not have names no move."""
    game = Game.from_code("SH1-C2-AAAAAJ2")
    assert None is game.tap("c3")
    assert None is game.double_tap("c4")


@pytest.mark.parametrize("place", ["t11", "z1", "", None, 3])
def test_tap_on_unknown_place_is_refused(place):
    """A place name that does not exist is an IllegalMove with key bad-place."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    with pytest.raises(IllegalMove) as info:
        game.tap(place)
    assert "bad-place" == info.value.key
    with pytest.raises(IllegalMove):
        game.double_tap(place)


# -- double tap priorities ------------------------------------------------------


def test_double_tap_prefers_foundation():
    """Its foundation comes first, before a column that would also take the card."""
    game = Game.from_text(board({1: "2H", 2: "3H", 3: ""}, found={"H": 1}))
    assert Move.parse("t1-f2") == same_after(game, lambda: game.double_tap("t1"))


def test_double_tap_prefers_column_over_cell():
    """A non-empty column that takes the card comes before a free cell."""
    game = Game.from_text(board({1: "9C 4H", 5: "5H"}))
    assert Move.parse("t1-t5") == game.double_tap("t1")


def test_double_tap_king_to_leftmost_empty_column():
    """A king goes to the leftmost empty column before any free cell."""
    game = Game.from_text(board({1: "3C KD", 4: "", 6: "", 9: ""}))
    assert Move.parse("t1-t4") == game.double_tap("t1")


def test_double_tap_to_leftmost_free_cell():
    """With no column for it, the card goes to the leftmost free cell."""
    game = Game.from_text(board({1: "AD 9C", 2: ""}, cells=["*", "-", "-", "*"]))
    assert Move.parse("t1-c2") == game.double_tap("t1")


def test_double_tap_nothing_fits():
    """With no foundation, column or cell for the card, a double tap names no move."""
    game = Game.from_text(board({1: "AD 9C"}, cells=["*", "*", "*", "*"]))
    assert None is game.double_tap("t1")


def test_double_tap_cell_card_to_column():
    """A cell card goes onto the column that takes it (+5 when played)."""
    game = Game.from_text(board({1: "5H"}, cells=["4H", "-", "-", "-"]))
    assert Move.parse("c1-t1") == game.double_tap("c1")


def test_double_tap_cell_card_home_first():
    """A cell card goes to its foundation before a column."""
    game = Game.from_text(board({1: "3S"}, cells=["2S", "-", "-", "-"], found={"S": 1}))
    assert Move.parse("c1-f1") == game.double_tap("c1")


def test_double_tap_cell_king_to_empty_column():
    """A king in a cell goes to the leftmost empty column."""
    game = Game.from_text(board({3: "", 7: ""}, cells=["-", "KS", "-", "-"]))
    assert Move.parse("c2-t3") == game.double_tap("c2")


# -- runs ---------------------------------------------------------------------------


def test_double_tap_run_to_column():
    """A double tap on the head of a run moves the whole run onto the column that takes it."""
    game = Game.from_text(board({1: "2C 7H 6H 5H", 2: "8H"}))
    assert Move.parse("t1-t2x3") == game.double_tap("t1", 3)
    assert Move.parse("t1-c1") == game.double_tap("t1", 1)


def test_double_tap_king_run_to_leftmost_empty_column():
    """A king-led run goes to the leftmost empty column."""
    game = Game.from_text(board({1: "2C KH QH", 5: "", 8: ""}))
    assert Move.parse("t1-t5x2") == game.double_tap("t1", 2)


def test_double_tap_run_never_goes_to_a_cell_or_foundation():
    """A run of several cards with nowhere to go names no move (not a cell, not a foundation)."""
    game = Game.from_text(board({1: "2C 7H 6H"}, found={"H": 5}))
    assert None is game.double_tap("t1", 2)


def test_double_tap_run_too_big_names_no_move():
    """A run longer than the group limit names no move."""
    game = Game.from_text(board({1: "7H 6H 5H", 2: "8H"}, cells=["*", "*", "*", "-"]))
    assert 2 == game.max_group("t2")
    assert None is game.double_tap("t1", 3)


def test_double_tap_more_cards_than_the_run():
    """Asking for more cards than the run has names no move."""
    game = Game.from_text(board({1: "2C 6H 5H", 2: "7H"}))
    assert None is game.double_tap("t1", 3)


# -- never a no-op move -------------------------------------------------------------


def test_lone_king_never_moves_to_another_empty_column():
    """A king alone in its column does not double-tap to an empty column; a free cell is next."""
    game = Game.from_text(board({1: "KS", 2: "", 3: ""}))
    assert Move.parse("t1-c1") == game.double_tap("t1")


def test_lone_king_with_no_free_cell_stays():
    """A lone king with empty columns but no free cell names no move."""
    game = Game.from_text(board({1: "KS", 2: ""}, cells=["*", "*", "*", "*"]))
    assert None is game.double_tap("t1")


def test_whole_column_king_run_never_moves_to_empty_column():
    """A king-led run filling its column never double-taps to another empty column."""
    game = Game.from_text(board({1: "KS QS JS", 2: ""}))
    assert None is game.double_tap("t1", 3)


def test_cell_card_never_goes_to_another_cell():
    """A cell card with no foundation or column for it names no move, though cells are free."""
    game = Game.from_text(board({}, cells=["9C", "-", "-", "-"]))
    assert None is game.double_tap("c1")


def test_double_tap_on_foundation_never_takes_a_card_back():
    """A double tap on a foundation card leaves it there, though a column and cells would take it."""
    game = Game.from_text(board({1: "6H"}, found={"H": 5}))
    assert Move.parse("f2-t1") in game.legal_moves()
    assert None is game.double_tap("f2")
    assert None is game.double_tap("f1")


def test_single_card_column_non_king_goes_to_cell():
    """The only card of a column (not a king) goes to a free cell: that does change something."""
    game = Game.from_text(board({1: "9C", 2: "TC 2D", 3: ""}))
    assert Move.parse("t1-c1") == game.double_tap("t1")


# -- why a tap or a double tap moves nothing (the words the page says) ----------------


def reason(error):
    return error.key, error.params


def test_a_tap_that_sends_nothing_home_names_the_card_its_foundation_needs():
    """A top card whose foundation needs a lower card first: key tap-nothing, with both cards."""
    game = Game.from_text(board({1: "9C 7H", 2: "8H"}, found={"H": 3}))
    assert None is game.tap("t1")
    assert ("tap-nothing", {"place": "t1", "card": "7H", "need": "4H"}) == reason(game.why_not_home("t1"))


@pytest.mark.parametrize("place,key", [("t3", "empty-source"), ("c2", "empty-source"), ("f2", "tap-foundation")])
def test_a_tap_on_an_empty_place_or_a_foundation_says_so(place, key):
    """Nothing to tap, or a foundation (a tap never takes a card back): each its own key."""
    game = Game.from_text(board({1: "6H", 3: ""}, found={"H": 5}))
    assert (key, {"place": place}) == reason(game.why_not_home(place))


def test_a_card_with_nowhere_to_go_says_why():
    """No foundation, column or free cell takes the card: key nowhere, naming the card its
    foundation needs; a cell's card (never moved to another cell) has a key of its own."""
    game = Game.from_text(board({1: "AD 9C"}, cells=["*", "*", "*", "5H"]))
    assert None is game.double_tap("t1")
    assert ("nowhere", {"place": "t1", "card": "9C", "need": "AC"}) == same_after(
        game, lambda: reason(game.why_nowhere("t1")))
    assert ("nowhere-cell", {"place": "c4", "card": "5H", "need": "AH"}) == reason(game.why_nowhere("c4"))


def test_a_run_too_big_for_its_column_names_the_free_cells_and_empty_columns():
    """A column takes the run's head but the run is longer than the limit: the rule's own
    refusal (group-too-big), with the free cells and the empty columns it counted."""
    game = Game.from_text(board({1: "7H 6H 5H", 2: "8H"}, cells=["*", "*", "*", "-"]))
    error = game.why_nowhere("t1", 3)
    assert ("group-too-big", 2, 1, 0) == (error.key, error.params["limit"], error.params["free"],
                                           error.params["empty"])


def test_a_king_run_into_an_empty_column_counts_the_others_only():
    """A king-led run too big for the empty column it would go to: that column is not
    among the empty columns to spare."""
    game = Game.from_text(board({1: "2C KH QH JH", 5: ""}, cells=["*", "*", "*", "*"]))
    error = game.why_nowhere("t1", 3)
    assert ("group-too-big", 1, 0, 0) == (error.key, error.params["limit"], error.params["free"],
                                           error.params["empty"])


def test_a_run_no_column_takes_and_more_cards_than_the_run():
    """A run with no column for its head: run-nowhere; more cards than the run: not-a-run."""
    game = Game.from_text(board({1: "2C 7H 6H"}, found={"H": 5}))
    assert ("run-nowhere", {"place": "t1", "card": "7H", "n": 2}) == reason(game.why_nowhere("t1", 2))
    assert ("not-a-run", {"place": "t1", "n": 3, "run": 2}) == reason(game.why_nowhere("t1", 3))


# -- against an independent reading of design §2 --------------------------------------


def text_of(move):
    """A Move's notation, or None."""
    return None if move is None else move.text


def spec_double_tap(game, place, n):
    """design §2's order applied to the set of legal moves."""
    legal = set(notation(game.legal_moves()))
    suffix = "x%d" % n if n > 1 else ""

    def ok(dst):
        return "%s-%s%s" % (place, dst, suffix) in legal

    if place[0] == "f":
        return None
    cards = game.cards(place)
    if not cards:
        return None
    if n == 1:
        home = "f%d" % ("SHDC".index(cards[-1][1]) + 1)
        if ok(home):
            return "%s-%s" % (place, home)
    filled = [i for i in range(1, 11) if game.cards("t%d" % i)]
    filled.sort(key=lambda i: (-len(game.cards("t%d" % i)), i))
    for i in filled:
        if ok("t%d" % i):
            return "%s-t%d%s" % (place, i, suffix)
    if not (place[0] == "t" and n == len(cards)):
        for i in range(1, 11):
            if not game.cards("t%d" % i) and ok("t%d" % i):
                return "%s-t%d%s" % (place, i, suffix)
    if n == 1 and place[0] != "c":
        for j in range(1, game.cells + 1):
            if ok("c%d" % j):
                return "%s-c%d" % (place, j)
    return None


PLACES = ["t%d" % i for i in range(1, 11)] + ["c%d" % i for i in range(1, 5)] + ["f%d" % i for i in range(1, 5)]


@settings(max_examples=60, deadline=None)
@given(games(max_moves=80))
def test_double_tap_follows_spec_order(game):
    """On random positions, double_tap and tap pick exactly what design §2's order picks."""
    for place in PLACES:
        runs = range(1, 1 + (len(game.cards(place)) if place[0] == "t" else 1))
        for n in runs:
            assert spec_double_tap(game, place, n) == text_of(game.double_tap(place, n)), (place, n)
        if place[0] != "f" and game.cards(place):
            home = "%s-f%d" % (place, "SHDC".index(game.cards(place)[-1][1]) + 1)
            assert (home if Move.parse(home) in game.legal_moves() else None) == text_of(game.tap(place))
        else:
            assert None is game.tap(place)
