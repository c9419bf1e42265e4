"""The command line ``python -m seahaven deal|moves|play|new``: outputs, and exit
status 2 with a one-line message on stderr (never a traceback) for bad input."""

import io
import os
import re
import subprocess
import sys

import pytest

from seahaven import Game
from seahaven import cli as seahaven_cli

from .boards import board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEAL = Game.from_code("SH1-C4-AAAAAJ2").to_text()


class Result:
    def __init__(self, returncode, stdout, stderr):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


@pytest.fixture
def cli(monkeypatch, capsysbinary):
    """Run the command line in this process (fast); stdin is strict UTF-8 like a real terminal."""

    def run(*args, stdin=None):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8"))
        code = seahaven_cli.main(list(args))
        out, err = capsysbinary.readouterr()
        return Result(code, out, err)

    return run


def subprocess_cli(*args, stdin=None):
    """Run ``python -m seahaven`` for real."""
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run(
        [sys.executable, "-m", "seahaven", *args],
        input=stdin if stdin is not None else b"",
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def assert_refused(result, *fragments):
    """Exit status 2, nothing on stdout, one line on stderr naming the problem, no traceback."""
    err = result.stderr.decode("utf-8", "replace")
    assert 2 == result.returncode, err
    assert b"" == result.stdout
    assert 1 == len(err.splitlines()), err
    assert err.startswith("seahaven: ")
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in err


def test_python_m_seahaven_runs_and_refuses():
    """python -m seahaven deals, and a bad code exits 2 with one line and no traceback."""
    result = subprocess_cli("deal", "SH1-C4-AAAAAJ2")
    assert (0, DEAL, b"") == (result.returncode, result.stdout.decode(), result.stderr)
    assert_refused(subprocess_cli("deal", "SH1-C4-AAAAAJ"), "AAAAAJ")
    assert_refused(subprocess_cli(), "command")
    assert_refused(subprocess_cli("moves"), "Freecells")


def test_deal_prints_position(cli):
    """deal CODE prints the position text of that deal (case and spaces ignored)."""
    result = cli("deal", " sh1-c4-aaaaaj2 ")
    assert (0, DEAL, b"") == (result.returncode, result.stdout.decode(), result.stderr)


def test_moves_from_stdin_and_file(tmp_path, cli):
    """moves prints the legal moves of a position text, one per line, from stdin or a file."""
    expected = "".join(m + "\n" for m in Game.from_text(DEAL).legal_moves())
    result = cli("moves", stdin=DEAL.encode())
    assert (0, expected) == (result.returncode, result.stdout.decode())
    result = cli("moves", "-", stdin=DEAL.encode())
    assert (0, expected) == (result.returncode, result.stdout.decode())
    path = tmp_path / "deal.txt"
    path.write_text(DEAL)
    result = cli("moves", str(path))
    assert (0, expected) == (result.returncode, result.stdout.decode())


def test_moves_of_stuck_position_is_empty(cli):
    """moves prints nothing (status 0) when no move is legal."""
    text = board({i: c for i, c in enumerate(["2S", "2H", "2D", "2C", "9S", "9H", "9D", "9C"], start=1)}, cells=["*"])
    result = cli("moves", stdin=text.encode())
    assert (0, b"") == (result.returncode, result.stdout)


def test_play_prints_final_position_and_score(cli):
    """play CODE MOVE... plays the moves, then prints the position and 'score N'."""
    game = Game.from_code("SH1-C2-AAAAAJ2")
    moves = []
    for _ in range(6):
        move = game.legal_moves()[0]
        game.play(move)
        moves.append(move)
    result = cli("play", "SH1-C2-AAAAAJ2", *moves)
    assert 0 == result.returncode
    assert game.to_text() + "score %d\n" % game.score == result.stdout.decode()


def test_play_without_moves_prints_the_deal(cli):
    """play CODE with no moves prints the deal and score 0."""
    result = cli("play", "SH1-C4-AAAAAJ2")
    assert DEAL + "score 0\n" == result.stdout.decode()


@pytest.mark.parametrize("cells", [None, "4", "2", "1"])
def test_new_prints_a_fresh_code(cells, cli):
    """new [--cells N] prints a valid code with that many cells (4 by default)."""
    result = cli("new", *(["--cells", cells] if cells else []))
    assert 0 == result.returncode
    code = result.stdout.decode().strip()
    assert re.match(r"^SH1-C%s-[A-Z2-7]{7}$" % (cells or "4"), code)
    assert code == Game.from_code(code).code


def test_new_accepts_equals_form(cli):
    """new --cells=2 works like new --cells 2."""
    result = cli("new", "--cells=2")
    assert result.stdout.decode().startswith("SH1-C2-")


def test_help_goes_to_stdout(cli):
    """--help prints the usage on stdout with status 0."""
    result = cli("--help")
    assert 0 == result.returncode
    assert b"deal CODE" in result.stdout


BAD = [
    (("deal", "SH1-C3-AAAAAJ2"), None, ["C3"]),
    (("deal", "<script>"), None, ["<script>"]),
    (("deal",), None, ["deal"]),
    (("deal", "SH1-C4-AAAAAJ2", "extra"), None, ["deal"]),
    (("play", "SH1-C4-AAAAAJ2", "t3-c3", "t3-f1"), None, ["t3-f1"]),
    (("play", "SH1-C4-AAAAAJ2", "t3-x"), None, ["t3-x"]),
    (("play", "SH1-C4-AAAAAJÉ"), None, ["É"]),
    (("play",), None, ["play"]),
    (("moves",), b"Freecells: - - -\n", ["3 slots"]),
    (("moves",), b"", ["Freecells"]),
    (("moves",), b"\xff\xfe\x00garbage", []),
    (("moves", "/nonexistent/position.txt"), None, ["/nonexistent/position.txt"]),
    (("moves", "a", "b"), None, ["moves"]),
    (("new", "--cells", "3"), None, ["3"]),
    (("new", "--cells"), None, ["--cells"]),
    (("new", "--level", "2"), None, ["--cells"]),
    (("frobnicate",), None, ["frobnicate"]),
    ((), None, ["command"]),
]


@pytest.mark.parametrize("args,stdin,fragments", BAD, ids=[" ".join(b[0]) or "(none)" for b in BAD])
def test_bad_input_exits_2_with_one_line(args, stdin, fragments, cli):
    """Bad input of any kind: status 2, a one-line message naming the problem on stderr, no traceback."""
    assert_refused(cli(*args, stdin=stdin), *fragments)


def test_binary_file_refused(tmp_path, cli):
    """A position file that is not UTF-8 text is refused in one line."""
    path = tmp_path / "x.bin"
    path.write_bytes(b"\xff\xfe\x00\x01")
    assert_refused(cli("moves", str(path)), "cannot read")
