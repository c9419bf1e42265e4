"""The solver's commands of ``python -m seahaven``: ``solve`` and ``survey``.

Kept apart from the solver so that the solver itself never imports
``multiprocessing`` (it runs in a web worker, which has none).
"""

import os
import sys
import time

from .. import deal
from ..game import Game
from ..solver import WINNABLE, solve
from . import survey
from .command import Command, UsageError, number, read_text

IMPROVE_NODES = 2000  # the command line prefers a shorter line to a few more milliseconds


def _solve_arguments(parser):
    parser.add_argument(
        "source", metavar="CODE|FILE|-", help="a game code, a file holding a position text, or - for standard input"
    )
    parser.add_argument(
        "--budget", type=number(float, 0.0), metavar="SECONDS", help="give up after this long (prints unknown)"
    )
    parser.add_argument(
        "--improve",
        type=number(int, 0),
        default=IMPROVE_NODES,
        metavar="NODES",
        help="positions searched for a shorter line once a win is found (default %d)" % IMPROVE_NODES,
    )


def _solve(args):
    if args.source == "-" or os.path.exists(args.source):
        game = Game.from_text(read_text(args.source))
    else:
        game = Game.from_code(args.source)
    result = solve(game.position, budget_seconds=args.budget, improve_nodes=args.improve)
    if result.status == WINNABLE:
        print("winnable %d" % len(result.moves))
        for move in result.moves:
            print(move)
    else:
        print(result.status)


def _survey_arguments(parser):
    parser.add_argument("--cells", type=int, choices=deal.CELL_COUNTS, required=True, help="4, 2 or 1")
    parser.add_argument("--count", type=number(int, 1, 1000000), required=True, help="how many deals")
    first = parser.add_mutually_exclusive_group()
    first.add_argument("--start", type=number(int, 0, deal.DEAL_LIMIT - 1), help="deal numbers start, start+1, …")
    first.add_argument("--seed", type=number(int, 0), help="draw the deal numbers reproducibly from this seed")
    parser.add_argument("--budget", type=number(float, 0.0), metavar="SECONDS", help="time per deal")
    parser.add_argument("--jobs", type=number(int, 1, 256), help="processes (default: one per CPU)")
    parser.add_argument(
        "--plays",
        type=number(int, 0, 1000),
        help="the winnable deals' tiers, and the simulated player's loss rate over this many games each "
        "(default 16; 0: none) against the grade's predictor",
    )


def _survey(args):
    if args.start is not None and args.start + args.count > deal.DEAL_LIMIT:
        raise UsageError("--start + --count goes past the last deal number")
    numbers = survey.deal_numbers(args.count, args.start, args.seed)
    t0 = time.perf_counter()
    rows = survey.survey(args.cells, numbers, args.budget, args.jobs)
    print(survey.format_summary(survey.summary(args.cells, rows)))
    if args.plays != 0:
        from .. import player
        from . import grade_survey

        plays = player.PLAYS if args.plays is None else args.plays
        winnable = [r[0] for r in rows if r[1] == WINNABLE]
        graded = grade_survey.measure_all(args.cells, winnable, plays, args.jobs)
        print(grade_survey.format_summary(grade_survey.summary(args.cells, graded, plays)))
    print("  wall time %.1f s" % (time.perf_counter() - t0))
    sys.stdout.flush()


COMMANDS = [
    Command(
        "solve",
        'can the deal (or position) be won? prints "winnable N" and the N moves, "not winnable" or "unknown"',
        _solve_arguments,
        _solve,
    ),
    Command(
        "survey", "solve many deals in parallel: shares winnable / not / unknown, and times", _survey_arguments, _survey
    ),
]
