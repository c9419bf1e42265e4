"""The finish of the look (issue 41): radio buttons, checkboxes and sliders in
the game's colour in every theme, the ☰ menu's entries aligned, the win
dialog's buttons in one row where they fit, and the clock paused while Review
or Statistics is open, as it is while the help is read."""

import json

import pytest

from seahaven import Game

from .player import DEVICES, Player, press
from .test_touch import LANGUAGES, SWITCH_LANGUAGE
from .test_win import win_by_hand

pytestmark = pytest.mark.browser

CODE = "SH1-C4-AAAAAJ2"  # t1 ends Q♣ 6♦; a double tap sends 6♦ onto 7♦ (t7)

# Each radio button, checkbox and slider of an open dialog whose accent colour is
# not the theme's primary colour (as a colour of that dialog resolves it).
OFF_COLOUR = """() => {
  const dialog = document.querySelector('dialog[open]');
  const probe = document.createElement('span');
  probe.style.color = 'var(--primary)';
  dialog.append(probe);
  const primary = getComputedStyle(probe).color;
  probe.remove();
  const inputs = Array.from(dialog.querySelectorAll('input[type=radio], input[type=checkbox], input[type=range]'));
  return { count: inputs.length, off: inputs.filter((el) => getComputedStyle(el).accentColor !== primary)
    .map((el) => el.outerHTML.slice(0, 80)) };
}"""


@pytest.mark.parametrize("theme", ["light", "dark", "contrast"])
def test_dialog_controls_in_the_games_colour(browser, site, theme):
    """New game's, Settings' and Statistics' radio buttons and checkboxes take
    the theme's primary colour, not the browser's blue."""
    context = browser.new_context(**DEVICES["phone"], service_workers="block")
    context.add_init_script("localStorage.setItem('seahaven.settings', %s);"
                            % json.dumps(json.dumps({"v": 1, "theme": theme})))
    p = Player(context.new_page(), context, "phone")
    p.base = site
    p.open(CODE)
    page = p.page
    for control in ("new-game", "settings", "stats"):
        press(page, control)
        page.locator("dialog[open]").wait_for()
        found = page.evaluate(OFF_COLOUR)
        assert found["count"] >= 2 and [] == found["off"], (control, found)
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('dialog[open]')")
    errors = p.errors
    context.close()
    assert [] == errors


# Each entry of the open ☰ menu: its glyph's left edge and width, and where its words begin.
MENU_ROWS = """() => Array.from(document.querySelectorAll('#menu > *'), (row) => {
  const glyph = row.querySelector('.glyph').getBoundingClientRect();
  const words = row.querySelector('.label, .code-text').getBoundingClientRect();
  return [row.dataset.testid, Math.round(glyph.left), Math.round(glyph.width), Math.round(words.left)];
})"""


@pytest.mark.parametrize("lang", ["en", "es"])
def test_menu_entries_aligned(phone, lang):
    """On a phone, every entry of the ☰ menu, the code's included, has its
    glyph in one column of one width and its words starting at one edge."""
    phone.open(CODE, query="?lang=%s" % lang)
    phone.page.get_by_test_id("menu").tap()
    rows = phone.page.evaluate(MENU_ROWS)
    assert len(rows) >= 8 and "copy-code" in [row[0] for row in rows]
    assert 1 == len({tuple(row[1:]) for row in rows}), rows


# The win dialog's buttons grouped by row: for each row, its buttons' left and
# right edges against the dialog's content box.
WIN_ROWS = """() => {
  const dialog = document.querySelector('#win-dialog'), box = dialog.getBoundingClientRect();
  const style = getComputedStyle(dialog);
  const left = box.left + parseFloat(style.paddingLeft), right = box.right - parseFloat(style.paddingRight);
  const rows = {};
  for (const button of dialog.querySelectorAll('.buttons button')) {
    const r = button.getBoundingClientRect();
    (rows[Math.round(r.top)] ||= []).push([r.left - left, right - r.right]);
  }
  return Object.values(rows).map((row) => [row.length, Math.round(row[0][0]), Math.round(row.at(-1)[1])]);
}"""


@pytest.mark.parametrize("sized", [(1280, 800), (844, 390), (390, 844)], indirect=True)
def test_win_buttons_in_one_row_where_they_fit(sized):
    """On a desktop and a phone held sideways the win dialog's three buttons
    stand in one row in every language; on a phone upright, where they do
    not fit, each row is filled edge to edge (New game alone and whole)."""
    win_by_hand(sized)
    page = sized.page
    sized.screenshot("win-buttons")
    for lang in LANGUAGES:
        page.evaluate(SWITCH_LANGUAGE, lang)
        rows = page.evaluate(WIN_ROWS)
        if sized.device.startswith("desktop") or page.viewport_size["width"] > 800:
            assert [3] == [row[0] for row in rows], (lang, rows)
        else:
            assert [[2, 0, 0], [1, 0, 0]] == rows, (lang, rows)


def running(page):
    return page.evaluate("() => window.seahaven.page.api.clock.since !== null")


@pytest.mark.parametrize("control,close", [("review-open", "review-close"), ("stats", None)])
def test_clock_paused_under_review_and_statistics(phone, control, close):
    """The clock runs from the first move; while Review or Statistics is open
    it stops, and it goes on once closed."""
    phone.open(CODE)
    page = phone.page
    game = Game.from_code(CODE)
    phone.double_tap(game.cards("t1")[-1])
    page.wait_for_function("() => document.querySelector('[data-testid=moves]').textContent === '1'")
    assert running(page)
    press(page, control)
    page.locator("dialog[open]").first.wait_for()
    assert not running(page)
    if close:
        page.get_by_test_id(close).tap()
    else:
        page.locator("dialog[open] [data-close]").tap()
    page.wait_for_function("() => !document.querySelector('dialog[open]')")
    assert running(page)
