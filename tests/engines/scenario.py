"""The facts the engines' steps play, found by the engine itself: a deal and
the moves a player makes on it (a card home by a tap, a double tap, a run
dragged, a drop refused), and a game one tap from its win. Run under
MicroPython by scenario.mjs (any Python with the engine runs it the same);
``found`` holds the result as JSON text."""

import json

from seahaven import Game, Move
from seahaven.errors import IllegalMove

COLUMNS = ["t%d" % i for i in range(1, 11)]


def _top(game, place):
    cards = game.cards(place)
    return cards[-1] if cards else None


def _step(game, move):
    """``move`` as the player makes it: the cards it carries, from where, to where."""
    value = Move.parse(move) if isinstance(move, str) else move
    cards = game.cards(value.source)[-value.n:]
    game.play(value)
    return {"cards": cards, "from": value.source, "to": value.target, "move": value.text}


def _home(game):
    for place in COLUMNS:
        move = game.tap(place)
        if move is not None:
            return move
    return None


def _double(game):
    """A double tap that moves a single card onto another column (not home, so
    that it is told from a tap)."""
    for place in COLUMNS:
        move = game.double_tap(place)
        if move is not None and move.target.startswith("t") and move.n == 1:
            return move
    return None


def _run(game):
    for move in game.legal_moves():
        if move.n >= 2 and move.source.startswith("t") and move.target.startswith("t") and game.cards(move.target):
            return move
    return None


def _refused(game):
    """A top card dropped on a column that does not take it: the engine's refusal."""
    for src in COLUMNS:
        for dst in COLUMNS:
            if src == dst or not game.cards(src) or not game.cards(dst):
                continue
            try:
                game.find_move(src, dst, 1)
            except IllegalMove as err:
                return {"cards": [_top(game, src)], "from": src, "to": dst,
                        "error": {"key": err.key, "params": err.params, "message": str(err)}}
    return None


def play_deal(limit=2000):
    """The first 4-cell deal where a tap, then a double tap, then a run's drag
    each have a move, then a drop to refuse, and that is still winnable (the
    solver's mark and its hint)."""
    from seahaven.solver import solve

    for number in range(limit):
        game = Game.from_number(number, 4)
        steps = []
        for find in (_home, _double, _run):
            move = find(game)
            if move is None:
                break
            steps.append(_step(game, move))
        if len(steps) < 3:
            continue
        refused = _refused(game)
        if refused is None or solve(game, max_nodes=200000).status != "winnable":
            continue
        start = Game.from_number(number, 4)
        return {"code": start.code, "home": steps[0], "double": steps[1], "run": steps[2], "refused": refused,
                "legal": [m.text for m in game.legal_moves()]}
    raise AssertionError("no deal found")


def near_win(code, line, taps=1):
    """A saved game of ``code`` with all of ``line`` played but its last ``taps``
    moves (cards sent home, each from another place), which the player taps."""
    last = [Move.parse(m) for m in line[-taps:]]
    assert all(m.target.startswith("f") for m in last)
    assert len({m.source for m in last}) == taps
    game = Game.from_code(code)
    for move in line[:-taps]:
        game.play(move)
    record = {"v": 1, "game": game.save(), "elapsed": 60}
    return {"code": code, "record": json.dumps(record), "taps": [_step(game, m) for m in last]}


def find():
    from seahaven.solver import solve

    win_code = "SH1-C4-AAAAAJ2"
    line = [m.text if hasattr(m, "text") else m for m in solve(Game.from_code(win_code)).moves]
    return {"play": play_deal(), "win": near_win(win_code, line)}


found = json.dumps(find())
