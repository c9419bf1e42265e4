"""save() / load(): exact round trips, and corrupt or foreign data refused with BadSave."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seahaven import BadSave, Game, IllegalMove
from seahaven.game import MAX_MOVES
from tests.notation import notation

from ..strategies import games
from .boards import board


def snapshot(game):
    return (game.to_text(), game.code, game.cells, game.history, game.redo_list, game.score)


def test_round_trip_with_redo_list():
    """A saved game with undone moves loads to the same position, history, redo list and score."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    for _ in range(8):
        game.play(game.legal_moves()[-1])
    for _ in range(3):
        game.undo()
    data = json.loads(json.dumps(game.save()))
    loaded = Game.load(data)
    assert snapshot(game) == snapshot(loaded)
    assert 3 == len(loaded.redo_list)
    game.redo()
    loaded.redo()
    assert snapshot(game) == snapshot(loaded)


def test_save_of_text_position_round_trips():
    """A game started from a position text saves that text and loads back to it."""
    game = Game.from_text(board({1: "6H 5H", 2: "7H"}, cells=["4H", "-", "-", "-"]))
    game.play("c1-t1")
    game.play("t1-t2x3")
    game.undo()
    loaded = Game.load(json.loads(json.dumps(game.save())))
    assert snapshot(game) == snapshot(loaded)
    assert None is loaded.code
    while loaded.undo():
        pass
    assert game.save()["start"] == loaded.to_text()


def test_save_is_plain_json():
    """save() gives only JSON types: a dict of str, int and lists of str."""
    game = Game.from_code("SH1-C1-AAAAAJ2")
    game.play(game.legal_moves()[0])
    data = game.save()
    assert data == json.loads(json.dumps(data))
    assert {"v", "code", "moves", "undone"} == set(data)


@settings(max_examples=40, deadline=None)
@given(games(max_moves=40), st.integers(min_value=0, max_value=40))
def test_any_game_round_trips(game, undos):
    """Any game, after any number of undos, saves and loads to the same state."""
    for _ in range(undos):
        game.undo()
    assert snapshot(game) == snapshot(Game.load(json.loads(json.dumps(game.save()))))


def good():
    game = Game.from_code("SH1-C4-AAAAAJ2")
    game.play("t3-c3")
    game.play("t3-c4")
    game.undo()
    return game.save()


def changed(**changes):
    data = good()
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return data


CORRUPT = [
    ("not a dict: list", ["SH1-C4-AAAAAJ2"], "save-type"),
    ("not a dict: text", "SH1-C4-AAAAAJ2", "save-type"),
    ("not a dict: None", None, "save-type"),
    ("no version", changed(v=KeyError), "save-version"),
    ("version 2", changed(v=2), "save-version"),
    ("version as text", changed(v="1"), "save-version"),
    ("version as float", changed(v=1.5), "save-version"),
    ("version as bool", changed(v=True), "save-version"),
    ("bad code", changed(code="SH1-C9-AAAAAJ2"), "save-replay"),
    ("code not text", changed(code=314), "save-replay"),
    ("code and start missing", changed(code=KeyError), "save-type"),
    ("moves not a list", changed(moves="t3-c3"), "save-type"),
    ("moves hold a number", changed(moves=["t3-c3", 5]), "save-type"),
    ("moves hold None", changed(moves=[None]), "save-type"),
    ("moves a dict", changed(moves={"t3": "c3"}), "save-type"),
    ("undone not a list", changed(undone=None), "save-type"),
    ("illegal move", changed(moves=["t3-c3", "t3-c3"]), "save-replay"),
    ("illegal move to foundation", changed(moves=["t1-f1"]), "save-replay"),
    ("not notation", changed(moves=["<script>"]), "save-replay"),
    ("undone does not replay", changed(undone=["t1-f1"]), "save-replay"),
    ("another game's moves", changed(code="SH1-C1-AAAAAAA", moves=["t3-c3", "c1-c2"]), "save-replay"),
    ("bad start text", {"v": 1, "start": "Freecells: - -\n", "moves": [], "undone": []}, "save-replay"),
    ("start not text", {"v": 1, "start": ["x"], "moves": [], "undone": []}, "save-replay"),
]


