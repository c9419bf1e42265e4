"""The page's controller (web/controller.py) without a browser: every intent's
answer, the view it draws (with what each place lets the player lift), the
moves it reports as values, refusals that change nothing, and the first game
chosen from the URL, the saved game and the settings."""

import json

import pytest
from controller import INTENTS, Controller, first_game, view_of
from hypothesis import given, settings
from hypothesis import strategies as st

from seahaven import Game, Move
from seahaven.rules import legal_moves, move_text
from tests.notation import notation

CODE = "SH1-C4-AAAAAJ2"
OTHER = "SH1-C1-AAAAAJ3"
COLUMNS = ["t%d" % i for i in range(1, 11)]
RANKS = "A23456789TJQK"


def find_game(predicate, cells=4, limit=5000):
    """The first deal whose fresh game satisfies ``predicate``."""
    for number in range(limit):
        game = Game.from_number(number, cells)
        if predicate(game):
            return game
    raise AssertionError("no deal found")


def ace_on_top(game):
    return next((p for p in COLUMNS if game.cards(p) and game.cards(p)[-1][0] == "A"), None)


def run_of(cards):
    """The same-suit descending run on top of a column, counted from the card texts (an oracle)."""
    n = len(cards)
    k = 1 if cards else 0
    while k < n:
        below, above = cards[n - k - 1], cards[n - k]
        if below[1] != above[1] or RANKS.index(below[0]) != RANKS.index(above[0]) + 1:
            break
        k += 1
    return k


def played_at_random(number, cells, choices):
    """Deal ``number`` with ``cells`` cells and play the legal move each choice picks."""
    game = Game.from_number(number, cells)
    for choice in choices:
        moves = legal_moves(game.position)
        if not moves:
            break
        game.play(move_text(moves[choice % len(moves)]))
    return game


def answer(controller, name, **args):
    """One request as the page sends it: JSON in, JSON out."""
    return json.loads(json.dumps(controller.handle(name, json.loads(json.dumps(args)))))


# -- the view ------------------------------------------------------------------------


def test_view_names_every_place_of_the_deal():
    """A 2-cell deal: ten columns, two cells, four foundations, each listed bottom card first."""
    game = Game.from_code("SH1-C2-AAAAAJ2")
    view = view_of(game)
    assert COLUMNS + ["c1", "c2", "f1", "f2", "f3", "f4"] == list(view["places"])
    assert {"code": "SH1-C2-AAAAAJ2", "cells": 2, "score": 0, "moves": 0, "canUndo": False, "canRedo": False,
            "won": False, "stuck": False, "finish": False} == {
                k: v for k, v in view.items() if k not in ("places", "lift", "dests")}
    for place in view["places"]:
        assert game.cards(place) == view["places"][place][-1:] if place[0] == "f" else game.cards(place)


def test_lift_is_the_run_of_a_column_and_one_card_elsewhere():
    """``lift`` gives a column's top run, one card for a filled cell or foundation, 0 for an empty place."""
    game = find_game(lambda g: ace_on_top(g) and any(run_of(g.cards(p)) >= 2 for p in COLUMNS))
    src = ace_on_top(game)
    game.play(game.tap(src))
    view = view_of(game)
    for place, cards in view["places"].items():
        expected = run_of(cards) if place[0] == "t" else (1 if cards else 0)
        assert expected == view["lift"][place], place
    assert 1 == view["lift"][game.last_move.target]  # the ace, now on its foundation
    assert max(view["lift"][p] for p in COLUMNS) >= 2


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([4, 2, 1]), st.lists(st.integers(0, 10**4), max_size=25))
def test_lift_is_what_the_engine_lets_move(number, cells, choices):
    """After any legal play, a place lifts exactly the largest group Game.movable allows."""
    game = played_at_random(number, cells, choices)
    lift = view_of(game)["lift"]
    for place, n in lift.items():
        assert (n == 0 or game.movable(place, n)) and not game.movable(place, n + 1), place


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([4, 2, 1]), st.lists(st.integers(0, 10**4), max_size=25))
def test_dests_are_every_drop_the_engine_allows(number, cells, choices):
    """After any legal play, ``dests`` lists for each place and count exactly the places
    Game.targets names (the legal drops), and nothing for a count that has none."""
    game = played_at_random(number, cells, choices)
    view = view_of(game)
    for place, lift in view["lift"].items():
        for n in range(1, lift + 1):
            assert game.targets(place, n) == view["dests"].get(place, {}).get(str(n), []), (place, n)
    assert all(view["lift"][place] >= int(n) for place, counts in view["dests"].items() for n in counts)
    assert all(counts and all(counts.values()) for counts in view["dests"].values())


