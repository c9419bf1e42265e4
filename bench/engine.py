"""Engine benchmark: legal-move generation and play/undo throughput, under CPython
(timeit) and under MicroPython (the page's build, via ``node tools/mpy_run.mjs``).

    python3 bench/engine.py [--quick]

Targets (issue 2): ``legal_moves()`` on a mid-game position ≤ 100 µs in CPython
and ≤ 2 ms under MicroPython.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import timeit

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from seahaven import Game, rules  # noqa: E402

CODE = "SH1-C4-AAAAAAB"
SEEDS = range(1, 31)
PLIES = (25, 40)  # the position is taken somewhere in this stretch of the walk
TARGETS = {"legal_moves()": (100.0, 2000.0)}  # µs: CPython, MicroPython


class Lcg:
    """Deterministic choices, identical under every Python (no ``random``)."""

    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & (2**64 - 1)
        return (self.state >> 33) % n


def _kind(game, move):
    """0 to a foundation; 1 onto a column (not a whole column moved); 2 other; 3 into a cell."""
    src, dst = move.split("x")[0].split("-")
    count = int(move.split("x")[1]) if "x" in move else 1
    if dst[0] == "f":
        return 0
    if dst[0] == "t" and not (src[0] == "t" and len(game.cards(src)) == count):
        return 1
    return 3 if dst[0] == "c" else 2


def walk(seed):
    """A walk from the fixed deal: mostly the most useful kind of move, never the
    reverse of the last one. Returns the ply (in PLIES) with the most free places."""
    game = Game.from_code(CODE)
    rng = Lcg(seed)
    best = None
    for ply in range(1, PLIES[1] + 1):
        moves = game.legal_moves()
        if game.history:
            src, dst = game.history[-1].split("x")[0].split("-")
            moves = [m for m in moves if m.split("x")[0] != dst + "-" + src] or moves
        if not moves:
            break
        kinds = [_kind(game, m) for m in moves]
        pool = moves if rng.below(5) == 0 else [m for m, k in zip(moves, kinds) if k == min(kinds)]
        game.play(pool[rng.below(len(pool))])
        if ply >= PLIES[0]:
            pos = game.position
            key = (pos.free_cells() + pos.empty_columns(), len(game.legal_moves()))
            if best is None or key > best[0]:
                best = (key, list(game.history))
    return best


def mid_game():
    """The position with the most free places (then the most legal moves) over all walks."""
    best = None
    for seed in SEEDS:
        found = walk(seed)
        if found and (best is None or found[0] > best[0]):
            best = found + (seed,)
    game = Game.from_code(CODE)
    for move in best[1]:
        game.play(move)
    return game, best[2]


def cpython(game, quick):
    number = 1000 if quick else 10000
    pos = game.position
    move = game.legal_moves()[0]
    out = {}

    def per_call(stmt, n=number):
        return min(timeit.repeat(stmt, number=n, repeat=5)) / n * 1e6

    out["legal_moves()"] = per_call(game.legal_moves)
    out["rules.legal_moves (tuples)"] = per_call(lambda: rules.legal_moves(pos))

    def play_undo():
        game.play(move)
        game.undo()

    out["play + undo"] = per_call(play_undo)
    out["find_move (legal)"] = per_call(lambda: game.find_move(*_split(move)))
    out["double_tap(t1)"] = per_call(lambda: game.double_tap("t1"))
    out["to_text()"] = per_call(game.to_text, number // 4)
    return out


def _split(move):
    src, rest = move.split("-")
    dst, _, n = rest.partition("x")
    return src, dst, int(n or 1)


MPY_SCRIPT = """
import time
from seahaven import Game, rules
game = Game.from_code(%(code)r)
for m in %(history)r:
    game.play(m)
pos = game.position
move = game.legal_moves()[0]
src, rest = move.split("-")
dst = rest.split("x")[0]

def bench(name, fn, n):
    fn()
    best = None
    for _ in range(3):
        t = time.ticks_us()
        for _ in range(n):
            fn()
        dt = time.ticks_diff(time.ticks_us(), t) / n
        best = dt if best is None or dt < best else best
    print("RESULT %%s|%%.2f" %% (name, best))

def play_undo():
    game.play(move)
    game.undo()

bench("legal_moves()", game.legal_moves, %(n)d)
bench("rules.legal_moves (tuples)", lambda: rules.legal_moves(pos), %(n)d)
bench("play + undo", play_undo, %(n)d)
bench("find_move (legal)", lambda: game.find_move(src, dst, 1), %(n)d)
bench("double_tap(t1)", lambda: game.double_tap("t1"), %(n)d)
bench("to_text()", game.to_text, %(n4)d)
"""


def micropython(game, quick):
    node = shutil.which("node")
    runner = os.path.join(ROOT, "tools", "mpy_run.mjs")
    if node is None or not os.path.isdir(os.path.join(ROOT, "node_modules", "@micropython")):
        return None, "node or node_modules missing (npm ci)"
    n = 100 if quick else 500
    script = MPY_SCRIPT % {"code": CODE, "history": game.history, "n": n, "n4": max(n // 4, 1)}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench_mpy.py")
        with open(path, "w") as f:
            f.write(script)
        result = subprocess.run([node, runner, path], capture_output=True, text=True, cwd=ROOT, timeout=600)
    if result.returncode != 0:
        return None, result.stderr.strip()[-300:]
    out = {}
    for line in result.stdout.splitlines():
        if line.startswith("RESULT "):
            name, value = line[7:].rsplit("|", 1)
            out[name] = float(value)
    return out, None


def main(argv):
    quick = "--quick" in argv
    game, seed = mid_game()
    pos = game.position
    print(
        "position: %s after %d moves (walk seed %d): %d free cells, %d empty columns, %d legal moves"
        % (CODE, len(game.history), seed, pos.free_cells(), pos.empty_columns(), len(game.legal_moves()))
    )
    print("moves: " + " ".join(game.history))
    cpy = cpython(game, quick)
    mpy, why = micropython(game, quick)
    print()
    print("%-28s %14s %16s   %s" % ("operation", "CPython µs", "MicroPython µs", "target"))
    print("-" * 78)
    failed = []
    for name, value in cpy.items():
        m = mpy.get(name) if mpy else None
        target = TARGETS.get(name)
        note = ""
        if target:
            ok_c = value <= target[0]
            ok_m = m is None or m <= target[1]
            note = "≤ %g µs / ≤ %g ms  %s" % (target[0], target[1] / 1000, "ok" if ok_c and ok_m else "MISSED")
            if not (ok_c and ok_m):
                failed.append(name)
        print("%-28s %14.2f %16s   %s" % (name, value, "-" if m is None else "%.1f" % m, note))
    if mpy is None:
        print("\nMicroPython skipped: %s" % why)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
