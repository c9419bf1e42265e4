"""Every refusal the engine makes is a ValueError subclass.

Each carries a stable ``key`` and ``params`` besides its English message, so the
page can show the reason in the player's language without parsing text.
"""


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


class BadDate(SeahavenError):
    """Text that is not a date written YYYY-MM-DD, or a day the calendar does not have."""
