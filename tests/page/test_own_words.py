"""Each language its own (issue 41): no two things the player must tell apart
share a word — the difficulties (the Statistics' columns, New game's levels)
and the kinds of deal (the Statistics' rows, New game's list) — and dates are
written as the language writes them, a heading's first letter a capital and
nothing capitalised by the style sheet."""

import json
import re

import pytest

from .player import DEVICES, Player, press
from .stats_sample import TODAY, sample, storing

pytestmark = pytest.mark.browser

CODE = "SH1-C4-AAAAAJ2"
NO_SOLVER = "window.requestIdleCallback = () => 0;"  # no solver needed: save its start-up
# The calendar's heading on TODAY's month, as each language heads a page of a calendar with it.
MONTH = {"en": "December 2026", "es": "Diciembre de 2026", "de": "Dezember 2026", "fr": "Décembre 2026",
         "it": "Dicembre 2026", "pt": "Dezembro de 2026", "sv": "December 2026"}


def words(texts):
    """The words of ``texts``, in lower case ("Difícil — 1 celda" gives difícil, celda)."""
    return {word.lower() for text in texts for word in re.findall(r"[^\W\d_]+", text)}


def texts(page, selector):
    return page.evaluate("(s) => Array.from(document.querySelectorAll(s), (el) => el.innerText.trim())", selector)


@pytest.mark.parametrize("lang", list(MONTH))
def test_difficulties_kinds_and_dates_in_each_language(browser, site, lang):
    """On a phone, in Statistics, no difficulty shares a word with a kind of deal
    (Spanish said "Difícil" for both Hard and Tricky), and the calendar's month
    reads as its language writes it (not "Diciembre De 2026"); New game's
    levels and kinds of deal keep apart the same way."""
    context = browser.new_context(**DEVICES["phone"], service_workers="block")
    context.add_init_script(NO_SOLVER)
    context.add_init_script(storing(sample()))
    context.add_init_script("localStorage.setItem('seahaven.settings', %s);"
                            % json.dumps(json.dumps({"v": 1, "language": lang})))
    p = Player(context.new_page(), context, "phone")
    p.base = site
    try:
        page = p.page
        page.clock.set_fixed_time(TODAY + "T12:00:00Z")
        p.open(CODE)
        press(page, "stats")
        page.get_by_test_id("stats-dialog").wait_for(state="visible")
        levels = texts(page, ".stats-table thead th")
        kinds = texts(page, "[data-testid=tier-wins] tbody th, [data-testid=tier-wins] tbody tr > :first-child")
        assert 3 == len(levels) and 3 <= len(kinds)
        assert set() == words(levels) & words(kinds), (levels, kinds)
        assert MONTH[lang] == page.get_by_test_id("daily-calendar").locator(".month").inner_text()
        page.get_by_test_id("stats-dialog").locator("[data-close]").click()

        press(page, "new-game")
        levels = [text.split("—")[0] for text in texts(page, "#new-dialog input[name=cells] + span")]
        kinds = texts(page, "#tier-select option")
        assert 3 == len(levels) and 4 == len(kinds)
        assert set() == words(levels) & words(kinds), (levels, kinds)
        assert [] == p.errors
    finally:
        context.close()
