"""The Examples pages' positions are the engine's: regenerating them gives
exactly the committed files."""

import json

import pytest

from .common import EXAMPLES, tool

make_examples = tool("make_examples")


@pytest.mark.parametrize("name", sorted(make_examples.EXAMPLES))
def test_example_file_is_up_to_date(name):
    """static/examples/<name>.json is what tools/make_examples.py writes now (run it if this fails)."""
    path = EXAMPLES / ("%s.json" % name)
    assert path.is_file(), "missing %s: run python3 tools/make_examples.py" % path.name
    assert make_examples.build(name) == json.loads(path.read_text(encoding="utf-8"))
    assert make_examples.render(name) == path.read_text(encoding="utf-8"), "run python3 tools/make_examples.py"


@pytest.mark.parametrize("name", sorted(make_examples.EXAMPLES))
def test_example_view_has_the_board_shape(name):
    """The view gives all 10 columns, the game's cells and 4 foundations, with 52 distinct cards."""
    data = make_examples.build(name)
    places = data["places"]
    expected = ["t%d" % i for i in range(1, 11)] + ["c%d" % i for i in range(1, data["cells"] + 1)]
    expected += ["f%d" % i for i in range(1, 5)]
    assert sorted(expected) == sorted(places)
    cards = [c for pile in places.values() for c in pile]
    assert 52 == len(cards) == len(set(cards))


def test_worked_example_is_spec_worked_example():
    """1 cell, free; 2 empty columns; 8 cards onto an occupied column, a 5-card king run refused, 4 allowed."""
    data = make_examples.build("worked")
    assert (1, 1, 2) == (data["cells"], data["freeCells"], data["emptyColumns"])
    assert {"toOccupiedColumn": 8, "toEmptyColumn": 4} == data["maxGroup"]
    assert {"move": "t2-t6x8"} == data["intents"]["drop t2 t6 8"]
    assert "group-too-big" == data["intents"]["drop t5 t4 5"]["refused"]
    assert 4 == data["intents"]["drop t5 t4 5"]["params"]["limit"]
    assert {"move": "t9-t4x4"} == data["intents"]["drop t9 t4 4"]


def test_stats_file_shape():
    """static/examples/stats.json maps 4, 2 and 1 cells to null (being measured), a share, or {"share": …}."""
    stats = json.loads((EXAMPLES / "stats.json").read_text(encoding="utf-8"))
    assert {"4", "2", "1"} <= set(stats)
    for cells in ("4", "2", "1"):
        value = stats[cells]
        share = value.get("share") if isinstance(value, dict) else value
        assert share is None or (isinstance(share, (int, float)) and 0 <= share <= 1), cells
