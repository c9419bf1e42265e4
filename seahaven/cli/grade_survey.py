"""The difficulty part of ``python -m seahaven survey``: tier shares and how well
the grade's predictor ranks deals like the player model (Spearman's rho).

Each winnable deal is graded (``seahaven.grade``) and played ``plays`` times
by the player model (``seahaven.player``), in parallel like the rest of the
survey. bench/grade.py runs the same measurement at scale.
"""

import os

from .. import grade, player
from ..solver import WINNABLE
from .rank_correlation import spearman


def measure(job):
    """Worker: (cells, number, plays) -> (number, tier, predictor, loss rate); tier None if not graded."""
    cells, number, plays = job
    g = grade.grade_deal(cells, number)
    if g.status != WINNABLE:
        return number, None, None, None
    return number, g.tier, g.predictor, player.loss_rate(number, cells, plays)


def measure_all(cells, numbers, plays, jobs=None):
    """measure() for every deal, over ``jobs`` processes, in deal order."""
    work = [(cells, n, plays) for n in numbers]
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1 or len(work) < 2:
        return [measure(item) for item in work]
    import multiprocessing

    with multiprocessing.Pool(jobs) as pool:
        return pool.map(measure, work, chunksize=2)


def summary(cells, rows, plays):
    """Tier shares and the predictor's rank correlation with the loss rate, as a JSON-able dict."""
    graded = [r for r in rows if r[1] is not None]
    n = len(graded)
    return {
        "cells": cells,
        "graded": n,
        "plays": plays,
        "tiers": {t: (sum(1 for r in graded if r[1] == t) / n if n else 0.0) for t in grade.TIERS},
        "mean_loss": sum(r[3] for r in graded) / n if n else None,
        "spearman": spearman([r[2] for r in graded], [r[3] for r in graded]) if n > 1 else None,
    }


def format_summary(s):
    if not s["graded"]:
        return "  tiers: no winnable deal graded"
    rho = "-" if s["spearman"] is None else "%.2f" % s["spearman"]
    return "\n".join([
        "  tiers of the %d winnable deals: " % s["graded"]
        + ", ".join("%s %.1f %%" % (grade.TIER_NAMES[t], 100 * s["tiers"][t]) for t in grade.TIERS),
        "  player model: loses %.2f of %d games per deal on average; Spearman rho with the predictor %s"
        % (s["mean_loss"], s["plays"], rho),
    ])
