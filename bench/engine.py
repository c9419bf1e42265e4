"""Engine benchmark: legal-move generation, play/undo and loading the largest
save, under CPython (timeit) and under MicroPython (the page's build, via
``node tools/mpy_run.mjs bench/engine_mpy.py``).

    python3 bench/engine.py [--quick]

Targets: ``legal_moves()`` on a mid-game position ≤ 100 µs in CPython and
≤ 2 ms under MicroPython; ``Game.load`` of a save of
``MAX_MOVES`` moves (the most a game holds) ≤ 1 s under MicroPython in Node
(a 100,000-move save once took 6.9 s to become playable on the page).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import timeit

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from seahaven import Game, rules  # noqa: E402
from seahaven.game import MAX_MOVES  # noqa: E402

CODE = "SH1-C4-AAAAAAB"
SEEDS = range(1, 31)
PLIES = (25, 40)  # the position is taken somewhere in this stretch of the walk
LOAD = "Game.load (largest save)"
TARGETS = {"legal_moves()": (100.0, 2000.0), LOAD: (None, 1000000.0)}  # µs: CPython, MicroPython


class Lcg:
    """Deterministic choices, identical under every Python (no ``random``)."""

    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & (2**64 - 1)
        return (self.state >> 33) % n


def _kind(game, move):
    """0 to a foundation; 1 onto a column (not a whole column moved); 2 other; 3 into a cell."""
    if move.dst >= 14:
        return 0
    if move.dst < 10 and not (move.src < 10 and len(game.cards(move.source)) == move.n):
        return 1
    return 3 if move.dst < 14 and move.dst >= 10 else 2


def _not_back(game, moves):
    """Leave out the move that takes back the last one (when there is another)."""
    if not game.history:
        return moves
    last = game.last_move
    return [m for m in moves if (m.src, m.dst) != (last.dst, last.src)] or moves


def walk(seed):
    """A walk from the fixed deal: mostly the most useful kind of move, never the
    reverse of the last one. Returns the ply (in PLIES) with the most free places."""
    game = Game.from_code(CODE)
    rng = Lcg(seed)
    best = None
    for ply in range(1, PLIES[1] + 1):
        moves = _not_back(game, game.legal_moves())
        if not moves:
            break
        kinds = [_kind(game, m) for m in moves]
        pool = moves if rng.below(5) == 0 else [m for m, k in zip(moves, kinds) if k == min(kinds)]
        game.play(pool[rng.below(len(pool))])
        if ply >= PLIES[0]:
            pos = game.position
            key = (pos.free_cells() + pos.empty_columns(), len(game.legal_moves()))
            if best is None or key > best[0]:
                best = (key, game.history)
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


def long_save():
    """The largest save the engine accepts: MAX_MOVES moves of a walk that picks
    a kind of move at random (home, off a foundation, into, out of or between
    cells, onto a column, a group), never straight back; a stuck walk undoes."""
    game = Game.from_code(CODE)
    rng = Lcg(12345)
    while game.moves_made < MAX_MOVES:
        moves = _not_back(game, game.legal_moves())
        if not moves:
            for _ in range(3):
                game.undo()
            continue
        kinds = {}
        for m in moves:
            kind = (m.n > 1, m.src >= 14, m.dst >= 14, m.src >= 10, m.dst >= 10)
            kinds.setdefault(kind, []).append(m)
        pool = kinds[sorted(kinds)[rng.below(len(kinds))]]
        game.play(pool[rng.below(len(pool))])
    return game.save()


def cpython(game, save, quick):
    number = 1000 if quick else 10000
    pos = game.position
    first = game.legal_moves()[0]
    out = {}

    def per_call(stmt, n=number):
        return min(timeit.repeat(stmt, number=n, repeat=5)) / n * 1e6

    out["legal_moves()"] = per_call(game.legal_moves)
    out["rules.legal_moves (tuples)"] = per_call(lambda: rules.legal_moves(pos))

    def play_undo():
        game.play(first.text)
        game.undo()

    out["play + undo"] = per_call(play_undo)
    out["find_move (legal)"] = per_call(lambda: game.find_move(first.source, first.target, first.n))
    out["double_tap(t1)"] = per_call(lambda: game.double_tap("t1"))
    out["to_text()"] = per_call(game.to_text, number // 4)
    out[LOAD] = per_call(lambda: Game.load(save), 3)
    return out


def micropython(game, save, quick):
    node = shutil.which("node")
    if node is None or not os.path.isdir(os.path.join(ROOT, "node_modules", "@micropython")):
        return None, "node or node_modules missing (npm ci)"
    n = 100 if quick else 500
    job = {"code": CODE, "history": [m.text for m in game.history], "save": save, "n": n, "loads": 1 if quick else 3}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "job.json")
        with open(path, "w") as f:
            json.dump(job, f)
        result = subprocess.run(
            [node, os.path.join(ROOT, "tools", "mpy_run.mjs"), os.path.join(ROOT, "bench", "engine_mpy.py"), path],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=900,
        )
    if result.returncode != 0:
        return None, result.stderr.strip()[-300:]
    out = {}
    for line in result.stdout.splitlines():
        if line.startswith("RESULT "):
            name, value = line[7:].rsplit("|", 1)
            out[name] = float(value)
    return out, None


def _target(name, cpy, mpy):
    """The target column: limits and whether they were met (None: no target)."""
    target = TARGETS.get(name)
    if not target:
        return "", True
    ok = (target[0] is None or cpy <= target[0]) and (mpy is None or mpy <= target[1])
    limits = [("≤ %g µs" % target[0]) if target[0] else "", "≤ %g ms" % (target[1] / 1000)]
    return "%s  %s" % (" / ".join(x for x in limits if x), "ok" if ok else "MISSED"), ok


def main(argv):
    quick = "--quick" in argv
    game, seed = mid_game()
    pos = game.position
    print(
        "position: %s after %d moves (walk seed %d): %d free cells, %d empty columns, %d legal moves"
        % (CODE, len(game.history), seed, pos.free_cells(), pos.empty_columns(), len(game.legal_moves()))
    )
    print("moves: " + " ".join(m.text for m in game.history))
    save = long_save()
    print("largest save: %d moves, %d bytes of JSON" % (len(save["moves"]), len(json.dumps(save))))
    cpy = cpython(game, save, quick)
    mpy, why = micropython(game, save, quick)
    print()
    print("%-28s %14s %16s   %s" % ("operation", "CPython µs", "MicroPython µs", "target"))
    print("-" * 78)
    failed = []
    for name, value in cpy.items():
        m = mpy.get(name) if mpy else None
        note, ok = _target(name, value, m)
        if not ok:
            failed.append(name)
        print("%-28s %14.2f %16s   %s" % (name, value, "-" if m is None else "%.1f" % m, note))
    if mpy is None:
        print("\nMicroPython skipped: %s" % why)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
