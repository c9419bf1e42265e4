"""An update never takes offline play away: a version installed and waiting
keeps its whole cache whatever happens meanwhile (a reload, a second tab, a
help page, the solver's worker restarting), takes over once every tab has
closed or the player accepts the notice, and then starts, plays and opens
its help pages offline; a file missing from the version in place is fetched
again the next time the network answers."""

import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from seahaven import Game

from ..page.player import KEEP_WORKERS, TERMINATE, engine_places
from .moves import play_some
from .served import PwaPlayer, serving, sw

pytestmark = pytest.mark.browser

CODE = "SH1-C4-AAAAAJ2"
# What a player opens offline besides the game: every help page of a language,
# the help's index, another language's strings and the examples.
OFFLINE = ["help/index.html", "help/en/rules.html", "help/en/examples.html", "help/en/faq.html",
           "help/sv/rules.html", "static/i18n/sv.json", "static/examples/worked.json"]

ASK_WORKER = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => resolve(e.data);
  navigator.serviceWorker.controller.postMessage({ type: "VERSION" }, [channel.port2]);
})"""

# {url: revision} of every file in the cache of `version` (an empty object when there is none).
CACHED = """async (version) => {
  const name = (await caches.keys()).find((n) => n.endsWith(" " + version));
  if (!name) return {};
  const cache = await caches.open(name);
  const out = {};
  for (const request of await cache.keys()) {
    out[request.url] = (await cache.match(request)).headers.get("x-seahaven-revision");
  }
  return out;
}"""



def wait_taken_over(context, version, seconds=30):
    """Wait until the service worker of ``version`` is the one in place (it is
    asked itself: no page is open to ask)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for worker in reversed(context.service_workers):
            try:
                if [version, "activated"] == worker.evaluate("[VERSION, self.serviceWorker.state]"):
                    return
            except PlaywrightError:  # a worker stopped since (the browser restarts them at will)
                continue
        try:
            context.wait_for_event("serviceworker", timeout=200)
        except PlaywrightTimeoutError:
            pass
    raise AssertionError("version %s did not take over" % version)


def deploy(folder, mark):
    """A new build of the site in ``folder``: the help's stylesheet carries ``mark``; its (entries, version)."""
    css = folder / "static" / "css" / "help.css"
    css.write_text(css.read_text() + "\n/* %s */\n" % mark)
    return sw.write(folder)


def whole(p, entries, version):
    """Whether the cache of ``version`` holds every file of ``entries`` at its revision."""
    return {p.base + path: rev for path, rev in entries} == p.page.evaluate(CACHED, version)


def offered(p):
    """Ask the server for a new version and wait until the page offers it."""
    p.page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    p.page.get_by_test_id("update-notice").wait_for(state="visible", timeout=60000)


def plays_offline(p, game, version):
    """``p`` (offline) runs ``version`` with ``game`` on the board, plays on, and opens
    the help pages, another language's strings and the examples."""
    assert version == p.page.evaluate(ASK_WORKER)["version"]
    assert engine_places(game) == p.places()
    play_some(p, game, 1)
    assert "version two" in p.page.evaluate("fetch('./static/css/help.css').then(r => r.text())")
    for path in OFFLINE:
        got = p.page.evaluate("url => fetch(url).then(r => [r.ok, r.headers.get('x-seahaven-revision')])", "./" + path)
        assert [True, sw.revision(p.folder / path)] == got, path
    p.page.goto(p.base + "help/en/rules.html")
    assert p.page.locator("h1").count() >= 1
    p.page.goto(p.base + "?lang=sv#" + CODE)
    p.page.wait_for_selector("body[data-ready='1']", timeout=30000)
    assert "sv" == p.page.evaluate("document.documentElement.lang")


