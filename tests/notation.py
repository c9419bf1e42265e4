"""Moves written as notation (design §5), for tests that compare the engine's
Move values with moves written by hand: ``notation(game.history) == ["t3-c3"]``."""


def notation(moves):
    """The text of each Move in ``moves`` (None stays None)."""
    return None if moves is None else [move.text for move in moves]
