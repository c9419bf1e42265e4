"""Dicts that stay fast as a search fills them, on MicroPython too.

MicroPython grows a dict only once every slot is taken, and looks a key up
by trying slot after slot from where its hash points: in a dict much more
than half full, a key that is not there (most of a search's lookups) costs
tens of tries, hundreds just before it grows. On the page's build, with
50 000 integer keys: 2.2 µs an insertion and 1.1 µs a missing key on
average, against 0.3 µs each in a dict with room. A copy of a dict keeps
its number of slots, so ``roomy`` copies an empty dict with many slots, made
once, and a table past its ``room`` is made again, larger, before it is half
full. CPython keeps its dicts at most two thirds full by itself: there a
table is a plain dict.
"""

import sys

SLOTS = (1 << 10, 1 << 12, 1 << 14, 1 << 16, 1 << 18)  # the sizes made, smallest first
_EMPTY = {}  # slots -> an empty dict with at least that many slots (MicroPython only)
_NEEDED = sys.implementation.name == "micropython"


def _empty(slots):
    """An empty dict with at least ``slots`` slots, all of them free: filled
    with keys 0 … slots (its last key makes it grow), then emptied from its
    last key down, so that no slot is left marked as deleted (a deleted key
    is marked so only when the slot after it is taken)."""
    table = _EMPTY.get(slots)
    if table is None:
        table = dict.fromkeys(range(slots))
        table[slots] = None
        for key in range(slots, -1, -1):
            del table[key]
        _EMPTY[slots] = table
    return table


def roomy(entries=None):
    """(a new dict holding ``entries``' items, if given, with room for as
    many again, and its room: the size past which to call ``roomy`` again
    with it, before it is half full)."""
    if not _NEEDED:
        return ({} if entries is None else dict(entries)), 1 << 62
    size = 0 if entries is None else len(entries)
    for slots in SLOTS:
        if 4 * size < slots:
            break
    else:
        return dict(entries), 1 << 62  # beyond the largest: MicroPython's own growth
    table = _empty(slots).copy()
    if entries:
        table.update(entries)
    return table, slots >> 1
