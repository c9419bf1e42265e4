"""The solver's web worker: the exact solver, answering the page's requests.

Started only after the board is playable. The page awaits ``solve`` with a
position text and a time budget and gets the result as JSON text, its moves
structured (``Move.to_dict()``: ``text``, ``from``, ``to``, ``n``) so the page
never splits move text.

A game's review runs here in slices (``seahaven/review.py``): a worker cannot
be interrupted while Python runs, so the page calls ``review_work`` again and
again, each call about ``seconds`` long, showing the progress it returns, and
simply stops calling (then ``review_stop``) when the player closes the review
or the game changes. Between two slices the worker answers hints as usual.
Par is found once per deal (``par``) and remembered, for the win and for the
review.
"""

import json

from seahaven.move import Move
from seahaven.review import Review, par_line
from seahaven.solver import WINNABLE
from seahaven.solver import solve as solve_position

#: Seconds a single search of a review may take before its verdict is "unknown"
#: (its node budget usually ends it first): the worker is never held longer.
REVIEW_SEARCH_SECONDS = 3
#: Seconds par may take; a deal whose par is not found in time has none shown.
PAR_SECONDS = 5

_review = None  # [number, Review]: the one review in progress
_reviews = 0  # reviews started, to tell a slice of an old review from the current one
_pars = {}  # deal code -> par line (list of moves), or None when none was found


def solve(text, budget_seconds):
    """Solve a position (design §5 text); every winning line is replayed by the engine."""
    try:
        result = solve_position(str(text), budget_seconds=float(budget_seconds))
    except ValueError as exc:
        return json.dumps({"status": "error", "message": str(exc), "moves": []})
    answer = result.to_dict()
    answer["moves"] = [Move.parse(move).to_dict() for move in answer["moves"]]
    return json.dumps(answer)


def par(code):
    """Par of a deal as JSON: ``{"code", "par"}``, the number of moves of the
    shortest win the solver finds (null when it finds none in time)."""
    code = str(code)
    if code not in _pars:
        try:
            result = par_line(code, budget_seconds=PAR_SECONDS)
        except ValueError as exc:
            return json.dumps({"code": code, "par": None, "error": str(exc)})
        line = result.moves if result.status == WINNABLE else None
        if result.status != "unknown":  # an unknown par may be found another time
            _pars[code] = line
    else:
        line = _pars[code]
    return json.dumps({"code": code, "par": None if line is None else len(line)})


def review_start(code, moves):
    """Begin the review of a game: its deal code and moves (a JSON list of
    move texts). Returns the review's number (JSON) for ``review_work``, or
    an error naming what is wrong with the game."""
    global _review, _reviews
    _review = None
    try:
        review = Review.of(str(code), json.loads(str(moves)), par=_pars.get(str(code)) or False,
                           budget_seconds=REVIEW_SEARCH_SECONDS)
    except ValueError as exc:
        return json.dumps({"error": str(exc)})
    _reviews += 1
    _review = [_reviews, review]
    return json.dumps({"review": _reviews})


def review_work(number, seconds):
    """One slice of the review ``number``, about ``seconds`` long (at least one
    search). Returns JSON: ``state`` ("working", "done", or "gone" when another
    review replaced it), ``progress`` ({stage, done, total}) and the
    ``review`` so far (``Review.to_dict(full=True)``)."""
    global _review
    if _review is None or _review[0] != int(number):
        return json.dumps({"state": "gone"})
    review = _review[1]
    finished = review.work(float(seconds))
    out = {"state": "done" if finished else "working", "progress": review.progress(),
           "review": review.to_dict(full=True)}
    if finished:
        _review = None
    return json.dumps(out)


def review_stop(number):
    """Drop the review ``number`` (the player closed it, or the game changed)."""
    global _review
    if _review is not None and _review[0] == int(number):
        _review = None
    return "stopped"


def ping():
    return "ready"


__export__ = ["solve", "par", "review_start", "review_work", "review_stop", "ping"]
