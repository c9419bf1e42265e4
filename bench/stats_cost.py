"""What the statistics cost a phone: moves played with a first day's
statistics stored and with five years of daily play, and the largest
statistics file the importer accepts.

    python3 bench/stats_cost.py [--runs 3] [--throttle 1 4] [--moves 8]

Run after `make build`; the site served is _site/. A phone's viewport (360 ×
740, touch), the CPU throttled through CDP (``Emulation.setCPUThrottlingRate``;
4 is a mid-range phone) beside unthrottled, the service worker blocked and the
solver's worker kept from starting (it has its own thread, and its start-up
would land among the moves). Per run, one fresh browser; the two cases of
stored statistics in turn, the order alternating run by run:

- the first day: no statistics stored;
- five years of daily play: every level's today's deal played and won every
  day for five years (as they were stored before old days were summarised:
  the record read back now holds what its bound keeps), with a full list of
  recent games, kinds of deal and deals played.

In each, ``--moves`` times: a tap that sends an ace home, then Undo by its key
(two moves, each drawn, counted and saved). Measured in a performance trace
of those moves: the main thread's own time per move (the thread time of its
tasks: what the throttled CPU spends, which other processes taking the
machine's cores do not add to), its tasks over 50 ms of thread time (long
tasks on a phone whatever else it runs) and the longest; and the long tasks
the page itself saw (``PerformanceObserver``, wall time: the machine's load
adds to them). Target: at ×4, no long task, and a move costs the same after
five years as on the first day (their difference within the run's noise).

Then the import of the largest file accepted (``MAX_FILE_BYTES``, or
``--file-bytes``, filled with days as an export writes them): from the file
chosen to the question, and from Replace to the statistics redrawn, the
longest task (thread time). ``--site DIR`` measures another build (a copy of
_site/, such as the one before a change).
"""

import argparse
import json
import random
import re
import statistics
import sys
import threading
import time
from datetime import date, timedelta
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "bench")]
import chromium  # noqa: E402
from counting import serve  # noqa: E402
from startup import PHONE, SETTLE_MS, SITE, ace_deal  # noqa: E402

NO_SOLVER = "window.requestIdleCallback = () => 0;"  # the solver's worker waits for this: never
READY = "document.body && document.body.dataset.ready === '1'"
LONG_TASKS = """() => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__long.push(entry.duration);
  }).observe({ type: 'longtask' });
}"""
# The file in window.chosen picked in the Statistics dialog's Import, as a file chooser does it.
CHOOSE = """() => {
  const input = document.querySelector('#stats-import-file');
  const files = new DataTransfer();
  files.items.add(window.chosen);
  input.files = files.files;
  input.dispatchEvent(new Event('change'));
}"""
TIERS = ("relaxed", "balanced", "tricky")
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"]


def storing(stats):
    """An init script that stores ``stats`` before the page's first load in a context."""
    text = json.dumps(json.dumps(stats))
    return ("if (location.protocol.startsWith('http') && !localStorage.getItem('seahaven.stats')) "
            "localStorage.setItem('seahaven.stats', %s);" % text)


def code(rng, cells):
    return "SH1-C%d-%s" % (cells, "".join(rng.choice(ALPHABET) for _ in range(7)))


def days_played(rng, cells, first, count):
    """``count`` days' results from ``first`` backwards, each won, as a page stores them."""
    days = {}
    for i in range(count):
        par = rng.randrange(60, 110)
        days[(first - timedelta(days=i)).isoformat()] = {
            "code": code(rng, cells), "tier": TIERS[i % 3], "par": par, "won": True, "helped": False,
            "moves": par + rng.randrange(0, 40), "seconds": rng.randrange(180, 1800)}
    return days


def level(rng, cells, days):
    """A level with ``days`` of daily results and counts that hold them."""
    won = max(4000, len(days))
    recent = [{"result": ("won", "won", "lost", "helped")[i % 4], "seconds": None if i % 4 == 2 else 300 + i,
               "tier": TIERS[i % 3]} for i in range(50)]
    return {"played": won + 1500, "won": won, "helped": 100, "streak": 3, "bestStreak": 40, "bestScore": 640,
            "fastest": 150, "recent": recent,
            "tiers": {tier: {"played": 400, "won": 300} for tier in TIERS}, "daily": days}


def five_years(today):
    """The statistics of five years of daily play on every level."""
    rng = random.Random(5)
    levels = {str(cells): level(rng, cells, days_played(rng, cells, today - timedelta(days=1), 5 * 365))
              for cells in (4, 2, 1)}
    deals = {code(rng, 4): {"played": 1 + i % 3, "best": 80 + i % 30} for i in range(200)}
    return {"v": 1, "levels": levels, "current": None, "deals": deals}


