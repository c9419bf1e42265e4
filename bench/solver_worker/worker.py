"""The solver's worker on MicroPython: ``solve`` and ``ping`` for the page.

MicroPython's ``time`` has no ``perf_counter``, which the solver reads for its
budget: give it one from ``ticks_ms`` before the solver is imported.
"""

import gc
import json
import time

if not hasattr(time, "perf_counter"):
    _T0 = time.ticks_ms()
    time.perf_counter = lambda: time.ticks_diff(time.ticks_ms(), _T0) / 1000

from seahaven import solver  # noqa: E402


def solve(text, budget_seconds):
    """Solve a position (design §5 text) within the budget; the result as JSON text."""
    try:
        result = solver.solve(str(text), budget_seconds=float(budget_seconds))
    except ValueError as exc:
        return json.dumps({"status": "error", "message": str(exc), "moves": []})
    return json.dumps(result.to_dict())


def ping():
    """Where the solver was loaded from (the .mpy, not a source file)."""
    return solver.__file__


def memory_mb():
    """For the bench: the Python heap in use and the WebAssembly memory, in MB. A big
    search grows the memory, which is never given back while the worker lives."""
    import js

    return [gc.mem_alloc() / 1e6, js.Module.HEAPU8.length / 1e6]


__export__ = ["solve", "ping", "memory_mb"]
