"""Games made for the review's tests: a winning line, then a move that loses it."""

from seahaven import Game, solver


def lost_game(code, keep, tail=8):
    """A game that follows a winning line for at least ``keep`` moves, until a
    move loses (the first one, in legal order, after which the solver finds no
    win), plays that move, then ``tail`` more moves.

    Returns (code, moves, the number of the losing move).
    """
    game = Game.from_code(code)
    line = solver.solve(game.position).moves
    for move in line:
        if game.moves_made >= keep:
            for bad in game.legal_moves():
                game.play(bad)
                if solver.solve(game.position).status == solver.NOT_WINNABLE:
                    lost_at = game.moves_made
                    for _ in range(tail):
                        moves = [m for m in game.legal_moves() if not m.startswith("f")]
                        if moves:
                            game.play(moves[0])
                    return code, game.history, lost_at
                game.undo()
        game.play(move)
    raise AssertionError("no losing move after ply %d of %s" % (keep, code))
