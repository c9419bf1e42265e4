"""The solver worker's exports for the New game dialog's tiers and today's
deal (web/solver_worker.py), run under CPython: the same answers as the
engine's own, and refusals as data."""

import json

import solver_worker

from seahaven import daily, grade


def test_grade_answers_as_the_engine_grades():
    """``grade`` gives the deal's tier and predictor as seahaven.grade does."""
    code = "SH1-C4-AAAAAJ2"
    assert grade.grade(code).to_dict() == json.loads(solver_worker.grade(code))


def test_daily_gives_the_days_deal_with_its_tier_and_par():
    """``daily`` gives the deal of a date and cell count, its tier and its par (as ``daily --json``)."""
    answer = json.loads(solver_worker.daily("2026-12-24", 2))
    found = daily.daily(2026, 12, 24, 2)
    assert {"date": "2026-12-24", "cells": 2, "code": found.code, "tier": found.tier,
            "status": "ok", "par": grade.par(found.code)} == answer


def test_bad_requests_are_refused_with_the_engines_key():
    """A bad date, a bad cell count or a bad code: status "error" with the refusal's key."""
    assert "date-day" == json.loads(solver_worker.daily("2026-02-30", 4))["key"]
    assert "date-shape" == json.loads(solver_worker.daily("tomorrow", 4))["key"]
    assert "code-cells" == json.loads(solver_worker.daily("2026-12-24", 3))["key"]
    answer = json.loads(solver_worker.grade("SH1-C9-AAAAAJ2"))
    assert ("error", "code-cells") == (answer["status"], answer["key"])
