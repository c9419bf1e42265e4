"""Deal difficulty survey: the player model against the grade's cheap predictor.

    nice -n 10 python3 bench/grade.py [--count 2000] [--cells 4,2,1] [--seed 16]
        [--stability 150] [--mpy 30] [--days 7] [--state FILE] [--json FILE]

For each cell count, deal numbers drawn from ``--seed`` (SplitMix64, as
everywhere) are graded (``seahaven.grade.grade_deal``: the solver with its
node budget, then the quick games) until ``--count`` of them are winnable.
Every winnable deal is then played ``player.PLAYS`` times by the player model
(``seahaven.player``); its loss rate is the deal's measured difficulty. One
process; run it under ``nice``. ``--state FILE`` keeps the rows as they come,
so an interrupted survey resumes where it stopped.

Reported per cell count:

- the share of winnable deals among those tried;
- Spearman's rho between the predictor and the loss rate, with a bootstrap
  95 % interval, and the rho of each of its parts (solver effort alone, quick
  games alone);
- the loss rate's stability: rho between the loss rates of plays 0-7 and
  8-15 of every deal, stepped up to 16 plays (Spearman-Brown); and, for the
  first ``--stability`` deals, rho between two disjoint sets of 16 plays;
- the predictor's thirds (where BOUNDARIES should lie), the tier shares
  under the BOUNDARIES in the code, and the mean loss rate per tier;
- the time to grade a deal on CPython (CPU), and on MicroPython (the page's
  runtime, through ``node tools/mpy_run.mjs``) for the first ``--mpy``
  winnable deals, whose tiers must match CPython's; and the time to find
  the daily deal of ``--days`` consecutive days under both (``daily.find``,
  grading candidates: the days the table lists are looked up instead, which
  ``bench/daily.py`` measures as the page asks).

Last run (2026-12-03, seed 16, 2000 winnable deals per cell count, a shared
2-core machine under heavy load: about 15 min of CPU, 70 min of wall time):

    cells  winnable  rho (95 %)            effort  quick  split-half  16 vs 16  mean loss by tier
    4      92.3 %    0.693 (0.667-0.716)   0.608   0.598  0.957       0.972     0.17 / 0.60 / 0.85
    2      15.1 %    0.576 (0.548-0.608)   0.528   0.485  0.952       0.959     0.44 / 0.80 / 0.94
    1       2.1 %    0.593 (0.560-0.624)   0.546   0.498  0.954       0.979     0.45 / 0.84 / 0.95

    cells  grade CPython (median/p90)  MicroPython (median/p90/max)  daily deal, a week, MicroPython (median/max)
    4      8.2 / 16.6 ms               79 / 140 / 1149 ms            0.17 / 2.1 s
    2      5.9 / 12.8 ms               39 / 94 / 109 ms              0.40 / 1.8 s
    1      5.1 / 10.4 ms               56 / 122 / 216 ms             1.5 / 4.7 s (63 to 402 candidates)
"""

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from seahaven import daily, deal, grade, player  # noqa: E402
from seahaven.cli.rank_correlation import pearson, spearman  # noqa: E402
from seahaven.solver import WINNABLE  # noqa: E402

STABILITY_PLAYS = 2 * player.PLAYS  # plays of the deals in the stability sample
FIRST_DAY = (2026, 12, 21)  # a Monday: a week from here shows every tier


def numbers(seed):
    """An endless reproducible stream of deal numbers."""
    state = seed
    while True:
        state, out = deal.splitmix64(state)
        yield out % deal.DEAL_LIMIT


def cpu():
    return time.process_time()


def survey_cells(cells, count, seed, stability, saved, save):
    """Rows of ``count`` winnable deals (resuming from ``saved``), and the tally of the others."""
    rows = saved.get("rows", [])
    tried = saved.get("tried", 0)
    others = saved.get("others", {})
    stream = numbers(seed)
    for _ in range(tried):
        next(stream)
    t0 = time.perf_counter()
    while len(rows) < count:
        number = next(stream)
        tried += 1
        c0 = cpu()
        g = grade.grade_deal(cells, number)
        seconds = cpu() - c0
        if g.status != WINNABLE:
            others[g.status] = others.get(g.status, 0) + 1
            continue
        plays = STABILITY_PLAYS if len(rows) < stability else player.PLAYS
        c0 = cpu()
        wins = [1 if player.play(number, cells, player.play_seed(number, cells, i))[0] else 0 for i in range(plays)]
        rows.append({
            "number": number,
            "nodes": g.nodes,
            "quick_lost": g.slips,
            "grade_cpu": seconds,
            "play_cpu": (cpu() - c0) / plays,
            "wins": wins,
        })
        if len(rows) % 100 == 0:
            sys.stderr.write("\r%d cells: %d/%d winnable deals, %d tried, %.0f s" % (
                cells, len(rows), count, tried, time.perf_counter() - t0))
            sys.stderr.flush()
            save({"rows": rows, "tried": tried, "others": others})
    sys.stderr.write("\n")
    state = {"rows": rows, "tried": tried, "others": others}
    save(state)
    return state


