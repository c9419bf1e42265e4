"""Main-thread entry (MicroPython under PyScript): connect the controller to the page.

The page and Python meet through one object, ``window.seahaven``
(static/js/handshake.js): ``startup()`` gives what the first game depends on,
``boot(engine, notes)`` hands the page the function it calls for every
intent (``engine(name, argsJSON)`` → the answer as JSON; the page's generated
API, #build/engine-api.js, wraps it) and what to tell the player about
the first game (controller ``first_game``), and ``loaded`` is true once the
page's listeners and strings are in. PyScript starts before the page's script
so the interpreter loads while it runs; when Python is ready first it waits
for the page's ``seahaven-loaded`` event.

Nothing the page sends makes ``engine`` raise: a request that is not JSON is
refused like any bad request, and an error of the engine's own is written to
the console and refused, so the page keeps its game either way.
"""

import json

import js
from controller import Controller, first_game
from wire import answer_text

js.performance.mark("py-start")


def boot(*_):
    page = js.window.seahaven
    startup = json.loads(page.startup())
    game, notes = first_game(startup, warn=lambda text: js.console.warn(text))
    controller = Controller(game)

    def engine(name, payload):
        return answer_text(controller.handle, name, payload, "engine-error", js.console.error)

    js.performance.mark("py-engine")
    page.boot(engine, json.dumps(notes))
    js.document.body.dataset.ready = "1"
    js.performance.mark("page-ready")


# window.seahaven may be declared before the page's script sets it (undefined, not absent).
if getattr(getattr(js.window, "seahaven", None), "loaded", False):
    boot()
else:  # the page's script is still running, or its strings are still on the way
    js.window.addEventListener("seahaven-loaded", boot)
