"""Every refusal the engine makes is a ValueError subclass.

Each carries a stable ``key`` and ``params`` besides its English message, so the
page can show the reason in the player's language without parsing text.
Messages quote what they were given through ``quote``: bounded, and with
control characters written as escapes, so a message never carries terminal
escape sequences or invisible text from its input. Every key is catalogued,
with its params (``catalogue``).
"""

QUOTE_LIMIT = 30  # characters of the input a message quotes


def _escaped(ch):
    """``ch`` itself, or an escape when it is a control or invisible formatting character."""
    code = ord(ch)
    if code < 32 or 127 <= code < 160:
        return "\\x%02x" % code
    if (
        code in (0xAD, 0xFEFF)
        or 0x200B <= code <= 0x200F
        or 0x2028 <= code <= 0x202E
        or 0x2060 <= code <= 0x2069
        or 0xD800 <= code <= 0xDFFF  # lone surrogates (undecodable bytes): they cannot even be written out
    ):
        return "\\u%04x" % code
    return ch


def printable(text):
    """``text`` with control and invisible formatting characters escaped (``\\x1b``, ``\\u202e``)."""
    if all(32 <= ord(ch) < 127 for ch in text):
        return text
    return "".join(_escaped(ch) for ch in text)


def quote(value, limit=QUOTE_LIMIT):
    """A bounded, printable rendering of user input for messages: at most
    ``limit`` characters (then "…"), control characters escaped; anything
    that is not text by its repr."""
    if not isinstance(value, str):
        try:
            value = repr(value)
        except ValueError:  # CPython refuses to print ints of more than 4300 digits
            value = "<a number too long to print>"
    shown = printable(value[:limit])
    return shown + "…" if len(value) > limit else shown


class SeahavenError(ValueError):
    """Base of every refusal: a message for people, a key and params for the page."""

    def __init__(self, message, key="error", params=None):
        super().__init__(message)
        self.message = message
        self.key = key
        self.params = params or {}

    def __str__(self):
        return self.message


class BadCode(SeahavenError):
    """A game code that does not match ``SH1-C<cells>-<7 base32 chars>``."""


class BadPosition(SeahavenError):
    """A position text that is malformed or describes an impossible position."""


class BadSave(SeahavenError):
    """Saved data that is corrupt, foreign, or does not replay."""


class IllegalMove(SeahavenError):
    """A move the rules forbid (``key`` names the rule)."""


class BadMove(IllegalMove):
    """Text that is not move notation, or a place name that does not exist.

    Its own class, so a caller can tell a typo from a rule (catch BadMove
    first); it stays an IllegalMove so that one ``except IllegalMove`` still
    refuses every move that cannot be played.
    """


class BadLink(BadSave):
    """A shared game link that is cut, changed, foreign, or does not replay.

    A BadSave too: a link is a saved game in another form.
    """


class BadDate(SeahavenError):
    """Text that is not a date written YYYY-MM-DD, or a day the calendar does not have."""


def catalogue():
    """``(refusals, internal)``: every key a refusal may carry, with the params
    it may name: the engine's (``SeahavenError.key``), the controller's and the
    solver's worker's (web/wire.py). The page says each key of ``refusals`` in
    the player's language by its key (static/i18n/: "code.<key>" for a game
    code's, "review.<key>" for a game link's, the saving notices for a saved
    game's, "refuse.<key>" for any other); ``internal`` holds the keys only the
    page's own requests can meet, never a player's input (a position text, a
    date or a ply the page wrote, a request a bridge cannot read, an error of
    Python's own), which the page says in one sentence ("refuse.internal"),
    the English message on the console. tests/engine/test_refusal_keys.py
    holds every refusal in the sources to it, tests/i18n/test_refusals.py
    every key to its words. Built when asked, not on import: the page never
    needs it (about 0.2 ms of a start-up under MicroPython)."""
    refusals = {
        # A move the rules refuse (rules.py), or its notation (move.py).
        "bad-place": ("place",),
        "cell-full": ("move", "place"),
        "column-order": ("move", "card", "target"),
        "empty-needs-king": ("move", "card"),
        "empty-source": ("move", "place"),
        "foundation-order": ("move", "card", "need", "suit"),
        "foundation-suit": ("move", "card", "suit", "target"),
        "foundation-to-foundation": ("move",),
        "group-to-cell": ("move", "n"),
        "group-to-foundation": ("move", "n"),
        "group-too-big": ("move", "n", "limit", "free", "empty"),
        "move-notation": ("move",),
        "no-such-place": ("move", "place", "cells"),
        "not-a-run": ("move", "n", "run", "place"),
        "one-card-only": ("move", "n"),
        "same-place": ("move",),
        "too-many-moves": ("limit",),
        # A tap or a double tap that moves nothing (game.py: why_not_home, why_nowhere).
        "double-tap-nothing": ("place",),
        "nowhere": ("place", "card", "need"),
        "nowhere-cell": ("place", "card", "need"),
        "run-nowhere": ("place", "card", "n"),
        "tap-foundation": ("place",),
        "tap-nothing": ("place", "card", "need"),
        # A game code (deal.py).
        "code-cells": ("part",),
        "code-char": ("part", "codepoint"),
        "code-digits": ("part", "char"),
        "code-empty": ("part",),
        "code-length": ("part", "count"),
        "code-number": ("part",),
        "code-prefix": ("part",),
        "code-shape": ("part",),
        # A game link (share.py).
        "link-char": ("char",),
        "link-check": (),
        "link-deal": (),
        "link-length": (),
        "link-moves": ("count", "ply"),
        "link-no-code": (),
        "link-prefix": ("part",),
        "link-type": (),
        "link-version": ("version",),
        # A saved game (game.py).
        "save-replay": ("reason",),
        "save-too-big": ("count", "limit"),
        "save-type": (),
        "save-version": (),
    }
    internal = {
        "bad-card": ("card",),
        "bad-rank": ("rank",),
        "position-cards": ("detail",),
        "position-cells": ("count", "cells"),
        "position-columns": ("count",),
        "position-foundations": ("item",),
        "position-line": ("line",),
        "position-size": ("size", "limit"),
        "position-type": (),
        "date-day": ("date",),
        "date-shape": ("date",),
        "no-such-ply": ("place",),
        "bad-request": ("intent", "argument"),
        "unknown-intent": ("intent",),
        "engine-error": ("intent",),
        "solver-error": ("intent",),
    }
    return refusals, internal
