"""The search: best-first over settled positions, and branch and bound for
shorter lines.

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
by an exhaustive test on small positions in ``tests/solver/test_facts.py``.

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
"""

import heapq

from ..position import COLUMNS
from .clock import now
from .state import CELL, HOME, KING, PARENT, RANK, SUIT, WON, canonical_key, settle

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


class OutOfBudget(Exception):
    pass



class Verdicts:
    """Verdicts by canonical key (True: winnable, False: not), for searches
    that share what they proved (``Search.decide``).

    One dict per key length (the number of cards left, give or take):
    MicroPython hashes bytes to 16 bits, and there a single dict of tens of
    thousands of keys gets an order of magnitude slower to fill and to miss in.
    """

    __slots__ = ("_by_length", "size")

    def __init__(self):
        self._by_length = {}
        self.size = 0

    def get(self, key):
        table = self._by_length.get(len(key))
        return None if table is None else table.get(key)

    def __setitem__(self, key, verdict):
        table = self._by_length.get(len(key))
        if table is None:
            table = self._by_length[len(key)] = {}
        if key not in table:
            self.size += 1
        table[key] = verdict

    def __len__(self):
        return self.size


class Search:
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
        while k < n and col[n - k - 1] == PARENT[col[n - k]]:
            k += 1
        low = [99, 99, 99, 99]
        buried = 0
        runs = 0
        prev = -5
        for c in col:
            s = SUIT[c]
            if c > low[s]:
                buried += 1
            elif c < low[s]:
                low[s] = c
            if prev != PARENT[c]:
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
            if RANK[head] == KING:
                if length < len(col) and ne and length <= (free + 1) << (ne - 1):
                    out.append((i, empties[0], length, head))
            else:
                j = tops.get(head + 1)
                if j is not None:
                    if length <= (free + 1) << ne:
                        out.append((i, j, length, head))
                    continue
            if length <= free:
                out.append((i, CELL, length, head))
        if ne:
            for c in cells:
                if RANK[c] == KING:
                    out.append((CELL, empties[0], 1, c))
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
        if src == CELL:
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
            if dst == CELL:
                run = col[-n:]
                moves = [(src, CELL, 1, run[k]) for k in range(n - 1, -1, -1)]
                ncells = sorted(cells + run)
            else:
                moves = [(src, dst, n, card)]
                ncols[dst] = cols[dst] + col[-n:]
                ncells = cells
        top = ncols[check][-1] if ncols[check] else -1
        if top >= 0 and (found[SUIT[top]] == RANK[top] or (RANK[top] and top - 1 in ncells)):
            ncells = list(ncells)
            nfound = list(found)
            before = len(moves)
            settle(ncols, ncells, nfound, [check], moves)
            ncells.sort()
            extra = sum(1 for m in moves[before:] if m[1] != HOME)
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
        if self.deadline is not None and now() > self.deadline:
            raise OutOfBudget()
        if self.should_stop is not None and self.should_stop():
            raise OutOfBudget()

    def run(self, cols, cells, found, known=None):
        """A list of (moves, state) from the start to a win, or None when none exists.

        ``known`` (optional, a Verdicts) maps canonical keys to True (winnable) or False
        (not winnable): a search reaching a winnable key stops there (the path
        ends on it), and a key known lost is never entered. ``self.seen`` keeps
        every key the search generated (all of them expanded, or known lost,
        when it returns None).
        """
        if found == WON:
            return []
        root = canonical_key(cols, cells)
        parent = {root: None}
        self.seen = parent
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
                raise OutOfBudget()
            nodes += 1
            if nodes & 127 == 0:
                self._check_budget(nodes)
            for moves, ncols, ncells, nfound, cost in children(cols, cells, found):
                nk = join(sorted(ncols)) + b"\xfe" + ncells
                if nk in parent:
                    continue
                if known is not None:
                    verdict = known.get(nk)
                    if verdict is False:
                        continue
                    if verdict:
                        parent[nk] = (k, moves, ncols, ncells, nfound)
                        self.nodes = nodes
                        return trace_path(parent, nk)
                parent[nk] = (k, moves, ncols, ncells, nfound)
                if nfound == WON:
                    self.nodes = nodes
                    return trace_path(parent, nk)
                ng = g + cost
                push(heap, (score(ncols, ncells, nfound) + _W_MOVES * ng, ng, nk, ncols, ncells, nfound))
        self.nodes = nodes
        return None

    def decide(self, cols, cells, found, known):
        """Whether a settled position can be won, sharing the table ``known`` (a Verdicts).

        Adds what it proves to ``known``: the keys on a winning path are
        winnable; after a complete failed search, every key it generated is
        not (each was expanded, and the facts above keep the search complete
        from any position). Raises OutOfBudget, adding nothing.
        """
        root = canonical_key(cols, cells)
        verdict = known.get(root)
        if verdict is not None:
            return verdict
        path = self.run(cols, cells, found, known)
        if path is None:
            for key in self.seen:
                known[key] = False
            return False
        known[root] = True
        for _, (pcols, pcells, _) in path:
            known[canonical_key(pcols, pcells)] = True
        return True

    def improve(self, cols, cells, found, bound):
        """Branch and bound for a line with fewer than ``bound`` non-foundation moves.

        Anytime: returns the best line found when the space or the budget is
        exhausted, or None if it found none better.
        """
        root = canonical_key(cols, cells)
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
                    nk = canonical_key(ncols, ncells)
                    if ng >= best_g.get(nk, bound):
                        continue
                    best_g[nk] = ng
                    parent[nk] = (k, moves, ncols, ncells, nfound)
                    if nfound == WON:
                        best = nk
                        bound = ng
                    else:
                        h = score(ncols, ncells, nfound) + _W_MOVES_IMPROVE * ng
                        push(heap, (h, ng, nk, ncols, ncells, nfound))
        except OutOfBudget:
            pass
        self.nodes = nodes
        return None if best is None else trace_path(parent, best)


def trace_path(parent, key):
    """Follow parent links back to the start: a list of (moves, state)."""
    path = []
    while parent[key] is not None:
        pk, moves, cols, cells, found = parent[key]
        path.append((moves, (cols, cells, found)))
        key = pk
    path.reverse()
    return path

