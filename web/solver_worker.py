"""The solver's web worker: the exact solver, answering the page's requests.

Started only after the board is playable. The page awaits ``solve`` with a
position text and a time budget and gets the result as JSON text, its moves
structured (``Move.to_dict()``: ``text``, ``from``, ``to``, ``n``) so the page
never splits move text. ``grade`` and ``daily`` serve the New game dialog's
tiers and today's deal (design §8); they import their modules on first use,
so the worker starts as fast as the solver alone.
"""

import json

from seahaven.errors import SeahavenError
from seahaven.move import Move
from seahaven.solver import solve as solve_position


def _refused(exc):
    return json.dumps({"status": "error", "key": exc.key, "params": exc.params, "message": str(exc)})


def solve(text, budget_seconds):
    """Solve a position (SPEC §5 text); every winning line is replayed by the engine."""
    try:
        result = solve_position(str(text), budget_seconds=float(budget_seconds))
    except ValueError as exc:
        return json.dumps({"status": "error", "message": str(exc), "moves": []})
    answer = result.to_dict()
    answer["moves"] = [Move.parse(move).to_dict() for move in answer["moves"]]
    return json.dumps(answer)


def grade(code):
    """A deal's grade (``seahaven.grade``): status, tier, predictor, as JSON."""
    from seahaven import grade as grading

    try:
        return json.dumps(grading.grade(str(code)).to_dict())
    except SeahavenError as exc:
        return _refused(exc)


def daily(date, cells):
    """The deal of a date ("2026-12-24", UTC) for a cell count, with its tier
    and par (the moves of the review's par line), as JSON."""
    from seahaven import daily as days
    from seahaven import grade as grading

    try:
        year, month, day = days.parse_date(str(date))
        found = days.daily(year, month, day, int(cells))
    except SeahavenError as exc:
        return _refused(exc)
    answer = found.to_dict()
    answer["status"] = "ok"
    answer["par"] = grading.par(found.code)
    return json.dumps(answer)


def ping():
    return "ready"


__export__ = ["solve", "grade", "daily", "ping"]
