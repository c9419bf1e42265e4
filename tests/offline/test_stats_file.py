"""Statistics exported to a file and imported on another device, as a player
moving to a new phone does it; a file that is not a whole statistics file is
refused with the reason and changes nothing."""

import json

import pytest

from seahaven import Game, daily

from ..page.player import press
from ..page.stats_sample import sample
from .moves import play_some

pytestmark = pytest.mark.browser

CODE = "SH1-C4-AAAAAJ2"
TODAY = "2026-12-24"


def device(make_player, built, kind="desktop"):
    p = make_player(built, device=kind, service_workers="block")
    p.page.clock.set_fixed_time(TODAY + "T08:00:00Z")
    return p


def open_stats(p):
    press(p.page, "stats")  # on a phone, from the toolbar's menu
    p.page.get_by_test_id("stats-dialog").wait_for(state="visible")


def choose_file(p, name, content):
    """Import, as a player picks a file in the browser's file chooser."""
    with p.page.expect_file_chooser() as chooser:
        p.page.get_by_test_id("stats-import").click()
    chooser.value.set_files({"name": name, "mimeType": "application/json", "buffer": content.encode()})


def played(p):
    return p.page.locator("#stats-dialog tbody tr[data-stat=played] td[data-cells='4']").inner_text()


def test_export_then_import_on_a_new_phone(make_player, built, tmp_path):
    """The file holds every level of the statistics; imported on a phone that
    has a game in progress, it replaces that phone's statistics once the
    player says yes, and the game in progress goes on (counted when it ends)."""
    old = device(make_player, built)
    old.preset({"seahaven.stats": json.dumps(sample())})
    old.open(CODE)
    open_stats(old)
    with old.page.expect_download() as info:
        old.page.get_by_test_id("stats-export").click()
    download = info.value
    assert "seahaven-statistics-%s.json" % TODAY == download.suggested_filename
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    data = json.loads(path.read_text())
    assert "seahaven-statistics" == data["kind"] and 1 == data["v"] and "current" not in data
    assert old.storage("seahaven.stats")["levels"] == data["levels"]

    new = device(make_player, built, "phone")
    new.open(CODE)
    game = Game.from_code(CODE)
    play_some(new, game, 1)
    before = new.storage("seahaven.stats")
    open_stats(new)
    assert "0" == played(new)  # the game in progress is counted once it ends
    assert new.page.get_by_test_id("stats-in-progress").is_visible()
    choose_file(new, path.name, path.read_text())
    confirm = new.page.locator(".stats-import-confirm")
    confirm.filter(has_text="(120 games played)").wait_for()  # the file is read asynchronously
    assert confirm.is_visible()
    assert "“%s” (120 games played)" % path.name in confirm.inner_text()
    assert before == new.storage("seahaven.stats")  # nothing changes before the yes
    new.page.get_by_test_id("stats-import-yes").click()
    assert not confirm.is_visible()
    assert "120" == played(new)  # the file's; the game in progress is counted once it ends
    after = new.storage("seahaven.stats")
    assert data["levels"] == after["levels"]
    assert before["current"] == after["current"]
    assert "36 won" in new.page.locator("[data-testid=chart-results] figcaption").inner_text()
    new.screenshot("stats-imported")


