"""The ``solve`` and ``survey`` commands of ``python -m seahaven``.

Kept apart from the solver so that the solver itself never imports
``multiprocessing`` (it runs in a Pyodide worker, which has none).
"""

import math
import os
import sys
import time

from . import deal
from .game import Game
from .solver import NOT_WINNABLE, UNKNOWN, WINNABLE, solve

SOLVE_USAGE = "solve takes a game code or - (a position text on stdin), and optionally --budget SECONDS --improve NODES"
IMPROVE_NODES = 2000  # the command line prefers a shorter line to a few more milliseconds
SURVEY_USAGE = "survey takes --cells N --count K [--start S | --seed X] [--budget SECONDS] [--jobs J] [--plays P]"


def _usage_error(message):
    from .cli import UsageError

    return UsageError(message)


def _options(args, names, usage):
    """Parse ``--name value`` / ``--name=value`` pairs; the rest are positional."""
    values = {}
    rest = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg.startswith("--") and len(arg) > 2:
            name, eq, value = arg[2:].partition("=")
            if name not in names:
                raise _usage_error("unknown option --%s; %s" % (name[:20], usage))
            if not eq:
                if i + 1 >= len(args):
                    raise _usage_error("--%s needs a value; %s" % (name, usage))
                i += 1
                value = args[i]
            values[name] = value
        else:
            rest.append(arg)
        i += 1
    return values, rest


def _number(values, name, kind, low, high=None):
    text = values.get(name)
    if text is None:
        return None
    try:
        value = kind(text)
    except ValueError:
        raise _usage_error("--%s must be a number, not %s" % (name, text[:20])) from None
    if value != value or value < low or (high is not None and value > high):
        limit = "at least %s" % low if high is None else "%s to %s" % (low, high)
        raise _usage_error("--%s must be %s, not %s" % (name, limit, text[:20]))
    return value


def cmd_solve(args):
    values, rest = _options(args, ("budget", "improve"), SOLVE_USAGE)
    if len(rest) != 1:
        raise _usage_error(SOLVE_USAGE)
    budget = _number(values, "budget", float, 0.0)
    improve = _number(values, "improve", int, 0)
    source = rest[0]
    if source == "-":
        from .cli import _read

        game = Game.from_text(_read("-"))
    elif os.path.isfile(source):
        from .cli import _read

        game = Game.from_text(_read(source))
    else:
        game = Game.from_code(source)
    result = solve(game.position, budget_seconds=budget, improve_nodes=IMPROVE_NODES if improve is None else improve)
    if result.status == WINNABLE:
        print("winnable %d" % len(result.moves))
        for move in result.moves:
            print(move)
    else:
        print(result.status)


# -- survey -------------------------------------------------------------------

def _solve_deal(job):
    """Worker: (cells, number, budget) -> (number, status, seconds, nodes, length, cpu seconds)."""
    cells, number, budget = job
    t0 = time.perf_counter()
    c0 = time.process_time()
    result = solve(Game.from_number(number, cells).position, budget_seconds=budget)
    return number, result.status, time.perf_counter() - t0, result.nodes, len(result.moves), time.process_time() - c0


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

        with multiprocessing.Pool(jobs) as pool:
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
    for status in (WINNABLE, NOT_WINNABLE, UNKNOWN):
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
    for status in (WINNABLE, NOT_WINNABLE, UNKNOWN):
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


def cmd_survey(args):
    values, rest = _options(args, ("cells", "count", "start", "seed", "budget", "jobs", "plays"), SURVEY_USAGE)
    if rest:
        raise _usage_error(SURVEY_USAGE)
    if values.get("cells") not in ("4", "2", "1"):
        raise _usage_error("--cells must be 4, 2 or 1; %s" % SURVEY_USAGE)
    cells = int(values["cells"])
    count = _number(values, "count", int, 1, 1000000)
    if count is None:
        raise _usage_error("--count is needed; %s" % SURVEY_USAGE)
    start = _number(values, "start", int, 0, deal.DEAL_LIMIT - 1)
    seed = _number(values, "seed", int, 0)
    if start is not None and seed is not None:
        raise _usage_error("give --start or --seed, not both")
    if start is not None and start + count > deal.DEAL_LIMIT:
        raise _usage_error("--start + --count goes past the last deal number")
    budget = _number(values, "budget", float, 0.0)
    jobs = _number(values, "jobs", int, 1, 256)
    plays = _number(values, "plays", int, 0, 1000)
    numbers = deal_numbers(count, start, seed)
    t0 = time.perf_counter()
    rows = survey(cells, numbers, budget, jobs)
    print(format_summary(summary(cells, rows)))
    if plays != 0:
        from . import grade_survey, player

        plays = player.PLAYS if plays is None else plays
        winnable = [r[0] for r in rows if r[1] == WINNABLE]
        graded = grade_survey.measure_all(cells, winnable, plays, jobs)
        print(grade_survey.format_summary(grade_survey.summary(cells, graded, plays)))
    print("  wall time %.1f s" % (time.perf_counter() - t0))
    sys.stdout.flush()
