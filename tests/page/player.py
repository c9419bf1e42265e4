"""A player driving the page: phone and desktop contexts, helpers that act as
a player does and read the board back from the DOM."""

import time
from pathlib import Path

from controller import view_of

from seahaven import Game

# An init script keeping every Worker the page makes (window.keptWorkers), as a
# console user or an extension can: their handles.
KEEP_WORKERS = """(() => {
  const Native = window.Worker;
  window.keptWorkers = [];
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      window.keptWorkers.push(this);
    }
  };
})()"""
# Terminate the last worker the page made, through its handle, noting when (window.terminatedAt).
TERMINATE = """() => {
  window.terminatedAt = performance.now();
  window.keptWorkers.at(-1).terminate();
}"""

# An init script that says on the console any error the window is told of
# without an exception, which Playwright's "pageerror" does not report: a
# ResizeObserver loop left with undelivered notifications, above all.
WINDOW_ERRORS = """addEventListener("error", (e) => {
  if (!e.error) console.error(`window error: ${e.message}`);
})"""

ARTIFACTS = Path(__file__).resolve().parent.parent.parent / "test-results" / "screens"

DEVICES = {
    "phone": {
        "viewport": {"width": 360, "height": 740},
        "has_touch": True,
        "is_mobile": True,
        "device_scale_factor": 2,
    },
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
# A phone held sideways: the toolbar is a rail down the side. Not in DEVICES, so the
# tests of every device do not all run a third time; the `landscape` fixture gives it.
LANDSCAPE = {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


class Player:
    """A page plus what a test needs to look at it and act on it."""

    def __init__(self, page, context, device):
        self.page = page
        self.context = context
        self.device = device
        self.errors = []
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.add_init_script(WINDOW_ERRORS)

    def open(self, code=None, query=""):
        url = self.base + query + ("#" + code if code else "")
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready='1']", timeout=20000)
        self.painted()
        return self

    def painted(self):
        """Wait for the frame that shows the page's state and the work that follows it
        (the names a screen reader hears, the save), as a player sees the board first."""
        self.page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))")

    # -- reading the board -------------------------------------------------

    def places(self):
        return self.page.evaluate(
            """() => Object.fromEntries(Array.from(document.querySelectorAll('[data-place]'),
                 el => [el.dataset.place, Array.from(el.querySelectorAll('[data-card]'), c => c.dataset.card)]))"""
        )

    def code(self):
        return self.page.get_by_test_id("game-code").inner_text().strip()

    def score(self):
        return int(self.page.get_by_test_id("score").inner_text())

    def card(self, card):
        return self.page.locator("[data-card='%s']" % card)

    def place(self, name):
        return self.page.locator("[data-place='%s']" % name)

    def toast(self):
        return self.page.locator("#toast")

    # -- acting ------------------------------------------------------------

    def settle(self):
        """Wait for sliding cards to land, as a player looks before reaching for one."""
        self.page.wait_for_function(
            "() => Array.from(document.querySelectorAll('[data-card]')).every(el => !el.getAnimations().length)")

    def grab_point(self, card):
        """A visible point of a card: the middle of its top strip (covered cards show only that)."""
        self.settle()
        box = self.card(card).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + min(6, box["height"] / 4)

    def drop_point(self, place):
        self.settle()
        el = self.place(place)
        cards = el.locator("[data-card]")
        box = (cards.last if cards.count() else el).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def mouse_drag(self, card, place):
        x, y = self.grab_point(card)
        tx, ty = self.drop_point(place)
        mouse = self.page.mouse
        mouse.move(x, y)
        mouse.down()
        mouse.move(x + 6, y + 6, steps=2)
        mouse.move(tx, ty, steps=8)
        mouse.up()

    def touch_drag(self, card, place):
        """A real touch drag, sent as touch events through the DevTools protocol."""
        x, y = self.grab_point(card)
        tx, ty = self.drop_point(place)
        cdp = self.context.new_cdp_session(self.page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for i in range(1, 11):
            px = x + (tx - x) * i / 10
            py = y + (ty - y) * i / 10
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": px, "y": py}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()

    def tap(self, card):
        x, y = self.grab_point(card)
        if self.device.startswith("phone"):
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def double_tap(self, card):
        """On a phone, two taps made 100 ms apart: the touch events carry the time
        they were made (as a phone's do), however late a loaded machine sends
        them, so a double tap stays one."""
        x, y = self.grab_point(card)
        if self.device.startswith("phone"):
            cdp = self.context.new_cdp_session(self.page)
            made = time.time() - 0.2
            for kind, at in (("touchStart", 0), ("touchEnd", 0.04), ("touchStart", 0.1), ("touchEnd", 0.14)):
                points = [{"x": x, "y": y}] if kind == "touchStart" else []
                cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points, "timestamp": made + at})
            cdp.detach()
        else:
            self.page.mouse.dblclick(x, y)

    def wait_idle(self):
        """Let animations and the next frame pass."""
        self.page.wait_for_timeout(50)
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")

    def saved_game(self):
        """The page engine's own record of the game (deal, moves, redo list)."""
        return self.page.evaluate("() => window.seahaven.page.state.game.save")

    def screenshot(self, name):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / ("%s-%s.png" % (name, self.device))))


def touch(p, locator):
    """A tap on a phone, a click on a desktop: ``p`` is any player with a ``device``."""
    if p.device.startswith("phone"):
        locator.tap()
    else:
        locator.click()


def press(page, testid):
    """Press a toolbar control as a player does: in the row, or from the ☰ menu
    it is folded into when the row has no room for it."""
    control = page.get_by_test_id(testid)
    if not control.is_visible():
        page.get_by_test_id("menu").click()
    control.click()


def engine_places(game):
    return view_of(game)["places"]


def find_deal(cells, predicate, limit=50000):
    """The first deal number whose fresh game satisfies ``predicate``."""
    for number in range(limit):
        game = Game.from_number(number, cells)
        if predicate(game):
            return game
    raise AssertionError("no deal found")


def cut_labels(page, cards="[data-card]"):
    """The cards (of those matching ``cards``) whose corner label, rank and suit
    measured as text, sticks out of the card."""
    return page.evaluate("""(cards) => Array.from(document.querySelectorAll(cards + ' .corner')).filter(label => {
        const range = document.createRange(); range.selectNodeContents(label);
        const text = range.getBoundingClientRect(), card = label.parentElement.getBoundingClientRect();
        return text.width === 0 || text.left < card.left || text.right > card.right - 1;
      }).map(label => label.parentElement.dataset.card)""", cards)