def percentile(values, fraction):
    data = sorted(values)
    return data[min(len(data) - 1, int(fraction * len(data)))]


def loss(row, first=0, plays=None):
    wins = row["wins"][first:first + (plays or player.PLAYS)]
    return 1 - sum(wins) / len(wins)


def bootstrap(xs, ys, rounds=300, seed=1):
    """A 95 % interval of Spearman's rho by resampling deals ((None, None) if it cannot be had)."""
    rng = random.Random(seed)
    n = len(xs)
    values = []
    for _ in range(rounds):
        pick = [rng.randrange(n) for _ in range(n)]
        rho = spearman([xs[k] for k in pick], [ys[k] for k in pick])
        if rho is not None:
            values.append(rho)
    values.sort()
    if not values:
        return None, None
    return values[int(0.025 * len(values))], values[max(0, int(0.975 * len(values)) - 1)]


def thirds(values):
    data = sorted(values)
    return data[len(data) // 3], data[2 * len(data) // 3]


def figures(cells, state):
    rows = state["rows"]
    n = len(rows)
    tried = state["tried"]
    losses = [loss(r) for r in rows]
    # From the parts, so that a change of the predictor's formula or of the
    # boundaries needs no new survey.
    predictors = [grade.predictor(r["nodes"], r["quick_lost"]) for r in rows]
    tier_of = [grade.tier_of(cells, p) for p in predictors]
    half = player.PLAYS // 2
    halves = ([loss(r, 0, half) for r in rows], [loss(r, half, half) for r in rows])
    half_rho = spearman(*halves)
    stable = [r for r in rows if len(r["wins"]) >= STABILITY_PLAYS]
    tiers = {}
    for t in grade.TIERS:
        chosen = [losses[k] for k in range(n) if tier_of[k] == t]
        tiers[t] = {"share": len(chosen) / n, "mean_loss": sum(chosen) / len(chosen) if chosen else None}
    grade_cpu = [r["grade_cpu"] for r in rows]
    return {
        "cells": cells,
        "winnable_deals": n,
        "tried": tried,
        "winnable_share": n / tried,
        "others": state["others"],
        "plays": player.PLAYS,
        "loss": {
            "mean": sum(losses) / n,
            "always_won": sum(1 for x in losses if x == 0) / n,
            "always_lost": sum(1 for x in losses if x == 1) / n,
        },
        "rho": spearman(predictors, losses),
        "rho_interval": bootstrap(predictors, losses),
        "rho_solver_effort": spearman([r["nodes"] for r in rows], losses),
        "rho_quick_games": spearman([r["quick_lost"] for r in rows], losses),
        "stability": {
            "split_half_rho": half_rho,
            "split_half_pearson": pearson(*halves),
            "spearman_brown_16": None if half_rho is None else 2 * half_rho / (1 + half_rho),
            "mean_abs_difference_8_vs_8": sum(abs(a - b) for a, b in zip(*halves)) / n,
            "deals_16_vs_16": len(stable),
            "rho_16_vs_16": spearman([loss(r, 0) for r in stable], [loss(r, player.PLAYS) for r in stable])
            if stable else None,
            "mean_abs_difference_16_vs_16": sum(abs(loss(r, 0) - loss(r, player.PLAYS)) for r in stable) / len(stable)
            if stable else None,
        },
        "thirds": thirds(predictors),
        "boundaries": grade.BOUNDARIES[cells],
        "tiers": tiers,
        "grade_cpu": {"median": percentile(grade_cpu, 0.5), "p90": percentile(grade_cpu, 0.9), "max": max(grade_cpu)},
        "play_cpu_median": percentile([r["play_cpu"] for r in rows], 0.5),
    }


# -- MicroPython ------------------------------------------------------------

MPY_SCRIPT = """
import json
from seahaven import daily, grade
from seahaven.solver.clock import now
for cells, number in %(deals)r:
    t0 = now()
    g = grade.grade_deal(cells, number)
    print(json.dumps(["grade", cells, number, g.tier, g.predictor, now() - t0]))
for y, m, d in %(dates)r:
    for cells in %(cells)r:
        t0 = now()
        x = daily.find(y, m, d, cells)
        print(json.dumps(["daily", cells, x.date, x.code, x.tier, x.tried, now() - t0]))
"""


def run_micropython(deals, dates, cells):
    """Lines printed by MPY_SCRIPT under MicroPython, and the CPU seconds node used."""
    node = shutil.which("node")
    if node is None or not os.path.isdir(os.path.join(ROOT, "node_modules", "@micropython")):
        return None, None
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "grade_mpy.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write(MPY_SCRIPT % {"deals": deals, "dates": dates, "cells": cells})
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        result = subprocess.run([node, os.path.join(ROOT, "tools", "mpy_run.mjs"), path],
                                capture_output=True, text=True, cwd=ROOT, timeout=3600)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode:
        raise SystemExit("MicroPython run failed: %s" % result.stderr[-2000:])
    used = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("[")], used


