"""The values the controller's answers carry, field by field: the other half of
the protocol that ``controller.INTENTS`` declares (each intent names its kind
of answer here).

Each type is a dict of field → JSDoc type (a field whose name ends in ``?``
may be left out). The build writes them into the page's engine API as JSDoc
typedefs (tools/generate.py), where the compiler checks the page's code
against them, and tests/web/test_protocol.py checks every answer the
controller gives against them; neither interpreter loads this module.
"""

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
