"""Taps and drags on a phone, in headless Chromium: how soon a tap that moves a
card is on screen, and how smooth a drag is.

    python3 bench/taps.py [--runs 7] [--throttle 1 4] [--bounds [KIND ...]] [--before DIR]
                          [--trace FILE | --cpu]

Run after `make build`; the site served is _site/. A phone's viewport (360 ×
740, touch), the CPU throttled through CDP (``Emulation.setCPUThrottlingRate``;
4 is a mid-range phone) beside unthrottled, ``--runs`` fresh browsers per rate,
the service worker blocked (every file from the HTTP cache after the first load):

- a tap that sends an ace home (then Undo by its key, not counted), while the
  solver's worker starts (from the board being ready until it is: up to 12
  taps, 100 ms apart; the worker waits for a pause in them, 3 s at most) and
  once it is ready: from the ``pointerup``'s timestamp to the
  next animation frame (its ``requestAnimationFrame`` callbacks: the frame that
  shows the card moved, bench/startup.py's measure), and to that frame done
  (the first task after it: style, layout and paint included);
- crossings of the bridge per tap (page.api.engine.crossings: target 1);
- a touch drag of a 3-card run across the board (at least five columns, 40
  moves 12 ms apart) that plays a move: the intervals between animation
  frames, as the main thread ran them, from the drag's start to the frame after
  the drop; by phase, the interval that lifts the cards (the engine asked where
  they may go), those that follow the finger, and the one that drops them (the
  move played and drawn). Only taps that moved the ace are counted: a tap
  made while it still slides back from the Undo goes through it (those are
  counted apart).

Targets (issue "one crossing per tap"), at CPU ×4: tap → next frame median
≤ 16 ms and p95 ≤ 33 ms with the solver ready, median ≤ 33 ms while it
starts; drag frame intervals median ≤ 17 ms and none over 50 ms.

``--bounds`` measures, in the same browsers, the lower bounds of a tap on this
page (bench/tap_bounds.py: the game's page copied without its scripts, where a
pointerup only moves the ace's element, or only changes its transform) with
their own floors; ``--before DIR`` another build of the site (a copy of
_site/), the two games in turn, the order alternating run by run. ``--cpu``
measures instead the main thread's own time (a trace's thread time, which the
machine's other work does not add to) in a tap's handlers and in the
rendering after them, for each of these pages.

``--trace FILE`` records five taps at each rate in a performance trace
(Chrome's JSON trace format, for Perfetto) and prints where the main thread
spends a tap: its work by kind from the pointerdown to the frame's commit,
and the pointerup's handlers sampled: by part (the engine, the page's
JavaScript, the DOM it calls, the layouts it forces) and by function.
"""

import collections
import json
import random
import statistics
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "bench")]
import chromium  # noqa: E402
import tap_bounds  # noqa: E402
from counting import serve  # noqa: E402
from startup import PHONE, SETTLE_MS, SITE, SOLVER_READY, ace_deal, arguments  # noqa: E402

from seahaven import Game  # noqa: E402

