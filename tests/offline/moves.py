"""Playing a few moves through the page as a player does, mirrored on an
engine Game so a test knows what the board must show."""

from seahaven import Game, Move

from ..page.player import engine_places

WIN_CODE = "SH1-C4-AAAAAJ2"  # a deal the tests win (conftest's `solution`)


def pick(game, seen=()):
    """A simple legal move: a card home if one can go, else a single card from a
    column to another column, else to a cell. Skips moves in ``seen``."""
    legal = [m for m in game.legal_moves() if m.text not in seen]
    legal = [m for m in legal if m.n == 1 and m.source[0] == "t"]
    for prefix in ("f", "t", "c"):
        for move in legal:
            if move.target.startswith(prefix):
                return move.text
    raise AssertionError("no simple move left")


def act(p, game, move):
    """Make ``move`` on the page (a tap for a card going home, else a drag) and on ``game``."""
    value = Move.parse(move)
    src, dst = value.source, value.target
    card = game.cards(src)[-1]
    if dst.startswith("f"):
        p.tap(card)
        p.page.wait_for_timeout(400)  # a quick next tap on the same pile would be a double tap
    else:
        p.mouse_drag(card, dst)
    game.play(move)
    p.wait_idle()


def play_some(p, game, count):
    """Play ``count`` simple moves; returns them. The board must then match ``game``."""
    moves = []
    for _ in range(count):
        move = pick(game, seen={_reverse(m) for m in moves})
        act(p, game, move)
        moves.append(move)
    assert engine_places(game) == p.places()
    return moves


def _reverse(move):
    value = Move.parse(move)
    return Move(value.dst, value.src, value.n).text


def near_win(code, solution):
    """Saved-game data for ``code`` with every move of ``solution`` but the last made."""
    game = Game.from_code(code)
    for move in solution[:-1]:
        game.play(move)
    return game.save()
