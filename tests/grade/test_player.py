"""The player model (seahaven.player): reproducible seeded games whose every
decision replays through the engine's own rules."""

import pytest

from seahaven import Game, player
from tests.notation import notation

# Deals whose loss rate the survey put strictly between 0 and 1 (the player
# wins some seeded games and loses others), one per cell count.
MIXED = [(4, 2765907488), (2, 800666068), (1, 17698007135)]
# A deal the player always wins, and one it always loses (4 cells).
ALWAYS_WON = (4, 12789885350)
ALWAYS_LOST = (4, 204950299)


def position(game):
    """The engine's position in the player's form: (cols, sorted cells, found)."""
    pos = game.position
    cells = bytes(sorted(c for c in pos.cells if c is not None))
    return tuple(bytes(col) for col in pos.cols), cells, tuple(pos.found)


def send_home(game):
    """Play foundation moves (tap by tap, through the engine) while there are any."""
    while True:
        home = [m for m in notation(game.legal_moves()) if m.split("-")[1].startswith("f") and not m.startswith("f")]
        if not home:
            return
        game.play(home[0])


def place(game, card, where):
    """The engine's name of a column (index) or of the cell holding ``card`` / a free cell."""
    if where >= 0:
        return "t%d" % (where + 1)
    cells = game.position.cells
    return "c%d" % (cells.index(card) + 1)


def replay(number, cells, seed, lookahead=True):
    """Play a seeded game and replay each of its decisions through Game.play."""
    record = []
    won, decisions, home = player.play(number, cells, seed, lookahead, record)
    game = Game.from_number(number, cells)
    send_home(game)
    for before, (src, dst, n, card), after in record:
        assert before == position(game)
        if n == 0:  # a dig: top cards into free cells, one at a time, until the position is `after`
            while position(game) != after:
                free = game.position.cells.index(None)
                game.play("t%d-c%d" % (src + 1, free + 1))
                send_home(game)
        else:
            src_name = place(game, card, src)
            dst_name = "c%d" % (game.position.cells.index(None) + 1) if dst < 0 else "t%d" % (dst + 1)
            game.play("%s-%s%s" % (src_name, dst_name, "x%d" % n if n > 1 else ""))
            send_home(game)
        assert after == position(game)
    assert decisions == len(record)
    assert home == sum(game.position.found)
    assert won == game.won
    return won


@pytest.mark.parametrize("cells, number", MIXED + [ALWAYS_WON, ALWAYS_LOST])
def test_every_decision_replays_through_the_engine(cells, number):
    """Each move the player makes is legal for the engine and lands where the player thinks."""
    for index in range(3):
        replay(number, cells, player.play_seed(number, cells, index))


def test_quick_games_replay_through_the_engine():
    """The quick player (no look-ahead) plays by the rules too."""
    for cells, number in MIXED:
        replay(number, cells, player.play_seed(number, cells, 2048), lookahead=False)


def test_a_won_game_ends_with_every_card_home():
    """The deal the player always wins: a replayed game ends won, 52 cards home."""
    cells, number = ALWAYS_WON
    assert replay(number, cells, player.play_seed(number, cells, 0))


@pytest.mark.parametrize("cells, number", MIXED)
def test_same_seed_same_game(cells, number):
    """A seed fixes the whole game: the same decisions, the same outcome."""
    seed = player.play_seed(number, cells, 5)
    first, second = [], []
    assert player.play(number, cells, seed, record=first) == player.play(number, cells, seed, record=second)
    assert first == second


@pytest.mark.parametrize("cells, number", MIXED)
def test_seeds_make_different_games(cells, number):
    """Different seeds give different games: on these deals some are won, some lost."""
    outcomes = {player.play(number, cells, player.play_seed(number, cells, i))[0] for i in range(player.PLAYS)}
    assert {True, False} == outcomes


def test_play_seeds_are_distinct_per_deal_cells_and_index():
    """No two (deal, cells, index) among many share a seed."""
    seeds = {player.play_seed(n, c, i) for n in (0, 1, 2**35 - 1) for c in (4, 2, 1) for i in range(64)}
    assert 3 * 3 * 64 == len(seeds)


def test_loss_rate_is_the_share_of_games_lost():
    """loss_rate counts the seeded games lost, first … first + plays - 1."""
    cells, number = MIXED[0]
    lost = sum(1 for i in range(3, 9) if not player.play(number, cells, player.play_seed(number, cells, i))[0])
    assert lost / 6 == player.loss_rate(number, cells, 6, first=3)
    assert 0.0 == player.loss_rate(ALWAYS_WON[1], ALWAYS_WON[0], 4)
    assert 1.0 == player.loss_rate(ALWAYS_LOST[1], ALWAYS_LOST[0], 4)


def test_start_is_the_deal_with_cards_sent_home():
    """The player starts from the deal after every card that can go home went there."""
    for cells in (4, 2, 1):
        game = Game.from_number(314, cells)
        send_home(game)
        assert position(game) == player.start(314, cells)
