"""Start-up of the game page against PyScript + MicroPython's own floor, in headless Chromium on a phone's viewport.

    python3 bench/startup.py [--runs 7] [--throttle 1 4] [--peer DIR] [--before DIR] [--trace FILE]

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
- a first visit as a player makes it (no deal in the URL, a new profile):
  navigation → the build's new deal drawn (``first-board-painted``), and its
  toolbar, fitted and painted with it (``toolbar-painted``), against the same
  board as plain HTML (board_page of a first visit, cold);
- input, first and return visits (the return visit in the same profile,
  served by the service worker): from navigation, the ace on top of a new
  deal is tapped again and again (each tap sent once the page took the one
  before) until the page answers; navigation → the frame that shows the
  answer; and the taps lost (taps made − taps the page gave the engine, ≥ 20
  taps in all). Beside the same for the peer (``--peer``, a checkout of
  jhoenicke/seahaven's static/ folder: JavaScript, served alike), whose click
  on a column moves its top card;
- a return visit (the service worker serves every file): navigation → the
  saved board drawn (``saved-board-painted``: the frame that shows the view
  kept with the save, drawn before any other file is read, is done), → its
  toolbar drawn (``toolbar-painted``), → the first contentful paint (when the
  browser says that frame was shown) and → playable; taps with the solver
  ready; Hint on fresh 4-cell deals → the hint shown.

The targets (PLAYABLE_MS, TAP_RATIO) are checked in the report, ✓ or ✗.
``--before DIR`` (another build of the site, a copy of _site/ made before a
change) measures the game as built there as well, in every run, the two in
turn, and reports this build against it, each run against its own.

The game's figures against the floor are given twice: the difference of the
medians, as the targets are written, and the median of each run's own
difference (its floor is loaded seconds before its game, so the machine's slow
and fast phases, which moved the floor's median by 80 ms between runs here,
cancel out).

``--trace FILE`` instead records one cold and one return visit in a
performance trace (Chrome's JSON trace format, for chrome://tracing or
Perfetto) and prints where the main thread spent the time before ``page-ready``,
in all and in each phase between the page's marks (PHASE_MARKS).
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
import time
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

# The phone every page is measured on, as the targets are set for it: its
# viewport, touch and pixel density (the floor, plain HTML and the peer alike).
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


class Browser:
    """New persistent profiles on a phone (PHONE), each page CPU-throttled at ``rate``
    before it loads, in a browser settled on a blank page (SETTLE_MS)."""

    def __init__(self, p, rate):
        self.p, self.rate, self.exe = p, rate, chromium.executable()

    def open(self, service_workers="allow"):
        profile = tempfile.mkdtemp()
        ctx = self.p.chromium.launch_persistent_context(
            profile, executable_path=self.exe, args=chromium.ARGS, service_workers=service_workers, **PHONE)
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
    # The early board, the first part of the script that holds the late start (generate.board_start).
    (r"(<!-- A return visit's board.*?-->\s*<script>)try \{\n.*?\n\} finally \{\n"
     r"(const LATE_FILES = .*?)\n\}(</script>)", r"\1\2\3"),
    # The late start without the page's bundle: its hash changes, so the policy goes.
    (r'\s*<meta http-equiv="Content-Security-Policy"[^>]*>', ""),
    (r', \["module", "./static/build/page.js", false\]', ""),
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


def late_files(html):
    """What index.html requests after its first paint (tools/generate.py late_start, in board_start)."""
    found = re.search(r"const LATE_FILES = (.*?);\n", html)
    if not found:
        raise SystemExit("bench: index.html no longer has LATE_FILES (tools/generate.py late_start)")
    return json.loads(found[1])


def engine_page():
    """The hello page with index.html's preloads, the game's configuration and
    its way to mount the engine, running hello_floor/engine.py (the engine
    alone, no page) instead of the page's main module."""
    html = (SITE / "index.html").read_text(encoding="utf-8")
    links = ['<link rel="modulepreload" href="%s">' % href if kind == "modulepreload" else
             '<link rel="preload" as="fetch" crossorigin%s href="%s">' % (' fetchpriority="low"' if low else "", href)
             for kind, href, low in late_files(html) if kind != "module"]
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
            '%s%s</body></html>' % ("\n".join(links), script, plugins_off()))


