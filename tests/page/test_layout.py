"""The board uses the screen it is given: on an upright phone the cards and
their strips grow into the height and every rank stays readable; a
landscape phone and a desktop keep their layout; the score, moves and time
grow with a desktop's cards (issue 27)."""

import pytest

from seahaven import Game
from seahaven.solver import solve

from .player import Player, cut_labels, press
from .test_touch import replay

pytestmark = pytest.mark.browser
CODE = "SH1-C4-AAAAAJ3"  # its winning line builds a column of 11 cards
UPRIGHT = [(360, 740), (390, 844)]


def mid_game(longest=10):
    """The moves of a winning line up to the first position whose longest column
    holds ``longest`` cards: a game in progress, its columns grown."""
    game = Game.from_code(CODE)
    played = []
    for move in solve(game).moves:
        game.play(move)
        played.append(move)
        if max(len(game.cards("t%d" % i)) for i in range(1, 11)) >= longest:
            return played
    raise AssertionError("no column of %d cards on the way" % longest)


# What a player sees of the board: how much of the height under the toolbar it
# takes (from the top of the cells to the foot of the longest column), every
# corner label's font size, and each covered card's label against the card
# that covers it.
BOARD = """() => {
  const bar = document.querySelector('.toolbar').getBoundingClientRect();
  const rail = bar.height >= innerHeight - 1;
  const piles = Array.from(document.querySelectorAll('.pile'), (el) => el.getBoundingClientRect());
  const cards = Array.from(document.querySelectorAll('[data-card]'), (el) => el.getBoundingClientRect());
  const top = Math.min(...piles.map((r) => r.top));
  const bottom = Math.max(...piles.map((r) => r.bottom), ...cards.map((r) => r.bottom));
  const hidden = [];
  for (const column of document.querySelectorAll('.column')) {
    const inColumn = Array.from(column.children);
    inColumn.slice(0, -1).forEach((card, i) => {
      const label = card.firstChild.getBoundingClientRect();
      if (label.bottom > inColumn[i + 1].getBoundingClientRect().top + 0.5) hidden.push(card.dataset.card);
    });
  }
  return {
    share: (bottom - top) / (rail ? innerHeight : innerHeight - bar.bottom),
    corners: Array.from(document.querySelectorAll('[data-card] .corner'),
      (el) => parseFloat(getComputedStyle(el).fontSize)),
    hidden,
    lowest: bottom,
    metrics: window.seahaven.page.api.board.metrics,
  };
}"""


@pytest.mark.parametrize("sized", UPRIGHT, indirect=True)
def test_an_upright_phone_plays_on_its_whole_height(sized):
    """Mid-game on an upright phone (a column of ten cards), the board reaches
    down over 70 % of the height under the toolbar: cards taller than a poker
    card's, wider strips, every rank readable at 14 px or more, rank over
    suit, none hidden by the card on it, none cut, none below the screen.
    Dealt, with five cards a column, the cards are as large."""
    sized.open(CODE)
    page = sized.page
    dealt = page.evaluate(BOARD)
    replay(sized, mid_game())
    sized.wait_idle()
    board = page.evaluate(BOARD)
    sized.screenshot("mid-game")
    assert board["share"] >= 0.7, board["share"]
    assert min(board["corners"]) >= 14
    assert board["metrics"]["stacked"]
    assert board["metrics"]["cardH"] > 1.4 * board["metrics"]["cardW"]
    assert [] == board["hidden"]
    assert [] == cut_labels(page)
    assert board["lowest"] <= page.viewport_size["height"]
    assert dealt["metrics"] == board["metrics"]  # the cards keep their size through the game


TALL_COLUMN = """() => {
  const board = window.seahaven.page.api.board;
  const view = structuredClone(board.view);
  for (const name of ['t2', 't3', 't4', 't5']) {
    while (view.places.t1.length < 19 && view.places[name].length) view.places.t1.push(view.places[name].shift());
  }
  board.render(view, { animate: false });
}"""


@pytest.mark.parametrize("sized", UPRIGHT, indirect=True)
def test_the_tallest_column_fits_readable(sized):
    """A column of 19 cards, the most a game makes, fans tighter to fit the
    screen, and its ranks still show at 14 px or more."""
    sized.open(CODE)
    page = sized.page
    page.evaluate(TALL_COLUMN)
    sized.wait_idle()
    board = page.evaluate(BOARD)
    sized.screenshot("tallest-column")
    assert 19 == page.locator("[data-place=t1] [data-card]").count()
    assert min(board["corners"]) >= 14
    assert [] == board["hidden"]
    assert [] == cut_labels(page)
    assert board["lowest"] <= page.viewport_size["height"] + 0.5