def test_dests_of_a_deal():
    """A fresh 4-cell deal: every top card may go to the two free cells; an ace goes home."""
    game = find_game(ace_on_top)
    dests = view_of(game)["dests"]
    src = ace_on_top(game)
    assert "f%d" % ("SHDC".index(game.cards(src)[-1][1]) + 1) == dests[src]["1"][0]
    assert all(["c3", "c4"] == dests[p]["1"][-2:] for p in COLUMNS)
    assert {"c1", "c2"} <= set(dests)


# -- answers that move cards carry the move -------------------------------------------


def moved_cards(before, after, move):
    """The cards that left ``move["from"]`` are the ones now on top of ``move["to"]``."""
    n = move["n"]
    src = before["places"][move["from"]]
    dst = after["places"][move["to"]]
    assert before["places"][move["from"]][:-n] == after["places"][move["from"]]
    if move["to"][0] == "f":
        assert len(dst) == len(before["places"][move["to"]]) + 1
    return src[-n:] == dst[-n:]


def test_tap_answers_with_the_move_it_played():
    """A tap that sends a card home answers ok with the new view and the move as a value."""
    game = find_game(ace_on_top)
    src = ace_on_top(game)
    controller = Controller(Game.from_code(game.code))
    before = view_of(controller.game)
    got = answer(controller, "tap", place=src)
    expected = game.tap(src)
    assert got["ok"] and expected.to_dict() == got["move"]
    assert {"text", "from", "to", "n"} == set(got["move"])
    assert (src, 1) == (got["move"]["from"], got["move"]["n"])
    assert moved_cards(before, got["view"], got["move"])
    assert 1 == got["view"]["moves"] and 10 == got["view"]["score"]


def test_double_tap_drop_play_and_redo_answer_with_their_moves():
    """Each intent that plays a move names it: double tap, drop, play (the solver's lines), redo."""
    controller = Controller(Game.from_code(CODE))
    game = Game.from_code(CODE)
    plays = [
        ("double_tap", {"place": "t1"}, game.double_tap("t1").text),
        ("drop", {"src": "t2", "dst": "c3", "n": 1}, "t2-c3"),
        ("play", {"move": "T3-C4 "}, "t3-c4"),
    ]
    for name, args, text in plays:
        before = view_of(controller.game)
        got = answer(controller, name, **args)
        assert got["ok"], got.get("error")
        assert Move.parse(text).to_dict() == got["move"], name
        assert moved_cards(before, got["view"], got["move"]), name
    answer(controller, "undo")
    got = answer(controller, "redo")
    assert {"text": "t3-c4", "from": "t3", "to": "c4", "n": 1} == got["move"]


def test_a_run_moves_as_one_move_with_its_count():
    """A drag of a whole run answers with n = the run's length."""
    def run_move(g):
        return next((m for m in legal_moves(g.position) if m[2] >= 2), None)

    game = find_game(run_move)
    src, dst, n = run_move(game)
    text = move_text((src, dst, n))
    m = Move.parse(text)
    controller = Controller(Game.from_code(game.code))
    got = answer(controller, "drop", src=m.source, dst=m.target, n=n)
    assert {"text": text, "from": m.source, "to": m.target, "n": n} == got["move"]
    assert n <= view_of(game)["lift"][m.source]


def test_undo_says_where_the_cards_went_back():
    """Undo answers with the move the cards made going back; with nothing to undo, no move."""
    controller = Controller(Game.from_code(CODE))
    assert None is answer(controller, "undo")["move"]
    played = answer(controller, "play", move="t1-t7")
    got = answer(controller, "undo")
    assert {"text": "t7-t1", "from": "t7", "to": "t1", "n": 1} == got["move"]
    assert moved_cards(played["view"], got["view"], got["move"])
    assert got["view"]["canRedo"] and not got["view"]["canUndo"]


