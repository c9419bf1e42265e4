"""Where players touch the page: tips for gestures that do nothing, Finish,
cards sent home automatically, and a board that never jumps (issue: taps,
layout, finishing)."""

import pytest

from seahaven import Game, Move
from seahaven.rules import legal_moves, move_text

from .. import fcsolve
from .player import cut_labels, engine_places, find_deal, press

pytestmark = pytest.mark.browser
CODE = "SH1-C4-AAAAAJ2"  # t1 ends Q♣ 6♦; a double tap sends 6♦ onto 7♦ (t7)

# Counts how often #toast was given a text containing `needle` (set up before acting).
COUNT_TOASTS = """(needle) => {
  window.__toasts = 0;
  const toast = document.querySelector('#toast');
  new MutationObserver(() => { if (toast.textContent.includes(needle)) window.__toasts += 1; })
    .observe(toast, { childList: true, characterData: true, subtree: true });
}"""


# -- gestures that do nothing say what would ------------------------------


@pytest.mark.parametrize("player", ["phone"], indirect=True)
def test_refused_tap_says_why_once_while_it_shows(player):
    """A single tap that cannot go home shakes and says why (the card its foundation
    needs first) and what a double tap does instead (issue 41: every refused tap says
    why). Tapped again while those words are up, they stay: written once, not at
    every tap, so a player who taps a lot is not talked at."""
    player.open(CODE)
    page = player.page
    page.evaluate(COUNT_TOASTS, "double-tap")
    before = player.places()
    for _ in range(5):
        player.tap("6D")
        page.wait_for_timeout(420)  # no second tap: the first tap's refusal shows
    assert before == player.places()
    assert "AD" == Game.from_code(CODE).why_not_home("t1").params["need"]  # the engine's reason, shown
    assert "6♦ cannot go home before A♦: double-tap to move it to column 7" == player.toast().inner_text()
    assert 1 == page.evaluate("window.__toasts")


@pytest.mark.parametrize("player", ["phone"], indirect=True)
def test_drag_of_a_covered_card_tells_what_lifts(player):
    """Dragging Q♣ from under 6♦ lifts nothing and says which card can be lifted."""
    player.open(CODE)
    before = player.places()
    player.touch_drag("QC", "t4")
    player.wait_idle()
    assert before == player.places()
    assert "Only 1 card can be lifted here: 6♦" == player.toast().inner_text()


@pytest.mark.parametrize("sized", [(390, 844), (844, 390)], indirect=True)
def test_a_tap_right_after_a_quick_drop_acts(sized):
    """A drop made while the finger still moves, then Undo tapped at once, five
    times over: each Undo takes the move back (a browser that took the quick
    lift for a fling dropped the click of the tap that followed it)."""
    sized.open(CODE)
    page = sized.page
    start = sized.places()
    for attempt in range(5):
        sized.touch_drag("6D", "t7")  # lifted at the last move, with no pause
        page.wait_for_function("() => document.querySelector('[data-testid=moves]').textContent === '1'")
        box = page.get_by_test_id("undo").bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function("() => document.querySelector('[data-testid=moves]').textContent === '0'",
                               timeout=2000)
        sized.settle()
        assert start == sized.places(), attempt


# -- finishing a game -------------------------------------------------------


def near_the_end():
    """The win deal played by Freecell Solver's line up to where foundation moves alone win."""
    game = Game.from_code(CODE)
    played = []
    for move in fcsolve.solve(game):
        if game.finish_moves():
            return game, played
        game.play(move)
        played.append(move)
    raise AssertionError("the line never reaches a finish")


def replay(player, moves):
    """Set up a game in progress: the page's engine plays these moves."""
    player.page.evaluate(
        "(moves) => { const {api} = window.seahaven.page; "
            "for (const move of moves) api.do('play', {move}); }", moves
    )
    player.settle()


needs_fcsolve = pytest.mark.skipif(fcsolve.FC_SOLVE is None, reason="fc-solve is not installed")


@needs_fcsolve
@pytest.mark.parametrize("how", ["button", "double-tap"])
def test_finish_plays_every_card_home(player, how):
    """Finish (the button, or a double tap on a foundation) plays the rest as
    ordinary moves: counted, scored, one undo takes back the last one."""
    game, played = near_the_end()
    rest = game.finish_moves()
    player.open(CODE)
    finish = player.page.get_by_test_id("finish")
    assert finish.is_hidden()  # not offered at the start
    replay(player, played)
    finish.wait_for(state="visible")
    if how == "button":
        finish.click()
    else:
        home = next(f for f in ("f1", "f2", "f3", "f4") if game.cards(f))
        player.double_tap(game.cards(home)[-1])
    player.page.get_by_test_id("win").wait_for(state="visible")
    for move in rest:
        game.play(move)
    assert str(len(played) + len(rest)) == player.page.get_by_test_id("moves").inner_text()
    assert str(game.score) == player.page.get_by_test_id("score").inner_text()
    player.page.keyboard.press("Escape")
    player.page.get_by_test_id("undo").click()
    game.undo()
    player.settle()
    assert engine_places(game) == player.places()


