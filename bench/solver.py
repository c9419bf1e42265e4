"""Solver benchmark: our exact solver against Freecell Solver on the same deals.

    python3 bench/solver.py [--count 300] [--cells 4,2,1] [--seed 6] [--jobs 2]
                            [--fc-timeout 10] [--budget 10] [--improve 2000] [--json FILE]

For each cell count, the same ``--count`` deal numbers (drawn from ``--seed``)
are solved by ``seahaven.solver`` and by ``fc-solve -g seahaven --freecells-num
N -m -snx`` (Debian ``freecell-solver-bin``), spread over ``--jobs`` processes.
fc-solve gets ``--fc-timeout`` seconds per deal; ours gets ``--budget``.
Ours runs twice: as the page's worker calls it (decide, then shorten the line
by replay), and as the command line does (``--improve`` more nodes spent on a
shorter line once a win is found; 0 skips that run).

Reported per cell count:

- decided: ours "winnable" or "not winnable" (not "unknown"); fc-solve a
  solution or "I could not solve this game" (its own search exhausted under its
  stricter rules, which cap groups at free cells + 1), not a timeout;
- agreement: deals where both found a win, or both found none;
- wrong: deals fc-solve wins that ours calls not winnable (must be 0);
- time: median, p95 and max wall time per deal (and our CPU time, which the
  machine's other load disturbs less);
- length: median winning-line length (foundation moves included) over the
  deals *both* won, and ours over all its wins;
- rescued: of the deals fc-solve gives up on, the share ours proves winnable.

Targets (CPython, a 2-core machine): every deal decided, each within
1 s; median ≤ 20 ms with 4 cells; median line shorter than fc-solve's; every
fc-solve win is ours too.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from seahaven import Game, solver  # noqa: E402
from seahaven.cli.survey import deal_numbers, percentile  # noqa: E402

FC_SOLVE = shutil.which("fc-solve")
SEPARATOR = "-=-=-=-=-=-=-=-=-=-=-=-"


def run_ours(cells, number, budget, improve=0):
    game = Game.from_number(number, cells)
    t0 = time.perf_counter()
    c0 = time.process_time()
    result = solver.solve(game.position, budget_seconds=budget, improve_nodes=improve)
    return {
        "status": result.status,
        "seconds": time.perf_counter() - t0,
        "cpu": time.process_time() - c0,
        "length": len(result.moves) if result.status == solver.WINNABLE else None,
        "nodes": result.nodes,
    }


def run_fc(cells, number, timeout):
    """fc-solve's verdict: "won" (with its move count), "lost" (search exhausted) or "timeout"."""
    game = Game.from_number(number, cells)
    t0 = time.perf_counter()
    try:
        out = subprocess.run(
            [FC_SOLVE, "-g", "seahaven", "--freecells-num", str(cells), "-m", "-snx", "-"],
            input=game.to_text(),
            capture_output=True,
            text=True,
            timeout=timeout,
            env=dict(os.environ, FREECELL_SOLVER_QUIET="1"),
        ).stdout
    except subprocess.TimeoutExpired:
        return {"status": "timeout", "seconds": time.perf_counter() - t0, "length": None}
    seconds = time.perf_counter() - t0
    if "This game is solveable" in out:
        body = out.split(SEPARATOR, 1)[1].split("This game is solveable")[0]
        return {"status": "won", "seconds": seconds, "length": len(body.split())}
    if "could not solve" in out:
        return {"status": "lost", "seconds": seconds, "length": None}
    return {"status": "error", "seconds": seconds, "length": None}


def work(job):
    kind, cells, number, limit = job
    if kind == "ours":
        row = run_ours(cells, number, limit)
    elif kind == "short":
        row = run_ours(cells, number, limit[0], limit[1])
    else:
        row = run_fc(cells, number, limit)
    return kind, cells, number, row


def median(values):
    return percentile(values, 0.5) if values else None


