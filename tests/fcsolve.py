"""Freecell Solver as an independent oracle: solve a position and translate its
standard move notation (columns 1-10, cells a-d, h = home) into move notation (design §5)."""

import os
import shutil
import subprocess

from seahaven import Game

FC_SOLVE = shutil.which("fc-solve")


def _place(token):
    if token == "h":
        return "h"
    if token in "abcd":
        return "c%d" % ("abcd".index(token) + 1)
    return "t%d" % int(token)


def _split(token):
    """``"210"`` → ``("2", "10")``; ``"10d"`` → ``("10", "d")``; ``"42v2"`` → ``("4", "2")`` and 2 cards."""
    count = 1
    if "v" in token:
        token, n = token.split("v")
        count = int(n)
    if token.startswith("10") and len(token) > 2:
        return "10", token[2:], count
    return token[0], token[1:], count


def _count(game, src, dst):
    """Column to column without ``vN``: fc-solve leaves the count implied; the
    one count that lands is the only legal one (building is by suit)."""
    for n in range(1, len(game.cards(src)) + 1):
        try:
            game.find_move(src, dst, n)
            return n
        except ValueError:
            continue
    return 1


def translate(game, tokens):
    """Turn fc-solve tokens into moves, playing them on a copy of ``game``."""
    replay = Game.from_text(game.to_text())
    moves = []
    for token in tokens:
        src, dst, n = _split(token)
        src, dst = _place(src), _place(dst)
        if dst == "h":
            card = replay.cards(src)[-1]
            dst = "f%d" % ("SHDC".index(card[1]) + 1)
        if src[0] == "t" and dst[0] == "t" and n == 1:
            n = _count(replay, src, dst)
        move = "%s-%s" % (src, dst) + ("x%d" % n if n > 1 else "")
        replay.play(move)
        moves.append(move)
    return moves


def printed_boards(text, cells, timeout=30):
    """The boards fc-solve prints along its solution of a position text, the
    first being the position as it read it (blank-padded cells and all); None
    when it finds no solution in time. A text fc-solve cannot read (it says
    why on stderr, e.g. "There's a missing card: 2D.") fails the test."""
    try:
        result = subprocess.run(
            [FC_SOLVE, "-g", "seahaven", "--freecells-num", str(cells), "-p", "-t", "-sam", "-mi", "100000", "-"],
            input=text,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=dict(os.environ, FREECELL_SOLVER_QUIET="1"),
        )
    except subprocess.TimeoutExpired:
        return None
    assert "" == result.stderr.strip(), "fc-solve could not read:\n%s%s" % (text, result.stderr)
    out = result.stdout
    if "This game is solveable" not in out:
        return None
    boards = []
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Foundations:"):
            boards.append("\n".join(lines[i : i + 12]) + "\n")
    return boards


def solve(game, timeout=30):
    """fc-solve's solution for ``game`` in move notation (design §5), or None when it finds none."""
    out = subprocess.run(
        [FC_SOLVE, "-g", "seahaven", "--freecells-num", str(game.cells), "-m", "-snx", "-"],
        input=game.to_text(),
        capture_output=True,
        text=True,
        timeout=timeout,
    ).stdout
    if "This game is solveable" not in out:
        return None
    body = out.split("-=-=-=-=-=-=-=-=-=-=-=-", 1)[1].split("This game is solveable")[0]
    return translate(game, body.split())