# Marks a page drawn once its first frame is done, as the early board does (after-paint.js).
DRAWN = "<script>requestAnimationFrame(() => setTimeout(() => performance.mark('page-ready'), 0))</script>"


def board_page(p, url, first=False):
    """The game page as the early board draws a return visit (scripts left empty,
    after one load saved the game), or a first visit (``first``: no load before,
    the new deal PICK_DEAL picks), with every script, preload and the content
    security policy taken out and DRAWN added after the board: plain HTML.
    Fails (times out) if the early board draws nothing."""
    ctx, page = Browser(p, 1).open(service_workers="block")
    if first:
        page.add_init_script(PICK_DEAL % first_deal()[0])
    else:
        page.goto(url)
        marks(page, "page-ready")
        page.wait_for_timeout(300)  # saved after the next frame
    page.route("**/*.js", lambda route: route.fulfill(body="", content_type="text/javascript"))  # empty: no error
    page.goto(url.split("#")[0], wait_until="commit")
    page.wait_for_selector("body[data-early='1']", state="attached", timeout=10000)  # the toolbar too
    html = page.evaluate("""() => {
      const doc = document.documentElement.cloneNode(true);
      for (const el of doc.querySelectorAll('script, link[rel$=preload], meta[http-equiv]')) el.remove();
      return '<!doctype html>' + doc.outerHTML;
    }""")
    ctx.close()
    return html.replace("</main>", "</main>" + DRAWN, 1)


def game_plugins():
    """The PyScript plugins the game's configuration turns off (pyscript.json's "!name" list)."""
    return json.loads((SITE / "pyscript.json").read_text(encoding="utf-8"))["plugins"]


def plugins_off(kind="py"):
    """The element that turns the game's plugins off for PyScript's type ``kind`` (the game
    page's <py-config hidden>, tools/generate.py): without one, a type imports its plugins,
    which the site does not hold."""
    return "<%s-config hidden>%s</%s-config>" % (kind, json.dumps({"plugins": game_plugins()}), kind)


def hello_page():
    """bench/hello_floor/index.html with the plugins the game's configuration turns
    off turned off too, for both of PyScript's types, as the game page does (the site
    holds only the PyScript files the game loads)."""
    html = (HELLO / "index.html").read_text(encoding="utf-8")
    config = "config='{\"interpreter\": \"./static/vendor/micropython/micropython.mjs\"}'"
    if config not in html or "</body>" not in html:
        raise SystemExit("bench: hello_floor/index.html no longer has %s and a </body>" % config)
    interpreter = "./static/vendor/micropython/micropython.mjs"
    html = html.replace(config, "config='%s'" % json.dumps({"interpreter": interpreter, "plugins": game_plugins()}))
    return html.replace("</body>", plugins_off() + "</body>", 1)


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
            shutil.copy(HELLO / "ready.py", Path(root) / "ready.py")
            (Path(root) / "index.html").write_text(hello_page(), encoding="utf-8")
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
    got = marks(page, "page-ready", "saved-board-painted", "toolbar-painted", "solver-ready")
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
    return {"ready": got["page-ready"], "painted": got["saved-board-painted"], "toolbar": got["toolbar-painted"],
            "fcp": got["fcp"], "solver": got["solver-ready"], "taps": taps, "hints": hints}


# -- a first visit's new deal, and input ------------------------------------------------------

# The early board picks one of the build's new deals at random (entries/early-board.js):
# the bench has it pick the one it taps, Math.random given back once the page is parsed.
PICK_DEAL = """(() => {
  const random = Math.random, n = %d;
  Math.random = () => (n + 0.5) / 1000;
  document.addEventListener("DOMContentLoaded", () => (Math.random = random), { once: true });
})()"""


