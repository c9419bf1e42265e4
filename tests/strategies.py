"""Hypothesis strategies for the engine tests (design §3 deals, §5 notation).

Everything here builds values through the public engine API or from the
spec's own vocabulary, so a failing example prints as something you can paste.
"""

from hypothesis import strategies as st

from seahaven import Game
from seahaven.deal import BASE32, DEAL_LIMIT, encode

#: The three difficulties of design §2 (number of cells).
cell_counts = st.sampled_from((4, 2, 1))

#: Any deal number design §3 allows: 0 ≤ n < 2^35, edges favoured by Hypothesis.
deal_numbers = st.integers(min_value=0, max_value=DEAL_LIMIT - 1)

#: Every place name of design §5, whether or not a given game has it.
place_names = st.sampled_from(
    ["t%d" % i for i in range(1, 11)] + ["c%d" % i for i in range(1, 5)] + ["f%d" % i for i in range(1, 5)]
)

#: A move as (src, dst, n), n from 1 to 13: most are illegal, some legal.
move_triples = st.tuples(place_names, place_names, st.integers(min_value=1, max_value=13))


@st.composite
def codes(draw):
    """A canonical game code ``SH1-C<cells>-<7 base32>`` with its (cells, number)."""
    cells = draw(cell_counts)
    number = draw(deal_numbers)
    return encode(cells, number), cells, number


@st.composite
def code_spellings(draw):
    """A valid code written the way people type it: any case, spaces around it.

    Returns ``(spelling, canonical_code)``.
    """
    code, _, _ = draw(codes())
    flips = draw(st.lists(st.booleans(), min_size=len(code), max_size=len(code)))
    spelled = "".join(ch.lower() if flip else ch for ch, flip in zip(code, flips, strict=True))
    before = draw(st.sampled_from(["", " ", "  ", "\t", "\n"]))
    after = draw(st.sampled_from(["", " ", "\t ", "\r\n"]))
    return before + spelled + after, code


@st.composite
def base32_digits(draw):
    """Seven characters of the RFC 4648 base32 alphabet (A-Z, 2-7)."""
    return "".join(draw(st.lists(st.sampled_from(BASE32), min_size=7, max_size=7)))


@st.composite
def games(draw, max_moves=60):
    """A deal of any difficulty after a random walk of legal moves.

    Moves to a foundation are drawn more often so walks get past the opening.
    """
    cells = draw(cell_counts)
    number = draw(deal_numbers)
    game = Game.from_number(number, cells)
    steps = draw(st.integers(min_value=0, max_value=max_moves))
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        home = [m for m in moves if m.target[0] == "f"]
        pool = home if home and draw(st.booleans()) else moves
        game.play(pool[draw(st.integers(min_value=0, max_value=len(pool) - 1))])
    return game
