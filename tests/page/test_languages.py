"""The page in every language: no key names or English left, language switch
mid-game, and a toolbar and dialogs that hold at 360 px."""

import json
import re
from pathlib import Path

import manifest
import pytest

from seahaven import Game

from .player import cut_labels, engine_places, press

pytestmark = pytest.mark.browser

I18N = Path(__file__).resolve().parent.parent.parent / "static" / "i18n"
LANGUAGES = manifest.load().language_codes[1:]  # site.toml: all but English, the default
ENGLISH = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
KEY_NAME = re.compile(r"\b(?:%s)\.[A-Za-z][\w-]*" % "|".join(sorted({k.split(".")[0] for k in ENGLISH})))
DIALOGS = ["new-game", "settings", "stats"]

VISIBLE_TEXT = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const el = walk.currentNode.parentElement;
    if (!el || !walk.currentNode.textContent.trim() || el.closest('[data-card], script')) continue;
    const box = el.getBoundingClientRect();
    const shown = box.width && box.height && getComputedStyle(el).visibility !== 'hidden';
    if (shown) out.push(walk.currentNode.textContent.trim());
  }
  for (const el of document.querySelectorAll('[aria-label], [title]')) {
    if (el.getClientRects().length) out.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
  }
  return out.filter(Boolean);
}"""

OVERFLOWING = """() => Array.from(document.querySelectorAll('button, a.button, select, label, dt, dd, h2, legend'))
  .filter(el => el.getClientRects().length && !el.closest('.visually-hidden'))
  .filter(el => {
    const r = el.getBoundingClientRect();
    return el.scrollWidth > el.clientWidth + 1 || r.left < -1 || r.right > innerWidth + 1;
  })
  .map(el => el.outerHTML.slice(0, 120))"""


def leftovers(lang, texts):
    """Key names, or English strings that this language translates, found in ``texts``."""
    strings = json.loads((I18N / ("%s.json" % lang)).read_text(encoding="utf-8"))
    english = {v for k, v in ENGLISH.items() if strings.get(k) != v and len(v) > 3 and "{" not in v}
    found = []
    for text in texts:
        found += KEY_NAME.findall(text)
        if text in english:
            found.append(text)
    return found


def open_dialog(page, name):
    press(page, name)
    page.wait_for_selector("dialog[open]")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_english_or_keys_left(player, lang):
    """Board, toolbar and each dialog show only the chosen language; <html lang> follows it."""
    player.open("SH1-C4-AAAAAJ2", query="?lang=%s" % lang)
    page = player.page
    assert lang == page.evaluate("document.documentElement.lang")
    assert [] == leftovers(lang, page.evaluate(VISIBLE_TEXT))
    assert [] == page.evaluate(OVERFLOWING)
    for name in DIALOGS:
        open_dialog(page, name)
        assert [] == leftovers(lang, page.evaluate(VISIBLE_TEXT)), name
        assert [] == page.evaluate(OVERFLOWING), name
        page.keyboard.press("Escape")
    player.screenshot("lang-%s" % lang)


# The widest corner label on the board, in em of its font.
WIDEST_LABEL = """() => Math.max(...Array.from(document.querySelectorAll('[data-card] .corner'), (label) => {
  const range = document.createRange(); range.selectNodeContents(label);
  return range.getBoundingClientRect().width / parseFloat(getComputedStyle(label).fontSize);
}))"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_corner_labels_whole(phone, lang):
    """On a 360 px phone every card's corner label, in the language's rank
    letters, lies inside its card: the widest label was measured right, stacked
    (rank over suit, as on an upright phone) and side by side (as on a
    landscape one)."""
    phone.open("SH1-C4-AAAAAJ2", query="?lang=%s" % lang)
    page = phone.page
    for size, measure in (((360, 740), "stackedEm"), ((740, 360), "labelEm")):
        page.set_viewport_size(dict(zip(("width", "height"), size)))
        phone.wait_idle()
        assert (measure == "stackedEm") == page.evaluate("window.seahaven.page.api.board.metrics.stacked")
        assert [] == cut_labels(page), size
        widest = page.evaluate(WIDEST_LABEL)
        measured = float(page.evaluate("document.getElementById('board').dataset.%s" % measure))
        assert widest <= measured + 0.01, size  # no label wider than the one measured
        assert widest >= measured - 0.2, size  # and the measure is a label's, not a guess


def test_switch_language_mid_game(desktop):
    """Switching language in Settings keeps the position, the score and undo."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    desktop.open(game.code)
    page = desktop.page
    desktop.mouse_drag(game.cards("t1")[-1], "t7")
    game.play("t1-t7")
    desktop.wait_idle()
    score = desktop.score()
    open_dialog(page, "settings")
    page.get_by_test_id("language").select_option("de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    page.keyboard.press("Escape")
    assert "Neu" in page.get_by_test_id("new-game").inner_text()
    assert engine_places(game) == desktop.places()
    assert score == desktop.score()
    page.get_by_test_id("undo").click()
    game.undo()
    assert engine_places(game) == desktop.places()
