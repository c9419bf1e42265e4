"""Main-thread entry (MicroPython under PyScript): connect the controller to the page.

The page's JavaScript (static/js/app.js) draws and reads input; it calls
``seahavenEngine(name, json)`` for every intent and gets JSON back. PyScript
starts before the page's modules so the interpreter loads while they run; the
board is booted once both are done (static/js/page.js sets the signal).
"""

import json

import js
from controller import Controller, first_game

js.performance.mark("py-start")


def boot(*_):
    startup = json.loads(js.window.seahavenStartup())
    game, problem = first_game(startup, warn=lambda text: js.console.warn(text))
    controller = Controller(game)

    def engine(name, payload):
        args = json.loads(payload) if payload else {}
        return json.dumps(controller.handle(name, args))

    js.window.seahavenEngine = engine
    js.performance.mark("py-engine")
    js.window.seahavenBoot(json.dumps(problem) if problem else "")
    js.document.body.dataset.ready = "1"
    js.performance.mark("page-ready")


if hasattr(js.window, "seahavenLoaded"):
    boot()
else:  # the page's modules are still running
    js.window.addEventListener("seahaven-loaded", boot)
