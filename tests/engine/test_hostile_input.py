"""Hostile input to the engine API: huge numbers, huge texts and control
characters get the engine's own refusal (BadPosition, BadSave, BadMove,
BadCode: never a plain ValueError or TypeError), at once, and every message
quotes its input bounded and with control characters escaped."""

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from seahaven import BadCode, BadMove, BadPosition, BadSave, Game, IllegalMove, SeahavenError
from seahaven.errors import printable, quote

DEAL = Game.from_code("SH1-C4-AAAAAJ2").to_text()
DIGITS = "9" * 5000  # CPython refuses int() of more than 4300 digits with a plain ValueError
CONTROL = "\x1b[2J\x1b]0;owned\x07\x9b31m\u202e"  # ESC sequences, BEL, a C1 CSI, a bidi override


def engine_error(call, kind):
    """Run ``call``; it must raise exactly the engine's ``kind`` (a SeahavenError)."""
    with pytest.raises(kind) as info:
        call()
    assert isinstance(info.value, SeahavenError), type(info.value)
    return info.value


def assert_clean(error):
    """The message and its params quote input bounded, without control characters."""
    texts = [str(error)] + [str(v) for v in error.params.values()]
    for text in texts:
        assert len(text) < 300, text
        assert all(ord(ch) >= 32 and not 127 <= ord(ch) < 160 for ch in text), repr(text)
        assert "\u202e" not in text


@pytest.mark.parametrize(
    "text",
    [
        DEAL.replace("H-0", "H-" + DIGITS),
        DEAL.replace("H-0", "H-0" + DIGITS),
        DEAL.replace("KD", "K" + DIGITS),
        DEAL.replace("KD", DIGITS + "D"),
        DEAL.replace("3C 4H - -", "3C 4H - " + DIGITS),
    ],
    ids=["foundation", "foundation-leading-zero", "card", "card-rank", "cell"],
)
def test_huge_numbers_in_position_text(text):
    """Numbers of 5000 digits in a position text are a BadPosition, not a ValueError."""
    assert_clean(engine_error(lambda: Game.from_text(text), BadPosition))


def test_huge_text_refused_unread():
    """A position text far over any real size is refused by its length (key position-size)."""
    error = engine_error(lambda: Game.from_text(DEAL * 100000), BadPosition)
    assert "position-size" == error.key
    assert_clean(error)


@pytest.mark.parametrize(
    "data",
    [
        {"v": 1, "code": "SH1-C4-AAAAAJ2", "moves": ["t1-t7x" + DIGITS]},
        {"v": 1, "code": "SH1-C4-AAAAAJ2", "moves": ["t3-c3"], "undone": ["t1-" + DIGITS]},
        {"v": 1, "start": DEAL.replace("H-0", "H-" + DIGITS), "moves": []},
        {"v": 1, "code": "SH1-C4-" + DIGITS},
        {"v": int(DIGITS[:4000]), "code": "SH1-C4-AAAAAJ2"},
        {"v": 1, "code": "SH1-C4-AAAAAJ2", "moves": [CONTROL]},
        {"v": 1, "code": CONTROL},
        {"v": CONTROL, "code": "SH1-C4-AAAAAJ2"},
        {"v": 1, "start": DEAL.replace("KD", CONTROL)},
    ],
    ids=["count", "place", "start", "code", "version", "move-control", "code-control", "version-control", "card"],
)
def test_hostile_saves_are_bad_saves(data):
    """Huge numbers and control characters in a save: BadSave, with a clean message."""
    assert_clean(engine_error(lambda: Game.load(data), BadSave))


COUNTS = ["abc", "", None, 1.5, True, [2], "1" * 5000, 10**5000, -(10**5000), 14, "-1"]


@pytest.mark.parametrize(
    "n", COUNTS, ids=["abc", "empty", "None", "1.5", "True", "list", "digits", "huge", "huge-negative", "14", "-1"]
)
def test_find_move_counts_are_bad_moves(n):
    """find_move's count must be a number of cards 1-13: anything else is a BadMove."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    assert_clean(engine_error(lambda: game.find_move("t1", "t7", n), BadMove))


@pytest.mark.parametrize("n", ["abc", None, 1.5, True])
def test_intent_counts_that_are_not_numbers(n):
    """double_tap, targets and movable refuse a count that is not a number (BadMove, not TypeError)."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    for call in (game.double_tap, game.targets, game.movable):
        assert_clean(engine_error(lambda call=call: call("t1", n), BadMove))


