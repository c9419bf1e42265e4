"""The solver's web worker: what the page may ask of it, on MicroPython.

The build precompiles this module and everything it imports (site.toml
[worker]). Its requests are declared once, in ``REQUESTS`` (each: its name,
its arguments with their types, its kind of answer, web/protocol.py), from
which the build writes the page's typed solver API (``#build/solver-api.js``,
tools/generate.py): the page calls ``handle(name, argsJSON)``, the one
function in ``__export__``, and gets the answer as JSON, in the controller's
envelope (web/wire.py): ``{ok: true, …}`` or ``{ok: false, error: {key,
params, message}}``, every field camelCase. A call runs to its end (the
worker reads no message meanwhile), so a long job takes a budget of
seconds; the page cancels one by terminating the worker and starting a fresh
one. ``grade`` and ``daily`` serve the New game dialog's kinds of deal and
today's deal (design §8); they import their modules on first use, so the
worker starts as fast as the solver alone.

A game's review runs here in slices (``seahaven/review.py``): as a call
cannot be interrupted, the page calls ``review_work`` again and again, each
call about ``seconds`` long, showing the progress it returns, and simply
stops calling (then ``review_stop``) when the player closes the review or the
game changes. Between two slices the worker answers hints as usual. A fresh
worker knows no review: ``review_work`` then says "gone" and the page starts
it again. Par is found once per deal and remembered, for the win and for the
review; the page has it found in slices as soon as a deal is dealt
(``par_work``), so that the win dialog finds it known.

To add a request: write its function here (its answer a dict, ``accepted``;
a refusal raised as a SeahavenError), declare it in ``REQUESTS`` and its
answer's type in web/protocol.py, and list in site.toml [worker] any module
it imports that the page's engine (pyscript.toml [files]) does not hold.
"""

import gc

from wire import Arg, Request, accepted, answer_text, camel_keys, handled, table

from seahaven.game import Game
from seahaven.move import Move
from seahaven.review import Review, par_slices
from seahaven.solver import WINNABLE
from seahaven.solver import solve as solve_position
from seahaven.solver.clock import now

#: Seconds a search for Hint or the winnable mark may take: 99.99 % of positions
#: are decided within 3 s (docs/decisions/solver-in-micropython.md).
BUDGET_SECONDS = 3
#: Seconds a single search of a review may take before its verdict is "unknown"
#: (its node budget usually ends it first): the worker is never held longer.
REVIEW_SEARCH_SECONDS = 3
#: Seconds one call asking for par may take; a deal whose par is not found in
#: time has none shown (its search goes on at the next call).
PAR_SECONDS = 5

_review = None  # [number, Review]: the one review in progress
_reviews = 0  # reviews started, to tell a slice of an old review from the current one
_pars = {}  # deal code -> par line (list of moves), or None when none was found
_par = None  # [deal code, par_slices generator]: the par being found


def _span():
    """Bytes the heap spans now, and room for one more area of it: MicroPython's
    ``gc.mem_free()`` counts that room too (128 MiB in its webassembly port, a
    constant that differences cancel). 0 where there is no such count (CPython)."""
    return gc.mem_alloc() + gc.mem_free() if hasattr(gc, "mem_alloc") else 0


_START = _span()  # the heap once everything is imported
_largest = [_START]  # the most it has spanned at the end of a call


def _measured(function):
    """``function``, noting as it returns how far the heap spans. MicroPython's
    webassembly port collects no garbage during a call, only once the call has
    returned to JavaScript: a long search grows the heap by areas of garbage
    until then, so its end is the call's largest heap. The WebAssembly memory
    grown for it is never given back, though the collection may free the areas."""

    def measured(*args):
        try:
            return function(*args)
        finally:
            span = _span()
            if span > _largest[0]:
                _largest[0] = span

    return measured


def without_repeats(text, moves):
    """The line ``moves`` from the position ``text`` with every stretch that
    comes back to a position already on it cut out: the same win, and a player
    following it (the page's Hint) never sees a position twice. The solver's
    lines may carry such a detour (a card put into a cell and taken back)."""
    game = Game.from_text(text)
    seen = {game.position.key(): 0}  # position -> how many moves of the kept line lead to it
    kept = []
    for move in moves:
        game.play(move)
        key = game.position.key()
        if key in seen:
            del kept[seen[key]:]
            seen = {k: i for k, i in seen.items() if i <= len(kept)}
        else:
            kept.append(move)
            seen[key] = len(kept)
    return kept


def solve(text, seconds):
    """Solve a position (design §5 text) within ``seconds``; every winning line
    is replayed by the engine, and never passes through one position twice
    (``without_repeats``). The moves are values (``Move.to_dict()``: text,
    from, to, n), so the page never splits move text."""
    answer = solve_position(text, budget_seconds=float(seconds)).to_dict()
    moves = without_repeats(text, answer["moves"]) if answer["moves"] else []
    answer["moves"] = [Move.parse(move).to_dict() for move in moves]
    answer["length"] = len(moves)
    return accepted(answer)


def _par_line(code, seconds):
    """Work on the par of a deal for about ``seconds`` (at least one slice of
    128 positions): its par line (None when there is none), or False while
    unfinished. Node budgets only (``seahaven.review``): the same par on every
    runtime however it is sliced. BadCode for a bad code."""
    global _par
    if code in _pars:
        return _pars[code]
    if _par is None or _par[0] != code:
        _par = [code, par_slices(code)]
    end = now() + seconds
    try:
        for result in _par[1]:
            if result is not None:
                _par = None
                _pars[code] = result.moves if result.status == WINNABLE else None
                return _pars[code]
            if now() >= end:
                return False
    except ValueError:
        _par = None
        raise
    return False


