"""The review and game links under MicroPython (the solver's worker runtime, via
Node): the shared check script prints exactly what it prints under CPython."""

from ..micropython_runs import checks, needs_micropython, same_under_both


@needs_micropython
def test_review_and_links_under_micropython_match_cpython():
    """Same verdicts, kept moves, critical marks, losing move, alternative, par and links;
    the review runs in slices (work) as a worker would run it."""
    last = same_under_both(checks("review"), timeout=300).strip().split("\n")[-1]
    assert last.startswith("ok ") and int(last[3:]) >= 15
