"""The solver's MicroPython worker in headless Chromium (bench/solver_worker/index.html).

    python3 bench/solver_worker.py [--runs 7] [--hints 5]

Run after ``make build`` (the page shares the engine's .mpy in static/vendor/mpy/
with the main thread; this script compiles only seahaven/solver.py into
bench/solver_worker/mpy/). The page's main thread starts MicroPython and the
engine as the game does; once it is ready, PyScript's ``MPWorker`` starts the
solver's worker. Each run, in a new browser profile (cold), then reloaded
(warm, HTTP cache), measures:

- navigation → main thread ready, → worker answering (its first ``ping``), and
  worker start → answering;
- what the server sent: requests and bytes per file (``micropython.wasm`` must
  be fetched once for both interpreters);
- a hint (``solve(text, 2)``, as the page asks) on ``--hints`` fresh 4-cell deals;
- a long search (the slowest 4-cell deal that bench/solver_micropython.py
  decides) and the worker's WebAssembly memory before and after it;
- cancelling a long search: 300 ms into it, terminate the worker and start a new
  one; terminate → new worker answering, and whether the abandoned call settles.

Served like GitHub Pages (``tools/serve.py``: files fresh for ten minutes).
"""

import argparse
import functools
import http.server
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "bench")]
import chromium  # noqa: E402
from serve import Handler  # noqa: E402
from solver_micropython import compile_mpy  # noqa: E402

from seahaven import Game  # noqa: E402
from seahaven.solver_cli import deal_numbers  # noqa: E402

PAGE = "bench/solver_worker/index.html"
SLOW = "SH1-C4-LXZGGW5"  # a 4-cell deal that takes MicroPython about 3 s: cancelled after 300 ms
LONG = "SH1-C4-625SENJ"  # the slowest of 2000 4-cell deals decided (bench/solver_micropython.py)
BUDGET = 2  # seconds, as the game's worker is asked


class Counter:
    """Requests and bytes the server answered, per path."""

    def __init__(self):
        self.lock = threading.Lock()
        self.hits = {}

    def add(self, path, size):
        with self.lock:
            count, total = self.hits.get(path, (0, 0))
            self.hits[path] = (count + 1, total + size)

    def take(self):
        with self.lock:
            hits, self.hits = self.hits, {}
        return hits


COUNTER = Counter()


class CountingHandler(Handler):
    """tools/serve.py's handler, counting what it sends."""

    def send_head(self):
        f = super().send_head()
        if f is not None:
            COUNTER.add(self.path.split("?")[0], os.fstat(f.fileno()).st_size)
        return f


def counting_server():
    handler = functools.partial(CountingHandler, directory=str(ROOT))
    return http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)


def load(page, url):
    page.goto(url)
    page.wait_for_selector("body[data-worker='ready']", state="attached", timeout=60000)
    marks = page.evaluate("bench.marks()")
    return {
        "main": marks["main-ready"],
        "answering": marks["worker-answering"],
        "boot": marks["worker-answering"] - marks["worker-start"],
        "ready_to_ping": marks["worker-answering"] - marks["worker-ready"],
        "loaded_from": page.evaluate("bench.loadedFrom()"),
    }