@pytest.mark.parametrize("data,key", [c[1:] for c in CORRUPT], ids=[c[0] for c in CORRUPT])
def test_corrupt_or_foreign_data_refused(data, key):
    """Corrupt, foreign or non-replaying saved data raises BadSave (a ValueError) with a key."""
    with pytest.raises(BadSave) as info:
        Game.load(data)
    assert isinstance(info.value, ValueError)
    assert key == info.value.key
    assert str(info.value)


def test_minimal_save_loads():
    """A save with only version and code (no moves) is a fresh deal."""
    game = Game.load({"v": 1, "code": "sh1-c2-aaaaaj2"})
    assert ("SH1-C2-AAAAAJ2", [], []) == (game.code, game.history, game.redo_list)


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["v", "code", "start", "moves", "undone", "x"]),
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-2, 3),
            st.text(max_size=20),
            st.lists(st.one_of(st.text(max_size=8), st.integers()), max_size=4),
            st.sampled_from(["SH1-C4-AAAAAJ2", "t3-c3", ["t3-c3"]]),
        ),
    )
)
def test_arbitrary_data_loads_or_raises_bad_save(data):
    """Whatever JSON-like dict is given, load returns a game or raises BadSave; nothing else."""
    try:
        game = Game.load(data)
    except BadSave as exc:
        assert exc.key.startswith("save-")
    else:
        assert game.code is not None or "start" in data


# -- saves at scale: a bound on moves, and loading fast ------------------------


def full_game():
    """A game holding MAX_MOVES moves: 3C from cell 1 to cell 3 and back."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    for i in range(MAX_MOVES):
        game.play("c1-c3" if i % 2 == 0 else "c3-c1")
    return game


def test_a_save_over_the_bound_is_refused_unread():
    """More than MAX_MOVES moves (played and undone together): BadSave save-too-big,
    saying both numbers, before any move is read (junk moves or not)."""
    for moves, undone in ((MAX_MOVES + 1, 0), (MAX_MOVES, 1), (1, MAX_MOVES), (10**6, 0)):
        data = {"v": 1, "code": "SH1-C4-AAAAAJ2", "moves": [None] * moves, "undone": [5] * undone}
        with pytest.raises(BadSave) as info:
            Game.load(data)
        assert "save-too-big" == info.value.key
        assert {"count": moves + undone, "limit": MAX_MOVES} == info.value.params
        assert "%d" % (moves + undone) in str(info.value) and "%d" % MAX_MOVES in str(info.value)


def test_a_full_game_refuses_one_more_move_and_saves_within_the_bound():
    """At MAX_MOVES moves a game refuses any further move (key too-many-moves, nothing
    changes); undo makes room again; the full game saves and loads back exactly."""
    game = full_game()
    before = snapshot(game)
    for attempt in (
        lambda: game.play("t3-c3"),
        lambda: game.find_move("t3", "c4"),
        lambda: game.tap("t1"),
        lambda: game.double_tap("t3"),
    ):
        with pytest.raises(IllegalMove) as info:
            attempt()
        assert "too-many-moves" == info.value.key
        assert {"limit": MAX_MOVES} == info.value.params
    assert before == snapshot(game)
    loaded = Game.load(json.loads(json.dumps(game.save())))
    assert before == snapshot(loaded)
    game.undo()
    game.undo()
    loaded = Game.load(game.save())
    assert snapshot(game) == snapshot(loaded) and 2 == len(loaded.redo_list)
    game.play("t3-c3")
    assert MAX_MOVES - 1 == game.moves_made and [] == notation(game.redo_list)


def test_a_long_save_is_checked_move_by_move():
    """The fast replay still checks every move: one illegal move deep in a long save is refused, naming it."""
    data = full_game().save()
    data["moves"][MAX_MOVES // 2 + 1] = "c1-c4"  # 3C sits in cell 3 at that point: cell 1 is empty
    with pytest.raises(BadSave) as info:
        Game.load(data)
    assert "save-replay" == info.value.key
    assert "c1-c4" in str(info.value) and "empty" in str(info.value)


def test_spellings_of_a_move_replay_alike():
    """Saved moves are read as notation: case and spaces do not matter, each spelling is checked."""
    data = {"v": 1, "code": "SH1-C4-AAAAAJ2", "moves": ["C1-c3", " c3-C1 ", "c1-c3", "c1-c3"]}
    with pytest.raises(BadSave):
        Game.load(data)
    data["moves"] = data["moves"][:3]
    assert ["c1-c3", "c3-c1", "c1-c3"] == notation(Game.load(data).history)