def test_undo_of_several_moves_is_one_answer():
    """``undo`` with a count takes back that many moves in one answer (as many as there
    are), the position of that many undos one at a time; only a single move's answer
    names it, and the moves taken back are all on the redo list in order."""
    moves = ["t1-t7", "t2-c3", "t3-c4"]
    controller, steps = Controller(Game.from_code(CODE)), Controller(Game.from_code(CODE))
    for move in moves:
        controller.handle("play", {"move": move})
        steps.handle("play", {"move": move})
    got = answer(controller, "undo", count=2)
    for _ in range(2):
        one = answer(steps, "undo")
    assert (one["view"], one["position"], one["save"]) == (got["view"], got["position"], got["save"])
    assert None is got["move"]
    assert moves[1:] == got["save"]["undone"]
    rest = answer(controller, "undo", count=99)
    assert (0, moves) == (rest["view"]["moves"], rest["save"]["undone"])
    assert "t7-t1" == rest["move"]["text"]  # one move was left to take back
    assert rest["view"] == answer(controller, "undo", count=0)["view"]


@pytest.mark.parametrize("name,args", [("state", {}), ("new", {"code": OTHER}), ("restart", {})])
def test_answers_without_a_move(name, args):
    """Drawing the state, a new deal and a restart move no card: their answers carry no move."""
    controller = Controller(Game.from_code(CODE))
    controller.handle("play", {"move": "t1-t7"})
    got = answer(controller, name, **args)
    assert got["ok"] and None is got["move"]


# -- refusals change nothing -----------------------------------------------------------


@pytest.mark.parametrize(
    "name,args,key",
    [
        ("tap", {"place": "t1"}, "tap-nothing"),
        ("double_tap", {"place": "f1"}, "double-tap-nothing"),
        ("drop", {"src": "t1", "dst": "t3", "n": 1}, None),
        ("drop", {"src": "t11", "dst": "t3"}, "bad-place"),
        ("drop", {"src": "t1", "dst": "t3", "n": "abc"}, "bad-request"),
        ("drop", {"src": "t1", "dst": "t3", "n": 99}, "move-notation"),
        ("double_tap", {"place": "t1", "n": None}, "bad-request"),
        ("play", {"move": "t9-x"}, "move-notation"),
        ("new", {"code": "SH1-nonsense"}, None),
        ("new", {"cells": "many"}, "bad-request"),
        ("new", {"cells": 3}, "code-cells"),
    ],
)
def test_a_refusal_keeps_the_game_and_says_why(name, args, key):
    """A refused intent answers ok false with the engine's key, params and message; the game is untouched."""
    controller = Controller(Game.from_code(CODE))
    before = controller.handle("state", {})
    got = answer(controller, name, **args)
    assert not got["ok"] and "move" not in got and "view" not in got
    assert before == controller.handle("state", {})
    assert {"key", "params", "message"} == set(got["error"])
    assert got["error"]["message"]
    if key:
        assert key == got["error"]["key"]


def test_unknown_intents_are_refused_not_raised():
    controller = Controller(Game.from_code(CODE))
    got = controller.handle("cheat", {})
    assert not got["ok"] and "unknown-intent" == got["error"]["key"]
    assert "cheat" == got["error"]["params"]["intent"]
    assert controller.handle("state", None)["ok"]


def test_every_intent_is_a_controller_method():
    """The intent table names only methods of Controller (the page calls them by these names),
    each taking the declared arguments in their order."""
    import inspect

    for name, intent in INTENTS.items():
        assert (name, intent.function) == (intent.name, getattr(Controller, name))
        assert ["self"] + [arg.name for arg in intent.args] == list(inspect.signature(intent.function).parameters)


# -- the other requests -----------------------------------------------------------------


def test_position_save_and_positions_back():
    """Every answer about the game carries its position text and save record; the
    positions before the last moves are asked apart."""
    controller = Controller(Game.from_code(CODE))
    game = Game.from_code(CODE)
    for move in ["t1-t7", "t2-c3"]:
        got = controller.handle("play", {"move": move})
        game.play(move)
        assert (game.to_text(), game.save()) == (got["position"], got["save"])
    back = controller.handle("positions_back", {"limit": 5})["texts"]
    game.undo()
    assert game.to_text() == back[0] and 2 == len(back)
    assert 2 == controller.game.moves_made  # looking back changes nothing


def test_preview_deals_without_starting():
    controller = Controller(Game.from_code(CODE))
    got = controller.handle("preview", {"cells": 1, "entropy": 12345})
    assert Game.new(cells=1, entropy=12345).code == got["code"]
    assert Game.from_code(got["code"]).to_text() == got["text"]
    assert CODE == controller.game.code