def test_bad_files_are_refused_and_change_nothing(make_player, built):
    """Not JSON, JSON of something else, a statistics file with a wrong field:
    each refused with its reason named; Cancel on a good file changes nothing either."""
    p = device(make_player, built)
    p.preset({"seahaven.stats": json.dumps(sample())})
    p.open(CODE)
    stored = p.page.evaluate("() => localStorage.getItem('seahaven.stats')")
    open_stats(p)
    good = {"kind": "seahaven-statistics", "v": 1, "exported": TODAY, "levels": sample()["levels"]}
    damaged = json.loads(json.dumps(good))
    damaged["levels"]["2"]["won"] = -4
    lifetime = json.loads(json.dumps(good))  # counts no lifetime of play reaches, one game short of unsafe integers
    lifetime["levels"]["2"].update(played=2**53 - 2, won=2**53 - 3)
    cases = [
        ("notes.txt", "my best games: many",
         "“notes.txt” was not imported: it is not a statistics file (it is not JSON)."),
        ("game.json", json.dumps({"v": 1, "game": {"code": CODE, "moves": []}}),
         "“game.json” was not imported: it is not a Seahaven Towers statistics file."),
        ("later.json", json.dumps(dict(good, v=7)),
         "“later.json” was not imported: it was written by another version of the game (format 7)."),
        ("broken.json", json.dumps(damaged), "“broken.json” was not imported: it is damaged (2.won)."),
        ("infinite.json", json.dumps(good).replace('"v": 1', '"v": 1e400'),
         "“infinite.json” was not imported: it is not a Seahaven Towers statistics file."),
        ("lifetime.json", json.dumps(lifetime),
         "“lifetime.json” was not imported: it is damaged (2.played, 2.won)."),
    ]
    error = p.page.get_by_test_id("stats-file-error")
    for name, content, message in cases:
        choose_file(p, name, content)
        p.page.wait_for_function("() => document.querySelector('[data-testid=stats-file-error]').textContent")
        assert message + " Nothing changed." == error.inner_text()
        assert not p.page.locator(".stats-import-confirm").is_visible()
        assert stored == p.page.evaluate("() => localStorage.getItem('seahaven.stats')")
        assert "120" == played(p)
    p.screenshot("stats-refused")

    choose_file(p, "good.json", json.dumps(dict(good, levels={})))
    p.page.locator(".stats-import-confirm").filter(has_text="(0 games played)").wait_for()  # read asynchronously
    assert "" == error.inner_text()
    assert "(0 games played)" in p.page.locator(".stats-import-confirm").inner_text()
    p.page.get_by_test_id("stats-import-no").click()
    assert "stats-import" == p.page.evaluate("() => document.activeElement.dataset.testid")
    assert stored == p.page.evaluate("() => localStorage.getItem('seahaven.stats')")
    assert "120" == played(p)


# Every text the toast shows, in order (window.toasts): one may follow another within a frame.
TOASTS = """addEventListener('DOMContentLoaded', () => {
  window.toasts = [];
  const toast = document.getElementById('toast');
  new MutationObserver(() => toast.textContent && window.toasts.push(toast.textContent))
    .observe(toast, { childList: true, characterData: true, subtree: true });
});"""


def test_a_day_whose_code_the_engine_refuses(make_player, built):
    """A statistics file whose today's deal holds a code the engine refuses,
    imported as a player does: Today says why that code cannot be used and
    deals the day's deal, which the statistics then hold."""
    p = make_player(built, service_workers="block", solver=True)
    p.context.add_init_script(TOASTS)
    p.page.clock.set_fixed_time(TODAY + "T08:00:00Z")
    p.open(CODE)
    open_stats(p)
    levels = sample()["levels"]
    levels["4"]["daily"][TODAY] = {"code": "SH1-C4-AAAAAA1", "tier": "balanced", "par": 75, "won": False,
                                   "helped": False, "moves": None, "seconds": None}
    choose_file(p, "hostile.json", json.dumps({"kind": "seahaven-statistics", "v": 1, "levels": levels}))
    p.page.get_by_test_id("stats-import-yes").click()
    p.page.locator("#stats-dialog [data-close]").click()
    expected = daily.daily(2026, 12, 24, 4)
    p.page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=120000)
    press(p.page, "daily")
    p.page.wait_for_function("c => document.querySelector('[data-testid=game-code]').textContent === c",
                             arg=expected.code, timeout=60000)
    said = p.page.evaluate("window.toasts")
    refused = "The deal saved for this day is not a valid one (The last part may use only A–Z and 2–7, not “1”)"
    assert any(text.startswith(refused) for text in said), said
    assert "Today's deal: Balanced" == said[-1]
    p.page.wait_for_function(
        "([d, c]) => JSON.parse(localStorage.getItem('seahaven.stats')).levels['4'].daily[d].code === c",
        arg=[TODAY, expected.code])
