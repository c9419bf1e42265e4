"""Accessibility fixtures: players on a phone and a desktop in a chosen theme,
failing on console errors."""

import pytest

from ..page.player import DEVICES
from .helpers import A11yPlayer, settings_script


@pytest.fixture
def make_player(browser, site):
    """make_player(device, theme=..., color_scheme=..., bypass_csp=...) → a player (theme None: no saved
    settings); console errors fail the test."""
    made = []

    def make(device="desktop", theme="auto", color_scheme="light", bypass_csp=False, animations=True):
        context = browser.new_context(**DEVICES[device], color_scheme=color_scheme, bypass_csp=bypass_csp)
        if theme is not None:
            context.add_init_script(settings_script(theme, animations=animations))
        p = A11yPlayer(context.new_page(), context, device)
        p.base = site
        made.append(p)
        return p

    yield make
    errors = [e for p in made for e in p.errors]
    for p in made:
        p.context.close()
    assert [] == errors, "console errors"


@pytest.fixture
def desktop(make_player):
    return make_player("desktop")


@pytest.fixture
def phone(make_player):
    return make_player("phone")
