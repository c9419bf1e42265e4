"""Start-up of the game page against PyScript + MicroPython's own floor, in headless Chromium.

    python3 bench/startup.py [--runs 7] [--throttle 1 4] [--trace FILE]

Run after `make build`; the site served is _site/, as GitHub Pages serves it.
For each CPU throttling rate (``Emulation.setCPUThrottlingRate``
through CDP on the page, before it loads; 4 is a mid-range phone), ``--runs``
times, each in new browser profiles, each page loaded a second after its
browser started (SETTLE_MS):

- the floor: bench/hello_floor/, a page that only starts PyScript + MicroPython
  and marks itself ready (cold: a new profile; warm: navigating to it again
  from a blank page, HTTP cache; and a reload), measured in each run just
  before the game;
- the game's shell, measured the same way: index.html without its own scripts
  and with MicroPython marking itself ready at once (shell_page), i.e. what
  the page's HTML, styles, preloads and PyScript configuration cost on their own;
- the engine alone, measured the same way: the hello page with the game's
  preloads and configuration, importing the game's modules and opening its first
  game (hello_floor/engine.py: engine_page), i.e. what no design of the page
  can beat; and the hello page's first contentful paint (warm), what no board
  can be painted before;
- the saved board as plain HTML, measured the same way: the game page as its
  early board leaves it on a return visit, captured once, with every script
  taken out (board_page), marking itself drawn when its first frame is done,
  as the early board does, and its first contentful paint; what a return
  visit's board cannot be drawn or shown before, whatever draws it;
- a first visit (cold): navigation → playable (the board drawn, the engine
  answering: ``page-ready``), → the solver ready (Hint enabled:
  ``solver-ready``), and the bytes the server sent until the service worker is
  installed and the solver ready, with any file sent twice;
- a warm visit with the service worker blocked: once the first load's solver
  is ready, a blank page, then the game again from the HTTP cache, tapping an
  ace home and undoing it while the solver's worker starts: tap → next frame;
  then a reload. A reload also pays for tearing down the page it replaces
  (the game's MicroPython heap and its worker, about 100 ms here), which the
  floor's one-word page hardly has and a player coming back to the game does
  not: the targets are for the navigation, the reload is reported beside;
- a return visit (the service worker serves every file): navigation → the
  saved board drawn (``saved-board-painted``: the frame that shows the view kept
  with the save, drawn before any other file is read, is done), → the first
  contentful paint (when the browser says that frame was shown) and →
  playable; taps with the solver ready; Hint on fresh 4-cell deals → the hint
  shown.

The game's figures against the floor are given twice: the difference of the
medians, as the targets are written, and the median of each run's own
difference (its floor is loaded seconds before its game, so the machine's slow
and fast phases, which moved the floor's median by 80 ms between runs here,
cancel out).

``--trace FILE`` instead records one cold and one return visit in a
performance trace (Chrome's JSON trace format, for chrome://tracing or
Perfetto) and prints where the main thread spent the time before ``page-ready``.
Served like GitHub Pages (tools/serve.py: files fresh for ten minutes).
"""

import argparse
import json
import re
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "bench")]
import chromium  # noqa: E402
import generate  # noqa: E402
from counting import Counter, serve  # noqa: E402

from seahaven import Game  # noqa: E402
from seahaven.solver import solve  # noqa: E402

MARKS = "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"
HINT_PROBE = """() => new Promise((resolve) => {
  const start = performance.now();
  const seen = () => document.body.dataset.hint ? resolve(performance.now() - start) : requestAnimationFrame(seen);
  document.querySelector('[data-testid=hint]').click();
  seen();
})"""
# Every pointerup → the next animation frame, in ms, with the solver's state at the time.
TAP_RECORDER = """() => {
  window.__taps = [];
  document.addEventListener('pointerup', (e) => {
    const start = e.timeStamp;
    const solver = document.body.dataset.solver || 'idle';
    requestAnimationFrame(() => window.__taps.push([performance.now() - start, solver]));
  }, { capture: true });
}"""
SOLVER_READY = "body[data-solver='ready']"
# When the browser says the first frame with content was shown (its presentation time).
PAINTED = """() => new Promise((resolve) => new PerformanceObserver((list) => {
  const entry = list.getEntriesByName('first-contentful-paint')[0];
  if (entry) resolve(entry.startTime);
}).observe({ type: 'paint', buffered: true }))"""
HELLO = ROOT / "bench" / "hello_floor"  # PyScript + MicroPython and nothing else
SITE = ROOT / "_site"  # the site as `make build` writes it and GitHub Pages publishes it