@pytest.mark.parametrize("n", [10**5000, -(10**5000), 14], ids=["huge", "huge-negative", "14"])
def test_intent_counts_out_of_range_find_nothing(n):
    """A count no group can have is simply nothing to do, as with 0 (even a 5000-digit one)."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    assert (None, [], False) == (game.double_tap("t1", n), game.targets("t1", n), game.movable("t1", n))


def test_new_with_a_huge_number():
    """A deal number of 5000 digits is a BadCode whose message stays short."""
    assert_clean(engine_error(lambda: Game.new(number=int(DIGITS[:4000]) ** 2), BadCode))


@pytest.mark.parametrize(
    "call,kind",
    [
        (lambda g: g.play("t1" + CONTROL + "-t2"), BadMove),
        (lambda g: g.play(CONTROL), BadMove),
        (lambda g: g.find_move(CONTROL, "t2"), BadMove),
        (lambda g: g.tap(CONTROL), BadMove),
        (lambda g: Game.from_code("SH1-C4-" + CONTROL), BadCode),
        (lambda g: Game.from_code("SH1\x9b-C4-AAAAAJ2"), BadCode),
        (lambda g: Game.from_code("SH1-C4-AAAA\u202eJ2"), BadCode),
        (lambda g: Game.from_text(DEAL.replace("KD", CONTROL)), BadPosition),
        (lambda g: Game.from_text(DEAL.replace("H-0", "H-" + CONTROL)), BadPosition),
        (lambda g: Game.from_text(DEAL.replace("H-0", CONTROL + "-0")), BadPosition),
        (lambda g: Game.from_text(DEAL + "x" + CONTROL + ":\n"), BadPosition),
    ],
)
def test_control_characters_are_shown_escaped(call, kind):
    """Control characters from input appear escaped in messages and params, never raw."""
    error = engine_error(lambda: call(Game.from_code("SH1-C4-AAAAAJ2")), kind)
    assert_clean(error)


def test_quote_escapes_and_bounds():
    """quote(): printable text unchanged, controls and invisible marks as escapes, at most 30 characters."""
    assert "t1-t2" == quote("t1-t2")
    assert "\\x1b[31m" == quote("\x1b[31m")
    assert "a\\x9bb\\u202ec\\x00" == quote("a\x9bb\u202ec\x00")
    assert "x" * 30 + "…" == quote("x" * 1000)
    assert "[1, 2]" == quote([1, 2])
    assert "<a number too long to print>" == quote(10**5000)
    assert "Ｓé☃" == printable("Ｓé☃")


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(list("0123456789SHDCAKQJT-: \n\t\r#x") + ["\x1b", "\x9b", "\u202e", "Ｓ", "10", DIGITS]),
        max_size=80,
    ),
    st.sampled_from(["H-0 C-0", "3C 4H - -", "KD 3S", "TH 6S 2C"]),
)
@example(tokens=["S", "0", "-", "0"], where="H-0 C-0")  # a foundation "S0-0": its suit two letters
def test_any_digit_soup_is_a_position_or_a_bad_position(tokens, where):
    """Whatever mix of digits (5000 of them too), card letters and controls, in place of
    part of a deal or alone: a game or a BadPosition with a clean message."""
    soup = "".join(tokens)
    for text in (soup, DEAL.replace(where, soup)):
        try:
            Game.from_text(text)
        except BadPosition as exc:
            assert_clean(exc)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from(list("tcfx-0123456789 \x1b")), max_size=12), max_size=6))
def test_any_move_soup_is_played_or_refused(moves):
    """Any move texts in a save load or raise BadSave; played directly, IllegalMove; messages clean."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    for move in moves:
        try:
            game.play(move)
        except IllegalMove as exc:
            assert_clean(exc)
    try:
        Game.load({"v": 1, "code": "SH1-C4-AAAAAJ2", "moves": moves})
    except BadSave as exc:
        assert_clean(exc)


@pytest.mark.parametrize("place", ["t11", "", 3, CONTROL])
def test_max_group_names_a_bad_place(place):
    """max_group(dst) with a place that does not exist is a BadMove, not silently 'no destination'."""
    assert_clean(engine_error(lambda: Game.from_code("SH1-C4-AAAAAJ2").max_group(place), BadMove))


@pytest.mark.parametrize(
    "entropy",
    ["abc", float("nan"), float("inf"), True, [1], 10**5000],
    ids=["abc", "nan", "inf", "True", "list", "huge"],
)
def test_bad_entropy_is_a_bad_code(entropy):
    """Game.new(entropy=…) takes a number; anything else is a BadCode, never a ValueError or TypeError."""
    assert_clean(engine_error(lambda: Game.new(entropy=entropy), BadCode))
