"""design §3: the shuffle, the layout, game codes and their refusals."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seahaven import BadCode, Game
from seahaven.deal import decode, encode
from tests.notation import notation

from ..strategies import base32_digits, cell_counts, code_spellings, codes, deal_numbers

LARGEST = 2**35 - 1
CODE_RE = re.compile(r"^SH1-C[421]-[A-Z2-7]{7}$")


# -- an independent transcription of design §3 (pseudo-code copied from the spec) --


def spec_deck(n):
    M = 2**64 - 1

    def splitmix64(state):  # returns (new_state, output)
        state = (state + 0x9E3779B97F4A7C15) & M
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
        return state, z ^ (z >> 31)

    deck = [r + s for s in "SHDC" for r in "A23456789TJQK"]  # AS … KC
    state = n
    for i in range(51, 0, -1):
        state, out = splitmix64(state)
        j = out % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def spec_text(n, cells):
    """design §3 layout written out in design §5 text."""
    deck = spec_deck(n)
    columns = [[] for _ in range(10)]
    for k in range(50):
        columns[k % 10].append(deck[k])
    slots = ["-"] * cells
    slots[0] = deck[50]
    if cells == 1:
        columns[1].append(deck[51])
    else:
        slots[1] = deck[51]
    lines = ["Foundations: H-0 C-0 D-0 S-0", "Freecells: " + " ".join(slots)]
    lines += [": " + " ".join(col) for col in columns]
    return "\n".join(lines) + "\n"


def spec_number(digits):
    """RFC 4648 base32 digits, most significant first."""
    value = 0
    for ch in digits:
        value = value * 32 + "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".index(ch)
    return value


# -- pinned deals -----------------------------------------------------------

PINNED = {
    # design §3's own example: deal 314 with 4 cells.
    "SH1-C4-AAAAAJ2": """\
Foundations: H-0 C-0 D-0 S-0
Freecells: 3C 4H - -
: KD 3S 4C QC 6D
: AH 9S AC 8S 9D
: KH 2S 5S 5H QD
: 2H 7S AD JD KC
: 6C JC 4D TD 2D
: QS 7H 7C 5D 3H
: AS 5C 3D JH 7D
: QH JS 8C 9H 8D
: KS 4S 8H 9C TC
: TH 6S 2C TS 6H
""",
    "SH1-C4-AAAAAAA": """\
Foundations: H-0 C-0 D-0 S-0
Freecells: KS TD - -
: 8C JS AD QS 9C
: JD 7S 6S JH 7H
: 9S 9D 4C 3C JC
: 2C 8S TH 4H 6D
: 2H QC 5H 2D KC
: QH KD 8D 9H 4S
: 6C 5D 8H 3S 7D
: TS 2S AH KH 5C
: 3H 3D QD AC 6H
: AS 5S TC 7C 4D
""",
    # The largest deal number with one cell: deck[51] tops column 2.
    "SH1-C1-7777777": """\
Foundations: H-0 C-0 D-0 S-0
Freecells: QD
: QH 5H TC TH TD
: KS 9S JH 6S 9H 2C
: 7H TS AH 8D 5S
: 6C AC 3H 4H 5C
: KH 4C 8S 2S JC
: 2D JS JD KD 6D
: AD QS AS 6H 2H
: 4D 4S 3S 3D 7D
: 5D 9D 7C KC 9C
: 7S QC 8C 8H 3C
""",
}


@pytest.mark.parametrize("code", sorted(PINNED))
def test_pinned_literal_deals(code):
    """These codes always deal exactly these positions (codes never change meaning)."""
    assert PINNED[code] == Game.from_code(code).to_text()


@pytest.mark.parametrize("code", sorted(PINNED))
def test_pinned_literals_match_the_spec_pseudocode(code):
    """The pinned texts are what design §3's pseudo-code deals, independently recomputed."""
    cells, digits = int(code[5]), code[7:]
    assert PINNED[code] == spec_text(spec_number(digits), cells)


@pytest.mark.parametrize("cells", [4, 2, 1])
@pytest.mark.parametrize("number", [0, 1, 314, 31337, 2**32, 2**34 + 12345, LARGEST])
def test_deal_matches_spec_pseudocode(number, cells):
    """Each deal equals the design §3 shuffle and layout, for 4, 2 and 1 cells, deal 0 to 2^35-1."""
    game = Game.from_code(encode(cells, number))
    assert spec_text(number, cells) == game.to_text()
    assert cells == game.cells
    assert 0 == game.score
    assert [] == notation(game.history)


