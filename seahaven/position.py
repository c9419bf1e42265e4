"""A position: ten columns, the game's cells, four foundations; and its text form.

Places are small ints: columns 0-9, cells 10-13, foundations 14-17 (S H D C),
written ``t1``…``t10``, ``c1``…``c4``, ``f1``…``f4`` (design §5).
"""

from .cards import SUITS, card_text, height_text, is_ascii, make, parse_card, parse_rank
from .errors import BadPosition, quote

COLUMNS = 10
# The cells a game may have: Easy 4, Medium 2, Hard 1 (design §2), and each one's
# difficulty; the page's copy is written by the build (#build/facts.js).
CELL_COUNTS = (4, 2, 1)
LEVEL_NAMES = ("easy", "medium", "hard")
MAX_TEXT = 65536  # characters; a position text has a few hundred, more is refused unread
SLOT_WIDTH = 4  # characters per cell in Freecell Solver's printout
CELL0 = 10
FOUND0 = 14
PLACE_NAMES = ["t%d" % (i + 1) for i in range(10)] + ["c%d" % (i + 1) for i in range(4)] + [
    "f%d" % (i + 1) for i in range(4)
]
_PLACE_INDEX = {}
for _i, _name in enumerate(PLACE_NAMES):
    _PLACE_INDEX[_name] = _i


def place_index(name):
    """``"t3"`` → 2; None for anything that is not a place name."""
    if not isinstance(name, str):
        return None
    return _PLACE_INDEX.get(name.strip().lower())


def place_name(index):
    return PLACE_NAMES[index]


class Position:
    """The cards on the table. Mutable; the Game keeps it consistent."""

    __slots__ = ("cols", "cells", "found")

    def __init__(self, cols, cells, found=None):
        self.cols = cols  # 10 lists of card ints, bottom card first
        self.cells = cells  # one entry per cell: a card int or None
        self.found = found if found is not None else [0, 0, 0, 0]  # top rank per suit

    def copy(self):
        return Position([c[:] for c in self.cols], self.cells[:], self.found[:])

    def key(self):
        """Exact identity (column and cell order matter)."""
        return (tuple(tuple(c) for c in self.cols), tuple(self.cells), tuple(self.found))

    def __eq__(self, other):
        return isinstance(other, Position) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return "Position.from_text(%r)" % self.to_text()

    @property
    def cell_count(self):
        return len(self.cells)

    def free_cells(self):
        return self.cells.count(None)

    def empty_columns(self):
        return self.cols.count([])

    def won(self):
        return self.found == [13, 13, 13, 13]

    def where(self):
        """Map card → place index, for every card not on a foundation."""
        out = {}
        for i, col in enumerate(self.cols):
            for c in col:
                out[c] = i
        for j, c in enumerate(self.cells):
            if c is not None:
                out[c] = CELL0 + j
        return out

    def all_cards(self):
        """Every card of the position, foundations included (for validation)."""
        cards = []
        for s in range(4):
            cards.extend(make(s, r) for r in range(1, self.found[s] + 1))
        for col in self.cols:
            cards.extend(col)
        cards.extend(c for c in self.cells if c is not None)
        return cards

    # -- text form (Freecell Solver's board format, design §5) ----------------

    def to_text(self):
        """The position as Freecell Solver reads it: foundations as rank letters
        (``H-0`` … ``H-T`` … ``H-K``), one ``-`` per empty cell, one line per column."""
        lines = [
            "Foundations: " + " ".join("%s-%s" % (SUITS[s], height_text(self.found[s])) for s in (1, 3, 2, 0)),
            "Freecells: " + " ".join("-" if c is None else card_text(c) for c in self.cells),
        ]
        for col in self.cols:
            lines.append(": " + " ".join(card_text(c) for c in col) if col else ":")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text, cells=None):
        """Parse design §5 position text; BadPosition saying what is wrong otherwise.

        Reads what ``to_text`` writes, foundations as numbers too (``H-13``),
        and Freecell Solver's own printout, whose ``Freecells:`` line gives
        every cell four columns of text and leaves empty ones blank. Trailing
        blanks are easily lost, so ``cells`` (4, 2 or 1) may say how many cells
        the game has; without it the line's own slots decide.
        """
        if not isinstance(text, str):
            raise BadPosition("a position must be text", "position-type")
        if cells is not None and (not isinstance(cells, int) or isinstance(cells, bool) or cells not in CELL_COUNTS):
            raise BadPosition(
                "a game has 4, 2 or 1 cells, not %s" % quote(cells), "position-cells", {"count": quote(cells)}
            )
        if len(text) > MAX_TEXT:
            raise BadPosition(
                "a position text is a few hundred characters, not %d" % len(text),
                "position-size",
                {"size": len(text), "limit": MAX_TEXT},
            )
        found = [0, 0, 0, 0]
        slots = None
        cols = []
        seen_found = False
        for raw in text.replace("\r", "\n").split("\n"):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            head = line.split(":", 1)[0].strip().lower() if ":" in line else ""
            if head == "foundations":
                if seen_found:
                    raise BadPosition("two Foundations lines", "position-foundations")
                seen_found = True
                for item in line.split(":", 1)[1].split():
                    suit, rank = item.split("-", 1) if "-" in item else ("", "")
                    suit = suit.upper()
                    if len(suit) != 1 or suit not in SUITS or not is_ascii(item):
                        raise BadPosition(
                            "foundation '%s' should look like H-0, H-5 or S-K" % quote(item),
                            "position-foundations",
                            {"item": quote(item)},
                        )
                    found[SUITS.index(suit)] = parse_rank(rank)
            elif head == "freecells":
                if slots is not None:
                    raise BadPosition("two Freecells lines", "position-cells")
                slots = _cell_slots(raw[raw.index(":") + 1 :], cells)
            else:
                body = line[1:] if line.startswith(":") else line
                if ":" in body:
                    raise BadPosition(
                        "unrecognised line '%s'" % quote(line, 40), "position-line", {"line": quote(line, 40)}
                    )
                cols.append([parse_card(t) for t in body.split()])
        if slots is None:
            raise BadPosition("the Freecells line is missing", "position-cells")
        if len(cols) != COLUMNS:
            raise BadPosition(
                "the position has %d columns; it needs 10" % len(cols),
                "position-columns",
                {"count": len(cols)},
            )
        pos = cls(cols, slots, found)
        cards = pos.all_cards()
        if len(cards) != 52 or len(set(cards)) != 52:
            counts = {}
            for c in cards:
                counts[c] = counts.get(c, 0) + 1
            twice = [card_text(c) for c in sorted(counts) if counts[c] > 1]
            missing = [card_text(c) for c in range(52) if c not in counts]
            parts = []
            if twice:
                parts.append("twice: " + " ".join(twice))
            if missing:
                parts.append("missing: " + " ".join(missing))
            raise BadPosition(
                "the position must hold each of the 52 cards once (%s)" % "; ".join(parts),
                "position-cards",
                {"detail": "; ".join(parts)},
            )
        return pos


