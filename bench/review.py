"""Review benchmark: how long a move-by-move review of a whole game takes,
under CPython and under MicroPython (the solver's worker runtime, under Node).

    python3 bench/review.py [--json FILE] [--no-micropython]
    python3 bench/review.py --make [--games 10] [--small 4] [--seed 1]

The games are those of ``bench/review_games.json`` (the same on both runtimes,
and from one run to the next); ``--make`` plays new ones into it. They are
played by a scripted player from seeded deals: mostly the solver's next move,
with detours that keep the game winnable until it is about 100 moves long. A lost game plays one move that
loses it about two thirds of the way, then goes on with plausible moves (cards
home first, cells last, new positions first) to 100 moves. ``--games`` 4-cell
games of each kind (won, lost), ``--small`` of each kind with 2 and 1 cells.

Each review runs as the page's worker runs it: in slices of 50 ms
(``Review.work``), each slice a separate call (under MicroPython, from
JavaScript: ``bench/review_worker.mjs``, which also lets MicroPython collect
garbage between slices, as it only can then), with par left out; par
(``par_line``) is then timed on its own: the page finds it once per game, when
the game starts, and hands it to the review.

Reported per group: the median and max time of the review and of par, in
CPU time (which the machine's other load disturbs less; on MicroPython from
Node's ``process.cpuUsage``) and wall time.

Target: a 100-move 4-cell game reviewed in ≤ 2 s (median) on the
page's runtime.
"""

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from seahaven import Game  # noqa: E402
from seahaven.cli.survey import percentile  # noqa: E402
from seahaven.solver import NOT_WINNABLE, WINNABLE, solve  # noqa: E402

TARGET_SECONDS = 2.0
LENGTH = 100
GAMES_FILE = os.path.join(ROOT, "bench", "review_games.json")
NODES = 100000  # the generator's searches: a node budget, so the games do not depend on the machine


def _solve(game):
    return solve(game.position, max_nodes=NODES)


def _is(game, status):
    return _solve(game).status == status


def play_game(cells, number, lose, rng):
    """A scripted game from deal ``number``: won, or (``lose``) lost near its middle; None
    when the deal is not winnable."""
    game = Game.from_number(number, cells)
    if not _is(game, WINNABLE):
        return None
    lose_at = LENGTH * 2 // 3 + rng.randrange(-10, 10) if lose else None
    while not game.won and game.moves_made < LENGTH + 40:
        if lose_at is not None and game.moves_made >= lose_at:
            return _lose(game, rng)
        left = 52 - sum(game.position.found)
        if rng.random() < 0.35 and game.moves_made + left < LENGTH:
            if _detour(game, rng):
                continue
        game.play(_solve(game).hint)
    return game


def _detour(game, rng):
    """Play a random move (not to or from a foundation) that keeps the game winnable."""
    moves = [m for m in [m.text for m in game.legal_moves()] if "f" not in m]
    rng.shuffle(moves)
    for move in moves[:6]:
        game.play(move)
        if _is(game, WINNABLE):
            return True
        game.undo()
    return False


def _lose(game, rng):
    """One move that loses the game, then plausible moves to about LENGTH: to a
    position not seen before, a card home when one can go, else a random move,
    cards into cells last."""
    moves = [m.text for m in game.legal_moves()]
    rng.shuffle(moves)
    for move in moves:
        game.play(move)
        if _is(game, NOT_WINNABLE):
            break
        game.undo()
    else:
        return None
    seen = {game.position.key()}
    while game.moves_made < LENGTH:
        moves = [m for m in [m.text for m in game.legal_moves()] if not m.startswith("f")]
        if not moves:
            break
        rng.shuffle(moves)
        moves.sort(key=lambda m: 0 if "-f" in m else 2 if "-c" in m else 1)
        for move in moves:
            game.play(move)
            if game.position.key() not in seen:
                seen.add(game.position.key())
                break
            game.undo()
        else:  # only positions seen before: any move but straight back
            back = "-".join(reversed([m.text for m in game.history][-1].split("x")[0].split("-")))
            game.play(([m for m in moves if m.split("x")[0] != back] or moves)[0])
    return game


def make_games(count, small, seed):
    """[(label, cells, code, moves)]: ``count`` won and lost 4-cell games, ``small`` of each with 2 and 1 cells."""
    rng = random.Random(seed)
    out = []
    for cells, n in ((4, count), (2, small), (1, small)):
        for lose in (False, True):
            made = 0
            while made < n:
                game = play_game(cells, rng.randrange(1 << 35), lose, rng)
                if game is None or game.won == lose:
                    continue
                moves = [m.text for m in game.history]
                out.append(("%d cells %s" % (cells, "lost" if lose else "won"), cells, game.code, moves))
                made += 1
    return out


# One game at a time, the way the page's worker runs a review: in slices of
# SLICE seconds, par left out (the page finds it once, when the game starts),
# then par on its own. The same text runs under both runtimes.
SLICE = 0.05
SETUP = """
import json
from seahaven.review import Review, par_line

review = None
finished = False
row = None

def start(i):
    global review, finished
    label, cells, code, moves = GAMES[i]
    review = Review.of(code, moves, par=False)
    finished = False

def step():
    global finished
    finished = review.work(%r)

def par():
    global par_moves
    result = par_line(review.code)
    par_moves = len(result.moves) if result.status == "winnable" else None

def describe():
    global row
    label, cells, code, moves = GAMES[[g[2] for g in GAMES].index(review.code)]
    row = json.dumps({"label": label, "code": code, "moves": len(moves), "lost_at": review.lost_at,
                      "par": par_moves, "critical": sum(1 for p in review.plies if p.critical),
                      "nodes": review.nodes, "searches": review.searches})
""" % SLICE