def first_deal():
    """Which of the page's new deals the bench has drawn (as PICK_DEAL's argument, the deal's
    index × 1000 / their count), its code and its ace on top (a tap sends it home)."""
    html = (SITE / "index.html").read_text(encoding="utf-8")
    deals = json.loads(re.search(r'<script type="application/json" id="first-deals">(.*?)</script>', html, re.S)[1])
    for i, deal in enumerate(deals["deals"]):
        game = Game.from_code(deal["code"])
        for place, cards in deal["view"]["places"].items():
            move = game.tap(place) if cards and cards[-1][0] == "A" else None
            if move is not None:
                return int(i * 1000 / len(deals["deals"])), deal["code"], cards[-1]
    raise SystemExit("bench: none of the page's new deals has an ace on top")


# Every trusted tap (pointerdown: its target is what was touched) on the board drawn counted (a tap before there is one
# is a tap on nothing); the page's engine calls a tap makes
# (tap, doubleTap) counted once the page hands its engine over (window.seahaven);
# `window.__answered`: the time of the first frame at which ANSWERED (a
# predicate of the page) holds after a tap.
INPUT_PROBE = """(() => {
  window.__taps = 0; window.__calls = 0; window.__answered = null;
  let base = null, seahaven;
  const answered = %s;
  // Looked for at every change to the page once a tap was made, the answer is
  // timed at the next frame's start: a frame callback every frame until then
  // would make the page draw a frame every 16 ms while it starts, work a tap
  // alone never asks for.
  const changes = new MutationObserver(() => {
    if (answered.now() === base) return;
    changes.disconnect();
    requestAnimationFrame(() => (window.__answered = performance.now()));
  });
  addEventListener("pointerdown", (e) => {
    if (!e.isTrusted || !(e.target instanceof Element && e.target.closest(answered.on))) return;
    window.__taps += 1;
    if (base !== null) return;
    base = answered.now();
    changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  }, { capture: true });
  Object.defineProperty(window, "seahaven", { configurable: true, get: () => seahaven, set(value) {
    seahaven = value;
    const engine = value && value.page && value.page.api.engine;
    for (const name of ["tap", "doubleTap"]) {
      const call = engine && engine[name];
      if (call) engine[name] = (...args) => (window.__calls += 1, call.apply(engine, args));
    }
  } });
})()"""
# What a tap is on (a card or place drawn), and what the page shows that a tap changes:
# ours, the moves counter; the peer's, its stored moves.
OURS_ANSWER = "{ on: '[data-place]', now: () => (document.querySelector('[data-testid=moves]') || {}).textContent }"
PEER_ANSWER = """{ on: "#board", now: () => { const games = JSON.parse(localStorage.getItem("seahavenGames") || "null");
  return games ? games.reduce((n, g) => n + g.moves.length, 0) : 0; } }"""
INPUT_TAPS = 20  # taps made at least, answered or not


def tap_until_answered(page, points, timeout_ms=20000):
    """Tap ``points`` in turn (never one place twice running: no double tap) from the
    moment the page commits until it answers a tap, and at least INPUT_TAPS times on the board:
    (navigation → the answer's frame, taps made, taps the engine heard)."""
    began = time.monotonic()
    taps = 0
    while True:
        page.mouse.click(*points[taps % len(points)])
        taps += 1
        if taps >= INPUT_TAPS and page.evaluate("window.__answered !== null && window.__taps >= %d" % INPUT_TAPS):
            break
        if time.monotonic() - began > timeout_ms / 1000:
            raise SystemExit("bench: no tap answered in %d ms on %s (%d taps, %s)" % (
                timeout_ms, page.url, taps, page.evaluate("[window.__answered, window.__taps, window.__calls]")))
    page.wait_for_timeout(500)  # every kept tap played
    return page.evaluate("[window.__answered, window.__taps, window.__calls]")


def card_points(page, ace):
    """Where to tap: the middle of the top strip (what shows of a covered card) of
    ``ace``, then of each column's top card."""
    def point(card):
        box = page.locator("[data-card='%s']" % card).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + 5
    tops = page.evaluate("Array.from(document.querySelectorAll('.tableau [data-place]'), "
                         "(el) => el.lastElementChild.dataset.card)")
    return [point(ace)] + [point(card) for card in tops if card != ace]


