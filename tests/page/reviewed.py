"""Games for the review's page tests, and a player's steps around them: a
game in progress found in the browser's storage, a move made by hand, the
review waited for and read back from its marks."""

import json

from seahaven import Game, Move, solver
from seahaven.review import Review

from ..solver.played import lost_game
from .player import press

__all__ = ["lost_game", "stuck_game", "won_game", "seed", "make_move", "open_review", "marks", "expected_marks"]


def stuck_game(cells=1, keep=6, limit=300):
    """A game of the first winnable deal where ``keep`` moves of a winning line,
    then a losing move, and then new positions lead to no move left.

    Returns (code, moves, the number of the losing move)."""
    for number in range(limit):
        game = Game.from_number(number, cells)
        line = solver.solve(game.position)
        if line.status != solver.WINNABLE:
            continue
        for move in line.moves[:keep]:
            game.play(move)
        for bad in game.legal_moves():
            game.play(bad)
            if solver.solve(game.position).status == solver.NOT_WINNABLE:
                break
            game.undo()
        else:
            continue
        lost = game.moves_made
        seen = {game.position.key()}
        while not game.stuck and game.moves_made < 150:
            for move in game.legal_moves():
                game.play(move)
                if game.position.key() not in seen:
                    seen.add(game.position.key())
                    break
                game.undo()
            else:
                break
        if game.stuck:
            return game.code, [m.text for m in game.history], lost
    raise AssertionError("no stuck game found")


def won_game(code):
    """The solver's winning line of a deal: (code, moves)."""
    return code, solver.solve(Game.from_code(code).position).moves


def game_of(code, moves):
    game = Game.from_code(code)
    for move in moves:
        game.play(move)
    return game


def seed(player, code, moves, stats=None):
    """Before the page first loads: the game in progress (these moves played)
    in the browser's storage, and optionally the statistics record."""
    items = {"seahaven.game": json.dumps({"v": 1, "game": game_of(code, moves).save(), "elapsed": 60})}
    if stats is not None:
        items["seahaven.stats"] = json.dumps(stats)
    player.context.add_init_script(
        """(items => { if (sessionStorage.getItem('seeded')) return;
             sessionStorage.setItem('seeded', '1');
             for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); })(%s)""" % json.dumps(items)
    )


def make_move(player, game, move):
    """Make ``move`` by hand (a tap sends a card home, a drag does the rest) and on ``game``."""
    value = Move.parse(move)
    cards = game.cards(value.source)
    if value.target.startswith("f"):
        player.tap(cards[-1])
    elif player.device == "phone":
        player.touch_drag(cards[-value.n], value.target)
    else:
        player.mouse_drag(cards[-value.n], value.target)
    game.play(move)
    player.wait_idle()


def open_review(player, button):
    """Press a Review button (in the toolbar's row or its menu, or in a dialog);
    wait for the review to be computed."""
    press(player.page, button)
    review = player.page.get_by_test_id("review")
    review.wait_for(state="visible")
    player.page.wait_for_selector("[data-testid=review][data-state=done]", timeout=60000)
    return review


def marks(player):
    """Each mark of the timeline as (ply, verdict, critical, lost here)."""
    return [tuple(m) for m in player.page.evaluate(
        """() => Array.from(document.querySelectorAll('[data-review-ply]'), el =>
             [Number(el.dataset.reviewPly), el.dataset.verdict, el.dataset.critical === 'true',
              el.hasAttribute('data-lost-here')])""")]


def expected_marks(code, moves):
    """The marks the page must show, from the review under CPython: for each
    move, the verdict of the ply it led to, whether the position it was
    chosen in is critical, and whether it lost the game."""
    review = Review.of(code, moves).run()
    plies = review.plies
    return [(k, plies[k].verdict, plies[k - 1].critical, review.lost_at == k) for k in range(1, len(plies))], review
