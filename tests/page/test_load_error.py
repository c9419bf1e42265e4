"""A start that fails says so: when a file on the board's start path does not
arrive (MicroPython's wasm, PyScript, an engine module, the page's script, or
the server stopping mid-load), the player sees within 10 s a message in their
language with a Retry button, never "Loading…" for ever nor PyScript's
developer banner; Retry starts the game once the files arrive again."""

import time

import pytest

from seahaven import Game

from .player import engine_places

CODE = "SH1-C4-AAAAAJ2"
SAID = {"en": "The game could not be loaded.", "sv": "Spelet kunde inte laddas."}


def fail(route):
    route.fulfill(status=404, body="Not found")


def stopped(route):
    """The server has gone away: nothing but the page itself arrives."""
    if route.request.resource_type == "document":
        route.continue_()
    else:
        route.abort("connectionrefused")


CASES = {
    "wasm": ("**/static/vendor/micropython/micropython.wasm", fail, "en"),
    "pyscript": ("**/static/vendor/pyscript/core.js", fail, "en"),
    "engine modules": ("**/static/vendor/mpy/main.romfs", fail, "sv"),
    "page script": ("**/static/build/page.js", fail, "en"),
    "server stopped": ("**/*", stopped, "sv"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_failed_start_says_so_and_retries(desktop, case):
    pattern, handler, lang = CASES[case]
    page = desktop.page
    page.route(pattern, handler)
    began = time.monotonic()
    page.goto(desktop.base + "?lang=%s#%s" % (lang, CODE), wait_until="commit")
    box = page.get_by_test_id("load-error")
    box.wait_for(state="visible", timeout=10000)
    assert time.monotonic() - began < 10
    assert SAID[lang] in box.inner_text()
    assert not page.locator(".loading").is_visible()
    assert 0 == page.locator(".py-error").count()
    assert not page.evaluate("document.body.dataset.ready")
    # The browser reports each file that failed, some after the message shows
    # (on a loaded machine): forget them once nothing loads any more.
    page.wait_for_load_state("networkidle")
    desktop.errors.clear()
    if case == "server stopped":
        page.unroute(pattern, handler)
        page.get_by_test_id("load-retry").click()
        page.wait_for_selector("body[data-ready='1']", timeout=20000)
        assert not box.is_visible()
        assert engine_places(Game.from_code(CODE)) == desktop.places()