def ours_input(browser, base, deal):
    """A first visit (the new deal PICK_DEAL picks) and a return visit (the saved game,
    its move undone): each tapped from navigation until answered."""
    pick, _, ace = deal
    ctx, page = browser.open()
    page.add_init_script(PICK_DEAL % pick)
    page.add_init_script(INPUT_PROBE % OURS_ANSWER)
    points = POINTS.get("ours")
    if points is None:  # where the cards are drawn: the same in every run
        probe, look = browser.open(service_workers="block")
        look.add_init_script(PICK_DEAL % pick)
        look.goto(base)
        marks(look, "page-ready")
        points = POINTS["ours"] = card_points(look, ace)
        probe.close()
    page.goto(base, wait_until="commit")
    first = tap_until_answered(page, points)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120000)
    page.wait_for_timeout(500)
    while page.get_by_test_id("undo").is_enabled():  # back to the deal: the ace on top again
        page.get_by_test_id("undo").click()
    page.wait_for_function(SETTLED, arg=0)
    page.wait_for_timeout(300)  # saved after the next frame
    page.goto("about:blank")
    page.goto(base, wait_until="commit")
    back = tap_until_answered(page, points)
    ctx.close()
    return first, back


POINTS = {}  # where to tap, found once


def peer_input(browser, base):
    """The peer, a first and a return visit (served by its service worker when its solver
    is built, else from the HTTP cache): its columns clicked in turn from navigation until a card moves."""
    url = base + "online.html"
    points = POINTS.get("peer")
    if points is None:
        probe, look = browser.open(service_workers="block")
        look.goto(url)
        look.wait_for_function("typeof xgrid === 'number' && Boolean(document.getElementById('board').onclick)")
        points = POINTS["peer"] = look.evaluate("""() => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((col) => {
          const svg = document.getElementById('board'), pt = svg.createSVGPoint();
          pt.x = xoffset / 2 + (col + 0.5) * xgrid; pt.y = 700;
          const screen = pt.matrixTransform(svg.getScreenCTM());
          return [screen.x, screen.y];
        })""")
        probe.close()
    ctx, page = browser.open()
    page.add_init_script(INPUT_PROBE % PEER_ANSWER)
    page.goto(url, wait_until="commit")
    first = tap_until_answered(page, points)
    for _ in range(60):  # back to the deal, where cards can move again
        page.click("#undo")
    page.wait_for_timeout(500)  # its service worker installs only with its solver built (emcc): else the HTTP cache
    page.goto("about:blank")
    page.goto(url, wait_until="commit")
    back = tap_until_answered(page, points[1:] + points[:1])
    ctx.close()
    return first, back


def first_drawn(browser, base, deal):
    """A first visit as a player makes it (no deal in the URL): navigation → the new deal drawn."""
    ctx, page = browser.open()
    page.add_init_script(PICK_DEAL % deal[0])
    page.goto(base)
    got = marks(page, "first-board-painted", "toolbar-painted", "page-ready")
    if page.evaluate("document.body.dataset.dealt") != deal[1]:
        raise SystemExit("bench: the early board drew another deal than PICK_DEAL's")
    ctx.close()
    return got["first-board-painted"], got["toolbar-painted"]


def game(browser, run, url, counter, ace, deal):
    """One run of the game's own measures (not its references), at ``url``."""
    base = url.split("#")[0]
    got = {"drawn": first_drawn(browser, base, deal), "input": ours_input(browser, base, deal)}
    ctx, page, got["first"] = first_visit(browser, counter, url, ace)
    deals = [Game.from_number(1000 + 3 * run + k, 4).code for k in range(3)]
    got["back"] = return_visit(page, url, ace, deals)
    ctx.close()
    got["warm"] = warm_visit(browser, url, ace)
    return got