def max_file_bytes():
    """The importer's limit, as static/js/stats/stats-file.js declares it."""
    source = (ROOT / "static" / "js" / "stats" / "stats-file.js").read_text()
    found = re.search(r"MAX_FILE_BYTES = ([\d *]+);", source)
    if not found:
        raise SystemExit("MAX_FILE_BYTES not found in stats-file.js")
    product = 1
    for factor in found.group(1).split("*"):
        product *= int(factor)
    return product


def largest_file(today, limit):
    """A statistics file as an export writes it, filled with days until one more would pass ``limit``."""
    rng = random.Random(7)
    levels = {str(cells): level(rng, cells, {}) for cells in (4, 2, 1)}
    data = {"kind": "seahaven-statistics", "v": 1, "exported": today.isoformat() + "T08:00:00.000Z", "levels": levels}
    text = json.dumps(data, indent=1)
    per_day = len(json.dumps(days_played(rng, 4, today, 2), indent=1)) // 2 + 8
    count = (limit - len(text)) // per_day // 3
    while True:
        for cells in (4, 2, 1):
            days = days_played(rng, cells, today - timedelta(days=1), count)
            levels[str(cells)].update(daily=days, won=max(4000, count), played=max(4000, count) + 1500)
        text = json.dumps(data, indent=1, ensure_ascii=False)
        if len(text.encode()) <= limit:
            return text
        count -= 20


class Phone:
    """A fresh browser on a phone's viewport."""

    def __init__(self, p):
        self.browser = p.chromium.launch(executable_path=chromium.executable(), args=chromium.ARGS)
        self.context = None

    def fresh(self, stats=None):
        """A new profile, with ``stats`` stored, its page blank."""
        if self.context:
            self.context.close()
        self.context = self.browser.new_context(**PHONE, service_workers="block")
        self.context.add_init_script(NO_SOLVER)
        if stats:
            self.context.add_init_script(storing(stats))
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: print("page error: %s" % e, file=sys.stderr))
        self.page.goto("about:blank")
        self.cdp = self.context.new_cdp_session(self.page)

    def throttle(self, rate):
        """Back to a blank page, then the CPU throttled at ``rate``."""
        self.page.goto("about:blank")
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})

    def record(self):
        """Start a performance trace of the page."""
        self.events, self.done = [], threading.Event()
        self.cdp.on("Tracing.dataCollected", lambda data: self.events.extend(data["value"]))
        self.cdp.on("Tracing.tracingComplete", lambda _: self.done.set())
        self.cdp.send("Tracing.start", {"traceConfig": {"includedCategories": CATEGORIES},
                                        "transferMode": "ReportEvents"})

    def tasks(self):
        """End the trace: the thread time (ms) of each task the page's main thread ran in it."""
        self.cdp.send("Tracing.end")
        while not self.done.wait(0.1):
            self.page.wait_for_timeout(50)
        names = {(e["pid"], e["tid"]): e["args"]["name"] for e in self.events
                 if e.get("ph") == "M" and e.get("name") == "thread_name"}
        # The page's renderer: the main thread that ran the page's scripts.
        script = next(e for e in self.events if e.get("name") in ("FunctionCall", "EventDispatch", "TimerFire"))
        main = (script["pid"], script["tid"])
        assert names.get(main) == "CrRendererMain", names.get(main)
        mine = (e for e in self.events if (e.get("pid"), e.get("tid")) == main and e.get("ph") == "X")
        runs = sorted((e for e in mine if e.get("name") == "RunTask"), key=lambda e: (e["ts"], -e["dur"]))
        tasks, end = [], 0
        for e in runs:  # each task once: not the RunTask a task runs within itself
            if e["ts"] >= end:
                tasks.append(e.get("tdur", e["dur"]) / 1e3)
                end = e["ts"] + e["dur"]
        return tasks

    def open(self, url):
        self.page.goto(url)
        self.page.wait_for_function(READY, timeout=120000)
        self.page.evaluate(LONG_TASKS)
        self.page.wait_for_timeout(SETTLE_MS)

    def centre(self, selector):
        box = self.page.locator(selector).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + min(10, box["height"] / 2)

    def close(self):
        self.browser.close()


def moves(phone, url, ace, count):
    """``count`` taps sending the ace home, each undone: {per_move (main thread ms), tasks (each
    task's thread time), seen (the page's own long tasks, wall time)}."""
    phone.open(url)
    x, y = phone.centre("[data-card='%s']" % ace)
    page = phone.page
    page.evaluate("window.__long.splice(0)")
    phone.record()
    for _ in range(count):
        page.touchscreen.tap(x, y)
        page.wait_for_timeout(400)
        page.keyboard.press("u")
        page.wait_for_timeout(400)
    tasks = phone.tasks()
    if page.evaluate("window.seahaven.page.state.view.moves") != 0:
        raise SystemExit("the taps and undos did not come back to the deal")
    return {"per_move": sum(tasks) / (2 * count), "tasks": tasks, "seen": page.evaluate("window.__long.splice(0)")}


