"""``python -m seahaven review``: the JSON object exactly, the readable report, a
game link as input, and refusals (one line on stderr, exit status 2)."""

import json
import os
import subprocess
import sys

import pytest

from seahaven import Game, share, solver

from .played import lost_game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CODE = "SH1-C4-AAAAAJ2"
PLY_KEYS = ["ply", "move", "verdict", "keeps", "legal", "critical"]


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "seahaven", "review", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def lost_moves():
    """Ten moves or more of the solver's line, a move that loses, two more moves: (moves, its number)."""
    _, moves, lost_at = lost_game(CODE, 10, tail=2)
    return moves, lost_at


def test_json_is_exactly_one_object_of_the_agreed_shape():
    """{"code", "par", "lost_at", "plies"}; one entry per position, ply 0 the deal with move null."""
    moves, lost_at = lost_moves()
    out = run(CODE, *moves, "--json")
    assert (out.returncode, out.stderr) == (0, "")
    data = json.loads(out.stdout)
    assert list(data) == ["code", "par", "lost_at", "plies"]
    assert data["code"] == CODE
    assert isinstance(data["par"], int) and 52 <= data["par"] <= 100
    assert data["lost_at"] == lost_at
    assert [p["ply"] for p in data["plies"]] == list(range(len(moves) + 1))
    assert [p["move"] for p in data["plies"]] == [None] + moves
    game = Game.from_code(CODE)
    for i, ply in enumerate(data["plies"]):
        assert list(ply) == PLY_KEYS
        assert ply["legal"] == len(game.legal_moves())
        assert ply["verdict"] == ("winnable" if i < lost_at else "not winnable")
        assert isinstance(ply["keeps"], int) and (0 < ply["keeps"] <= ply["legal"]) == (i < lost_at)
        assert isinstance(ply["critical"], bool)
        if i < len(moves):
            game.play(moves[i])


def test_a_won_game_has_no_losing_move_in_json():
    game = Game.from_code(CODE)
    line = solver.solve(game.position).moves
    data = json.loads(run(CODE, *line, "--json").stdout)
    assert data["lost_at"] is None
    assert data["par"] <= len(line)
    assert {p["verdict"] for p in data["plies"]} == {"winnable"}


def test_the_readable_report():
    """A summary (moves, par, the losing move and its alternative), then one line per position."""
    moves, lost_at = lost_moves()
    out = run(CODE, *moves)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert text.startswith("%s, %d moves\n" % (CODE, len(moves)))
    assert "par " in text and "not proven shortest" in text
    assert "lost by move %d, %s" % (lost_at, moves[lost_at - 1]) in text
    assert "it would have won with " in text
    rows = [line for line in text.splitlines() if line.startswith("  ") and line.split()[0].isdigit()]
    assert len(rows) == len(moves) + 1
    assert "✗" in rows[lost_at] and "✗" not in "".join(rows[:lost_at] + rows[lost_at + 1:])


def test_a_game_link_reviews_the_same_game():
    """``review R1-…`` reads the deal and the moves from a shared link."""
    moves, _ = lost_moves()
    game = Game.from_code(CODE)
    for move in moves:
        game.play(move)
    by_link = run(share.encode(game), "--json", "--budget", "5")
    assert by_link.returncode == 0, by_link.stderr
    assert json.loads(by_link.stdout) == json.loads(run(CODE, *moves, "--json").stdout)


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--json"],
        ["SH1-C5-AAAAAAA"],
        ["SH1-C4-AAAAAJ2", "t1-t11"],
        ["SH1-C4-AAAAAJ2", "t1-t9"],
        ["SH1-C4-AAAAAJ2", "--budget", "soon"],
        ["SH1-C4-AAAAAJ2", "--budget", "-1"],
        ["SH1-C4-AAAAAJ2", "--budget"],
        ["SH1-C4-AAAAAJ2", "--depth", "3"],
        ["R1-AAAAAAAAAAAAAA"],
        ["R2-AAAAAAAAAAAAAA"],
        ["R1-AAAAA65kW_JDSFm7F4zjCImEcWA", "t1-t7"],
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(args):
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("seahaven: ")
    assert "Traceback" not in out.stderr


def test_help_names_the_command_and_what_par_is():
    """The program's own --help lists review with its arguments and says what par is."""
    out = subprocess.run([sys.executable, "-m", "seahaven", "--help"], capture_output=True, text=True, cwd=ROOT)
    text = " ".join(out.stdout.split())
    assert "review [--json] [--budget SECONDS] CODE|LINK [MOVE ...]" in text
    assert "par, the number of moves of the shortest win" in text


def test_review_help_says_what_par_and_the_budget_are():
    out = run("--help")
    assert out.returncode == 0
    text = " ".join(out.stdout.split())
    assert "--json" in text and "--budget SECONDS" in text
    assert "par, the number of moves of the shortest win the solver found" in text