def autoplay_deal():
    """A deal whose first column-to-column move lets cards go home by themselves."""

    def fits(game):
        for src, dst, n in legal_moves(game.position):
            if src < 10 and dst < 10 and n == 1:
                after = Game.from_code(game.code)
                after.play(move_text((src, dst, n)))
                return bool(after.autoplay_moves())
        return False

    game = find_deal(4, fits)
    move = next(move_text(m) for m in legal_moves(game.position) if m[0] < 10 and m[1] < 10 and m[2] == 1)
    return game, move


def test_send_cards_home_automatically(player):
    """Off by default; turned on in Settings, the cards a move frees go home
    after it, each its own move (one undo takes back only the last)."""
    game, move = autoplay_deal()
    player.open(game.code)
    page = player.page
    press(page, "settings")
    toggle = page.get_by_test_id("auto-home")
    assert not toggle.is_checked()
    toggle.click()
    page.keyboard.press("Escape")
    value = Move.parse(move)
    card = game.cards(value.source)[-1]
    if player.device == "phone":
        player.touch_drag(card, value.target)
    else:
        player.mouse_drag(card, value.target)
    game.play(move)
    auto = game.autoplay_moves()
    for m in auto:
        game.play(m)
    moves = "(n) => document.querySelector('[data-testid=moves]').textContent === String(n)"
    page.wait_for_function(moves, arg=1 + len(auto))
    player.settle()
    assert engine_places(game) == player.places()
    page.get_by_test_id("undo").click()
    game.undo()
    page.wait_for_timeout(300)  # an undo sends nothing home again
    player.settle()
    assert engine_places(game) == player.places()


# -- a board that never jumps ---------------------------------------------

LANGUAGES = ["en", "es", "it", "pt", "sv", "fr", "de"]

SWITCH_LANGUAGE = """async (lang) => {
  const select = document.querySelector('#language-select');
  select.value = lang;
  select.dispatchEvent(new Event('change'));
  while (document.documentElement.lang !== lang) await new Promise(r => setTimeout(r, 20));
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
}"""

# The toolbar's and the board's boxes, whether any control leaves the one row, and what overflows.
TOOLBAR = """() => {
  const bar = document.querySelector('.toolbar').getBoundingClientRect();
  const top = document.querySelector('[data-place=c1]').getBoundingClientRect().top;
  const shown = Array.from(document.querySelectorAll('.toolbar > *, .toolbar .actions > *, .toolbar .stats > div'))
    .filter(el => !el.closest('.menu') && el.getClientRects().length && getComputedStyle(el).display !== 'contents');
  const outside = shown.filter(el => { const r = el.getBoundingClientRect();
    return r.top < bar.top - 0.5 || r.bottom > bar.bottom + 0.5 || r.left < -0.5 || r.right > innerWidth + 0.5; })
    .map(el => el.outerHTML.slice(0, 80));
  const small = shown.filter(el => el.matches('button, a.button')).filter(el => {
    const r = el.getBoundingClientRect(); return r.width < 44 || r.height < 44; }).map(el => el.outerHTML.slice(0, 80));
  return { height: bar.height, top, outside, small };
}"""

# The score, moves and clock at their largest (a 4-digit score, 3-digit moves, an hour), or back at 0.
SET_STATS = """([score, moves, time]) => {
  const set = (id, text) => { document.querySelector(`[data-testid=${id}]`).textContent = text; };
  set('score', score); set('moves', moves); set('time', time);
  return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
}"""


