# The engine alone, with no page: the game's modules (preloaded and written as
# the game's configuration says) imported and its first game opened, up to the
# controller's first answer. No design of the page can be playable sooner.
import json

import js
from controller import Controller, first_game

game, _ = first_game({"hash": js.location.hash[1:], "entropy": 1, "cells": 4, "saved": None})
json.dumps(Controller(game).handle("state", {}))
js.performance.mark("page-ready")
js.document.body.dataset.ready = "1"
