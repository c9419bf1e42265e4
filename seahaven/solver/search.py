"""The search: best-first over settled positions, and branch and bound for
shorter lines.

How it searches
---------------
Positions are reduced to a canonical key (column order and cell order do not
matter; foundations follow from which cards are left), and found in the
search's tables by their hash (``state.position_hash``, kept up to date move
by move) and then compared, never by the key itself: on MicroPython a table
of byte-string keys slows down with every position added. The tables are
made again, larger, before they are half full (``tables.roomy``): a
MicroPython dict grows only once it is full, and a lookup in a crowded one
tries slot after slot. A best-first search
(a heuristic on cards home, cards buried under lower cards of their suit,
runs, free cells and empty columns, plus the moves made, weighed alike)
expands the most promising position first and never expands a key twice; it
moves whole same-suit runs as units and plays the safe moves below at once.
A deal with 4 cells typically needs some 60 positions; the hardest of
18 000 surveyed positions (bench/solver_micropython.py), winnable or not,
under 8000. The weights were chosen on that survey: twice the heuristic
plus the moves (the grade's reference order) needed 21 700 positions for
its hardest winnable deal, SH1-C4-2NJ7S6C, against 1 800 now.

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

**F6. A king waits in a cell or in an empty column alike.** Used only to
decide (``Search(classes=True)``, the review's searches), where a failed
search visits every position it can reach. Call a *free run* a king-led run
that fills its column. When a position has kings in cells and at least as
many empty columns, put each of those kings into an empty column; F3 brings
the cards of its run after it from the cells. That is the position's *form*
(``state.kings_in_columns``); any other position is its own form. The two
reach each other (a free run goes back into cells card by card), so they are
won or lost alike. The positions whose form is a position C without kings in
cells are C and its *members* P: C with the free runs of some set S moved
into cells (as many cards as C has free cells). A position with kings in
cells and fewer empty columns is the form of itself alone.

The search expands only forms, each for its whole class: from C it must
reach, in its own steps, the form of every position a member reaches in one
move. Then a failed search proves every position whose form it met lost:
were one of them won, follow its winning line to the first position whose
form the search did not meet (the last position, won, is one: the search
would have stopped there); the move into it is a member's move from a form
the search expanded, whose steps reach that form, so the search met it
after all. And every step is legal moves (S's runs into cells, the move,
the kings down again), so a win it finds is real.

A member P has |S| more empty columns and as many fewer free cells as S has
cards; a group may move (free cells + 1) × 2^(empty columns) cards. P's
moves, the safe moves after each played alike (a free run's cards go home
from a cell or from their column alike):

- a king of S back into an empty column, or another free run into cells:
  the form is C again (the search leaves such moves out);
- any other run into cells: C makes that move too (it has more free cells),
  and P's child is C's child with S's runs in cells, of the same form;
  except a king-led run when C has no empty column: then P's child has one
  empty column fewer than kings in cells, is its own form, and the search
  reaches it from C's child by moving S's runs into cells one by one
  (positions of more kings in cells than empty columns, their own forms);
- a run onto its parent, or a king-led run into an empty column, that C's
  own group size allows: C's child, of the same form (the kings of S go
  down into the columns still empty);
- such a move that only P's group size allows (onto a parent not in S): C
  is given that child directly (``Search._beyond``). When C has an empty
  column, its form is C with the run moved there as if C could move it;
  when C has none, the child keeps S's kings in cells and is its own form,
  given for each member that allows the move.

C's own moves lose nothing either: a free run into cells is C's own class,
and a king-led run that does not fill its column, into cells beside an
empty column, has for form that run moved into the empty column (C's other
child). A position with kings in cells and fewer empty columns has only its
own moves; its children are put in their forms (a move may empty a column).
Checked against the plain exhaustive search in ``tests/solver/test_facts.py``:
on small positions, and on three won only through ``_beyond``'s children,
one for each kind of them.
"""

import heapq

from ..position import COLUMNS
from .clock import now
from .state import (
    BOTTOM,
    CARD,
    CELL,
    IN_CELL,
    KING,
    PARENT,
    RANK,
    SUIT,
    UNDER,
    WON,
    canonical_key,
    features,
    kings_in_columns,
    position_hash,
    same,
    settle,
)
from .tables import roomy

