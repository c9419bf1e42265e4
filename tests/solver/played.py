"""Games made for the review's tests: a winning line, then a move that loses it."""

from seahaven import Game, solver


def losing_move(game):
    """The first legal move (in legal order) after which the solver finds no win, or None."""
    for bad in game.legal_moves():
        game.play(bad)
        lost = solver.solve(game.position).status == solver.NOT_WINNABLE
        game.undo()
        if lost:
            return bad
    return None


def lost_game(code, keep, tail=8):
    """A game that follows the solver's winning line for ``keep`` moves (or,
    when no move can lose the game from there on, for as many as still leave
    one), until a move loses (the first one, in legal order, after which the
    solver finds no win), plays that move, then ``tail`` more moves.

    Returns (code, moves, the number of the losing move).
    """
    line = solver.solve(Game.from_code(code).position).moves
    for ply in list(range(keep, len(line))) + list(range(min(keep, len(line)) - 1, -1, -1)):
        game = Game.from_code(code)
        for move in line[:ply]:
            game.play(move)
        bad = losing_move(game)
        if bad is None:
            continue
        game.play(bad)
        lost_at = game.moves_made
        for _ in range(tail):
            moves = [m for m in game.legal_moves() if m.source[0] != "f"]
            if moves:
                game.play(moves[0])
        return code, [m.text for m in game.history], lost_at
    raise AssertionError("no move along the winning line of %s can lose" % code)
