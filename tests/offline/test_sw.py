"""The service worker: the game opens, plays and hints offline once it has been
opened online, every precached file is in the cache (and is fetched again when
it goes missing), the precache is what the game loads (each file sent once on
a first visit), the site works under a sub-path and without a service worker,
a new version waits for the player, and is installed only whole."""

import json
import re
import struct
from pathlib import Path

import pytest

from seahaven import Game, solver

from ..page.player import KEEP_WORKERS, TERMINATE, engine_places
from .moves import play_some
from .served import SITE, PwaPlayer, counting, manifest, serving, stale_serving, sw

pytestmark = pytest.mark.browser

CODE = "SH1-C4-AAAAAJ2"
WASM = "static/vendor/micropython/micropython.wasm"

# The hint's answer to a lost position: the bar saying so (with the offer to undo to a winnable one, if any).
LOST_SAID = "() => !document.querySelector('[data-testid=lost]').hidden"

FETCH = """async (url) => {
  const res = await fetch(url);
  const body = await res.arrayBuffer();
  return { ok: res.ok, size: body.byteLength, type: res.headers.get("content-type"),
           revision: res.headers.get("x-seahaven-revision") };
}"""

CACHED = """async () => {
  const names = await caches.keys();
  const out = {};
  for (const name of names) {
    const cache = await caches.open(name);
    const files = {};
    for (const req of await cache.keys()) {
      const res = await cache.match(req);
      files[req.url] = { revision: res.headers.get("x-seahaven-revision"), size: (await res.arrayBuffer()).byteLength };
    }
    out[name] = files;
  }
  return out;
}"""


def precache_names(p):
    """The caches of versions of the game (not the one saying which version each tab runs)."""
    return [name for name in p.page.evaluate("caches.keys()") if name.startswith("seahaven-version ")]


def solver_files():
    """What the solver's worker loads: its script, MicroPython, the image of its precompiled modules."""
    return [sw.generate.WORKER_SCRIPT, WASM] + [served for served, _ in manifest.load().worker.files()]


def test_offline_reload_plays_and_serves_the_solver(make_player, built):
    """Opened once online, the game reloads offline with its board ready and
    playable, New game works, the solver's files come from the cache, and the
    solver starts and gives a hint."""
    pwa = make_player(built, solver=True)
    pwa.open(CODE)
    pwa.wait_controlled()
    game = Game.from_code(CODE)
    play_some(pwa, game, 1)
    pwa.context.set_offline(True)
    pwa.reload()
    assert engine_places(game) == pwa.places()
    play_some(pwa, game, 1)
    pwa.page.get_by_test_id("new-game").click()
    pwa.page.get_by_test_id("deal").click()
    pwa.page.get_by_test_id("replace-open").click()  # the game in progress is left, once asked
    pwa.page.wait_for_function("(code) => document.querySelector('[data-testid=game-code]').textContent !== code",
                               arg=CODE, timeout=30000)
    assert CODE != pwa.code()
    fresh = Game.from_code(pwa.code())
    assert engine_places(fresh) == pwa.places()
    play_some(pwa, fresh, 1)
    for name in solver_files():
        got = pwa.page.evaluate(FETCH, "./" + name)
        assert got["ok"] and got["size"] == (SITE / name).stat().st_size, name
        assert got["revision"], "%s did not come from the precache" % name
    assert "application/wasm" == pwa.page.evaluate(FETCH, "./" + WASM)["type"]
    pwa.page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=60000)
    pwa.page.get_by_test_id("hint").click()
    if solver.solve(fresh.position).status == solver.WINNABLE:
        pwa.page.wait_for_function("document.body.dataset.hint", timeout=30000)
        fresh.play(pwa.page.evaluate("document.body.dataset.hint"))  # a legal move of the position shown
    else:  # the random deal, or the move played in it, lost the game: the page says so too
        pwa.page.wait_for_function(LOST_SAID, timeout=30000)
    # a query string (?lang=…) and a hash still open the cached page offline
    pwa.page.goto(pwa.base + "?lang=es#" + CODE)
    pwa.page.wait_for_selector("body[data-ready='1']", timeout=30000)
    assert "es" == pwa.page.evaluate("document.documentElement.lang")
    pwa.page.goto(pwa.base + "help/en/rules.html")
    assert pwa.page.locator("h1").count() >= 1


