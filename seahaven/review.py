"""A move-by-move review of a game: which positions could still be won, the
move that lost the game, the crossroads, par, and the line that would have won.

For every position of the game (ply 0 is the deal, ply k the position after
the k-th move) the review gives the solver's verdict (winnable, not winnable,
or unknown when a search ran out of budget) and, for each winnable position,
how many of its legal moves keep the game winnable::

    from seahaven.review import Review
    review = Review.of(code, moves).run()
    review.lost_at        # the ply whose move lost the game, or None
    review.to_dict()      # {"code", "par", "lost_at", "plies": [...]}

Marks:

- **the losing move**: the move into ply ``lost_at``, the first after which
  the game could no longer be won (None for a won game, or a deal that never
  was winnable);
- **critical**: a winnable position where at most two *choices* keep the game
  winnable. Moves count as one choice when they lead to the same position up
  to the order of columns and of cells (so using another empty cell or another
  empty column is the same choice), and moves that leave the position as it
  was up to that order (a card from cell to cell, a whole column to another
  empty column) choose nothing and are not counted;
- **par**: the shortest winning line the solver finds from the deal with a
  generous budget (``par_line``): the best found, not a proven shortest;
- **the winning alternative**: from the position before the losing move, a
  winning line whose first move is a real choice (not a card sent home) when
  there is one.

Why it is fast: winnability only shrinks along a game (a position that can
reach a winnable one is winnable), so the game's own positions need a few
searches (a bisection), and every later position after the losing move is
lost without a search, as are all the moves from it. The moves of a
winnable position are decided by searches sharing one table of verdicts keyed
by the solver's canonical key: a winning path makes every key on it winnable,
a complete failed search makes every key it met not winnable (the search's
pruning facts keep it complete from each of them), so most moves end at a
known key after a few steps. Moves that settle to one key are decided once.

Work is split into steps (``steps()`` yields after each), so a web worker can
run a slice, report progress, and stop when the player leaves.
"""

from . import rules
from .cards import KING, rank
from .game import Game
from .position import CELL0, FOUND0
from .solver import NOT_WINNABLE, UNKNOWN, WINNABLE, solve
from .solver.clock import now
from .solver.search import OutOfBudget, Search
from .solver.state import canonical_key, from_position

#: Nodes spent on a shorter line for par once a win is found (the solver's
#: command line spends 2000 too).
PAR_NODES = 2000
#: Seconds a single search may take before its verdict is "unknown".
SEARCH_SECONDS = 2.0


def par_line(position, budget_seconds=10.0, improve_nodes=PAR_NODES, should_stop=None):
    """The solver's Result for par: the shortest winning line it finds with a
    generous budget (the best found, not proven shortest). ``len(result.moves)``
    is par, counting every move a player makes (foundation moves too).

    ``position`` is anything ``solve`` takes (a Position, a Game, a position
    text, a game code).
    """
    return solve(position, budget_seconds=budget_seconds, improve_nodes=improve_nodes, should_stop=should_stop)


def same_verdict(pos, move):
    """Whether a legal move surely leaves the verdict as it is, without a search:
    a card to or from a foundation (fact F1 of the solver), or a move that the
    next move can take back (then each position reaches the other)."""
    src, dst, n = move
    if src >= FOUND0 or dst >= FOUND0 or src >= CELL0:
        return True  # a card out of a cell can always go back into it
    col = pos.cols[src]
    head = col[-n]
    rest = len(col) - n
    if dst >= CELL0:  # one card into a cell: back only onto its parent, or a king to its empty column
        return (rest and col[-2] == head + 1 and rank(head) != KING) or (not rest and rank(head) == KING)
    # A run between columns comes back only when it leaves an empty column
    # behind it and the run is king-led: a whole column to an empty column.
    return not rest and rank(head) == KING and not pos.cols[dst]


def choice_of(pos, move):
    """What a move chooses: moves that differ only in which empty cell or which
    empty column they use are one choice; None for a move that chooses
    nothing (a card from cell to cell, a whole column to an empty column)."""
    src, dst, n = move
    if dst >= FOUND0:
        return (src, dst, n)
    if dst >= CELL0:
        return None if CELL0 <= src < FOUND0 else (src, CELL0, n)
    if not pos.cols[dst]:
        if src < CELL0 and n == len(pos.cols[src]):
            return None
        return (src, -1, n)
    return (src, dst, n)