@pytest.mark.parametrize("sized", [(844, 390), (1280, 800)], indirect=True)
def test_landscape_and_desktop_keep_their_layout(sized):
    """A landscape phone and a desktop keep poker-shaped cards with the label
    beside the suit, every rank shown, mid-game."""
    sized.open(CODE)
    replay(sized, mid_game())
    sized.wait_idle()
    board = sized.page.evaluate(BOARD)
    sized.screenshot("mid-game")
    metrics = board["metrics"]
    assert not metrics["stacked"]
    assert metrics["cardH"] == round(1.4 * metrics["cardW"])
    assert [] == board["hidden"]
    assert [] == cut_labels(sized.page)
    assert board["share"] >= 0.7


NUMBERS = """() => ['dt', 'dd'].map((tag) =>
  parseFloat(getComputedStyle(document.querySelector(`.stats ${tag}`)).fontSize))"""
FITS = "() => { const bar = document.querySelector('.toolbar'); return bar.scrollWidth <= bar.clientWidth; }"


@pytest.mark.parametrize("sized", [(1280, 800)], indirect=True)
def test_desktop_numbers_grow_with_the_cards(sized):
    """Beside a desktop's large cards the score, moves and time are larger
    than a phone's 11/16 px, as long as the row has room for them: in German
    the row keeps its words and the numbers their phone size."""
    sized.open(CODE)
    page = sized.page
    label, number = page.evaluate(NUMBERS)
    card = page.evaluate("window.seahaven.page.api.board.metrics.cardW")
    assert label >= 13 and number >= 20 and number >= card * 0.18, (label, number, card)
    sized.open(CODE, query="?lang=de")
    assert [11, 16] == page.evaluate(NUMBERS)
    assert "Neu" in page.get_by_test_id("new-game").inner_text()
    assert page.evaluate(FITS)


# How each card is drawn: its box, its corner's, suit's and pip's boxes
# (relative to the board) and the pip's visibility, by card.
DRAWN = """() => {
  const board = document.querySelector('.board').getBoundingClientRect();
  const box = (el) => { const r = el.getBoundingClientRect();
    return [r.left - board.left, r.top - board.top, r.width, r.height].map(Math.round).join(' '); };
  return Object.fromEntries(Array.from(document.querySelectorAll('[data-card]'), (card) => {
    const pip = card.querySelector('.pip');
    return [card.dataset.card, [box(card), box(card.querySelector('.corner')), box(card.querySelector('.suit')),
      box(pip), getComputedStyle(pip).visibility].join(' | ')];
  }));
}"""


def drawn_fresh(sized, browser, code, lang):
    """How a first visit in a fresh browser draws the deal ``code``."""
    phone = sized.device.startswith("phone")
    context = browser.new_context(viewport=sized.page.viewport_size, has_touch=phone, is_mobile=phone,
                                  device_scale_factor=2, service_workers="block")
    try:
        first = Player(context.new_page(), context, sized.device)
        first.base = sized.base
        first.open(code, query="?lang=%s" % lang)
        return first.page.evaluate(DRAWN)
    finally:
        context.close()


@pytest.mark.parametrize("sized,lang", [((390, 844), "es"), ((844, 390), "sv"), ((1280, 800), "en")],
                         indirect=["sized"])
def test_every_new_deal_drawn_as_a_first_load(sized, lang, browser):
    """Four new deals in a row, each drawn card by card as a fresh load of the
    same deal draws it: on an upright phone a card that was covered in one
    deal and is on top in the next shows its large suit (issue 41)."""
    page = sized.page
    sized.open(query="?lang=%s" % lang)
    for _ in range(4):
        press(page, "new-game")
        page.get_by_test_id("only-winnable").uncheck()  # a random deal at once
        page.get_by_test_id("deal").click()
        page.wait_for_function("() => !document.querySelector('#new-dialog').open")
        sized.settle()
        sized.painted()
        code = sized.code()
        assert drawn_fresh(sized, browser, code, lang) == page.evaluate(DRAWN), code