READY = "body[data-ready='1']"
# Every pointerup → [ms to the next animation frame, ms to that frame done, solver state,
# whether it moved a card (the moves counted changed by that frame)].
TAP_RECORDER = """() => {
  window.__taps = [];
  // What a move changes: the moves counted (a lower bound's page says it itself: bench/tap_bounds.py).
  const moves = () => window.__tapState ? window.__tapState()
    : (document.querySelector('[data-testid=moves]') || {}).textContent;
  document.addEventListener('pointerup', (e) => {
    const start = e.timeStamp;
    const solver = document.body.dataset.solver || 'idle';
    const before = moves();
    requestAnimationFrame(() => {
      const frame = performance.now() - start;
      const moved = moves() !== before;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => window.__taps.push([frame, performance.now() - start, solver, moved]);
      channel.port2.postMessage(0);
    });
  }, { capture: true });
}"""
# When each animation frame's callbacks ran (performance.now(): a frame the main thread
# delays is counted late), from now until window.__frames.stop() is called; and when
# the drag's pointerdown, the move that lifted its cards and its pointerup began to
# be handled (capture phase: before the board's own handlers).
FRAME_RECORDER = """() => {
  const times = [];
  const marks = {};
  let on = true;
  let moveStart = 0;
  const tick = () => { times.push(performance.now()); if (on) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const first = (name, time) => { if (!(name in marks)) marks[name] = time; };
  const listeners = [
    ['pointerdown', () => first('down', performance.now()), true],
    ['pointerup', () => first('up', performance.now()), true],
    ['pointermove', () => { moveStart = performance.now(); }, true],
    // Once the board's own handlers ran (bubbling): the move that lifted the cards marked them.
    ['pointermove', () => { if (document.querySelector('.dragging')) first('lift', moveStart); }, false],
  ];
  for (const [type, fn, capture] of listeners) document.addEventListener(type, fn, capture);
  window.__frames = { stop() {
    on = false;
    for (const [type, fn, capture] of listeners) document.removeEventListener(type, fn, capture);
    return { times, marks };
  } };
}"""
BOARD_READY = "document.body && document.body.dataset.ready === '1'"
SOLVER_IS_READY = "document.body.dataset.solver === 'ready'"
CROSSINGS = "window.seahaven.page.api.engine.crossings"


def run_deal():
    """A deal, and moves after which a run of 3 cards can move to a column at least
    five columns away (a drag across the board that plays a move): (code, moves, from, to)."""
    for number in range(3000):
        game = Game.from_number(number, 4)
        rng = random.Random(number)
        for _ in range(20):
            across = [m for m in game.legal_moves() if m.src < 10 and m.dst < 10 and m.n == 3
                      and abs(m.src - m.dst) >= 5]
            if across:
                return game.code, [m.text for m in game.history], across[0].source, across[0].target
            joins = [m for m in game.legal_moves() if m.src < 10 and m.dst < 10]
            if not joins:
                break
            game.play(rng.choice(joins))
    raise SystemExit("no deal lets a run of three cross the board")


class Phone:
    """A fresh browser on a phone's viewport, CPU-throttled at ``rate`` once settled."""

    def __init__(self, p, rate):
        self.rate = rate
        self.browser = p.chromium.launch(executable_path=chromium.executable(), args=chromium.ARGS)
        self.context = None
        self.fresh()
        self.page.wait_for_timeout(SETTLE_MS)

    def fresh(self):
        """A new profile (no game saved), its page blank and throttled."""
        if self.context:
            self.context.close()
        self.context = self.browser.new_context(**PHONE, service_workers="block")
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: print("page error: %s" % e, file=sys.stderr))
        self.page.goto("about:blank")
        self.cdp = self.context.new_cdp_session(self.page)
        if self.rate != 1:
            self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": self.rate})

    def close(self):
        self.browser.close()

    def centre(self, selector):
        box = self.page.locator(selector).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + min(10, box["height"] / 2)

    def inert(self):
        """A point where a tap does nothing at all (the score, in the toolbar): its next frame is
        the floor of a tap's, the input's way to the page and the frame's scheduling."""
        x, y = self.centre("[data-testid=score]")
        if not self.page.evaluate("([x, y]) => Boolean(document.elementFromPoint(x, y).closest('[data-testid=score]'))",
                                  [x, y]):
            raise SystemExit("the score at %g, %g is covered" % (x, y))
        return x, y

    def value(self, expression):
        """``expression``'s value in the page, asked through CDP: Playwright's own script,
        which its locators and waits inject into a page on first use (45 ms of the main
        thread at ×4), would land among the taps made while the solver starts."""
        answer = self.cdp.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        return answer["result"].get("value")

    def wait_until(self, expression, timeout=60):
        """Poll ``expression`` (through CDP) until it is true."""
        end = time.monotonic() + timeout
        while not self.value(expression):
            if time.monotonic() > end:
                raise SystemExit("timed out waiting for %s" % expression)
            time.sleep(0.02)

    def tap_and_undo(self, point, pause=350):
        """Tap at ``point`` (an ace, sent home), then Undo by its key; a pause after each
        (taps further apart are no double tap)."""
        x, y = point
        self.page.touchscreen.tap(x, y)
        self.page.wait_for_timeout(pause)
        self.page.keyboard.press("u")  # Undo, without a pointer: a trace's pointer events are the taps'
        self.page.wait_for_timeout(pause)

    def touch_drag(self, card, place, moves=40, step_ms=12):
        """A touch drag of ``card`` (and what lies on it) to ``place``, ``moves`` moves ``step_ms`` apart."""
        x, y = self.centre("[data-card='%s']" % card)
        tx, ty = self.centre("[data-place='%s']" % place)
        send = self.cdp.send
        send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for i in range(1, moves + 1):
            point = {"x": x + (tx - x) * i / moves, "y": y + (ty - y) * i / moves}
            send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
            self.page.wait_for_timeout(step_ms)
        send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def first_load(phone, url, ace):
    """Load the game at ``url`` once, which fills the HTTP cache, and back to a blank page:
    where the ace lies (on every load of this deal)."""
    phone.page.goto(url)
    phone.page.wait_for_selector(SOLVER_READY, state="attached", timeout=120000)
    at = phone.centre("[data-card='%s']" % ace)
    phone.page.goto("about:blank")
    return at