def dates(count):
    first = daily.day_number(*FIRST_DAY)
    out = []
    for k in range(count):
        out.append(daily.date_of(first + k))
    return out


def page_runtime(states, cells_list, sample, days):
    """Grade and daily times on MicroPython, next to CPython's, all in CPU seconds.

    MicroPython's clock inside node is wall time, which the machine's other
    load stretches. So each daily deal runs in a node process of its own and
    counts node's CPU time less its start-up (an empty run); the grades of a
    cell count share one process, whose CPU time scales their clock times.
    """
    if run_micropython([], [], [])[0] is None:
        return None
    start = min(run_micropython([], [], [])[1] for _ in range(2))
    day_list = dates(days)
    out = {"deals": 0, "tiers_match": True, "start_cpu": start, "grade": {}, "daily": {}}
    for cells in cells_list:
        rows = states[cells]["rows"][:sample]
        lines, used = run_micropython([(cells, r["number"]) for r in rows], [], [])
        wall = sum(line[5] for line in lines)
        scale = (used - start) / wall if wall > 0 else 1.0
        times = [line[5] * scale for line in lines]
        expected = {r["number"]: grade.tier_of(cells, grade.predictor(r["nodes"], r["quick_lost"])) for r in rows}
        out["deals"] += len(lines)
        if any(expected[line[2]] != line[3] for line in lines):
            out["tiers_match"] = False
        out["grade"][cells] = {
            "median": percentile(times, 0.5),
            "p90": percentile(times, 0.9),
            "max": max(times),
            "ratio_to_cpython": sum(times) / sum(r["grade_cpu"] for r in rows),
        }
        found = []
        for date in day_list:
            (line,), used = run_micropython([], [date], [cells])
            c0 = cpu()
            x = daily.find(date[0], date[1], date[2], cells)
            found.append((line, max(0.0, used - start), cpu() - c0, x.code))
        out["daily"][cells] = {
            "dates": [f[0][2] for f in found],
            "tiers": [f[0][4] for f in found],
            "candidates": [f[0][5] for f in found],
            "mpy_seconds": [f[1] for f in found],
            "cpython_seconds": [f[2] for f in found],
            "same_codes": all(f[0][3] == f[3] for f in found),
        }
    return out


# -- report -------------------------------------------------------------------

def ms(x):
    return "%.1f" % (1000 * x) if x < 0.1 else "%.0f" % (1000 * x)


def num(x):
    return "-" if x is None else "%.3f" % x


def seconds(values):
    return "median %.2f s, max %.2f s" % (percentile(values, 0.5), max(values))