def report(cells, numbers, ours, fc, short=None):
    """Figures for one cell count; ours/fc/short map deal number -> row."""
    n = len(numbers)
    o_dec = [k for k in numbers if ours[k]["status"] != solver.UNKNOWN]
    f_dec = [k for k in numbers if fc[k]["status"] in ("won", "lost")]
    o_win = [k for k in numbers if ours[k]["status"] == solver.WINNABLE]
    f_win = [k for k in numbers if fc[k]["status"] == "won"]
    both_dec = [k for k in o_dec if k in set(f_dec)]
    agree = [k for k in both_dec if (ours[k]["status"] == solver.WINNABLE) == (fc[k]["status"] == "won")]
    wrong = [k for k in f_win if ours[k]["status"] == solver.NOT_WINNABLE]
    both_win = [k for k in o_win if k in set(f_win)]
    fc_gave_up = [k for k in numbers if fc[k]["status"] != "won"]
    rescued = [k for k in fc_gave_up if ours[k]["status"] == solver.WINNABLE]

    def times(rows, key="seconds"):
        values = [rows[k][key] for k in numbers]
        return {"median": percentile(values, 0.5), "p95": percentile(values, 0.95), "max": max(values)}

    return {
        "cells": cells,
        "deals": n,
        "ours": {
            "decided": len(o_dec) / n,
            "winnable": len(o_win) / n,
            "not_winnable": sum(1 for k in numbers if ours[k]["status"] == solver.NOT_WINNABLE) / n,
            "unknown": (n - len(o_dec)) / n,
            "seconds": times(ours),
            "cpu_seconds": times(ours, "cpu"),
            "within_1s": sum(1 for k in numbers if ours[k]["seconds"] <= 1.0) / n,
            "length_median_all_wins": median([ours[k]["length"] for k in o_win]),
            "length_median_both_won": median([ours[k]["length"] for k in both_win]),
        },
        "fc_solve": {
            "decided": len(f_dec) / n,
            "won": len(f_win) / n,
            "lost": sum(1 for k in numbers if fc[k]["status"] == "lost") / n,
            "timeout": sum(1 for k in numbers if fc[k]["status"] == "timeout") / n,
            "error": sum(1 for k in numbers if fc[k]["status"] == "error") / n,
            "seconds": times(fc),
            "length_median_both_won": median([fc[k]["length"] for k in both_win]),
        },
        "agreement": len(agree) / len(both_dec) if both_dec else None,
        "both_decided": len(both_dec),
        "both_won": len(both_win),
        "wrong": [Game.from_number(k, cells).code for k in wrong],
        "fc_gave_up": len(fc_gave_up),
        "rescued": len(rescued),
        "rescued_share": len(rescued) / len(fc_gave_up) if fc_gave_up else None,
        "slowest": Game.from_number(max(numbers, key=lambda k: ours[k]["seconds"]), cells).code,
        "short": None
        if not short
        else {
            "seconds": times(short),
            "cpu_seconds": times(short, "cpu"),
            "length_median_both_won": median([short[k]["length"] for k in both_win]),
            "length_median_all_wins": median([short[k]["length"] for k in numbers if short[k]["length"]]),
        },
    }


def pct(x):
    return "-" if x is None else "%.1f%%" % (100 * x)


def ms(x):
    return "%.0f" % (1000 * x) if x >= 0.1 else "%.1f" % (1000 * x)


