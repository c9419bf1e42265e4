"""The solver's answers: winning lines that replay through the engine, budgets,
input forms, the result object, and agreement with Freecell Solver."""

import json
import random
import shutil
import subprocess

import pytest

from seahaven import BadCode, BadPosition, Game, Move, Position, solver
from seahaven.deal import encode

FC_SOLVE = shutil.which("fc-solve")


def sample(seed, count, cells):
    rng = random.Random(seed)
    return [Game.from_number(rng.randrange(1 << 35), cells) for _ in range(count)]


def replay(game, moves):
    """Play the line on a fresh copy of the game's position; return the final game."""
    copy = Game.from_text(game.to_text())
    for move in moves:
        copy.play(move)
    return copy


@pytest.mark.parametrize("cells,count", [(4, 12), (2, 25), (1, 40)])
def test_every_winning_line_replays_to_a_win(cells, count):
    """Each 'winnable' line is legal move by move and ends with all 52 cards home."""
    wins = 0
    for game in sample(cells * 100, count, cells):
        result = solver.solve(game.position)
        assert result.status in (solver.WINNABLE, solver.NOT_WINNABLE)
        if result.status == solver.WINNABLE:
            wins += 1
            assert replay(game, result.moves).won, game.code
            assert sum(1 for m in result.moves if Move.parse(m).target[0] == "f") == 52  # foundation moves count
            assert Move.parse(result.moves[0]) in game.legal_moves()
        else:
            assert result.moves == []
    assert wins >= 1


def test_lines_from_the_middle_of_a_game():
    """A position reached by play is solved from where it stands, not from the deal."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    first = solver.solve(game.position)
    for move in first.moves[:20]:
        game.play(move)
    again = solver.solve(game.position)
    assert again.status == solver.WINNABLE
    assert replay(game, again.moves).won


def test_a_won_position_needs_no_move():
    """All cards home: winnable with an empty line."""
    won = Position([[] for _ in range(10)], [None] * 4, [13, 13, 13, 13])
    result = solver.solve(won)
    assert (result.status, result.moves) == (solver.WINNABLE, [])


def test_cards_that_only_need_to_go_home():
    """Every card free to go home in order: the line is exactly those moves."""
    cols = [[] for _ in range(10)]
    for s in range(4):
        cols[s] = list(range(s * 13 + 12, s * 13 - 1, -1))  # K … A, ace on top
    result = solver.solve(Position(cols, [None, None], [0, 0, 0, 0]))
    assert result.status == solver.WINNABLE
    assert len(result.moves) == 52 and all(Move.parse(m).target[0] == "f" for m in result.moves)


def stuck_position():
    """One cell, full; aces buried; tops are the kings, the jacks and two nines: no legal move."""
    from seahaven.cards import parse_card

    tops = [parse_card(t) for t in "KS KH KD KC JS JH JD JC 9S 9H".split()]
    cell = parse_card("2S")
    rest = [c for c in range(52) if c not in tops and c != cell and c % 13 != 0]
    cols = [[s * 13] if s < 4 else [] for s in range(10)]  # the aces at the bottom
    for k, c in enumerate(rest):
        cols[k % 10].append(c)
    for i in range(10):
        cols[i].append(tops[i])
    return Position(cols, [cell], [0, 0, 0, 0])


def test_a_dead_position_is_not_winnable():
    """No legal move at all: not winnable at once; a real lost deal too."""
    pos = stuck_position()
    assert Game(pos).stuck
    result = solver.solve(pos)
    assert (result.status, result.moves) == (solver.NOT_WINNABLE, [])
    result = solver.solve(Game.from_code("SH1-C1-AAAAAAB"))
    assert (result.status, result.moves) == (solver.NOT_WINNABLE, [])


def test_budget_in_nodes_gives_unknown():
    """A node budget too small for the deal answers unknown, never a wrong verdict."""
    game = Game.from_code(encode(4, 434 * 7919 + 1))
    assert solver.solve(game.position, max_nodes=200).status == solver.UNKNOWN
    assert solver.solve(game.position).status == solver.WINNABLE


def test_budget_in_seconds_gives_unknown():
    """A time budget of zero seconds gives unknown for any deal that needs a real search."""
    game = Game.from_code(encode(4, 434 * 7919 + 1))
    result = solver.solve(game.position, budget_seconds=0)
    assert result.status == solver.UNKNOWN and result.moves == []


def test_should_stop_gives_unknown():
    """A caller's stop callback ends the search with unknown."""
    game = Game.from_code(encode(4, 434 * 7919 + 1))
    assert solver.solve(game.position, should_stop=lambda: True).status == solver.UNKNOWN


