"""The review of whole games on the page itself, in headless Chromium: the
solver's worker (MicroPython) computes it while the board stays responsive.

    python3 bench/review_page.py [--games 5] [--cells 4] [--throttle 1] [--phone] [--why]
                                 [--cpu] [--before DIR] [--json FILE]

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
  (the main thread only draws and asks; a long gap would be a frozen board);
- long frames: the frames that took over 50 ms meanwhile, as Chromium reports
  them (Long Animation Frames: from the first task of a frame to its
  rendering), how many and the longest; ``--why`` prints each with the
  scripts that ran in it; ``--cpu`` traces the review and gives each the time
  the page's main thread spent on the CPU in it, which the machine's other
  work does not lengthen (a shared machine's long frames are partly others').

``--before DIR`` reviews each game on another build of the site too (a copy
of _site/), the two in turn, which first alternating game by game.

``--throttle 4`` slows the page's CPU four times (a mid-range phone); the
solver's worker only about twice (bench/README.md), so four times
``bench/review.py``'s CPU times is the safer estimate of a phone. ``--phone``
opens the page as an upright phone (390 × 844, touch) rather than a 1280 ×
800 desktop. Targets: a 100-move 4-cell game reviewed in ≤ 2 s (median), the
slowest in ≤ 5 s; no frame over 50 ms at ×4 on a phone while the review's
rows draw (issue 41).
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
LONG_MS = 50
# From now until the review is done: the longest gap between two animation
# frames, in ms (window.__gap), and the long animation frames (window.__long):
# each one's duration and the scripts that ran in it.
FRAMES = """() => {
  window.__gap = 0;
  window.__long = [];
  const done = () => performance.getEntriesByName('review-done').length > 0;
  let last = performance.now();
  const frame = (now) => {
    window.__gap = Math.max(window.__gap, now - last);
    last = now;
    if (!done()) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const end = e.startTime + e.duration;
      window.__long.push({ start: e.startTime, ms: e.duration, scripts: e.scripts.map((s) =>
        `${Math.round(s.duration)} ms ${s.invoker} ${s.sourceFunctionName || ''} (${s.sourceURL.split('/').pop()})`),
        render: e.renderStart ? end - e.renderStart : 0,
        layout: e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0 });
    }
    if (done()) observer.disconnect();
  });
  observer.observe({ type: 'long-animation-frame' });
}"""
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


def games(cells, count):
    with open(GAMES_FILE) as f:
        every = json.load(f)["games"]
    chosen = []
    for kind in ("won", "lost"):
        label = "%d cells %s" % (cells, kind)
        chosen += [(label, code, moves) for name, _, code, moves in every if name == label][:count]
    return chosen


def thread_times(events, frames, mark_ms):
    """Each of ``frames`` (long animation frames, performance.now() ms) with the
    thread time the page's main thread spent in it (``cpu``, ms): its tasks'
    time on the CPU, which the machine's other work does not add to. The trace's
    clock is set against the page's by the ``review-start`` mark (``mark_ms``)."""
    mark = next(e for e in events if e.get("name") == "review-start" and e.get("ph") in ("R", "I", "n", "b"))
    offset = mark["ts"] - mark_ms * 1000
    main = {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name"
            and e.get("args", {}).get("name") == "CrRendererMain" and e["pid"] == mark["pid"]}
    tasks = [e for e in events if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X"
             and e.get("name") == "RunTask" and "tdur" in e]
    for frame in frames:
        start = frame["start"] * 1000 + offset
        end = start + frame["ms"] * 1000
        frame["cpu"] = sum(task["tdur"] * max(0, min(end, task["ts"] + task["dur"]) - max(start, task["ts"]))
                           / max(task["dur"], 1) for task in tasks) / 1000
    return frames


def review_one(browser, base, code, moves, rate, phone=False, cpu=False):
    """One game's review on a fresh page: (verdicts s, total s, longest frame gap ms,
    worker restarts, the long animation frames)."""
    game = Game.from_code(code)
    for move in moves:
        game.play(move)
    saved = json.dumps({"v": 1, "game": game.save(), "elapsed": 60})
    ctx = browser.new_context(**(PHONE if phone else DESKTOP))
    try:
        ctx.add_init_script(SEED % json.dumps({"seahaven.game": saved}))
        page = ctx.new_page()
        page.on("pageerror", lambda e: print("page error: %s" % e, file=sys.stderr))
        if rate != 1:
            ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.goto(base)
        page.wait_for_selector("body[data-ready='1']", timeout=60000)
        page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=120000)
        if phone:  # Review is in the ☰ menu: the menu opened first, not counted
            page.get_by_test_id("menu").tap()
            page.get_by_test_id("review-open").wait_for()
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100)))")
        if cpu:
            browser.start_tracing(page=page, categories=[
                "devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"])
        page.evaluate(FRAMES)
        if phone:
            page.get_by_test_id("review-open").tap()
        else:
            page.get_by_test_id("review-open").click()
        at = marks(page, "review-done", timeout=120000)
        # The long frame that showed the review done is reported after it.
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100)))")
        gap = page.evaluate("window.__gap")
        long = page.evaluate("window.__long")
        if cpu:
            trace = json.loads(browser.stop_tracing())
            thread_times(trace["traceEvents"] if isinstance(trace, dict) else trace, long, at["review-start"])
        restarts = page.evaluate("performance.getEntriesByName('solver-restart').length")
        start = at["review-start"]
        return (at["review-verdicts"] - start) / 1000, (at["review-done"] - start) / 1000, gap, restarts, long
    finally:
        ctx.close()