# Heuristic weights (lower score = expanded first): cards in cells, cards lying
# above a lower card of their suit, runs on the table, free cells, empty
# columns, cards home, moves made so far.
_W_CELL = 2
_W_BURIED = 2
_W_RUN = 1
_W_FREE = 1
_W_EMPTY = 2
_W_HOME = 3
_W_MOVES_IMPROVE = 2
# The order of expansion: ORDER_H × heuristic + ORDER_G × moves made.
_ORDER_H = 1
_ORDER_G = 1


_COLUMN_OF = {1 << i: i for i in range(COLUMNS)}  # a column's bit -> the column
_NO_CARD = b"\xff"  # in no cells


class OutOfBudget(Exception):
    pass


def _repeat(node, cols, cells):
    """Whether a search's node is the position ``cols``, ``cells``: ``state.same`` for the
    search's own nodes, whose columns are lists (so copies are sorted in place)."""
    if node[3] != cells:
        return False
    other = node[2]
    if other == cols:
        return True
    other = other[:]  # in other orders (kings in other empty columns): sorting a copy in place
    other.sort()      # is about twice as fast as sorted() on MicroPython
    mine = cols[:]
    mine.sort()
    return other == mine


def unpack(macro):
    """A macro move as (src, dst, n, card): src and dst a column 0-9 or CELL."""
    return (macro & 15) - 2, (macro >> 4 & 15) - 2, macro >> 8 & 31, macro >> 13


class Verdicts:
    """Verdicts by position (True: winnable, False: not), for searches that
    share what they proved (``Search.decide``); column and cell order aside.

    Found by the positions' hash (``state.position_hash``) and checked by
    comparing them; the rare position whose hash another one holds goes by its
    canonical key into a second table.
    """

    __slots__ = ("_by_hash", "_room", "_others", "size")

    def __init__(self):
        self._by_hash, self._room = roomy()
        self._others = {}
        self.size = 0

    def get(self, cols, cells, z=None):
        """The verdict of a position, or None; ``z`` its hash when known."""
        entry = self._by_hash.get(position_hash(cols, cells) if z is None else z)
        if entry is None:
            return None
        if same(cols, cells, entry[0], entry[1]):
            return entry[2]
        return self._others.get(canonical_key(cols, cells))

    def hashes(self):
        """The table by hash, for a search that asks ``get`` only about a hash it holds."""
        return self._by_hash

    def put(self, cols, cells, verdict, z=None):
        if z is None:
            z = position_hash(cols, cells)
        entry = self._by_hash.get(z)
        if entry is None or same(cols, cells, entry[0], entry[1]):
            self.size += entry is None
            self._by_hash[z] = (cols, cells, verdict)
            if len(self._by_hash) > self._room:
                self._by_hash, self._room = roomy(self._by_hash)
            return
        key = canonical_key(cols, cells)
        self.size += key not in self._others
        self._others[key] = verdict

    def put_lost(self, nodes):
        """``put`` False for every node of a search's table (hash -> node), in one
        loop, with the table's size and room kept in locals until the end."""
        by_hash = self._by_hash
        get = by_hash.get
        room = self._room
        n = len(by_hash)
        size = self.size
        for z, node in nodes.items():
            entry = get(z)
            if entry is None:
                by_hash[z] = (node[2], node[3], False)
                size += 1
                n += 1
                if n > room:
                    by_hash, room = roomy(by_hash)
                    get = by_hash.get
                    self._by_hash = by_hash
                    self._room = room
            elif same(node[2], node[3], entry[0], entry[1]):
                by_hash[z] = (node[2], node[3], False)
            else:  # another position holds the hash
                self.size = size
                self.put(node[2], node[3], False, z)
                size = self.size
                by_hash = self._by_hash
                get = by_hash.get
                room = self._room
                n = len(by_hash)
        self.size = size

    def __len__(self):
        return self.size