def measure(p, rate, runs, url, counter, ace, board):
    """Each run measures the floor, then the game: a machine that slows down or
    speeds up during the bench moves both alike. With BEFORE, the game as built
    there too, in each run, the two in turn (which goes first alternates)."""
    browser = Browser(p, rate)
    out = {"first": [], "warm": [], "back": [], "drawn": [], "input": [], "peer": [],
           "before": {"first": [], "warm": [], "back": [], "drawn": [], "input": []}}
    deal = first_deal()
    for run in range(runs):
        for kind in ("floor", "shell", "engine", "board", "first_board"):
            page = "hello" if kind == "floor" else kind
            html = board[1] if kind == "first_board" else board[0]
            cold, warm, painted, reload = floor(browser, 1, "board" if kind == "first_board" else page,
                                                "" if kind == "first_board" else "#" + url.split("#")[1], html)
            for name, values in (("cold", cold), ("warm", warm), ("painted", painted), ("reload", reload)):
                out.setdefault("%s_%s" % (kind, name), []).extend(values)
        builds = [(out, url)] + ([(out["before"], BEFORE + "#" + url.split("#")[1])] if BEFORE else [])
        for into, at in builds[::-1] if run % 2 else builds:
            for name, value in game(browser, run, at, counter, ace, deal).items():
                into[name].append(value)
        if PEER:
            out["peer"].append(peer_input(browser, PEER))
    return out


# Navigation → the saved board drawn on a return visit, at every CPU rate (issue 13's target).
SAVED_BOARD_MS = 150
# Navigation → playable, at most this above PyScript's floor (cold: a first visit; warm:
# from the HTTP cache; return: served by the service worker), and navigation → a tap
# answered, at most this many times the peer's, on first and return visits, by CPU
# rate (issue 45: a phone's ×4 is what counts).
PLAYABLE_MS = {"cold": 100, "warm": 60, "return": 60}
TAP_RATIO = {4: 1.0, 1: 1.3}


def tap_ratio(rate):
    """The target ratio to the peer's tap answered at ``rate``: the nearest rate's that has one."""
    return TAP_RATIO[min(TAP_RATIO, key=lambda known: abs(known - rate))]


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
    painted_bar = [r["toolbar"] for r in m["back"]]
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
    def over(values, reference, target):
        """Above the floor, against its target: met when both the difference of the medians and
        the median of each run's own difference are within it."""
        paired = med([v - r for v, r in zip(values, reference)])
        met = max(med(values) - med(reference), paired) <= target
        return "%s (target ≤ +%d %s)" % (gap(values, reference), target, "✓" if met else "✗")

    row("navigation → playable, cold", cold, note=over(cold, m["floor_cold"], PLAYABLE_MS["cold"]))
    row("navigation → playable, warm (HTTP cache)", warm, note=over(warm, m["floor_warm"], PLAYABLE_MS["warm"]))
    row("reload → playable (HTTP cache)", [r["reload"] for r in m["warm"]], note="floor's reload + %.0f ms: with "
        "the teardown of the page it replaces" % (med([r["reload"] for r in m["warm"]]) - med(m["floor_reload"])))
    row("navigation → playable, return (service worker)", back,
        note=over(back, m["floor_warm"], PLAYABLE_MS["return"]))
    row("the saved board as plain HTML, drawn, warm", m["board_warm"],
        note="its frame done, no script in it: what no return visit draws it before (≤ %d ms in %d of %d runs)"
        % (SAVED_BOARD_MS, sum(v <= SAVED_BOARD_MS for v in m["board_warm"]), len(m["board_warm"])))
    row("navigation → saved board drawn, return", painted,
        note="its frame done, %s (target ≤ %d ms)" % (gap(painted, m["board_warm"], "plain HTML"), SAVED_BOARD_MS))
    row("navigation → its toolbar drawn too, return", painted_bar,
        note="painted with the board: %s" % gap(painted_bar, m["board_warm"], "plain HTML"))
    row("navigation → first contentful paint, return", shown,
        note="that frame shown, as the browser reports it: %s" % gap(shown, m["board_painted"], "plain HTML"))
    row("the plain-HTML board, first contentful paint", m["board_painted"],
        note="the same for the page with no script")
    row("the new deal as plain HTML, drawn, cold", m["first_board_cold"],
        note="a first visit's board, no script in it, its frame done")
    drawn = [board for board, _ in m["drawn"]]
    drawn_bar = [bar for _, bar in m["drawn"]]
    row("navigation → new deal drawn, first visit", drawn,
        note="its frame done, %s (target ≤ +30)" % gap(drawn, m["first_board_cold"], "plain HTML"))
    row("navigation → its toolbar drawn too, first visit", drawn_bar,
        note="painted with the board: %s" % gap(drawn_bar, m["first_board_cold"], "plain HTML"))
    for i, visit in enumerate(("first", "return")):
        ours = [r[i][0] for r in m["input"]]
        made = sum(r[i][1] for r in m["input"])
        heard = sum(r[i][2] for r in m["input"])
        peer = [r[i][0] for r in m["peer"]]
        target = tap_ratio(rate)
        against = ("the peer's median %.0f ms: ×%.2f (target ≤ ×%.1f %s)" % (
            med(peer), med(ours) / med(peer), target, "✓" if med(ours) <= target * med(peer) else "✗")
            if peer else "no peer (--peer)")
        row("navigation → a tap answered, %s visit" % visit, ours, note=against)
        print("  %-44s %d of %d taps lost" % ("taps on the early board, %s visit" % visit, made - heard, made))
        if peer:
            row("the peer: navigation → a tap answered, %s" % visit, peer)
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
    if m["before"]["first"]:
        compare(m)