def test_preview_checks_a_code_without_starting_it():
    """A link is checked before the page asks to leave the game in progress for it."""
    controller = Controller(Game.from_code(CODE))
    controller.handle("tap", {"place": "t1"})
    got = controller.handle("preview", {"code": " %s " % OTHER.lower()})
    assert (True, OTHER, Game.from_code(OTHER).cells) == (got["ok"], got["code"], got["cells"])
    bad = controller.handle("preview", {"code": "%E0%A4%A"})
    assert not bad["ok"] and bad["error"]["key"].startswith("code-")
    assert CODE == controller.game.code


def test_new_and_restart():
    controller = Controller(Game.from_code(CODE))
    assert Game.new(cells=2, entropy=7).code == controller.handle("new", {"cells": 2, "entropy": 7})["view"]["code"]
    controller.handle("new", {"code": " sh1-c1-aaaaaj3 "})
    for move in Game.from_code(OTHER).legal_moves()[:1]:
        controller.handle("play", {"move": move.text})
    got = controller.handle("restart", {})
    assert (OTHER, 0, True) == (got["view"]["code"], got["view"]["moves"], got["view"]["canRedo"])


# -- the first game ------------------------------------------------------------------------


def saved_after(code, moves):
    game = Game.from_code(code)
    for move in moves:
        game.play(move)
    return game.save()


NO_NOTES = {"hash": None, "saved": None, "link": None}


def test_first_game_restores_the_saved_game():
    saved = saved_after(CODE, ["t1-t7"])
    game, notes = first_game({"hash": "", "entropy": 1, "cells": 2, "saved": saved})
    assert (CODE, ["t1-t7"], NO_NOTES) == (game.code, notation(game.history), notes)
    game, notes = first_game({"hash": CODE.lower(), "entropy": 1, "cells": 4, "saved": saved})
    assert (["t1-t7"], NO_NOTES) == (notation(game.history), notes)  # the link names the saved game's own deal


def test_a_first_visit_opens_the_new_deal_the_page_drew():
    """The early board drew one of the build's new deals (``first``): the engine opens it, unless
    a game is saved, the URL names a deal, or the deal is not one of the cells asked for."""
    game, notes = first_game({"hash": "", "entropy": 1, "cells": 4, "saved": None, "first": CODE})
    assert (CODE, [], NO_NOTES) == (game.code, game.history, notes)
    saved = saved_after(CODE, [])
    assert CODE == first_game({"hash": "", "entropy": 1, "cells": 4, "saved": saved, "first": OTHER})[0].code
    assert OTHER == first_game({"hash": OTHER, "entropy": 1, "cells": 4, "saved": None, "first": CODE})[0].code
    fresh = Game.new(cells=4, entropy=1).code
    for first in ("SH1-nonsense", 42, None, Game.from_number(7, 2).code):
        assert fresh == first_game({"hash": "", "entropy": 1, "cells": 4, "saved": None, "first": first})[0].code


def test_a_link_to_another_deal_waits_while_a_game_is_in_progress():
    """The saved game stays open and the page asks first (notes["link"]); a game
    not begun, or won, or only undone back to the start, decides otherwise."""
    game, notes = first_game({"hash": OTHER.lower(), "entropy": 1, "cells": 4, "saved": saved_after(CODE, ["t1-t7"])})
    assert (CODE, ["t1-t7"], OTHER) == (game.code, notation(game.history), notes["link"])
    restarted = dict(saved_after(CODE, []), undone=["t1-t7"])
    game, notes = first_game({"hash": OTHER, "entropy": 1, "cells": 4, "saved": restarted})
    assert (CODE, OTHER) == (game.code, notes["link"])


def test_a_link_to_another_deal_opens_over_a_game_not_in_progress():
    for saved in (saved_after(CODE, []), None):
        game, notes = first_game({"hash": OTHER, "entropy": 1, "cells": 4, "saved": saved})
        assert (OTHER, [], NO_NOTES) == (game.code, game.history, notes)


def test_a_bad_link_is_reported_and_the_saved_game_opens():
    game, notes = first_game({"hash": "SH1-nonsense", "entropy": 1, "cells": 4, "saved": saved_after(CODE, [])})
    assert CODE == game.code
    assert notes["hash"]["key"].startswith("code-") and notes["hash"]["message"]


