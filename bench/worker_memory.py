"""The solver worker's memory as the page reads it, against its WebAssembly memory.

    python3 bench/worker_memory.py [--json FILE]

Runs the build's worker (``make build`` first) under the page's MicroPython in
Node (``bench/worker_memory.mjs``), calling its functions one at a time as the
page does: the hints of a game's first positions, a search that runs into its
3 s budget, a decided search of about a second, the grade the New game
dialog asks for a kind of deal, and more hints. After each call it shows what
``memory()`` says (``used``: the heap in use; ``grown``: how far the heap has
grown past its start at its largest), what ``memory()`` read before this
change (the heap's span now, with MicroPython's room for one more area, as a
difference from its start) and the WebAssembly memory's growth since the
start, which is what the worker keeps of the phone's memory. Target: ``grown``
is never below the WebAssembly memory's growth (the page's limit, 40 MB of
it, then replaces the worker), whatever the reading before says.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from seahaven import Game  # noqa: E402

DRIVER = os.path.join(ROOT, "bench", "worker_memory.mjs")
GAME = "SH1-C4-AAAAAJ2"


def workload():
    """[(label, name, args)]: the calls of a session, as the page makes them (a hint's
    solve takes the worker's own budget, web/solver_worker.py BUDGET_SECONDS)."""
    game = Game.from_code(GAME)
    calls = []
    for move in game.legal_moves()[:3]:
        game.play(move)
        calls.append(("hint", "solve", {"text": game.to_text()}))
    calls.append(("hint, 3 s budget", "solve", {"text": Game.from_code("SH1-C4-3LK2JDH").to_text()}))
    calls.append(("hint, decided", "solve", {"text": Game.from_code("SH1-C4-LXZGGW5").to_text()}))
    calls.append(("grade", "grade", {"code": "SH1-C4-3LK2JDH"}))
    calls.append(("today's deal", "daily", {"date": "2031-03-04", "cells": 1}))
    for code in ("SH1-C4-AAAAAJ3", "SH1-C2-AAAAAJ4"):
        calls.append(("hint", "solve", {"text": Game.from_code(code).to_text()}))
    return calls


def run(calls):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump([[name, args] for _, name, args in calls], f)
    try:
        out = subprocess.run(["node", DRIVER, f.name], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    finally:
        os.unlink(f.name)
    return [json.loads(line[5:]) for line in out.splitlines() if line.startswith("CALL ")]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="write the rows to this file")
    args = parser.parse_args(argv)
    calls = workload()
    rows = run(calls)
    start = rows[0]
    mb = 1e6
    print("%-18s %7s %9s %9s %15s %12s" % ("call", "ms", "used MB", "grown MB", "reading before", "WebAssembly"))
    missed = 0
    for label, row in zip(["start"] + [label for label, _, _ in calls], rows):
        wasm = row["wasm"] - start["wasm"]
        reading = row["reading"] - start["reading"]
        missed = max(missed, wasm - reading)
        print("%-18s %7d %9.1f %9.1f %15.1f %12.1f" % (label, row["ms"], row["used"] / mb, row["grown"] / mb,
                                                        reading / mb, wasm / mb))
        assert row["grown"] >= wasm, "grown below the WebAssembly memory's growth"
    print("MB past the start; the reading before missed up to %.1f MB of the WebAssembly memory's growth"
          % (missed / mb))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
