"""The pruning facts of seahaven/solver/, each checked against a plain
exhaustive search (tests/solver/exhaustive.py) on small positions, and the
solver's verdicts against the same search."""

import random

from seahaven import rules, solver
from seahaven.game import Game
from seahaven.position import CELL0, FOUND0, Position

from . import exhaustive as ex


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
