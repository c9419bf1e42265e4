"""``python -m seahaven``: deals, legal moves, playing moves, new codes, and the
solver's commands; ``python -m seahaven COMMAND --help`` for each.

Every refusal is one line on stderr and exit status 2, never a traceback.

Adding a subcommand: write a ``Command`` (``seahaven.cli.command``) in the module
of its concern (``Command("review", "…", arguments, run)``), and add that
module's COMMANDS to ``COMMANDS`` below. That is the whole registration.
"""

import argparse
import os
import sys

from .. import deal
from ..errors import SeahavenError, quote
from ..game import Game
from . import grade, review, solver
from .command import Command, Parser, UsageError, read_text


def _deal_arguments(parser):
    parser.add_argument("code", metavar="CODE", help="a game code, e.g. %s" % deal.EXAMPLE)


def _deal(args):
    sys.stdout.write(Game.from_code(args.code).to_text())


def _moves_arguments(parser):
    parser.add_argument(
        "source", metavar="FILE", nargs="?", default="-", help="a position text (- or nothing: standard input)"
    )


def _moves(args):
    game = Game.from_text(read_text(args.source))
    for move in game.legal_moves():
        print(move.text)


def _play_arguments(parser):
    parser.add_argument("code", metavar="CODE", help="a game code, e.g. %s" % deal.EXAMPLE)
    parser.add_argument("moves", metavar="MOVE", nargs="*", help="moves in notation, e.g. t1-t7 t4-t9x3")


def _play(args):
    game = Game.from_code(args.code)
    for move in args.moves:
        game.play(move)
    sys.stdout.write(game.to_text())
    print("score %d" % game.score)


def _new_arguments(parser):
    parser.add_argument(
        "--cells", type=int, choices=deal.CELL_COUNTS, default=4, help="4 (easy, the default), 2 or 1 (hard)"
    )


def _new(args):
    print(Game.new(cells=args.cells).code)


GAME_COMMANDS = [
    Command("deal", "print the position text of a deal", _deal_arguments, _deal),
    Command("moves", "print the legal moves of a position text", _moves_arguments, _moves),
    Command("play", "play moves, print the final position and its score", _play_arguments, _play),
    Command("new", "print a fresh random game code", _new_arguments, _new),
]

COMMANDS = GAME_COMMANDS + solver.COMMANDS + review.COMMANDS + grade.COMMANDS
PROG = "python -m seahaven"


def _synopsis(parser):
    """``deal CODE``: a command's usage on one line, without the program name and -h."""
    usage = " ".join(parser.format_usage().replace("[-h] ", "").split())
    return usage.split(PROG + " ", 1)[1]


def parser(commands=None):
    """The argument parser of every command; ``--help`` lists them with their arguments.

    Returns the top parser and a dict of the commands' own parsers by name.
    """
    commands = COMMANDS if commands is None else commands
    top = Parser(
        prog=PROG,
        usage="%(prog)s [-h] command ...",
        description="Seahaven Towers: deals, moves and the solver on the command line.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = top.add_subparsers(
        dest="command", metavar="command", required=True, parser_class=Parser, help=argparse.SUPPRESS
    )
    parts = {}
    for command in commands:
        part = sub.add_parser(command.name, prog="%s %s" % (PROG, command.name), description=command.summary)
        command.arguments(part)
        part.set_defaults(run=command.run)
        parts[command.name] = part
    lines = ["commands (each answers --help):"]
    for command in commands:
        lines.append("  %s\n      %s" % (_synopsis(parts[command.name]), command.summary))
    top.epilog = "\n".join(lines)
    return top, parts


def main(argv):
    try:
        top, parts = parser()
        args, extra = top.parse_known_args(argv)
        if extra:
            parts[args.command].error("unrecognized arguments: %s" % " ".join(extra))
        args.run(args)
    except (SeahavenError, UsageError) as exc:
        sys.stderr.write("seahaven: %s\n" % quote(str(exc).replace("\n", " "), 600))
        return 2
    except SystemExit as exc:  # --help
        return exc.code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader stopped reading (e.g. `| head`): stop quietly, like other tools.
        _silence_stdout()
        return 1
    return 0


def _silence_stdout():
    """Point stdout at /dev/null, so Python's final flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass

