"""The solver's web worker: what the page may ask of it, on MicroPython.

The build precompiles this module and everything it imports (site.toml
[worker]). The page (static/js/solver.js) calls a function named in
``__export__`` with ``call(name, args)``: JSON-able arguments in, JSON text
out. A call runs to its end (the worker reads no message meanwhile), so a long
job takes a budget of seconds; the page cancels one by terminating the worker
and starting a fresh one. ``grade`` and ``daily`` serve the New game
dialog's kinds of deal and today's deal (design §8); they import their
modules on first use, so the worker starts as fast as the solver alone.
To add a function: write it here, name it in
``__export__``, and list in site.toml [worker] any module it imports.
"""

import gc
import json

from seahaven.errors import SeahavenError
from seahaven.move import Move
from seahaven.solver import solve as solve_position


def _refused(exc):
    return json.dumps({"status": "error", "key": exc.key, "params": exc.params, "message": str(exc)})


def solve(text, budget_seconds):
    """Solve a position (design §5 text); every winning line is replayed by the engine.

    The moves are structured (``Move.to_dict()``: text, from, to, n) so the
    page never splits move text.
    """
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
    """The page's first call: the worker has imported everything and answers."""
    return json.dumps("ready")


def memory():
    """Bytes of heap the interpreter holds: a big search grows it, and it is
    never given back while the worker lives (the page restarts a big one)."""
    return json.dumps(gc.mem_alloc() + gc.mem_free())


__export__ = ["solve", "grade", "daily", "ping", "memory"]