class Search:
    """One best-first search over settled positions with a fixed cell count.

    ``reference`` keeps the order of expansion the tiers were calibrated on
    (``seahaven.grade``): positions weighed by ``2 × heuristic + moves made``,
    ties broken by canonical key. Its node count is the grade's measure of
    effort, so it stays what it was whatever the search's own order becomes.
    """

    def __init__(self, ncells, deadline=None, max_nodes=None, should_stop=None, reference=False, classes=False):
        self.ncells = ncells
        self.classes = classes
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.should_stop = should_stop
        self.reference = reference
        self.nodes = 0
        self.path = None
        self.colinfo, self._colinfo_room = roomy()
        self.sorted_cells, self._sorted_cells_room = roomy()  # cells + a run -> those cards sorted
        self.features = features()
        self.seen = {}  # hash -> node: every position the last run generated
        self.others = {}  # canonical key -> node: those whose hash another one holds

    def _info(self, col):
        """What the search needs of a column, memoised: a tuple (see ``children``)
        of its run and what moving the run changes, worked out once per column."""
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
        cost = _W_BURIED * buried + _W_RUN * runs
        f = self.features
        rest = col[:-k]
        head = col[-k]
        if rest:
            top = rest[-1]
            under = top
            rest_cost = (self.colinfo.get(rest) or self._info(rest))[2]
            top_suit = SUIT[top]
            top_rank = RANK[top]
            wanted = CARD[top - 1] if top_rank else _NO_CARD
        else:
            top = -1
            under = BOTTOM
            rest_cost = -_W_EMPTY
            top_suit = 0
            top_rank = -1  # no foundation is at -1: no card to send home
            wanted = _NO_CARD
        z_move = f[head * UNDER + under] ^ f[head * UNDER + (BOTTOM if RANK[head] == KING else head + 1)]
        z_cells = 0
        for c in col[-k:]:
            z_cells ^= f[c * UNDER + under] ^ f[c * UNDER + IN_CELL]
            under = c
        card = col[-1]
        if k == 1:
            below, below_cost = rest, rest_cost
        else:
            below = col[:-1]
            below_cost = (self.colinfo.get(below) or self._info(below))[2]
        alone = (card, SUIT[card], RANK[card], below, below[-1] if below else -1,
                 f[card * UNDER + (below[-1] if below else BOTTOM)], below_cost - cost)
        info = (k, head, cost, rest, col[-k:], z_move, z_cells, rest_cost - cost, top, top_suit, top_rank,
                k << 8 | head << 13, alone, RANK[head] == KING, wanted)
        self.colinfo[col] = info
        return info

    def children(self, cols, cells, found, z, h, seen=None):
        """Every position one macro move (then the safe moves) away: (macro,
        cols, cells, found, count of non-foundation moves, hash, heuristic). A
        macro is a whole run onto its parent or (king-led) into an empty
        column, a whole run into cells, or a king from a cell into an empty
        column, packed in a small integer (``unpack``).

        Written for MicroPython, where each operation costs a call into the
        runtime: what depends on a column alone comes from its memoised
        tuple (``_info``): run length, head, heuristic cost, the column without
        its run, the run, the hash change of the run moving onto its parent (a
        king's: into an empty column) and into cells, the heuristic change of
        taking the run off, the card then on top (-1: none) with its suit and
        rank (-1 for none: no foundation waits for it), the macro's bits of
        run length and head, the column's top card alone (``_settled``),
        whether the run is king-led, and the card a cell could put on the
        card then on top (F3), as bytes (one in no cells when none). The
        heuristic ``h`` and the hash ``z`` of a child are the parent's plus
        that change.
        Whether a card is among the tops or in the cells is asked as
        ``tops.count(card)`` and ``CARD[card] in cells``: ``card in tops`` or
        ``card in cells`` walks the sequence through the runtime's generic
        iteration, some twenty calls into it on MicroPython's web build
        against one.

        ``seen`` (optional: a search's table, hash -> node) leaves out the
        children already in it, before their heuristic, and before anything but
        the safe moves for a child that needs them (``searching`` skips them
        anyway; most children of a large search are such repeats)."""
        if seen is None:
            seen = {}  # an empty table holds nothing: one test instead of two for every child
        free = self.ncells - len(cells)
        colinfo = self.colinfo.get
        info_of = self._info
        infos = [None] * COLUMNS  # filled in place: on MicroPython, growing a list costs more than the loop
        tops = [-1] * COLUMNS
        i = 0
        for col in cols:
            if col:
                infos[i] = colinfo(col) or info_of(col)
                tops[i] = col[-1]
            i += 1
        ne = tops.count(-1)
        settled = self._settled
        sorted_cells = self.sorted_cells.get
        out = []
        # Over F6's classes: kings in cells (then more than empty columns), and
        # for a node without any, its free runs that fit in the cells and the
        # runs too long for its group size, as bits by column.
        classes = self.classes
        crowned = 0
        if classes:
            for c in cells:
                if c % 13 == 12:  # a king: RANK[c] == KING without the table lookup
                    crowned += 1
            classes = not crowned
            free_runs = beyond = 0
        i = -1
        for info in infos:
            i += 1
            if not info:
                continue
            k, head, _, rest, run, z_move, z_cells, dh, top, top_suit, top_rank, base, _, king_led, wanted = info
            if king_led:
                if top < 0 or not ne or k > (free + 1) << (ne - 1):
                    if classes:
                        if top < 0:  # a free run: into cells, it stays in its class (F6)
                            if k <= free:
                                free_runs |= 1 << i
                            continue
                        beyond |= 1 << i
                    if k > free:
                        continue
                else:
                    d = tops.index(-1)
                    ncols = cols[:]
                    ncols[i] = rest
                    ncols[d] = run
                    nz = z ^ z_move
                    if found[top_suit] == top_rank or wanted in cells:
                        ntops = tops[:]
                        ntops[i] = top
                        ntops[d] = run[-1]
                        kid = settled(base | (d + 2) << 4 | i + 2, ncols, cells, found, 1, nz,
                                      h + dh + (colinfo(run) or info_of(run))[2] + _W_EMPTY, i, ntops, seen)
                        if kid is not None:
                            out.append(kid)
                    elif nz not in seen or not _repeat(seen[nz], ncols, cells):
                        out.append((base | (d + 2) << 4 | i + 2, ncols, cells, found, 1, nz,
                                    h + dh + (colinfo(run) or info_of(run))[2] + _W_EMPTY))
                    if classes:
                        continue  # into cells, its form is the move above (F6)
            elif tops.count(head + 1):
                if k <= (free + 1) << ne:
                    j = tops.index(head + 1)
                    ncols = cols[:]
                    ncols[i] = rest
                    dst = cols[j] + run
                    ncols[j] = dst
                    nz = z ^ z_move
                    if found[top_suit] == top_rank or wanted in cells:
                        ntops = tops[:]
                        ntops[i] = top
                        ntops[j] = head - k + 1
                        kid = settled(base | (j + 2) << 4 | i + 2, ncols, cells, found, 1, nz,
                                      h + dh + (colinfo(dst) or info_of(dst))[2] - infos[j][2], i, ntops, seen)
                        if kid is not None:
                            out.append(kid)
                    elif nz not in seen or not _repeat(seen[nz], ncols, cells):
                        out.append((base | (j + 2) << 4 | i + 2, ncols, cells, found, 1, nz,
                                    h + dh + (colinfo(dst) or info_of(dst))[2] - infos[j][2]))
                elif classes:
                    beyond |= 1 << i
                continue
            if k <= free:
                ncols = cols[:]
                ncols[i] = rest
                ncells = cells + run
                ncells = sorted_cells(ncells) or self._sort_cells(ncells)
                nz = z ^ z_cells
                if found[top_suit] == top_rank or wanted in ncells:
                    ntops = tops[:]
                    ntops[i] = top
                    kid = settled(base | 16 | i + 2, ncols, ncells, found, k, nz, h + dh + (_W_CELL + _W_FREE) * k,
                                  i, ntops, seen)
                    if kid is not None:
                        out.append(kid)
                elif nz not in seen or not _repeat(seen[nz], ncols, ncells):
                    out.append((base | 16 | i + 2, ncols, ncells, found, k, nz, h + dh + (_W_CELL + _W_FREE) * k))
        if ne and (crowned or not self.classes):  # kings from cells (over F6's classes, none unless crowned)
            d = tops.index(-1)
            f = self.features
            for k in range(len(cells)):
                c = cells[k]
                if c % 13 == 12:
                    ncols = cols[:]
                    ncols[d] = CARD[c]
                    ncells = cells[:k] + cells[k + 1:]
                    nz = z ^ f[c * UNDER + IN_CELL] ^ f[c * UNDER + BOTTOM]
                    if found[c // 13] == 12 or CARD[c - 1] in cells:
                        ntops = tops[:]
                        ntops[d] = c
                        kid = settled(1 | (d + 2) << 4 | 1 << 8 | c << 13, ncols, ncells, found, 1, nz,
                                      h - _W_CELL - _W_FREE + _W_RUN + _W_EMPTY, d, ntops, seen)
                        if kid is not None:
                            out.append(kid)
                    elif nz not in seen or not _repeat(seen[nz], ncols, ncells):
                        out.append((1 | (d + 2) << 4 | 1 << 8 | c << 13, ncols, ncells, found, 1, nz,
                                    h - _W_CELL - _W_FREE + _W_RUN + _W_EMPTY))
        if classes:
            if free_runs and beyond:
                self._beyond(cols, cells, found, free, ne, tops, infos, free_runs, beyond, seen, out)
        elif crowned:
            out = self._forms(out, seen)
        return out

    def _sort_cells(self, cells):
        """Cells as sorted bytes, memoised (``sorted_cells``): on MicroPython's
        web build ``bytes(sorted(cells))`` walks the cards twice through the
        runtime's generic iteration, some forty calls into it against one for a
        lookup."""
        done = bytes(sorted(cells))
        self.sorted_cells[cells] = done
        return done

    def _beyond(self, cols, cells, found, free, ne, tops, infos, free_runs, beyond, seen, out):
        """F6: the children of a node's class that its own group size forbids,
        appended to ``out``. The class holds the node with any of its free runs
        (``free_runs``: bits by column, those that fit in the free cells)
        moved into cells; each run of l cards turns l free cells into one more
        empty column. ``beyond`` (bits by column): the columns whose run is too
        long to move onto its parent or, king-led, into an empty column. Rare
        enough to be worked out from scratch, but most nodes that call it have
        no member whose group size is larger than their own (one free cell,
        or runs as long as the cells they would free): those return early."""
        if free == 1 and ne:  # its free runs are kings alone: a member's group size is the node's
            return
        runs = []
        while free_runs:
            low = free_runs & -free_runs
            free_runs ^= low
            runs.append(_COLUMN_OF[low])
        if len(runs) == 1:
            members = [(infos[runs[0]][0], 1, runs)]  # (cells used, empty columns gained, columns emptied)
        else:
            members = []
            for bits in range(1, 1 << len(runs)):
                used = 0
                gone = []
                for r in range(len(runs)):
                    if bits >> r & 1:
                        used += infos[runs[r]][0]
                        gone.append(runs[r])
                if used <= free:
                    members.append((used, len(gone), gone))
        # The members whose group size is larger than the node's own: onto a
        # parent, or into an empty column when there is one, only they can
        # move a run the node cannot.
        larger = [m for m in members if (free - m[0] + 1) << m[1] > free + 1]
        if not larger and ne:
            return
        while beyond:
            low = beyond & -beyond
            beyond ^= low
            i = _COLUMN_OF[low]
            info = infos[i]
            k = info[0]
            if not info[13]:  # onto its parent: a member whose group size allows it, the parent still there
                j = tops.index(info[1] + 1)
                for used, n, gone in larger:
                    if k <= (free - used + 1) << (ne + n) and not gone.count(j):
                        ncols = list(cols)
                        ncols[i] = info[3]
                        ncols[j] = cols[j] + info[4]
                        self._extra(info[11] | (j + 2) << 4 | i + 2, ncols, cells, found, i, seen, out)
                        break
            elif ne:  # into an empty column: the form is the run moved there
                for used, n, _ in larger:
                    if k <= (free - used + 1) << (ne + n - 1):
                        d = tops.index(-1)
                        ncols = list(cols)
                        ncols[i] = info[3]
                        ncols[d] = info[4]
                        self._extra(info[11] | (d + 2) << 4 | i + 2, ncols, cells, found, i, seen, out)
                        break
            else:  # into a column a member emptied: that position, for each member that allows it
                for used, n, gone in members:
                    if k <= (free - used + 1) << (n - 1):
                        ncols = list(cols)
                        ncells = cells
                        for g in gone:
                            ncells += ncols[g]
                            ncols[g] = b""
                        ncols[i] = info[3]
                        ncols[gone[0]] = info[4]
                        self._extra(info[11] | (gone[0] + 2) << 4 | i + 2, ncols, bytes(sorted(ncells)), found, i,
                                    seen, out)

    def _extra(self, macro, ncols, cells, found, check, seen, out):
        """Settle one of ``_beyond``'s children (column ``check`` changed) and
        append it to ``out`` in its form, unless ``seen`` holds it."""
        ncells = list(cells)
        nfound = list(found)
        settle(ncols, ncells, nfound, [check], [])
        form = kings_in_columns(ncols, ncells, nfound)
        if form is not None:
            ncols, ncells, nfound = form
        ncells = bytes(ncells)
        z = position_hash(ncols, ncells)
        if z in seen and _repeat(seen[z], ncols, ncells):
            return
        nfound = tuple(nfound)
        out.append((macro, ncols, ncells, nfound, 1, z, self.score(ncols, ncells, nfound)))

    def _forms(self, kids, seen):
        """F6: the children of a node with kings in cells, each in its form: a
        move may empty a column (or send a cell king home), and then the cell
        kings go down into the empty columns, the cards of their runs after
        them (``state.kings_in_columns``, here with the hash and the heuristic
        changed as it goes; no card can go home on the way, the child being
        settled)."""
        out = []
        colinfo = self.colinfo.get
        info_of = self._info
        f = self.features
        for kid in kids:
            ncols = kid[1]
            ncells = kid[2]
            if not ncols.count(b""):
                out.append(kid)
                continue
            kings = [c for c in ncells if c % 13 == 12]
            if not kings or len(kings) > ncols.count(b""):
                out.append(kid)
                continue
            z = kid[5]
            h = kid[6]
            for c in kings:
                d = ncols.index(b"")
                col = CARD[c]
                ncells = ncells.replace(col, b"")
                z ^= f[c * UNDER + IN_CELL] ^ f[c * UNDER + BOTTOM]
                h += _W_RUN + _W_EMPTY - _W_CELL - _W_FREE
                while c % 13 and CARD[c - 1] in ncells:  # F3: its run follows it
                    cost = (colinfo(col) or info_of(col))[2]
                    ncells = ncells.replace(CARD[c - 1], b"")
                    z ^= f[(c - 1) * UNDER + IN_CELL] ^ f[(c - 1) * UNDER + c]
                    col += CARD[c - 1]
                    h += (colinfo(col) or info_of(col))[2] - cost - _W_CELL - _W_FREE
                    c -= 1
                ncols[d] = col
            if z not in seen or not _repeat(seen[z], ncols, ncells):
                out.append((kid[0], ncols, ncells, kid[3], kid[4], z, h))
        return out

    def _settled(self, macro, ncols, ncells, found, cost, z, h, i, tops, seen):
        """A child with the safe moves its column ``i`` now allows played;
        None if ``seen`` holds it already.

        The safe moves of ``state.settle``, played here with the columns' memo
        (``_info``): each card that leaves a column's top takes one lookup,
        which also gives the hash and heuristic change. ``ncols`` and ``tops``
        (the top card of each column, -1: none) are the child's and are
        changed in place; ``h`` is the child's heuristic before the safe moves.
        The moves and their order are ``state.settle``'s (a card sent home
        whose successor tops another column: that column first, then this
        one), written for MicroPython: a column is followed while it has a
        safe move, with no list of columns to do until a second one is
        waiting; a column's tuple is looked up once for each card it gains;
        the foundations are copied only once a card goes home.
        """
        colinfo = self.colinfo.get
        nfound = found
        placed = 0
        todo = None
        col = ncols[i]
        info = None
        while True:
            if info is None:
                if col:
                    info = colinfo(col) or self._info(col)
                elif not todo:
                    break
                else:
                    i = todo.pop()
                    col = ncols[i]
                    continue
            c, s, r, below, below_top, z_off, dh_off = info[12]
            if nfound[s] == r:  # the top card goes home (F1)
                if nfound is found:
                    nfound = list(found)
                col = below
                ncols[i] = col
                tops[i] = below_top
                z ^= z_off
                h += dh_off - _W_HOME
                info = None
                r += 1
                c += 1
                while r < 13 and CARD[c] in ncells:
                    ncells = ncells.replace(CARD[c], b"")
                    z ^= self.features[c * UNDER + IN_CELL]
                    h -= _W_CELL + _W_FREE + _W_HOME
                    r += 1
                    c += 1
                nfound[s] = r
                if r < 13 and tops.count(c):  # the column whose top goes home next first, then this one
                    if todo is None:
                        todo = [i]
                    else:
                        todo.append(i)
                    i = tops.index(c)
                    col = ncols[i]
            elif r and CARD[c - 1] in ncells:  # a cell card goes back onto it (F3)
                c -= 1
                ncells = ncells.replace(CARD[c], b"")
                f = self.features
                z ^= f[c * UNDER + IN_CELL] ^ f[c * UNDER + c + 1]
                col += CARD[c]
                ncols[i] = col
                tops[i] = c
                cost_before = info[2]
                info = colinfo(col) or self._info(col)
                h += info[2] - cost_before - _W_CELL - _W_FREE
                placed += 1
            elif not todo:
                break
            else:
                i = todo.pop()
                col = ncols[i]
                info = None
        if z in seen and _repeat(seen[z], ncols, ncells):
            return None
        return (macro, ncols, ncells, found if nfound is found else tuple(nfound), cost + placed, z, h)

    def moves_of(self, cols, cells, found, macro):
        """The moves a macro plays from a position, safe moves included."""
        src, dst, n, card = unpack(macro)
        ncols = list(cols)
        ncells = list(cells)
        if src == CELL:
            moves = [(src, dst, n, card)]
            ncells.remove(card)
            ncols[dst] = CARD[card]
            check = dst
        else:
            col = cols[src]
            ncols[src] = col[:-n]
            check = src
            if dst == CELL:
                moves = [(src, CELL, 1, col[k]) for k in range(len(col) - 1, len(col) - n - 1, -1)]
                ncells.extend(col[-n:])
            else:
                moves = [(src, dst, n, card)]
                ncols[dst] = cols[dst] + col[-n:]
        settle(ncols, ncells, list(found), [check], moves)
        return moves

    def score(self, cols, cells, found):
        colinfo = self.colinfo.get
        h = (_W_CELL + _W_FREE) * len(cells) - _W_HOME * (found[0] + found[1] + found[2] + found[3])
        for col in cols:
            if col:
                h += (colinfo(col) or self._info(col))[2]
            else:
                h -= _W_EMPTY
        return h

    def _check_budget(self, nodes):
        self.nodes = nodes
        if len(self.colinfo) > self._colinfo_room:
            self.colinfo, self._colinfo_room = roomy(self.colinfo)
        if len(self.sorted_cells) > self._sorted_cells_room:
            self.sorted_cells, self._sorted_cells_room = roomy(self.sorted_cells)
        if self.deadline is not None and now() > self.deadline:
            raise OutOfBudget()
        if self.should_stop is not None and self.should_stop():
            raise OutOfBudget()

    def run(self, cols, cells, found, known=None):
        """A list of (moves, state) from the start to a win, or None when none exists
        (``searching``, run to its end)."""
        for _ in self.searching(cols, cells, found, known):
            pass
        return self.path

    def searching(self, cols, cells, found, known=None):
        """The search as a generator that yields every 128 positions, so that a
        caller (the par of a deal found in a web worker's idle time) can do it
        in slices; once it ends, ``self.path`` is a list of (moves, state) from
        the start to a win, or None when none exists.

        ``known`` (optional, a Verdicts) holds positions known winnable or not:
        a search reaching a winnable one stops there (the path ends on it), and
        one known lost is never entered. ``self.seen`` and ``self.others`` keep
        every position the search generated (all of them expanded, or known
        lost, when it returns None): nodes (parent node, macro, cols, cells, found).
        """
        self.path = []
        if found == WON:
            return
        cols = list(cols)
        z = position_hash(cols, cells)
        root = (None, None, cols, cells, found, self.score(cols, cells, found))
        seen, room = roomy()
        seen[z] = root
        self.seen = seen
        others = self.others = {}
        reference = self.reference
        heap = [(0, 0, canonical_key(cols, cells) if reference else z, 0, root, z)]
        nodes = 0
        order = 0
        weigh_h, weigh_g = (2, 1) if reference else (_ORDER_H, _ORDER_G)
        children = self.children
        push = heapq.heappush
        pop = heapq.heappop
        max_nodes = self.max_nodes
        won = WON
        known_hashes = {} if known is None else known.hashes()
        while heap:
            _, g, _, _, node, z = pop(heap)
            if nodes == max_nodes:
                self.nodes = nodes
                raise OutOfBudget()
            nodes += 1
            if nodes & 127 == 0:
                self._check_budget(nodes)
                if len(seen) > room:
                    seen, room = roomy(seen)
                    self.seen = seen
                yield
            for macro, ncols, ncells, nfound, cost, nz, nh in children(node[2], node[3], node[4], z, node[5], seen):
                if nz in seen:  # children leaves out what seen held before: a child met twice, or another position
                    other = seen[nz]
                    if _repeat(other, ncols, ncells):
                        continue
                    key = canonical_key(ncols, ncells)  # another position with the same hash
                    if key in others:
                        continue
                else:
                    other = None
                verdict = None
                if nz in known_hashes:  # a method call only for a likely hit, none when it is the same position
                    entry = known_hashes[nz]
                    if entry[1] == ncells and entry[0] == ncols:
                        verdict = entry[2]
                    else:
                        verdict = known.get(ncols, ncells, nz)
                    if verdict is False:
                        continue
                child = (node, macro, ncols, ncells, nfound, nh)
                if other is None:
                    seen[nz] = child
                else:
                    others[key] = child
                if nfound == won or verdict:
                    self.nodes = nodes
                    self.path = self.trace(child)
                    return
                ng = g + cost
                order += 1
                push(heap, (weigh_h * nh + weigh_g * ng, ng,
                            canonical_key(ncols, ncells) if reference else nz, order, child, nz))
        self.nodes = nodes
        self.path = None

    def decide(self, cols, cells, found, known):
        """Whether a settled position can be won, sharing the table ``known`` (a Verdicts).

        Adds what it proves to ``known``: the positions on a winning path are
        winnable; after a complete failed search, every position it generated
        is not (each was expanded, and the facts above keep the search complete
        from any position). Raises OutOfBudget, adding nothing.
        """
        if self.classes:
            form = kings_in_columns(cols, cells, found)
            if form is not None:
                cols, cells, found = form
        verdict = known.get(cols, cells)
        if verdict is not None:
            return verdict
        path = self.run(cols, cells, found, known)
        if path is None:
            known.put_lost(self.seen)
            for node in self.others.values():
                known.put(node[2], node[3], False)
            return False
        known.put(cols, cells, True)
        for _, (pcols, pcells, _) in path:
            known.put(pcols, pcells, True)
        return True

    def improve(self, cols, cells, found, bound):
        """Branch and bound for a line with fewer than ``bound`` non-foundation moves.

        Anytime: returns the best line found when the space or the budget is
        exhausted, or None if it found none better (``improving`` run to its end).
        """
        for _ in self.improving(cols, cells, found, bound):
            pass
        return self.path

    def improving(self, cols, cells, found, bound):
        """``improve`` as a generator that yields every 128 positions; once it
        ends, ``self.path`` is the best line found, or None."""
        cols = list(cols)
        z = position_hash(cols, cells)
        root = (None, None, cols, cells, found, self.score(cols, cells, found))
        best_g, room = roomy()
        best_g[z] = [0, root]  # hash -> [fewest moves to a position, its node]
        others = {}  # canonical key -> the same, for a hash another position holds
        heap = [(0, 0, b"", root, z)]
        best = None
        nodes = 0
        children = self.children
        push = heapq.heappush
        pop = heapq.heappop
        try:
            while heap:
                _, g, _, node, z = pop(heap)
                entry = best_g[z]
                if entry[1] is not node and not same(node[2], node[3], entry[1][2], entry[1][3]):
                    entry = others[canonical_key(node[2], node[3])]
                if g >= bound or g > entry[0]:
                    continue
                if nodes == self.max_nodes:
                    break
                nodes += 1
                if nodes & 127 == 0:
                    self._check_budget(nodes)
                    if len(best_g) > room:
                        best_g, room = roomy(best_g)
                    yield
                for macro, ncols, ncells, nfound, cost, nz, nh in children(node[2], node[3], node[4], z, node[5]):
                    ng = g + cost
                    if ng >= bound:
                        continue
                    entry = best_g.get(nz)
                    if entry is not None and not same(ncols, ncells, entry[1][2], entry[1][3]):
                        entry = others.setdefault(canonical_key(ncols, ncells), [bound, None])
                    if entry is not None and ng >= entry[0]:
                        continue
                    child = (node, macro, ncols, ncells, nfound, nh)
                    if entry is None:
                        best_g[nz] = [ng, child]
                    else:
                        entry[0] = ng
                        entry[1] = child
                    if nfound == WON:
                        best = child
                        bound = ng
                    else:
                        push(heap, (nh + _W_MOVES_IMPROVE * ng, ng, canonical_key(ncols, ncells), child, nz))
        except OutOfBudget:
            pass
        self.nodes = nodes
        self.path = None if best is None else self.trace(best)

    def trace(self, node):
        """Follow parent links back to the start: a list of (moves, state);
        moves None over F6's classes, where a step is not always one macro move."""
        path = []
        while node[0] is not None:
            parent = node[0]
            moves = None if self.classes else self.moves_of(parent[2], parent[3], parent[4], node[1])
            path.append((moves, (node[2], node[3], node[4])))
            node = parent
        path.reverse()
        return path