def summary(rows, title):
    print(title)
    for label in sorted({r["game"] for r in rows}):
        group = [r for r in rows if r["game"] == label]
        print("  %-13s median verdicts %.2f s, with par %.2f s (max %.2f s), longest frame %.0f ms, "
              "%d frames over %d ms (longest %.0f ms)"
              % (label, statistics.median(r["verdicts"] for r in group), statistics.median(r["total"] for r in group),
                 max(r["total"] for r in group), max(r["frame_ms"] for r in group),
                 sum(r["long_frames"] for r in group), LONG_MS, max(r["long_ms"] for r in group)))
    median = statistics.median(r["total"] for r in rows)
    print("  all: median %.2f s with par: %s (target ≤ %.1f s)"
          % (median, "met" if median <= TARGET_SECONDS else "NOT met", TARGET_SECONDS))
    print("  all: %d frames over %d ms, the longest %.0f ms, in %d reviews (target: none)"
          % (sum(r["long_frames"] for r in rows), LONG_MS, max(r["long_ms"] for r in rows), len(rows)))
    if "cpu_frames" in rows[0]:
        print("  all, the main thread's own time: %d frames over %d ms, the longest %.0f ms; the frame that "
              "opens the review %.0f-%.0f ms; then, while the rows draw, %d frames over %d ms, the longest %.0f ms"
              % (sum(r["cpu_frames"] for r in rows), LONG_MS, max(r["cpu_ms"] for r in rows),
                 min(r["cpu_open_ms"] for r in rows), max(r["cpu_open_ms"] for r in rows),
                 sum(r["cpu_rows_frames"] for r in rows), LONG_MS, max(r["cpu_rows_ms"] for r in rows)))


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5, help="won games, and as many lost ones")
    parser.add_argument("--cells", type=int, default=4, choices=(4, 2, 1))
    parser.add_argument("--throttle", type=float, default=1, help="CPU slowdown of the page (4: a mid-range phone)")
    parser.add_argument("--phone", action="store_true", help="an upright phone's page (390 × 844, touch)")
    parser.add_argument("--why", action="store_true", help="print each long frame with the scripts that ran in it")
    parser.add_argument("--cpu", action="store_true",
                        help="trace each review: each long frame's time on the main thread's CPU too")
    parser.add_argument("--before", help="another build of the site (a copy of _site/), reviewed in turn with this one")
    parser.add_argument("--json", help="write the rows to this file")
    args = parser.parse_args(argv)
    sites = {"this": ROOT / "_site"}  # the site as `make build` writes it
    if args.before:
        sites["before"] = Path(args.before)
    servers = {name: serve(root) for name, root in sites.items()}
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.executable(), args=chromium.ARGS)
        for n, (label, code, moves) in enumerate(games(args.cells, args.games)):
            order = list(servers) if n % 2 == 0 else list(reversed(servers))  # alternated game by game
            for name in order:
                verdicts, total, gap, restarts, long = review_one(browser, servers[name][1], code, moves,
                                                                  args.throttle, args.phone, args.cpu)
                longest = max((frame["ms"] for frame in long), default=0)
                rows.append({"site": name, "game": label, "code": code, "moves": len(moves), "verdicts": verdicts,
                             "total": total, "frame_ms": gap, "restarts": restarts, "long_frames": len(long),
                             "long_ms": longest})
                cpu = ""
                if args.cpu:
                    # The frame Review's press opens the panel in, and those the rows are drawn in after it.
                    opening = [f for f in long if any("onclick" in script for script in f["scripts"])]
                    rest = [f["cpu"] for f in long if f not in opening]
                    rows[-1]["cpu_frames"] = sum(frame["cpu"] > LONG_MS for frame in long)
                    rows[-1]["cpu_ms"] = max((frame["cpu"] for frame in long), default=0)
                    rows[-1]["cpu_open_ms"] = max((frame["cpu"] for frame in opening), default=0)
                    rows[-1]["cpu_rows_frames"] = sum(ms > LONG_MS for ms in rest)
                    rows[-1]["cpu_rows_ms"] = max(rest, default=0)
                    cpu = " (%d over on the CPU, longest %.0f ms)" % (rows[-1]["cpu_frames"], rows[-1]["cpu_ms"])
                print("%-6s %-13s %s %3d moves: verdicts %.2f s, with par %.2f s, longest frame %.0f ms, "
                      "%d frames over %d ms%s (longest %.0f ms), %d worker restarts"
                      % (name, label, code, len(moves), verdicts, total, gap, len(long), LONG_MS, cpu, longest,
                         restarts), flush=True)
                if args.why:
                    for frame in long:
                        print("    %.0f ms%s (rendering %.0f ms, style and layout %.0f ms): %s"
                              % (frame["ms"], " [CPU %.0f ms]" % frame["cpu"] if args.cpu else "", frame["render"],
                                 frame["layout"], "; ".join(frame["scripts"]) or "no script"))
        browser.close()
    for server, _ in servers.values():
        server.shutdown()
    for name in servers:
        summary([r for r in rows if r["site"] == name], "%s: CPU throttling ×%g, %s" % (
            name if args.before else "the site", args.throttle, "an upright phone" if args.phone else "a desktop"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1:])