def run_cpython(games):
    scope = {"GAMES": games}
    exec(SETUP, scope)
    rows = []
    for i in range(len(games)):
        scope["start"](i)
        figures = {"cpu": 0.0, "wall": 0.0, "slices": 0}
        while not scope["finished"]:
            c0, w0 = time.process_time(), time.perf_counter()
            scope["step"]()
            figures["cpu"] += time.process_time() - c0
            figures["wall"] += time.perf_counter() - w0
            figures["slices"] += 1
        c0, w0 = time.process_time(), time.perf_counter()
        scope["par"]()
        figures["cpu_par"], figures["wall_par"] = time.process_time() - c0, time.perf_counter() - w0
        scope["describe"]()
        rows.append(dict(json.loads(scope["row"]), **figures))
    return rows


def run_micropython(games):
    """The same under MicroPython: bench/review_worker.mjs calls each slice from JavaScript."""
    node = shutil.which("node")
    driver = os.path.join(ROOT, "bench", "review_worker.mjs")
    if not node or not os.path.isdir(os.path.join(ROOT, "node_modules", "@micropython")):
        return None
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write("GAMES = %r\n" % [list(g) for g in games] + SETUP)
        path = f.name
    try:
        out = subprocess.run([node, driver, path, str(len(games))], capture_output=True, text=True, cwd=ROOT,
                             timeout=3600)
    finally:
        os.unlink(path)
    rows = [json.loads(line[4:]) for line in out.stdout.splitlines() if line.startswith("ROW ")]
    if len(rows) != len(games):
        raise SystemExit("MicroPython run failed:\n" + out.stderr[-2000:])
    return rows


def summary(rows):
    groups = {}
    for row in rows:
        groups.setdefault(row["label"], []).append(row)
    out = {}
    for label, items in groups.items():
        entry = {"games": len(items), "moves": percentile([r["moves"] for r in items], 0.5)}
        for key in ("wall", "cpu", "wall_par", "cpu_par"):
            values = [r[key] for r in items]
            entry[key] = {"median": percentile(values, 0.5), "max": max(values)}
        both = [r["cpu"] + r["cpu_par"] for r in items]
        entry["cpu_with_par"] = {"median": percentile(both, 0.5), "max": max(both)}
        out[label] = entry
    four = [r for r in rows if r["label"].startswith("4 cells")]
    if four:
        out["4 cells, all"] = {
            "games": len(four),
            "cpu": {"median": percentile([r["cpu"] for r in four], 0.5)},
            "cpu_with_par": {"median": percentile([r["cpu"] + r["cpu_par"] for r in four], 0.5)},
            "wall": {"median": percentile([r["wall"] for r in four], 0.5)},
        }
    return out


def show(name, figures):
    print(name)
    print("  %-14s %5s %5s  %-22s %-22s %-22s" % ("", "games", "moves", "review CPU med/max s",
                                                  "par CPU med/max s", "review wall med/max s"))
    for label, f in figures.items():
        if "moves" not in f:
            print("  %-14s %5d        review %.3f s, with par %.3f s (CPU medians), wall %.3f s"
                  % (label, f["games"], f["cpu"]["median"], f["cpu_with_par"]["median"], f["wall"]["median"]))
            continue
        print("  %-14s %5d %5d  %.3f / %.3f          %.3f / %.3f          %.3f / %.3f" % (
            label, f["games"], f["moves"], f["cpu"]["median"], f["cpu"]["max"], f["cpu_par"]["median"],
            f["cpu_par"]["max"], f["wall"]["median"], f["wall"]["max"]))


def load_games(args):
    """The games of GAMES_FILE, or new ones played (and saved there) with --make."""
    if not args.make and os.path.exists(GAMES_FILE):
        with open(GAMES_FILE) as f:
            return [tuple(g) for g in json.load(f)["games"]]
    t0 = time.perf_counter()
    games = make_games(args.games, args.small, args.seed)
    print("%d games played in %.1f s" % (len(games), time.perf_counter() - t0))
    with open(GAMES_FILE, "w") as f:
        json.dump({"seed": args.seed, "games": games}, f, separators=(",", ":"))
        f.write("\n")
    return games


def main(argv):
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--make", action="store_true", help="play new games into %s" % os.path.relpath(GAMES_FILE))
    parser.add_argument("--games", type=int, default=10, help="with --make: 4-cell games of each kind")
    parser.add_argument("--small", type=int, default=4, help="with --make: 2- and 1-cell games of each kind")
    parser.add_argument("--seed", type=int, default=1, help="with --make: the seed of the deals and the player")
    parser.add_argument("--json", help="write every figure to this file")
    parser.add_argument("--no-micropython", action="store_true")
    args = parser.parse_args(argv)
    games = load_games(args)
    result = {"games": [g[:3] + (len(g[3]),) for g in games]}
    rows = run_cpython(games)
    result["cpython"] = {"rows": rows, "summary": summary(rows)}
    show("CPython %s" % sys.version.split()[0], result["cpython"]["summary"])
    if not args.no_micropython:
        rows = run_micropython(games)
        if rows is None:
            print("MicroPython: skipped (run make build first)")
        else:
            result["micropython"] = {"rows": rows, "summary": summary(rows)}
            show("MicroPython (under Node)", result["micropython"]["summary"])
            median = result["micropython"]["summary"]["4 cells, all"]["cpu_with_par"]["median"]
            print("target: 4-cell review with par ≤ %.1f s (median): %.2f s %s" % (
                TARGET_SECONDS, median, "met" if median <= TARGET_SECONDS else "NOT met"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1:])
