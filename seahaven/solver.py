"""An exact solver: can this position still be won, and how?

``solve(position)`` answers *winnable* (with a winning line in SPEC notation,
foundation moves included), *not winnable* (every reachable position was
searched) or *unknown* (only when the caller's budget of seconds or nodes ran
out). Every line it returns has been replayed through the engine (``Game``)
to a win before it is handed out. Standard library only, no global state, so it
runs unchanged under CPython and Pyodide (e.g. in a web worker)::

    from seahaven.solver import solve
    result = solve(position_text, budget_seconds=2.0)
    result.to_dict()   # {"status": "winnable", "moves": ["t3-f1", ...],
                       #  "length": 83, "nodes": 61, "seconds": 0.006}

``position`` may also be a Position, a Game or a game code. A web worker
cannot be interrupted while Python runs, so give it a ``budget_seconds``; a
new request supersedes the old one once it returns. ``improve_nodes`` spends
more search on a shorter line after a win is found (the command line uses
2000). Bad input raises the engine's BadPosition / BadCode (ValueErrors).

How it searches
---------------
Positions are reduced to a canonical key (column order and cell order do not
matter; foundations follow from which cards are left). A best-first search
(a heuristic on cards home, cards buried under lower cards of their suit,
runs, free cells and empty columns, plus a little weight on moves made)
expands the most promising position first and never expands a key twice; it
moves whole same-suit runs as units and plays the safe moves below at once.
A deal with 4 cells typically needs some 60 positions; the hardest of
thousands of deals, winnable or not, a few thousand.

Facts used for pruning
----------------------
Throughout, building is by suit and only kings (or king-led runs) enter empty
columns. Call a card *home* when it is on its foundation. Each fact is checked
by an exhaustive test on small positions in ``tests/solver/test_solver_facts.py``.

**F1. Sending a card home is always safe**, and never makes the best win
longer. Let S be a position where card X can go home and S' the position after
that move. Take any winning line from S. Keep a set H of the cards home in S'
but not in S (at first just X). Invariant: every card of H lies, in S, in a
cell or in a column with only cards of H above it, and S' is S with the cards
of H taken away (so S' has at least the free cells and empty columns of S, and
its foundations are at least as high). Replay the line on S':

- a move that carries only cards of H, or takes a card off a foundation (that
  card joins H), is skipped; wherever such cards land in S (a cell, an empty
  column, or on top of a card) the invariant still holds;
- any other move carries a non-empty group G of cards outside H, possibly with
  cards of H on top of it; S' plays the same move with G alone. It is legal:
  G is the top of its column in S'; a foundation that accepts G's card in S
  accepts it in S' (had S' a higher foundation for that suit, the card would be
  in H); a column top Y that accepts G's first card is not in H (Y is that
  card plus one, and a card of H has every lower card of its suit in H or
  home), so Y is a top in S' too; a cell or empty column free in S is free in
  S'; and S' has at least as many free cells and empty columns, so the group
  size rule allows |G|.

When S is won, so is S'. The replay on S' skips X's own trip home, so it is
no longer. **F2.** Hence taking a card *off* a foundation is never needed:
the position before such a move is S' for the position after it.

**F3. A cell card goes back onto its parent at once.** If a cell holds X and
X+1 (same suit, one rank higher) is the top of a column, put X on it: from
there X can always go back into the cell it came from, so nothing is lost.

**F4. Runs move whole.** A part of a run cannot go onto any column (the
card its head needs sits right under it) and only single cards enter cells.
Taking the top k cards of a run of length L > k into cells is never needed:
in a shortest winning line, postpone such a block of cell moves until the
next move that touches one of its cards or the card C under it. That next
move either brings a block card home (play it from the column: one move
fewer), puts the bottom block card back on C (two moves fewer), carries C and
its run as a group (carry the block along: with k more free cells the size
rule allows k more cards), or sends C into a cell (the block grows by one).
C cannot go home first. Other moves in between only see more free cells.
So some shortest line moves whole runs: onto their parent, a king-led run to an
empty column, or a whole run into cells (card by card, top first).

**F5. Same position, same key.** Moving a card from cell to cell, a king-led
run that fills its column to another empty column, or choosing among several
empty columns gives positions with the same canonical key; the search tries
one. A whole run into cells when its head's parent is a column top ends,
after F3, in the same position as moving the run onto that parent.

Shorter lines
-------------
After the search, the line is replayed card by card with every card sent
home as soon as it can go; then each non-foundation move is dropped in turn
if the rest still wins (this removes detours such as a card parked in a cell
and taken back for nothing). With ``improve_nodes``, a branch-and-bound
search (more weight on moves, re-opening positions reached more cheaply)
then looks for a line with fewer non-foundation moves, keeping the best.
Either way the final line is replayed move by move through ``Game.play``.
"""