@settings(max_examples=40, deadline=None)
@given(deal_numbers, cell_counts)
def test_any_deal_matches_spec_pseudocode(number, cells):
    """For any deal number the engine deals what design §3's pseudo-code deals."""
    assert spec_text(number, cells) == Game.from_number(number, cells).to_text()


def test_one_cell_deal_puts_last_card_on_column_two():
    """With 1 cell, column 2 holds 6 cards and the others 5; deck[51] is its top card."""
    game = Game.from_code("SH1-C1-AAAAAAA")
    lengths = [len(game.cards("t%d" % i)) for i in range(1, 11)]
    assert [5, 6, 5, 5, 5, 5, 5, 5, 5, 5] == lengths
    assert spec_deck(0)[51] == game.cards("t2")[-1]
    assert [spec_deck(0)[50]] == game.cards("c1")


def test_four_cell_deal_leaves_cells_three_and_four_empty():
    """With 4 cells, cells 1 and 2 hold deck[50] and deck[51]; cells 3 and 4 start empty."""
    game = Game.from_code("SH1-C4-AAAAAAA")
    deck = spec_deck(0)
    assert [[deck[50]], [deck[51]], [], []] == [game.cards("c%d" % i) for i in range(1, 5)]


# -- codes ----------------------------------------------------------------------


def test_spec_example_code_is_deal_314():
    """design §3: SH1-C4-AAAAAJ2 is deal 314 with 4 cells."""
    assert (4, 314) == decode("SH1-C4-AAAAAJ2")
    assert "SH1-C4-AAAAAJ2" == encode(4, 314)


@pytest.mark.parametrize(
    "code,cells,number",
    [("SH1-C4-AAAAAAA", 4, 0), ("SH1-C2-AAAAAAB", 2, 1), ("SH1-C1-7777777", 1, LARGEST), ("SH1-C4-AAAAAA7", 4, 31)],
)
def test_code_edges(code, cells, number):
    """Deal 0, 1, 31 and 2^35-1 have the codes the base32 rule gives."""
    assert code == encode(cells, number)
    assert (cells, number) == decode(code)
    assert code == Game.from_code(code).code


@settings(max_examples=200, deadline=None)
@given(codes())
def test_code_number_round_trip(drawn):
    """encode and decode are inverse, and the digits are the number in RFC 4648 base32."""
    code, cells, number = drawn
    assert CODE_RE.match(code)
    assert (cells, number) == decode(code)
    assert number == spec_number(code[7:])


@settings(max_examples=100, deadline=None)
@given(cell_counts, base32_digits())
def test_every_seven_digit_string_is_a_deal(cells, digits):
    """Any 7 base32 digits decode to a deal number below 2^35 and re-encode to themselves."""
    code = "SH1-C%d-%s" % (cells, digits)
    decoded_cells, number = decode(code)
    assert (cells, code) == (decoded_cells, encode(cells, number))
    assert 0 <= number <= LARGEST


@settings(max_examples=100, deadline=None)
@given(code_spellings())
def test_code_case_and_spaces_ignored(drawn):
    """Parsing ignores case and surrounding white space; the game shows the canonical code."""
    spelled, code = drawn
    assert code == Game.from_code(spelled).code


@pytest.mark.parametrize("cells", [3, 0, 5, -1, "4"])
def test_encode_refuses_bad_cells(cells):
    """Only 4, 2 or 1 cells exist."""
    with pytest.raises(BadCode) as info:
        encode(cells, 0)
    assert "code-cells" == info.value.key


@pytest.mark.parametrize("number", [-1, 2**35, 2**64, 1.5, None])
def test_encode_refuses_numbers_out_of_range(number):
    """Deal numbers are integers 0 … 2^35-1."""
    with pytest.raises(BadCode) as info:
        encode(4, number)
    assert "code-number" == info.value.key


@pytest.mark.parametrize("number", [-1, 2**35])
def test_game_new_refuses_numbers_out_of_range(number):
    """Game.new refuses a deal number outside 0 … 2^35-1 (BadCode, a ValueError)."""
    with pytest.raises(ValueError):
        Game.new(cells=4, number=number)


