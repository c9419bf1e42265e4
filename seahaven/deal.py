"""Deal numbers, the shuffle, and game codes (design §3). Codes never change meaning."""

from .errors import BadCode, printable, quote
from .position import CELL_COUNTS

MASK64 = 0xFFFFFFFFFFFFFFFF
DEAL_LIMIT = 1 << 35
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
PREFIX = "SH1"
EXAMPLE = "SH1-C4-AAAAAJ2"
LONGEST_TEXT = 64  # a code has 14 characters; longer text is refused at once


def splitmix64(state):
    """One step of SplitMix64: returns ``(new_state, output)``."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def shuffled_deck(number):
    """The deck of deal ``number`` as card ints (AS … KC before shuffling)."""
    deck = list(range(52))
    state = number
    for i in range(51, 0, -1):
        state, out = splitmix64(state)
        j = out % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_layout(number, cells):
    """Columns (bottom card first) and cells of a fresh deal."""
    deck = shuffled_deck(number)
    columns = [deck[k:50:10] for k in range(10)]
    slots = [None] * cells
    slots[0] = deck[50]
    if cells == 1:
        columns[1].append(deck[51])
    else:
        slots[1] = deck[51]
    return columns, slots


def encode(cells, number):
    """``(4, 314)`` → ``"SH1-C4-AAAAAJ2"``."""
    if cells not in CELL_COUNTS:
        raise BadCode("cells must be 4, 2 or 1, not %s" % quote(cells), "code-cells", {"part": quote(cells)})
    if not (isinstance(number, int) and 0 <= number < DEAL_LIMIT):
        raise BadCode("deal number must be 0 … 2^35-1", "code-number", {"part": quote(number)})
    chars = []
    for shift in range(30, -5, -5):
        chars.append(BASE32[(number >> shift) & 31])
    return "%s-C%d-%s" % (PREFIX, cells, "".join(chars))


def decode(code):
    """``"sh1-c4-aaaaaj2 "`` → ``(4, 314)``; BadCode naming the wrong part otherwise."""
    if not isinstance(code, str):
        raise BadCode("a game code must be text", "code-empty", {"part": ""})
    text = code.strip()
    if not text:
        raise BadCode("the game code is empty; it looks like %s" % EXAMPLE, "code-empty", {"part": ""})
    if len(text) > LONGEST_TEXT:  # refused before any character-by-character work
        raise BadCode(
            "'%s' is not a game code: it has %d characters; a code looks like %s"
            % (quote(text), len(text), EXAMPLE),
            "code-shape",
            {"part": quote(text)},
        )
    for ch in text:
        if ord(ch) > 126 or ord(ch) < 32:
            point = "U+%04X" % ord(ch)
            # Control and invisible characters are named by code point only; others
            # are quoted too, with the code point, as some look like ASCII (e.g. Ｓ).
            visible = ord(ch) > 127 and printable(ch) == ch
            shown = "'%s' (%s)" % (ch, point) if visible else point
            raise BadCode(
                "the game code contains %s, which is not a letter, digit or dash" % shown,
                "code-char",
                {"part": ch if visible else point, "codepoint": point},
            )
    parts = text.upper().split("-")
    if len(parts) != 3:
        raise BadCode(
            "'%s' is not a game code: it should have three parts like %s" % (quote(text), EXAMPLE),
            "code-shape",
            {"part": quote(text)},
        )
    prefix, cell_part, digits = parts
    if prefix != PREFIX:
        raise BadCode(
            "the code starts with '%s'; it should start with %s" % (quote(prefix), PREFIX),
            "code-prefix",
            {"part": quote(prefix)},
        )
    if cell_part not in ("C4", "C2", "C1"):
        raise BadCode(
            "the middle part '%s' should be C4, C2 or C1 (the number of cells)" % quote(cell_part),
            "code-cells",
            {"part": quote(cell_part)},
        )
    if len(digits) != 7:
        raise BadCode(
            "the last part '%s' should have 7 characters, not %d" % (quote(digits), len(digits)),
            "code-length",
            {"part": quote(digits), "count": len(digits)},
        )
    number = 0
    for ch in digits:
        value = BASE32.find(ch)
        if value < 0:
            raise BadCode(
                "the last part '%s' may only use the letters A-Z and digits 2-7, not '%s'" % (digits, ch),
                "code-digits",
                {"part": digits, "char": ch},
            )
        number = number * 32 + value
    return int(cell_part[1]), number


def random_number(entropy=None):
    """A deal number from caller entropy (e.g. the browser's crypto), else the OS."""
    if entropy is not None and (
        isinstance(entropy, bool) or not isinstance(entropy, (int, float)) or not -1e300 < entropy < 1e300
    ):
        raise BadCode("entropy must be a number, not %s" % quote(entropy), "code-number", {"part": quote(entropy)})
    if entropy is None:
        try:
            import os

            entropy = int.from_bytes(os.urandom(5), "big")
        except Exception:
            import time

            entropy = int(time.time() * 1000003)
    return int(entropy) % DEAL_LIMIT