class Ply:
    """One position of the game and what the review found there.

    ``verdict``: "winnable", "not winnable" or "unknown" (None until known);
    ``legal``: the number of legal moves; ``keeps``: how many of them lead to a
    winnable position (None when unknown); ``keeping``: those moves (texts);
    ``choices``: the distinct choices among them (see the module's docstring);
    ``critical``: a winnable position with at most two choices.
    """

    __slots__ = ("index", "move", "verdict", "legal", "keeps", "keeping", "choices", "critical")

    def __init__(self, index, move):
        self.index = index
        self.move = move
        self.verdict = None
        self.legal = 0
        self.keeps = None
        self.keeping = None
        self.choices = None
        self.critical = False

    def to_dict(self):
        return {
            "ply": self.index,
            "move": self.move,
            "verdict": self.verdict or UNKNOWN,
            "keeps": self.keeps,
            "legal": self.legal,
            "critical": self.critical,
        }

    def __repr__(self):
        return "Ply(%d, %r, %r, keeps=%r/%d%s)" % (
            self.index, self.move, self.verdict, self.keeps, self.legal, ", critical" if self.critical else "")


class Review:
    """The review of one game; build with ``Review.of``, then ``run()`` or step
    through ``steps()``."""

    def __init__(self, game, budget_seconds=SEARCH_SECONDS, max_nodes=None, par_seconds=10.0, par_nodes=PAR_NODES):
        self.code = game.code
        self.start = game.start.copy()
        moves = game.history
        self.cells = len(self.start.cells)
        self.budget_seconds = budget_seconds
        self.max_nodes = max_nodes
        self.par_seconds = par_seconds
        self.par_nodes = par_nodes
        self.should_stop = None
        self.plies = [Ply(0, None)] + [Ply(i + 1, m) for i, m in enumerate(moves)]
        self.positions = []
        pos = self.start.copy()
        self.positions.append(pos.copy())
        for m in moves:
            rules.apply(pos, rules.parse_move(m))
            self.positions.append(pos.copy())
        self.known = {}
        self.search = Search(self.cells)
        self.par = None
        self.alternative = None
        self.lost_at = None
        self.searches = 0
        self.nodes = 0
        self.done = 0
        self.total = 1

    @classmethod
    def of(cls, game, moves=(), **options):
        """A review of a Game (its moves so far), or of a game code and moves.

        Every move is checked: BadCode / IllegalMove (ValueErrors) for bad input.
        """
        if not isinstance(game, Game):
            game = Game.from_code(game)
            for move in moves:
                game.play(move)
        return cls(game, **options)

    # -- deciding positions ------------------------------------------------

    def _decide(self, pos):
        """True / False / None (unknown) for an engine Position, through the shared table."""
        cols, cells, found, _ = from_position(pos)
        return self._decide_settled(cols, cells, found)

    def _decide_settled(self, cols, cells, found):
        if found == (13, 13, 13, 13):
            return True
        key = canonical_key(cols, cells)
        verdict = self.known.get(key)
        if verdict is not None:
            return verdict
        search = self.search
        search.nodes = 0
        search.deadline = None if self.budget_seconds is None else now() + self.budget_seconds
        search.max_nodes = self.max_nodes
        search.should_stop = self.should_stop
        self.searches += 1
        try:
            return search.decide(cols, cells, found, self.known)
        except OutOfBudget:
            return None
        finally:
            self.nodes += search.nodes

    def _verdicts(self):
        """The verdict of every ply: winnability only shrinks along the game, so
        the last ply, the deal and a bisection between them settle all."""
        plies = self.plies
        last = len(plies) - 1
        decided = {}

        def mark(i, v):
            decided[i] = v
            if v is True:
                for j in range(i + 1):
                    decided[j] = True
            elif v is False:
                for j in range(i, last + 1):
                    decided[j] = False

        def bisect(lo, hi):
            # plies strictly between lo and hi are not decided yet
            if hi - lo < 2:
                return
            mid = (lo + hi) // 2
            if mid in decided:
                v = decided[mid]
            else:
                v = self._decide(self.positions[mid])
                mark(mid, v)
            if v is True:
                bisect(mid, hi)
            elif v is False:
                bisect(lo, mid)
            else:
                bisect(lo, mid)
                bisect(mid, hi)

        mark(last, self._decide(self.positions[last]))
        if decided[last] is not True:
            mark(0, self._decide(self.positions[0]))
            bisect(0, last)
        for ply in plies:
            v = decided.get(ply.index)
            ply.verdict = WINNABLE if v is True else NOT_WINNABLE if v is False else UNKNOWN
        for i in range(1, last + 1):
            if plies[i].verdict == NOT_WINNABLE and plies[i - 1].verdict == WINNABLE:
                self.lost_at = i
        # The game's own positions join the table: later searches stop on them.
        for i in range(last + 1):
            v = decided.get(i)
            if v is not None:
                cols, cells, _, _ = from_position(self.positions[i])
                self.known[canonical_key(cols, cells)] = v

    def _moves_of(self, ply):
        """Decide every legal move of a ply."""
        pos = self.positions[ply.index]
        legal = rules.legal_moves(pos)
        ply.legal = len(legal)
        if ply.verdict == NOT_WINNABLE:
            ply.keeps = 0
            ply.keeping = []
            ply.choices = 0
            return
        if ply.verdict != WINNABLE:
            return
        played = None
        if ply.index + 1 < len(self.plies):
            played = rules.parse_move(self.plies[ply.index + 1].move)
            after = self.plies[ply.index + 1].verdict
        keeping = []
        choices = set()
        unknown = False
        for m in legal:
            if same_verdict(pos, m):
                v = True
            elif m == played and after != UNKNOWN:
                v = after == WINNABLE
            else:
                child = pos.copy()
                rules.apply(child, m)
                v = self._decide(child)
            if v is None:
                unknown = True
            elif v:
                keeping.append(rules.move_text(m))
                choice = choice_of(pos, m)
                if choice is not None:
                    choices.add(choice)
        ply.keeping = keeping
        ply.choices = len(choices)
        ply.keeps = None if unknown else len(keeping)
        ply.critical = not unknown and len(choices) <= 2

    def _alternative(self):
        """From the position before the losing move: the shortest winning line
        among the keeping choices there (a card sent home is no real choice,
        unless there is no other)."""
        ply = self.plies[self.lost_at - 1]
        pos = self.positions[ply.index]
        moves = [rules.parse_move(t) for t in ply.keeping]
        real = [m for m in moves if m[1] < FOUND0 and choice_of(pos, m) is not None] or moves
        best = None
        seen = set()
        for m in real:
            choice = choice_of(pos, m)
            if choice in seen:
                continue
            seen.add(choice)
            child = pos.copy()
            rules.apply(child, m)
            result = solve(child, budget_seconds=self.budget_seconds, should_stop=self.should_stop)
            if result.status == WINNABLE and (best is None or 1 + len(result.moves) < len(best)):
                best = [rules.move_text(m)] + result.moves
        self.alternative = best

    # -- running -----------------------------------------------------------

    def steps(self):
        """Do the work in steps, yielding (done, total) after each; stop
        iterating to cancel. ``self`` holds the results so far."""
        plies = self.plies
        self.total = len(plies) + 2
        self.done = 0
        self._verdicts()
        self.done += 1
        yield self.done, self.total
        result = par_line(self.start, self.par_seconds, self.par_nodes, self.should_stop)
        self.par = result.moves if result.status == WINNABLE else None
        self.done += 1
        yield self.done, self.total
        for ply in plies:
            self._moves_of(ply)
            self.done += 1
            yield self.done, self.total
        if self.lost_at is not None:
            self._alternative()

    def run(self, progress=None, should_stop=None):
        """Run every step; ``progress(done, total)`` after each, ``should_stop()``
        polled between steps and inside searches (True stops: the review is
        then incomplete, ``finished`` False)."""
        self.should_stop = should_stop
        for done, total in self.steps():
            if progress is not None:
                progress(done, total)
            if should_stop is not None and should_stop():
                return self
        return self

    @property
    def finished(self):
        return self.done == self.total

    def to_dict(self):
        """The review as JSON: code, par (the number of moves of the par line,
        or None), lost_at, and one entry per ply."""
        return {
            "code": self.code,
            "par": None if self.par is None else len(self.par),
            "lost_at": self.lost_at,
            "plies": [p.to_dict() for p in self.plies],
        }
