"""Against Freecell Solver: every solution ``fc-solve -g seahaven`` finds for our
deals replays move by move as legal moves in the engine, through the very same
positions, and wins.

fc-solve caps runs at free cells + 1 (stricter than design §1), so its solutions
must always be legal for us. Its verbose move lines (``-m``-style, printed with
``-p -t -sam``) count stacks and free cells from 0.
"""

import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from seahaven import Game, Position, solver

from .. import fcsolve

FC_SOLVE = shutil.which("fc-solve")
pytestmark = pytest.mark.skipif(
    FC_SOLVE is None, reason="fc-solve is not installed (Debian package freecell-solver-bin)"
)

PER_DEAL_SECONDS = 10
ITERATIONS = "100000"

# Deals fc-solve is known to solve with few cells (it solves most 4-cell deals),
# so that every difficulty really exercises the replay.
SOLVED_WITH = {
    2: [36, 61, 77, 85, 94, 106, 110, 115, 127, 136, 162, 178],
    1: [110, 115, 208, 508, 798, 1069, 1278, 1498, 1761, 1786, 2090, 2094],
}
DEALS = {
    4: list(range(50)),
    2: SOLVED_WITH[2] + [n for n in range(50) if n not in SOLVED_WITH[2]][: 50 - len(SOLVED_WITH[2])],
    1: SOLVED_WITH[1] + [n for n in range(50) if n not in SOLVED_WITH[1]][: 50 - len(SOLVED_WITH[1])],
}

MOVE_PATTERNS = [
    (re.compile(r"^Move a card from stack (\d+) to freecell (\d+)$"), "t", "c"),
    (re.compile(r"^Move a card from freecell (\d+) to stack (\d+)$"), "c", "t"),
    (re.compile(r"^Move a card from freecell (\d+) to freecell (\d+)$"), "c", "c"),
    (re.compile(r"^Move a card from stack (\d+) to stack (\d+)$"), "t", "t"),
    (re.compile(r"^Move a card from stack (\d+) to the foundations$"), "t", "f"),
    (re.compile(r"^Move a card from freecell (\d+) to the foundations$"), "c", "f"),
]
GROUP_PATTERN = re.compile(r"^Move (\d+) cards from stack (\d+) to stack (\d+)$")


def translate(game, line):
    """One fc-solve move line → design §5 notation for the current position of ``game``."""
    group = GROUP_PATTERN.match(line)
    if group:
        n, src, dst = (int(x) for x in group.groups())
        return "t%d-t%d" % (src + 1, dst + 1) + ("x%d" % n if n > 1 else "")
    for pattern, src_kind, dst_kind in MOVE_PATTERNS:
        found = pattern.match(line)
        if not found:
            continue
        src = "%s%d" % (src_kind, int(found.group(1)) + 1)
        if dst_kind == "f":
            card = game.cards(src)[-1]
            return "%s-f%d" % (src, "SHDC".index(card[1]) + 1)
        return "%s-%s%d" % (src, dst_kind, int(found.group(2)) + 1)
    raise AssertionError("unknown fc-solve move line: %r" % line)


def parse_board(lines, cells):
    """fc-solve's printed board (blank-padded Freecells slots) → our Position."""
    return Position.from_text("\n".join(lines), cells=cells)


def solve(text, cells):
    """Run fc-solve; None if it finds no solution in time, else [(board, move line), …] and the start board."""
    try:
        result = subprocess.run(
            [FC_SOLVE, "-g", "seahaven", "--freecells-num", str(cells), "-p", "-t", "-sam", "-mi", ITERATIONS, "-"],
            input=text,
            capture_output=True,
            text=True,
            timeout=PER_DEAL_SECONDS,
        )
    except subprocess.TimeoutExpired:
        return None
    if "This game is solveable." not in result.stdout:
        return None
    boards, moves, current = [], [], None
    for line in result.stdout.splitlines():
        if line.startswith("Foundations:"):
            current = [line]
        elif current is not None and (line.startswith(":") or line.startswith("Freecells:")):
            current.append(line)
            if len(current) == 12:
                boards.append(parse_board(current, cells))
                current = None
        elif line.startswith("Move "):
            moves.append(line.strip())
    assert len(boards) == len(moves) + 1, "could not parse fc-solve's output"
    return boards, moves


