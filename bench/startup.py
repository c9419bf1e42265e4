"""Start-up, tap and hint latency of the page in headless Chromium.

Measures navigation → body[data-ready] cold (a new browser profile each run),
warm (a reload: HTTP cache) and on a return visit (served by the service
worker once it has taken over), the bytes transferred before ready, tap → next
painted frame while the solver's worker starts and once it is ready, and Hint
on a fresh 4-cell deal → the hint shown. For scale, the same run times a page
that only starts PyScript + MicroPython and marks itself ready: the floor no
page built on them can go below on this machine.
Run after `make build`: python3 bench/startup.py [--runs N]
"""

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]
import chromium  # noqa: E402
from serve import make_server  # noqa: E402

from seahaven import Game  # noqa: E402
from seahaven.solver import solve  # noqa: E402

READY_MS = """() => performance.getEntriesByType('mark').find(m => m.name === 'page-ready')?.startTime
  ?? performance.now()"""
BYTES_BEFORE_READY = """(ready) => {
  const nav = performance.getEntriesByType('navigation')[0];
  let total = nav ? nav.transferSize : 0;
  const heavy = [];
  for (const e of performance.getEntriesByType('resource')) {
    if (e.responseEnd <= ready) total += e.transferSize;
    if (/pyodide/.test(e.name) && e.startTime < ready) heavy.push(e.name);
  }
  return [total, heavy];
}"""
HINT_PROBE = """() => new Promise((resolve) => {
  const start = performance.now();
  const seen = () => document.body.dataset.hint ? resolve(performance.now() - start) : requestAnimationFrame(seen);
  document.querySelector('[data-testid=hint]').click();
  seen();
})"""
TAP_PROBE = """() => {
  window.__tap = null;
  document.addEventListener('pointerup', (e) => {
    const start = e.timeStamp;
    requestAnimationFrame(() => (window.__tap = performance.now() - start));
  }, { once: true, capture: true });
}"""


def ace_deal():
    """A winnable deal with an ace on top (a lost position would open a dialog)."""
    for number in range(1000):
        game = Game.from_number(number, 4)
        for i, col in enumerate(game.position.cols):
            if col and col[-1] % 13 == 0 and solve(game).status == "winnable":
                return game, game.cards("t%d" % (i + 1))[-1]
    raise SystemExit("no winnable deal with an ace on top")


# PyScript + MicroPython and nothing else (bench/hello_floor/), served with the same vendor files.
HELLO = ROOT / "bench" / "hello_floor"


def hello_floor(p, exe, runs):
    """Cold and warm navigation → ready of HELLO, median over `runs`."""
    with tempfile.TemporaryDirectory() as root:
        (Path(root) / "static").symlink_to(ROOT / "static")
        for name in ("index.html", "ready.py"):
            shutil.copy(HELLO / name, Path(root) / name)
        server = make_server(0, root)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = "http://127.0.0.1:%d/" % server.server_address[1]
        cold, warm = [], []
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as profile:
                ctx = p.chromium.launch_persistent_context(profile, executable_path=exe, args=chromium.ARGS)
                page = ctx.new_page()
                page.goto(url)
                cold.append(wait_ready(page))
                page.reload()
                warm.append(wait_ready(page))
                ctx.close()
        server.shutdown()
    return cold, warm


def tap_times(page, ace, count):
    """Tap the ace home and undo, `count` times: pointerup → next frame, in ms."""
    taps = []
    for _ in range(count):
        box = page.locator("[data-card='%s']" % ace).bounding_box()
        page.evaluate(TAP_PROBE)
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 5)
        taps.append(page.wait_for_function("window.__tap").json_value())
        page.wait_for_timeout(300)
        page.get_by_test_id("undo").click()
        page.wait_for_timeout(200)
    return taps


def wait_ready(page):
    page.wait_for_selector("body[data-ready='1']", timeout=30000)
    return page.evaluate(READY_MS)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    server = make_server(0, ROOT)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d/" % server.server_address[1]
    game, ace = ace_deal()
    url = base + "#" + game.code
    exe = chromium.executable()
    cold, warm, back, taps, idle_taps, sizes, hints, worker_ready = [], [], [], [], [], [], [], []
    heavy_before_ready = set()
    with sync_playwright() as p:
        hello_cold, hello_warm = hello_floor(p, exe, args.runs)
        for _ in range(args.runs):
            profile = tempfile.mkdtemp()
            ctx = p.chromium.launch_persistent_context(profile, executable_path=exe, args=chromium.ARGS)
            page = ctx.new_page()
            page.goto(url)
            ready = wait_ready(page)
            cold.append(ready)
            size, heavy = page.evaluate(BYTES_BEFORE_READY, ready)
            sizes.append(size)
            heavy_before_ready.update(heavy)
            page.reload()
            warm.append(wait_ready(page))
            taps.extend(tap_times(page, ace, 5))  # the solver's worker is starting meanwhile
            page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=180000)
            worker_ready.append(page.evaluate("performance.getEntriesByName('solver-ready')[0].startTime"))
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120000)
            page.wait_for_timeout(500)
            page.goto("about:blank")
            page.goto(url)  # a return visit: the service worker serves every file
            back.append(wait_ready(page))
            page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=180000)
            page.wait_for_timeout(1000)
            idle_taps.extend(tap_times(page, ace, 10))
            for number in range(3):
                page.evaluate("(c) => location.hash = '#' + c",
                              Game.from_number(1000 + len(hints) + number, 4).code)
                page.wait_for_timeout(300)
                hints.append(page.evaluate(HINT_PROBE))
            ctx.close()
            shutil.rmtree(profile, ignore_errors=True)
    server.shutdown()

    def row(name, values, unit="ms", target=""):
        print("%-28s median %8.1f %s   min %8.1f   max %8.1f   %s" % (
            name, statistics.median(values), unit, min(values), max(values), target))

    print("runs: %d (cold = new profile, warm = reload)" % args.runs)
    row("navigation → ready, cold", cold, target="target ≤ 500 ms")
    row("navigation → ready, warm", warm, target="target ≤ 150 ms (reload, HTTP cache)")
    row("return visit (service worker)", back, target="target ≤ 150 ms")
    row("PyScript hello floor, cold", hello_cold, target="same machine, same run")
    row("PyScript hello floor, warm", hello_warm, target="same machine, same run")
    row("bytes before ready (cold)", [s / 1e6 for s in sizes], unit="MB", target="target ≤ 1 MB")
    row("tap → frame, worker starting", taps, target="target ≤ 16 ms")
    row("tap → frame, worker ready", idle_taps, target="target ≤ 16 ms")
    row("solver worker ready", worker_ready, target="after the board, never before")
    row("hint on a fresh 4-cell deal", hints, target="target ≤ 100 ms")
    print("Pyodide requested before ready: %s" % (sorted(heavy_before_ready) or "none"))


if __name__ == "__main__":
    main()