def test_input_forms():
    """A Position, a Game, a position text and a game code all give the same answer."""
    game = Game.from_code("SH1-C2-AAAAAJ2")
    answers = [
        solver.solve(game.position),
        solver.solve(game),
        solver.solve(game.to_text()),
        solver.solve(" sh1-c2-aaaaaj2 "),
    ]
    assert len({(a.status, tuple(a.moves)) for a in answers}) == 1


def test_bad_input_is_refused():
    """Text that is not a position, or a bad code, raises the engine's errors."""
    with pytest.raises(BadPosition):
        solver.solve("Foundations: H-0 C-0 D-0 S-0\nFreecells: - -\n: AS\n")
    with pytest.raises(BadCode):
        solver.solve("SH1-C3-AAAAAAA")
    with pytest.raises(BadPosition):
        solver.solve(42)


def test_result_is_json_for_a_worker():
    """to_dict() is plain JSON with the status, the moves, their count, nodes and seconds."""
    result = solver.solve("SH1-C4-AAAAAJ2")
    data = json.loads(result.to_json())
    assert data == result.to_dict()
    assert data["status"] == "winnable" and data["length"] == len(data["moves"]) > 0
    assert isinstance(data["nodes"], int) and isinstance(data["seconds"], float)
    assert result.hint == data["moves"][0] and result.winnable is True
    assert "winnable" in repr(result)


def test_the_solver_changes_nothing_it_is_given():
    """Solving leaves the caller's position untouched."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    before = game.to_text()
    solver.solve(game)
    assert game.to_text() == before and game.moves_made == 0


def test_no_move_leaves_a_foundation_and_no_card_moves_between_cells():
    """The lines never take a card back off a foundation nor move it cell to cell (F2, F5)."""
    for game in sample(7, 8, 4):
        for move in solver.solve(game).moves:
            value = Move.parse(move)
            assert value.source[0] != "f"
            assert not (value.source[0] == "c" and value.target[0] == "c")


def fc_solves(game):
    out = subprocess.run(
        [FC_SOLVE, "-g", "seahaven", "--freecells-num", str(game.cells), "-mi", "200000", "-"],
        input=game.to_text(),
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    return "This game is solveable" in out


@pytest.mark.skipif(FC_SOLVE is None, reason="fc-solve is not installed (Debian package freecell-solver-bin)")
@pytest.mark.parametrize("cells,count", [(4, 15), (2, 40)])
def test_every_deal_freecell_solver_wins_is_winnable(cells, count):
    """fc-solve's rules are stricter (groups of free cells + 1), so its wins are ours too."""
    wins = 0
    for game in sample(cells * 1000 + 1, count, cells):
        if fc_solves(game):
            wins += 1
            assert solver.solve(game).status == solver.WINNABLE, game.code
    assert wins >= 2


def test_improving_gives_a_line_no_longer_that_still_wins():
    """improve_nodes spends more search on a shorter line; it is replayed like any other."""
    for game in sample(31, 6, 4):
        plain = solver.solve(game)
        better = solver.solve(game, improve_nodes=400)
        assert plain.status == better.status
        if plain.status == solver.WINNABLE:
            assert len(better.moves) <= len(plain.moves)
            assert replay(game, better.moves).won
