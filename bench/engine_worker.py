"""The engine in the main thread or in a MicroPython worker of its own: which answers first, with fewer long tasks.

    python3 bench/engine_worker.py [--runs 5] [--throttle 1 4]

Run after `make build`. Three versions of the published page (_site/), each
served as GitHub Pages serves it, on a phone (360 × 740, touch; the CPU
throttled through CDP, ``Emulation.setCPUThrottlingRate``, 4 being a
mid-range phone):

- **main thread**: the page as built, the engine (web/main.py and the
  controller) in MicroPython on the main thread;
- **PyScript's worker**: a trial written into a temporary folder
  (worker_site): the same page without its main-thread MicroPython. Its late
  start requests PyScript's core, then TRIAL_JS, then the page's script.
  TRIAL_JS makes a MicroPython worker with PyScript's ``MPWorker`` (as the
  solver's is made) that mounts the same image of the precompiled engine
  (main.romfs, by the page's own mounting code) and runs TRIAL_PY, which
  imports the same controller;
- **own worker**: the same trial with a module worker of the page's own
  (OWN_WORKER_JS: MicroPython's module imported as it is, the image written
  into its file system, the same Python run), and no PyScript in the start
  (the solver imports PyScript's core when it starts).

In both trials, once the page's script is loaded (``seahaven-loaded``, which
web/main.py waits for too), the page's ``startup()`` goes to the worker in a
message; the worker opens the first game (controller ``first_game``) and
answers its view (intent ``state``); the page is then booted with it through
web/main.py's handshake (``seahaven.boot``), so that it draws the board and
runs what follows ready (the solver's start among it) as it does today. The
trials' engine function answers only that first ``state``: any other intent
the page asks in the window is reported (none is, on a first visit).

Each run loads the three in turn (each first in its turn): a first visit as
a player makes it (the new deal startup.PICK_DEAL picks, a new profile: cold),
then again from the HTTP cache (warm: a blank page, then the page; the game
the first load saved is drawn as a return visit's), service workers
blocked. For each load:

- navigation → the page's script loaded (``seahaven-loaded``), → the engine
  imported (main: web/main.py's ``py-start``; a trial: its worker answering),
  → the engine's first answer (the first call of the engine's function inside
  ``seahaven.boot`` has returned: the page holds the first game's view) and
  → ``page-ready`` (the board drawn by the engine, ready's listeners run);
- the main thread's long tasks (PerformanceObserver ``longtask``, over
  50 ms): their total and the longest, from navigation to the first answer,
  and to a second after it;
- a trial's worker: navigation → made, made → answering, and the own
  worker's MicroPython loaded and the engine imported on its own clock;
- after that second, the bridge: a tap on the deal's ace (it goes home) and
  its Undo, three times, each a call from the main thread → the answer there
  (main: one synchronous call; a trial: a message and its answer).

Chromium throttles a worker's CPU only about twice at a rate of 4
(bench/README.md, "Chromium throttles the worker only about two times"), so
at ×4 a worker's start is flattered: the own worker's times on its own clock
at ×1 and ×4 show by how much.
"""

import argparse
import base64
import hashlib
import json
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "bench")]
import generate  # noqa: E402
from counting import serve  # noqa: E402
from startup import MAIN_SCRIPT, PICK_DEAL, SITE, first_deal, late_files, marks, plugins_off  # noqa: E402
from taps import Phone  # noqa: E402

# Set before the page's own scripts run, in both versions: the main thread's
# long tasks from navigation on; the first answer of the engine's function that
# seahaven.boot is handed (web/main.py's, or the trial's), marked
# ``engine-answered``; and that function as ``__bridge`` for the taps (unless
# the trial set its own).
PROBE = r"""(() => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
  addEventListener("seahaven-loaded", () => performance.mark("page-loaded"), { once: true });
  let value;
  Object.defineProperty(window, "seahaven", { configurable: true, get: () => value, set(page) {
    value = page;
    if (!page || typeof page.boot !== "function") return;
    const boot = page.boot;
    page.boot = (engine, notes) => {
      let first = true;
      window.__bridge = window.__bridge || engine;
      return boot((name, args) => {
        const answer = engine(name, args);
        if (first) performance.mark("engine-answered");
        first = false;
        return answer;
      }, notes);
    };
  } });
})()"""

