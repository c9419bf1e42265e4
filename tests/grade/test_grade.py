"""Grading a deal (seahaven.grade): the predictor's parts, the tier boundaries,
deals that are not winnable, and par."""

import pytest

from seahaven import BadCode, Game, grade, player
from seahaven.solver import NOT_WINNABLE, WINNABLE, solve

WINNABLE_CODES = ["SH1-C4-AAAAAJ2", "SH1-C4-AAAAAAB", "SH1-C2-CKUW5VD", "SH1-C1-5AVZU7B"]


def test_tiers_are_the_three_named_ones():
    """Three tiers, easiest first, each with its English name."""
    assert ("relaxed", "balanced", "tricky") == grade.TIERS
    assert {"relaxed": "Relaxed", "balanced": "Balanced", "tricky": "Tricky"} == grade.TIER_NAMES


@pytest.mark.parametrize("cells", [4, 2, 1])
def test_boundaries_are_applied_as_declared(cells):
    """Below the first boundary Relaxed, from it Balanced, from the second Tricky."""
    balanced, tricky = grade.BOUNDARIES[cells]
    assert 0 < balanced < tricky
    assert "relaxed" == grade.tier_of(cells, 1)
    assert "relaxed" == grade.tier_of(cells, balanced - 1)
    assert "balanced" == grade.tier_of(cells, balanced)
    assert "balanced" == grade.tier_of(cells, tricky - 1)
    assert "tricky" == grade.tier_of(cells, tricky)
    assert "tricky" == grade.tier_of(cells, 10**9)


def test_predictor_is_effort_times_four_per_quick_game_lost():
    """(solver positions + 1) × 4 ^ quick games lost, in integers."""
    assert 62 == grade.predictor(61, 0)
    assert 248 == grade.predictor(61, 1)
    assert 992 == grade.predictor(61, 2)
    assert 1 == grade.predictor(0, 0)


@pytest.mark.parametrize("code", WINNABLE_CODES)
def test_grade_of_a_winnable_deal_is_built_from_its_parts(code):
    """The solver's effort (node budget only) and the quick games give the predictor, the predictor the tier."""
    g = grade.grade(code)
    cells, number = int(code[5]), Game.from_code(code).number
    assert WINNABLE == g.status
    assert (WINNABLE, g.nodes) == grade.effort(Game.from_code(code).position)
    quick = [
        player.play(number, cells, player.play_seed(number, cells, grade.QUICK_SEEDS + i), lookahead=False)[0]
        for i in range(grade.QUICK_PLAYS)
    ]
    assert quick.count(False) == g.slips
    assert grade.predictor(g.nodes, g.slips) == g.predictor
    assert grade.tier_of(cells, g.predictor) == g.tier
    assert {"code": code, "status": WINNABLE, "tier": g.tier, "predictor": g.predictor, "nodes": g.nodes,
            "quick_lost": g.slips, "quick_plays": grade.QUICK_PLAYS} == g.to_dict()


# Positions the reference search expands for a few deals, as when the tiers were
# calibrated (bench/grade.py): the grade's effort must not move with the solver's
# own search (design §8), or daily deals already served would change.
CALIBRATED_EFFORT = {"SH1-C4-AAAAAJ2": 215, "SH1-C4-625SENJ": 5941, "SH1-C4-I37OBU6": 81, "SH1-C2-OVBGDM6": 157,
                     "SH1-C1-TITSDFS": 26}


@pytest.mark.parametrize("code, nodes", sorted(CALIBRATED_EFFORT.items()))
def test_the_grades_effort_is_the_calibrated_search(code, nodes):
    """The reference search expands what it did when the tiers were set, whatever the solver's order."""
    assert (WINNABLE, nodes) == grade.effort(Game.from_code(code).position)


def test_grading_is_repeatable_and_ignores_case_and_spaces():
    """The same code always gets the same grade."""
    first = grade.grade("SH1-C4-AAAAAJ2").to_dict()
    assert first == grade.grade(" sh1-c4-aaaaaj2 ").to_dict()


def test_a_deal_that_cannot_be_won_has_no_tier():
    """Not winnable: no tier, no predictor."""
    g = grade.grade("SH1-C2-AAAAAJ2")
    assert (NOT_WINNABLE, None, None) == (g.status, g.tier, g.predictor)


def test_a_bad_code_is_refused():
    """grade() of something that is not a code raises BadCode, naming the part."""
    with pytest.raises(BadCode, match="C9"):
        grade.grade("SH1-C9-AAAAAJ2")


def test_par_is_a_winning_line_no_longer_than_the_plain_one():
    """Par: the length of the line found with the extra shortening budget; None when not winnable."""
    code = "SH1-C4-AAAAAJ2"
    plain = solve(Game.from_code(code).position, max_nodes=grade.GRADE_NODES)
    assert 0 < grade.par(code) <= len(plain.moves)
    assert grade.par("SH1-C2-AAAAAJ2") is None
