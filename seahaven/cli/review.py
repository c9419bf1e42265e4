"""The ``review`` command of ``python -m seahaven``: a game's review, readable or JSON.

    python -m seahaven review CODE [MOVE ...] [--json] [--budget SECONDS]
    python -m seahaven review R1-... [--json] [--budget SECONDS]   (a shared game link)

``--json`` prints one object: {"code", "par", "lost_at", "plies": [{"ply",
"move", "verdict", "keeps", "legal", "critical"}, ...]}; ``par`` is the number
of moves of the par line (the shortest win the solver found from the deal,
not proven shortest), ``lost_at`` the number of the ply whose move lost the
game. ``--budget`` bounds each search of the review in seconds (each also
stops at 50000 positions); a search that runs out says "unknown".

"""

import argparse
import json

from .. import share
from ..game import Game
from ..review import SEARCH_NODES, Review
from ..solver import NOT_WINNABLE, WINNABLE
from .command import Command, UsageError

SUMMARY = (
    "review a game (a code and its moves, or a shared R1- link): each position winnable or not, the move that "
    "lost it, critical positions, and par, the number of moves of the shortest win the solver found from the "
    "deal (not proven shortest)"
)
MARKS = {"lost": "✗", "critical": "!"}


def _seconds(text):
    try:
        value = float(text) if len(text) <= 20 else None
    except ValueError:
        value = None
    if value is None or value != value or value < 0:
        raise argparse.ArgumentTypeError("must be a number of seconds, at least 0, not %s" % text[:20])
    return value


def review_arguments(parser):
    parser.add_argument("game", metavar="CODE|LINK", help="a game code followed by its moves, or a game link alone")
    parser.add_argument("moves", metavar="MOVE", nargs="*", help="the moves played, e.g. t1-t7 t4-t9x3")
    parser.add_argument(
        "--json",
        action="store_true",
        help='print one object: {"code", "par", "lost_at", "plies": [{"ply", "move", "verdict", "keeps", "legal", '
        '"critical"}]}; par is the number of moves of the par line',
    )
    parser.add_argument(
        "--budget",
        type=_seconds,
        metavar="SECONDS",
        help="give each search at most this long (each also stops after %d positions): then 'unknown'" % SEARCH_NODES,
    )


def run_review(args):
    review_command(args.game, args.moves, args.json, args.budget)


def load_game(game, moves=()):
    """The Game to review: a game code and its moves, or a game link (R1-…) alone."""
    if game.strip().upper().startswith(share.PREFIX[:-1] + "-"):
        if moves:
            raise UsageError("a game link holds its moves; give no moves after it")
        return share.decode(game)
    played = Game.from_code(game)
    for move in moves:
        played.play(move)
    return played


def review_command(game, moves=(), as_json=False, budget=None):
    """Print the review of a game; ``budget`` bounds each search in seconds."""
    review = Review.of(load_game(game, moves), budget_seconds=budget).run()
    print(json.dumps(review.to_dict()) if as_json else report(review))


def report(review):
    """The review as text for people: a summary, then one line per position."""
    plies = review.plies
    moves = len(plies) - 1
    lines = ["%s, %d move%s" % (review.code, moves, "" if moves == 1 else "s")]
    if review.par is not None:
        lines.append("par %d: the shortest win the solver found from the deal (not proven shortest)" % len(review.par))
    deal = plies[0].verdict
    if deal != WINNABLE:
        lines.append("the deal is %s" % ("not winnable" if deal == NOT_WINNABLE else "undecided (unknown)"))
    elif review.lost_at is not None:
        lost = plies[review.lost_at]
        lines.append("lost by move %d, %s: the game could not be won after it" % (lost.index, lost.move))
        if review.alternative:
            lines.append("it would have won with %s (a line of %d moves: %s)" % (
                review.alternative[0], len(review.alternative), " ".join(review.alternative)))
    elif plies[-1].verdict == WINNABLE:
        lines.append("won" if review.positions[-1].won() else "still winnable")
    else:
        lines.append("where the game was lost is unknown (a search ran out of budget)")
    critical = [p.index for p in plies if p.critical]
    if critical:
        lines.append("critical (at most two ways to keep it winnable): before move%s %s" % (
            "" if len(critical) == 1 else "s", ", ".join(str(i + 1) for i in critical)))
    lines.append("")
    lines.append("  ply  move       verdict        keeps")
    for p in plies:
        keeps = "?" if p.keeps is None else str(p.keeps)
        mark = MARKS["lost"] if p.index == review.lost_at else ""
        if p.critical:
            mark += MARKS["critical"]
        lines.append("  %3d  %-9s  %-13s %3s/%-3d %s" % (p.index, p.move or "-", p.verdict, keeps, p.legal, mark))
    return "\n".join(lines).rstrip()


COMMANDS = [Command("review", SUMMARY, review_arguments, run_review)]
