"""The player, the grade and the daily deal under MicroPython (the page's
runtime, via Node) print exactly what they print under CPython."""

from ..micropython_runs import checks, needs_micropython, same_under_both


@needs_micropython
def test_micropython_grades_and_picks_the_daily_deal_like_cpython():
    """Same games, grades, day numbers and daily deals on both runtimes."""
    assert same_under_both(checks("grade"), timeout=600).strip().endswith("ok 19")
