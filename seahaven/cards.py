"""Cards as small ints: ``suit * 13 + rank - 1``, suits in the fixed order S H D C.

With that numbering the card one rank higher of the same suit is ``card + 1``
(when the rank is below king), which keeps rule checks to integer arithmetic.
"""

from .errors import BadPosition, quote

SUITS = "SHDC"
RANKS = "A23456789TJQK"
KING = 13

DECK = [s * 13 + r for s in range(4) for r in range(13)]


def suit(card):
    return card // 13


def rank(card):
    """Rank 1 (ace) … 13 (king)."""
    return card % 13 + 1


def make(suit_index, rank_value):
    return suit_index * 13 + rank_value - 1


# Every card's text ("AS" … "KC"), by card: written once, looked up after
# every move (the page's view names all 52 cards).
CARD_TEXTS = tuple(RANKS[c % 13] + SUITS[c // 13] for c in DECK)


def card_text(card):
    return CARD_TEXTS[card]


def parse_card(text):
    """``"TD"`` → card; ``"10D"`` is accepted too, as Freecell Solver writes it."""
    t = text.strip()
    # ASCII only: CPython upper-cases some other letters to ASCII ones (long s to S), MicroPython does not.
    t = t.upper() if len(t) <= 3 and is_ascii(t) else ""
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise BadPosition(
            "'%s' is not a card (rank A23456789TJQK then suit SHDC, e.g. TD)" % quote(text),
            "bad-card",
            {"card": quote(text)},
        )
    return SUITS.index(t[1]) * 13 + RANKS.index(t[0])


def is_ascii(text):
    return all(ord(ch) < 128 for ch in text)


def is_number(text):
    """ASCII digits only: str.isdigit differs between CPython (any script) and MicroPython."""
    return text != "" and all("0" <= ch <= "9" for ch in text)


def parse_rank(text):
    """A foundation height: 0 … 13, or a rank letter (A … K) as Freecell Solver writes it."""
    t = text.strip()
    t = t.upper() if len(t) <= 2 and is_ascii(t) else ""
    # The length check comes first: int() of thousands of digits is slow, or refused.
    if is_number(t) and int(t) <= 13:
        return int(t)
    if len(t) == 1 and t in RANKS:
        return RANKS.index(t) + 1
    raise BadPosition("'%s' is not a foundation height (0-13 or A-K)" % quote(text), "bad-rank", {"rank": quote(text)})


def height_text(height):
    """A foundation height as Freecell Solver writes it: ``0`` when empty, else the top card's rank letter."""
    return RANKS[height - 1] if height else "0"