def test_a_save_that_does_not_load_is_dropped_with_a_warning_and_a_note():
    warnings = []
    bad = {"v": 1, "code": CODE, "moves": ["t1-t7", "t1-t7"], "undone": []}
    game, notes = first_game({"hash": "", "entropy": 99, "cells": 1, "saved": bad}, warn=warnings.append)
    assert Game.new(cells=1, entropy=99).code == game.code
    assert (None, "save-replay") == (notes["hash"], notes["saved"]["key"])
    assert 1 == len(warnings) and "not restored" in warnings[0]


def test_a_save_of_too_many_moves_is_refused_unread_and_said():
    huge = {"v": 1, "code": CODE, "moves": ["t1-t7"] * 20000, "undone": []}
    game, notes = first_game({"hash": "", "entropy": 3, "cells": 4, "saved": huge}, warn=lambda _: None)
    assert [] == game.history
    assert ("save-too-big", {"count": 20000, "limit": 10000}) == (notes["saved"]["key"], notes["saved"]["params"])


@pytest.mark.parametrize("cells,expected", [(2, 2), (1, 1), (3, 4), ("4", 4), (None, 4)])
def test_a_fresh_deal_has_the_saved_difficulty(cells, expected):
    game, _ = first_game({"hash": "", "entropy": 5, "cells": cells, "saved": None})
    assert expected == game.cells


# -- what a refused tap would have been as a double tap ---------------------------------


def test_a_refused_tap_says_what_a_double_tap_would_do():
    """A tap that cannot send its card home is refused, saying which card its
    foundation needs first, and the answer names the double tap's move there;
    when a double tap would do nothing either, it says why the card has nowhere
    to go (the page says all this at every refused tap)."""
    game = find_game(lambda g: any(not g.tap(p) and g.double_tap(p) for p in COLUMNS))
    place = next(p for p in COLUMNS if not game.tap(p) and game.double_tap(p))
    controller = Controller(Game.from_code(game.code))
    got = answer(controller, "tap", place=place)
    assert not got["ok"] and "tap-nothing" == got["error"]["key"]
    assert game.why_not_home(place).params == got["error"]["params"]
    assert game.double_tap(place).to_dict() == got["double"]
    assert 0 == controller.game.moves_made
    controller = Controller(Game.from_code(CODE))
    for cell in ("c3", "c4"):  # no free cell left: some top card has nowhere to go
        answer(controller, "drop", src=next(p for p in COLUMNS if controller.game.targets(p, 1)), dst=cell)
    stuck = next(p for p in COLUMNS if not controller.game.tap(p) and not controller.game.double_tap(p))
    got = answer(controller, "tap", place=stuck)
    assert (None, "nowhere") == (got["double"], got["error"]["key"])


# -- finishing, and cards going home by themselves ----------------------------------------


def finishable():
    """A deal played along the solver's line up to the first position that foundation moves alone win."""
    from seahaven import solver

    game = Game.from_code(CODE)
    line = solver.solve(game.position).moves
    for move in line:
        if game.finish_moves():
            return game
        game.play(move)
    raise AssertionError("the line never reached a finish")


def test_view_says_when_finish_is_possible():
    """``finish`` is false on a fresh deal, true once foundation moves alone win, false again once won."""
    assert False is view_of(Game.from_code(CODE))["finish"]
    game = finishable()
    assert True is view_of(game)["finish"]
    for move in game.finish_moves():
        game.play(move)
    assert game.won and False is view_of(game)["finish"]


def test_finishing_lists_the_moves_and_plays_none():
    """An answer lists Finish's moves once foundation moves alone win; each then plays as an
    ordinary move (undoable, scored) until the game is won."""
    game = finishable()
    controller = Controller(Game.load(game.save()))
    got = answer(controller, "state")
    assert [m.to_dict() for m in game.finish_moves()] == got["finishing"] and got["view"]["finish"]
    assert game.moves_made == controller.game.moves_made  # listing plays nothing
    score = controller.game.score
    for move in got["finishing"]:
        assert answer(controller, "play", move=move["text"])["ok"]
    assert controller.game.won and score + 10 * len(got["finishing"]) == controller.game.score
    back = answer(controller, "undo")
    assert not back["view"]["won"] and back["view"]["finish"] and 1 == len(back["finishing"])
    assert score + 10 * (len(got["finishing"]) - 1) == back["view"]["score"]