def ace_deal():
    """A winnable deal with an ace on top (a lost position would open a dialog)."""
    for number in range(1000):
        game = Game.from_number(number, 4)
        for i, col in enumerate(game.position.cols):
            if col and col[-1] % 13 == 0 and solve(game).status == "winnable":
                return game, game.cards("t%d" % (i + 1))[-1]
    raise SystemExit("no winnable deal with an ace on top")


# A browser just launched goes on starting for about a second (its network
# service, GPU process, storage and font back ends). A page loaded at once
# waits on it: here the floor's cold median was 290 ms with its middle half
# spread over 120 ms, against 200 ms and 35 ms one second later, and the game,
# which asks the browser for more (fonts, storage), lost 50 ms more than the
# floor. As WebPageTest does, each visit starts from a blank page in a browser
# that has settled: the figures are the page's, not the browser's own start.
SETTLE_MS = 1000


class Browser:
    """New persistent profiles, each page CPU-throttled at ``rate`` before it loads,
    in a browser settled on a blank page (SETTLE_MS)."""

    def __init__(self, p, rate):
        self.p, self.rate, self.exe = p, rate, chromium.executable()

    def open(self, service_workers="allow"):
        profile = tempfile.mkdtemp()
        ctx = self.p.chromium.launch_persistent_context(
            profile, executable_path=self.exe, args=chromium.ARGS, service_workers=service_workers)
        ctx.on("close", lambda _: shutil.rmtree(profile, ignore_errors=True))
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.on("pageerror", lambda e: print("page error: %s" % e, file=sys.stderr))
        page.goto("about:blank")
        page.wait_for_timeout(SETTLE_MS)
        if self.rate != 1:
            ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": self.rate})
        return ctx, page


# Resolves once every named performance mark is set. Not wait_for_function: that
# injects Playwright's 330 KB script into the page, a 20 ms task that lands in the
# middle of the start it measures.
MARKS_SET = """([names, timeout]) => new Promise((resolve, reject) => {
  const done = () => names.every((name) => performance.getEntriesByName(name).length);
  if (done()) return resolve();
  const observer = new PerformanceObserver(() => done() && (observer.disconnect(), resolve()));
  observer.observe({ type: 'mark' });
  setTimeout(() => reject(new Error('marks not set: ' + names.join(', '))), timeout);
})"""


def marks(page, *names, timeout=60000):
    """The performance marks, once all of ``names`` are set."""
    page.evaluate(MARKS_SET, [list(names), timeout])
    return page.evaluate(MARKS)


# The game page with none of its own scripts or Python: the early board and the
# page's bundle left out, and MicroPython marking itself ready at once, with the
# page's configuration (the image of its precompiled modules written to the file system).
MAIN_SCRIPT = r'(<script type="mpy" config="[^"]+">).*?(</script>)'
SHELL_CUTS = [
    (r"\s*<!-- A return visit's board.*?</script>", ""),
    (r'\s*<script type="module" src="./static/build/page.js"></script>', ""),
    (MAIN_SCRIPT, r'\1import js\njs.performance.mark("page-ready")\n\2'),
]


def shell_page():
    """index.html cut down to the shell (SHELL_CUTS); refuses a page where a cut finds nothing."""
    html = (SITE / "index.html").read_text(encoding="utf-8")
    for pattern, replacement in SHELL_CUTS:
        html, found = re.subn(pattern, replacement, html, count=1, flags=re.S)
        if not found:
            raise SystemExit("bench: index.html no longer has what SHELL_CUTS removes: %s" % pattern)
    return html


