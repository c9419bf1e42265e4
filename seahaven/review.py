"""A move-by-move review of a game: which positions could still be won, the
move that lost the game, the crossroads, par, and the line that would have won.

For every position of the game (ply 0 is the deal, ply k the position after
the k-th move) the review gives the solver's verdict (winnable, not winnable,
or unknown when a search ran out of budget) and, for each winnable position,
how many of its legal moves keep the game winnable::

    from seahaven.review import Review
    review = Review.of("SH1-C4-AAAAAJ2", ["t1-t7", ...]).run()
    review.lost_at        # the ply whose move lost the game, or None
    review.to_dict()      # {"code", "par", "lost_at", "plies": [...]}

What it marks:

- **the losing move**: the move into ply ``lost_at``, the first after which
  the game could no longer be won (None for a won game, for a deal that never
  was winnable, or when an unknown verdict hides where it happened);
- **critical positions**: winnable positions where at most two *choices* keep
  the game winnable. Moves that differ only in which empty cell or which empty
  column they use are one choice. Moves that cannot change the verdict choose
  nothing and are not counted: a card sent home or taken back from a
  foundation (the solver's fact F1), a card from cell to cell, a whole column
  to an empty column. Only a position where some move loses is critical (a
  position whose every move keeps it winnable is no crossroads);
- **par**: the shortest winning line the solver finds from the deal with a
  generous budget (``par_line``): the best found, not a proven shortest. Par
  is its number of moves, every move a player makes (foundation moves too);
- **the winning alternative**: from the position before the losing move, the
  shortest winning line the solver finds among the choices there; its first
  move is the alternative to the losing move.

Why it is fast:

- winnability only shrinks along a game (a position that reaches a winnable
  one is winnable), so the game's own positions need a few searches (a
  bisection), and after the losing move no position and no move needs one;
- a move that the next move can take back leads to a position as winnable
  as its own, as does a card sent home or taken back (F1): only the other
  moves (a card leaving its column for a cell or a column) need a search;
- the searches share one table of verdicts keyed by the solver's canonical
  key: a winning path makes every key on it winnable, a complete failed search
  makes every key it met not winnable (the search's pruning facts keep it
  complete from each of them), and the game's own positions are in it from
  the start, so most searches end on a known key after a few nodes. The
  searches go over the forms of the solver's fact F6 (a king in a cell beside
  an empty column counts as that king down in the column): a failed search
  visits every position it can reach, a quarter fewer that way in the slowest
  reviews. Later positions are reviewed first: their searches are smaller and leave the most
  behind for earlier ones.

Work is split into steps (``steps()`` yields after each search), so a web
worker, which cannot be interrupted while Python runs, can run it in slices,
report progress, and simply stop calling when the player leaves::

    review = Review.of(code, moves, par=par_moves)   # par_moves: None, or a par line known already
    while not review.work(0.05):                     # about 50 ms a call (one search may take longer)
        report(review.progress())                    # {"stage", "done", "total"}
    result = review.to_dict(full=True)
"""

from . import rules
from .cards import KING, rank
from .game import Game
from .move import Move
from .position import CELL0, FOUND0
from .solver import NOT_WINNABLE, UNKNOWN, WINNABLE, solve, solving
from .solver.clock import now
from .solver.search import OutOfBudget, Search, Verdicts
from .solver.state import WON, from_position, kings_in_columns

#: Nodes spent on a shorter line for par once a win is found (the solver's
#: command line spends 2000 too), and at most on finding a first win.
PAR_NODES = 2000
PAR_MAX_NODES = 200000
#: Nodes a single search of the review may expand before its verdict is
#: "unknown" (a node budget, not seconds: the same verdicts on every runtime
#: and under any load). The hardest searches of real games take some 20000.
SEARCH_NODES = 50000

STAGES = ("verdicts", "moves", "alternative", "par", "done")


