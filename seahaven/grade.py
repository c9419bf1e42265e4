"""How hard a winnable deal is: its tier (Relaxed, Balanced, Tricky).

A deal's difficulty is measured by ``seahaven.player``: the share of seeded
games a simulated player loses. That takes some 16 games per deal, too slow
for the page, so tiers come from a cheap *predictor* instead:

    predictor = (solver positions + 1) × 4 ^ (quick games lost)

the positions the exact solver expands to decide the deal (its effort), times
4 for each of ``QUICK_PLAYS`` seeded games lost by the quick player (the same
player without look-ahead). Integers only, so that every Python grades a deal
the same way (the daily deal depends on it). ``bench/grade.py`` measures how
well it ranks deals like the player model and where the tiers' boundaries
lie; ``BOUNDARIES`` is set from that survey.

The solver's effort is counted by its *reference* search (``Search(...,
reference=True)``): the order of expansion the tiers were calibrated on,
frozen, so that the solver's own search can change (and get faster) without
moving a deal between tiers or changing a daily deal already served. It runs
with a node budget (``GRADE_NODES``), never a time budget, so the grade is the
same on every machine. A change to the reference search, the player or the
boundaries moves deals between tiers (and changes daily deals); rerun the
survey then.
"""

from . import deal, player
from .game import Game
from .solver import NOT_WINNABLE, UNKNOWN, WINNABLE
from .solver.search import OutOfBudget, Search
from .solver.state import from_position

TIERS = ("relaxed", "balanced", "tricky")
TIER_NAMES = {"relaxed": "Relaxed", "balanced": "Balanced", "tricky": "Tricky"}

# Where Balanced and Tricky begin (predictor values), per cell count: the
# thirds, rounded, of 2000 winnable deals each in bench/grade.py's survey
# (seed 16), so that each tier holds about a third of the winnable deals.
BOUNDARIES = {4: (460, 1500), 2: (700, 2000), 1: (650, 1800)}

QUICK_PLAYS = 2  # quick games per deal
QUICK_SEEDS = 2048  # their play indices start here, apart from the player model's
SLIP_FACTOR = 4  # the predictor's factor per quick game lost
GRADE_NODES = 20000  # the solver's budget; a deal needing more is not graded


class Grade:
    """A deal's grade: ``status`` is the solver's verdict; ``tier`` and
    ``predictor`` are None unless the deal is winnable."""

    __slots__ = ("code", "status", "tier", "predictor", "nodes", "slips")

    def __init__(self, code, status, tier=None, predictor=None, nodes=0, slips=None):
        self.code = code
        self.status = status
        self.tier = tier
        self.predictor = predictor
        self.nodes = nodes
        self.slips = slips

    def to_dict(self):
        return {
            "code": self.code,
            "status": self.status,
            "tier": self.tier,
            "predictor": self.predictor,
            "nodes": self.nodes,
            "quick_lost": self.slips,
            "quick_plays": QUICK_PLAYS,
        }

    def __repr__(self):
        return "Grade(%r, %r, tier=%r, predictor=%r)" % (self.code, self.status, self.tier, self.predictor)


def tier_of(cells, predictor):
    """The tier a predictor value falls in, by ``BOUNDARIES``."""
    balanced, tricky = BOUNDARIES[cells]
    if predictor < balanced:
        return "relaxed"
    if predictor < tricky:
        return "balanced"
    return "tricky"


def quick_losses(number, cells):
    """How many of the ``QUICK_PLAYS`` seeded quick games of a deal are lost."""
    lost = 0
    for index in range(QUICK_SEEDS, QUICK_SEEDS + QUICK_PLAYS):
        if not player.play(number, cells, player.play_seed(number, cells, index), lookahead=False)[0]:
            lost += 1
    return lost


def predictor(nodes, slips):
    """(solver positions + 1) × SLIP_FACTOR ^ quick games lost."""
    return (nodes + 1) * SLIP_FACTOR ** slips


def effort(position):
    """(verdict, positions expanded) of the reference search within
    ``GRADE_NODES``: "winnable", "not winnable" or "unknown"."""
    cols, cells, found, _ = from_position(position)
    search = Search(len(position.cells), max_nodes=GRADE_NODES, reference=True)
    try:
        won = search.run(cols, cells, found) is not None
    except OutOfBudget:
        return UNKNOWN, search.nodes
    return (WINNABLE if won else NOT_WINNABLE), search.nodes


def grade_deal(cells, number):
    """Grade deal ``number`` with ``cells`` cells."""
    code = deal.encode(cells, number)
    status, nodes = effort(Game.from_number(number, cells).position)
    if status != WINNABLE:
        return Grade(code, status, nodes=nodes)
    slips = quick_losses(number, cells)
    value = predictor(nodes, slips)
    return Grade(code, WINNABLE, tier_of(cells, value), value, nodes, slips)


def grade(code):
    """Grade a game code (BadCode if it is not one)."""
    cells, number = deal.decode(code)
    return grade_deal(cells, number)


def par(code):
    """The par of a deal: the number of moves of the review's par line
    (``seahaven.review.par_line``: the shortest win the solver finds with a
    generous budget, the best found, not a proven shortest). None if the deal
    is not winnable or stays undecided."""
    from .review import par_line  # the review is needed only here

    result = par_line(code)
    return len(result.moves) if result.status == WINNABLE else None
