"""An independent reading of design §1 and §4, written from the text of the spec
and not from the engine, to check the engine against.

It works on the position *text* (design §5), so it shares no code or data
structure with ``seahaven``. Cards are ``(rank, suit)`` with rank 1-13 and
suit one of ``"SHDC"``; places are their names (design §5) (``t3``, ``c1``, ``f2``).
"""

RANKS = "A23456789TJQK"
SUITS = "SHDC"


class Board:
    """Columns (bottom first), cells (None when empty) and foundation heights."""

    def __init__(self, text):
        self.found = {}
        self.cells = None
        self.cols = []
        for line in text.splitlines():
            if line.startswith("Foundations:"):
                for item in line.split(":", 1)[1].split():
                    suit, height = item.split("-")
                    # design §5: "0" when empty, else the top card's rank letter (numbers read too).
                    self.found[suit] = int(height) if height.isdigit() else RANKS.index(height) + 1
            elif line.startswith("Freecells:"):
                self.cells = [None if t == "-" else _card(t) for t in line.split(":", 1)[1].split()]
            elif line.startswith(":"):
                self.cols.append([_card(t) for t in line[1:].split()])
        assert len(self.cols) == 10 and self.cells is not None and sorted(self.found) == sorted(SUITS)
        self.place_list = (
            ["t%d" % (i + 1) for i in range(10)]
            + ["c%d" % (i + 1) for i in range(len(self.cells))]
            + ["f%d" % (i + 1) for i in range(4)]
        )

    def pile(self, place):
        """The cards of a place, bottom first (a foundation: all its cards)."""
        kind, i = place[0], int(place[1:]) - 1
        if kind == "t":
            return self.cols[i]
        if kind == "c":
            return [] if self.cells[i] is None else [self.cells[i]]
        suit = SUITS[i]
        return [(r, suit) for r in range(1, self.found[suit] + 1)]

    def places(self):
        """Every place this game has."""
        return self.place_list

    def all_cards(self):
        out = []
        for p in self.places():
            out.extend(self.pile(p))
        return out


def _card(text):
    return (RANKS.index(text[0]) + 1, text[1])


def card_text(card):
    return RANKS[card[0] - 1] + card[1]


def is_run(cards):
    """Same suit, each card one rank below the one under it."""
    return all(a[1] == b[1] and a[0] == b[0] + 1 for a, b in zip(cards, cards[1:], strict=False))


def group_limit(board, dst):
    """design §1: (free cells + 1) × 2^(empty columns), an empty destination not counted."""
    free = sum(1 for c in board.cells if c is None)
    empty = sum(1 for col in board.cols if not col)
    if dst[0] == "t" and not board.pile(dst):
        empty -= 1
    return (free + 1) * 2**empty


def legal(board, src, dst, n):
    """Whether moving the top ``n`` cards of ``src`` to ``dst`` is legal by design §1."""
    if src == dst or src not in board.places() or dst not in board.places() or n < 1:
        return False
    cards = board.pile(src)
    if len(cards) < n:
        return False
    moving = cards[len(cards) - n :]
    if src[0] != "t" and n != 1:
        return False
    if n > 1 and not is_run(moving):
        return False
    head = moving[0]
    if dst[0] == "f":
        suit = SUITS[int(dst[1:]) - 1]
        return src[0] != "f" and n == 1 and head[1] == suit and head[0] == board.found[suit] + 1
    if dst[0] == "c":
        return n == 1 and not board.pile(dst)
    target = board.pile(dst)
    if target:
        below = target[-1]
        if not (head[1] == below[1] and head[0] == below[0] - 1):
            return False
    elif head[0] != 13:
        return False
    return n == 1 or n <= group_limit(board, dst)


def points(src, dst, card, rewarded):
    """design §4: a card's foundation points are earned once (+10 home, −10 off
    it); ``card`` from a cell onto a column earns 5 unless it is in ``rewarded``
    (the cards that have had that already)."""
    if dst[0] == "f":
        return 10
    if src[0] == "f":
        return -10
    if src[0] == "c" and dst[0] == "t" and card not in rewarded:
        return 5
    return 0


def all_legal(board):
    """Every legal move in move notation (design §5), by brute force over (src, dst, n)."""
    out = set()
    for src in board.places():
        height = len(board.pile(src))
        for dst in board.places():
            for n in range(1, min(height, 13) + 1):  # n > height is never legal
                if legal(board, src, dst, n):
                    out.add("%s-%s" % (src, dst) + ("x%d" % n if n > 1 else ""))
    return out
