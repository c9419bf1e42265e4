"""An exact solver: can this position still be won, and how?

``solve(position)`` answers *winnable* (with a winning line in move notation (design §5),
foundation moves included), *not winnable* (every reachable position was
searched) or *unknown* (only when the caller's budget of seconds or nodes ran
out). Every line it returns has been replayed through the engine (``Game``)
to a win before it is handed out. Standard library only, no global state, so it
runs unchanged under CPython and MicroPython (the page's solver runs in a web worker)::

    from seahaven.solver import solve
    result = solve(position_text, budget_seconds=2.0)
    result.to_dict()   # {"status": "winnable", "moves": ["t3-f1", ...],
                       #  "length": 83, "nodes": 61, "seconds": 0.006}

``position`` may also be a Position, a Game or a game code. A web worker
cannot be interrupted while Python runs, so give it a ``budget_seconds``; a
new request supersedes the old one once it returns. ``solving`` does the same
work in slices. ``improve_nodes`` spends
more search on a shorter line after a win is found (the command line uses
2000). Bad input raises the engine's BadPosition / BadCode (ValueErrors).

The package: ``search`` (how positions are explored, and the facts that
prune the search), ``state`` (the search's own fast form of a position),
``lines`` (from the search's moves to a verified line in move notation),
``tables`` (dicts that stay fast as a search fills them), ``clock`` (seconds
on every runtime).
"""

import json

from ..errors import BadPosition
from ..game import Game
from ..position import Position
from .clock import now
from .lines import card_moves, shorten, spec_moves, verified
from .search import OutOfBudget, Search
from .state import HOME, from_position

WINNABLE = "winnable"
NOT_WINNABLE = "not winnable"
UNKNOWN = "unknown"


class Result:
    """The answer: ``status`` is "winnable", "not winnable" or "unknown".

    ``moves`` is a winning line in move notation (design §5) (empty unless winnable),
    ``nodes`` the positions expanded, ``seconds`` the time taken.
    """

    __slots__ = ("status", "moves", "nodes", "seconds")

    def __init__(self, status, moves=None, nodes=0, seconds=0.0):
        self.status = status
        self.moves = moves or []
        self.nodes = nodes
        self.seconds = seconds

    @property
    def winnable(self):
        """True, False, or None when unknown."""
        return True if self.status == WINNABLE else False if self.status == NOT_WINNABLE else None

    @property
    def hint(self):
        """The next move of the winning line, or None."""
        return self.moves[0] if self.moves else None

    def to_dict(self):
        return {
            "status": self.status,
            "moves": list(self.moves),
            "length": len(self.moves),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
        }

    def to_json(self):
        return json.dumps(self.to_dict())

    def __repr__(self):
        return "Result(%r, moves=%d, nodes=%d, seconds=%.3f)" % (self.status, len(self.moves), self.nodes, self.seconds)



def _position(position):
    if isinstance(position, Position):
        return position
    if isinstance(position, Game):
        return position.position
    if isinstance(position, str):
        if "\n" not in position.strip() and ":" not in position:
            return Game.from_code(position).position
        return Position.from_text(position)
    raise BadPosition("solve() takes a Position, a Game, a position text or a game code", "position-type")


def solve(position, budget_seconds=None, max_nodes=None, should_stop=None, improve_nodes=0):
    """Decide a position: Result with status "winnable", "not winnable" or "unknown".

    ``position`` is a Position, a Game (its current position), a position
    text (design §5) or a game code. ``budget_seconds`` and ``max_nodes`` bound
    the search; ``should_stop`` is an optional callable polled now and then
    (return True to give up). Only an exhausted budget gives "unknown".
    ``improve_nodes`` > 0 spends up to that many more nodes (within the same
    time budget) on a second search for a shorter line once a win is found;
    a few hundred usually save 2-4 moves at two to three times the time.
    Raises BadPosition / BadCode for input that is not a position.
    """
    steps = solving(position, budget_seconds, max_nodes, should_stop, improve_nodes)
    result = None
    while result is None:
        result = next(steps)
    return result


def solving(position, budget_seconds=None, max_nodes=None, should_stop=None, improve_nodes=0):
    """``solve`` in slices: a generator that yields None every 128 positions
    searched and the Result last, for a caller that must answer other
    questions meanwhile (a web worker finding par in its idle time)."""
    t0 = now()
    pos = _position(position)
    cols, cells, found, pre = from_position(pos)
    deadline = None if budget_seconds is None else t0 + budget_seconds
    search = Search(len(pos.cells), deadline, max_nodes, should_stop)
    try:
        yield from search.searching(cols, cells, found)
    except OutOfBudget:
        yield Result(UNKNOWN, None, search.nodes, now() - t0)
        return
    path = search.path
    if path is None:
        yield Result(NOT_WINNABLE, None, search.nodes, now() - t0)
        return
    nodes = search.nodes
    line = pre + [m for moves, _ in path for m in moves]
    cmoves = shorten(pos, card_moves(pos, line))
    if improve_nodes:
        # A second search that weighs moves more and looks only for lines
        # with fewer non-foundation moves than the one in hand.
        extra = sum(1 for c in cmoves if c[1] != HOME)
        again = Search(len(pos.cells), deadline, improve_nodes, should_stop)
        yield from again.improving(cols, cells, found, extra)
        better = again.path
        if better:
            other = shorten(pos, card_moves(pos, pre + [m for moves, _ in better for m in moves]))
            if len(other) < len(cmoves):
                cmoves = other
        nodes += again.nodes
    texts = verified(pos, spec_moves(pos, cmoves))
    yield Result(WINNABLE, texts, nodes, now() - t0)
