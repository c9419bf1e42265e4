"""The rules of design §1: which moves are legal, the group-size formula, scoring.

A move is a tuple ``(src, dst, n)`` of place indices and a card count; its text
form is ``t4-t9x3`` (design §5). Every move a player makes, and every line the
solver hands out, is checked here. The solver searches with a faster second
implementation of its own (``seahaven.solver.state``), on purpose, and
replays each line it finds through ``Game.play`` before showing it.
"""

from .cards import KING, SUITS, card_text, rank, suit
from .errors import BadMove, IllegalMove
from .move import move_text as _move_text
from .move import parse_places
from .position import CELL0, COLUMNS, FOUND0, place_name

SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


# -- notation (seahaven.move) ----------------------------------------------

def move_text(move):
    """``(3, 8, 3)`` → ``"t4-t9x3"``."""
    return _move_text(move[0], move[1], move[2])


def parse_move(text):
    """``"t4-t9x3"`` → ``(3, 8, 3)``; BadMove for anything else."""
    return parse_places(text)


# -- the group formula --------------------------------------------------

def max_group(free_cells, empty_columns, to_empty_column=False):
    """(free cells + 1) × 2^(empty columns), not counting an empty destination."""
    if to_empty_column:
        empty_columns -= 1
    return (free_cells + 1) << max(empty_columns, 0)


def run_length(col):
    """How many cards at the top of a column form a same-suit descending run."""
    n = len(col)
    if n == 0:
        return 0
    k = 1
    while k < n and col[n - k - 1] == col[n - k] + 1 and rank(col[n - k]) < KING:
        k += 1
    return k


# -- single-place helpers -------------------------------------------------

def top_card(pos, place):
    """The card a move from ``place`` would take first (None when empty)."""
    if place < CELL0:
        col = pos.cols[place]
        return col[-1] if col else None
    if place < FOUND0:
        return pos.cells[place - CELL0]
    s = place - FOUND0
    return s * 13 + pos.found[s] - 1 if pos.found[s] else None


def exists(pos, place):
    return place < CELL0 or place >= FOUND0 or place - CELL0 < len(pos.cells)


def lift(pos, place):
    """How many cards at the top of ``place`` can be picked up as one unit: a
    column's same-suit run, one card from a cell or a foundation, 0 for none."""
    if not exists(pos, place) or top_card(pos, place) is None:
        return 0
    return run_length(pos.cols[place]) if place < CELL0 else 1


HOME_POINTS = 10  # a card onto its foundation; taken back when it leaves
CELL_POINTS = 5  # a card from a cell onto a column, once per card
MOST_POINTS = max(HOME_POINTS, CELL_POINTS)  # the most one move scores (``points``)


def points(pos, move, rewarded=()):
    """design §4: what ``move`` scores from ``pos``. A card's foundation points
    are earned once: +10 onto a foundation, −10 off it. A card brought from a
    cell onto a column earns +5 the first time only (``rewarded``: the cards
    that have had theirs). Anything else, 0."""
    src, dst, n = move
    if dst >= FOUND0:
        return HOME_POINTS
    if src >= FOUND0:
        return -HOME_POINTS
    if src >= CELL0 and dst < CELL0 and pos.cells[src - CELL0] not in rewarded:
        return CELL_POINTS
    return 0


# -- legality -------------------------------------------------------------

def _refuse(message, key, **params):
    raise IllegalMove(message, key, params)


