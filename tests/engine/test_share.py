"""Game links (seahaven/share.py): exact round trips, their size, and damaged,
cut or foreign links refused with BadLink naming what is wrong."""

import random

import pytest
from hypothesis import given, settings

from seahaven import BadLink, BadSave, Game, share, solver
from tests.notation import notation

from ..strategies import games


def snapshot(game):
    return (game.code, game.history, game.to_text(), game.score)


def a_long_game(moves=100):
    """A won 4-cell game padded to about ``moves`` moves: the solver's line, with
    a card moved to another cell and back now and then."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    line = solver.solve(game.position).moves
    extra = moves - len(line)
    for i, move in enumerate(line):
        if game.moves_made >= moves:
            break
        game.play(move)
        if extra > 0 and i % 3 == 0:
            idle = [m for m in notation(game.legal_moves()) if m[0] == "c" and "-c" in m]
            if idle:
                there, back = idle[0].split("-")
                game.play(idle[0])
                game.play(back + "-" + there)
                extra -= 2
    return game


@settings(max_examples=60, deadline=None)
@given(games(max_moves=80))
def test_round_trip(game):
    """decode(encode(game)) is the same deal with the same moves, position and score."""
    text = share.encode(game)
    assert text.startswith("R1-")
    assert set(text[3:]) <= set(share.ALPHABET)
    assert snapshot(share.decode(text)) == snapshot(game)


def test_spelling_around_the_link_is_ignored():
    """A leading '#' and surrounding spaces are not part of the link."""
    game = a_long_game(20)
    text = share.encode(game)
    assert snapshot(share.decode("  #%s \n" % text)) == snapshot(game)


def test_a_100_move_game_fits_a_short_link():
    """About five bits a move: a 100-move game in at most 110 characters."""
    game = a_long_game(100)
    assert 95 <= game.moves_made <= 100
    assert len(share.encode(game)) <= 110


def test_the_redo_list_is_not_shared():
    """Only the moves played count; undone moves stay with the player."""
    game = a_long_game(10)
    game.undo()
    assert share.decode(share.encode(game)).history == game.history


@pytest.mark.parametrize("cells", [4, 2, 1])
def test_a_fresh_deal(cells):
    """No moves at all: the deal alone, for each difficulty."""
    game = Game.from_number(314, cells)
    back = share.decode(share.encode(game))
    assert (back.code, back.history) == (game.code, [])


def test_every_changed_character_is_refused():
    """Any one character replaced by any other of the alphabet: refused, never another game."""
    text = share.encode(a_long_game(40))
    rng = random.Random(5)
    for i in range(3, len(text)):
        for ch in rng.sample(share.ALPHABET, 12):
            if ch == text[i]:
                continue
            with pytest.raises(BadLink) as refused:
                share.decode(text[:i] + ch + text[i + 1:])
            assert refused.value.key in ("link-check", "link-length"), (i, ch)


def test_every_cut_link_is_refused():
    """A link missing its end (any number of characters) or with one more: refused."""
    text = share.encode(a_long_game(40))
    for end in range(len(text)):
        with pytest.raises(BadLink):
            share.decode(text[:end])
    for extra in share.ALPHABET[:8]:
        with pytest.raises(BadLink):
            share.decode(text + extra)


@pytest.mark.parametrize(
    "text,key",
    [
        ("", "link-prefix"),
        ("SH1-C4-AAAAAJ2", "link-prefix"),
        ("R2-AAAAAAAAAAAAAA", "link-version"),
        ("R1-AAAA AAAAAAAAAA", "link-char"),
        ("R1-AAAA=AAAAAAAAA", "link-char"),
        ("R1-AAAAé", "link-char"),
        ("R1-AAAA", "link-length"),
        ("R1-" + "A" * 30000, "link-length"),
    ],
)
def test_foreign_text_is_refused_with_what_is_wrong(text, key):
    """Each refusal is a BadLink (a BadSave too) with a key the page can translate."""
    with pytest.raises(BadLink) as refused:
        share.decode(text)
    assert refused.value.key == key
    assert isinstance(refused.value, BadSave)
    assert "\n" not in str(refused.value)


def test_not_text_is_refused():
    with pytest.raises(BadLink):
        share.decode(None)


def forged(data):
    """A link with a correct check over chosen bytes (what a careless tool might make)."""
    data = bytes(data)
    check = share._hash(data)
    return share.PREFIX + share._to_text(data + bytes([check >> 24, (check >> 16) & 255, (check >> 8) & 255,
                                                        check & 255]))


def test_a_well_formed_link_that_does_not_replay_is_refused():
    """Bytes that pass the check but claim more moves than they hold, or a deal out of
    range: refused by name, never a traceback."""
    deal = (314 * 3).to_bytes(5, "big")
    with pytest.raises(BadLink) as refused:
        share.decode(forged(deal + bytes([3]) + bytes([255, 255, 255, 255, 255])))
    assert refused.value.key == "link-moves"
    with pytest.raises(BadLink) as refused:
        share.decode(forged((3 << 35).to_bytes(5, "big") + bytes([0])))
    assert refused.value.key == "link-deal"
    with pytest.raises(BadLink) as refused:
        share.decode(forged(deal + bytes([255, 255, 255, 255, 15])))
    assert refused.value.key == "link-moves"


def test_a_game_without_a_code_cannot_be_shared():
    game = Game.from_text(Game.from_code("SH1-C4-AAAAAJ2").to_text())
    with pytest.raises(BadLink) as refused:
        share.encode(game)
    assert refused.value.key == "link-no-code"