# The trials' main-thread side, a module the late start runs before the page's script: the worker made
# by PyScript (MPWorker, as the solver's), or with ``?own`` a module worker of the page's own (OWN_WORKER_JS).
TRIAL_JS = r"""// bench/engine_worker.py's trial: the page's engine in a MicroPython worker of its own.
const url = (path) => new URL(path, import.meta.url).href;
const loaded = new Promise((resolve) => addEventListener("seahaven-loaded", resolve, { once: true }));

async function pyscriptWorker() {
  const { MPWorker } = await import("./static/vendor/pyscript/core.js");
  const worker = await MPWorker(url("engine-worker.py"), {
    config: { files: { [url("static/vendor/mpy/main.romfs")]: "./main.romfs" } },
    version: url("static/vendor/micropython/micropython.mjs"),
  });
  return (name, ...args) => worker.sync[name](...args);
}

async function ownWorker() {
  const worker = new Worker(url("engine-own-worker.js"), { type: "module" });
  const waiting = new Map();
  let calls = 0;
  worker.onmessage = ({ data: { id, answer, error } }) => {
    const { resolve, reject } = waiting.get(id);
    waiting.delete(id);
    if (error) reject(new Error(error));
    else resolve(answer);
  };
  const call = (name, ...args) => new Promise((resolve, reject) => {
    calls += 1;
    waiting.set(calls, { resolve, reject });
    worker.postMessage({ id: calls, name, args });
  });
  window.__workerSpent = await call("ready");
  return call;
}

async function start() {
  performance.mark("trial-worker-made");
  const call = await (new URL(import.meta.url).search === "?own" ? ownWorker() : pyscriptWorker());
  performance.mark("trial-worker-ready");
  if (!(window.seahaven && window.seahaven.loaded)) await loaded;
  const answer = JSON.parse(await call("open_game", window.seahaven.startup()));
  performance.mark("trial-received");
  const state = JSON.stringify(answer.state);
  window.__unanswered = [];
  window.__bridge = (name, args) => call("handle", name, args);
  window.seahaven.boot((name) => {
    if (name === "state") return state;
    window.__unanswered.push(name);
    throw new Error(`the trial's engine answers only the first state, not ${name}`);
  }, JSON.stringify(answer.notes));
  document.body.dataset.ready = "1";
  performance.mark("page-ready");
}

start().catch((err) => console.error(`trial: ${err}`));
"""

# The own worker: MicroPython loaded as the page's own module (no PyScript), the engine's image written
# into its file system, then the same Python as PyScript's worker runs; its functions answer messages.
OWN_WORKER_JS = r"""// bench/engine_worker.py's trial: MicroPython in a module worker, without PyScript.
import { loadMicroPython } from "./static/vendor/micropython/micropython.mjs";

const url = (path) => new URL(path, import.meta.url).href;
const spent = {}; // ms of the worker's own clock: MicroPython loaded, then the engine's image mounted and imported
const started = (async () => {
  const begun = performance.now();
  const [mp, image, python] = await Promise.all([
    loadMicroPython({
      url: url("static/vendor/micropython/micropython.wasm"), stdout: console.log, stderr: console.error,
    }),
    fetch(url("static/vendor/mpy/main.romfs")).then((res) => res.arrayBuffer()),
    fetch(url("engine-worker.py")).then((res) => res.text()),
  ]);
  spent.load = performance.now() - begun;
  const imported = performance.now();
  mp.FS.writeFile("main.romfs", new Uint8Array(image));
  mp.runPython(python);
  spent.imports = performance.now() - imported;
  return mp;
})();

onmessage = async ({ data: { id, name, args } }) => {
  try {
    const mp = await started;
    postMessage({ id, answer: name === "ready" ? spent : mp.globals.get(name)(...args) });
  } catch (err) {
    postMessage({ id, error: String(err) });
  }
};
"""

# The trial's worker: after the page's own code mounting the engine's image, the controller as web/main.py uses it.
TRIAL_PY = '''import json

import js
from controller import Controller, first_game

_controller = None


def open_game(startup):
    """The first game, as web/main.py's boot opens it: what to tell the player and its view."""
    global _controller
    game, notes = first_game(json.loads(startup), warn=lambda text: js.console.warn(text))
    _controller = Controller(game)
    return json.dumps({"notes": notes, "state": _controller.handle("state", {})})


def handle(name, args):
    """One intent, as web/main.py's engine answers it."""
    return json.dumps(_controller.handle(name, json.loads(args) if args else None))


__export__ = ["open_game", "handle"]
'''