def game_taps(phone, url, ace, out):
    """Taps on the game at ``url`` (a fresh page): while the solver starts, once it is
    ready, crossings per tap, then the floor on the same page."""
    page = phone.page
    at = first_load(phone, url, ace)
    page.add_init_script("(%s)()" % TAP_RECORDER)  # from the start: the solver is ready 0.3 s after the board
    page.goto(url)
    taps_while_the_solver_starts(phone, at)
    page.wait_for_timeout(500)
    before = page.evaluate(CROSSINGS)
    for _ in range(6):
        phone.tap_and_undo(at)
    out["crossings"].append((page.evaluate(CROSSINGS) - before) / 12)  # a tap and an Undo each time
    record_taps(page, out)
    floor_taps(phone, out)


def taps_while_the_solver_starts(phone, at):
    """From the board being ready, taps at ``at`` (each undone) while the solver's worker
    starts (a tap that moved arms no double tap), then wait for it to be ready."""
    phone.wait_until(BOARD_READY)
    for _ in range(12):
        phone.tap_and_undo(at, pause=100)
        if phone.value(SOLVER_IS_READY):
            break
    phone.wait_until(SOLVER_IS_READY, timeout=120)


def record_taps(page, out):
    """The taps recorded since the last call, sorted by what they met and did."""
    for frame, done, solver, moved in page.evaluate("window.__taps.splice(0)"):
        # A tap made while the ace still slides back from the Undo goes through it, and moves nothing.
        key = "ready" if solver == "ready" else "starting"
        out[key if moved else "unmoved"].append((frame, done))


def floor_taps(phone, out):
    """The floor: taps that do nothing, on the same page a moment later."""
    inert = phone.inert()
    for _ in range(6):
        phone.page.touchscreen.tap(*inert)
        phone.page.wait_for_timeout(350)
    out["floor"] += [(frame, done) for frame, done, _, _ in phone.page.evaluate("window.__taps.splice(0)")]


def bound_taps(phone, url, html, at, out):
    """Taps on a lower bound's page (bench/tap_bounds.py), served at ``url``, then its floor."""
    phone.fresh()
    page = phone.page
    page.add_init_script("(%s)()" % TAP_RECORDER)
    open_bound(phone, url, html, 500)
    for _ in range(6):
        phone.tap_and_undo(at)
    for frame, done, _, moved in page.evaluate("window.__taps.splice(0)"):
        out["ready" if moved else "unmoved"].append((frame, done))
    floor_taps(phone, out)