def compare(m):
    """The game as built against the build BEFORE, loaded in turn in every run: medians, and
    the median of each run's own difference (this − before)."""
    def pick(got):
        return {
            "playable, cold": [r["ready"] for r in got["first"]],
            "playable, warm (HTTP cache)": [r["ready"] for r in got["warm"]],
            "playable, return (service worker)": [r["ready"] for r in got["back"]],
            "new deal drawn, first visit": [board for board, _ in got["drawn"]],
            "saved board drawn, return": [r["painted"] for r in got["back"]],
            "a tap answered, first visit": [r[0][0] for r in got["input"]],
            "a tap answered, return visit": [r[1][0] for r in got["input"]],
            "solver ready, cold": [r["solver"] for r in got["first"]],
        }
    ours, before = pick(m), pick(m["before"])
    print("  against the build in %s (loaded in turn; this − before, each run against its own):" % BEFORE_DIR)
    for name, values in ours.items():
        old = before[name]
        paired = statistics.median([a - b for a, b in zip(values, old)])
        print("    %-40s %7.1f against %7.1f ms: %+6.1f (%+6.1f)"
              % (name, statistics.median(values), statistics.median(old),
                 statistics.median(values) - statistics.median(old), paired))
    for i, visit in enumerate(("first", "return")):
        lost = [sum(r[i][1] - r[i][2] for r in got["input"]) for got in (m, m["before"])]
        print("    taps lost, %s visit: %d here, %d before" % (visit, *lost))


# -- the performance trace ------------------------------------------------------------------

TRACE_CATEGORIES = ["devtools.timeline", "v8.execute", "blink.user_timing", "loading",
                    "disabled-by-default-devtools.timeline"]


def traced_visits(browser, url, deal=None):
    """A first visit (cold) of the game at ``url`` and a return visit, in one trace: its events.
    With ``deal``, the first visit's new deal is the one PICK_DEAL picks."""
    ctx, page = browser.open()
    if deal:
        page.add_init_script(PICK_DEAL % deal[0])
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
    return events


def main_thread_time(events):
    """For each navigation in ``events`` that reached page-ready: the renderer main thread's own
    time (the trace's thread time, which other processes taking the CPU do not add to) in tasks
    from navigation to the board's first paint and to page-ready, in ms."""
    found = []
    for e in events:
        data = e.get("args", {}).get("data", {})
        if e.get("name") != "navigationStart" or not data.get("documentLoaderURL", "").startswith("http"):
            continue
        got = {x["name"]: x for x in events if x.get("cat") == "blink.user_timing"
               and x.get("args", {}).get("data", {}).get("navigationId") == data.get("navigationId")}
        ready = got.get("page-ready")
        painted = got.get("first-board-painted") or got.get("saved-board-painted")
        if ready is None or painted is None:
            continue
        thread = (ready["pid"], ready["tid"])
        reach, until = 0, {"painted": 0, "ready": 0}
        for x in sorted((x for x in events if (x["pid"], x["tid"]) == thread and x.get("ph") == "X" and "dur" in x
                         and e["ts"] <= x["ts"] < ready["ts"]), key=lambda x: (x["ts"], -x["dur"])):
            if x["ts"] < reach:
                continue  # inside a task already counted
            reach = x["ts"] + x["dur"]
            own = x.get("tdur", x["dur"])
            until["ready"] += own
            if x["ts"] < painted["ts"]:
                until["painted"] += own
        found.append({name: value / 1e3 for name, value in until.items()})
    return found


