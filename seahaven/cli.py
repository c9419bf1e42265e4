"""``python -m seahaven``: deals, legal moves, playing moves, new codes.

Every refusal is one line on stderr and exit status 2, never a traceback.
"""

import sys

from . import deal
from .errors import SeahavenError
from .game import Game

USAGE = """usage: python -m seahaven COMMAND ...

commands:
  deal CODE              print the position text of a deal
  moves [FILE|-]         print the legal moves of a position text (stdin by default)
  play CODE MOVE...      play moves, print the final position and its score
  new [--cells N]        print a fresh random game code (N = 4, 2 or 1)
  solve CODE|- [--budget SECONDS] [--improve NODES]
                         can the deal (or the position text on stdin) be won?
                         prints "winnable N" and the N moves, "not winnable" or "unknown";
                         up to NODES (default 2000) more positions go into a shorter line
  survey --cells N --count K [--start S] [--budget SECONDS] [--plays P]
                         solve K deals in parallel; shares winnable / not / unknown; the
                         winnable ones' tiers, and the player model's loss rate over P
                         games each (default 16; 0: none) against the grade's predictor
  grade CODE [--json]    the deal's tier (Relaxed, Balanced, Tricky) and its predictor
  daily [DATE] [--cells N] [--json]
                         the code of a day's deal (DATE YYYY-MM-DD, UTC today by default);
                         --json adds its tier and par
"""


class UsageError(Exception):
    pass


def _read(source):
    if source in (None, "-"):
        try:
            return sys.stdin.read()
        except UnicodeDecodeError as exc:
            raise UsageError("cannot read standard input: %s" % exc) from None
    try:
        with open(source, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError("cannot read %s: %s" % (source, exc)) from None


def cmd_deal(args):
    if len(args) != 1:
        raise UsageError("deal takes one game code, e.g. deal %s" % deal.EXAMPLE)
    sys.stdout.write(Game.from_code(args[0]).to_text())


def cmd_moves(args):
    if len(args) > 1:
        raise UsageError("moves takes at most one file (or - for stdin)")
    game = Game.from_text(_read(args[0] if args else "-"))
    for move in game.legal_moves():
        print(move)


def cmd_play(args):
    if not args:
        raise UsageError("play takes a game code and moves, e.g. play %s t1-t7" % deal.EXAMPLE)
    game = Game.from_code(args[0])
    for move in args[1:]:
        game.play(move)
    sys.stdout.write(game.to_text())
    print("score %d" % game.score)


def cmd_new(args):
    cells = 4
    if args:
        if len(args) == 2 and args[0] == "--cells":
            value = args[1]
        elif len(args) == 1 and args[0].startswith("--cells="):
            value = args[0].split("=", 1)[1]
        else:
            raise UsageError("new takes only --cells N")
        if value not in ("4", "2", "1"):
            raise UsageError("--cells must be 4, 2 or 1, not %s" % value[:20])
        cells = int(value)
    print(Game.new(cells=cells).code)


def cmd_solve(args):
    from .solver_cli import cmd_solve as run

    run(args)


def cmd_survey(args):
    from .solver_cli import cmd_survey as run

    run(args)


def cmd_grade(args):
    from .grade_cli import main as run

    run("grade", args)


def cmd_daily(args):
    from .grade_cli import main as run

    run("daily", args)


COMMANDS = {
    "deal": cmd_deal,
    "moves": cmd_moves,
    "play": cmd_play,
    "new": cmd_new,
    "solve": cmd_solve,
    "survey": cmd_survey,
    "grade": cmd_grade,
    "daily": cmd_daily,
}


def register(name, function):
    """Let another module (e.g. the solver) add a sub-command."""
    COMMANDS[name] = function


def main(argv):
    if not argv:
        sys.stderr.write("seahaven: a command is needed: %s (try --help)\n" % ", ".join(sorted(COMMANDS)))
        return 2
    if argv[0] in ("-h", "--help", "help"):
        sys.stdout.write(USAGE)
        return 0
    command = COMMANDS.get(argv[0])
    if command is None:
        sys.stderr.write("seahaven: unknown command '%s' (try --help)\n" % argv[0][:30])
        return 2
    try:
        command(argv[1:])
    except (SeahavenError, UsageError) as exc:
        sys.stderr.write("seahaven: %s\n" % str(exc).replace("\n", " "))
        return 2
    except KeyboardInterrupt:
        return 130
    return 0
