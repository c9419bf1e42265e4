"""The MicroPython half of ``bench/engine.py``: the same operations, timed with
MicroPython's own clock under the page's build.

Run by ``bench/engine.py`` as ``node tools/mpy_run.mjs bench/engine_mpy.py
JOB.json``, where JOB.json holds ``code``, ``history`` (the mid-game
position's moves), ``save`` (the largest save the engine accepts), ``n``
(calls per timing) and ``loads`` (timings of the load). Prints one
``RESULT name|microseconds`` line per operation.
"""

import json
import sys
import time

from seahaven import Game, rules


def bench(name, fn, n):
    """Best of three runs of ``n`` calls, in µs per call."""
    fn()
    best = None
    for _ in range(3):
        t = time.ticks_us()
        for _ in range(n):
            fn()
        dt = time.ticks_diff(time.ticks_us(), t) / n
        best = dt if best is None or dt < best else best
    print("RESULT %s|%.2f" % (name, best))


def main(path):
    with open(path) as f:
        job = json.load(f)
    game = Game.from_code(job["code"])
    for move in job["history"]:
        game.play(move)
    pos = game.position
    first = game.legal_moves()[0]
    n = job["n"]

    def play_undo():
        game.play(first.text)
        game.undo()

    bench("legal_moves()", game.legal_moves, n)
    bench("rules.legal_moves (tuples)", lambda: rules.legal_moves(pos), n)
    bench("play + undo", play_undo, n)
    bench("find_move (legal)", lambda: game.find_move(first.source, first.target, first.n), n)
    bench("double_tap(t1)", lambda: game.double_tap("t1"), n)
    bench("to_text()", game.to_text, max(n // 4, 1))
    save = job["save"]
    bench("Game.load (largest save)", lambda: Game.load(save), job["loads"])


if __name__ == "__main__":
    main(sys.argv[1])
