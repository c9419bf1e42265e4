"""Page fixtures: a player on a phone or a desktop, failing on console errors."""

import pytest

from .player import DEVICES, LANDSCAPE, Player


def _playing(browser, site, device, options=None):
    """A player in a fresh context on ``device``; the context is closed after the
    test, which fails if the page wrote any console error. Service workers are
    blocked: once the page's worker controls it (it registers a few seconds
    after the board), it serves every file itself and page.route() sees none
    of the requests a test holds or fails. tests/offline/ tests the worker."""
    context = browser.new_context(**(options or DEVICES[device]), service_workers="block")
    p = Player(context.new_page(), context, device)
    p.base = site
    yield p
    errors = list(p.errors)
    context.close()
    assert [] == errors, "console errors"


@pytest.fixture(params=list(DEVICES))
def player(request, browser, site):
    """A fresh browser context on a touch phone (360 × 740) or a desktop (1280 × 800)."""
    yield from _playing(browser, site, request.param)


@pytest.fixture
def sized(browser, site, request):
    """A player at ``request.param``, (width, height): a touch phone below 1000 px, else a desktop."""
    width, height = request.param
    kind = "phone" if width < 1000 else "desktop"
    options = dict(DEVICES[kind], viewport={"width": width, "height": height})
    yield from _playing(browser, site, "%s-%dx%d" % (kind, width, height), options)


@pytest.fixture
def desktop(browser, site):
    yield from _playing(browser, site, "desktop")


@pytest.fixture
def phone(browser, site):
    yield from _playing(browser, site, "phone")


@pytest.fixture
def landscape(browser, site):
    """A touch phone held sideways (844 × 390)."""
    yield from _playing(browser, site, "landscape", LANDSCAPE)


@pytest.fixture
def closing():
    """``closing(player)``: players made by hand in a test, closed after it, which fails
    if any of them wrote a console error."""
    made = []
    yield made.append
    errors = [e for p in made for e in p.errors]
    for p in made:
        p.context.close()
    assert [] == errors, "console errors"
