"""The solver's own fast form of a position, and the safe moves it plays at once.

This is a second implementation of the rules, on purpose: the search visits
thousands of positions, and ``rules.py`` (lists, tuples, refusals with
messages) is too slow for that. It is kept honest by ``lines.verified``,
which replays every line the solver hands out through ``Game.play`` (the one
implementation the player's moves go through) before anyone sees it.

cols: 10 bytes objects, bottom card first (in a tuple or a list, never
changed once built); cells: the cards in cells as sorted bytes; found: a
tuple of the 4 foundation heights. Column i is the real column i. A card is
``suit * 13 + rank - 1`` as in ``seahaven.cards``.

Hashing a position
------------------
MicroPython hashes ``bytes`` to 16 bits and grows a dict only once it is
full, probing linearly: a table of tens of thousands of byte-string keys
gets slower with every position added (about 0.6 ms a lookup at 60 000 keys
in the page's build, against 10 µs for small integers). So positions are
found by a 30-bit Zobrist hash, a small integer on every runtime: one random
number per card and what lies under it (another card, the bottom of a
column, or nothing: a cell), all XORed. The cards lying on each card and at
the bottom of each column fix the columns up to their order, so two
positions with the same canonical key have the same hash, and a move changes
only the numbers of the cards it moves. A hash says where to look, never
that two positions are the same: that takes comparing them (``same``).
"""

from ..position import COLUMNS

KING = 12  # card % 13 of a king
PARENT = [c + 1 if c % 13 != KING else -1 for c in range(52)]  # the card it may lie on
SUIT = [c // 13 for c in range(52)]
RANK = [c % 13 for c in range(52)]  # 0 = ace … 12 = king

# Places in an internal move (src, dst, n, card): a column 0-9, CELL or HOME.
CELL = -1
HOME = -2
WON = (13, 13, 13, 13)

# What may lie under a card, for its hash: another card (0-51), the bottom of
# a column, or nothing (the card is in a cell). A card's number is
# ``FEATURES[card * UNDER + under]``.
BOTTOM = 52
IN_CELL = 53
UNDER = 54
FEATURES = []
CARD = [bytes((c,)) for c in range(52)]  # a card alone, as a column


def features():
    """The random numbers of the hash, made on first use (a few milliseconds
    on MicroPython) and the same on every runtime: two small multiplicative
    generators side by side, so that no step leaves the small integers."""
    if not FEATURES:
        a, b = 12345, 6789
        for _ in range(52 * UNDER):
            a = a * 16807 % 32749
            b = b * 20021 % 32719
            FEATURES.append(a << 15 ^ b)
    return FEATURES


def position_hash(cols, cells):
    """The hash of a position, from scratch (a search updates it move by move)."""
    f = features()
    z = 0
    for col in cols:
        under = BOTTOM
        for c in col:
            z ^= f[c * UNDER + under]
            under = c
    for c in cells:
        z ^= f[c * UNDER + IN_CELL]
    return z


def same(cols, cells, other_cols, other_cells):
    """Whether two positions are one and the same (column order aside).

    The columns are compared sorted, a copy of each sorted in place: on
    MicroPython's web build ``sorted`` and ``list`` walk a list through the
    runtime's generic iteration (some fifty calls into the runtime for ten
    columns), a slice copies it in one."""
    if cells != other_cells:
        return False
    if cols == other_cols:
        return True
    mine = cols[:] if type(cols) is list else list(cols)
    mine.sort()
    other = other_cols[:] if type(other_cols) is list else list(other_cols)
    other.sort()
    return mine == other


def canonical_key(cols, cells):
    return b"\xff".join(sorted(cols)) + b"\xfe" + cells


def settle(cols, cells, found, todo, moves):
    """Play the safe moves (F1, F3) that the changed columns in ``todo`` allow,
    appending them to ``moves``: the moves of a line, written out. (The search
    plays the same moves with its columns' memo: ``Search._settled``.)

    ``cols``, ``cells`` (a list) and ``found`` are lists changed in place. The
    rest of the position must already be settled.
    """
    while todo:
        i = todo.pop()
        col = cols[i]
        if not col:
            continue
        c = col[-1]
        s = SUIT[c]
        r = RANK[c]
        if found[s] == r:
            cols[i] = col[:-1]
            moves.append((i, HOME, 1, c))
            todo.append(i)
            r += 1
            c += 1
            while r < 13 and c in cells:
                cells.remove(c)
                moves.append((CELL, HOME, 1, c))
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
            cols[i] = col + CARD[c - 1]
            moves.append((CELL, i, 1, c - 1))
            todo.append(i)


def kings_in_columns(cols, cells, found):
    """A settled position's form in a search over F6's classes
    (``seahaven.solver.search``), or None when it is its own form: when it
    has kings in cells and at least as many empty columns, each of those kings
    goes to an empty column, and the cards of its run follow it from the cells
    (F3). Returns (cols as a list, cells, found)."""
    kings = [c for c in cells if RANK[c] == KING]
    if not kings:
        return None
    empty = [i for i in range(COLUMNS) if not cols[i]]
    if len(kings) > len(empty):
        return None
    cols = list(cols)
    cells = list(cells)
    found = list(found)
    for c, d in zip(kings, empty):
        cells.remove(c)
        cols[d] = CARD[c]
        settle(cols, cells, found, [d], [])
    return cols, bytes(cells), tuple(found)


def from_position(pos):
    """The settled internal form of a Position, and the safe moves that led there."""
    cols = [bytes(c) for c in pos.cols]
    cells = [c for c in pos.cells if c is not None]
    found = list(pos.found)
    moves = []
    while True:
        before = len(moves)
        for c in list(cells):
            s = SUIT[c]
            if found[s] == RANK[c] and c in cells:
                cells.remove(c)
                found[s] += 1
                moves.append((CELL, HOME, 1, c))
                nxt = c + 1
                while found[s] < 13 and nxt in cells:
                    cells.remove(nxt)
                    found[s] += 1
                    moves.append((CELL, HOME, 1, nxt))
                    nxt += 1
        settle(cols, cells, found, list(range(COLUMNS)), moves)
        if len(moves) == before:
            break
    cells.sort()
    return tuple(cols), bytes(cells), tuple(found), moves

