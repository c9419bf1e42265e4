"""Build the positions the Examples pages draw, with the engine.

Each example is a design §5 position. The engine reads it and answers what the
pages claim about it (group limits, what a drop or a double tap does); the
result goes to ``static/examples/<name>.json`` in the shape the game's board
draws (``cells`` and ``places``, as ``web/controller.py`` ``view_of`` gives
them), so the picture and the text are exactly the engine's.

    python3 tools/make_examples.py           # write static/examples/*.json
    python3 tools/make_examples.py --check   # exit 1 if a file is out of date
"""

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "examples"
for _path in (ROOT, ROOT / "web"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from controller import view_of  # noqa: E402

from seahaven import Game, SeahavenError  # noqa: E402

# The worked example of design §1 in a 1-cell game: the cell is free and columns
# 4 and 8 are empty. Eight hearts (J♥ … 4♥, column 2) may go onto Q♥
# (column 6); the five spades K♠ … 9♠ (column 5) may not go to an empty column,
# where the limit is 4; the four diamonds K♦ … 10♦ (column 9) may.
WORKED = """\
Foundations: H-2 C-2 D-A S-A
Freecells: -
: 5C 9D 3S 7C 2D
: 8S 6D 2S JH TH 9H 8H 7H 6H 5H 4H
: KH 3H 8D TC 5S
:
: 7D 3C KS QS JS TS 9S
: 6C 4D QH
: KC QC JC 9C
:
: 4S KD QD JD TD
: 7S 4C 3D 6S 8C 5D
"""

# Double tap, design §2, in a 4-cell game (Q♣ in cell 1, columns 5 and 9 empty):
# each branch of the priority order on one board.
DOUBLE_TAP = """\
Foundations: H-0 C-2 D-A S-2
Freecells: QC - - -
: 7D TD JH 5C 3C
: TH 4H QD 9D 6H
: 8H TS 3D JS 9C 4C
: AH 8D KC JC KS
:
: 2H KD QS 7C 7H
: 5H TC 5S 6D 4S 5D
: KH 3S JD 2D 9S
:
: 6C QH 3H 4D 9H 8C 8S 7S 6S
"""

# name → position, the intents whose results the page states (each is
# ("drop", src, dst, n), ("double_tap", place, n) or ("tap", place)), and
# optionally a move after which the page states the group limits again.
EXAMPLES = {
    "worked": {
        "position": WORKED,
        "intents": [
            ("drop", "t2", "t6", 8),
            ("drop", "t5", "t4", 5),
            ("drop", "t5", "t8", 5),
            ("drop", "t9", "t4", 4),
        ],
        "then": "t9-t4x4",
    },
    "double-tap": {
        "position": DOUBLE_TAP,
        "intents": [
            ("double_tap", "t1", 1),
            ("double_tap", "t2", 1),
            ("double_tap", "t4", 1),
            ("double_tap", "t7", 1),
            ("double_tap", "t10", 3),
            ("double_tap", "c1", 1),
            ("tap", "t1"),
            ("tap", "t2"),
        ],
    },
}


def intent_id(intent):
    """``("drop", "t2", "t6", 8)`` → ``"drop t2 t6 8"``: how a page names it."""
    return " ".join(str(part) for part in intent)


def run_intent(game, intent):
    """What the game does for one intent: the move made, or the refusal's key."""
    kind, args = intent[0], intent[1:]
    try:
        if kind == "drop":
            move = game.find_move(*args)
        elif kind == "double_tap":
            move = game.double_tap(*args)
        elif kind == "tap":
            move = game.tap(*args)
        else:
            raise ValueError("unknown intent %r" % (intent,))
    except SeahavenError as exc:
        return {"refused": exc.key, "params": exc.params}
    return {"move": None if move is None else move.text}


def limits(game):
    """The group limits now: onto an occupied column, and to an empty one."""
    empties = [p for p, cards in view_of(game)["places"].items() if p.startswith("t") and not cards]
    return {
        "toOccupiedColumn": game.max_group(),
        "toEmptyColumn": game.max_group(empties[0]) if empties else None,
    }


def build(name):
    """The JSON-able description of one example, straight from the engine."""
    example = EXAMPLES[name]
    game = Game.from_text(example["position"])
    view = view_of(game)
    out = {
        "name": name,
        "position": game.to_text().splitlines(),
        "cells": view["cells"],
        "places": view["places"],
        "freeCells": game.position.free_cells(),
        "emptyColumns": game.position.empty_columns(),
        "maxGroup": limits(game),
        "intents": {intent_id(i): run_intent(game, i) for i in example["intents"]},
    }
    if "then" in example:
        game.play(example["then"])
        out["after"] = {"move": example["then"], "maxGroup": limits(game)}
    return out


def render(name):
    """The file text: one line per top-level key, per place and per intent."""
    lines = []
    for key, value in build(name).items():
        if isinstance(value, dict) and key in ("places", "intents"):
            inner = ",\n".join("  %s: %s" % (json.dumps(k), json.dumps(v)) for k, v in value.items())
            lines.append(" %s: {\n%s\n }" % (json.dumps(key), inner))
        else:
            lines.append(" %s: %s" % (json.dumps(key), json.dumps(value)))
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 if a file differs")
    args = parser.parse_args()
    stale = []
    for name in EXAMPLES:
        path = OUT / ("%s.json" % name)
        text = render(name)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.relative_to(ROOT))
            continue
        OUT.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print("wrote", path.relative_to(ROOT))
    if stale:
        sys.exit("out of date (run python3 tools/make_examples.py): " + ", ".join(map(str, stale)))


if __name__ == "__main__":
    main()
