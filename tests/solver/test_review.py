"""The review of a game (seahaven/review.py): verdicts and kept moves against a
plain exhaustive search, the losing move on constructed games, critical
positions and what counts as one choice, par, and running it in steps."""

import random

from seahaven import Game, rules, solver
from seahaven.position import CELL0, FOUND0
from seahaven.review import Review, choice_of, par_line
from seahaven.solver.search import Search, Verdicts
from seahaven.solver.state import from_position

from . import exhaustive as ex
from .internal import as_position
from .played import lost_game

WON_GAME_CODE = "SH1-C4-AAAAAJ2"
WON_2_CELLS = "SH1-C2-AAAAAAF"


def walk(pos, rng, steps):
    """A Game from ``pos`` after up to ``steps`` random legal moves (cards home more often)."""
    game = Game(pos.copy())
    for _ in range(steps):
        moves = game.legal_moves()
        home = [m for m in moves if m.target[0] == "f" and m.source[0] != "f"]
        if not moves:
            break
        game.play(rng.choice(home) if home and rng.random() < 0.3 else rng.choice(moves))
    return game


def oracle(pos):
    """Winnable by trying every legal move; None when the space is too big.

    Moves off a foundation are left out, which changes no verdict (fact F2,
    itself checked against the full search in test_solver_facts.py).
    """
    try:
        return ex.winnable(pos, limit=2000, from_foundation=False)
    except ex.TooBig:
        return None


def oracle_ply(pos):
    """(keeps, critical) for a winnable position by the plain search, or None when too big.

    Choices are counted here on their own terms: distinct positions after a
    keeping move up to the order of columns and cells (ex.canonical), leaving
    out moves to or from a foundation and moves that give the same position
    up to that order.
    """
    keeps = 0
    choices = set()
    legal = rules.legal_moves(pos)
    for m in legal:
        child = pos.copy()
        rules.apply(child, m)
        verdict = oracle(child)
        if verdict is None:
            return None
        if verdict:
            keeps += 1
            if m[0] < FOUND0 and m[1] < FOUND0 and ex.canonical(child) != ex.canonical(pos):
                choices.add(ex.canonical(child))
    return keeps, len(choices) <= 2 and keeps < len(legal)


def test_verdicts_keeps_and_critical_match_an_exhaustive_search():
    """Random walks on small 1-cell positions: every ply's verdict agrees with trying
    every legal move; where some move loses, so do the count of moves that keep
    the game winnable and the critical mark."""
    rng = random.Random(7)
    seen = {"winnable": 0, "not winnable": 0, "moves checked": 0, "critical": 0}
    for pos in ex.positions(7, 16, cells_choices=(1,), left=(14, 22)):
        game = walk(pos, rng, 8)
        review = Review(game, par=False).run()
        for ply in review.plies:
            pos = review.positions[ply.index]
            verdict = oracle(pos)
            if verdict is None:
                continue
            where = "ply %d of %r" % (ply.index, game)
            assert ply.verdict == (solver.WINNABLE if verdict else solver.NOT_WINNABLE), where
            seen[ply.verdict] += 1
            if not verdict:
                assert ply.keeps == 0, where
            elif ply.keeps < ply.legal and seen["moves checked"] < 12:
                expected = oracle_ply(pos)
                if expected is not None:
                    assert (ply.keeps, ply.critical) == expected, where
                    seen["moves checked"] += 1
                    seen["critical"] += ply.critical
    assert seen["winnable"] >= 50 and seen["not winnable"] >= 10, seen
    assert seen["moves checked"] >= 8 and seen["critical"] >= 2, seen


def test_every_move_of_a_real_game_against_separate_searches():
    """On a real 2-cell deal, each kept-move count equals what separate solver calls
    (no shared table) say about each legal move, position by position."""
    code, moves, _ = lost_game(WON_2_CELLS, 12)
    review = Review.of(code, moves, par=False).run()
    for ply in review.plies[:20]:
        pos = review.positions[ply.index]
        keeps = 0
        for m in rules.legal_moves(pos):
            child = pos.copy()
            rules.apply(child, m)
            keeps += solver.solve(child).status == solver.WINNABLE
        assert ply.keeps == keeps, ply
        assert ply.verdict == solver.solve(pos).status, ply