def trigger(p, how):
    """What made the version in place clean its caches up: a reload, a second tab,
    a help page, or the solver's worker restarting (its page asks its version again)."""
    if how == "reload":
        p.reload()
    elif how == "second tab":
        other = PwaPlayer(p.context.new_page(), p.context, p.device)
        other.base = p.base
        other.open()
    elif how == "help page":
        p.page.goto(p.base + "help/en/rules.html")
    elif how == "solver restart":
        p.page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=60000)
        p.page.evaluate(TERMINATE)
        p.page.wait_for_function("performance.getEntriesByName('solver-restart').length > 0", timeout=5000)
        p.page.wait_for_function("window.seahaven.page.api.solver.ping().then(() => true, () => false)",
                                 timeout=30000)


@pytest.fixture
def versions(make_player, site_copy):
    """Version A of the site served and open in a tab (a move played, the solver
    kept within reach), B deployed, installed and offered: (player, game, folder,
    B's entries, B's version)."""
    folder = site_copy()
    with serving(folder) as base:
        p = make_player(base, solver=True)
        p.context.add_init_script(KEEP_WORKERS)
        p.folder = folder
        p.open(CODE)
        p.wait_controlled()
        game = Game.from_code(CODE)
        play_some(p, game, 1)
        entries, version = deploy(folder, "version two")
        assert version != p.page.evaluate(ASK_WORKER)["version"]
        offered(p)
        yield p, game, entries, version


@pytest.mark.parametrize("how", ["reload", "second tab", "help page", "solver restart"])
def test_a_waiting_version_stays_whole_and_starts_offline(versions, how):
    """A open, B installed and waiting: after a reload, a second tab, a help page
    or the solver's worker restarting, B's cache still holds every file of B;
    with every tab closed, the next start is offline, runs B with the game, plays,
    and opens the help pages, languages and examples."""
    p, game, entries, version = versions
    trigger(p, how)
    p.page.evaluate(ASK_WORKER)  # answered once the clean-up the trigger asked for is done
    assert whole(p, entries, version)

    context = p.context
    context.set_offline(True)
    for page in list(context.pages):
        page.close()
    wait_taken_over(context, version)  # every tab closed: B takes over
    again = PwaPlayer(context.new_page(), context, p.device)
    again.base, again.folder = p.base, p.folder
    again.open()
    plays_offline(again, game, version)


def test_reload_on_the_notice_offline_runs_the_waiting_version(versions):
    """A open, B waiting, a second tab opened and closed again, then the network
    gone: Reload on the notice starts B from its cache, with the game."""
    p, game, entries, version = versions
    trigger(p, "second tab")
    p.context.pages[-1].close()
    p.page.evaluate(ASK_WORKER)
    p.context.set_offline(True)
    with p.page.expect_navigation():
        p.page.get_by_test_id("update-reload").click()
    p.page.wait_for_selector("body[data-ready='1']", timeout=30000)
    p.painted()
    plays_offline(p, game, version)


def test_a_file_gone_from_the_cache_comes_back_at_the_next_navigation(make_player, site_copy):
    """Files gone from the cache of the version in place, never asked for since
    (help pages, a language, the examples), are fetched again at the next
    navigation online: offline afterwards, they open."""
    folder = site_copy()
    with serving(folder) as base:
        p = make_player(base)
        p.folder = folder
        p.open(CODE)
        p.wait_controlled()
        worker = p.page.evaluate(ASK_WORKER)
        entries = [tuple(entry) for entry in worker["precache"]]
        gone = [base + path for path in OFFLINE]
        p.page.evaluate("([name, urls]) => caches.open(name).then(c => Promise.all(urls.map(u => c.delete(u))))",
                        [worker["cache"], gone])
        assert not whole(p, entries, worker["version"])
        p.reload()
        p.page.evaluate(ASK_WORKER)  # answered once the refill the navigation began is done
        assert whole(p, entries, worker["version"])
        p.context.set_offline(True)
        for path in OFFLINE:
            got = p.page.evaluate("url => fetch(url).then(r => r.ok)", "./" + path)
            assert got, path
        p.page.goto(base + "help/en/faq.html")
        assert p.page.locator("h1").count() >= 1
