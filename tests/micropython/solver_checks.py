"""Solver checks that run unchanged under MicroPython (the solver's worker) and CPython.

Run: ``node tools/mpy_run.mjs tests/micropython/solver_checks.py`` (MicroPython),
or ``PYTHONPATH=. python3 tests/micropython/solver_checks.py`` (CPython). A sample
of deals of each cell count, kept small so the check stays quick: every line
printed is deterministic (status, node count and the winning line), so the two
outputs can be compared; the last line is ``ok N``.
"""

from seahaven import Game
from seahaven.solver import NOT_WINNABLE, UNKNOWN, WINNABLE, solve
from seahaven.solver.tables import roomy

DEALS = {4: range(6), 2: range(6), 1: range(8)}
count = 0
for cells in (4, 2, 1):
    for number in DEALS[cells]:
        game = Game.from_number(number, cells)
        result = solve(game.position, max_nodes=20000)
        assert result.status in (WINNABLE, NOT_WINNABLE, UNKNOWN)
        if result.status == WINNABLE:
            replay = Game.from_number(number, cells)
            for move in result.moves:
                replay.play(move)
            assert replay.won
        print(game.code, result.status, result.nodes, " ".join(result.moves))
        count += 1
# A budget of nodes ends in "unknown", never an error.
assert solve(Game.from_number(3, 4).position, max_nodes=1).status in (UNKNOWN, WINNABLE)
# The clock runs on both runtimes and a time budget is honoured.
assert solve(Game.from_number(0, 4).position, budget_seconds=30).seconds >= 0
# A table made with room keeps every entry as it is made again, larger, past its room.
table, room = roomy()
for k in range(5000):
    table[k * 7919 % 1000003] = k
    if len(table) > room:
        table, room = roomy(table)
        assert room >= len(table)
assert len(table) == 5000 and all(table[k * 7919 % 1000003] == k for k in range(5000))
assert -1 not in table and 1000003 not in table
print("ok", count + 3)
