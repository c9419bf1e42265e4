"""Pyodide web worker: the exact solver, answering the page's requests.

Started only after the board is playable. The page awaits ``solve`` with a
position text and a time budget and gets the result as JSON text, its moves
structured (``Move.to_dict()``: ``text``, ``from``, ``to``, ``n``) so the page
never splits move text.
"""

import json

from seahaven.move import Move
from seahaven.solver import solve as solve_position


def solve(text, budget_seconds):
    """Solve a position (design §5 text); every winning line is replayed by the engine."""
    try:
        result = solve_position(str(text), budget_seconds=float(budget_seconds))
    except ValueError as exc:
        return json.dumps({"status": "error", "message": str(exc), "moves": []})
    answer = result.to_dict()
    answer["moves"] = [Move.parse(move).to_dict() for move in answer["moves"]]
    return json.dumps(answer)


def ping():
    return "ready"


__export__ = ["solve", "ping"]