def open_bound(phone, url, html, settle_ms):
    """Open a lower bound's page (``html``, served at ``url`` on the game's origin) and
    wait for its script, then ``settle_ms``."""
    phone.page.route(url, lambda route: route.fulfill(body=html, content_type="text/html; charset=utf-8"))
    phone.page.goto(url)
    phone.wait_until("typeof window.__tapState === 'function'")
    phone.page.wait_for_timeout(settle_ms)


def taps_out():
    return {"starting": [], "ready": [], "unmoved": [], "floor": [], "crossings": [], "frames": []}


def measure(p, rate, runs, pages, ace, drag, bounds):
    """Per run, in one fresh browser: each game page of ``pages`` ((label, url): taps while
    the solver starts and once it is ready, crossings per tap; the first page's drag), in
    turn (the order alternates run by run), then each lower bound of ``bounds`` ((kind,
    url, html, where the ace is)): {label or kind: figures}."""
    out = {label: taps_out() for label, _ in pages}
    out.update({kind: taps_out() for kind, _, _, _ in bounds})
    code, moves, column, target = drag
    for run in range(runs):
        phone = Phone(p, rate)
        for label, url in (pages if run % 2 == 0 else pages[::-1]):
            phone.fresh()
            game_taps(phone, url, ace, out[label])
        for kind, url, html, at in bounds:
            bound_taps(phone, url, html, at, out[kind])
        # The drag: a deal played until a run of three lies on top of a column.
        phone.fresh()  # no game in progress: the link opens without a question
        page = phone.page
        page.goto(pages[0][1].split("#")[0] + "#" + code)
        page.wait_for_selector(READY, state="attached", timeout=60000)
        page.evaluate("(moves) => { const {api} = window.seahaven.page; "
                      "for (const move of moves) api.do('play', {move}, {animate: false}); }", moves)
        page.wait_for_timeout(500)
        run_cards = page.evaluate("(c) => window.seahaven.page.state.view.places[c].slice(-3)", column)
        page.evaluate(FRAME_RECORDER)
        phone.touch_drag(run_cards[0], target)
        page.wait_for_timeout(300)  # the drop's frame, and the cards settling
        out[pages[0][0]]["frames"].append(drag_frames(**page.evaluate("window.__frames.stop()")))
        if page.evaluate("(c) => window.seahaven.page.state.view.places[c].slice(-3)", target) != run_cards:
            raise SystemExit("the drag of %s from %s to %s played no move" % (run_cards, column, target))
        phone.close()
    return out


def snapshot(p, url, ace):
    """The game at ``url`` dealt and ready, as markup without its scripts (tap_bounds.SNAPSHOT),
    and where its ace lies (unthrottled: the layout is the same at every rate)."""
    phone = Phone(p, 1)
    phone.page.goto(url)
    phone.page.wait_for_selector(SOLVER_READY, state="attached", timeout=120000)
    phone.page.wait_for_timeout(500)
    html, at = phone.page.evaluate(tap_bounds.SNAPSHOT), phone.centre("[data-card='%s']" % ace)
    phone.close()
    return html, at