def one_run(p, url, numbers, slow_text):
    """Cold load, warm load, hints on the deals ``numbers``, one cancel: a dict of figures."""
    out = {}
    with tempfile.TemporaryDirectory() as profile:
        ctx = p.chromium.launch_persistent_context(profile, executable_path=chromium.executable(), args=chromium.ARGS)
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        requested = []
        ctx.on("request", lambda r: requested.append(r.url))
        COUNTER.take()
        out["cold"] = load(page, url)
        page.wait_for_timeout(300)
        out["sent_cold"] = COUNTER.take()
        out["runtime_requests"] = [u.rsplit("/", 1)[1] for u in requested if "/micropython/" in u]
        page.reload()
        out["warm"] = load(page, url)
        page.wait_for_timeout(300)
        out["sent_warm"] = COUNTER.take()
        out["hints"] = [page.evaluate("([t, b]) => bench.solve(t, b)", [Game.from_number(n, 4).to_text(), BUDGET])
                        for n in numbers]
        out["heap_before"] = page.evaluate("bench.memory()")
        out["long"] = page.evaluate("([t, b]) => bench.solve(t, b)", [Game.from_code(LONG).to_text(), 30])
        out["heap_after"] = page.evaluate("bench.memory()")
        out["cancel"] = page.evaluate("([t]) => bench.cancelAndRestart(t, 10, 300)", [slow_text])
        after = page.evaluate("([t, b]) => bench.solve(t, b)", [Game.from_number(7, 4).to_text(), BUDGET])
        if after["status"] != "winnable" or errors:
            sys.exit("the restarted worker did not answer: %r %r" % (after, errors))
        ctx.close()
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--hints", type=int, default=5)
    args = parser.parse_args()
    if not (ROOT / "static" / "vendor" / "mpy" / "seahaven" / "game.mpy").is_file():
        sys.exit("run `make build` first")
    compile_mpy(str(ROOT / "bench" / "solver_worker" / "mpy"), ["solver.py"])
    slow_text = Game.from_code(SLOW).to_text()
    numbers = iter(deal_numbers(args.runs * args.hints, seed=413))
    server = counting_server()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/%s" % (server.server_address[1], PAGE)
    with sync_playwright() as p:
        runs = [one_run(p, url, [next(numbers) for _ in range(args.hints)], slow_text) for _ in range(args.runs)]
    server.shutdown()

    def row(name, values, note=""):
        print("%-42s median %7.0f ms   min %7.0f   max %7.0f   %s"
              % (name, statistics.median(values), min(values), max(values), note))

    cold = [r["cold"] for r in runs]
    warm = [r["warm"] for r in runs]
    hints = [h for r in runs for h in r["hints"]]
    cancels = [r["cancel"] for r in runs]
    print("runs: %d (cold = new profile, warm = reload: HTTP cache); the solver loaded from %s"
          % (args.runs, cold[0]["loaded_from"]))
    row("navigation → main thread ready, cold", [r["main"] for r in cold])
    row("navigation → worker answering, cold", [r["answering"] for r in cold])
    row("worker start → answering, cold", [r["boot"] for r in cold])
    row("navigation → main thread ready, warm", [r["main"] for r in warm])
    row("navigation → worker answering, warm", [r["answering"] for r in warm])
    row("worker start → answering, warm", [r["boot"] for r in warm])
    row("MPWorker resolved → ping answered", [r["ready_to_ping"] for r in cold + warm])
    row("hint, fresh 4-cell deal (budget %d s)" % BUDGET, [h["ms"] for h in hints],
        "%d deals, %d winnable" % (len(hints), sum(1 for h in hints if h["status"] == "winnable")))
    row("long search, %s (%d nodes)" % (LONG, runs[0]["long"]["nodes"]), [r["long"]["ms"] for r in runs])
    print("the worker's WebAssembly memory: after the hints %s MB, after the long search %s MB"
          % (sorted({round(r["heap_before"][1]) for r in runs}), sorted({round(r["heap_after"][1]) for r in runs})))
    row("cancel: terminate → new worker answering", [c["restartMs"] for c in cancels],
        "abandoned call: %s" % sorted({c["late"] for c in cancels}))
    for name in ("cold", "warm"):
        sent = [r["sent_" + name] for r in runs]
        wasm = sorted({s.get("/static/vendor/micropython/micropython.wasm", (0, 0))[0] for s in sent})
        mjs = sorted({s.get("/static/vendor/micropython/micropython.mjs", (0, 0))[0] for s in sent})
        total = [sum(v[1] for v in s.values()) / 1e3 for s in sent]
        count = [sum(v[0] for v in s.values()) for s in sent]
        print("server, %s load: micropython.wasm sent %s time(s), micropython.mjs %s; %d requests, %.0f KB (median)"
              % (name, wasm, mjs, statistics.median(count), statistics.median(total)))
    print("requests the browser made for micropython.{mjs,wasm} on a cold load (page + worker): %s"
          % runs[0]["runtime_requests"])
    print("files sent on the first cold load:")
    for path, (n, size) in sorted(runs[0]["sent_cold"].items()):
        print("  %-60s %d × %6.1f KB" % (path, n, size / 1e3 / n))


if __name__ == "__main__":
    main()
