"""A plain exhaustive search on the engine's own rules, to check the solver against.

It shares nothing with ``seahaven.solver``: it plays every legal move of
``seahaven.rules`` on ``Position`` objects, with only the symmetry of column and
cell order (a position and its permutations are one node). Options switch
single pruning facts on or off so that each fact can be tested alone.
"""

import random

from seahaven import rules
from seahaven.deal import deal_layout
from seahaven.position import CELL0, FOUND0, Position


class TooBig(Exception):
    """The reachable space is larger than the limit: no verdict."""


def canonical(pos):
    cells = tuple(sorted(c for c in pos.cells if c is not None))
    return tuple(sorted(tuple(c) for c in pos.cols)), cells, tuple(pos.found)


def every_move(pos, from_foundation=True):
    """Every legal move as a one-move sequence."""
    return [(m,) for m in rules.legal_moves(pos) if from_foundation or m[0] < FOUND0]


def whole_run_moves(pos, from_foundation=True):
    """Legal moves, except that a card lying on its parent never goes alone into a cell;
    instead a whole run may go into cells, card by card, as one step (fact F4)."""
    out = []
    free = [CELL0 + j for j in range(len(pos.cells)) if pos.cells[j] is None]
    for m in rules.legal_moves(pos):
        src, dst, _ = m
        if src >= FOUND0 and not from_foundation:
            continue
        if src < CELL0 and CELL0 <= dst < FOUND0 and rules.run_length(pos.cols[src]) > 1:
            continue
        out.append((m,))
    for i in range(10):
        run = rules.run_length(pos.cols[i])
        if 1 < run <= len(free):
            out.append(tuple((i, free[k], 1) for k in range(run)))
    return out


def winnable(pos, moves=every_move, limit=20000, **options):
    """True / False by trying everything reachable; TooBig past ``limit`` positions."""
    start = pos.copy()
    seen = {canonical(start)}
    todo = [start]
    while todo:
        p = todo.pop()
        if p.won():
            return True
        for seq in moves(p, **options):
            q = p.copy()
            for m in seq:
                rules.apply(q, m)  # legal: from legal_moves, or a run into free cells
            k = canonical(q)
            if k not in seen:
                if len(seen) >= limit:
                    raise TooBig()
                seen.add(k)
                todo.append(q)
    return False


def from_deal(rng, cells, left):
    """A real deal with all but about ``left`` of the highest cards already home."""
    columns, slots = deal_layout(rng.randrange(1 << 35), cells)
    counts = [0, 0, 0, 0]
    for _ in range(left):
        counts[rng.randrange(4)] += 1
    found = [13 - min(c, 13) for c in counts]

    def keep(c):
        return c % 13 >= found[c // 13]

    cols = [[c for c in col if keep(c)] for col in columns]
    cells_ = [c if c is not None and keep(c) else None for c in slots]
    return Position(cols, cells_, found)


def scattered(rng, cells, left, columns):
    """The highest cards of random suits, shuffled over a few columns and the cells."""
    counts = [0, 0, 0, 0]
    for _ in range(left):
        counts[rng.randrange(4)] += 1
    found = [13 - min(c, 13) for c in counts]
    cards = [s * 13 + r for s in range(4) for r in range(found[s], 13)]
    rng.shuffle(cards)
    slots = [None] * cells
    for j in range(rng.randrange(cells + 1)):
        if cards:
            slots[j] = cards.pop()
    rng.shuffle(slots)
    cols = [[] for _ in range(10)]
    for c in cards:
        cols[rng.randrange(columns)].append(c)
    rng.shuffle(cols)
    return Position(cols, slots, found)


def positions(seed, count, cells_choices=(1, 2, 4), left=(8, 20)):
    """A reproducible mix of small positions of both kinds."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        cells = rng.choice(cells_choices)
        n = rng.randrange(left[0], left[1])
        if i % 2:
            out.append(scattered(rng, cells, n, rng.choice((3, 4, 6, 10))))
        else:
            out.append(from_deal(rng, cells, n + 16))
    return out