def check(pos, move):
    """Raise IllegalMove naming the broken rule, or return None if ``move`` is legal.

    Messages are built only when a move is refused: a legal move costs a few
    comparisons (loading a long save checks every move).
    """
    src, dst, n = move
    if n < 1:
        text = move_text(move)
        raise BadMove("%sx%d: a move takes at least one card" % (text, n), "move-notation", {"move": text + "x%d" % n})
    missing = CELL0 + len(pos.cells)  # the first cell this game lacks (as exists() says, inlined)
    if missing <= src < FOUND0 or missing <= dst < FOUND0:
        text = move_text(move)
        place = src if missing <= src < FOUND0 else dst
        _refuse(
            "%s: there is no %s in a game with %d cells" % (text, place_name(place), len(pos.cells)),
            "no-such-place", move=text, place=place_name(place), cells=len(pos.cells),
        )
    if src == dst:
        text = move_text(move)
        _refuse("%s: a card must move to another place" % text, "same-place", move=text)
    if src < CELL0:
        col = pos.cols[src]
        if not col:
            text = move_text(move)
            _refuse("%s: column %d is empty" % (text, src + 1), "empty-source", move=text, place=place_name(src))
        if n > len(col):
            text = move_text(move)
            _refuse(
                "%s: column %d holds only %d cards" % (text, src + 1, len(col)),
                "not-a-run", move=text, n=n, run=len(col), place=place_name(src),
            )
        card = col[-n]
        if n > 1:
            run = run_length(col)
            if n > run:
                text = move_text(move)
                _refuse(
                    "%s: the top %d cards of column %d are not a run of one suit in order" % (text, n, src + 1),
                    "not-a-run", move=text, n=n, run=run, place=place_name(src),
                )
    else:
        card = pos.cells[src - CELL0] if src < FOUND0 else top_card(pos, src)
        if card is None:
            text = move_text(move)
            what = "cell %d" % (src - CELL0 + 1) if src < FOUND0 else "the %s foundation" % SUIT_NAMES[src - FOUND0]
            _refuse("%s: %s is empty" % (text, what), "empty-source", move=text, place=place_name(src))
        if n > 1:
            text = move_text(move)
            _refuse(
                "%s: only one card at a time can leave a cell or a foundation" % text,
                "one-card-only", move=text, n=n,
            )

    if dst >= FOUND0:
        s = dst - FOUND0
        if n == 1 and src < FOUND0 and card // 13 == s and card % 13 == pos.found[s]:
            return None
        _refuse_home(pos, move, card)
    if dst >= CELL0:
        if n == 1 and pos.cells[dst - CELL0] is None:
            return None
        text = move_text(move)
        if n > 1:
            _refuse("%s: a cell holds one card, not a group of %d" % (text, n), "group-to-cell", move=text, n=n)
        _refuse(
            "%s: cell %d already holds %s" % (text, dst - CELL0 + 1, card_text(pos.cells[dst - CELL0])),
            "cell-full", move=text, place=place_name(dst),
        )

    target = pos.cols[dst]
    if target:
        top = target[-1]
        if top != card + 1 or card % 13 == KING - 1:
            text = move_text(move)
            _refuse(
                "%s: %s cannot go on %s; a column takes only the next lower card of the same suit"
                % (text, card_text(card), card_text(top)),
                "column-order", move=text, card=card_text(card), target=card_text(top),
            )
    elif card % 13 != KING - 1:
        text = move_text(move)
        _refuse(
            "%s: only a king, alone or leading its run, may go to an empty column, not %s" % (text, card_text(card)),
            "empty-needs-king", move=text, card=card_text(card),
        )
    if n > 1:
        free, empty = pos.free_cells(), pos.empty_columns()
        limit = max_group(free, empty, not target)
        if n > limit:
            text = move_text(move)
            spare = empty - (0 if target else 1)  # the empty columns that count: not the one it goes to
            _refuse(
                "%s: only %d cards can move now, not %d (%d free cells, %d empty columns to spare)"
                % (text, limit, n, free, spare),
                "group-too-big", move=text, n=n, limit=limit, free=free, empty=spare,
            )
    return None


def _refuse_home(pos, move, card):
    """Say why ``card`` may not go to the foundation ``move`` names."""
    src, dst, n = move
    text = move_text(move)
    name = card_text(card)
    s = dst - FOUND0
    if n > 1:
        _refuse(
            "%s: groups never go to a foundation, one card at a time" % text,
            "group-to-foundation", move=text, n=n,
        )
    if src >= FOUND0:
        _refuse("%s: a card cannot go from one foundation to another" % text, "foundation-to-foundation", move=text)
    if suit(card) != s:
        _refuse(
            "%s: %s belongs on the %s foundation, not the %s one"
            % (text, name, SUIT_NAMES[suit(card)], SUIT_NAMES[s]),
            "foundation-suit", move=text, card=name, suit=SUITS[suit(card)], target=SUITS[s],
        )
    need = card_text(s * 13 + pos.found[s]) if pos.found[s] < 13 else ""
    _refuse(
        "%s: the %s foundation takes %s next, not %s" % (text, SUIT_NAMES[s], need or "nothing more", name),
        "foundation-order", move=text, card=name, need=need, suit=SUITS[s],
    )