def par(code):
    """Par of a deal: ``{code, par}``, the number of moves of the shortest win
    the solver finds (null when it finds none, or none in ``PAR_SECONDS``)."""
    line = _par_line(code, PAR_SECONDS)
    return accepted({"code": code, "par": len(line) if line else None})


def par_work(code, seconds):
    """One slice of the par of a deal, about ``seconds`` long: ``{code,
    state}``, "working" or "done", and once done ``par`` as ``par`` gives it.
    The page asks for slices while the player plays, between its other
    questions, so that the par is known when the game is won."""
    line = _par_line(code, float(seconds))
    if line is False:
        return accepted({"code": code, "state": "working"})
    return accepted({"code": code, "state": "done", "par": len(line) if line else None})


def review_start(code, moves):
    """Begin the review of a game: its deal code and its moves' texts. Answers
    the review's number for ``review_work``, or refuses naming what is wrong
    with the game."""
    global _review, _reviews
    _review = None
    review = Review.of(code, moves, par=_pars.get(code) or False, budget_seconds=REVIEW_SEARCH_SECONDS)
    _reviews += 1
    _review = [_reviews, review]
    return accepted({"review": _reviews})


def review_work(review, seconds):
    """One slice of the review numbered ``review``, about ``seconds`` long (at
    least one search): ``state`` ("working", "done", or "gone" when another
    review replaced it), ``progress`` ({stage, done, total}) and the
    ``review`` so far (``Review.to_dict(full=True)``, its fields camelCase)."""
    global _review
    if _review is None or _review[0] != review:
        return accepted({"state": "gone"})
    running = _review[1]
    finished = running.work(float(seconds))
    if finished:
        _review = None
    return accepted({"state": "done" if finished else "working", "progress": running.progress(),
                     "review": camel_keys(running.to_dict(full=True))})


def review_stop(review):
    """Drop the review numbered ``review`` (the player closed it, or the game changed)."""
    global _review
    if _review is not None and _review[0] == review:
        _review = None
    return accepted({})


def grade(code):
    """A deal's grade (``seahaven.grade``): status, tier, predictor."""
    from seahaven import grade as grading

    return accepted(camel_keys(grading.grade(code).to_dict()))


def daily(date, cells):
    """The deal of a date ("2026-12-24", UTC) for a cell count, with its tier
    and par (the moves of the review's par line): looked up for the years the
    table lists, else found here (seconds on a phone)."""
    from seahaven import daily as days

    year, month, day = days.parse_date(date)
    found = days.daily(year, month, day, cells)
    answer = found.to_dict()
    if found.listed:  # found ahead, par too (seahaven.daily_table)
        answer["par"] = found.par
    else:
        line = _par_line(found.code, PAR_SECONDS)
        answer["par"] = len(line) if line else None
    return accepted(answer)


def ping():
    """The page's first call: the worker has imported everything and answers."""
    return accepted({})


def memory():
    """The worker's memory: ``used``, the bytes of heap in use now (the
    garbage of earlier calls collected), and ``grown``, how far its heap has
    grown past its size at start at its largest, which the worker's
    WebAssembly memory has kept: the page replaces a worker grown too big."""
    used = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    return accepted({"used": used, "grown": _largest[0] - _START})


def read_link(text):
    """A game link read here rather than on the page's thread (a link of
    5,000 moves takes the engine about a second to read): its deal code and
    its moves' texts, for the controller's ``open_line``, or the refusal."""
    from seahaven.share import decode

    game = decode(text)
    return accepted({"code": game.code, "moves": [move.text for move in game.history]})


# -- the protocol ---------------------------------------------------------------------

REQUESTS = table([
    # each: its name, the function that answers, its arguments (web/wire.py Arg), its answer (web/protocol.py)
    Request("solve", solve, [Arg("text", "str"), Arg("seconds", "float", BUDGET_SECONDS)], "Solution"),
    Request("par", par, [Arg("code", "str")], "Par"),
    Request("par_work", par_work, [Arg("code", "str"), Arg("seconds", "float")], "ParWork"),
    Request("review_start", review_start, [Arg("code", "str"), Arg("moves", "str[]")], "ReviewStarted"),
    Request("review_work", review_work, [Arg("review", "int"), Arg("seconds", "float")], "ReviewSlice"),
    Request("review_stop", review_stop, [Arg("review", "int")], "Done"),
    Request("grade", grade, [Arg("code", "str")], "Grade"),
    Request("daily", daily, [Arg("date", "str"), Arg("cells", "int")], "Daily"),
    Request("ping", ping, [], "Done"),
    Request("memory", memory, [], "Memory"),
    Request("read_link", read_link, [Arg("text", "str")], "LinkLine"),
])


def answer(name, args):
    """The answer to one request (``args``: a dict, None for none), never raised (web/wire.py)."""
    return handled(REQUESTS, name, args, lambda request, values: request.function(*values))


@_measured
def handle(name, payload):
    """What the page calls: a request's name and its arguments as JSON text, the answer as JSON text."""
    return answer_text(answer, name, payload, "solver-error", print)


__export__ = ["handle"]
