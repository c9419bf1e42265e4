"""The day's deal as the page asks for it: MicroPython (the page's build, in Node) and CPython.

    python3 bench/daily.py [--first 2026-12-01] [--days 28] [--cells 4,2,1] [--json FILE]

For ``--days`` consecutive days from ``--first``, and as many days ten years
later (beyond the table of days found ahead, ``seahaven/daily_table.py``),
each cell count's deal with its par, as the solver's worker answers the
page's Today button (``web/solver_worker.py``'s ``daily``): looked up for a
listed day, else found by grading candidates, then par worked out.

Times are CPU time of the solving process (the machine is shared; a
process's CPU time is its time on a core of its own): MicroPython reads
Node's ``process.cpuUsage`` through its ``js`` module, CPython its own
``time.process_time``. "×4" is four times MicroPython's time, a CPU four
times slower (a mid-range phone, as Chromium's CPU throttling ×4). Target:
any date, any cell count, within 1 s at ×4. Both runtimes must give the
same deals and pars.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from seahaven import daily  # noqa: E402
from seahaven.cli.survey import percentile  # noqa: E402

PHONE = 4
TARGET_MS = 1000
LATER = 3653  # days: ten years on, beyond the table

SCRIPT = """
import json
try:
    import js

    def cpu():
        used = js.process.cpuUsage()
        return (used.user + used.system) / 1000
except ImportError:
    import time

    def cpu():
        return time.process_time() * 1000
from seahaven import daily
for y, m, d in %(dates)r:
    for cells in %(cells)r:
        t0 = cpu()
        found = daily.daily(y, m, d, cells)
        t1 = cpu()
        par = found.par
        print(json.dumps([cells, found.date, found.code, found.tier, found.tried, found.listed, par,
                          t1 - t0, cpu() - t1]))
"""



def run(dates, cells, micropython):
    """Rows [cells, date, code, tier, tried, listed, par, deal ms, par ms] from one runtime."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "daily_bench.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write(SCRIPT % {"dates": dates, "cells": cells})
        if micropython:
            args = [shutil.which("node") or "node", os.path.join(ROOT, "tools", "mpy_run.mjs"), path]
            env = None
        else:
            args = [sys.executable, path]
            env = dict(os.environ, PYTHONPATH=ROOT)
        out = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, env=env, timeout=7200)
    if out.returncode:
        sys.exit("%s failed: %s" % ("MicroPython" if micropython else "CPython", out.stderr[-2000:]))
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("[")]


def summary(rows):
    total = [r[7] + r[8] for r in rows]
    return {"days": len(rows), "listed": sum(1 for r in rows if r[5]), "median_ms": percentile(total, 0.5),
            "max_ms": max(total), "deal_max_ms": max(r[7] for r in rows), "par_max_ms": max(r[8] for r in rows),
            "slowest": max(rows, key=lambda r: r[7] + r[8])[1:5]}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", default="2026-12-01")
    parser.add_argument("--days", type=int, default=28)
    parser.add_argument("--cells", type=lambda text: [int(c) for c in text.split(",")], default=[4, 2, 1])
    parser.add_argument("--json", metavar="FILE")
    opts = parser.parse_args(argv)
    first = daily.day_number(*daily.parse_date(opts.first))
    sets = {"from " + opts.first: [daily.date_of(first + k) for k in range(opts.days)],
            "ten years on": [daily.date_of(first + LATER + k) for k in range(opts.days)]}
    started = time.perf_counter()
    report = {}
    for name, dates in sets.items():
        mp = run(dates, opts.cells, True)
        cp = run(dates, opts.cells, False)
        if [r[:7] for r in mp] != [r[:7] for r in cp]:
            sys.exit("MicroPython and CPython give different deals or pars for " + name)
        for cells in opts.cells:
            report["%s, %d cells" % (name, cells)] = {
                "micropython": summary([r for r in mp if r[0] == cells]),
                "cpython": summary([r for r in cp if r[0] == cells]),
            }
    print("the day's deal with its par, %d days each (wall %.0f s); CPU ms"
          % (opts.days, time.perf_counter() - started))
    print("%-32s %6s  %22s  %16s  %18s"
          % ("days", "listed", "MicroPython median/max", "×4 max", "CPython median/max"))
    for name, r in report.items():
        m, c = r["micropython"], r["cpython"]
        x4 = PHONE * m["max_ms"]
        print("%-32s %3d/%-3d %10.0f / %-8.0f %9.0f %-6s %9.1f / %.0f"
              % (name, m["listed"], m["days"], m["median_ms"], m["max_ms"], x4, "ok" if x4 <= TARGET_MS else "MISS",
                 c["median_ms"], c["max_ms"]))
        print("%32s slowest: %s %s %s (%d candidates)" % ("", *m["slowest"]))
    if opts.json:
        with open(opts.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
