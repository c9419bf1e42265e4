"""The command line ``python -m seahaven deal|moves|play|new``: outputs, and exit
status 2 with a one-line message on stderr (never a traceback) for bad input."""

import io
import os
import re
import subprocess
import sys

import pytest

from seahaven import Game
from seahaven.cli import main as seahaven_cli

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
    expected = "".join(m.text + "\n" for m in Game.from_text(DEAL).legal_moves())
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
        moves.append(move.text)
    result = cli("play", "SH1-C2-AAAAAJ2", *moves)
    assert 0 == result.returncode
    assert game.to_text() + "score %d\n" % game.score == result.stdout.decode()


# Issue 41's game: the ace of spades sent home four times over (its points are earned once).
ACE_HOME_FOUR_TIMES = ("SH1-C4-LD5JVQF", "t6-f1 f1-c3 c3-f1 f1-c3 c3-f1 f1-c3 c3-f1".split())


def test_play_scores_a_card_sent_home_again_once(cli):
    """The command line scores as the page does (tests/page/test_score.py plays the same
    moves): an ace sent home, taken back and sent home again, four times over, scores 10."""
    code, moves = ACE_HOME_FOUR_TIMES
    result = cli("play", code, *moves)
    assert (0, "score 10") == (result.returncode, result.stdout.decode().splitlines()[-1])


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


# -- every command answers --help; the README lists them all -------------------

NAMES = [command.name for command in seahaven_cli.COMMANDS]


def test_the_commands_are_all_there():
    """deal, moves, play, new, solve and survey are registered."""
    assert {"deal", "moves", "play", "new", "solve", "survey"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_every_command_answers_help(name, cli):
    """COMMAND --help prints that command's usage on stdout with status 0."""
    result = cli(name, "--help")
    assert (0, b"") == (result.returncode, result.stderr)
    assert result.stdout.decode().startswith("usage: python -m seahaven %s" % name)


def test_help_lists_every_command_with_its_arguments(cli):
    """The top --help gives each command's synopsis and summary."""
    out = cli("--help").stdout.decode()
    for synopsis in ("deal CODE", "moves [FILE]", "play CODE [MOVE ...]", "new [--cells {4,2,1}]", "solve ", "survey "):
        assert "\n  " + synopsis in out


def test_readme_lists_every_command():
    """The README's command-line section shows each command."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        section = f.read().split("## Command line", 1)[1].split("\n## ", 1)[0]
    for name in NAMES:
        assert "python3 -m seahaven %s" % name in section, name


# -- hostile input: bounded reading, huge numbers, control characters ----------


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_endless_files_are_refused_at_once(device):
    """moves /dev/zero and /dev/urandom read a bounded prefix and refuse (they used to hang)."""
    if not os.path.exists(device):
        pytest.skip("no %s here" % device)
    assert_refused(subprocess_cli("moves", device), device, "longer than")
    assert_refused(subprocess_cli("solve", device), device, "longer than")


def test_a_huge_file_is_refused_at_once(tmp_path):
    """A 200 MB file (sparse: cheap to make) is refused without reading it all."""
    path = tmp_path / "junk.txt"
    with open(path, "wb") as f:
        f.truncate(200 * 1024 * 1024)
    assert_refused(subprocess_cli("moves", str(path)), "longer than")


def test_huge_standard_input_is_refused(cli):
    """Standard input longer than any position text is refused, naming it."""
    assert_refused(cli("moves", stdin=DEAL.encode() * 1000), "standard input", "longer than")


def test_a_position_text_within_the_bound_is_read(tmp_path, cli):
    """Comments and blank lines may pad a position text up to the bound."""
    path = tmp_path / "padded.txt"
    path.write_text("# note\n" * 9000 + DEAL)
    result = cli("moves", str(path))
    assert 0 == result.returncode and b"t1-t7" in result.stdout


DIGITS = "9" * 5000


@pytest.mark.parametrize(
    "args,stdin",
    [
        (("play", "SH1-C4-AAAAAJ2", "t1-t7x" + "1" * 5000), None),
        (("moves",), DEAL.replace("H-0", "H-" + DIGITS).encode()),
        (("solve", "-"), DEAL.replace("S-0", "S-" + DIGITS).encode()),
        (("solve", "SH1-C4-AAAAAJ2", "--budget", DIGITS), None),
        (("survey", "--cells", "4", "--count", DIGITS), None),
        (("new", "--cells", DIGITS), None),
    ],
    ids=["move-count", "moves-foundation", "solve-foundation", "budget", "count", "cells"],
)
def test_numbers_of_thousands_of_digits(args, stdin, cli):
    """Numbers over 4300 digits are refused in one line (they used to crash with a traceback)."""
    result = cli(*args, stdin=stdin)
    assert_refused(result)
    assert len(result.stderr) < 1000


CONTROL = "\x1b[2J\x1b]0;owned\x07\x9b31m\u202e"


@pytest.mark.parametrize(
    "args,stdin",
    [
        (("deal", CONTROL), None),
        (("deal", "SH1-C4-" + CONTROL), None),
        (("play", "SH1-C4-AAAAAJ2", "t1" + CONTROL), None),
        (("moves",), DEAL.replace("KD", CONTROL).encode()),
        (("moves", "/nonexistent/" + CONTROL), None),
        (("new", "--cells", CONTROL), None),
        ((CONTROL,), None),
        (("solve", "SH1-C4-AAAAAJ2", "--" + CONTROL), None),
    ],
    ids=["code", "code-digits", "move", "position", "file-name", "option-value", "command", "option"],
)
def test_control_characters_are_shown_escaped(args, stdin, cli):
    """Control characters from input appear escaped on stderr, never raw (terminal escape injection)."""
    result = cli(*args, stdin=stdin)
    assert_refused(result)
    err = result.stderr.decode("utf-8")
    assert not any(ord(ch) < 32 and ch != "\n" or 127 <= ord(ch) < 160 for ch in err), repr(err)
    assert "\u202e" not in err
    if args[0] != "deal":
        assert "\\x1b" in err or "\\u202e" in err or "U+001B" in err


def test_a_closed_pipe_ends_quietly(monkeypatch, capsys):
    """`moves … | head -1`: when the reader goes away, no traceback."""

    class Closed(io.StringIO):
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(DEAL.encode()), encoding="utf-8"))
    monkeypatch.setattr(sys, "stdout", Closed())
    assert 1 == seahaven_cli.main(["moves"])
    assert "" == capsys.readouterr().err


def test_ctrl_c_during_a_parallel_survey_prints_no_traceback():
    """Ctrl+C in a terminal interrupts the whole foreground process group: the
    survey's worker processes too. The command stops with status 130 and
    prints nothing but what it had printed (4 of 7 such interrupts printed the
    workers' tracebacks)."""
    import signal
    import time

    env = dict(os.environ, PYTHONPATH=ROOT)
    # As a terminal starts it: Ctrl+C not ignored. A process inherits an ignored
    # SIGINT, and Python then never raises KeyboardInterrupt: in a full suite the
    # test process ignored it by the time this test ran, and the survey ran to its end.
    proc = subprocess.Popen(
        [sys.executable, "-m", "seahaven", "survey", "--cells", "1", "--count", "20000", "--jobs", "2"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(2.5)  # the workers are solving
    assert proc.poll() is None
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert (130, b"") == (proc.returncode, err), out[-400:]  # a summary: the interrupt was never heard