def _fixed_width_slots(rest):
    """Freecell Solver's printout: four characters per cell, the card at the
    right, blanks for an empty cell (``"  3C      QD"``). None if ``rest`` is
    not written that way. A blank slot cut short at the end (trailing blanks
    lost) is not counted."""
    slots = []
    for i in range(0, len(rest), SLOT_WIDTH):
        chunk = rest[i : i + SLOT_WIDTH]
        card = chunk.strip()
        if not card:
            if len(chunk) == SLOT_WIDTH:
                slots.append(None)
        elif len(chunk) == SLOT_WIDTH and chunk[0] == " " and " " not in card and card != "-":
            slots.append(card)
        else:
            return None
    return slots


def _cell_slots(rest, cells):
    """The cells of a ``Freecells:`` line (the text after its colon): a card or None each.

    With a ``-`` for each empty cell the line says how many cells there are;
    otherwise (Freecell Solver's blank-padded printout, or only cards) empty
    cells at the end may be missing, and ``cells``, when given, decides.
    """
    tokens = rest.split()
    exact = "-" in tokens
    fixed = None if exact else _fixed_width_slots(rest)
    slots = fixed if fixed is not None else [None if item == "-" else item for item in tokens]
    if cells is not None:
        while len(slots) > cells and slots[-1] is None and not exact:
            slots.pop()
        if len(slots) > cells or (exact and len(slots) != cells):
            raise BadPosition(
                "the Freecells line lists %d slots, but the game has %d cells" % (len(slots), cells),
                "position-cells",
                {"count": len(slots), "cells": cells},
            )
        slots = slots + [None] * (cells - len(slots))
    if len(slots) not in CELL_COUNTS:
        raise BadPosition(
            "the Freecells line lists %d slots; a game has 4, 2 or 1 cells" % len(slots),
            "position-cells",
            {"count": len(slots)},
        )
    return [None if item is None else parse_card(item) for item in slots]