def report(figs, mpy):
    lines = []
    for f in figs:
        s = f["stability"]
        loss = f["loss"]
        lines.append("%d cell%s: %d winnable deals of %d tried (%.1f %%)" % (
            f["cells"], "" if f["cells"] == 1 else "s", f["winnable_deals"], f["tried"], 100 * f["winnable_share"]))
        lines.append("  player model, %d games a deal: loses %.2f on average; always wins %.0f %% of the deals, "
                     "always loses %.0f %%" % (f["plays"], loss["mean"], 100 * loss["always_won"],
                                              100 * loss["always_lost"]))
        lines.append("  Spearman rho, predictor vs loss rate: %s (95 %% %s to %s); solver effort alone %s, "
                     "quick games alone %s" % (num(f["rho"]), num(f["rho_interval"][0]), num(f["rho_interval"][1]),
                                               num(f["rho_solver_effort"]), num(f["rho_quick_games"])))
        lines.append("  stability: games 0-7 vs 8-15 rho %s (mean |difference| %.3f), Spearman-Brown for 16 games "
                     "%s" % (num(s["split_half_rho"]), s["mean_abs_difference_8_vs_8"], num(s["spearman_brown_16"])))
        if s["deals_16_vs_16"]:
            lines.append("  stability: two sets of 16 games over %d deals rho %s (mean |difference| %.3f)" % (
                s["deals_16_vs_16"], num(s["rho_16_vs_16"]), s["mean_abs_difference_16_vs_16"]))
        lines.append("  tiers with BOUNDARIES %r: %s" % (tuple(f["boundaries"]), ", ".join(
            "%s %.1f %% (mean loss %s)" % (grade.TIER_NAMES[t], 100 * v["share"],
                                           "-" if v["mean_loss"] is None else "%.2f" % v["mean_loss"])
            for t, v in f["tiers"].items())))
        lines.append("  the survey's thirds of the predictor lie at %r" % (tuple(f["thirds"]),))
        g = f["grade_cpu"]
        lines.append("  grade, CPython CPU: median %s ms, p90 %s ms, max %s ms (a game of the player model: %s ms)" % (
            ms(g["median"]), ms(g["p90"]), ms(g["max"]), ms(f["play_cpu_median"])))
        if mpy:
            m = mpy["grade"][f["cells"]]
            d = mpy["daily"][f["cells"]]
            lines.append("  grade, MicroPython: median %s ms, p90 %s ms, max %s ms (%.1f x CPython)" % (
                ms(m["median"]), ms(m["p90"]), ms(m["max"]), m["ratio_to_cpython"]))
            lines.append("  daily deal, %s to %s: MicroPython %s, CPython %s; candidates %s; tiers %s; "
                         "same codes: %s" % (d["dates"][0], d["dates"][-1], seconds(d["mpy_seconds"]),
                                             seconds(d["cpython_seconds"]), d["candidates"], " ".join(d["tiers"]),
                                             d["same_codes"]))
    if mpy:
        lines.append("MicroPython: %d deals graded, the same tiers as CPython: %s; times are CPU seconds, less node's "
                     "start-up (%.2f s)" % (mpy["deals"], mpy["tiers_match"], mpy["start_cpu"]))
    return "\n".join(lines)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--cells", default="4,2,1")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--stability", type=int, default=150)
    parser.add_argument("--mpy", type=int, default=30, help="deals per cell count graded on MicroPython (0: none)")
    parser.add_argument("--days", type=int, default=7, help="daily deals computed on MicroPython (0: none)")
    parser.add_argument("--state")
    parser.add_argument("--json")
    opts = parser.parse_args(argv)
    cells_list = [int(c) for c in opts.cells.split(",")]
    saved = {}
    if opts.state and os.path.exists(opts.state):
        with open(opts.state, encoding="utf-8") as f:
            saved = json.load(f)
    key = "seed %d" % opts.seed
    saved = saved if saved.get("key") == key else {"key": key}

    def save(cells):
        def write(state):
            saved[str(cells)] = state
            if opts.state:
                with open(opts.state + ".tmp", "w", encoding="utf-8") as f:
                    json.dump(saved, f)
                os.replace(opts.state + ".tmp", opts.state)
        return write

    t0 = time.perf_counter()
    states = {}
    for cells in cells_list:
        states[cells] = survey_cells(cells, opts.count, opts.seed + cells, opts.stability, saved.get(str(cells), {}),
                                     save(cells))
    figs = [figures(cells, states[cells]) for cells in cells_list]
    mpy = page_runtime(states, cells_list, opts.mpy, opts.days) if opts.mpy and opts.days else None
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    print("difficulty survey: seed %d, %d winnable deals per cell count, wall %.0f s, load average %s" % (
        opts.seed, opts.count, time.perf_counter() - t0, "-" if load is None else "%.1f" % load))
    print(report(figs, mpy))
    if opts.json:
        with open(opts.json, "w", encoding="utf-8") as f:
            json.dump({"figures": figs, "micropython": mpy}, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