def test_new_without_number_picks_a_valid_deal():
    """Game.new with no number gives a valid random code for the requested cells."""
    for cells in (4, 2, 1):
        game = Game.new(cells=cells)
        assert CODE_RE.match(game.code)
        assert cells == game.cells
        assert game.code == Game.from_code(game.code).code


def test_new_with_entropy_is_reproducible():
    """The same caller entropy gives the same deal; the number is taken modulo 2^35."""
    assert Game.new(cells=2, entropy=123456789).code == Game.new(cells=2, entropy=123456789).code
    assert encode(2, 5) == Game.new(cells=2, entropy=2**35 + 5).code


# (input, key, text that the message and params must quote)
BAD_CODES = [
    ("", "code-empty", ""),
    ("   \t ", "code-empty", ""),
    ("XH1-C4-AAAAAJ2", "code-prefix", "XH1"),
    ("SH2-C4-AAAAAJ2", "code-prefix", "SH2"),
    ("SH-C4-AAAAAJ2", "code-prefix", "SH"),
    ("SH1-C3-AAAAAJ2", "code-cells", "C3"),
    ("SH1-C8-AAAAAJ2", "code-cells", "C8"),
    ("SH1-4-AAAAAJ2", "code-cells", "4"),
    ("SH1-CC-AAAAAJ2", "code-cells", "CC"),
    ("SH1-C4-AAAAJ2", "code-length", "AAAAJ2"),
    ("SH1-C4-AAAAAAJ2", "code-length", "AAAAAAJ2"),
    ("SH1-C4-", "code-length", ""),
    ("SH1-C4-AAAAA1Z", "code-digits", "1"),
    ("SH1-C4-AAAAA0Z", "code-digits", "0"),
    ("SH1-C4-AAAAA8Z", "code-digits", "8"),
    ("SH1-C4-AAAA=J2", "code-digits", "="),
    ("SH1-C4-AAA AJ2", "code-digits", " "),
    ("SH1-C4-<B>AAAA", "code-digits", "<"),
    ("<script>alert(1)</script>", "code-shape", "<script>"),
    ("SH1C4AAAAAJ2", "code-shape", "SH1C4AAAAAJ2"),
    ("SH1-C4-AAAAAJ2-X", "code-shape", "SH1-C4-AAAAAJ2-X"),
    ("SH1--C4-AAAAAJ2", "code-shape", "SH1--C4-AAAAAJ2"),
    ("SH1-C4-AAAAAÉ2", "code-char", "É"),
    ("SH1\u2013C4\u2013AAAAAJ2", "code-char", "\u2013"),
    ("ＳＨ１-C4-AAAAAJ2", "code-char", "Ｓ"),
    ("SH1-C4-AAAAAJ2\u200b", "code-char", "200B"),
    ("SH1-C4-AAA\x00AAJ2", "code-char", "0000"),
    ("SH1-C4-AAA\tAAJ2", "code-char", "0009"),
]


@pytest.mark.parametrize("text,key,part", BAD_CODES, ids=[repr(b[0]) for b in BAD_CODES])
def test_bad_codes_refused_naming_the_bad_part(text, key, part):
    """Each malformed code is a BadCode (a ValueError) whose key and message name the wrong part."""
    with pytest.raises(BadCode) as info:
        Game.from_code(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert key == error.key
    assert part in str(error)
    assert part in " ".join(str(v) for v in error.params.values())
    assert "\n" not in str(error) and "\t" not in str(error)


def test_long_bad_code_is_quoted_briefly():
    """A long bad code is quoted in the message only in part (bounded message length)."""
    with pytest.raises(BadCode) as info:
        Game.from_code("X" * 10000)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("value", [None, 314, b"SH1-C4-AAAAAJ2", ["SH1-C4-AAAAAJ2"]])
def test_non_text_codes_refused(value):
    """A code that is not text at all is a BadCode, never a TypeError."""
    with pytest.raises(BadCode) as info:
        Game.from_code(value)
    assert "text" in str(info.value)


@given(st.text(max_size=30))
@settings(max_examples=200, deadline=None)
def test_any_text_is_a_code_or_a_bad_code(text):
    """Whatever the player types, from_code either deals or raises BadCode; nothing else."""
    try:
        game = Game.from_code(text)
    except BadCode as exc:
        assert exc.key.startswith("code-")
        assert str(exc)
    else:
        assert CODE_RE.match(game.code)
        assert game.code == text.strip().upper()
