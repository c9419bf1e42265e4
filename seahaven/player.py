"""A simulated player, so that a deal's difficulty can be measured.

Winnable deals differ: some fall out, some need a long plan. The exact solver
wins them all, so its verdict says nothing about how hard a deal feels. This
player plays forward like a sensible person who looks two moves ahead:

1. every card that can go to its foundation goes there at once;
2. otherwise it considers each useful move — a run or a cell card onto its
   parent, a king-led run or a king into an empty column, or digging into a
   column (its top cards into free cells, one by one, until that pays off:
   a card goes home, a parent turns up, the column empties) — and judges it
   by the best position one more such move leads to, once the cards freed
   have gone home. A position is judged by the cards home; the free cells,
   the last one worth most; the empty columns, above all those a king is
   waiting for; the cards lying on a lower card of their suit; the cards
   above the next card each foundation needs. It takes the best move, at
   random among equally good ones (a weaker, quicker player judges each
   move by the position it leads to alone);
3. it never returns to a position it has seen in this game, and it loses
   when no move is left or after ``MAX_DECISIONS`` decisions.

The randomness comes from SplitMix64 (as deals do), seeded by the deal and
the game's index, so every game is the same on every Python (CPython and
MicroPython). A deal's difficulty is the share of ``PLAYS`` seeded
games the player loses (``loss_rate``); bench/grade.py measures how stable
that figure is.

A position is the columns (a tuple of 10 bytes objects, one card a byte,
bottom first), the cards in cells (sorted bytes) and the foundation heights
(a tuple); ``(cols, cells)`` is its key. Bytes slice, compare and hash
quickly on every Python.
"""

from . import deal

_COLUMNS = 10
_CELL = -1
_DIG = 0  # the ``n`` of a dig: as many cards as it takes
_KING = 12  # card % 13 of a king

# The player's judgement of a position (higher is better).
_W_HOME = 4  # per card home
_FREE_VALUE = (0, 5, 8, 10, 11)  # by free cells: the last free cell is worth the most
_W_EMPTY = 3  # per empty column a king is waiting for
_W_SPARE_EMPTY = 1  # per other empty column (longer groups may move)
_W_BLOCKED = 1  # per card lying on a lower card of its suit
_W_DEPTH = 1  # per card above the next card a foundation needs
_WON = 1000
_DEAD_END = -1000  # no move left
_CARD = [bytes((c,)) for c in range(52)]
_GAP = bytes((255,))

MAX_DECISIONS = 300  # a game that drags on longer counts as lost
PLAYS = 16  # seeded games per deal for its difficulty (bench/grade.py: stability)


def _home(cols, cells, found):
    """Send every card that can go to its foundation (lists changed in place); how many went."""
    tops = {}
    for i in range(_COLUMNS):
        col = cols[i]
        if col:
            tops[col[-1]] = i
    sent = 0
    s = 0
    misses = 0
    while misses < 4:  # a whole round of the suits with nothing sent home
        r = found[s]
        if r < 13:
            c = s * 13 + r
            i = tops.pop(c, None)
            if i is not None:
                col = cols[i][:-1]
                cols[i] = col
                if col:
                    tops[col[-1]] = i
            elif c in cells:
                cells.remove(c)
            else:
                c = -1
            if c >= 0:
                found[s] = r + 1
                sent += 1
                misses = 0
                continue
        misses += 1
        s = (s + 1) & 3
    return sent


def _run(col):
    """Length of the same-suit run at the top of a non-empty column."""
    n = len(col)
    k = 1
    while k < n and col[n - k - 1] == col[n - k] + 1 and col[n - k] % 13 != _KING:
        k += 1
    return k


def _moves(cols, cells, ncells, heads, cache):
    """Useful moves (src, dst, n, card); src and dst a column or _CELL.

    A whole run onto its parent; a king-led run that does not fill its
    column into an empty column; a cell card onto its parent or (a king)
    into an empty column; a dig (n = _DIG) into column src. The heads of
    the columns' top runs are added to the set ``heads``; ``cache`` is
    ``_column``'s.
    """
    tops = {}
    empties = []
    for i in range(_COLUMNS):
        if cols[i]:
            tops[cols[i][-1]] = i
        else:
            empties.append(i)
    free = ncells - len(cells)
    out = []
    for i in range(_COLUMNS):
        col = cols[i]
        if not col:
            continue
        info = cache.get(col)
        if info is None:
            info = cache[col] = _column(col)
        k = info[2]
        head = col[-k]
        heads.add(head)
        if head % 13 == _KING:
            if k < len(col) and empties and k <= (free + 1) << (len(empties) - 1):
                out.append((i, empties[0], k, head))
        else:
            j = tops.get(head + 1)
            if j is not None and k <= (free + 1) << len(empties):
                out.append((i, j, k, head))
        if free:
            out.append((i, _CELL, _DIG, col[-1]))
    for c in cells:
        if c % 13 == _KING:
            if empties:
                out.append((_CELL, empties[0], 1, c))
        else:
            j = tops.get(c + 1)
            if j is not None:
                out.append((_CELL, j, 1, c))
    return out