def script_hash(text):
    """A Content-Security-Policy source allowing the inline script ``text``."""
    return "'sha256-%s'" % base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def worker_site(out, own):
    """A copy of _site/ whose page runs the engine in a worker of its own (TRIAL_JS, TRIAL_PY): made by
    PyScript, or (``own``) the page's own module worker (OWN_WORKER_JS), with no PyScript in its start."""
    shutil.copytree(SITE, out, ignore=shutil.ignore_patterns(".build"))
    html = (out / "index.html").read_text(encoding="utf-8")
    main = re.search(MAIN_SCRIPT, html, re.S)
    entry = generate.MAIN_ENTRY + "\n</script>"
    if not main or not main[0].endswith(entry):
        raise SystemExit("bench: index.html's Python no longer ends with %r" % generate.MAIN_ENTRY)
    mount = main[0][len(main[1]):-len(entry)]
    (out / "engine-worker.py").write_text(mount + TRIAL_PY, encoding="utf-8")
    (out / "engine-trial.js").write_text(TRIAL_JS, encoding="utf-8")
    (out / "engine-own-worker.js").write_text(OWN_WORKER_JS, encoding="utf-8")
    # PyScript's plugins for its MicroPython, which the page's configuration turned off (pyscript.json) and
    # _site/ does not hold, are turned off for the worker's type too: with no configuration it imports them.
    html = html.replace(main[0], plugins_off("mpy"), 1)
    # The late start: no pyscript.json (no interpreter on the main thread), MicroPython's module fetched
    # for the worker's HTTP cache rather than compiled here, the trial before the page's script; the own
    # worker's without PyScript (the solver imports it when it starts).
    trial = ["module", "./engine-trial.js" + ("?own" if own else ""), False]
    files = []
    for kind, href, low in late_files(html):
        if href.endswith("pyscript.json") or (own and "/pyscript/" in href):
            continue
        if href.endswith("micropython.mjs"):
            kind = "fetch"
        if kind == "module" and "/build/" in href:
            files.append(trial)
        files.append([kind, href, low])
    if trial not in files:
        raise SystemExit("bench: index.html's late start no longer runs the page's bundle")
    old = re.search(r"<!-- A return visit's board.*?-->\s*<script>(.*?\nconst LATE_FILES = (.*?);\n.*?)</script>",
                    html, re.S)
    new = old[1].replace(old[2], json.dumps(files), 1)
    if script_hash(old[1]) not in html:
        raise SystemExit("bench: index.html's policy no longer allows its late start by hash")
    html = html.replace(old[1], new, 1).replace(script_hash(old[1]), script_hash(new), 1)
    (out / "index.html").write_text(html, encoding="utf-8")


# Once a second has passed since the first answer: the marks, the long tasks, what went unanswered.
COLLECT = """() => new Promise((resolve) => {
  const at = (name) => (performance.getEntriesByName(name)[0] || {}).startTime;
  const answered = at("engine-answered");
  setTimeout(() => resolve({
    marks: Object.fromEntries(performance.getEntriesByType("mark").map((m) => [m.name, m.startTime])),
    long: window.__long,
    unanswered: window.__unanswered || [],
    spent: window.__workerSpent || {},
  }), Math.max(0, answered + 1050 - performance.now()));
})"""

# A tap on the ace, then Undo, three times: main thread → the engine's answer, each in ms.
BRIDGE = """async (ace) => {
  const place = document.querySelector(`[data-card='${ace}']`).closest("[data-place]").getAttribute("data-place");
  const times = [];
  for (const [name, args] of [1, 2, 3].flatMap(() => [["tap", { place }], ["undo", null]])) {
    const start = performance.now();
    const answer = JSON.parse(await window.__bridge(name, args ? JSON.stringify(args) : ""));
    times.push(performance.now() - start);
    if (!answer.ok) throw new Error(`the engine refused ${name}: ${JSON.stringify(answer.error)}`);
  }
  return times;
}"""


def measured(page, url, ace):
    """One load of ``url``: its figures (see the module's docstring), in ms."""
    page.goto(url)
    marks(page, "engine-answered", "page-ready")
    got = page.evaluate(COLLECT)
    answered = got["marks"]["engine-answered"]

    def long_tasks(until):
        durations = [d for start, d in got["long"] if start < until]
        return sum(durations), max(durations, default=0)

    made = got["marks"].get("trial-worker-made")  # a trial's
    return {
        "loaded": got["marks"]["page-loaded"],
        "imported": got["marks"].get("py-start", got["marks"].get("trial-worker-ready")),
        "answer": answered,
        "ready": got["marks"]["page-ready"],
        "long_to_answer": long_tasks(answered),
        "long_to_second": long_tasks(answered + 1000),
        "worker_made": made,
        "worker_start": None if made is None else got["marks"]["trial-worker-ready"] - made,
        "unanswered": got["unanswered"],
        "worker_load": got["spent"].get("load"),
        "worker_imports": got["spent"].get("imports"),
        "bridge": page.evaluate(BRIDGE, ace),
    }