def engine_page():
    """The hello page with index.html's preloads, the game's configuration and
    its way to mount the engine, running hello_floor/engine.py (the engine
    alone, no page) instead of the page's main module."""
    html = (SITE / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<link rel="(?:module)?preload"[^>]*>', html)
    if not any("micropython.wasm" in link for link in links):
        raise SystemExit("bench: index.html no longer preloads micropython.wasm: engine_page needs its preloads")
    start = re.search(MAIN_SCRIPT, html, re.S)
    entry = generate.MAIN_ENTRY + "\n</script>"
    if not start or not start[0].endswith(entry):
        raise SystemExit("bench: index.html's Python no longer ends with %r: engine_page replaces it"
                         % generate.MAIN_ENTRY)
    script = start[0].replace(entry, (HELLO / "engine.py").read_text(encoding="utf-8") + "</script>")
    return ('<!doctype html><html><head><meta charset="utf-8">\n%s\n'
            '<script type="module" src="./static/vendor/pyscript/core.js"></script></head><body>\n'
            '%s</body></html>' % ("\n".join(links), script))


# Marks a page drawn once its first frame is done, as the early board does (after-paint.js).
DRAWN = "<script>requestAnimationFrame(() => setTimeout(() => performance.mark('page-ready'), 0))</script>"


def board_page(p, url):
    """The game page as the early board draws a return visit (scripts left empty,
    after one load saved the game), with every script, preload and the content
    security policy taken out and DRAWN added after the board: plain HTML.
    Fails (times out) if the early board draws nothing."""
    ctx, page = Browser(p, 1).open(service_workers="block")
    page.goto(url)
    marks(page, "page-ready")
    page.wait_for_timeout(300)  # saved after the next frame
    page.route("**/*.js", lambda route: route.fulfill(body="", content_type="text/javascript"))  # empty: no error
    page.goto(url.split("#")[0], wait_until="commit")
    page.wait_for_selector("body[data-preview='1']", state="attached", timeout=10000)
    html = page.evaluate("""() => {
      const doc = document.documentElement.cloneNode(true);
      for (const el of doc.querySelectorAll('script, link[rel$=preload], meta[http-equiv]')) el.remove();
      return '<!doctype html>' + doc.outerHTML;
    }""")
    ctx.close()
    return html.replace("</main>", "</main>" + DRAWN, 1)


def floor(browser, runs, kind="hello", hash="", html=None):
    """Cold and warm navigation → ready of the hello page, the game's shell
    (shell_page), the engine alone (engine_page) or the saved board as plain
    HTML (``html``, from board_page: drawn), the warm navigation's first
    contentful paint and a reload → ready: four lists."""
    with tempfile.TemporaryDirectory() as root:
        for name in ("static", "pyscript.json", "manifest.webmanifest"):
            (Path(root) / name).symlink_to(SITE / name)
        if kind == "shell":
            (Path(root) / "index.html").write_text(shell_page(), encoding="utf-8")
        elif kind == "board":
            (Path(root) / "index.html").write_text(html, encoding="utf-8")
        elif kind == "engine":
            (Path(root) / "index.html").write_text(engine_page(), encoding="utf-8")
        else:
            for name in ("index.html", "ready.py"):
                shutil.copy(HELLO / name, Path(root) / name)
        server, url = serve(root)
        cold, warm, painted, reload = [], [], [], []
        for _ in range(runs):
            ctx, page = browser.open()
            page.goto(url + hash)
            cold.append(marks(page, "page-ready")["page-ready"])
            page.goto("about:blank")
            page.goto(url + hash)
            warm.append(marks(page, "page-ready")["page-ready"])
            if kind in ("hello", "board"):  # the other two paint nothing of their own
                painted.append(page.evaluate(PAINTED))
            page.reload()
            reload.append(marks(page, "page-ready")["page-ready"])
            ctx.close()
        server.shutdown()
    return cold, warm, painted, reload


# The moves counter shows n and no card is sliding any more.
SETTLED = """(n) => Number(document.querySelector('[data-testid=moves]').textContent) === n
  && Array.from(document.querySelectorAll('[data-card]')).every((el) => !el.getAnimations().length)"""


def tap_ace(page, ace):
    """Tap the ace home, then Undo (each once the previous one has landed)."""
    box = page.locator("[data-card='%s']" % ace).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 5)
    page.wait_for_function(SETTLED, arg=1)
    page.get_by_test_id("undo").click()
    page.wait_for_function(SETTLED, arg=0)


