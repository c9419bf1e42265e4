"""The solver's internal form of a position (cols, cells, found) as an engine
Position, for tests that check a search's positions with the engine or the
plain exhaustive search."""

from seahaven import Position


def as_position(cols, cells, found, ncells):
    """An engine Position from the search's internal form, with ``ncells`` cells."""
    slots = list(cells) + [None] * (ncells - len(cells))
    return Position([list(c) for c in cols], slots, list(found))
