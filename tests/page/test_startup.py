"""Start-up order: PyScript starts before the page's modules, and the board waits for them."""

import time

from .player import engine_places, find_deal
from .test_play import ace_on_top, top


def test_board_waits_for_slow_page_modules(desktop):
    """The engine is ready before the page's script arrives: the board boots once it has run, and plays."""
    game = find_deal(4, lambda g: ace_on_top(g) is not None)
    src = ace_on_top(game)

    def late(route):
        time.sleep(1.5)  # the interpreter gets ready meanwhile
        route.continue_()

    desktop.page.route("**/static/build/page.js", late)
    desktop.open(game.code)
    marks = desktop.page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))")
    assert marks["py-engine"] - marks["py-start"] > 500, marks  # the engine waited for the modules
    assert engine_places(game) == desktop.places()
    desktop.tap(top(game, src))
    desktop.wait_idle()
    game.play(game.tap(src))
    assert engine_places(game) == desktop.places()
    desktop.page.wait_for_function("localStorage.getItem('seahaven.game') !== null")  # storage.js heard "ready"