def first_visit(browser, counter, url, ace):
    """A new profile opens the game: start-up marks, bytes sent until the service
    worker is installed and the solver ready; one move is made (the save)."""
    ctx, page = browser.open()
    counter.take()
    page.goto(url)
    got = marks(page, "page-ready", "solver-ready")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120000)
    page.wait_for_timeout(500)  # the worker's clients.claim() comes after its last cache write
    sent = counter.take()
    box = page.locator("[data-card='%s']" % ace).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 5)
    page.wait_for_function(SETTLED, arg=1)
    page.wait_for_timeout(300)  # saved after the next frame
    return ctx, page, {"ready": got["page-ready"], "solver": got["solver-ready"], "sent": sent}


def warm_visit(browser, url, ace):
    """A new profile without service worker: cold load, then, once its solver is
    ready (coming back meanwhile would compete with the worker's start), a blank
    page and the game again from the HTTP cache, tapping while its solver
    starts; then a reload. Navigation → ready of both, taps."""
    ctx, page = browser.open(service_workers="block")
    page.goto(url)
    marks(page, "page-ready", "solver-ready")
    page.wait_for_timeout(300)
    page.goto("about:blank")
    page.goto(url)
    ready = marks(page, "page-ready")["page-ready"]
    page.evaluate(TAP_RECORDER)
    for _ in range(12):
        tap_ace(page, ace)
        if page.evaluate("document.body.dataset.solver === 'ready'"):
            break
    taps = page.evaluate("window.__taps")
    marks(page, "solver-ready")
    page.reload()
    reload = marks(page, "page-ready")["page-ready"]
    ctx.close()
    return {"ready": ready, "taps": taps, "reload": reload}


def return_visit(page, url, ace, deals):
    """Back to the game in the same profile: the service worker serves it."""
    page.goto("about:blank")
    page.goto(url.split("#")[0])  # as from the home screen: the saved game, no code in the URL
    got = marks(page, "page-ready", "saved-board-painted", "solver-ready")
    got["fcp"] = page.evaluate(PAINTED)
    page.wait_for_timeout(500)
    page.evaluate(TAP_RECORDER)
    page.get_by_test_id("undo").click()  # back to the deal, where the ace is on top
    page.wait_for_function(SETTLED, arg=0)
    for _ in range(5):
        tap_ace(page, ace)
    taps = page.evaluate("window.__taps")
    hints = []
    for code in deals:
        page.evaluate("(c) => location.hash = '#' + c", code)
        page.wait_for_timeout(300)
        hints.append(page.evaluate(HINT_PROBE))
    return {"ready": got["page-ready"], "painted": got["saved-board-painted"], "fcp": got["fcp"],
            "solver": got["solver-ready"], "taps": taps, "hints": hints}


def measure(p, rate, runs, url, counter, ace, board):
    """Each run measures the floor, then the game: a machine that slows down or
    speeds up during the bench moves both alike."""
    browser = Browser(p, rate)
    out = {"first": [], "warm": [], "back": []}
    for run in range(runs):
        for kind in ("floor", "shell", "engine", "board"):
            page = "hello" if kind == "floor" else kind
            cold, warm, painted, reload = floor(browser, 1, page, "#" + url.split("#")[1], board)
            for name, values in (("cold", cold), ("warm", warm), ("painted", painted), ("reload", reload)):
                out.setdefault("%s_%s" % (kind, name), []).extend(values)
        ctx, page, first = first_visit(browser, counter, url, ace)
        deals = [Game.from_number(1000 + 3 * run + k, 4).code for k in range(3)]
        out["back"].append(return_visit(page, url, ace, deals))
        ctx.close()
        out["first"].append(first)
        out["warm"].append(warm_visit(browser, url, ace))
    return out


# Navigation → the saved board drawn on a return visit, at every CPU rate (issue 13's target).
SAVED_BOARD_MS = 150