def drag_frames(times, marks):
    """A drag's frame intervals by phase: ``lift`` (the interval holding the move that
    lifts the cards: the engine asked where they may go), ``moves`` (the intervals
    after it up to the drop's), ``drop`` (the interval holding the pointerup: the
    move played and drawn)."""
    def holding(moment):
        return next(i for i, t in enumerate(times) if t >= moment) - 1

    lift, drop = holding(marks["lift"]), holding(marks["up"])
    interval = [b - a for a, b in zip(times, times[1:])]
    return {"lift": interval[lift], "moves": interval[lift + 1:drop], "drop": interval[drop]}


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(rate, results):
    def row(name, values, note=""):
        if not values:
            return print("  %-44s none" % name)
        print("  %-44s median %6.1f ms   p95 %6.1f   max %6.1f   n %3d  %s"
              % (name, statistics.median(values), percentile(values, 0.95), max(values), len(values), note))

    for label, m in results.items():
        print("CPU throttling ×%g, %s" % (rate, label))
        if m["starting"]:
            row("tap → next frame, solver starting", [f for f, _ in m["starting"]], "target ≤ 33 (median)")
            row("tap → that frame done, solver starting", [d for _, d in m["starting"]])
        row("tap → next frame, solver ready" if m["crossings"] else "tap → next frame",
            [f for f, _ in m["ready"]], "target ≤ 16 (median), ≤ 33 (p95)")
        row("tap → that frame done", [d for _, d in m["ready"]])
        row("tap on nothing (the score) → next frame: floor", [f for f, _ in m["floor"]])
        if m["unmoved"]:
            row("tap on the sliding ace (moved nothing), left out", [f for f, _ in m["unmoved"]])
        if m["crossings"]:
            print("  %-44s %s" % ("crossings of the bridge per tap", sorted(set(m["crossings"]))))
        frames = m["frames"]
        if not frames:
            continue
        intervals = [i for run in frames for i in [run["lift"], *run["moves"], run["drop"]]]
        row("drag of a 3-card run: frame intervals", intervals, "target ≤ 17 (median), none over 50")
        row("  the interval that lifts the cards", [run["lift"] for run in frames])
        row("  the intervals as they follow the finger", [i for run in frames for i in run["moves"]])
        row("  the interval that drops them (a move)", [run["drop"] for run in frames])


# -- the performance trace ------------------------------------------------------------------

CATEGORIES = ["devtools.timeline", "v8.execute", "blink.user_timing", "disabled-by-default-devtools.timeline",
              "disabled-by-default-devtools.timeline.frame", "disabled-by-default-devtools.timeline.stack",
              "disabled-by-default-v8.cpu_profiler"]


def trace_bound(p, rate, kind, url, html, at, path):
    """Five taps on a lower bound's page in a trace, where the main thread spends each."""
    phone = Phone(p, rate)
    events = recording(phone)
    open_bound(phone, url, html, 1000)
    for _ in range(5):
        phone.tap_and_undo(at, pause=700)
    stop(phone, events, path)
    print("CPU throttling ×%g, %s: trace written to %s (%d events)" % (rate, kind, path, len(events)))
    summarize(events, pointer_events(events))


def pointer_events(events, types=("pointerdown", "pointerup")):
    """A trace's dispatches of the pointer events ``types``: the taps' own."""
    return [e for e in events if e.get("name") == "EventDispatch"
            and e.get("args", {}).get("data", {}).get("type") in types]


def recording(phone):
    """Start a performance trace of ``phone``'s page: the list its events will be in."""
    events = []
    phone.done = threading.Event()
    phone.cdp.on("Tracing.dataCollected", lambda data: events.extend(data["value"]))
    phone.cdp.on("Tracing.tracingComplete", lambda _: phone.done.set())
    phone.cdp.send("Tracing.start", {"traceConfig": {"includedCategories": CATEGORIES}, "transferMode": "ReportEvents"})
    return events


def stop(phone, events, path):
    """End the trace, close the browser, write the trace to ``path`` (if one)."""
    phone.cdp.send("Tracing.end")
    while not phone.done.wait(0.1):
        phone.page.wait_for_timeout(50)
    phone.close()
    if path:
        Path(path).write_text(json.dumps({"traceEvents": events}))


