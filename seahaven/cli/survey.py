"""Surveys: solve many deals in parallel, and the figures that sum them up
(shares of winnable / not winnable / unknown, nearest-rank percentiles of
time, winning-line lengths).

Used by ``python -m seahaven survey`` and by the benchmarks (``bench/``),
which import these statistics from here: the package never imports ``bench/``.
Kept apart from the solver so that the solver never imports
``multiprocessing`` (its web worker has none).
"""

import math
import os
import signal
import time

from .. import deal
from ..game import Game
from ..solver import NOT_WINNABLE, UNKNOWN, WINNABLE, solve

STATUSES = (WINNABLE, NOT_WINNABLE, UNKNOWN)


def _solve_deal(job):
    """Worker: (cells, number, budget) -> (number, status, seconds, nodes, length, cpu seconds)."""
    cells, number, budget = job
    t0 = time.perf_counter()
    c0 = time.process_time()
    result = solve(Game.from_number(number, cells).position, budget_seconds=budget)
    return number, result.status, time.perf_counter() - t0, result.nodes, len(result.moves), time.process_time() - c0


def _leave_interrupts_to_the_parent():
    """Worker start: Ctrl+C reaches every process of the terminal's foreground
    group; the parent stops the pool, the workers print no traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def deal_numbers(count, start=None, seed=None):
    """``count`` deal numbers: start, start+1, … or a reproducible (seed) or random draw."""
    if start is not None:
        return [start + i for i in range(count)]
    state = deal.random_number() if seed is None else seed
    out = []
    seen = set()
    while len(out) < count:
        state, value = deal.splitmix64(state)
        number = value % deal.DEAL_LIMIT
        if number not in seen:
            seen.add(number)
            out.append(number)
    return out


def survey(cells, numbers, budget=None, jobs=None, progress=None):
    """Solve deals in parallel; rows (number, status, seconds, nodes, length, cpu seconds) in deal order."""
    work = [(cells, n, budget) for n in numbers]
    jobs = jobs or os.cpu_count() or 1
    rows = []
    if jobs == 1 or len(work) < 2:
        for item in work:
            rows.append(_solve_deal(item))
            if progress:
                progress(len(rows), len(work))
    else:
        import multiprocessing

        with multiprocessing.Pool(jobs, initializer=_leave_interrupts_to_the_parent) as pool:
            for row in pool.imap_unordered(_solve_deal, work, chunksize=4):
                rows.append(row)
                if progress:
                    progress(len(rows), len(work))
    order = {n: i for i, n in enumerate(numbers)}
    rows.sort(key=lambda r: order[r[0]])
    return rows


def percentile(values, fraction):
    """Nearest-rank percentile of a non-empty list."""
    data = sorted(values)
    rank = math.ceil(fraction * len(data) - 1e-9)
    return data[max(0, min(len(data), rank) - 1)]


def summary(cells, rows):
    """The survey's figures as a JSON-able dict."""
    count = len(rows)
    shares = {}
    for status in STATUSES:
        shares[status] = sum(1 for r in rows if r[1] == status)
    times = [r[2] for r in rows]
    cpu = [r[5] for r in rows]
    lengths = [r[4] for r in rows if r[1] == WINNABLE]
    slowest = max(rows, key=lambda r: r[2]) if rows else None
    out = {
        "cells": cells,
        "deals": count,
        "counts": shares,
        "shares": {k: (v / count if count else 0.0) for k, v in shares.items()},
        "seconds": {},
        "cpu_seconds": {},
        "length": {},
        "slowest": deal.encode(cells, slowest[0]) if slowest else None,
    }
    if times:
        for name, q in (("median", 0.5), ("p90", 0.9), ("p95", 0.95), ("p99", 0.99), ("max", 1.0)):
            out["seconds"][name] = percentile(times, q)
            out["cpu_seconds"][name] = percentile(cpu, q)
    if lengths:
        out["length"] = {"median": percentile(lengths, 0.5), "max": max(lengths)}
    return out


def format_summary(s):
    lines = ["%d deals with %d cell%s" % (s["deals"], s["cells"], "" if s["cells"] == 1 else "s")]
    for status in STATUSES:
        lines.append("  %-13s %6d  %5.1f %%" % (status, s["counts"][status], 100.0 * s["shares"][status]))
    if s["seconds"]:
        lines.append(
            "  time per deal: "
            + ", ".join("%s %.1f ms" % (k, 1000 * v) for k, v in s["seconds"].items())
            + " (slowest %s)" % s["slowest"]
        )
        lines.append("  CPU per deal:  " + ", ".join("%s %.1f ms" % (k, 1000 * v) for k, v in s["cpu_seconds"].items()))
    if s["length"]:
        lines.append("  winning line: median %d moves, longest %d" % (s["length"]["median"], s["length"]["max"]))
    return "\n".join(lines)
