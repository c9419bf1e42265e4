"""The search builds each child with its own fast bookkeeping (the columns'
memo, the hash and the heuristic changed move by move, the safe moves played
without ``state.settle``): every child must be the position its moves give,
with the hash and heuristic worked out from scratch."""

import random

import pytest

from seahaven import Game, Position
from seahaven.solver.search import Search, Verdicts
from seahaven.solver.state import CELL, HOME, from_position, kings_in_columns, position_hash

from .internal import as_position


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


@pytest.mark.parametrize("cells", [4, 2, 1])
def test_every_child_over_forms_is_settled_in_its_form_with_its_hash_and_heuristic(cells):
    """The review's search (over the forms of the solver's fact F6) changes a child's
    hash and heuristic as it puts kings down: each must be what a child worked out from
    scratch has, and each child settled and its own form."""
    checked = {"children": 0, "kings in cells": 0}
    for pos in positions(cells, 60, seed=10 + cells):
        cols, cell_cards, found, _ = from_position(pos)
        form = kings_in_columns(cols, cell_cards, found)
        if form is not None:
            cols, cell_cards, found = form
        search = Search(cells, classes=True)
        cols = list(cols)
        h = search.score(cols, cell_cards, found)
        checked["kings in cells"] += any(c % 13 == 12 for c in cell_cards)
        for _, ncols, ncells, nfound, _, nz, nh in search.children(
                cols, cell_cards, found, position_hash(cols, cell_cards), h):
            assert nz == position_hash(ncols, ncells)
            assert nh == search.score(ncols, ncells, nfound)
            assert kings_in_columns(ncols, ncells, nfound) is None
            settled = from_position(as_position(ncols, ncells, nfound, cells))
            assert settled[3] == [] and (list(settled[0]), settled[1]) == (list(ncols), ncells)
            checked["children"] += 1
    assert checked["children"] > 100 and checked["kings in cells"] >= 3, checked


def test_children_over_forms_in_searches_that_put_kings_down(monkeypatch):
    """The same for every position two searches over forms meet, where kings come
    down after a move (``_forms``) and members move runs their form may not (``_beyond``)."""
    from .test_facts import BEYOND

    made = {"_forms": 0, "_beyond": 0}
    forms, beyond = Search._forms, Search._beyond

    def counted_forms(self, kids, seen):
        out = forms(self, kids, seen)
        given = {id(kid) for kid in kids}
        made["_forms"] += sum(id(kid) not in given for kid in out)
        return out

    def counted_beyond(self, *args):
        out = args[-1]
        before = len(out)
        beyond(self, *args)
        made["_beyond"] += len(out) - before

    monkeypatch.setattr(Search, "_forms", counted_forms)
    monkeypatch.setattr(Search, "_beyond", counted_beyond)
    for pos in (Position.from_text(BEYOND), Game.from_code("SH1-C4-AAAAAAC").position):
        cols, cells, found, _ = from_position(pos)
        search = Search(len(pos.cells), classes=True)
        search.decide(list(cols), cells, found, Verdicts())
        for node in list(search.seen.values()):
            ncols, ncells, nfound = node[2], node[3], node[4]
            other = Search(len(pos.cells), classes=True)
            for _, kcols, kcells, kfound, _, kz, kh in other.children(
                    ncols, ncells, nfound, position_hash(ncols, ncells), other.score(ncols, ncells, nfound)):
                assert kz == position_hash(kcols, kcells)
                assert kh == other.score(kcols, kcells, kfound)
                assert kings_in_columns(kcols, kcells, kfound) is None
    assert made["_forms"] >= 20 and made["_beyond"] >= 10, made