def trace(p, rate, url, ace, path):
    """Taps in a trace, from the board being ready while the solver's worker starts,
    then five once it is ready; where the main thread spends each."""
    phone = Phone(p, rate)
    page = phone.page
    at = first_load(phone, url, ace)
    events = recording(phone)
    page.goto(url)
    taps_while_the_solver_starts(phone, at)
    page.wait_for_timeout(1000)
    for _ in range(5):
        phone.tap_and_undo(at, pause=700)
    stop(phone, events, path)
    print("CPU throttling ×%g: trace written to %s (%d events)" % (rate, path, len(events)))
    ready = next((e["ts"] for e in events if e.get("cat") == "blink.user_timing" and e.get("name") == "solver-ready"),
                 None)
    touches = pointer_events(events)
    if ready is None or not touches:
        return print("  no solver-ready mark or no taps in the trace")
    for name, group in (("while the solver starts", [e for e in touches if e["ts"] < ready]),
                        ("with the solver ready", [e for e in touches if e["ts"] > ready])):
        print(" taps %s:" % name)
        summarize(events, group)


RENDERING = ("UpdateLayoutTree", "Layout", "PrePaint", "HitTest", "Paint", "Layerize", "Commit")


def cpu(p, rate, runs, pages, ace, bounds):
    """Per run, each game page of ``pages`` in turn (the order alternating), then each lower
    bound of ``bounds``: eight taps (on the game once the solver is ready) in a trace; the
    main thread's own time (the trace's thread time, which other processes taking the CPU
    do not add to) in the pointerup's dispatch (its handlers) and in the rendering after it
    up to the next frame's commit."""
    out = {label: {"handler": [], "wall": [], "rendering": []} for label in [*dict(pages), *(b[0] for b in bounds)]}
    for run in range(runs):
        for label, url in (pages if run % 2 == 0 else pages[::-1]):
            phone = Phone(p, rate)
            page = phone.page
            at = first_load(phone, url, ace)
            page.goto(url)
            page.wait_for_selector(SOLVER_READY, state="attached", timeout=120000)
            page.wait_for_timeout(800)
            cpu_taps(phone, at, out[label])
        for kind, url, html, at in bounds:
            phone = Phone(p, rate)
            open_bound(phone, url, html, 800)
            cpu_taps(phone, at, out[kind])
    for label, m in out.items():
        print("CPU throttling ×%g, %s: %d taps, the main thread's own time (median, p95)"
              % (rate, label, len(m["handler"])))
        for name, key in (("the pointerup's handlers", "handler"), ("  their wall time", "wall"),
                          ("the rendering after them, to the commit", "rendering")):
            print("  %-44s %6.2f ms  %6.2f" % (name, statistics.median(m[key]), percentile(m[key], 0.95)))


def cpu_taps(phone, at, out):
    """Eight taps at ``at`` (each undone) in a trace; the browser is closed after."""
    events = recording(phone)
    for _ in range(8):
        phone.tap_and_undo(at, pause=400)
    stop(phone, events, None)
    ups = pointer_events(events, ("pointerup",))
    main = sorted((e for e in events if (e["pid"], e["tid"]) == (ups[0]["pid"], ups[0]["tid"])
                   and e.get("ph") == "X" and "dur" in e), key=lambda e: e["ts"])
    for up in ups:
        done = up["ts"] + up["dur"]
        commit = next((e for e in main if e["name"] == "Commit" and e["ts"] > done), None)
        end = commit["ts"] + commit["dur"] if commit else done
        rendering, after = 0, done
        for e in main:  # each phase once: not those nested in another
            if after <= e["ts"] < end and e["name"] in RENDERING:
                rendering += e.get("tdur", e["dur"])
                after = e["ts"] + e["dur"]
        out["handler"].append(up.get("tdur", up["dur"]) / 1e3)
        out["wall"].append(up["dur"] / 1e3)
        out["rendering"].append(rendering / 1e3)


