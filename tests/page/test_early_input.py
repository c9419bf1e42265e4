"""No tap is lost: taps, double taps, drags and keys made on the board drawn
before the engine is ready (a first visit's new deal, a return visit's saved
board) are kept, with a pressed look, and played in order as soon as the
engine is ready, as if it had been ready all along: in the task that makes it
ready, up to the first that changes the board (so the next frame shows an
answer), the others once that frame is painted. The engine is held back by
holding its modules' image."""

import copy

from controller import Controller

from seahaven import Game, SeahavenError
from seahaven.rules import legal_moves, move_text

ENGINE = "**/static/vendor/mpy/main.romfs"
COLUMNS = ["t%d" % i for i in range(1, 11)]
SETTLED = "() => Array.from(document.querySelectorAll('[data-card]')).every(el => !el.getAnimations().length)"


def column_move(game):
    """A single-card column-to-column move of ``game``, as (src, dst), or None."""
    for src, dst, n in legal_moves(game.position):
        if src < 10 and dst < 10 and n == 1:
            return move_text((src, dst, n)).split("-")[0], "t%d" % (dst + 1)
    return None


class Model:
    """What the page's intents do (input.js, taps.js, keyboard.js), told to the engine's controller.
    ``first``: the moves counted once the first intent that changed the board was played."""

    def __init__(self, game):
        self.controller = Controller(game)
        self.first = None

    def played(self, before):
        if self.first is None and self.view() != before:
            self.first = self.view()["moves"]

    def tap(self, place):
        before = self.view()
        ok = self.controller.tap(place)["ok"]
        self.played(before)
        return ok

    def double_tap(self, place):
        if self.tap(place):  # a first tap that moved a card arms no double tap: the second is a new tap
            self.tap(place)
        else:
            before = self.view()
            self.controller.double_tap(place, 1)
            self.played(before)

    def sends_home(self, place):
        """Whether a single tap on ``place`` would move a card now."""
        return copy.deepcopy(self.controller).tap(place)["ok"]

    def drop(self, src, dst):
        before = self.view()
        try:
            self.controller.drop(src, dst, 1)
        except SeahavenError:
            pass
        self.played(before)

    def undo(self):
        before = self.view()
        self.controller.undo()
        self.played(before)

    def view(self):
        return self.controller.state()["view"]


def in_turn(model):
    """The ten columns in the order they are tapped: where the position allows, from
    one whose tap moves nothing to one whose tap sends a card home, so the first
    frame shows the answer of the second tap, not the first's."""
    home = [model.sends_home(place) for place in COLUMNS]
    for i in range(len(COLUMNS)):
        if not home[i] and home[(i + 1) % len(COLUMNS)]:
            return COLUMNS[i:] + COLUMNS[:i]
    return COLUMNS


def play_early(player, model):
    """24 gestures on the early board (22 taps, a drag, a key), none of which is
    answered yet; played by ``model`` as the page will play them. Returns the
    moves counted once the first that changed the board is played."""
    page = player.page
    drawn = player.places()
    top = {place: cards[-1] for place, cards in drawn.items() if cards}
    move = column_move(model.controller.game)
    model.first = None
    for place in in_turn(model):  # taps on ten places in turn: ten single taps
        player.tap(top[place])
        model.tap(place)
    for place in COLUMNS[::2]:  # five double taps
        player.double_tap(top[place])
        model.double_tap(place)
    if move:
        src, dst = move
        (player.touch_drag if player.device == "phone" else player.mouse_drag)(top[src], dst)
        model.drop(src, dst)
    page.keyboard.press("u")  # undo
    model.undo()
    for place in ("t2", "t4"):
        player.tap(top[place])
        model.tap(place)
    assert page.evaluate("document.body.dataset.ready") is None  # the engine was not ready for any of them
    assert drawn == player.places()  # nothing was played, nothing moved
    assert page.locator(".place.pressed").count() >= 10  # each place touched looks pressed
    return model.first if model.first is not None else model.view()["moves"]


def answered(player, model, held, first):
    """Let the engine start: the gestures up to the first that changes the board are played
    in the frame the page is ready in, then the others."""
    page = player.page
    page.evaluate(FIRST_FRAME_MOVES)
    for route in held:
        route.continue_()
    page.unroute(ENGINE)
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    # A place stays pressed until the last gesture kept on it is played (the last ones are taps).
    page.wait_for_function("() => !document.querySelector('.place.pressed')")
    expected = model.view()
    assert str(expected["moves"]) == page.get_by_test_id("moves").text_content()
    assert str(first) == page.evaluate("window.__firstFrameMoves")  # up to the first that moved, and no more
    page.wait_for_function(SETTLED)
    assert expected["places"] == player.places()


# The moves counter in the first frame after the page says it is ready.
FIRST_FRAME_MOVES = """() => {
  window.__firstFrameMoves = null;
  new MutationObserver((_, observer) => {
    if (document.body.dataset.ready !== '1') return;
    observer.disconnect();
    const moves = document.querySelector('[data-testid=moves]');
    requestAnimationFrame(() => { window.__firstFrameMoves = moves.textContent; });
  }).observe(document.body, { attributes: true, attributeFilter: ['data-ready'] });
}"""


def hold_engine(page):
    held = []
    page.route(ENGINE, lambda route: held.append(route))
    return held


def test_taps_drags_and_keys_on_the_early_board_are_played_once_ready(player):
    page = player.page
    held = hold_engine(page)
    page.goto(player.base, wait_until="commit")  # a first visit: one of the build's new deals
    page.wait_for_selector("body[data-preview='1']", state="attached", timeout=20000)
    code = page.evaluate("document.body.dataset.dealt")
    model = Model(Game.from_code(code))
    assert model.view()["places"] == player.places()
    answered(player, model, held, play_early(player, model))
    assert code == player.code()

    page.wait_for_function("localStorage.getItem('seahaven.game') !== null")
    page.wait_for_timeout(300)  # saved after the next frame
    page.goto("about:blank")
    held = hold_engine(page)
    page.goto(player.base, wait_until="commit")  # a return visit: the saved board
    page.wait_for_selector("body[data-preview='1']", state="attached", timeout=20000)
    assert model.view()["places"] == player.places()
    answered(player, model, held, play_early(player, model))
