"""A seeded monkey: thousands of random taps, double taps and drags."""

import random

import pytest
from player import engine_places

from seahaven import Game

pytestmark = pytest.mark.browser

ACTIONS = 2000
SEED = 20261202

COUNT_CARDS = "() => document.querySelectorAll('[data-card]').length"


def test_monkey(player):
    """No console error, always 52 cards, and the board always equals the page engine's game."""
    rng = random.Random(SEED)
    player.open("SH1-C4-AAAAAJ2")
    page = player.page
    page.evaluate("() => { window.__noDialogs = setInterval(() => document.querySelectorAll('dialog[open]').forEach(d => d.close()), 50); }")
    cards = [r + s for s in "SHDC" for r in "A23456789TJQK"]
    places = ["t%d" % i for i in range(1, 11)] + ["c1", "c2", "c3", "c4", "f1", "f2", "f3", "f4"]
    for step in range(ACTIONS):
        card = rng.choice(cards)
        kind = rng.random()
        if not player.card(card).is_visible():
            continue
        x, y = player.grab_point(card)
        if kind < 0.35:
            page.mouse.click(x, y) if player.device == "desktop" else page.touchscreen.tap(x, y)
        elif kind < 0.6:
            if player.device == "desktop":
                page.mouse.dblclick(x, y)
            else:
                page.touchscreen.tap(x, y)
                page.touchscreen.tap(x, y)
        else:
            target = rng.choice(places)
            if not player.place(target).count():
                continue
            if player.device == "desktop":
                player.mouse_drag(card, target)
            else:
                player.touch_drag(card, target)
        if rng.random() < 0.05:
            page.get_by_test_id("undo").click(force=True)
        assert 52 == page.evaluate(COUNT_CARDS)
        if step % 100 == 99:
            player.wait_idle()
            saved = Game.load(player.saved_game())
            assert engine_places(saved) == player.places(), "step %d" % step
    player.wait_idle()
    assert engine_places(Game.load(player.saved_game())) == player.places()
