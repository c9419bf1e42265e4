"""Every count the page shows agrees with its number: a string showing a
number without its plural forms is said on the page's console (i18n.js),
which fails every page test, whatever the placeholder is called. Here the
one the issue found: the statistics import question for a file of one game."""

import json

import pytest

from .player import press

pytestmark = pytest.mark.browser

EMPTY = {"played": 0, "won": 0, "helped": 0, "streak": 0, "bestStreak": 0, "bestScore": None, "fastest": None}
ONE_GAME = {"kind": "seahaven-statistics", "v": 1, "levels": {
    "4": dict(EMPTY, played=1, won=1, streak=1, bestStreak=1, bestScore=560, fastest=300,
              recent=[{"result": "won", "seconds": 300, "tier": None}]),
    "2": dict(EMPTY), "1": dict(EMPTY)}}


@pytest.mark.parametrize("lang,said", [("en", "(1 game played)"), ("fr", "(1 partie jouée)"),
                                       ("de", "(1 Spiel gespielt)")])
def test_the_import_question_counts_one_game(player, lang, said):
    """A statistics file of one game: the question says "1 game", not "1 games", in the
    player's language; two games would be plural."""
    player.open("SH1-C4-AAAAAJ2", query="?lang=%s" % lang)
    page = player.page
    press(page, "stats")
    page.get_by_test_id("stats-dialog").wait_for(state="visible")
    with page.expect_file_chooser() as chooser:
        page.get_by_test_id("stats-import").click()
    file = {"name": "one.json", "mimeType": "application/json", "buffer": json.dumps(ONE_GAME).encode()}
    chooser.value.set_files(file)
    confirm = page.locator(".stats-import-confirm")
    confirm.filter(has_text=said).wait_for()
    assert said in confirm.inner_text()
