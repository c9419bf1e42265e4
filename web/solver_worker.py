"""Pyodide web worker: the exact solver, answering the page's requests.

Started only after the board is playable. The page awaits ``solve`` with a
position text and a time budget and gets the result as JSON text.
"""

import json

from seahaven.solver import solve as solve_position


def solve(text, budget_seconds):
    """Solve a position (SPEC §5 text); every winning line is replayed by the engine."""
    try:
        result = solve_position(str(text), budget_seconds=float(budget_seconds))
    except ValueError as exc:
        return json.dumps({"status": "error", "message": str(exc), "moves": []})
    return json.dumps(result.to_dict())


def ping():
    return "ready"


__export__ = ["solve", "ping"]
