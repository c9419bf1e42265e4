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


def canonical_key(cols, cells):
    return b"\xff".join(sorted(cols)) + b"\xfe" + cells


def settle(cols, cells, found, todo, moves):
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
            cols[i] = col + bytes((c - 1,))
            moves.append((CELL, i, 1, c - 1))
            todo.append(i)


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