def par_line(position, max_nodes=PAR_MAX_NODES, improve_nodes=PAR_NODES, budget_seconds=None, should_stop=None):
    """The solver's Result for par: ``moves`` is the shortest winning line the
    solver finds with a generous budget (the best found, not proven shortest),
    and ``len(result.moves)`` is par, counting every move a player makes
    (foundation moves too). Status "not winnable" or "unknown": no par.

    The budgets are counted in nodes, so par is the same on every runtime and
    machine; ``budget_seconds`` / ``should_stop`` may cut it short (then it may
    differ). ``position`` is anything ``solve`` takes (a Position, a Game's
    current position, a position text, a game code).
    """
    return solve(position, budget_seconds=budget_seconds, max_nodes=max_nodes, improve_nodes=improve_nodes,
                 should_stop=should_stop)


def par_slices(position, max_nodes=PAR_MAX_NODES, improve_nodes=PAR_NODES):
    """``par_line`` in slices (``seahaven.solver.solving``): a generator that
    yields None while it works and the Result last, so that a web worker can
    find par between its other answers."""
    return solving(position, max_nodes=max_nodes, improve_nodes=improve_nodes)


def _form(pos):
    """An engine Position as the review's searches see it: settled, in its
    class's form (the solver's fact F6), as (cols, cells, found)."""
    cols, cells, found, _ = from_position(pos)
    return kings_in_columns(cols, cells, found) or (cols, cells, found)


def same_verdict(pos, move):
    """Whether a legal move surely leaves the verdict as it is, without a search:
    a card to or from a foundation (fact F1 of the solver), or a move that the
    next move can take back (then each position reaches the other)."""
    src, dst, n = move
    if src >= CELL0 or dst >= FOUND0:
        return True  # a foundation move, or a card out of a cell (it can go back)
    col = pos.cols[src]
    head = col[-n]
    rest = len(col) - n
    if dst >= CELL0:  # a card into a cell comes back onto its parent, or a king to its empty column
        return bool(rest and col[-2] == head + 1 and rank(head) != KING) or (not rest and rank(head) == KING)
    # A run between columns comes back only to the empty column it left, so
    # only a whole king-led column moved to an empty one.
    return not rest and rank(head) == KING and not pos.cols[dst]


def choice_of(pos, move):
    """What a move chooses, as a value equal for moves that differ only in
    which empty cell or empty column they use; None for a move that cannot
    change the verdict (to or from a foundation, cell to cell, a whole column
    to an empty column)."""
    src, dst, n = move
    if src >= FOUND0 or dst >= FOUND0:
        return None
    if dst >= CELL0:
        return None if src >= CELL0 else (src, CELL0, n)
    if not pos.cols[dst]:
        if src < CELL0 and n == len(pos.cols[src]):
            return None
        return (src, -1, n)
    return (src, dst, n)


class Ply:
    """One position of the game and what the review found there.

    ``move``: the move that led here (None for the deal); ``verdict``:
    "winnable", "not winnable" or "unknown"; ``legal``: the number of legal
    moves; ``keeps``: how many of them lead to a winnable position (None until
    known, or when a search ran out of budget); ``keeping``: those moves;
    ``choices``: the distinct choices among them (see the module's
    docstring); ``critical``: a winnable position with at most two choices,
    where some move loses.
    """

    __slots__ = ("index", "move", "verdict", "legal", "keeps", "keeping", "choices", "critical")

    def __init__(self, index, move):
        self.index = index
        self.move = move
        self.verdict = UNKNOWN
        self.legal = 0
        self.keeps = None
        self.keeping = []
        self.choices = 0
        self.critical = False

    def to_dict(self, full=False):
        out = {
            "ply": self.index,
            "move": self.move,
            "verdict": self.verdict,
            "keeps": self.keeps,
            "legal": self.legal,
            "critical": self.critical,
        }
        if full:
            out["keeping"] = list(self.keeping)
            out["choices"] = self.choices
        return out

    def __repr__(self):
        return "Ply(%d, %r, %r, keeps=%r/%d%s)" % (
            self.index, self.move, self.verdict, self.keeps, self.legal, ", critical" if self.critical else "")