def cpu(p, rate, runs, base, deal):
    """The main thread's own time on a first and a return visit, this build and BEFORE in turn
    (which goes first alternates): medians, and the median of each run's own difference."""
    browser = Browser(p, rate)
    out = {"this": [], "before": []}
    builds = [("this", base), ("before", BEFORE)]
    for run in range(runs):
        for label, at in builds[::-1] if run % 2 else builds:
            visits = main_thread_time(traced_visits(browser, at, deal))
            if len(visits) != 2:
                raise SystemExit("bench: a traced load did not reach page-ready twice (%s)" % at)
            out[label].append(visits)
    print("CPU throttling ×%g, %d runs: the main thread's own time (trace thread time), this build against %s"
          % (rate, runs, BEFORE_DIR))
    for i, visit in enumerate(("first visit", "return visit")):
        for until in ("painted", "ready"):
            ours = [r[i][until] for r in out["this"]]
            old = [r[i][until] for r in out["before"]]
            print("  %-13s navigation → %-13s %7.1f against %7.1f ms: %+6.1f (each run against its own %+6.1f)"
                  % (visit, "board painted" if until == "painted" else "page-ready", statistics.median(ours),
                     statistics.median(old), statistics.median(ours) - statistics.median(old),
                     statistics.median([a - b for a, b in zip(ours, old)])))


def trace(p, rate, url, path):
    """One cold and one return visit in a trace; where the renderer's main thread spends the time."""
    events = traced_visits(Browser(p, rate), url)
    Path(path).write_text(json.dumps({"traceEvents": events}))
    print("trace written: %s (%d events)" % (path, len(events)))
    summarize(events)


# The page's own marks that cut a start into phases, in the order they come.
PHASE_MARKS = ["early-board", "first-board-painted", "saved-board-painted", "page-script", "page-features",
               "py-start", "py-engine", "page-ready"]


def own_times(spans):
    """Self time by label (the event's name, with its script's file) and the time in tasks,
    of trace spans (complete events of one thread) sorted by start, longest first."""
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
        data = x.get("args", {}).get("data", {})
        url = data.get("url") or data.get("scriptName") or x.get("args", {}).get("fileName")
        if url:
            label += " " + url.rsplit("/", 1)[-1][:40]
        own[label] = own.get(label, 0) + x["dur"]
        stack.append((x["ts"], x["dur"], label))
    return own, tasks