def report(rate, m):
    def med(values):
        return statistics.median(values)

    def row(name, values, unit="ms", note=""):
        print("  %-44s median %7.1f %s   min %7.1f   max %7.1f   %s"
              % (name, med(values), unit, min(values), max(values), note))

    def gap(values, reference, name="floor"):
        """Above a reference (the floor unless named): the difference of the medians, and the median of
        each run's own difference (the reference is measured seconds before the game in every run, so a
        drift of the machine cancels)."""
        paired = med([v - r for v, r in zip(values, reference)])
        return "%s %+.0f ms (each run against its own: %+.0f)" % (name, med(values) - med(reference), paired)

    cold = [r["ready"] for r in m["first"]]
    warm = [r["ready"] for r in m["warm"]]
    back = [r["ready"] for r in m["back"]]
    painted = [r["painted"] for r in m["back"]]
    shown = [r["fcp"] for r in m["back"]]
    sent = [r["sent"] for r in m["first"]]
    starting = [t for r in m["warm"] for t, state in r["taps"] if state != "ready"]
    ready_taps = [t for r in m["warm"] + m["back"] for t, state in r["taps"] if state == "ready"]
    print("CPU throttling ×%g, %d runs" % (rate, len(cold)))
    row("PyScript hello floor, cold", m["floor_cold"])
    row("PyScript hello floor, warm", m["floor_warm"], note="navigating to it again (HTTP cache)")
    row("PyScript hello floor, reload", m["floor_reload"])
    row("the game's shell, cold", m["shell_cold"], note="%s: its HTML, styles, preloads and PyScript "
        "configuration, none of its scripts or Python" % gap(m["shell_cold"], m["floor_cold"]))
    row("the game's shell, warm", m["shell_warm"], note=gap(m["shell_warm"], m["floor_warm"]))
    row("the engine alone, cold", m["engine_cold"], note="%s: the game's modules preloaded and imported, its "
        "first game opened, no page" % gap(m["engine_cold"], m["floor_cold"]))
    row("the engine alone, warm", m["engine_warm"], note=gap(m["engine_warm"], m["floor_warm"]))
    row("PyScript hello floor, first paint, warm", m["floor_painted"],
        note="its one word shown (first contentful paint)")
    row("navigation → playable, cold", cold, note="%s (target ≤ +100)" % gap(cold, m["floor_cold"]))
    row("navigation → playable, warm (HTTP cache)", warm, note="%s (target ≤ +60)" % gap(warm, m["floor_warm"]))
    row("reload → playable (HTTP cache)", [r["reload"] for r in m["warm"]], note="floor's reload + %.0f ms: with "
        "the teardown of the page it replaces" % (med([r["reload"] for r in m["warm"]]) - med(m["floor_reload"])))
    row("navigation → playable, return (service worker)", back, note="%s (target ≤ +60)" % gap(back, m["floor_warm"]))
    row("the saved board as plain HTML, drawn, warm", m["board_warm"],
        note="its frame done, no script in it: what no return visit draws it before (≤ %d ms in %d of %d runs)"
        % (SAVED_BOARD_MS, sum(v <= SAVED_BOARD_MS for v in m["board_warm"]), len(m["board_warm"])))
    row("navigation → saved board drawn, return", painted,
        note="its frame done, %s (target ≤ %d ms)" % (gap(painted, m["board_warm"], "plain HTML"), SAVED_BOARD_MS))
    row("navigation → first contentful paint, return", shown,
        note="that frame shown, as the browser reports it: %s" % gap(shown, m["board_painted"], "plain HTML"))
    row("the plain-HTML board, first contentful paint", m["board_painted"],
        note="the same for the page with no script")
    row("navigation → solver ready, cold", [r["solver"] for r in m["first"]], note="target ≤ 1000 ms")
    row("navigation → solver ready, return", [r["solver"] for r in m["back"]])
    row("first visit, bytes sent", [sum(v[1] for v in s.values()) / 1e6 for s in sent], unit="MB",
        note="until the service worker is installed and the solver ready (target ≤ 2 MB)")
    row("first visit, requests", [sum(v[0] for v in s.values()) for s in sent], unit="  ")
    twice = sorted({path for s in sent for path, (n, _) in s.items() if n > 1})
    print("  files sent more than once on a first visit: %s" % (twice or "none"))
    if starting:
        row("tap → next frame, solver starting", starting, note="%d taps (target ≤ 16 ms)" % len(starting))
    row("tap → next frame, solver ready", ready_taps, note="%d taps (target ≤ 16 ms)" % len(ready_taps))
    row("hint on a fresh 4-cell deal", [h for r in m["back"] for h in r["hints"]])


# -- the performance trace ------------------------------------------------------------------

TRACE_CATEGORIES = ["devtools.timeline", "v8.execute", "blink.user_timing", "loading",
                    "disabled-by-default-devtools.timeline"]