def test_the_losing_move_of_a_constructed_game():
    """A winning line, then a known bad move: the review marks that move, every
    position before it winnable and every one after it lost, and offers a line
    from the position before it that wins."""
    code, moves, lost = lost_game(WON_GAME_CODE, 9)
    review = Review.of(code, moves).run()
    assert review.lost_at == lost
    assert [p.verdict for p in review.plies] == ["winnable"] * lost + ["not winnable"] * (len(moves) + 1 - lost)
    assert all(p.keeps == 0 and not p.critical for p in review.plies[lost:])
    assert all(p.keeps >= 1 for p in review.plies[:lost])
    line = review.alternative
    assert line and line[0] != moves[lost - 1] and line[0] in review.plies[lost - 1].keeping
    game = Game.from_code(code)
    for move in moves[:lost - 1] + line:
        game.play(move)
    assert game.won
    data = review.to_dict()
    assert data["lost_at"] == lost and data["plies"][lost]["move"] == moves[lost - 1]
    full = review.to_dict(full=True)
    assert full["alternative"] == line and full["alternative_move"]["text"] == line[0]
    assert full["plies"][lost - 1]["keeping"] == review.plies[lost - 1].keeping and full["finished"]


def test_a_won_game_has_no_losing_move():
    """The solver's own line: every position winnable, no losing move, par no longer than the game."""
    game = Game.from_code(WON_GAME_CODE)
    for move in solver.solve(game.position).moves:
        game.play(move)
    review = Review.of(game)
    review.work(0.0)  # one step: the verdicts of the game's positions
    assert review.progress()["done"] == 1 and review.searches == 0  # a won game needs no search for them
    review.run()
    assert review.lost_at is None and review.alternative is None
    assert {p.verdict for p in review.plies} == {"winnable"}
    assert review.plies[-1].keeps == review.plies[-1].legal  # a won position: every move takes a card back
    assert 52 <= len(review.par) <= len(review.plies) - 1


def test_a_deal_never_winnable_has_no_losing_move():
    """A 1-cell deal with no win: every position lost, nothing kept, no par, no losing move."""
    code = "SH1-C1-AAAAAAB"
    assert solver.solve(Game.from_code(code).position).status == solver.NOT_WINNABLE
    game = Game.from_code(code)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    review = Review.of(game).run()
    assert review.lost_at is None and review.par is None and review.alternative is None
    assert all((p.verdict, p.keeps, p.critical) == ("not winnable", 0, False) for p in review.plies)
    assert review.to_dict()["par"] is None


def test_moves_into_other_empty_cells_or_columns_are_one_choice():
    """choice_of: another empty cell or empty column is the same choice; moves that
    cannot change the verdict are none."""
    pos = Game.from_text(
        "Foundations: H-Q C-Q D-T S-Q\n"
        "Freecells: KD - - -\n"
        ": KS\n: KH\n: KC\n: QD JD\n:\n:\n:\n:\n:\n:\n"
    ).position
    legal = rules.legal_moves(pos)
    into_cells = [m for m in legal if m[0] == 3 and CELL0 <= m[1] < FOUND0]
    assert len(into_cells) == 3 and len({choice_of(pos, m) for m in into_cells}) == 1
    king_to_empty = [m for m in legal if m[0] == CELL0 and m[1] < CELL0]
    assert len(king_to_empty) == 6 and len({choice_of(pos, m) for m in king_to_empty}) == 1
    assert choice_of(pos, (CELL0, CELL0 + 1, 1)) is None  # cell to cell
    assert choice_of(pos, (0, 5, 1)) is None  # a whole column to an empty column
    assert choice_of(pos, (3, FOUND0 + 2, 1)) is None  # home
    assert choice_of(pos, (FOUND0, CELL0 + 1, 1)) is None  # taken back
    assert choice_of(pos, (3, CELL0 + 1, 1)) != choice_of(pos, (3, 6, 2))


