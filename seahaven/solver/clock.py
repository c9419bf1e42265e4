"""Seconds on a monotonic clock, on every runtime the solver runs on.

CPython has ``time.perf_counter``; MicroPython (the page's
runtime, and the solver's worker) has only millisecond ticks that wrap
around, so there the clock adds up tick differences.
"""

import time

_last = None
_total = 0


def _ticks_seconds():
    global _last, _total
    t = time.ticks_ms()
    if _last is not None:
        _total += time.ticks_diff(t, _last)
    _last = t
    return _total / 1000


now = time.perf_counter if hasattr(time, "perf_counter") else _ticks_seconds