ASK_WORKER = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => resolve(e.data);
  navigator.serviceWorker.controller.postMessage({ type: "VERSION" }, [channel.port2]);
})"""


def test_every_precached_file_is_cached(pwa):
    """The cache holds exactly the worker's precache list, each file at its
    revision and full size, MicroPython's wasm included."""
    pwa.open(CODE)
    pwa.wait_controlled()
    worker = pwa.page.evaluate(ASK_WORKER)
    precache = [tuple(entry) for entry in worker["precache"]]
    assert worker["cache"].endswith(" " + sw.version_of(precache))
    caches = pwa.page.evaluate(CACHED)
    assert [worker["cache"]] == [name for name in caches if name.startswith("seahaven-version ")]
    files = caches[worker["cache"]]
    assert {pwa.base + path: rev for path, rev in precache} == {url: f["revision"] for url, f in files.items()}
    for path, rev in precache:
        if (SITE / path).exists() and sw.revision(SITE / path) == rev:  # others may edit the tree meanwhile
            assert (SITE / path).stat().st_size == files[pwa.base + path]["size"], path
    assert files[pwa.base + WASM]["size"] == (SITE / WASM).stat().st_size > 300_000
    names = {path for path, _ in precache}
    for must in ("index.html", "pyscript.json", "manifest.webmanifest", "static/vendor/mpy/main.romfs",
                 "static/vendor/mpy/worker.romfs", sw.generate.WORKER_SCRIPT):
        assert must in names
    assert [] == [name for name in names if name.endswith(".mpy")]  # packed in the images, never fetched alone


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_every_icon_is_a_png():
    """The tab's icon on every page, and the manifest's icons, are PNGs: Chromium draws
    an SVG icon in a page of its own on the game page's main thread while the game
    starts (about 70 ms at CPU x4)."""
    manifest = json.loads((SITE / "manifest.webmanifest").read_text())
    assert {"image/png"} == {icon["type"] for icon in manifest["icons"]}
    pages = sorted(SITE.rglob("*.html"))
    assert len(pages) > 1
    for page in pages:
        links = re.findall(r"<link rel=\"icon\"[^>]*>", page.read_text(encoding="utf-8"))
        assert len(links) == 1 and 'type="image/png"' in links[0] and ".png\"" in links[0], (page, links)


def test_manifest_and_installable(pwa):
    """The manifest parses, names the app, has 192, 512 and maskable icons of
    those sizes, and Chromium sees no reason the page could not be installed."""
    manifest = json.loads((SITE / "manifest.webmanifest").read_text())
    assert "Seahaven Towers" == manifest["name"]
    assert ("./", "./", "standalone") == (manifest["start_url"], manifest["scope"], manifest["display"])
    sizes = {}
    for icon in manifest["icons"]:
        if icon["type"] == "image/png":
            size = png_size((SITE / icon["src"]).read_bytes())
            assert "%dx%d" % size == icon["sizes"], icon["src"]
            sizes[icon.get("purpose", "any")] = sizes.get(icon.get("purpose", "any"), []) + [size[0]]
    assert {"any": [192, 512], "maskable": [512]} == sizes
    pwa.open(CODE)
    pwa.wait_controlled()
    cdp = pwa.context.new_cdp_session(pwa.page)
    got = cdp.send("Page.getAppManifest")
    assert [] == [e for e in got.get("errors", []) if e.get("critical")]
    assert got["url"] == pwa.base + "manifest.webmanifest"
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # a test browser context is off the record, which Chromium also reports; nothing else may be wrong
    assert [] == [e["errorId"] for e in errors if e["errorId"] != "in-incognito"]


