"""The values the answers carry, field by field: the other half of both
protocols, the controller's (``controller.INTENTS``: TYPES) and the solver's
worker's (``solver_worker.REQUESTS``: SOLVER_TYPES, which may name TYPES).
Each request names its kind of answer here; every field is camelCase.

Each type is a dict of field → JSDoc type (a field whose name ends in ``?``
may be left out; a quoted word is that exact string). The build writes them
into the page's engine and solver APIs as JSDoc typedefs (tools/generate.py),
where the compiler checks the page's code against them, and
tests/web/test_protocol.py checks every answer of both against them; neither
interpreter loads this module.
"""

import json

from seahaven.grade import TIERS
from seahaven.solver import NOT_WINNABLE, UNKNOWN, WINNABLE


def one_of(words):
    """The JSDoc type of exactly these strings: ``"a" | "b"``."""
    return " | ".join(json.dumps(word) for word in words)


VERDICT = one_of((WINNABLE, NOT_WINNABLE, UNKNOWN))
TIER = one_of(TIERS)

TYPES = {
    # A move as a value (seahaven.move.Move.to_dict): the page reads places and count, never splits the text.
    "Move": {"text": "string", "from": "string", "to": "string", "n": "number"},
    # What the board and the toolbar draw (controller.view_of).
    "View": {
        "code": "string | null", "cells": "number", "score": "number", "moves": "number", "canUndo": "boolean",
        "canRedo": "boolean", "won": "boolean", "stuck": "boolean", "finish": "boolean",
        "places": "Record<string, string[]>", "lift": "Record<string, number>",
        # Where each place's top cards may go, by how many move: {"t3": {"1": ["f2", "c1"], "3": ["t7"]}}.
        "dests": "Record<string, Record<string, string[]>>",
    },
    # A game as saved (seahaven.game.Game.save): a deal's code or a start position, the moves in notation.
    "SavedGame": {"v": "number", "moves": "string[]", "undone": "string[]", "code?": "string", "start?": "string"},
    # Why a request was refused (a SeahavenError's key and params, and its English message).
    "Refusal": {"key": "string", "params": "Record<string, unknown>", "message": "string"},
    # Every refusal, of the controller and of the solver's worker: ``double`` for a tap (what a double
    # tap there would do), ``link`` for a game link that does not read.
    "Refused": {"ok": "false", "error": "Refusal", "double?": "Move | null", "link?": "boolean"},
    # An intent that changed or shows the game: all its listeners need.
    "Played": {
        "ok": "true", "view": "View", "move": "Move | null", "position": "string", "save": "SavedGame",
        "finishing": "Move[]", "autoplay": "Move[]",
    },
    "Texts": {"ok": "true", "texts": "string[]"},
    "Preview": {"ok": "true", "code": "string", "text": "string", "cells": "number"},
    # A move of the review's line, with the card at its head.
    "LineMove": {"text": "string", "from": "string", "to": "string", "n": "number", "card": "string"},
    "Line": {"ok": "true", "code": "string | null", "cells": "number", "at": "number", "moves": "LineMove[]"},
    "ViewAt": {"ok": "true", "view": "View"},
    "LinkInfo": {"ok": "true", "link": "boolean", "code": "string | null", "moves": "number | null"},
    "ShareLink": {"ok": "true", "text": "string"},
}

# The solver's worker (web/solver_worker.py REQUESTS).
SOLVER_TYPES = {
    # Nothing to say but that it was done (ping, review_stop).
    "Done": {"ok": "true"},
    # A position solved: its verdict and, when winnable, the moves of a line that never passes a position twice.
    "Solution": {"ok": "true", "status": VERDICT, "moves": "Move[]", "length": "number", "nodes": "number",
                 "seconds": "number"},
    "Par": {"ok": "true", "code": "string", "par": "number | null"},
    "ParWork": {"ok": "true", "code": "string", "state": one_of(("working", "done")), "par?": "number | null"},
    "ReviewStarted": {"ok": "true", "review": "number"},
    "Progress": {"stage": "string", "done": "number", "total": "number"},
    # One position of a review (seahaven.review Ply.to_dict(full=True)).
    "Ply": {"ply": "number", "move": "string | null", "verdict": VERDICT, "keeps": "number | null",
            "legal": "number", "critical": "boolean", "keeping": "string[]", "choices": "number"},
    # A review so far (seahaven.review Review.to_dict(full=True)).
    "ReviewResult": {"code": "string | null", "par": "number | null", "lostAt": "number | null", "plies": "Ply[]",
                     "cells": "number", "parLine": "string[] | null", "alternative": "string[] | null",
                     "alternativeMove": "Move | null", "finished": "boolean"},
    # One slice of a review: "gone" when the worker knows it no more (it was replaced).
    "ReviewSlice": {"ok": "true", "state": one_of(("working", "done", "gone")), "progress?": "Progress",
                    "review?": "ReviewResult"},
    # A deal's grade (seahaven.grade Grade.to_dict).
    "Grade": {"ok": "true", "code": "string", "status": VERDICT, "tier": TIER + " | null",
              "predictor": "number | null", "nodes": "number", "quickLost": "number | null",
              "quickPlays": "number"},
    # The deal of a day (seahaven.daily Daily.to_dict) and its par.
    "Daily": {"ok": "true", "date": "string", "cells": "number", "code": "string", "tier": TIER,
              "par": "number | null"},
    "Memory": {"ok": "true", "used": "number", "grown": "number"},
    # A game link's deal and moves, for the controller's open_line.
    "LinkLine": {"ok": "true", "code": "string", "moves": "string[]"},
}
