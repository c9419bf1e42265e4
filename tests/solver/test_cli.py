"""``python -m seahaven solve`` and ``survey``: output format, refusals, parallel survey."""

import os
import subprocess
import sys

import pytest

from seahaven import Game
from seahaven.cli.survey import deal_numbers, percentile, summary, survey

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "seahaven", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_solve_a_code_prints_the_count_then_the_moves():
    """First line 'winnable N', then N moves that win the deal."""
    out = run("solve", "SH1-C4-AAAAAJ2")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split()
    assert lines[0] == "winnable" and int(lines[1]) == len(lines) - 2
    game = Game.from_code("SH1-C4-AAAAAJ2")
    for move in lines[2:]:
        game.play(move)
    assert game.won


def test_solve_a_position_text_from_stdin():
    """``solve -`` reads a position text; a lost deal prints 'not winnable' alone."""
    text = Game.from_code("SH1-C1-AAAAAAB").to_text()
    out = run("solve", "-", stdin=text)
    assert (out.returncode, out.stdout) == (0, "not winnable\n")


def test_solve_with_a_budget_too_small_prints_unknown():
    """--budget 0 on a deal that needs a real search: 'unknown'."""
    out = run("solve", "SH1-C4-AADI4JP", "--budget", "0")
    assert (out.returncode, out.stdout) == (0, "unknown\n")


@pytest.mark.parametrize(
    "args,stdin",
    [
        (["solve"], None),
        (["solve", "SH1-C5-AAAAAAA"], None),
        (["solve", "-"], "this is not a position\n"),
        (["solve", "-"], ""),
        (["solve", "SH1-C4-AAAAAJ2", "--budget", "soon"], None),
        (["solve", "SH1-C4-AAAAAJ2", "--budget", "-1"], None),
        (["solve", "SH1-C4-AAAAAJ2", "--depth", "3"], None),
        (["survey", "--cells", "3", "--count", "2"], None),
        (["survey", "--cells", "4"], None),
        (["survey", "--cells", "4", "--count", "0"], None),
        (["survey", "--cells", "4", "--count", "2", "--start", "1", "--seed", "2"], None),
    ],
)
def test_bad_input_is_one_line_and_status_2(args, stdin):
    """Every refusal: one line on stderr, nothing on stdout, exit status 2, no traceback."""
    out = run(*args, stdin=stdin)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.startswith("seahaven: ") and out.stderr.count("\n") == 1, out.stderr


def test_survey_prints_shares_and_timing():
    """A small survey over two processes: counts add up, percentiles are printed."""
    out = run("survey", "--cells", "2", "--count", "6", "--start", "100", "--jobs", "2")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "6 deals with 2 cells" in text
    rows = [line for line in text.splitlines() if line.strip().startswith(("winnable ", "not winnable", "unknown"))]
    counts = [int(line.split()[-3]) for line in rows]
    assert sum(counts) == 6
    assert "median" in text and "p95" in text


def test_survey_in_process_matches_the_solver():
    """survey() keeps deal order; its summary counts every status."""
    numbers = deal_numbers(5, start=7)
    assert numbers == [7, 8, 9, 10, 11]
    rows = survey(1, numbers, jobs=1)
    assert [r[0] for r in rows] == numbers
    s = summary(1, rows)
    assert sum(s["counts"].values()) == 5 and s["deals"] == 5


def test_deal_numbers_from_a_seed_are_reproducible_and_distinct():
    """--seed draws the same distinct deal numbers every time."""
    a, b = deal_numbers(50, seed=3), deal_numbers(50, seed=3)
    assert a == b and len(set(a)) == 50 and all(0 <= n < 1 << 35 for n in a)
    assert deal_numbers(50, seed=4) != a


def test_percentile_is_nearest_rank():
    assert percentile([5, 1, 3], 0.5) == 3
    assert percentile(list(range(1, 101)), 0.95) == 95
    assert percentile([2.0], 0.99) == 2.0