import heapq
import json
import time

from . import rules
from .errors import BadPosition
from .game import Game
from .position import CELL0, COLUMNS, FOUND0, Position

WINNABLE = "winnable"
NOT_WINNABLE = "not winnable"
UNKNOWN = "unknown"

_KING = 12  # card % 13 of a king
_PARENT = [c + 1 if c % 13 != _KING else -1 for c in range(52)]
_SUIT = [c // 13 for c in range(52)]
_RANK = [c % 13 for c in range(52)]  # 0 = ace … 12 = king

# Places in an internal move (src, dst, n, card): a column 0-9, _CELL or _HOME.
_CELL = -1
_HOME = -2
_WON = (13, 13, 13, 13)

# Heuristic weights (lower score = expanded first): cards in cells, cards lying
# above a lower card of their suit, runs on the table, free cells, empty
# columns, cards home, moves made so far.
_W_CELL = 2
_W_BURIED = 2
_W_RUN = 1
_W_FREE = 1
_W_EMPTY = 2
_W_HOME = 3
_W_MOVES = 0.5
_W_MOVES_IMPROVE = 2


class Result:
    """The answer: ``status`` is "winnable", "not winnable" or "unknown".

    ``moves`` is a winning line in SPEC notation (empty unless winnable),
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


class _OutOfBudget(Exception):
    pass


# -- the internal position -------------------------------------------------
#
# cols: 10 bytes objects, bottom card first (a tuple or a list, never changed
# once built); cells: the cards in cells as sorted bytes; found: a tuple of the
# 4 foundation heights. Column i is the real column i.

def _key(cols, cells):
    return b"\xff".join(sorted(cols)) + b"\xfe" + cells


def _settle(cols, cells, found, todo, moves):
    """Play the safe moves (F1, F3) that the changed columns in ``todo`` allow.

    ``cols``, ``cells`` (a list) and ``found`` are lists changed in place; the
    moves played are appended to ``moves``. The rest of the position must
    already be settled.
    """
    while todo:
        i = todo.pop()
        col = cols[i]
        if not col:
            continue
        c = col[-1]
        s = _SUIT[c]
        r = _RANK[c]
        if found[s] == r:
            cols[i] = col[:-1]
            moves.append((i, _HOME, 1, c))
            todo.append(i)
            r += 1
            c += 1
            while r < 13 and c in cells:
                cells.remove(c)
                moves.append((_CELL, _HOME, 1, c))
                r += 1
                c += 1
            found[s] = r
            if r < 13:
                for j in range(COLUMNS):
                    cj = cols[j]
                    if cj and cj[-1] == c:
                        todo.append(j)
                        break
        elif r and c - 1 in cells:
            cells.remove(c - 1)
            cols[i] = col + bytes((c - 1,))
            moves.append((_CELL, i, 1, c - 1))
            todo.append(i)


def _start(pos):
    """The settled internal form of a Position, and the safe moves that led there."""
    cols = [bytes(c) for c in pos.cols]
    cells = [c for c in pos.cells if c is not None]
    found = list(pos.found)
    moves = []
    while True:
        before = len(moves)
        for c in list(cells):
            s = _SUIT[c]
            if found[s] == _RANK[c] and c in cells:
                cells.remove(c)
                found[s] += 1
                moves.append((_CELL, _HOME, 1, c))
                nxt = c + 1
                while found[s] < 13 and nxt in cells:
                    cells.remove(nxt)
                    found[s] += 1
                    moves.append((_CELL, _HOME, 1, nxt))
                    nxt += 1
        _settle(cols, cells, found, list(range(COLUMNS)), moves)
        if len(moves) == before:
            break
    cells.sort()
    return tuple(cols), bytes(cells), tuple(found), moves


class _Search:
    """One best-first search over settled positions with a fixed cell count."""

    def __init__(self, ncells, deadline=None, max_nodes=None, should_stop=None):
        self.ncells = ncells
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.should_stop = should_stop
        self.nodes = 0
        self.colinfo = {}

    def _info(self, col):
        """(run length, run head, heuristic cost) of a column, memoised."""
        n = len(col)
        k = 1
        while k < n and col[n - k - 1] == _PARENT[col[n - k]]:
            k += 1
        low = [99, 99, 99, 99]
        buried = 0
        runs = 0
        prev = -5
        for c in col:
            s = _SUIT[c]
            if c > low[s]:
                buried += 1
            elif c < low[s]:
                low[s] = c
            if prev != _PARENT[c]:
                runs += 1
            prev = c
        info = (k, col[-k], _W_BURIED * buried + _W_RUN * runs)
        self.colinfo[col] = info
        return info

    def macros(self, cols, cells):
        """The macro moves of a settled position: (src, dst, n, card) — a whole
        run onto its parent or (king-led) into an empty column, a whole run
        into cells, or a king from a cell into an empty column."""
        free = self.ncells - len(cells)
        empties = []
        tops = {}
        colinfo = self.colinfo
        for i in range(COLUMNS):
            col = cols[i]
            if col:
                tops[col[-1]] = i
            else:
                empties.append(i)
        ne = len(empties)
        out = []
        for i in range(COLUMNS):
            col = cols[i]
            if not col:
                continue
            length, head, _ = colinfo.get(col) or self._info(col)
            if _RANK[head] == _KING:
                if length < len(col) and ne and length <= (free + 1) << (ne - 1):
                    out.append((i, empties[0], length, head))
            else:
                j = tops.get(head + 1)
                if j is not None:
                    if length <= (free + 1) << ne:
                        out.append((i, j, length, head))
                    continue
            if length <= free:
                out.append((i, _CELL, length, head))
        if ne:
            for c in cells:
                if _RANK[c] == _KING:
                    out.append((_CELL, empties[0], 1, c))
        return out

    def children(self, cols, cells, found):
        """Every position one macro move (then the safe moves) away:
        (moves, cols, cells, found, count of non-foundation moves)."""
        child = self._child
        return [child(cols, cells, found, *m) for m in self.macros(cols, cells)]

    def _child(self, cols, cells, found, src, dst, n, card):
        """The settled position after one macro: a run onto a column, a run into
        cells (top card first), or a king from a cell to an empty column."""
        ncols = list(cols)
        if src == _CELL:
            moves = [(src, dst, 1, card)]
            ncells = list(cells)
            ncells.remove(card)
            ncols[dst] = bytes((card,))
            check = dst
        else:
            col = cols[src]
            rest = col[:-n]
            ncols[src] = rest
            check = src
            if dst == _CELL:
                run = col[-n:]
                moves = [(src, _CELL, 1, run[k]) for k in range(n - 1, -1, -1)]
                ncells = sorted(cells + run)
            else:
                moves = [(src, dst, n, card)]
                ncols[dst] = cols[dst] + col[-n:]
                ncells = cells
        top = ncols[check][-1] if ncols[check] else -1
        if top >= 0 and (found[_SUIT[top]] == _RANK[top] or (_RANK[top] and top - 1 in ncells)):
            ncells = list(ncells)
            nfound = list(found)
            before = len(moves)
            _settle(ncols, ncells, nfound, [check], moves)
            ncells.sort()
            extra = sum(1 for m in moves[before:] if m[1] != _HOME)
            return moves, ncols, bytes(ncells), tuple(nfound), before + extra
        if type(ncells) is list:
            ncells = bytes(ncells)
        return moves, ncols, ncells, found, len(moves)

    def score(self, cols, cells, found):
        colinfo = self.colinfo
        h = (_W_CELL + _W_FREE) * len(cells) - _W_HOME * (found[0] + found[1] + found[2] + found[3])
        for col in cols:
            if col:
                h += (colinfo.get(col) or self._info(col))[2]
            else:
                h -= _W_EMPTY
        return h

    def _check_budget(self, nodes):
        self.nodes = nodes
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfBudget()
        if self.should_stop is not None and self.should_stop():
            raise _OutOfBudget()

    def run(self, cols, cells, found):
        """A list of (moves, state) from the start to a win, or None when none exists."""
        if found == _WON:
            return []
        root = _key(cols, cells)
        parent = {root: None}
        heap = [(0, 0, root, cols, cells, found)]
        nodes = 0
        children = self.children
        score = self.score
        push = heapq.heappush
        pop = heapq.heappop
        max_nodes = self.max_nodes
        join = b"\xff".join
        while heap:
            _, g, k, cols, cells, found = pop(heap)
            if nodes == max_nodes:
                self.nodes = nodes
                raise _OutOfBudget()
            nodes += 1
            if nodes & 127 == 0:
                self._check_budget(nodes)
            for moves, ncols, ncells, nfound, cost in children(cols, cells, found):
                nk = join(sorted(ncols)) + b"\xfe" + ncells
                if nk in parent:
                    continue
                parent[nk] = (k, moves, ncols, ncells, nfound)
                if nfound == _WON:
                    self.nodes = nodes
                    return _path(parent, nk)
                ng = g + cost
                push(heap, (score(ncols, ncells, nfound) + _W_MOVES * ng, ng, nk, ncols, ncells, nfound))
        self.nodes = nodes
        return None

    def improve(self, cols, cells, found, bound):
        """Branch and bound for a line with fewer than ``bound`` non-foundation moves.

        Anytime: returns the best line found when the space or the budget is
        exhausted, or None if it found none better.
        """
        root = _key(cols, cells)
        parent = {root: None}
        best_g = {root: 0}
        heap = [(0, 0, root, cols, cells, found)]
        best = None
        nodes = 0
        children = self.children
        score = self.score
        push = heapq.heappush
        pop = heapq.heappop
        try:
            while heap:
                _, g, k, cols, cells, found = pop(heap)
                if g >= bound or g > best_g[k]:
                    continue
                if nodes == self.max_nodes:
                    break
                nodes += 1
                if nodes & 127 == 0:
                    self._check_budget(nodes)
                for moves, ncols, ncells, nfound, cost in children(cols, cells, found):
                    ng = g + cost
                    if ng >= bound:
                        continue
                    nk = _key(ncols, ncells)
                    if ng >= best_g.get(nk, bound):
                        continue
                    best_g[nk] = ng
                    parent[nk] = (k, moves, ncols, ncells, nfound)
                    if nfound == _WON:
                        best = nk
                        bound = ng
                    else:
                        h = score(ncols, ncells, nfound) + _W_MOVES_IMPROVE * ng
                        push(heap, (h, ng, nk, ncols, ncells, nfound))
        except _OutOfBudget:
            pass
        self.nodes = nodes
        return None if best is None else _path(parent, best)


def _path(parent, key):
    """Follow parent links back to the start: a list of (moves, state)."""
    path = []
    while parent[key] is not None:
        pk, moves, cols, cells, found = parent[key]
        path.append((moves, (cols, cells, found)))
        key = pk
    path.reverse()
    return path


# -- from internal moves to SPEC moves, and shortening --------------------------

def _card_moves(pos, moves):
    """Internal moves -> (card, destination) on the real position: destination
    a column 0-9, _CELL or _HOME; a column move carries the card and all above it.

    Only each move's card and kind of destination are used (a column move goes
    onto the card's parent, or for a king to an empty column), so a line found
    on a permuted copy of the position plays the same on the real one.
    """
    cols = [c[:] for c in pos.cols]
    out = []
    for _, dst, _, card in moves:
        if dst >= 0:
            if _RANK[card] == _KING:
                dst = next(i for i in range(COLUMNS) if not cols[i])
            else:
                dst = next(i for i in range(COLUMNS) if cols[i] and cols[i][-1] == card + 1)
        for col in cols:
            if card in col:
                moved = col[col.index(card):]
                del col[col.index(card):]
                break
        else:
            moved = [card]
        if dst >= 0:
            cols[dst].extend(moved)
        out.append((card, dst))
    return out


class _Replay:
    """A light replay of card moves that sends every card home as soon as it can go."""

    __slots__ = ("ncells", "cols", "cells", "found", "loc", "played")

    def __init__(self, pos=None):
        if pos is None:
            return
        self.ncells = len(pos.cells)
        self.cols = [c[:] for c in pos.cols]
        self.cells = [c for c in pos.cells if c is not None]
        self.found = list(pos.found)
        self.loc = {}
        for i in range(COLUMNS):
            for c in self.cols[i]:
                self.loc[c] = i
        for c in self.cells:
            self.loc[c] = _CELL
        self.played = []
        self.home()

    def copy(self):
        other = _Replay()
        other.ncells = self.ncells
        other.cols = [c[:] for c in self.cols]
        other.cells = self.cells[:]
        other.found = self.found[:]
        other.loc = dict(self.loc)
        other.played = self.played[:]
        return other

    def won(self):
        return self.found == [13, 13, 13, 13]

    def home(self):
        found, loc, cols = self.found, self.loc, self.cols
        progress = True
        while progress:
            progress = False
            for s in range(4):
                r = found[s]
                if r < 13:
                    c = s * 13 + r
                    w = loc[c]
                    if w == _CELL:
                        self.cells.remove(c)
                    elif cols[w][-1] == c:
                        cols[w].pop()
                    else:
                        continue
                    loc[c] = _HOME
                    found[s] = r + 1
                    self.played.append((c, _HOME))
                    progress = True

    def play(self, card, dst):
        """Play one card move (the card and all above it); False if illegal.

        A move of a card already home or already in place changes nothing.
        """
        cols, cells, loc = self.cols, self.cells, self.loc
        where = loc[card]
        if where == dst or where == _HOME:
            return True
        if dst == _HOME:
            return False  # it would already be home if it could go
        if where == _CELL:
            n = 1
        else:
            col = cols[where]
            n = len(col) - col.index(card)
            for k in range(len(col) - n, len(col) - 1):
                if col[k] != _PARENT[col[k + 1]]:
                    return False
        if dst == _CELL:
            if n != 1 or len(cells) >= self.ncells:
                return False
        else:
            target = cols[dst]
            if target:
                if target[-1] != _PARENT[card]:
                    return False
            elif _RANK[card] != _KING:
                return False
            if n > 1:
                empty = sum(1 for c in cols if not c) - (0 if target else 1)
                if n > (self.ncells - len(cells) + 1) << empty:
                    return False
        if where == _CELL:
            cells.remove(card)
            moved = [card]
        else:
            col = cols[where]
            moved = col[len(col) - n:]
            del col[len(col) - n:]
        if dst == _CELL:
            cells.append(card)
            loc[card] = _CELL
        else:
            cols[dst].extend(moved)
            for c in moved:
                loc[c] = dst
        self.played.append((card, dst))
        self.home()
        return True


def _shorten(pos, cmoves):
    """Drop each non-foundation move in turn while the rest still wins.

    Foundation moves are left to the replay, which plays each as early as it
    can; a move that has become pointless (the card is already there) vanishes.
    """
    moves = [m for m in cmoves if m[1] != _HOME]
    replay = _Replay(pos)
    snaps = []
    for m in moves:
        snaps.append(replay.copy())
        if not replay.play(*m):
            return cmoves
    if not replay.won():
        return cmoves
    best = replay
    i = 0
    while i < len(moves):
        trial = snaps[i].copy()
        ok = True
        for m in moves[i + 1:]:
            if not trial.play(*m):
                ok = False
                break
        if ok and trial.won():
            best = trial
            kept = [m for m in trial.played[len(snaps[i].played):] if m[1] != _HOME]
            moves = moves[:i] + kept
            replay = snaps[i].copy()
            del snaps[i:]
            for m in kept:
                snaps.append(replay.copy())
                replay.play(*m)
            continue
        i += 1
    return best.played


def _spec_moves(pos, cmoves):
    """Card moves -> SPEC move texts."""
    pos = pos.copy()
    out = []
    for card, dst in cmoves:
        src = None
        n = 1
        for i in range(COLUMNS):
            col = pos.cols[i]
            if card in col:
                src = i
                n = len(col) - col.index(card)
                break
        if src is None:
            src = CELL0 + pos.cells.index(card)
        if dst == _CELL:
            dst = CELL0 + pos.cells.index(None)
        elif dst == _HOME:
            dst = FOUND0 + _SUIT[card]
        move = (src, dst, n)
        rules.apply(pos, move)  # checked move by move in _verified
        out.append(rules.move_text(move))
    return out


def _verified(pos, texts):
    """Replay the line through a fresh Game; it must end in a win."""
    game = Game(pos.copy())
    for text in texts:
        game.play(text)
    if not game.won:
        raise AssertionError("solver line does not win: %s" % " ".join(texts))
    return texts


# -- the public entry point -------------------------------------------------

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
    text (SPEC §5) or a game code. ``budget_seconds`` and ``max_nodes`` bound
    the search; ``should_stop`` is an optional callable polled now and then
    (return True to give up). Only an exhausted budget gives "unknown".
    ``improve_nodes`` > 0 spends up to that many more nodes (within the same
    time budget) on a second search for a shorter line once a win is found;
    a few hundred usually save 2-4 moves at two to three times the time.
    Raises BadPosition / BadCode for input that is not a position.
    """
    t0 = time.perf_counter()
    pos = _position(position)
    cols, cells, found, pre = _start(pos)
    deadline = None if budget_seconds is None else t0 + budget_seconds
    search = _Search(len(pos.cells), deadline, max_nodes, should_stop)
    try:
        path = search.run(cols, cells, found)
    except _OutOfBudget:
        return Result(UNKNOWN, None, search.nodes, time.perf_counter() - t0)
    if path is None:
        return Result(NOT_WINNABLE, None, search.nodes, time.perf_counter() - t0)
    nodes = search.nodes
    line = pre + [m for moves, _ in path for m in moves]
    cmoves = _shorten(pos, _card_moves(pos, line))
    if improve_nodes:
        # A second search that weighs moves more and looks only for lines
        # with fewer non-foundation moves than the one in hand.
        extra = sum(1 for c in cmoves if c[1] != _HOME)
        again = _Search(len(pos.cells), deadline, improve_nodes, should_stop)
        better = again.improve(cols, cells, found, extra)
        if better:
            other = _shorten(pos, _card_moves(pos, pre + [m for moves, _ in better for m in moves]))
            if len(other) < len(cmoves):
                cmoves = other
        nodes += again.nodes
    texts = _verified(pos, _spec_moves(pos, cmoves))
    return Result(WINNABLE, texts, nodes, time.perf_counter() - t0)
