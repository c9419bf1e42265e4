"""The pruning facts of seahaven/solver/, each checked against a plain
exhaustive search (tests/solver/exhaustive.py) on small positions, and the
solver's verdicts against the same search."""

import random

import pytest

from seahaven import rules, solver
from seahaven.game import Game
from seahaven.position import CELL0, FOUND0, Position
from seahaven.solver.search import Search, Verdicts

from . import exhaustive as ex
from .internal import as_position


def decided(pos, limit=3000, **options):
    """The plain search's verdict, or None when the space is too big to search."""
    try:
        return ex.winnable(pos, limit=limit, **options)
    except ex.TooBig:
        return None


def deals(seed, count, cells):
    rng = random.Random(seed)
    return [Game.from_number(rng.randrange(1 << 35), cells).position for _ in range(count)]


def mixed(seed, count):
    """Small positions (mostly winnable) and real 1- and 2-cell deals (mostly not)."""
    return ex.positions(seed, count) + deals(seed, count // 3, 1) + deals(seed + 1, count // 3, 2)


def home_moves(pos):
    return [m for m in rules.legal_moves(pos) if m[1] >= FOUND0 and m[0] < FOUND0]


def played(pos, *moves):
    out = pos.copy()
    for m in moves:
        rules.check(out, m)
        rules.apply(out, m)
    return out


def test_solver_verdicts_match_an_exhaustive_search():
    """Winnable / not winnable agrees with trying every legal move (no card off a foundation)."""
    seen = {True: 0, False: 0}
    for pos in mixed(11, 36):
        expected = decided(pos, from_foundation=False)
        if expected is None:
            continue
        result = solver.solve(pos)
        assert expected == (result.status == solver.WINNABLE), pos.to_text()
        seen[expected] += 1
    assert seen[True] >= 10 and seen[False] >= 10, seen


def test_f1_sending_a_card_home_never_loses():
    """F1: when a card can go home, the position after the move is winnable iff the one before is."""
    checked = {True: 0, False: 0}
    for pos in mixed(12, 30):
        for move in home_moves(pos)[:2]:
            before = decided(pos, from_foundation=False)
            after = decided(played(pos, move), from_foundation=False)
            if before is None or after is None:
                continue
            assert before == after, (rules.move_text(move), pos.to_text())
            checked[before] += 1
    assert checked[True] >= 5 and checked[False] >= 5, checked


def test_f1_on_positions_with_a_card_taken_back():
    """F1 again, on positions made by taking a foundation's top card back into a cell."""
    checked = 0
    for pos in ex.positions(13, 25):
        for s in range(4):
            free = [j for j in range(len(pos.cells)) if pos.cells[j] is None]
            if not pos.found[s] or not free:
                continue
            back = played(pos, (FOUND0 + s, CELL0 + free[0], 1))
            home = (CELL0 + free[0], FOUND0 + s, 1)
            before = decided(back, from_foundation=False)
            after = decided(played(back, home), from_foundation=False)
            if before is None or after is None:
                continue
            assert before == after, back.to_text()
            checked += 1
    assert checked >= 20


def test_f2_no_card_ever_needs_to_leave_a_foundation():
    """F2: allowing moves off the foundations never turns a lost position into a won one."""
    rng = random.Random(16)
    lost = [ex.from_deal(rng, rng.choice((1, 2)), rng.randrange(30, 46)) for _ in range(30)]
    checked = 0
    for pos in deals(14, 10, 1) + lost:
        if decided(pos, from_foundation=False) is not False:
            continue  # a win without such moves is a win with them
        assert decided(pos, from_foundation=True) in (False, None), pos.to_text()
        checked += 1
    assert checked >= 12


def with_detached_card(pos, rng):
    """Rearrange ``pos`` so that a cell holds X and X+1 lies on top of a column
    (any arrangement of the 52 cards is a position the solver must handle)."""
    table = [c for col in pos.cols for c in col] + [c for c in pos.cells if c is not None]
    pairs = [c for c in table if c % 13 != 12 and c + 1 in table]
    if not pairs:
        return None
    x = rng.choice(pairs)
    cols = [[c for c in col if c not in (x, x + 1)] for col in pos.cols]
    cells = [None if c in (x, x + 1) else c for c in pos.cells]
    if None not in cells:
        rng.choice(cols).append(cells[0])  # make room: a cell card onto some column
        cells[0] = None
    cells[cells.index(None)] = x
    rng.choice(cols).append(x + 1)
    return Position(cols, cells, pos.found[:])


def test_f3_a_cell_card_back_on_its_parent_loses_nothing():
    """F3: with X in a cell and X+1 on top of a column, putting X there keeps the verdict
    (X can always go back into that cell), and the solver's settling does just that."""
    rng = random.Random(17)
    seen = {True: 0, False: 0}
    for pos in mixed(17, 27):
        detached = with_detached_card(pos, rng)
        if detached is None:
            continue
        x = next(c for c in detached.cells if c is not None and c + 1 in [col[-1] for col in detached.cols if col])
        src = detached.cells.index(x) + CELL0
        dst = [i for i, col in enumerate(detached.cols) if col and col[-1] == x + 1][0]
        back = played(detached, (src, dst, 1))
        assert played(back, (dst, src, 1)) == detached
        assert key(detached) == key(back)
        a = decided(detached, from_foundation=False)
        b = decided(back, from_foundation=False) if a is not None else None
        if b is not None:
            assert a == b, detached.to_text()
            seen[a] += 1
    assert seen[True] >= 5 and seen[False] >= 3, seen


def test_f4_runs_can_always_move_whole():
    """F4: forbidding a card that lies on its parent to go alone into a cell (whole runs may
    go into cells card by card) never changes the verdict."""
    seen = {True: 0, False: 0}
    for pos in mixed(18, 30):
        full = decided(pos, from_foundation=False)
        whole = decided(pos, moves=ex.whole_run_moves, from_foundation=False)
        if full is None or whole is None:
            continue
        assert full == whole, pos.to_text()
        seen[full] += 1
    assert seen[True] >= 5 and seen[False] >= 5, seen


def key(pos):
    cols, cells, _, _ = solver.state.from_position(pos)
    return solver.state.canonical_key(cols, cells)


def permuted(pos, rng):
    cols = [c[:] for c in pos.cols]
    cells = pos.cells[:]
    rng.shuffle(cols)
    rng.shuffle(cells)
    return Position(cols, cells, pos.found[:])


def test_canonical_key_ignores_column_and_cell_order():
    """Permuting columns and cells changes neither the key nor the solver's answer."""
    rng = random.Random(19)
    for pos in ex.positions(19, 12) + deals(20, 4, 4):
        other = permuted(pos, rng)
        assert key(pos) == key(other)
        a, b = solver.solve(pos), solver.solve(other)
        assert (a.status, a.nodes) == (b.status, b.nodes)


def test_canonical_key_tells_different_positions_apart():
    """Different positions (after the safe moves) have different keys."""
    keys = {}
    for pos in deals(21, 30, 4) + deals(22, 30, 2):
        cols, cells, found, _ = solver.state.from_position(pos)
        canon = (tuple(sorted(cols)), cells)
        assert keys.setdefault(key(pos), canon) == canon


def test_f5_moves_that_change_nothing_keep_the_key():
    """F5: cell to cell, and a whole king-led column to another empty column, keep the key."""
    rng = random.Random(23)
    cell_moves = column_moves = 0
    for pos in ex.positions(23, 60, cells_choices=(2, 4)):
        for move in rules.legal_moves(pos):
            src, dst, n = move
            same = (CELL0 <= src < FOUND0 and CELL0 <= dst < FOUND0) or (
                src < CELL0 and dst < CELL0 and not pos.cols[dst] and n == len(pos.cols[src])
            )
            if same:
                assert key(pos) == key(played(pos, move))
                if src < CELL0:
                    column_moves += 1
                else:
                    cell_moves += 1
        rng.random()
    assert cell_moves >= 5 and column_moves >= 5, (cell_moves, column_moves)


def test_f5_run_into_cells_next_to_its_parent_is_the_group_move():
    """F5: a whole run sent into cells while its parent is a column top settles (F3)
    into the same position as moving the run onto that parent."""
    checked = 0
    for pos in ex.positions(24, 80, cells_choices=(2, 4)) + deals(25, 40, 4):
        tops = {col[-1]: i for i, col in enumerate(pos.cols) if col}
        free = [CELL0 + j for j in range(len(pos.cells)) if pos.cells[j] is None]
        for i, col in enumerate(pos.cols):
            run = rules.run_length(col)
            head = col[-run] if col else None
            if not col or head % 13 == 12 or head + 1 not in tops or run > len(free):
                continue
            cells = played(pos, *[(i, free[k], 1) for k in range(run)])
            group = played(pos, (i, tops[head + 1], run))
            assert key(cells) == key(group), pos.to_text()
            checked += 1
    assert checked >= 10


def class_verdict(pos, beyond=True):
    """The verdict of the search over F6's forms (the review's); ``beyond``
    False leaves out the children only a member's group size allows."""
    cols, cells, found, _ = solver.state.from_position(pos)
    search = Search(len(pos.cells), classes=True)
    if not beyond:
        search._beyond = lambda *args: None
    return search.decide(list(cols), cells, found, Verdicts())


def free_runs_into_cells(pos, rng):
    """``pos`` after a few random moves, most of them a king's run into cells."""
    pos = pos.copy()
    for _ in range(rng.randrange(1, 6)):
        moves = [m for m in rules.legal_moves(pos) if m[0] < FOUND0]
        kings = [m for m in moves if m[0] < CELL0 <= m[1] < FOUND0 and pos.cols[m[0]][-1] % 13 == 12]
        if not moves:
            break
        rules.apply(pos, rng.choice(kings) if kings and rng.random() < 0.6 else rng.choice(moves))
    return pos


def has_class(pos):
    """Whether F6 changes anything for ``pos``: kings in cells, or a free run that fits in the free cells."""
    cols, cells, _, _ = solver.state.from_position(pos)
    if any(c % 13 == 12 for c in cells):
        return True
    free = len(pos.cells) - len(cells)
    return any(col and col[0] % 13 == 12 and rules.run_length(list(col)) == len(col) <= free for col in cols)



def test_f6_a_king_in_a_cell_and_its_form_reach_each_other():
    """F6: a position with kings in cells beside as many empty columns, and its form
    (the kings down in those columns, their runs after them from the cells), reach each
    other by legal moves, so they are won or lost alike (and the plain search agrees)."""
    rng = random.Random(26)
    seen = {"forms": 0, True: 0}
    for pos in [free_runs_into_cells(p, rng) for p in mixed(26, 60) for _ in range(3)]:
        cols, cells, found, _ = solver.state.from_position(pos)
        form = solver.state.kings_in_columns(cols, cells, found)
        if form is None:
            continue
        start = as_position(cols, cells, found, len(pos.cells))
        down = as_position(*form, len(pos.cells))
        assert not any(c % 13 == 12 for c in form[1])
        # down: each cell king into an empty column, the cards of its run after it
        there = start.copy()
        for king in [c for c in cells if c % 13 == 12]:
            column = there.cols.index([])
            card = king
            while card in there.cells:
                there = played(there, (CELL0 + there.cells.index(card), column, 1))
                card -= 1 if card % 13 else 99
        assert ex.canonical(there) == ex.canonical(down), pos.to_text()
        # and back: each of those runs into free cells, top card first
        back = down.copy()
        for king in [c for c in cells if c % 13 == 12]:
            column = next(i for i, col in enumerate(back.cols) if col and col[0] == king)
            while back.cols[column]:
                back = played(back, (column, CELL0 + back.cells.index(None), 1))
        assert ex.canonical(back) == ex.canonical(start), pos.to_text()
        seen["forms"] += 1
        a = decided(start, from_foundation=False)
        b = decided(down, from_foundation=False) if a is not None else None
        if b is not None:
            assert a == b, pos.to_text()
            seen[a] += 1
    assert seen["forms"] >= 20 and seen[True] >= 10, seen


def test_f6_the_search_over_forms_decides_like_an_exhaustive_search():
    """F6: the review's search, over forms, agrees with trying every legal move, on
    small positions with free runs and kings in cells."""
    rng = random.Random(27)
    seen = {True: 0, False: 0, "with a class": 0}
    for pos in ex.positions(27, 160, cells_choices=(1, 2, 3, 4), left=(10, 24)) + deals(28, 16, 1) + deals(29, 16, 2):
        for q in (pos, free_runs_into_cells(pos, rng)):
            expected = decided(q, from_foundation=False)
            if expected is None:
                continue
            assert class_verdict(q) == expected, q.to_text()
            seen[expected] += 1
            seen["with a class"] += has_class(q)
    assert seen[True] >= 100 and seen[False] >= 30 and seen["with a class"] >= 100, seen


# From a review (SH1-C4-IYK5GYS, moves of plies 20 and 28), the first with
# cards sent home until small: each won only by moving a run that a member of
# some form may move (a king of it in a cell makes an empty column, which
# doubles the group size) and the form itself may not: a king-led run into an
# empty column, and a run onto its parent.
BEYOND = """Foundations: H-0 C-0 D-8 S-0
Freecells: 3C KS TH 5H
: 8C 2H
: JH 2C 8H 9D 6C 5C
: KC JS
: 4C 9H
: 9S 4H TS 3S 2S
:
: AC AH QC KH
: JC 7H KD QD JD TD
: 9C 4S QS AS 6H
: QH 7C 3H TC 8S 7S 6S 5S
"""
BEYOND_ONTO_PARENT = """Foundations: H-0 C-A D-0 S-0
Freecells: 3C KS TH -
: AD 8C 2H 2D 8D
: JH 2C 8H 9D 6C 5C
: KC JS 3D
: 4C 9H
: 9S 4H TS 3S 2S
: 7D 6D 5D 4D
: AH QC KH
: JC 7H KD QD JD TD
: 9C 4S QS AS 6H 5H
: QH 7C 3H TC 8S 7S 6S 5S
"""

# Random, found by a search for it: a king-led run into the column that a
# member's free run left (the form has no empty column).
BEYOND_INTO_A_MEMBERS_COLUMN = """Foundations: H-4 C-3 D-4 S-2
Freecells: -
: 9D 7C 5C
: 8C 6D 9H TS
: QD 8D QS 7H
: 5D 6H 5H 9S JC TC 4C KH
: KC 8H 9C
: 7D JH
: 6S 8S JD TD JS 7S
: KD
: KS TH 3S QH
: 6C 5S 4S QC
"""


@pytest.mark.parametrize("text", [BEYOND, BEYOND_ONTO_PARENT, BEYOND_INTO_A_MEMBERS_COLUMN],
                         ids=["king-led run", "onto its parent", "into a member's column"])
def test_f6_a_member_may_move_a_run_its_form_may_not(text):
    """F6: the children only a member's group size allows are needed: without them the
    search over forms calls these won positions lost."""
    pos = Position.from_text(text)
    assert decided(pos, from_foundation=False) is True
    assert class_verdict(pos) is True
    assert class_verdict(pos, beyond=False) is False
