"""The search builds each child with its own fast bookkeeping (the columns'
memo, the hash and the heuristic changed move by move, the safe moves played
without ``state.settle``): every child must be the position its moves give,
with the hash and heuristic worked out from scratch."""

import random

import pytest

from seahaven import Game
from seahaven.solver.search import Search
from seahaven.solver.state import CELL, HOME, from_position, position_hash


def played(cols, cells, found, moves):
    """The position after internal moves (src, dst, n, card), worked out plainly."""
    cols, cells, found = list(cols), list(cells), list(found)
    for src, dst, n, card in moves:
        if src == CELL:
            cells.remove(card)
            moved = bytes((card,))
        else:
            moved = cols[src][-n:]
            cols[src] = cols[src][:-n]
        if dst == HOME:
            found[card // 13] += 1
        elif dst == CELL:
            cells.append(card)
        else:
            cols[dst] += moved
    return cols, bytes(sorted(cells)), tuple(found)


def positions(cells, count, seed):
    """Deals, and the same after up to 60 random moves (no foundation move taken back)."""
    rng = random.Random(seed)
    for number in range(count):
        game = Game.from_number(number, cells)
        yield game.position
        for _ in range(rng.randrange(60)):
            moves = [m for m in game.legal_moves() if not m.text.startswith("f")]
            if not moves:
                break
            game.play(rng.choice(moves).text)
        yield game.position


@pytest.mark.parametrize("cells", [4, 2, 1])
def test_every_child_is_the_position_its_moves_give(cells):
    checked = 0
    for pos in positions(cells, 40, seed=cells):
        cols, cell_cards, found, _ = from_position(pos)
        search = Search(cells)
        cols = list(cols)
        h = search.score(cols, cell_cards, found)
        for macro, ncols, ncells, nfound, cost, nz, nh in search.children(
                cols, cell_cards, found, position_hash(cols, cell_cards), h):
            moves = search.moves_of(cols, cell_cards, found, macro)
            assert (ncols, ncells, nfound) == played(cols, cell_cards, found, moves)
            assert cost == sum(1 for m in moves if m[1] != HOME)
            assert nz == position_hash(ncols, ncells)
            assert nh == search.score(ncols, ncells, nfound)
            checked += 1
    assert checked > 100