def importing(phone, url, text):
    """The largest file chosen, then Replace: the long tasks of each step."""
    phone.open(url)
    page = phone.page
    page.locator("[data-testid=stats]").first.evaluate("(b) => b.click()")  # from the menu on a phone
    page.get_by_test_id("stats-dialog").wait_for(state="visible")
    # The file made in the page first: Playwright's own way of handing a page a file decodes it in
    # the page's main thread (about 400 ms at ×4 for 512 KB), which a file chooser never does.
    page.evaluate("text => { window.chosen = new File([text], 'big.json', {type: 'application/json'}); }", text)
    page.wait_for_timeout(500)
    phone.record()
    page.evaluate(CHOOSE)
    confirm = page.locator(".stats-import-confirm")
    error = page.get_by_test_id("stats-file-error")
    end = time.monotonic() + 120
    while not confirm.is_visible():
        if error.inner_text():
            raise SystemExit("the largest file was refused: %s" % error.inner_text())
        if time.monotonic() > end:
            raise SystemExit("the file was not read")
        page.wait_for_timeout(50)
    page.wait_for_timeout(300)
    read = phone.tasks()
    phone.record()
    page.evaluate("document.querySelector('[data-testid=stats-import-yes]').click()")  # not Playwright's actions
    page.wait_for_timeout(1500)
    return read, phone.tasks()


def longest(tasks):
    return "%.0f ms" % max(tasks) if tasks else "none"


def report(rate, out, record_chars):
    print("CPU throttling ×%g" % rate)
    for label, runs in out["moves"].items():
        per_move = [run["per_move"] for run in runs]
        tasks = [d for run in runs for d in run["tasks"]]
        seen = [d for run in runs for d in run["seen"]]
        print("  %-26s main thread per move: median %6.2f ms (runs %s); in %d moves: tasks over 50 ms %d, "
              "longest %s; long tasks seen (wall) %d, longest %s"
              % (label, statistics.median(per_move), " ".join("%.2f" % ms for ms in per_move),
                 sum(out["move_count"][label]), sum(d > 50 for d in tasks), longest(tasks), len(seen),
                 longest(seen)))
    first, later = ([run["per_move"] for run in out["moves"][k]] for k in out["moves"])
    print("  %-26s %+.2f ms per move (five years − first day, median of the runs' differences)"
          % ("difference", statistics.median(b - a for a, b in zip(first, later))))
    if "stored" in out:
        print("  %-26s %s characters stored after the moves (%s before)" % (
            "five years' record", " ".join(str(n) for n in out["stored"]), record_chars))
    for step, name in (("read", "the file read"), ("replaced", "Replace")):
        tasks = [d for run in out[step] for d in run]
        if out[step]:
            print("  import of the largest file, %-14s tasks over 50 ms %d in %d runs, longest %s" % (
                name, sum(d > 50 for d in tasks), len(out[step]), longest(tasks)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--throttle", type=float, nargs="+", default=[1, 4])
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--site", default=str(SITE), help="the built site to serve (default: _site/)")
    parser.add_argument("--file-bytes", type=int, help="the size of the file imported (default: MAX_FILE_BYTES)")
    args = parser.parse_args()
    server, base = serve(Path(args.site))
    game, ace = ace_deal()
    url = base + "#" + game.code
    today = date.today()
    years = five_years(today)
    record_chars = len(json.dumps(years, separators=(",", ":")))
    big = largest_file(today, args.file_bytes or max_file_bytes())
    print("five years of daily play: %d characters stored; largest file accepted: %d bytes" % (
        record_chars, len(big.encode())))
    cases = [("first day", None), ("five years of daily play", years)]
    with sync_playwright() as p:
        for rate in args.throttle:
            out = {"moves": {label: [] for label, _ in cases}, "move_count": {label: [] for label, _ in cases},
                   "read": [], "replaced": [], "stored": []}
            for run in range(args.runs):
                phone = Phone(p)
                for label, stats in (cases if run % 2 == 0 else cases[::-1]):
                    phone.fresh(stats)
                    phone.open(url)  # fills the HTTP cache; the next load is a return visit
                    phone.throttle(rate)
                    out["moves"][label].append(moves(phone, url, ace, args.moves))
                    out["move_count"][label].append(2 * args.moves)
                    if stats:
                        out["stored"].append(phone.page.evaluate("localStorage.getItem('seahaven.stats').length"))
                phone.fresh()
                phone.open(url)
                phone.throttle(rate)
                read, replaced = importing(phone, url, big)
                out["read"].append(read)
                out["replaced"].append(replaced)
                phone.close()
            report(rate, out, record_chars)
    server.shutdown()


if __name__ == "__main__":
    main()
