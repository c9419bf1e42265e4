"""What the offline tests share: the site served for real over localhost
(service workers are invisible to page.route) and a player that also hears
the console's warnings."""

import contextlib
import functools
import io
import os
import threading
from pathlib import Path

import manifest  # tools/ (pytest's pythonpath)
import sw
from serve import Handler, Server

from ..page.player import DEVICES, Player

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SITE = manifest.SITE
__all__ = ["ROOT", "SITE", "manifest", "sw", "serving", "counting", "stale_serving", "new_player", "PwaPlayer"]


def serving(folder):
    """Serve ``folder`` on a free localhost port; yields the base URL."""
    return _serving_with(Handler, folder)


@contextlib.contextmanager
def _serving_with(handler, folder):
    """Serve ``folder`` on a free localhost port with ``handler`` (a Handler subclass); yields the base URL."""
    server = Server(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield "http://127.0.0.1:%d/" % server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def sent_size(f):
    """The bytes of the body the handler is about to send: a file, or its gzip in memory."""
    return len(f.getbuffer()) if isinstance(f, io.BytesIO) else os.fstat(f.fileno()).st_size


@contextlib.contextmanager
def counting(folder):
    """Serve ``folder`` on a free localhost port, counting what is sent; yields
    (base URL, {path: (times sent, bytes)}), the 304s not counted."""
    sent = {}

    class Counting(Handler):
        def send_head(self):
            f = super().send_head()
            if f is not None:
                path = self.path.split("?")[0].lstrip("/") or "index.html"
                n, size = sent.get(path, (0, 0))
                sent[path] = (n + 1, size + sent_size(f))
            return f

    with _serving_with(Counting, folder) as base:
        yield base, sent


@contextlib.contextmanager
def stale_serving(folder, stale):
    """Serve ``folder`` on a free localhost port, but the files named in ``stale``
    (path → bytes, a dict the test may change meanwhile) with those bodies: a
    deploy that reached the server only in part, or a cache in front of it that
    still serves an old file. Yields the base URL."""

    class Stale(Handler):
        def send_head(self):
            path = self.path.split("?")[0].lstrip("/")
            if path not in stale:
                return super().send_head()
            body = stale[path]
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)

    with _serving_with(Stale, folder) as base:
        yield base


class PwaPlayer(Player):
    """A Player that also keeps the console's warnings and knows about the service worker."""

    def __init__(self, page, context, device):
        super().__init__(page, context, device)
        self.warnings = []
        self.error_sources = []  # (text, url) of each console error
        page.on("console", lambda m: m.type == "warning" and self.warnings.append(m.text))
        page.on("console", lambda m: m.type == "error" and self.error_sources.append((m.text, m.location.get("url"))))

    def wait_controlled(self, timeout=60000):
        """Wait until the service worker has precached everything and controls the page."""
        self.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=timeout)

    def reload(self):
        self.page.reload()
        self.page.wait_for_selector("body[data-ready='1']", timeout=30000)
        self.painted()
        return self

    def storage(self, key):
        return self.page.evaluate("k => JSON.parse(localStorage.getItem(k))", key)

    def leave(self):
        """Leave the game for another page of the site (which saves the game)."""
        self.page.route("**/favicon.ico", lambda route: route.fulfill(status=204))  # asked for by an SVG document
        self.page.goto(self.base + "static/icons/icon.svg")

    def preset(self, items):
        """Put ``items`` (key → text) in this origin's localStorage before the game's page loads."""
        self.leave()
        self.page.evaluate("items => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v))", items)

    def view(self):
        """What a player sees of the game: every pile, score, moves, undo/redo buttons."""
        return {
            "places": self.places(),
            "score": self.score(),
            "moves": self.page.get_by_test_id("moves").inner_text(),
            "code": self.code(),
            "undo": self.page.get_by_test_id("undo").is_enabled(),
            "redo": self.page.get_by_test_id("redo").is_enabled(),
        }


# Most tests here need no solver: keep its worker from starting (it
# starts from an idle callback once the board is ready) to save CPU time.
# Should the page start it some other way, those tests just run slower.
NO_IDLE_START = "window.requestIdleCallback = () => 0;"


def new_player(browser, base, device="desktop", service_workers="allow", solver=False):
    context = browser.new_context(**DEVICES[device], service_workers=service_workers)
    if not solver:
        context.add_init_script(NO_IDLE_START)
    p = PwaPlayer(context.new_page(), context, device)
    p.base = base
    return p
