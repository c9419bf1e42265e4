"""Difficulty checks that run unchanged under MicroPython (the page) and CPython.

Run: ``node tools/mpy_run.mjs tests/micropython/grade_checks.py`` (MicroPython),
or ``PYTHONPATH=. python3 tests/micropython/grade_checks.py`` (CPython). Every
line printed is deterministic — the player's games, grades, day numbers and a
daily deal — so the two outputs must be equal: the page finds the same daily
deal and the same tiers as the command line. The last line is ``ok N``.
"""

from seahaven import daily, grade, player

count = 0
for cells, number in ((4, 2765907488), (2, 800666068), (1, 17698007135)):
    for index in (0, 1):
        seed = player.play_seed(number, cells, index)
        print("play", cells, number, index, player.play(number, cells, seed), player.play(number, cells, seed, False))
        count += 1
for code in ("SH1-C4-AAAAAJ2", "SH1-C4-AAAAAAB", "SH1-C2-CKUW5VD", "SH1-C2-AAAAAJ2", "SH1-C1-5AVZU7B"):
    g = grade.grade(code)
    print("grade", g.code, g.status, g.tier, g.predictor, g.nodes, g.slips)
    count += 1
for date in ((1970, 1, 1), (1969, 12, 31), (1, 1, 1), (9999, 12, 31), (2024, 2, 29), (123456, 7, 8)):
    day = daily.day_number(*date)
    print("day", date, day, daily.weekday(day))
    count += 1
for date, cells in (((2026, 12, 24), 4), ((1969, 7, 20), 4)):
    found = daily.daily(date[0], date[1], date[2], cells)
    print("daily", found.date, cells, found.code, found.tier, found.tried, found.listed)
    count += 1
print("ok", count)
