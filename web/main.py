"""Main-thread entry (MicroPython under PyScript): connect the controller to the page.

The page's JavaScript (static/js/app.js) draws and reads input; it calls
``seahavenEngine(name, json)`` for every intent and gets JSON back.
"""

import json

import js
from controller import Controller
from seahaven import Game, SeahavenError


def first_game():
    """The deal named in the URL hash, else a random one; a bad hash is reported, not fatal."""
    hash_code = js.window.location.hash[1:]
    entropy = int(js.window.seahavenEntropy())
    if hash_code:
        try:
            return Game.from_code(js.decodeURIComponent(hash_code)), None
        except SeahavenError as exc:
            return Game.new(entropy=entropy), {"key": exc.key, "params": exc.params, "message": str(exc)}
        except Exception:
            return Game.new(entropy=entropy), {"key": "code-char", "params": {"part": "%"}, "message": "bad code"}
    return Game.new(entropy=entropy), None


game, problem = first_game()
controller = Controller(game)


def engine(name, payload):
    args = json.loads(payload) if payload else {}
    return json.dumps(controller.handle(name, args))


js.window.seahavenEngine = engine
js.window.seahavenBoot(json.dumps(problem) if problem else "")
js.document.body.dataset.ready = "1"
