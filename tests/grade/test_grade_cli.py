"""``python -m seahaven grade`` and ``daily``, and the survey's difficulty lines:
outputs, and one line on stderr with exit status 2 for bad input."""

import io
import json
import os
import subprocess
import sys

import pytest

from seahaven import daily, grade
from seahaven.cli import main as seahaven_cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Result:
    def __init__(self, returncode, stdout, stderr):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


@pytest.fixture
def cli(monkeypatch, capsys):
    """Run the command line in this process."""

    def run(*args):
        monkeypatch.setattr(sys, "stdin", io.StringIO(""))
        code = seahaven_cli.main(list(args))
        out, err = capsys.readouterr()
        return Result(code, out, err)

    return run


def assert_refused(result, *fragments):
    """Exit status 2, nothing on stdout, one line on stderr naming the problem."""
    assert 2 == result.returncode, result.stderr
    assert "" == result.stdout
    assert 1 == len(result.stderr.splitlines()), result.stderr
    assert result.stderr.startswith("seahaven: ")
    for fragment in fragments:
        assert fragment in result.stderr


def test_grade_prints_the_tier_and_the_predictor(cli):
    """grade CODE: the code, the tier's name, the predictor and its parts."""
    g = grade.grade("SH1-C4-AAAAAJ2")
    result = cli("grade", "sh1-c4-aaaaaj2")
    assert 0 == result.returncode
    assert (
        "SH1-C4-AAAAAJ2 %s, predictor %d (the solver expanded %d positions; the quick player lost %d of 2 games)\n"
        % (grade.TIER_NAMES[g.tier], g.predictor, g.nodes, g.slips)
    ) == result.stdout


def test_grade_json(cli):
    """grade CODE --json: one object, the same as Grade.to_dict()."""
    result = cli("grade", "SH1-C4-AAAAAAB", "--json")
    assert grade.grade("SH1-C4-AAAAAAB").to_dict() == json.loads(result.stdout)


def test_grade_of_a_deal_that_cannot_be_won(cli):
    """A deal that is not winnable has no tier: said plainly, exit 0; null in JSON."""
    assert "SH1-C2-AAAAAJ2 not winnable\n" == cli("grade", "SH1-C2-AAAAAJ2").stdout
    data = json.loads(cli("grade", "SH1-C2-AAAAAJ2", "--json").stdout)
    assert ("not winnable", None, None) == (data["status"], data["tier"], data["predictor"])


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["grade"], "CODE"),
        (["grade", "SH1-C4-AAAAAJ"], "7 characters"),
        (["grade", "SH1-C4-AAAAAJ2", "SH1-C4-AAAAAJ2"], "unrecognized"),
        (["grade", "--cells", "4", "SH1-C4-AAAAAJ2"], "unrecognized"),
        (["daily", "2026-02-30"], "not a day"),
        (["daily", "24.12.2026"], "2026-12-24"),
        (["daily", "2026-12-24", "--cells", "3"], "--cells"),
        (["daily", "2026-12-24", "--cells"], "--cells"),
        (["daily", "2026-12-24", "2026-12-25"], "unrecognized"),
        (["daily", "--date", "2026-12-24"], "unrecognized"),
    ],
)
def test_refusals(cli, args, fragment):
    """Bad codes, dates, cells or extra arguments: one line on stderr, exit 2."""
    assert_refused(cli(*args), fragment)


def test_daily_prints_the_code(cli):
    """daily DATE --cells N prints that day's code, and only it."""
    result = cli("daily", "2026-12-24", "--cells", "2")
    assert (0, daily.daily(2026, 12, 24, 2).code + "\n", "") == (result.returncode, result.stdout, result.stderr)


def test_daily_json_has_tier_and_par(cli):
    """--json: date, cells, code, tier and par (the length of a winning line)."""
    found = daily.daily(2026, 12, 24, 4)
    data = json.loads(cli("daily", "2026-12-24", "--json").stdout)
    expected = {"date": "2026-12-24", "cells": 4, "code": found.code, "tier": found.tier, "par": grade.par(found.code)}
    assert expected == data
    assert 40 < data["par"] < 120


def test_daily_without_a_date_is_today_in_utc(cli):
    """No date: today's deal (UTC)."""
    result = cli("daily")
    assert daily.daily(*daily.today(), 4).code + "\n" == result.stdout


def test_daily_help(cli):
    """daily --help describes the command on stdout, exit 0."""
    result = cli("daily", "--help")
    assert 0 == result.returncode
    assert "YYYY-MM-DD" in result.stdout


def test_survey_reports_tiers_and_the_rank_correlation(cli):
    """survey: the solver's shares as before, then the tier shares and Spearman's rho; --plays 0 leaves them out."""
    result = cli("survey", "--cells", "4", "--count", "4", "--start", "300", "--jobs", "1", "--plays", "2")
    assert 0 == result.returncode, result.stderr
    out = result.stdout
    assert "winnable" in out and "time per deal" in out
    assert "tiers of the 4 winnable deals: Relaxed" in out
    assert "Spearman rho with the predictor" in out
    quiet = cli("survey", "--cells", "4", "--count", "2", "--start", "300", "--jobs", "1", "--plays", "0")
    assert "tiers" not in quiet.stdout


def test_python_m_seahaven_grades():
    """The real command line: grade prints, a bad code exits 2 without a traceback."""
    env = dict(os.environ, PYTHONPATH=ROOT)
    ok = subprocess.run([sys.executable, "-m", "seahaven", "grade", "SH1-C4-AAAAAJ2"], capture_output=True,
                        text=True, cwd=ROOT, env=env, timeout=60)
    assert 0 == ok.returncode and ok.stdout.startswith("SH1-C4-AAAAAJ2 ")
    bad = subprocess.run([sys.executable, "-m", "seahaven", "daily", "2026-13-01"], capture_output=True,
                         text=True, cwd=ROOT, env=env, timeout=60)
    assert (2, "") == (bad.returncode, bad.stdout)
    assert "Traceback" not in bad.stderr and 1 == len(bad.stderr.splitlines())