def loads(phone, url, deal):
    """A cold load in a new profile, then a warm one (a blank page, then the page again)."""
    pick, _, ace = deal
    phone.fresh()
    phone.page.add_init_script(PICK_DEAL % pick)
    phone.page.add_init_script(PROBE)
    phone.page.wait_for_timeout(300)  # the new profile's own start
    cold = measured(phone.page, url, ace)
    phone.page.goto("about:blank")
    return cold, measured(phone.page, url, ace)


# The versions measured: the page as built, and the two trials (worker_site).
KINDS = {"main": "main thread", "mpworker": "PyScript's worker", "own": "own worker"}
ROWS = [
    ("navigation → the page's script loaded", lambda r: r["loaded"]),
    ("navigation → the engine imported", lambda r: r["imported"]),
    ("navigation → the engine's first answer", lambda r: r["answer"]),
    ("navigation → page-ready", lambda r: r["ready"]),
    ("long tasks to the first answer, total", lambda r: r["long_to_answer"][0]),
    ("long tasks to the first answer, longest", lambda r: r["long_to_answer"][1]),
    ("long tasks to a second after it, total", lambda r: r["long_to_second"][0]),
    ("long tasks to a second after it, longest", lambda r: r["long_to_second"][1]),
    ("a tap or Undo through the bridge", lambda r: statistics.median(r["bridge"])),
    ("navigation → the worker made", lambda r: r["worker_made"]),
    ("the worker's start (made → it answers)", lambda r: r["worker_start"]),
    ("— MicroPython loaded, on its own clock", lambda r: r["worker_load"]),
    ("— the engine mounted and imported", lambda r: r["worker_imports"]),
]


def report(rate, runs, got):
    """Per visit, a row per figure: each version's median (min–max), and for a trial the median of
    each run's difference from the main thread's load of the same run."""
    med = statistics.median
    print("CPU ×%g, %d runs, a phone's viewport: medians (min–max) in ms; [a trial − main, each run]" % (rate, runs))
    for visit in ("cold", "warm"):
        print("  %-41s%s" % (visit + " visit", "".join("%28s" % name for name in KINDS.values())))
        for name, of in ROWS:
            cells = []
            for kind in KINDS:
                values = [of(r) for r in got[kind][visit]]
                if None in values:
                    cells.append("%28s" % "")
                    continue
                cell = "%.0f (%.0f–%.0f)" % (med(values), min(values), max(values))
                if kind != "main" and of(got["main"][visit][0]) is not None:
                    cell += " [%+.0f]" % med(v - m for v, m in zip(values, [of(r) for r in got["main"][visit]]))
                cells.append("%28s" % cell)
            print("  %-41s%s" % (name, "".join(cells)))
        for kind in KINDS:
            unanswered = sorted({name for r in got[kind][visit] for name in r["unanswered"]})
            if unanswered:
                print("  %s: intents the page asked that the trial's engine did not answer: %s" % (kind, unanswered))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--throttle", type=float, nargs="+", default=[1, 4])
    args = parser.parse_args()
    deal = first_deal()
    with tempfile.TemporaryDirectory() as tmp:
        for kind in ("mpworker", "own"):
            worker_site(Path(tmp) / kind, own=kind == "own")
        servers = {kind: serve(SITE if kind == "main" else Path(tmp) / kind) for kind in KINDS}
        with sync_playwright() as p:
            for rate in args.throttle:
                phone = Phone(p, rate)
                got = {kind: {"cold": [], "warm": []} for kind in KINDS}
                for run in range(args.runs):
                    order = list(KINDS)[run % 3:] + list(KINDS)[:run % 3]  # each version first in turn
                    for kind in order:
                        cold, warm = loads(phone, servers[kind][1], deal)
                        got[kind]["cold"].append(cold)
                        got[kind]["warm"].append(warm)
                phone.close()
                report(rate, args.runs, got)
        for server, _ in servers.values():
            server.shutdown()


if __name__ == "__main__":
    main()