def replay(cells, number):
    """Solve deal ``number`` with fc-solve and replay it; returns the moves played, or None if unsolved."""
    game = Game.from_number(number, cells)
    solved = solve(game.to_text(), cells)
    if solved is None:
        return None
    boards, lines = solved
    assert boards[0] == game.position, "fc-solve read a different position"
    played = []
    for board, line in zip(boards[1:], lines, strict=True):
        move = translate(game, line)
        game.play(move)  # IllegalMove here is a failure: fc-solve found a move we refuse
        played.append(move)
        assert board == game.position, "after %s (%r) the positions differ" % (move, line)
    assert game.won, "the replayed solution does not win"
    assert 52 * 10 <= game.score
    return played


@pytest.mark.parametrize("cells", [4, 2, 1])
def test_fc_solve_solutions_replay_and_win(cells):
    """For 50 deals per difficulty, every fc-solve solution replays as legal moves and wins."""
    workers = min(4, os.cpu_count() or 1)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(lambda n: replay(cells, n), DEALS[cells]))
    assert 50 == len(results)
    solved = [r for r in results if r is not None]
    assert len(solved) >= 5, "fc-solve solved only %d deals with %d cells" % (len(solved), cells)
    if cells < 4:
        assert all(results[i] is not None for i in range(len(SOLVED_WITH[cells])))
    assert any(any("x" in m for m in moves) for moves in solved), "no group move was exercised"


def test_translation_of_each_move_kind():
    """fc-solve's 0-based stacks and free cells map to t1-t10 and c1-c4; home goes to f1-f4 by suit."""
    game = Game.from_code("SH1-C4-AAAAAJ2")  # t3 tops QD, c1 holds 3C, c2 4H
    assert "t3-c3" == translate(game, "Move a card from stack 2 to freecell 2")
    assert "c2-t10" == translate(game, "Move a card from freecell 1 to stack 9")
    assert "c1-f4" == translate(game, "Move a card from freecell 0 to the foundations")
    assert "c2-f2" == translate(game, "Move a card from freecell 1 to the foundations")
    assert "t3-f3" == translate(game, "Move a card from stack 2 to the foundations")
    assert "t1-t10x3" == translate(game, "Move 3 cards from stack 0 to stack 9")
    assert "t1-t2" == translate(game, "Move 1 cards from stack 0 to stack 1")
    with pytest.raises(AssertionError):
        translate(game, "Move the sequence on top of Stack 1 to the foundations")


def mid_game_positions(cells, numbers):
    """Positions from the middle of won games (our solver's lines): a quarter,
    half and three quarters of the way, so foundations pass the ten."""
    out = []
    for number in numbers:
        game = Game.from_number(number, cells)
        result = solver.solve(game.position, max_nodes=20000)
        if result.status != solver.WINNABLE:
            continue
        stops = {len(result.moves) * k // 4 for k in (1, 2, 3)}
        for i, move in enumerate(result.moves):
            if i in stops:
                out.append(game.position.copy())
            game.play(move)
    return out


@pytest.mark.parametrize("cells", [4, 2, 1])
def test_mid_game_positions_go_to_fc_solve_and_back(cells):
    """to_text of mid-game positions is read by fc-solve as the same position:
    the board it prints back (rank letters, blank-padded cells) parses with
    from_text to exactly the position sent, and so does every later board."""
    positions = mid_game_positions(cells, DEALS[cells][:8])
    workers = min(4, os.cpu_count() or 1)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        printed = list(pool.map(lambda pos: fcsolve.printed_boards(pos.to_text(), cells, PER_DEAL_SECONDS), positions))
    checked = [(pos, boards) for pos, boards in zip(positions, printed, strict=True) if boards]
    assert len(checked) >= 8, "fc-solve solved only %d of %d positions" % (len(checked), len(positions))
    assert any(max(pos.found) >= 10 for pos, _ in checked), "no foundation past the ten was sent"
    for pos, boards in checked:
        assert pos == Position.from_text(boards[0], cells=cells), pos.to_text()
        trimmed = "".join(line.rstrip() + "\n" for line in boards[0].splitlines())  # trailing blanks lost
        assert pos == Position.from_text(trimmed, cells=cells)
        for board in boards[1:]:
            Position.from_text(board, cells=cells)
