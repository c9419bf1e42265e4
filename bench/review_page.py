"""The review of whole games on the page itself, in headless Chromium: the
solver's worker (MicroPython) computes it while the board stays responsive.

    python3 bench/review_page.py [--games 5] [--cells 4] [--throttle 1] [--json FILE]

Run after `make build`. The games are those of ``bench/review_games.json``
(about 100 moves each, see bench/review.py): ``--games`` won and as many lost
games of ``--cells`` cells. Each game is found in the browser's storage of a
fresh context (a fresh worker: par not known yet), opened, and once the solver
is ready its review is opened from the toolbar, as a player does. Measured
per game, from the page's performance marks:

- verdicts: Review pressed → every ply's verdict in (``review-start`` →
  ``review-verdicts``), the slices the page asks of the worker;
- total: → the review shown complete, with par (``review-done``);
- frame: the longest gap between two animation frames of the page meanwhile
  (the main thread only draws and asks; a long gap would be a frozen board).

``--throttle 4`` slows the page's CPU four times (a mid-range phone); the
solver's worker only about twice (bench/README.md), so four times
``bench/review.py``'s CPU times is the safer estimate of a phone. Target: a
100-move 4-cell game reviewed in ≤ 2 s (median), the slowest in ≤ 5 s, the
board staying responsive.
"""

import argparse
import json
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "bench")]
import chromium  # noqa: E402
from counting import serve  # noqa: E402
from startup import marks  # noqa: E402

from seahaven import Game  # noqa: E402

TARGET_SECONDS = 2.0
GAMES_FILE = ROOT / "bench" / "review_games.json"
SEED = """(items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); })(%s)"""
# The longest gap between two animation frames from now on, in ms (window.__gap).
FRAMES = """() => {
  window.__gap = 0;
  let last = performance.now();
  const frame = (now) => {
    window.__gap = Math.max(window.__gap, now - last);
    last = now;
    if (!performance.getEntriesByName('review-done').length) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}"""


def games(cells, count):
    with open(GAMES_FILE) as f:
        every = json.load(f)["games"]
    chosen = []
    for kind in ("won", "lost"):
        label = "%d cells %s" % (cells, kind)
        chosen += [(label, code, moves) for name, _, code, moves in every if name == label][:count]
    return chosen


def review_one(browser, base, code, moves, rate):
    """One game's review on a fresh page: (verdicts s, total s, longest frame gap ms)."""
    game = Game.from_code(code)
    for move in moves:
        game.play(move)
    saved = json.dumps({"v": 1, "game": game.save(), "elapsed": 60})
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        ctx.add_init_script(SEED % json.dumps({"seahaven.game": saved}))
        page = ctx.new_page()
        page.on("pageerror", lambda e: print("page error: %s" % e, file=sys.stderr))
        if rate != 1:
            ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.goto(base)
        page.wait_for_selector("body[data-ready='1']", timeout=60000)
        page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=120000)
        page.evaluate(FRAMES)
        page.get_by_test_id("review-open").click()
        at = marks(page, "review-done", timeout=120000)
        gap = page.evaluate("window.__gap")
        restarts = page.evaluate("performance.getEntriesByName('solver-restart').length")
        start = at["review-start"]
        return (at["review-verdicts"] - start) / 1000, (at["review-done"] - start) / 1000, gap, restarts
    finally:
        ctx.close()


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5, help="won games, and as many lost ones")
    parser.add_argument("--cells", type=int, default=4, choices=(4, 2, 1))
    parser.add_argument("--throttle", type=float, default=1, help="CPU slowdown of the page (4: a mid-range phone)")
    parser.add_argument("--json", help="write the rows to this file")
    args = parser.parse_args(argv)
    server, base = serve(ROOT / "_site")  # the site as `make build` writes it
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.executable(), args=chromium.ARGS)
        for label, code, moves in games(args.cells, args.games):
            verdicts, total, gap, restarts = review_one(browser, base, code, moves, args.throttle)
            rows.append({"game": label, "code": code, "moves": len(moves), "verdicts": verdicts, "total": total,
                         "frame_ms": gap, "restarts": restarts})
            print("%-13s %s %3d moves: verdicts %.2f s, with par %.2f s, longest frame %.0f ms, %d worker restarts"
                  % (label, code, len(moves), verdicts, total, gap, restarts), flush=True)
        browser.close()
    server.shutdown()
    print("CPU throttling ×%g" % args.throttle)
    for label in sorted({r["game"] for r in rows}):
        group = [r for r in rows if r["game"] == label]
        print("%-13s median verdicts %.2f s, with par %.2f s (max %.2f s), longest frame %.0f ms"
              % (label, statistics.median(r["verdicts"] for r in group), statistics.median(r["total"] for r in group),
                 max(r["total"] for r in group), max(r["frame_ms"] for r in group)))
    median = statistics.median(r["total"] for r in rows)
    print("all: median %.2f s with par: %s (target ≤ %.1f s)"
          % (median, "met" if median <= TARGET_SECONDS else "NOT met", TARGET_SECONDS))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1:])