def test_a_critical_position_from_a_real_deal():
    """Two moves into SH1-C4-AAAAAAU, one cell left: only 9C or QC into it keep the game
    winnable. The cell-to-cell moves keep it too, but choose nothing: two choices, critical."""
    game = Game.from_code("SH1-C4-AAAAAAU")
    game.play("t4-c3")
    game.play("t7-t3")
    ply = Review.of(game, par=False).run().plies[-1]
    assert sorted(ply.keeping) == ["c1-c4", "c2-c4", "c3-c4", "t3-c4", "t4-c4"]
    assert (ply.keeps, ply.legal, ply.choices, ply.critical) == (5, 13, 2, True)
    for move in game.legal_moves():  # each against a separate search
        game.play(move)
        assert (move.text in ply.keeping) == (solver.solve(game.position).status == solver.WINNABLE), move
        game.undo()


def test_par_line_is_a_verified_win():
    """par_line: the solver's line with the command line's effort; it wins and is no longer than a plain solve."""
    game = Game.from_code(WON_GAME_CODE)
    result = par_line(game.position)
    assert result.status == solver.WINNABLE
    assert len(result.moves) <= len(solver.solve(game.position).moves)
    for move in result.moves:
        game.play(move)
    assert game.won
    assert par_line("SH1-C1-AAAAAAB").status == solver.NOT_WINNABLE


def test_a_par_already_known_is_not_searched_again():
    """Review(par=line) keeps the given line and skips that stage; par=False leaves par out."""
    code, moves, _ = lost_game(WON_GAME_CODE, 10, tail=2)
    review = Review.of(code, moves, par=["x"] * 70).run()
    assert review.to_dict()["par"] == 70 and review.to_dict(full=True)["par_line"] == ["x"] * 70
    assert Review.of(code, moves, par=False).run().to_dict()["par"] is None


def test_progress_steps_and_cancelling():
    """run() reports rising progress up to done == total; should_stop leaves it unfinished;
    work(seconds) slices reach the same result as one run."""
    code, moves, _ = lost_game(WON_GAME_CODE, 8, tail=3)
    seen = []
    whole = Review.of(code, moves, max_nodes=20000).run(progress=lambda done, total: seen.append((done, total)))
    assert whole.finished and seen == sorted(seen) and seen[-1][0] == seen[-1][1] == whole.total
    assert whole.progress() == {"stage": "done", "done": whole.total, "total": whole.total}
    calls = []
    stopped = Review.of(code, moves, max_nodes=20000).run(should_stop=lambda: calls.append(1) or len(calls) > 3)
    assert not stopped.finished and stopped.progress()["done"] < stopped.total
    sliced = Review.of(code, moves, max_nodes=20000)
    slices = 0
    while not sliced.work(0.0):
        slices += 1
        assert slices < 10000
    assert slices > 3 and sliced.to_dict(full=True) == whole.to_dict(full=True)


def test_a_node_budget_gives_unknown_not_an_error():
    """With a budget too small to decide anything, verdicts are 'unknown', keeps None, no losing move."""
    code, moves, _ = lost_game(WON_2_CELLS, 6, tail=2)
    review = Review.of(code, moves, max_nodes=1, par=False).run()
    data = review.to_dict()
    assert data["lost_at"] is None
    assert {p["verdict"] for p in data["plies"]} <= {"unknown", "winnable", "not winnable"}
    assert any(p["verdict"] == "unknown" or p["keeps"] is None for p in data["plies"])



def test_what_a_search_adds_to_the_shared_table_is_true():
    """Search.decide: after a complete failed search every position it met is lost, and
    after a win every position on the path wins (each checked by a separate solve)."""
    checked = {True: 0, False: 0}
    for code in ("SH1-C1-AAAAAAG", "SH1-C2-AAAAAAK", "SH1-C2-AAAAAAF", WON_GAME_CODE):
        pos = Game.from_code(code).position
        cols, cells, found, _ = from_position(pos)
        search = Search(len(pos.cells))
        known = Verdicts()
        verdict = search.decide(cols, cells, found, known)
        assert verdict == (solver.solve(pos).status == solver.WINNABLE)
        states = [(v[2], v[3], v[4]) for v in search.seen.values() if v is not None]
        for state in states[:: max(1, len(states) // 25)]:
            if known.get(state[0], state[1]) is None:
                continue
            expected = solver.solve(as_position(*state, len(pos.cells))).status == solver.WINNABLE
            assert known.get(state[0], state[1]) == expected, (code, state)
            checked[expected] += 1
    assert checked[True] >= 5 and checked[False] >= 20, checked