def test_toolbar_one_row_of_fixed_height(browser, site):
    """At 320, 360 and 390 px, in every language, the toolbar is one row of the
    same height with 44 px controls, and neither it nor the board moves when the
    score reaches four digits, the moves three and the clock an hour."""
    context = browser.new_context(viewport={"width": 320, "height": 700}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(site + "#" + CODE)
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    heights = set()
    for lang in LANGUAGES:
        page.evaluate(SWITCH_LANGUAGE, lang)
        for width in (320, 360, 390):
            page.set_viewport_size({"width": width, "height": 700})
            page.evaluate(SET_STATS, ["0", "0", "0:00"])
            small = page.evaluate(TOOLBAR)
            page.evaluate(SET_STATS, ["8888", "999", "1:00:00"])
            grown = page.evaluate(TOOLBAR)
            where = (lang, width)
            assert [] == grown["outside"], where
            assert [] == grown["small"], where
            assert (small["height"], small["top"]) == (grown["height"], grown["top"]), where
            heights.add(grown["height"])
    assert 1 == len(heights)
    context.close()


# The commands left in the row (or rail), and the space between the numbers'
# labels as drawn: the least, in px, between one label's text and the next's.
ROW_COMMANDS = """() => {
  const bar = document.querySelector('.toolbar');
  const commands = Array.from(bar.querySelectorAll('button[data-testid], a[data-testid]'))
    .filter(el => !el.closest('.menu') && el.getClientRects().length).map(el => el.dataset.testid);
  const texts = Array.from(bar.querySelectorAll('.stats dt'), dt => {
    const range = document.createRange(); range.selectNodeContents(dt); return range.getBoundingClientRect(); });
  const rail = bar.clientHeight > bar.clientWidth;
  const apart = texts.slice(1).map((r, i) => rail ? r.top - texts[i].bottom : r.left - texts[i].right);
  return { commands, apart: Math.min(...apart) };
}"""


@pytest.mark.parametrize("size", [(360, 740), (375, 667), (390, 844), (412, 915), (740, 360), (844, 390)])
def test_the_same_commands_in_the_row_in_every_language(browser, site, size):
    """On a phone the commands one tap away do not depend on the language:
    in all seven, the row (or rail) keeps the same ones, Undo and Hint always,
    Redo too from 390 px upright and on a phone held sideways, and the labels
    over the score, moves and time never touch, whatever the numbers."""
    context = browser.new_context(viewport=dict(zip(("width", "height"), size)), has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(site + "#" + CODE)
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    rows = {}
    for lang in LANGUAGES[1:] + LANGUAGES[:1]:  # English last: each row fitted anew for its words
        page.evaluate(SWITCH_LANGUAGE, lang)
        for stats in (["0", "0", "0:00"], ["8888", "999", "1:00:00"]):
            page.evaluate(SET_STATS, stats)
            row = page.evaluate(ROW_COMMANDS)
            assert row["apart"] >= 3, (lang, stats, row)
            rows[lang] = row["commands"]
    assert {lang: rows["en"] for lang in LANGUAGES} == rows
    one_tap = {"undo", "hint"} | ({"redo"} if size[0] >= 390 else set())
    assert one_tap <= set(rows["en"]), rows["en"]
    context.close()


# Whether the row (or rail) overflows as fitted, and with the last control it
# folded put back where it was: the fit folds no more than it must.
FOLDED_ONE_TOO_MANY = """() => {
  const bar = document.querySelector('.toolbar');
  // Past the row's end, or into its padding (the safe area a rail keeps clear of: its scroll size leaves it out).
  const intoPadding = () => {
    const style = getComputedStyle(bar), box = bar.getBoundingClientRect();
    const right = box.right - parseFloat(style.paddingRight), bottom = box.bottom - parseFloat(style.paddingBottom);
    return Array.from(bar.children).some((c) => {
      const r = c.getBoundingClientRect();
      return r.width && (r.right > right + 0.5 || r.bottom > bottom + 0.5);
    });
  };
  const overflows = () => bar.scrollWidth > bar.clientWidth + 0.5 || bar.scrollHeight > bar.clientHeight + 0.5
    || intoPadding();
  const folded = Array.from(document.querySelectorAll('#menu > [data-fold]'));
  const fitted = overflows();
  if (!folded.length) return { fitted, folded: 0, without: true };
  const last = folded.reduce((a, b) => (Number(b.dataset.fold) > Number(a.dataset.fold) ? b : a));
  const walker = document.createTreeWalker(bar, NodeFilter.SHOW_COMMENT);
  let home = null;
  while (walker.nextNode()) if (walker.currentNode.data === 'fold:' + last.dataset.testid) home = walker.currentNode;
  const menuHome = last.nextSibling;
  home.after(last);
  const without = overflows();
  last.parentElement.removeChild(last);
  document.querySelector('#menu').insertBefore(last, menuHome);
  return { fitted, folded: folded.length, without };
}"""


@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_toolbar_folds_only_what_does_not_fit(browser, site, orientation):
    """From a small phone to a desktop, in the longest and shortest languages,
    the row (the rail on a landscape phone) is fitted with the fewest controls
    in the menu: nothing overflows, and the last one folded would not fit."""
    if orientation == "portrait":
        sizes = [(width, 740) for width in range(320, 1300, 45)]
    else:
        sizes = [(2 * height, height) for height in range(280, 541, 20)]
    context = browser.new_context(viewport=dict(zip(("width", "height"), sizes[0])), has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(site + "#" + CODE)
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    folds = set()
    for lang in ("fr", "en"):
        page.evaluate(SWITCH_LANGUAGE, lang)
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            got = page.evaluate(FOLDED_ONE_TOO_MANY)
            assert (False, True) == (got["fitted"], got["without"]), (lang, width, height, got)
            folds.add(got["folded"])
    assert len(folds) >= 3, folds  # the sizes fold more or fewer
    context.close()


def test_show_me_bar_leaves_the_stats_in_view(player):
    """The Show me bar sits over the bottom of the board on one line: Score,
    Moves and Time stay visible above it."""
    player.open(CODE, query="?lang=fr")  # the longest labels
    page = player.page
    page.wait_for_selector("body[data-solver='ready']", timeout=60000)
    press(page, "show-me")
    bar = page.get_by_test_id("showme-bar")
    bar.wait_for(state="visible")
    box = bar.bounding_box()
    stats = page.locator(".stats").bounding_box()
    label = page.evaluate("() => document.querySelector('[data-testid=showme-bar] span').getClientRects().length")
    page.get_by_test_id("showme-stop").click()
    assert box["y"] >= stats["y"] + stats["height"]  # below the toolbar's numbers
    assert box["height"] <= 60 and 1 == label  # one line
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]


def test_ten_labels_whole_on_phones(browser, site):
    """At 360 and 390 px every "10" corner label lies inside its card."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(site + "#" + CODE)
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    for width, height in ((360, 740), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        cut = cut_labels(page, "[data-card^=T]")
        assert [] == cut, width
    context.close()


# A column of 19 cards: the other columns' cards piled onto column 1, drawn as a position.
TALL_COLUMN = """() => {
  const board = window.seahaven.page.api.board;
  const view = structuredClone(board.view);
  const places = view.places;
  for (const name of ['t2', 't3', 't4', 't5']) {
    while (places.t1.length < 19 && places[name].length) places.t1.push(places[name].shift());
  }
  board.render(view, { animate: false });
  const labels = Array.from(document.querySelectorAll('[data-place=t1] [data-card]'), card => {
    // the label's line box: its rank and suit, without the font's empty ascent
    const label = card.firstChild.getBoundingClientRect().toJSON();
    return { card: card.dataset.card, label, box: card.getBoundingClientRect().toJSON() };
  });
  return { count: labels.length, labels, metrics: board.metrics };
}"""


@pytest.mark.parametrize("size", [(844, 390), (740, 360)])
def test_landscape_phone_layout(browser, site, size):
    """A landscape phone gets the toolbar as a rail down the side and the board
    the whole height: cards larger than the old 42 px, and every rank of a
    19-card column readable."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(site + "#" + CODE)
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    bar = page.evaluate("() => document.querySelector('.toolbar').getBoundingClientRect().toJSON()")
    assert bar["height"] == height and bar["width"] < 100  # a rail, not a row
    tall = page.evaluate(TALL_COLUMN)
    assert 19 == tall["count"]
    assert tall["metrics"]["cardW"] >= 46
    labels = tall["labels"]
    for below, above in zip(labels, labels[1:]):
        # each rank shows: the next card starts below this card's label
        assert below["label"]["bottom"] <= above["box"]["top"] + 0.5, below["card"]
        assert below["label"]["height"] >= 8
    assert labels[-1]["box"]["bottom"] <= height + 0.5
    context.close()


@pytest.mark.parametrize("size", [(740, 360), (667, 375)])
def test_the_rail_still_fits_once_the_solver_answers(browser, site, size):
    """On a small phone held sideways, the rail fitted at the start keeps every
    control whole within it once the solver's mark is shown (its room is kept
    from the start): the ☰ menu's button was cut off at the bottom."""
    context = browser.new_context(viewport=dict(zip(("width", "height"), size)), has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(site + "#" + CODE)
    page.wait_for_function("document.querySelector('[data-testid=winnable]').dataset.status === 'winnable'",
                           timeout=30000)
    assert page.evaluate(FOLDED_ONE_TOO_MANY)["fitted"] is False
    menu = page.get_by_test_id("menu").bounding_box()
    assert menu["y"] + menu["height"] <= size[1] - 4 + 0.5  # within the rail's padding
    context.close()


@pytest.mark.parametrize("player", ["phone"], indirect=True)
def test_touch_targets_at_least_44px(player):
    """On a phone every control a finger reaches (toolbar, menu, Settings) is at
    least 44 × 44 px; cards excepted."""
    player.open(CODE)
    page = player.page
    too_small = """(sel) => Array.from(document.querySelectorAll(sel)).filter(el => el.getClientRects().length)
      .filter(el => { const r = el.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
      .map(el => el.outerHTML.slice(0, 80))"""
    assert [] == page.evaluate(too_small, ".toolbar button, .toolbar a.button")
    page.get_by_test_id("menu").click()
    assert [] == page.evaluate(too_small, ".menu button, .menu a.button")
    press(page, "settings")
    assert [] == page.evaluate(too_small, "dialog[open] button, dialog[open] select, dialog[open] label")