def test_under_a_sub_path_and_offline(make_player, site_copy):
    """The published site (_site/) served under /seahaven/ loads,
    plays, is controlled by its own service worker and works offline, where
    an unknown path under the site opens the game."""
    folder = site_copy("seahaven")
    with serving(folder.parent) as base:
        p = make_player(base + "seahaven/")
        p.open(CODE)
        game = Game.from_code(CODE)
        play_some(p, game, 2)
        p.wait_controlled()
        scope = p.page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
        assert base + "seahaven/" == scope
        assert all("/seahaven/" in name for name in p.page.evaluate("caches.keys()"))
        p.context.set_offline(True)
        p.reload()
        assert engine_places(game) == p.places()
        play_some(p, game, 1)
        p.page.goto(base + "seahaven/no/such/page.html#" + CODE)  # offline, a path the site does not have
        p.page.wait_for_selector("body[data-ready='1']", timeout=20000)
        assert base + "seahaven/#" + CODE == p.page.url
        assert engine_places(game) == p.places()
        assert not (folder / "tests").exists() and not (folder / "node_modules").exists()


NO_SERVICE_WORKER = "delete Navigator.prototype.serviceWorker;"


@pytest.mark.parametrize("how", ["unsupported", "broken", "missing"])
def test_without_a_service_worker(make_player, site_copy, how):
    """Without a working service worker the page starts and plays all the same:
    a browser without them, a worker script that fails, or no sw.js at all.
    The page itself only warns; for a missing sw.js Chromium adds its own
    report of the 404, which no page can silence."""
    folder = site_copy()
    if how == "broken":
        (folder / "sw.js").write_text('throw new Error("a broken worker");\n')
    elif how == "missing":
        (folder / "sw.js").unlink()
    with serving(folder) as base:
        p = make_player(base)
        if how == "unsupported":
            p.context.add_init_script(NO_SERVICE_WORKER)
        p.open(CODE)
        play_some(p, Game.from_code(CODE), 2)
        if how == "unsupported":
            p.page.wait_for_timeout(800)
            assert not p.page.evaluate("'serviceWorker' in navigator")
            return
        for _ in range(100):  # the page registers its worker a few seconds after the board
            if any("offline play is not available" in w for w in p.warnings):
                break
            p.page.wait_for_timeout(100)
        assert any("offline play is not available" in w for w in p.warnings), p.warnings
        assert p.page.evaluate("navigator.serviceWorker.getRegistration().then(r => r === undefined)")
        if how == "missing":
            assert all(url == base + "sw.js" or "(404)" in text for text, url in p.error_sources), p.error_sources
            p.errors.clear()


def test_new_version_waits_for_the_player(make_player, site_copy):
    """A new build is downloaded while a game is in progress; the page keeps
    its game and offers a reload; accepting it switches to the new files with
    the same game, and the old cache is gone."""
    folder = site_copy()
    with serving(folder) as base:
        p = make_player(base)
        p.open(CODE)
        p.wait_controlled()
        game = Game.from_code(CODE)
        play_some(p, game, 3)
        p.page.get_by_test_id("undo").click()
        game.undo()
        before = p.view()
        precache_names_before = precache_names(p)
        p.page.evaluate("window.sameDocument = true")

        css = folder / "static" / "css" / "help.css"
        css.write_text(css.read_text() + "\n/* version two */\n")
        sw.write(folder)
        p.page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        notice = p.page.get_by_test_id("update-notice")
        notice.wait_for(state="visible", timeout=60000)
        assert "A new version is ready." in notice.inner_text()
        p.screenshot("update-notice")
        assert p.page.evaluate("window.sameDocument === true")
        assert before == p.view()
        assert "version two" not in p.page.evaluate("fetch('./static/css/help.css').then(r => r.text())")

        with p.page.expect_navigation():
            p.page.get_by_test_id("update-reload").click()
        p.page.wait_for_selector("body[data-ready='1']", timeout=30000)
        assert not p.page.evaluate("window.sameDocument === true")
        assert before == p.view()
        assert engine_places(game) == p.places()
        assert "version two" in p.page.evaluate("fetch('./static/css/help.css').then(r => r.text())")
        one_version = "caches.keys().then(names => names.filter(n => n.startsWith('seahaven-version ')).length === 1)"
        p.page.wait_for_function(one_version)  # the old one goes once no tab runs it
        assert precache_names(p) != precache_names_before
        p.page.get_by_test_id("redo").click()
        game.redo()
        p.wait_idle()
        assert engine_places(game) == p.places()