def trace(p, rate, url, path):
    """One cold and one return visit in a trace; where the renderer's main thread spends the time."""
    browser = Browser(p, rate)
    ctx, page = browser.open()
    cdp = ctx.new_cdp_session(page)
    events = []
    cdp.on("Tracing.dataCollected", lambda data: events.extend(data["value"]))
    done = threading.Event()
    cdp.on("Tracing.tracingComplete", lambda _: done.set())
    cdp.send("Tracing.start", {"traceConfig": {"includedCategories": TRACE_CATEGORIES}, "transferMode": "ReportEvents"})
    page.goto(url)
    marks(page, "page-ready", "solver-ready")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120000)
    page.wait_for_timeout(500)
    page.goto("about:blank")
    page.goto(url)
    marks(page, "page-ready", "solver-ready")
    cdp.send("Tracing.end")
    while not done.wait(0.1):
        page.wait_for_timeout(50)
    ctx.close()
    Path(path).write_text(json.dumps({"traceEvents": events}))
    print("trace written: %s (%d events)" % (path, len(events)))
    summarize(events)


def summarize(events):
    """For each navigation to the game in the trace: navigation → page-ready, the
    renderer main thread's time in tasks, and its self time by kind of work."""
    marks = {}
    for e in events:
        if e.get("cat") == "blink.user_timing" and e.get("name") in ("page-ready", "saved-board-painted"):
            marks.setdefault(e["args"]["data"]["navigationId"], {})[e["name"]] = e
    for e in events:
        data = e.get("args", {}).get("data", {})
        if e.get("name") != "navigationStart" or data.get("navigationId") not in marks:
            continue
        ready = marks[data["navigationId"]].get("page-ready")
        if ready is None:
            continue
        thread, start, end = (ready["pid"], ready["tid"]), e["ts"], ready["ts"]
        spans = sorted((x for x in events if (x["pid"], x["tid"]) == thread and x.get("ph") == "X"
                        and start <= x["ts"] < end and "dur" in x), key=lambda x: (x["ts"], -x["dur"]))
        own, stack, tasks = {}, [], 0
        for x in spans:
            while stack and stack[-1][0] + stack[-1][1] <= x["ts"]:
                stack.pop()
            if not stack:
                tasks += x["dur"]
            else:
                parent = stack[-1][2]
                own[parent] = own.get(parent, 0) - x["dur"]
            label = x["name"]
            url = x.get("args", {}).get("data", {}).get("url") or x.get("args", {}).get("data", {}).get("scriptName")
            if url:
                label += " " + url.rsplit("/", 1)[-1][:40]
            own[label] = own.get(label, 0) + x["dur"]
            stack.append((x["ts"], x["dur"], label))
        painted = marks[data["navigationId"]].get("saved-board-painted")
        print("navigation to %s → page-ready %.0f ms%s; main thread in tasks %.0f ms; self time by kind:" % (
            data.get("documentLoaderURL", "?").split("//", 1)[-1].split("/", 1)[-1] or "/", (end - start) / 1e3,
            " (saved board painted at %.0f ms)" % ((painted["ts"] - start) / 1e3) if painted else "", tasks / 1e3))
        for label, dur in sorted(own.items(), key=lambda kv: -kv[1])[:20]:
            if dur >= 1000:
                print("  %-66s %7.1f ms" % (label, dur / 1e3))


def arguments(doc, trace):
    """The command line of a bench of the game page: ``--runs`` per CPU throttling rate,
    the rates, and ``--trace FILE`` (``trace`` says what it records instead)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--throttle", type=float, nargs="+", default=[1, 4])
    parser.add_argument("--trace", help=trace)
    return parser.parse_args()


def main():
    args = arguments(__doc__, "record a trace of one cold and one return visit into this file instead")
    counter = Counter()
    server, base = serve(SITE, counter)
    game, ace = ace_deal()
    url = base + "#" + game.code
    with sync_playwright() as p:
        if args.trace:
            for rate in args.throttle:
                trace(p, rate, url, args.trace.replace(".json", "-x%g.json" % rate))
        else:
            board = board_page(p, url)
            results = [(rate, measure(p, rate, args.runs, url, counter, ace, board)) for rate in args.throttle]
            for rate, m in results:
                report(rate, m)
    server.shutdown()


if __name__ == "__main__":
    main()
