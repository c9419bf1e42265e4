"""Build position texts (design §5) for tests: name the cards that matter, the
rest of the deck is packed into filler columns where it cannot interfere.

Filler columns hold their cards in ascending rank from the bottom, so they
never contain a run of two or more cards.
"""

RANKS = "A23456789TJQK"
SUITS = "SHDC"
DECK = [r + s for s in SUITS for r in RANKS]


def _key(card):
    return (RANKS.index(card[0]), SUITS.index(card[1]))


def board(cols=None, cells=("-", "-", "-", "-"), found=None, filler=None):
    """Position text.

    ``cols`` maps a 1-based column number to its cards, bottom first
    (``"KS QS"``; ``""`` for an empty column). ``cells`` lists each cell: a card,
    ``"-"`` for empty, ``"*"`` for some filler card. ``found`` maps a suit letter
    to its foundation height. Every other card goes into the columns not named
    in ``cols`` (or only those in ``filler``).
    """
    cols = dict(cols or {})
    found = dict(found or {})
    used = []
    for cards in cols.values():
        used.extend(cards.split())
    used.extend(c for c in cells if c not in ("-", "*"))
    for s, height in found.items():
        used.extend(RANKS[r] + s for r in range(height))
    if len(set(used)) != len(used):
        raise AssertionError("test board names a card twice: %s" % used)
    rest = sorted((c for c in DECK if c not in used), key=_key)
    slots = []
    for c in cells:
        if c == "*":
            slots.append(rest.pop())  # a high card: it goes nowhere useful
        else:
            slots.append(c)
    free_cols = filler if filler is not None else [i for i in range(1, 11) if i not in cols]
    if rest and not free_cols:
        raise AssertionError("no filler column left for %d cards" % len(rest))
    columns = {i: cols[i].split() if i in cols else [] for i in range(1, 11)}
    for k, i in enumerate(free_cols):
        share = rest[k * len(rest) // len(free_cols) : (k + 1) * len(rest) // len(free_cols)]
        columns[i] = columns[i] + share
    lines = [
        "Foundations: " + " ".join("%s-%d" % (s, found.get(s, 0)) for s in "HCDS"),
        "Freecells: " + " ".join(slots),
    ]
    for i in range(1, 11):
        lines.append(": " + " ".join(columns[i]) if columns[i] else ":")
    return "\n".join(lines) + "\n"


def run(suit, high, length):
    """``run("S", "Q", 3)`` → ``"QS JS TS"``: a same-suit run, highest card first."""
    top = RANKS.index(high)
    if top - length + 1 < 0:
        raise AssertionError("no run of %d below %s" % (length, high))
    return " ".join(RANKS[r] + suit for r in range(top, top - length, -1))
