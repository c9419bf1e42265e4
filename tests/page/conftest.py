"""Page fixtures: a player on a phone or a desktop, failing on console errors."""

import pytest

from .player import DEVICES, Player


def _player(browser, site, device):
    context = browser.new_context(**DEVICES[device])
    p = Player(context.new_page(), context, device)
    p.base = site
    return p


@pytest.fixture(params=list(DEVICES))
def player(request, browser, site):
    """A fresh browser context on a touch phone (360 × 740) or a desktop (1280 × 800)."""
    p = _player(browser, site, request.param)
    yield p
    errors = list(p.errors)
    p.context.close()
    assert [] == errors, "console errors"


@pytest.fixture
def desktop(browser, site):
    p = _player(browser, site, "desktop")
    yield p
    errors = list(p.errors)
    p.context.close()
    assert [] == errors, "console errors"


@pytest.fixture
def phone(browser, site):
    p = _player(browser, site, "phone")
    yield p
    errors = list(p.errors)
    p.context.close()
    assert [] == errors, "console errors"