def table(reports):
    head = (
        "cells solver    decided  winnable  median ms  p95 ms  max ms  median len*  agree   wrong  rescued"
    )
    lines = [head, "-" * len(head)]
    for r in reports:
        o, f = r["ours"], r["fc_solve"]
        lines.append(
            "%-5d %-9s %7s  %8s  %9s  %6s  %6s  %11s  %6s  %6d  %s"
            % (
                r["cells"],
                "ours",
                pct(o["decided"]),
                pct(o["winnable"]),
                ms(o["seconds"]["median"]),
                ms(o["seconds"]["p95"]),
                ms(o["seconds"]["max"]),
                o["length_median_both_won"] if o["length_median_both_won"] is not None else "-",
                pct(r["agreement"]),
                len(r["wrong"]),
                "%d/%d (%s)" % (r["rescued"], r["fc_gave_up"], pct(r["rescued_share"])),
            )
        )
        lines.append(
            "%-5s %-9s %7s  %8s  %9s  %6s  %6s  %11s"
            % (
                "",
                "fc-solve",
                pct(f["decided"]),
                pct(f["won"]),
                ms(f["seconds"]["median"]),
                ms(f["seconds"]["p95"]),
                ms(f["seconds"]["max"]),
                f["length_median_both_won"] if f["length_median_both_won"] is not None else "-",
            )
        )
        lines.append(
            "%-5s %-9s CPU ms: median %s, p95 %s, max %s; within 1 s: %s; median line over all our wins: %s"
            % (
                "",
                "ours",
                ms(o["cpu_seconds"]["median"]),
                ms(o["cpu_seconds"]["p95"]),
                ms(o["cpu_seconds"]["max"]),
                pct(o["within_1s"]),
                o["length_median_all_wins"],
            )
        )
        if r["short"]:
            sh = r["short"]
            lines.append(
                "%-5s %-9s %7s  %8s  %9s  %6s  %6s  %11s   (--improve: CPU ms median %s, max %s)"
                % (
                    "",
                    "ours+",
                    "",
                    "",
                    ms(sh["seconds"]["median"]),
                    ms(sh["seconds"]["p95"]),
                    ms(sh["seconds"]["max"]),
                    sh["length_median_both_won"] if sh["length_median_both_won"] is not None else "-",
                    ms(sh["cpu_seconds"]["median"]),
                    ms(sh["cpu_seconds"]["max"]),
                )
            )
    lines.append("* over the deals both solvers won; moves in move notation (design §5), foundation moves included")
    lines.append("rescued: deals fc-solve did not win (lost or timed out) that ours proves winnable")
    return "\n".join(lines)


def cell_list(text):
    return [int(c) for c in text.split(",")]


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=300, help="deals per cell count")
    parser.add_argument("--cells", type=cell_list, default=[4, 2, 1], help="cell counts, e.g. 4,2,1")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--fc-timeout", type=float, default=10.0, help="seconds fc-solve may take per deal")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds our solver may take per deal")
    parser.add_argument("--improve", type=int, default=2000, help="extra positions for a shorter line")
    parser.add_argument("--json", metavar="FILE", help="write the figures here too")
    return vars(parser.parse_args(argv))


def main(argv):
    if FC_SOLVE is None:
        sys.exit("bench/solver.py: fc-solve is not installed (Debian package freecell-solver-bin)")
    opts = parse(argv)
    numbers = deal_numbers(opts["count"], seed=opts["seed"])
    jobs = []
    for cells in opts["cells"]:
        for k in numbers:
            jobs.append(("ours", cells, k, opts["budget"]))
            jobs.append(("fc", cells, k, opts["fc_timeout"]))
            if opts["improve"]:
                jobs.append(("short", cells, k, (opts["budget"], opts["improve"])))
    results = {}
    t0 = time.perf_counter()
    import multiprocessing

    with multiprocessing.Pool(opts["jobs"]) as pool:
        for done, (kind, cells, number, row) in enumerate(pool.imap_unordered(work, jobs, chunksize=2), 1):
            results[(kind, cells, number)] = row
            if done % 100 == 0:
                sys.stderr.write("\r%d/%d" % (done, len(jobs)))
                sys.stderr.flush()
    sys.stderr.write("\r")
    sys.stderr.flush()
    wall = time.perf_counter() - t0
    reports = []
    for cells in opts["cells"]:
        ours = {k: results[("ours", cells, k)] for k in numbers}
        fc = {k: results[("fc", cells, k)] for k in numbers}
        short = {k: results[("short", cells, k)] for k in numbers} if opts["improve"] else None
        reports.append(report(cells, numbers, ours, fc, short))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    print(
        "%d deals per cell count (seed %d), %d processes, fc-solve timeout %g s, wall %.0f s, load average %s"
        % (opts["count"], opts["seed"], opts["jobs"], opts["fc_timeout"], wall, "-" if load is None else "%.1f" % load)
    )
    print(table(reports))
    if opts["json"]:
        with open(opts["json"], "w", encoding="utf-8") as f:
            json.dump({"options": opts, "reports": reports}, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