def test_precache_list_covers_the_page():
    """Every file the page and its help load is listed (checked without a browser)."""
    names = {path for path, _ in sw.precache_list(SITE)}
    for source in json.loads((SITE / "pyscript.json").read_text())["files"]:
        assert source[2:] in names, source
    assert {p.relative_to(SITE).as_posix() for p in (SITE / "help").rglob("*.html")} <= names
    assert not any(n.endswith((".map", ".py", ".mpy")) and n != sw.generate.WORKER_SCRIPT for n in names)
    assert "sw.js" not in names
    assert Path(SITE / "sw.js").exists()


HELP = ["help/index.html", "help/en/rules.html", "help/en/examples.html", "help/en/faq.html"]


def test_first_visit_sends_each_file_once_and_precaches_what_the_game_loads(make_player):
    """A first visit, until the solver is ready and the service worker installed:
    the server sends each file at most once, under 2 MB in all; the precache is
    what the page, the solver's worker and the help pages load (nothing of
    PyScript's, MicroPython's or the scripts' folders that they never ask for)."""
    with counting(SITE) as (base, sent):
        p = make_player(base, solver=True)
        requested = set()
        p.context.on("request", lambda r: requested.add(r.url.split("?")[0].split("#")[0]))
        p.open(CODE)
        p.page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=60000)
        p.wait_controlled()
        p.page.wait_for_timeout(300)
        twice = {path: n for path, (n, _) in sent.items() if n > 1}
        assert {} == twice
        assert sum(size for _, size in sent.values()) < 2_000_000
        for page in HELP:
            p.page.goto(base + page)
            p.page.wait_for_load_state("networkidle")
        precached = {path for path, _ in p.page.evaluate(ASK_WORKER)["precache"]}
    loaded = {url.removeprefix(base) or "index.html" for url in requested if url.startswith(base)}
    loaded -= {"sw.js", "favicon.ico"}
    assert set() == loaded - precached, "loaded, not precached"
    unused = {name for name in precached - loaded if name.startswith(("static/vendor/", "static/js/", "static/build/"))}
    assert set() == unused, "precached, never loaded"


