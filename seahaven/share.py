"""A game in a link: the deal and the moves played, as compact URL-safe text.

``encode(game)`` gives text such as ``R1-AAAAAnUBZ1f2…`` (for a page address
``…/#R1-…``); ``decode(text)`` rebuilds the game, every move replayed through
the rules, or raises BadLink saying what is wrong. A changed, cut or foreign
link is refused, never half read; the refusal's ``key`` is one of link-type,
link-prefix, link-version, link-char, link-length, link-check, link-deal,
link-moves and link-no-code (encode, for a game with no deal code).

The format, version 1: ``R1-`` then base64url (``A-Z a-z 0-9 - _``, no
padding) of these bytes:

- 5 bytes, big-endian: the deal number × 3 + the cells (0 for 4 cells, 1 for
  2, 2 for 1);
- the number of moves, as a base-128 varint (7 bits a byte, low first, the
  high bit set on every byte but the last);
- the moves as one number, little-endian bytes (none for 0): each move is its
  index among the moves legal where it was played, those listed in the order
  of their (from, to) places (t1…t10, c1…c4, f1…f4; the two places fix the
  card count), and the number is the mixed-radix sum
  ``i1 + L1 × (i2 + L2 × (i3 + …))`` where ``L`` is the count of legal moves;
- 4 bytes, big-endian: the FNV-1a hash (32 bits) of all the bytes before.

So a move costs log2 of the legal moves, about 5 bits: a 100-move game is
about 95 characters.
"""

from . import rules
from .deal import CELL_COUNTS, DEAL_LIMIT
from .errors import BadLink
from .game import Game
from .move import Move

PREFIX = "R1-"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE = {}
for _i, _ch in enumerate(ALPHABET):
    _VALUE[_ch] = _i
MAX_LENGTH = 20000  # characters: far above any real game, and cheap to refuse
MAX_MOVES = 5000
DAMAGED = "the game link is damaged: a character was changed, lost or added"


def _hash(data):
    """FNV-1a, 32 bits."""
    h = 0x811C9DC5
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def _ordered(pos):
    """The legal moves of a position, by (from, to) place."""
    return sorted(rules.legal_moves(pos))


def _to_text(data):
    out = []
    acc = 0
    bits = 0
    for b in data:
        acc = (acc << 8) | b
        bits += 8
        while bits >= 6:
            bits -= 6
            out.append(ALPHABET[(acc >> bits) & 63])
        acc &= (1 << bits) - 1
    if bits:
        out.append(ALPHABET[(acc << (6 - bits)) & 63])
    return "".join(out)


def _from_text(text):
    out = bytearray()
    acc = 0
    bits = 0
    for ch in text:
        value = _VALUE.get(ch)
        if value is None:
            shown = "U+%04X" % ord(ch) if ord(ch) < 32 or ord(ch) > 126 else "'%s'" % ch
            raise BadLink(
                "the game link contains %s; a link uses only letters, digits, - and _" % shown,
                "link-char",
                {"char": shown},
            )
        acc = (acc << 6) | value
        bits += 6
        if bits >= 8:
            bits -= 8
            out.append((acc >> bits) & 255)
            acc &= (1 << bits) - 1
    if len(text) % 4 == 1:  # 6 bits cannot end a byte
        raise BadLink("the game link is cut short or has a character too many", "link-length")
    if acc:  # the bits after the last byte are always 0
        raise BadLink(DAMAGED, "link-check")
    return bytes(out)


def encode(game):
    """The link text of a Game: its deal and the moves it has played (not its redo list)."""
    if game.code is None:
        raise BadLink("only a game started from a deal code can be shared", "link-no-code")
    cells = CELL_COUNTS.index(game.cells)
    pos = game.start.copy()
    digits = []
    for played in game.history:
        move = played.as_tuple()
        legal = _ordered(pos)
        digits.append((legal.index(move), len(legal)))
        rules.apply(pos, move)
    packed = 0
    for index, count in reversed(digits):
        packed = packed * count + index
    data = bytearray()
    head = game.number * 3 + cells
    for shift in (32, 24, 16, 8, 0):
        data.append((head >> shift) & 255)
    n = len(digits)
    while n >= 128:
        data.append(128 | (n & 127))
        n >>= 7
    data.append(n)
    while packed:
        data.append(packed & 255)
        packed >>= 8
    check = _hash(data)
    for shift in (24, 16, 8, 0):
        data.append((check >> shift) & 255)
    return PREFIX + _to_text(data)


def _body(text):
    body = text.strip()
    return body[1:] if body.startswith("#") else body


def is_link(text):
    """Whether a text is meant as a game link (it starts like one), damaged or
    not: a page address's ``#R1-…`` is one, a deal code ``SH1-…`` is not."""
    if not isinstance(text, str):
        return False
    body = _body(text)
    return body[:1] in ("R", "r") and "-" in body[:6]


def decode(text):
    """The Game a link text describes, its moves played; BadLink naming what is wrong.

    Leading ``#`` and surrounding spaces are ignored.
    """
    if not isinstance(text, str):
        raise BadLink("a game link must be text", "link-type")
    body = _body(text)
    if len(body) > MAX_LENGTH:
        raise BadLink("the game link is too long to be one", "link-length")
    if not is_link(body):
        part = "".join(ch if 32 <= ord(ch) < 127 else "?" for ch in body[:12])
        raise BadLink("'%s' is not a game link: it starts with %s" % (part, PREFIX), "link-prefix", {"part": part})
    version, payload = body.split("-", 1)
    if version.upper() != PREFIX[:-1]:
        raise BadLink("the game link has version '%s'; this game reads %s links" % (version[:8], PREFIX[:-1]),
                      "link-version", {"version": version[:8]})
    data = _from_text(payload)
    if len(data) < 10:
        raise BadLink("the game link is cut short", "link-length")
    check = (data[-4] << 24) | (data[-3] << 16) | (data[-2] << 8) | data[-1]
    data = data[:-4]
    if _hash(data) != check:
        raise BadLink(DAMAGED, "link-check")
    head = 0
    for b in data[:5]:
        head = (head << 8) | b
    number, cells = head // 3, head % 3
    if number >= DEAL_LIMIT:
        raise BadLink("the game link names no deal", "link-deal")
    count = 0
    shift = 0
    i = 5
    while True:
        if i >= len(data) or shift > 28:
            raise BadLink("the game link has no move count", "link-moves")
        b = data[i]
        count |= (b & 127) << shift
        shift += 7
        i += 1
        if b < 128:
            break
    if count > MAX_MOVES:
        raise BadLink("the game link says %d moves; a link holds at most %d" % (count, MAX_MOVES), "link-moves",
                      {"count": count})
    packed = 0
    for b in reversed(data[i:]):
        packed = (packed << 8) | b
    game = Game.from_number(number, CELL_COUNTS[cells])
    for ply in range(count):
        legal = _ordered(game.position)
        if not legal:
            raise BadLink("the game link has %d moves, but no move is left after %d" % (count, ply),
                          "link-moves", {"count": count, "ply": ply})
        game.play(Move(*legal[packed % len(legal)]))  # legal by construction
        packed //= len(legal)
    if packed:
        raise BadLink("the game link holds more moves than it says", "link-moves", {"count": count})
    return game
