"""A move as a value: where from, where to, how many cards; and its notation.

Notation (design §5): ``<from>-<to>`` plus ``x<n>`` when more than one card
moves, e.g. ``t3-f2``, ``c1-t7``, ``t4-t9x3``. ``Move.parse`` reads it
(case and surrounding spaces ignored, ``x1`` accepted), ``.text`` writes the
one canonical spelling, and the ``repr`` is a line of Python that rebuilds the
move. A Move says nothing about legality: that is ``rules.check``.
"""

from .cards import is_number
from .errors import BadMove, quote
from .position import PLACE_NAMES, place_index

_PLACES = len(PLACE_NAMES)
# "src-dst" for every pair of places, built once: legal_moves() writes many moves.
_PAIR_TEXT = [PLACE_NAMES[s] + "-" + PLACE_NAMES[d] for s in range(_PLACES) for d in range(_PLACES)]
MAX_COUNT = 13  # no run is longer than a suit


def move_text(src, dst, n=1):
    """The notation of a move given as place indices: ``(3, 8, 3)`` → ``"t4-t9x3"``."""
    text = _PAIR_TEXT[src * _PLACES + dst]
    return text + "x%d" % n if n > 1 else text


def parse_places(text):
    """``"t4-t9x3"`` → ``(3, 8, 3)``; BadMove for anything that is not notation."""
    if not isinstance(text, str):
        raise BadMove("a move must be text like t4-t9x3", "move-notation", {"move": quote(text)})
    t = text.strip().lower()
    n = 1
    if "x" in t:
        t, count = t.split("x", 1)
        # The length check comes first: int() of thousands of digits is slow, or refused.
        if len(count) > 2 or not is_number(count) or not 1 <= int(count) <= MAX_COUNT:
            raise BadMove(
                "'%s' is not a move: the count after x must be 1-13" % quote(text),
                "move-notation",
                {"move": quote(text)},
            )
        n = int(count)
    parts = t.split("-")
    if len(parts) != 2 or place_index(parts[0]) is None or place_index(parts[1]) is None:
        raise BadMove(
            "'%s' is not a move: write it like t3-f2, c1-t7 or t4-t9x3" % quote(text),
            "move-notation",
            {"move": quote(text)},
        )
    return place_index(parts[0]), place_index(parts[1]), n


class Move:
    """One move: ``src`` and ``dst`` are place indices (columns 0-9, cells
    10-13, foundations 14-17), ``n`` the number of cards (a run when > 1).

    Compares and hashes by those three numbers; ``Move.parse("T4-T9x3 ") ==
    Move(3, 8, 3)``.
    """

    __slots__ = ("src", "dst", "n")

    def __init__(self, src, dst, n=1):
        self.src = src
        self.dst = dst
        self.n = n

    @classmethod
    def parse(cls, text):
        """Read move notation; BadMove (a ValueError) quoting the text otherwise."""
        src, dst, n = parse_places(text)
        return cls(src, dst, n)

    @property
    def text(self):
        return move_text(self.src, self.dst, self.n)

    @property
    def source(self):
        """The place the cards leave, by name (``"t4"``)."""
        return PLACE_NAMES[self.src]

    @property
    def target(self):
        """The place the cards go to, by name (``"t9"``)."""
        return PLACE_NAMES[self.dst]

    def as_tuple(self):
        return (self.src, self.dst, self.n)

    def to_dict(self):
        """The move for JSON: the page reads places and count, never splits the text."""
        return {"text": self.text, "from": self.source, "to": self.target, "n": self.n}

    def __eq__(self, other):
        return isinstance(other, Move) and self.as_tuple() == other.as_tuple()

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self.as_tuple())

    def __str__(self):
        return self.text

    def __repr__(self):
        return "Move.parse(%r)" % self.text