# Ask the server for a new version of the site, and wait until the attempt is over.
UPDATE_SETTLED = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update().catch(() => {});
  for (let i = 0; i < 600 && registration.installing; i++) await new Promise((r) => setTimeout(r, 100));
  return { waiting: Boolean(registration.waiting), installing: Boolean(registration.installing) };
}"""


def test_a_deploy_served_partly_stale_leaves_the_version_in_place(make_player, site_copy):
    """A new build whose page.js the server still sends with its old body (a
    deploy half-way there, a cache in front of it): the new version asks for it
    again, then gives up, so the version in place stays, whole, online and
    offline, and no new version is offered. Once the new page.js arrives, the
    new version installs, is offered, and brings it."""
    folder = site_copy()
    page_js = folder / "static" / "build" / "page.js"
    old_body = page_js.read_bytes()
    stale = {}
    with stale_serving(folder, stale) as base:
        p = make_player(base)
        p.open(CODE)
        p.wait_controlled()
        game = Game.from_code(CODE)
        play_some(p, game, 1)
        before = p.page.evaluate(ASK_WORKER)["version"]
        page_js.write_bytes(old_body + b"\n/* version two */\n")
        sw.write(folder)
        stale["static/build/page.js"] = old_body
        assert {"waiting": False, "installing": False} == p.page.evaluate(UPDATE_SETTLED)
        assert not p.page.get_by_test_id("update-notice").is_visible()
        for offline in (False, True):
            p.context.set_offline(offline)
            p.reload()
            assert before == p.page.evaluate(ASK_WORKER)["version"]
            assert engine_places(game) == p.places()
            assert "version two" not in p.page.evaluate("fetch('./static/build/page.js').then(r => r.text())")
        p.context.set_offline(False)

        stale.clear()  # the deploy has arrived
        p.page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        p.page.get_by_test_id("update-notice").wait_for(state="visible", timeout=60000)
        with p.page.expect_navigation():
            p.page.get_by_test_id("update-reload").click()
        p.page.wait_for_selector("body[data-ready='1']", timeout=30000)
        assert "version two" in p.page.evaluate("fetch('./static/build/page.js').then(r => r.text())")
        assert engine_places(game) == p.places()


def test_a_missing_cache_entry_is_fetched_again(pwa):
    """A precached file gone from the cache (storage pressure, a cleaning tool)
    is fetched again when asked for online, checked and put back: offline
    afterwards it is there."""
    pwa.open(CODE)
    pwa.wait_controlled()
    cache = pwa.page.evaluate(ASK_WORKER)["cache"]
    url = pwa.base + "static/vendor/mpy/worker.romfs"
    assert pwa.page.evaluate("([name, url]) => caches.open(name).then(c => c.delete(url))", [cache, url])
    assert pwa.page.evaluate(FETCH, "./static/vendor/mpy/worker.romfs")["ok"]
    pwa.page.wait_for_function(
        "([name, url]) => caches.open(name).then(c => c.match(url)).then(r => Boolean(r))", arg=[cache, url]
    )
    pwa.context.set_offline(True)
    got = pwa.page.evaluate(FETCH, "./static/vendor/mpy/worker.romfs")
    assert got["ok"] and got["revision"] and got["size"] == (SITE / "static/vendor/mpy/worker.romfs").stat().st_size


# A build's mark in its solver worker's script: a request naming the build, answered
# before the worker's own (its one export, handle).
BUILD_MARK = """

_handle = handle


def handle(name, payload):
    return '{"ok": true, "build": "%s"}' if name == "build" else _handle(name, payload)
"""
ASK_BUILD = "window.seahaven.page.api.solver.call('build', {}).then((answer) => answer.build)"


def test_an_open_tab_keeps_its_own_version_after_another_tab_updates(make_player, site_copy):
    """Tab A runs build one; build two is deployed and tab B accepts it. A,
    not reloaded, keeps build one's files: its solver's worker, stopped and
    started again, loads build one's worker files (it failed mixing them),
    and so do the page's own requests; B runs build two."""
    folder = site_copy()
    script = folder / sw.generate.WORKER_SCRIPT
    original = script.read_text()
    script.write_text(original + BUILD_MARK % "one")
    sw.write(folder)
    with serving(folder) as base:
        a = make_player(base, solver=True)
        a.context.add_init_script(KEEP_WORKERS)
        a.open(CODE)
        a.wait_controlled()
        a.page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=60000)
        assert "one" == a.page.evaluate(ASK_BUILD)

        script.write_text(original + BUILD_MARK % "two")
        sw.write(folder)
        b = PwaPlayer(a.context.new_page(), a.context, a.device)
        b.base = base
        b.open()
        b.page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        b.page.get_by_test_id("update-notice").wait_for(state="visible", timeout=60000)
        with b.page.expect_navigation():
            b.page.get_by_test_id("update-reload").click()
        b.page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=60000)
        assert "two" == b.page.evaluate(ASK_BUILD)

        a.page.bring_to_front()
        a.page.evaluate(TERMINATE)
        a.page.wait_for_function("performance.getEntriesByName('solver-restart').length > 0", timeout=5000)
        a.page.wait_for_function("%s.then(() => true, () => false)" % ASK_BUILD, timeout=30000)
        assert "one" == a.page.evaluate(ASK_BUILD)
        assert '"one"' in a.page.evaluate("fetch('./%s').then(r => r.text())" % sw.generate.WORKER_SCRIPT)
        assert [] == b.errors