def label_of(event):
    """A trace event's name, with the script or function it runs where it says."""
    data = event.get("args", {}).get("data", {})
    where = data.get("url") or data.get("scriptName") or data.get("functionName") or ""
    return "%s %s" % (event["name"], where.rsplit("/", 1)[-1][:40]) if where else event["name"]


def summarize(events, touches):
    """Each tap's main-thread work from its pointerdown to the commit of the frame after its
    pointerup, by kind (self time), then the pointerup's handlers sampled, by part and by function."""
    if not touches:
        return print("  no taps")
    pid, tid = touches[0]["pid"], touches[0]["tid"]
    main = sorted((e for e in events if (e["pid"], e["tid"]) == (pid, tid) and e.get("ph") == "X" and "dur" in e),
                  key=lambda e: (e["ts"], -e["dur"]))
    downs = [e for e in touches if e["args"]["data"]["type"] == "pointerdown"]
    ups = [e for e in touches if e["args"]["data"]["type"] == "pointerup"]
    kinds, early, windows, totals, befores = collections.Counter(), collections.Counter(), [], [], []
    for down in downs:
        up = next((u for u in ups if u["ts"] > down["ts"]), None)
        if up is None:
            continue
        commit = next((e for e in main if e["name"] == "Commit" and e["ts"] > up["ts"] + up["dur"]), None)
        end = commit["ts"] + commit["dur"] if commit else up["ts"] + up["dur"]
        windows.append((up["ts"], up["ts"] + up["dur"]))
        totals.append((end - down["ts"]) / 1e3)
        self_times(main, down["ts"], end, kinds)
        # What the bench's measure holds: from the pointerup to its frame's animation frame callbacks.
        fire = next((e for e in main if e["name"] == "FireAnimationFrame" and e["ts"] > up["ts"]), None)
        if fire:
            befores.append((fire["ts"] - up["ts"]) / 1e3)
            self_times(main, up["ts"], fire["ts"], early)
    print("  pointerdown → the frame's commit: median %.1f ms over %d taps (the trace itself slows the page)"
          % (statistics.median(totals), len(totals)))
    for label, dur in kinds.most_common(12):
        print("    %-52s %6.1f ms a tap" % (label[:52], dur / 1e3 / len(totals)))
    if befores:
        print("  the pointerup's dispatch → its frame's animation frame callbacks: median %.1f ms, of which:"
              % statistics.median(befores))
        for label, dur in early.most_common(10):
            print("    %-52s %6.1f ms a tap" % (label[:52], dur / 1e3 / len(befores)))
    functions, parts = sampled(events, pid, tid, windows)
    total = sum(functions.values()) or 1
    print("  the pointerup's handlers, by part (share of the samples):")
    for name, count in parts.most_common():
        print("    %-52s %5.1f %%" % (name, 100 * count / total))
    print("  the pointerup's handlers, by function (share of the samples):")
    for name, count in functions.most_common(12):
        print("    %-52s %5.1f %%" % (name[:52], 100 * count / total))


def self_times(main, start, end, kinds):
    """Add the self time of each kind of main-thread event that starts within [start, end) to ``kinds``."""
    stack = []
    for x in main:
        if not start <= x["ts"] < end:
            continue
        while stack and stack[-1][0] + stack[-1][1] <= x["ts"]:
            stack.pop()
        label = label_of(x)
        if stack:
            kinds[stack[-1][2]] -= x["dur"]
        kinds[label] += x["dur"]
        stack.append((x["ts"], x["dur"], label))


ENGINE = ("micropython.mjs", "micropython.wasm")
LAYOUT_READS = ("getBoundingClientRect", "getComputedStyle")