def test_nothing_to_finish_while_a_card_needs_another_move():
    controller = Controller(Game.from_code(CODE))
    got = answer(controller, "state")
    assert [] == got["finishing"] and not got["view"]["finish"]


def test_autoplay_follows_only_the_players_own_moves():
    """After a tap, double tap or drop, the answer names the engine's autoplay moves;
    after an undo, a redo, a replayed move (play) or a new deal, none."""
    game = find_game(lambda g: any(len(g.cards(p)) > 1 and g.cards(p)[-1][0] == "A"
                                   and g.cards(p)[-2] == "2" + g.cards(p)[-1][1] for p in COLUMNS))
    src = next(p for p in COLUMNS if len(game.cards(p)) > 1 and game.cards(p)[-1][0] == "A"
               and game.cards(p)[-2] == "2" + game.cards(p)[-1][1])
    controller = Controller(Game.from_code(game.code))
    assert [] == answer(controller, "state")["autoplay"]
    tapped = answer(controller, "tap", place=src)
    game.play(game.tap(src))
    expected = [m.to_dict() for m in game.autoplay_moves()]
    assert expected and expected == tapped["autoplay"]
    assert [] == answer(controller, "play", move=expected[0]["text"])["autoplay"]  # a move the page replays
    assert [] == answer(controller, "undo")["autoplay"]
    assert [] == answer(controller, "redo")["autoplay"]
    answer(controller, "undo")
    answer(controller, "undo")
    assert expected == answer(controller, "double_tap", place=src)["autoplay"]
    answer(controller, "undo")
    assert expected == answer(controller, "drop", src=src, dst=game.history[0].target)["autoplay"]
    assert [] == answer(controller, "new", code=CODE)["autoplay"]


def test_every_view_sent_is_within_the_bounds_a_stored_one_is_read_in():
    """The page reads a kept view only within the rules' bounds (static/js/saving/bounds.js):
    views of fresh and played games of every cell count pass them, and the
    bound on moves is the engine's (written by the build, #build/facts.js)."""
    import subprocess
    from pathlib import Path

    from seahaven.game import MAX_MOVES

    root = Path(__file__).resolve().parents[2]
    views = []
    for cells in (4, 2, 1):
        game = Game.from_number(314, cells)
        views.append(view_of(game))
        for _ in range(30):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(moves[len(moves) // 2])
        views.append(view_of(game))
    script = (
        "import { viewProblem } from './static/js/saving/bounds.js';"
        "import { MAX_MOVES } from './build/facts.js';"
        "const views = JSON.parse(process.argv[1]);"
        "console.log(JSON.stringify({ problems: views.map(viewProblem), moves: MAX_MOVES }));"
    )
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script, json.dumps(views)],
        cwd=root, capture_output=True, text=True, check=True,
    )
    answer = json.loads(out.stdout)
    assert [None] * len(views) == answer["problems"]
    assert MAX_MOVES == answer["moves"]


def test_a_link_is_read_once_and_its_moves_open_as_the_link_does(monkeypatch):
    """A long link takes the engine seconds to read: asking whether a text is a
    link reads nothing, what it holds and opening it read it once; the moves
    the solver's worker read from it (``open_line``) open the same game, and a
    line that does not replay changes nothing."""
    import controller

    from seahaven.share import encode

    game = Game.from_code(CODE)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    text = encode(game)
    reads = []
    monkeypatch.setattr(controller, "decode", lambda t: reads.append(t) or decode_for_real(t))
    c = Controller()
    assert {"ok": True, "link": True, "code": None, "moves": None} == c.link(text, read=False) and [] == reads
    read = c.handle("link", {"text": text})
    assert (True, 3) == (read["ok"], read["moves"]) and read == c.handle("link", {"text": text})
    opened = c.open_link(text)
    assert 1 == len(reads)
    other = Controller()
    assert opened == other.open_line(game.code, notation(game.history))
    assert (0, True) == (opened["view"]["moves"], opened["view"]["canRedo"])
    before = other.state()
    refused = other.handle("open_line", {"code": game.code, "moves": ["t1-t1"]})
    assert not refused["ok"] and before["view"] == other.state()["view"]


def decode_for_real(text):
    from seahaven.share import decode

    return decode(text)
