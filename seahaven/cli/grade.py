"""The ``grade`` and ``daily`` commands of ``python -m seahaven``.

``grade CODE [--json]`` prints a deal's tier and the predictor it comes from;
``daily [DATE] [--cells N] [--json]`` prints the code of a day's deal (UTC
today by default), with ``--json`` its tier and par too.
"""

import json

from .. import daily, deal, grade
from ..solver import WINNABLE
from .command import Command


def grade_arguments(parser):
    parser.add_argument("code", metavar="CODE", help="a game code, e.g. %s" % deal.EXAMPLE)
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run_grade(args):
    g = grade.grade(args.code)
    if args.json:
        print(json.dumps(g.to_dict()))
    elif g.status == WINNABLE:
        print("%s %s, predictor %d (the solver expanded %d positions; the quick player lost %d of %d games)" % (
            g.code, grade.TIER_NAMES[g.tier], g.predictor, g.nodes, g.slips, grade.QUICK_PLAYS))
    elif g.status == "unknown":
        print("%s unknown (not decided within %d positions)" % (g.code, grade.GRADE_NODES))
    else:
        print("%s %s" % (g.code, g.status))


def daily_arguments(parser):
    parser.add_argument("date", metavar="DATE", nargs="?", help="YYYY-MM-DD (UTC today if left out)")
    parser.add_argument("--cells", type=int, choices=deal.CELL_COUNTS, default=4, help="4 (the default), 2 or 1")
    parser.add_argument("--json", action="store_true", help="print one JSON object with the tier and par")


def run_daily(args):
    year, month, day = daily.today() if args.date is None else daily.parse_date(args.date)
    found = daily.daily(year, month, day, args.cells)
    if args.json:
        data = found.to_dict()
        data["par"] = found.par
        print(json.dumps(data))
    else:
        print(found.code)


COMMANDS = [
    Command("grade", "the tier of a deal (Relaxed, Balanced, Tricky) and the predictor it comes from",
            grade_arguments, run_grade),
    Command("daily", "the code of a day's deal (UTC), the same for everyone; --json adds its tier and par",
            daily_arguments, run_daily),
]