def part_of(node, nodes):
    """Which part of the page a sample's stack is in: the engine (MicroPython, its
    WebAssembly, what it calls back), the browser's own work the page's JavaScript asked
    for (a native leaf: a style read, a forced layout), the page's JavaScript, or neither."""
    leaf, frame = node, node
    while frame is not None:
        call = frame["callFrame"]
        if call.get("url", "").endswith(ENGINE) or call.get("codeType") == "wasm":
            return "the engine (MicroPython)"
        frame = nodes.get(frame.get("parent"))
    call = leaf["callFrame"]
    name = call.get("functionName") or "(anonymous)"
    if call.get("url"):
        return "the page's JavaScript"
    if name in LAYOUT_READS:
        return "layout forced by the page's JavaScript (%s)" % ", ".join(LAYOUT_READS)
    return name if name.startswith("(") else "the DOM, called by the page's JavaScript"


def sampled(events, pid, tid, windows):
    """Samples of the main thread's profile within ``windows``, counted by the leaf function and by part."""
    ids = {e["id"] for e in events if e.get("name") == "Profile" and (e["pid"], e["tid"]) == (pid, tid)}
    nodes, samples, clock = {}, [], None
    for e in sorted((e for e in events if e.get("name") in ("Profile", "ProfileChunk") and e.get("id") in ids),
                    key=lambda e: e["ts"]):
        data = e["args"]["data"]
        if e["name"] == "Profile":
            clock = data.get("startTime")
            continue
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes", []):
            nodes[node["id"]] = node
        for sample, delta in zip(profile.get("samples", []), data.get("timeDeltas", [])):
            clock += delta
            samples.append((clock, sample))
    functions, parts = collections.Counter(), collections.Counter()
    for ts, sample in samples:
        if any(a <= ts < b for a, b in windows) and sample in nodes:
            call = nodes[sample]["callFrame"]
            name = call.get("functionName") or "(anonymous)"
            functions["%s %s" % (name, call.get("url", "").rsplit("/", 1)[-1])] += 1
            parts[part_of(nodes[sample], nodes)] += 1
    return functions, parts


def options(parser):
    parser.add_argument("--bounds", nargs="*", metavar="KIND", choices=tap_bounds.KINDS,
                        help="measure the lower bounds of a tap too (bench/tap_bounds.py; all without a KIND)")
    parser.add_argument("--cpu", action="store_true", help="instead, the main thread's own time in a tap's "
                        "handlers and the rendering after them, from traces (what the machine's other work does "
                        "not change), the game and --before in turn")
    parser.add_argument("--before", metavar="DIR", help="another build of the site (a copy of _site/), measured "
                        "beside the game run by run, in turn")


def main():
    args = arguments(__doc__, "record five taps per rate into this file (-x<rate> added) instead", more=options)
    server, base = serve(SITE)
    game, ace = ace_deal()
    url = base + "#" + game.code
    pages = [("the game", url)]
    if args.before:
        before = serve(Path(args.before))
        pages.append(("the game before (%s)" % args.before, before[1] + "#" + game.code))
    with sync_playwright() as p:
        bounds = []
        if args.bounds is not None:
            html, at = snapshot(p, url, ace)
            home = game.tap(next(place for place in ("t%d" % i for i in range(1, 11))
                                 if game.cards(place)[-1:] == [ace])).target
            bounds = [(kind, base + "bench-bound-%s.html" % kind, tap_bounds.page(html, kind, ace, home), at)
                      for kind in (args.bounds or tap_bounds.KINDS)]
        if args.cpu:
            for rate in args.throttle:
                cpu(p, rate, args.runs, pages, ace, bounds)
        elif args.trace:
            for rate in args.throttle:
                trace(p, rate, url, ace, args.trace.replace(".json", "-x%g.json" % rate))
                for kind, bound_url, html, at in bounds:
                    path = args.trace.replace(".json", "-%s-x%g.json" % (kind, rate))
                    trace_bound(p, rate, kind, bound_url, html, at, path)
        else:
            drag = run_deal()
            results = [(rate, measure(p, rate, args.runs, pages, ace, drag, bounds)) for rate in args.throttle]
            for rate, m in results:
                report(rate, m)
    server.shutdown()


if __name__ == "__main__":
    main()
