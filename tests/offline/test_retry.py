"""Retry really retries: a first visit that met a broken deploy (a file cut
short, then fixed on the server) starts on Retry, though the server lets the
browser keep every file for ten minutes, as GitHub Pages does."""

import pytest

from seahaven import Game

from ..page.player import engine_places
from .served import stale_serving

pytestmark = pytest.mark.browser

CODE = "SH1-C4-AAAAAJ2"
CUT = {
    "page script": "static/build/page.js",
    "engine modules": "static/vendor/mpy/main.romfs",
}


@pytest.mark.parametrize("device", ["phone", "desktop"])
@pytest.mark.parametrize("case", list(CUT))
def test_retry_after_a_broken_deploy_is_fixed_starts_the_game(make_player, site_copy, case, device):
    """The server sends a file cut short: the start fails and says so. Once the
    server has the whole file, one Retry (a tap on a phone, a click on a
    desktop) starts the game."""
    folder = site_copy()
    path = CUT[case]
    body = (folder / path).read_bytes()
    stale = {path: body[: len(body) // 2]}
    with stale_serving(folder, stale) as base:
        p = make_player(base, device)
        p.page.goto(base + "#" + CODE, wait_until="commit")
        box = p.page.get_by_test_id("load-error")
        box.wait_for(state="visible", timeout=20000)
        assert not p.page.evaluate("document.body.dataset.ready")
        p.page.wait_for_load_state("networkidle")
        p.errors.clear()  # the cut file's own errors: what the player sees is the message
        p.error_sources.clear()

        stale.clear()  # the deploy is fixed on the server
        retry = p.page.get_by_test_id("load-retry")
        with p.page.expect_navigation():
            retry.tap() if device == "phone" else retry.click()
        p.page.wait_for_selector("body[data-ready='1']", timeout=30000)
        p.painted()
        assert not box.is_visible()
        assert engine_places(Game.from_code(CODE)) == p.places()