def _after(cols, cells, found, ncells, move, heads):
    """The position after a move of ``_moves`` and the cards it frees going home."""
    src, dst, n, card = move
    cols = list(cols)
    cells = list(cells)
    found = list(found)
    if n == _DIG:
        _dig(cols, cells, found, ncells, src, heads)
    else:
        if src == _CELL:
            cells.remove(card)
            moved = bytes((card,))
        else:
            col = cols[src]
            moved = col[len(col) - n:]
            cols[src] = col[:len(col) - n]
        if dst == _CELL:
            cells.append(card)
        else:
            cols[dst] = cols[dst] + moved
        # The position before was settled, so only a card the move uncovered can go home.
        if src != _CELL and cols[src]:
            top = cols[src][-1]
            if found[top // 13] == top % 13:
                _home(cols, cells, found)
    cells.sort()
    return tuple(cols), bytes(cells), tuple(found)


def _dig(cols, cells, found, ncells, i, heads):
    """Column ``i``'s top cards into cells until it pays off or the cells are full.

    It pays off when a card goes home, the column empties, or its new top
    card is the parent of a cell card or of a run's head (``heads``).
    """
    while cols[i] and len(cells) < ncells:
        col = cols[i]
        cells.append(col[-1])
        col = col[:-1]
        cols[i] = col
        if not col:
            return
        top = col[-1]
        if found[top // 13] == top % 13:
            _home(cols, cells, found)
            return
        if top % 13 and (top - 1 in cells or top - 1 in heads):
            return


def _column(col):
    """(what the column costs the player, kings in it that wait for an empty column,
    length of its top run): memoised per column in the game's ``cache``."""
    low = [99, 99, 99, 99]
    blocked = 0
    kings = 0
    for k in range(len(col)):
        c = col[k]
        s = c // 13
        if c > low[s]:
            blocked += 1
        else:
            low[s] = c
        if k and c % 13 == _KING:
            kings += 1
    return _W_BLOCKED * blocked, kings, _run(col)


def _value(cols, cells, found, ncells, cache):
    """The player's judgement of a position (higher is better)."""
    if found == (13, 13, 13, 13):
        return _WON
    v = _W_HOME * (found[0] + found[1] + found[2] + found[3]) + _FREE_VALUE[ncells - len(cells)]
    kings = 0  # kings waiting for an empty column
    for c in cells:
        if c % 13 == _KING:
            kings += 1
    empty = 0
    for col in cols:
        if col:
            cost = cache.get(col)
            if cost is None:
                cost = cache[col] = _column(col)
            v -= cost[0]
            kings += cost[1]
        else:
            empty += 1
    if empty > kings:
        v += _W_EMPTY * kings + _W_SPARE_EMPTY * (empty - kings)
    else:
        v += _W_EMPTY * empty
    table = _GAP.join(cols)  # one search per foundation instead of one per column
    for s in range(4):
        r = found[s]
        if r < 13:
            k = table.find(_CARD[s * 13 + r])
            if k >= 0:
                end = table.find(_GAP, k)
                v -= _W_DEPTH * ((len(table) if end < 0 else end) - k - 1)
    return v


def _options(cols, cells, found, ncells, seen, cache):
    """[(value, cols, cells, found, move)] of each move to a position not seen yet."""
    out = []
    heads = set()
    for move in _moves(cols, cells, ncells, heads, cache):
        ncols, ncells_, nfound = _after(cols, cells, found, ncells, move, heads)
        if (ncols, ncells_) not in seen:
            out.append((_value(ncols, ncells_, nfound, ncells, cache), ncols, ncells_, nfound, move))
    return out


def _judge(option, ncells, seen, cache):
    """The value of the best position one more move from ``option`` reaches."""
    value, cols, cells, found, _ = option
    if value == _WON:
        return value
    best = _DEAD_END
    for child in _options(cols, cells, found, ncells, seen, cache):
        if child[0] > best:
            best = child[0]
    return best


def start(number, cells):
    """The start position of a deal as the player sees it: (cols, cells, found), cards sent home."""
    columns, slots = deal.deal_layout(number, cells)
    cols = [bytes(c) for c in columns]
    held = [c for c in slots if c is not None]
    found = [0, 0, 0, 0]
    _home(cols, held, found)
    held.sort()
    return tuple(cols), bytes(held), tuple(found)


def play(number, cells, seed, lookahead=True, record=None):
    """One seeded game of deal ``number`` with ``cells`` cells: (won, decisions, cards home).

    Without ``lookahead`` the player judges each move by the position it
    leads to alone (a weaker, much quicker player). ``record``, a list, gets
    each decision as (position before, move chosen, position after), a
    position being (cols, cells, found) and a move (src, dst, n, card) with
    n = 0 for a dig, so that tests can replay the game through the engine.
    """
    cols, held, found = start(number, cells)
    state = seed
    seen = {(cols, held)}
    cache = {}
    decisions = 0
    while found != (13, 13, 13, 13):
        if decisions >= MAX_DECISIONS:
            break
        options = _options(cols, held, found, cells, seen, cache)
        if not options:
            break
        if lookahead:
            judged = [_judge(o, cells, seen, cache) for o in options]
        else:
            judged = [o[0] for o in options]
        best = max(judged)
        ties = [options[k] for k in range(len(options)) if judged[k] == best]
        state, out = deal.splitmix64(state)
        choice = ties[out % len(ties)]
        if record is not None:
            record.append(((cols, held, found), choice[4], choice[1:4]))
        _, cols, held, found, _ = choice
        seen.add((cols, held))
        decisions += 1
    home = found[0] + found[1] + found[2] + found[3]
    return home == 52, decisions, home


def play_seed(number, cells, index):
    """The seed of play ``index`` of a deal: the same everywhere, distinct per deal and cells."""
    _, out = deal.splitmix64((number * 8 + cells) * 4096 + index)
    return out


def loss_rate(number, cells, plays=PLAYS, first=0):
    """Share of the seeded games ``first`` … ``first + plays - 1`` the player loses."""
    lost = 0
    for index in range(first, first + plays):
        if not play(number, cells, play_seed(number, cells, index))[0]:
            lost += 1
    return lost / plays