def is_legal(pos, move):
    try:
        check(pos, move)
    except IllegalMove:
        return False
    return True


# -- move generation ------------------------------------------------------

def legal_moves(pos):
    """Every legal move as ``(src, dst, n)`` tuples.

    Only whole runs can move as groups: below a partial run lies the next
    higher card of its suit, so no other column can accept the partial run's
    head, and its head cannot be a king.
    """
    cols, cells, found = pos.cols, pos.cells, pos.found
    free = 0
    free_slots = []
    for j in range(len(cells)):
        if cells[j] is None:
            free += 1
            free_slots.append(CELL0 + j)
    empties = [i for i in range(COLUMNS) if not cols[i]]
    tops = {}
    for i in range(COLUMNS):
        if cols[i]:
            tops[cols[i][-1]] = i
    out = []

    def single(card, src):
        s = card // 13
        r = card % 13 + 1
        if src < FOUND0 and found[s] == r - 1:
            out.append((src, FOUND0 + s, 1))
        if r < KING:
            dst = tops.get(card + 1)
            if dst is not None:
                out.append((src, dst, 1))
        else:
            for dst in empties:
                out.append((src, dst, 1))
        for dst in free_slots:
            if dst != src:
                out.append((src, dst, 1))

    for i in range(COLUMNS):
        col = cols[i]
        if not col:
            continue
        single(col[-1], i)
        run = run_length(col)
        if run > 1:
            head = col[-run]
            if rank(head) == KING:
                if empties and run <= max_group(free, len(empties), True):
                    for dst in empties:
                        out.append((i, dst, run))
            elif run <= max_group(free, len(empties)):
                dst = tops.get(head + 1)
                if dst is not None:
                    out.append((i, dst, run))
    for j in range(len(cells)):
        if cells[j] is not None:
            single(cells[j], CELL0 + j)
    for s in range(4):
        if found[s]:
            single(s * 13 + found[s] - 1, FOUND0 + s)
    return out


# -- going home: finishing and autoplay ------------------------------------

def home_run(pos, keep=None):
    """The foundation moves that can follow one another from ``pos``: every
    card that can go home, then every card that uncovers, and so on, lowest
    rank first (a finish that looks like dealing the foundations out). ``keep``
    is a card that stays where it is. Sending a card home never stops another
    from going home, so the order does not change which cards get there.
    """
    found = pos.found[:]
    cols = [len(c) for c in pos.cols]  # how many cards of each column are left
    cells = pos.cells[:]
    moves = []
    while True:
        best = None
        for i in range(COLUMNS):
            if cols[i]:
                card = pos.cols[i][cols[i] - 1]
                if card % 13 == found[card // 13] and card != keep and (best is None or card % 13 < best[0] % 13):
                    best = (card, i)
        for j in range(len(cells)):
            card = cells[j]
            if card is not None and card % 13 == found[card // 13] and card != keep:
                if best is None or card % 13 < best[0] % 13:
                    best = (card, CELL0 + j)
        if best is None:
            return moves
        card, place = best
        if place < CELL0:
            cols[place] -= 1
        else:
            cells[place - CELL0] = None
        found[card // 13] += 1
        moves.append((place, FOUND0 + card // 13, 1))


def finish(pos):
    """The foundation moves that win from ``pos``, when foundation moves alone
    win; else None (an empty list for a game already won)."""
    moves = home_run(pos)
    return moves if len(moves) == 52 - sum(pos.found) else None


# -- applying -------------------------------------------------------------

def take(pos, place, n):
    """Remove and return the top ``n`` cards of a place (no checks)."""
    if place < CELL0:
        col = pos.cols[place]
        cards = col[len(col) - n:]
        del col[len(col) - n:]
        return cards
    if place < FOUND0:
        card = pos.cells[place - CELL0]
        pos.cells[place - CELL0] = None
        return [card]
    s = place - FOUND0
    pos.found[s] -= 1
    return [s * 13 + pos.found[s]]


def put(pos, place, cards):
    """Place cards on a place (no checks)."""
    if place < CELL0:
        pos.cols[place].extend(cards)
    elif place < FOUND0:
        pos.cells[place - CELL0] = cards[0]
    else:
        pos.found[place - FOUND0] += 1


def apply(pos, move):
    """Carry out a move known to be legal (or its reverse, when undoing)."""
    src, dst, n = move
    put(pos, dst, take(pos, src, n))