def summarize(events):
    """For each navigation to the game in the trace: navigation → page-ready, the
    renderer main thread's time in tasks, and its self time by kind of work; then the
    same for each phase the page's marks cut the start into (PHASE_MARKS)."""
    marks = {}
    for e in events:
        if e.get("cat") == "blink.user_timing" and e.get("name") in PHASE_MARKS:
            marks.setdefault(e["args"]["data"]["navigationId"], {})[e["name"]] = e
    for e in events:
        data = e.get("args", {}).get("data", {})
        if e.get("name") != "navigationStart" or data.get("navigationId") not in marks:
            continue
        got = marks[data["navigationId"]]
        ready = got.get("page-ready")
        if ready is None:
            continue
        thread, start, end = (ready["pid"], ready["tid"]), e["ts"], ready["ts"]
        spans = sorted((x for x in events if (x["pid"], x["tid"]) == thread and x.get("ph") == "X"
                        and start <= x["ts"] < end and "dur" in x), key=lambda x: (x["ts"], -x["dur"]))
        own, tasks = own_times(spans)
        painted = got.get("saved-board-painted")
        print("navigation to %s → page-ready %.0f ms%s; main thread in tasks %.0f ms; self time by kind:" % (
            data.get("documentLoaderURL", "?").split("//", 1)[-1].split("/", 1)[-1] or "/", (end - start) / 1e3,
            " (saved board painted at %.0f ms)" % ((painted["ts"] - start) / 1e3) if painted else "", tasks / 1e3))
        for label, dur in sorted(own.items(), key=lambda kv: -kv[1])[:20]:
            if dur >= 1000:
                print("  %-66s %7.1f ms" % (label, dur / 1e3))
        cuts = [("navigation", start)] + sorted(((name, got[name]["ts"]) for name in PHASE_MARKS if name in got),
                                                key=lambda cut: cut[1])
        print("  by phase (between the page's marks): wall, main thread in tasks (a task cut at the marks), "
              "the largest self times of the events that begin in it")
        top_level, reach = [], 0
        for x in spans:
            if x["ts"] >= reach:
                top_level.append(x)
                reach = x["ts"] + x["dur"]
        for (name, t0), (after, t1) in zip(cuts, cuts[1:]):
            busy = sum(max(0, min(t1, x["ts"] + x["dur"]) - max(t0, x["ts"])) for x in top_level)
            own, _ = own_times([x for x in spans if t0 <= x["ts"] < t1])
            top = ", ".join("%s %.1f" % (label, dur / 1e3)
                            for label, dur in sorted(own.items(), key=lambda kv: -kv[1])[:6] if dur >= 500)
            print("  %-22s → %-20s %6.1f ms wall %6.1f ms busy: %s" % (
                name, after, (t1 - t0) / 1e3, busy / 1e3, top))


def arguments(doc, trace, peer=False, more=None):
    """The command line of a bench of the game page: ``--runs`` per CPU throttling rate,
    the rates, ``--peer DIR`` (with ``peer``) and ``--trace FILE`` (``trace`` says what it records instead);
    ``more(parser)`` adds a bench's own."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--throttle", type=float, nargs="+", default=[1, 4])
    if peer:
        parser.add_argument("--peer", help="a checkout of jhoenicke/seahaven's static/ folder, measured beside")
    parser.add_argument("--trace", help=trace)
    if more:
        more(parser)
    return parser.parse_args()


def main():
    global PEER, BEFORE, BEFORE_DIR

    def before(parser):
        parser.add_argument("--before", help="another build of the site (a copy of _site/), measured in turn "
                            "with this one in every run, the same deal")
        parser.add_argument("--cpu", action="store_true", help="instead, with --before: the main thread's own "
                            "time (a trace's thread time) to the board's paint and to page-ready, first and "
                            "return visits, the two builds in turn")
    args = arguments(__doc__, "record a trace of one cold and one return visit into this file instead", peer=True,
                     more=before)
    counter = Counter()
    server, base = serve(SITE, counter)
    peer = serve(args.peer) if args.peer else None
    PEER = peer[1] if peer else None
    old = serve(args.before) if args.before else None
    BEFORE, BEFORE_DIR = (old[1], args.before) if old else (None, None)
    game, ace = ace_deal()
    url = base + "#" + game.code
    with sync_playwright() as p:
        if args.trace:
            for rate in args.throttle:
                trace(p, rate, url, args.trace.replace(".json", "-x%g.json" % rate))
        elif args.cpu:
            if not BEFORE:
                raise SystemExit("bench: --cpu compares this build with another: --before DIR")
            for rate in args.throttle:
                cpu(p, rate, args.runs, base, first_deal())
        else:
            board = board_page(p, url), board_page(p, url.split("#")[0], first=True)
            results = [(rate, measure(p, rate, args.runs, url, counter, ace, board)) for rate in args.throttle]
            for rate, m in results:
                report(rate, m)
    server.shutdown()
    for other in (peer, old):
        if other:
            other[0].shutdown()


PEER = None  # the peer's address, when served (--peer)
BEFORE = BEFORE_DIR = None  # another build's address and folder, when served (--before)

if __name__ == "__main__":
    main()