class Review:
    """The review of one game. Build it with ``Review.of``, then ``run()``, or
    drive ``steps()`` / ``work(seconds)`` to keep control between searches.

    Options: ``max_nodes`` and ``budget_seconds`` bound each search (its
    verdict is then "unknown"); ``par`` a par line already known (e.g. found
    when the game started), or False to leave par out; by default par is
    computed last (``par_line``).
    """

    def __init__(self, game, max_nodes=SEARCH_NODES, budget_seconds=None, par=None):
        self.code = game.code
        self.start = game.start.copy()
        self.cells = len(self.start.cells)
        self.budget_seconds = budget_seconds
        self.max_nodes = max_nodes
        self.should_stop = None
        moves = game.history
        self.plies = [Ply(0, None)] + [Ply(i + 1, m.text) for i, m in enumerate(moves)]
        pos = self.start.copy()
        self.positions = [pos.copy()]
        for m in moves:
            rules.apply(pos, m.as_tuple())
            self.positions.append(pos.copy())
        self.known = Verdicts()  # position -> True (winnable) / False, shared by every search
        self.search = Search(self.cells, classes=True)
        self.par = list(par) if par else None
        self._par_given = par is not None
        self.alternative = None
        self.lost_at = None
        self.stage = STAGES[0]
        self.done = 0
        self.total = len(self.plies) + 3  # verdicts, each ply, the alternative, par
        self.searches = 0
        self.nodes = 0
        self._steps = None

    @classmethod
    def of(cls, game, moves=(), **options):
        """A review of a Game (the moves it has played), or of a game code and moves.

        Every move is checked: BadCode, BadMove, IllegalMove (ValueErrors) name
        what is wrong.
        """
        if not isinstance(game, Game):
            game = Game.from_code(game)
            for move in moves:
                game.play(move)
        return cls(game, **options)

    # -- deciding positions ------------------------------------------------

    def _decide(self, pos):
        """True / False / None (unknown) for an engine Position, through the shared table."""
        cols, cells, found = _form(pos)
        if found == WON:
            return True
        verdict = self.known.get(cols, cells)
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
        the last ply and a bisection before it settle all."""
        last = len(self.plies) - 1
        decided = {}

        def mark(i, verdict):
            decided[i] = verdict
            if verdict is True:
                for j in range(i):
                    decided[j] = True
            elif verdict is False:
                for j in range(i + 1, last + 1):
                    decided[j] = False

        def bisect(lo, hi):  # the plies strictly between lo and hi (maybe -1) are not decided yet
            if hi - lo < 2:
                return
            mid = (lo + hi) // 2
            if mid not in decided:
                mark(mid, self._decide(self.positions[mid]))
            verdict = decided[mid]
            if verdict is not False:
                bisect(mid, hi)
            if verdict is not True:
                bisect(lo, mid)

        mark(last, self._decide(self.positions[last]))
        if decided[last] is not True:
            bisect(-1, last)  # the deal last of all: it is the largest search, often not needed
        for ply in self.plies:
            verdict = decided.get(ply.index)
            ply.verdict = WINNABLE if verdict is True else NOT_WINNABLE if verdict is False else UNKNOWN
            if verdict is not None:  # the game's own positions: later searches stop on them
                cols, cells, _ = _form(self.positions[ply.index])
                self.known.put(cols, cells, verdict)
        for ply in self.plies[1:]:
            if ply.verdict == NOT_WINNABLE and self.plies[ply.index - 1].verdict == WINNABLE:
                self.lost_at = ply.index

    def _moves_of(self, ply):
        """Decide every legal move of a ply; yields after each search."""
        pos = self.positions[ply.index]
        legal = rules.legal_moves(pos)
        ply.legal = len(legal)
        if ply.verdict == NOT_WINNABLE:
            ply.keeps = 0  # a move from a lost position cannot win either
            return
        if ply.verdict != WINNABLE:
            return
        played = after = None
        if ply.index + 1 < len(self.plies):
            played = rules.parse_move(self.plies[ply.index + 1].move)
            after = self.plies[ply.index + 1].verdict
        keeping = []
        choices = set()
        unknown = False
        for m in legal:
            if same_verdict(pos, m):
                verdict = True
            elif m == played and after != UNKNOWN:
                verdict = after == WINNABLE
            else:
                child = pos.copy()
                rules.apply(child, m)
                verdict = self._decide(child)
                yield
            if verdict is None:
                unknown = True
            elif verdict:
                keeping.append(rules.move_text(m))
                choice = choice_of(pos, m)
                if choice is not None:
                    choices.add(choice)
        ply.keeping = keeping
        ply.choices = len(choices)
        ply.keeps = None if unknown else len(keeping)
        ply.critical = not unknown and len(choices) <= 2 and len(keeping) < len(legal)

    def _alternative(self):
        """From the position before the losing move, the shortest winning line
        among its choices (a card sent home when there is no choice); yields
        after each search."""
        ply = self.plies[self.lost_at - 1]
        pos = self.positions[ply.index]
        moves = [rules.parse_move(t) for t in ply.keeping]
        first = ([m for m in moves if choice_of(pos, m) is not None]
                 or [m for m in moves if m[1] >= FOUND0] or moves)
        seen = set()
        for m in first:
            choice = choice_of(pos, m)
            if choice is not None:
                if choice in seen:
                    continue
                seen.add(choice)
            child = pos.copy()
            rules.apply(child, m)
            result = solve(child, budget_seconds=self.budget_seconds, max_nodes=self.max_nodes,
                           should_stop=self.should_stop)
            line = [rules.move_text(m)] + result.moves
            if result.status == WINNABLE and (self.alternative is None or len(line) < len(self.alternative)):
                self.alternative = line
            yield

    # -- running -----------------------------------------------------------

    def steps(self):
        """Do the work, yielding after each search (and each stage); stop
        iterating to cancel. ``stage``, ``done`` / ``total`` tell how far it
        is; the plies, ``lost_at``, ``alternative`` and ``par`` fill in as it goes."""
        self.stage = "verdicts"
        self._verdicts()
        self.done = 1
        yield
        self.stage = "moves"
        for ply in reversed(self.plies):  # later positions first: smaller searches, more left for earlier ones
            for _ in self._moves_of(ply):
                yield
            self.done += 1
        yield
        self.stage = "alternative"
        if self.lost_at is not None:
            for _ in self._alternative():
                yield
        self.done += 1
        yield
        self.stage = "par"
        if not self._par_given:
            result = par_line(self.start, should_stop=self.should_stop)
            self.par = result.moves if result.status == WINNABLE else None
        self.done += 1
        self.stage = "done"
        yield

    def work(self, seconds):
        """Run steps for about ``seconds`` (at least one step): for a web worker,
        which cannot be interrupted while Python runs, so the page calls this
        again and again, showing progress, until it returns True (finished)."""
        if self._steps is None:
            self._steps = self.steps()
        end = now() + seconds
        for _ in self._steps:
            if now() >= end:
                return False
        return True

    def run(self, progress=None, should_stop=None):
        """Run to the end; ``progress(done, total)`` after each step,
        ``should_stop()`` polled between steps and inside searches (True
        stops: the review is left unfinished)."""
        self.should_stop = should_stop
        if self._steps is None:
            self._steps = self.steps()
        for _ in self._steps:
            if progress is not None:
                progress(self.done, self.total)
            if should_stop is not None and should_stop():
                break
        return self

    @property
    def finished(self):
        return self.stage == "done"

    def progress(self):
        """How far the review is, for a progress bar: {"stage", "done", "total"}."""
        return {"stage": self.stage, "done": self.done, "total": self.total}

    def to_dict(self, full=False):
        """The review as JSON: ``code``; ``par``, the number of moves of the
        par line (None without one); ``lost_at``; one entry per ply (ply,
        move, verdict, keeps, legal, critical). ``full`` adds the par line,
        the winning ``alternative`` (a line from ply ``lost_at - 1``), the cell
        count, the alternative's first move as places (``Move.to_dict``: the
        page draws it without reading move text), ``finished``, and per ply
        the keeping moves and the number of choices."""
        out = {
            "code": self.code,
            "par": None if self.par is None else len(self.par),
            "lost_at": self.lost_at,
            "plies": [p.to_dict(full) for p in self.plies],
        }
        if full:
            out["cells"] = self.cells
            out["par_line"] = self.par
            out["alternative"] = self.alternative
            out["alternative_move"] = Move.parse(self.alternative[0]).to_dict() if self.alternative else None
            out["finished"] = self.finished
        return out
