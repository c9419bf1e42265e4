"""A seeded monkey: hundreds of random taps, double taps and drags on each device
(SEAHAVEN_MONKEY_ACTIONS=5000 for a longer walk)."""

import os
import random

import pytest

from seahaven import Game

from .player import engine_places

pytestmark = pytest.mark.browser

ACTIONS = int(os.environ.get("SEAHAVEN_MONKEY_ACTIONS", 400))
SEED = 20261202
CARDS = [r + s for s in "SHDC" for r in "A23456789TJQK"]
PLACES = ["t%d" % i for i in range(1, 11)] + ["c1", "c2", "c3", "c4", "f1", "f2", "f3", "f4"]

# One round trip per action: the card count now, the card's grab point and a target's centre.
LOOK = """([card, place]) => {
  for (const d of document.querySelectorAll('dialog[open]')) d.close();
  const count = document.querySelectorAll('[data-card]').length;
  const c = document.querySelector(`[data-card="${card}"]`).getBoundingClientRect();
  const p = document.querySelector(`[data-place="${place}"]`);
  const r = p && (p.lastElementChild || p).getBoundingClientRect();
  const target = r ? [r.x + r.width / 2, r.y + r.height / 2] : [null, null];
  return [count, c.x + c.width / 2, c.y + Math.min(6, c.height / 4), ...target];
}"""


def test_monkey(player):
    """No console error, always 52 cards, and the board always equals the page engine's game."""
    rng = random.Random(SEED)
    player.open("SH1-C4-AAAAAJ2")
    page = player.page
    cdp = player.context.new_cdp_session(page) if player.device == "phone" else None

    def touch(kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def tap(x, y):
        if cdp:
            touch("touchStart", x, y)
            touch("touchEnd", x, y)
        else:
            page.mouse.click(x, y)

    for step in range(ACTIONS):
        card, place, kind = rng.choice(CARDS), rng.choice(PLACES), rng.random()
        count, x, y, tx, ty = page.evaluate(LOOK, [card, place])
        assert 52 == count, "step %d" % step
        if kind < 0.35:
            tap(x, y)
        elif kind < 0.6:
            tap(x, y)
            tap(x, y)
        elif tx is not None:
            if cdp:
                touch("touchStart", x, y)
                for i in (1, 2, 3):
                    touch("touchMove", x + (tx - x) * i / 3, y + (ty - y) * i / 3)
                touch("touchEnd", tx, ty)
            else:
                page.mouse.move(x, y)
                page.mouse.down()
                page.mouse.move(x + 5, y + 5)
                page.mouse.move(tx, ty, steps=2)
                page.mouse.up()
        if rng.random() < 0.04:
            page.get_by_test_id("undo").click(force=True)
        if step % 100 == 99:
            player.wait_idle()
            assert engine_places(Game.load(player.saved_game())) == player.places(), "step %d" % step
    player.wait_idle()
    assert 52 == page.locator("[data-card]").count()
    assert engine_places(Game.load(player.saved_game())) == player.places()
