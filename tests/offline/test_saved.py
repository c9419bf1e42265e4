"""The game in progress survives a reload, storage cleared under it, and
storage that refuses a write in passing; anything unreadable in storage is
kept aside with a warning and the page starts all the same."""

import json
import re

import pytest
from manifest import ROOT, load

from seahaven import Game

from ..page.player import engine_places
from .moves import play_some

pytestmark = pytest.mark.browser

CODE = "SH1-C4-AAAAAJ2"
OTHER = "SH1-C2-AAAAAJ3"


def test_reload_restores_position_score_undo_redo_and_time(local):
    """After moves, an undo and a reload: the same piles, score, moves, undo
    and redo; undo and redo then walk the same history; the clock goes on."""
    local.open(CODE)
    game = Game.from_code(CODE)
    play_some(local, game, 4)
    local.page.get_by_test_id("undo").click()
    game.undo()
    local.wait_idle()
    before = local.view()
    saved = local.saved_game()
    assert before["score"] == game.score and before["undo"] and before["redo"]
    record = local.storage("seahaven.game")
    assert saved == record["game"]
    record["elapsed"] = 125
    local.preset({"seahaven.game": json.dumps(record)})  # leaving the page saved it once more: set it after
    local.page.goto(local.base)  # no hash: the saved game opens
    local.page.wait_for_selector("body[data-ready='1']", timeout=30000)
    assert before == local.view()
    assert saved == local.saved_game()
    local.page.wait_for_function("document.querySelector('[data-testid=time]').textContent >= '2:05'")
    local.page.get_by_test_id("redo").click()
    game.redo()
    local.wait_idle()
    assert engine_places(game) == local.places() and game.score == local.score()
    for _ in range(2):
        local.page.get_by_test_id("undo").click()
        game.undo()
    local.wait_idle()
    assert engine_places(game) == local.places() and game.score == local.score()
    local.reload()  # the hash now names the saved game's own deal: still restored
    assert engine_places(game) == local.places()
    assert game.save()["undone"] == local.saved_game()["undone"]
    assert [] == [w for w in local.warnings if w.startswith("seahaven")]


@pytest.mark.parametrize("cleared", ["localStorage.clear()", "localStorage.removeItem('seahaven.stats')"])
def test_storage_cleared_mid_game_is_written_again(local, cleared):
    """Site data cleared after 3 moves (by the player, or by another tab): the
    moves played after it, and the next new game, are saved and reopen; the
    statistics begin again with the game in progress; nothing is thrown."""
    local.open(CODE)
    game = Game.from_code(CODE)
    play_some(local, game, 3)
    local.page.evaluate(cleared)
    play_some(local, game, 2)
    assert game.save()["moves"] == local.storage("seahaven.game")["game"]["moves"]
    assert CODE == local.storage("seahaven.stats")["current"]["code"]
    local.page.get_by_test_id("new-game").click()
    local.page.get_by_test_id("deal").click()
    local.page.get_by_test_id("replace-open").click()  # the game in progress is left, once asked
    local.wait_idle()
    fresh = Game.from_code(local.code())
    play_some(local, fresh, 1)
    local.leave()
    local.open()  # no hash: the saved game
    assert (fresh.code, engine_places(fresh)) == (local.code(), local.places())
    stats = local.storage("seahaven.stats")
    # The game left is counted; the fresh one is in progress, counted when it ends.
    current = stats["current"]
    assert (fresh.code, 1, True) == (current["code"], stats["levels"]["4"]["played"], current["played"])
    assert "ok" == local.page.evaluate("document.body.dataset.saving || 'ok'")


def test_a_link_to_another_deal_asks_before_replacing_the_game_in_progress(local):
    """A URL naming a different deal, while a game is in progress, asks first:
    "Keep my game" keeps it (not counted as lost); "Open it" opens the deal
    and counts the game left as lost, as the question said."""
    local.open(CODE)
    game = Game.from_code(CODE)
    play_some(local, game, 3)
    played = local.storage("seahaven.stats")["levels"]["4"]
    local.leave()
    local.open(OTHER)
    question = local.page.get_by_test_id("replace")
    question.wait_for(state="visible")
    assert "SH1-C2-AAAAAJ3" in question.inner_text() and "(3 moves)" in question.inner_text()
    assert engine_places(game) == local.places()  # the game in progress stays on the board meanwhile
    local.page.get_by_test_id("replace-keep").click()
    local.wait_idle()
    assert (CODE, "#" + CODE) == (local.code(), local.page.evaluate("location.hash"))
    assert engine_places(game) == local.places()
    local.reload()
    assert engine_places(game) == local.places()
    assert played == local.storage("seahaven.stats")["levels"]["4"]  # kept, not lost

    local.page.evaluate("location.hash = '#%s'" % OTHER.lower())  # followed while playing
    question.wait_for(state="visible")
    local.page.get_by_test_id("replace-open").click()
    local.page.wait_for_function("document.querySelector('[data-testid=game-code]').textContent === '%s'" % OTHER)
    assert engine_places(Game.from_code(OTHER)) == local.places()
    assert [] == local.saved_game()["moves"]
    stats = local.storage("seahaven.stats")
    assert (1, 0, 0) == (stats["levels"]["4"]["played"], stats["levels"]["4"]["won"], stats["levels"]["4"]["streak"])
    assert OTHER == stats["current"]["code"]


def test_a_link_opens_at_once_over_a_game_not_begun(local):
    """No move made yet in the saved game: nothing to lose, nothing asked."""
    local.open(CODE)
    local.leave()
    local.open(OTHER)
    assert OTHER == local.code()
    assert not local.page.get_by_test_id("replace").is_visible()


def saved_record(game_data, **extra):
    return json.dumps({"v": 1, "game": game_data, "elapsed": 30, **extra})


GOOD = {"v": 1, "code": CODE, "moves": ["t1-t7"], "undone": []}
# Each case: what is stored, the warnings it must cause, and whether the saved game is good.
# Statistics and settings cases ride along with the game cases (one page load each).
CORRUPT = {
    "game not JSON, statistics not JSON": (
        {"seahaven.game": "{oops", "seahaven.stats": "nope"},
        ["seahaven.game: not JSON", "seahaven.stats: not JSON"],
    ),
    "game of a newer version (kept), statistics of wrong types": (
        {
            "seahaven.game": json.dumps({"v": 2, "game": GOOD}),
            "seahaven.stats": json.dumps(
                {"v": 1, "levels": {"4": {"played": "many", "won": -1}, "2": 7}, "current": 5}
            ),
        },
        ["newer version", "unreadable statistics: 4.played, 4.won, 2, current"],
    ),
    "game record not an object, statistics of another version": (
        {"seahaven.game": "[1, 2, 3]", "seahaven.stats": json.dumps({"v": "1"})},
        ["not version 1", "saved statistics"],
    ),
    "no game in the record, settings not JSON": (
        {"seahaven.game": json.dumps({"v": 1, "game": "t1-t7"}), "seahaven.settings": "{"},
        ["no game", "seahaven.settings"],
    ),
    "moves that do not replay": (
        {"seahaven.game": saved_record({"v": 1, "code": CODE, "moves": ["t1-t7", "t1-t7"], "undone": []})},
        ["not restored"],
    ),
    "moves of the wrong type": (
        {"seahaven.game": saved_record({"v": 1, "code": CODE, "moves": "t1-t7", "undone": []})},
        ["not restored"],
    ),
    "a code of the wrong type": ({"seahaven.game": saved_record({"v": 1, "code": 314, "moves": []})}, ["not restored"]),
    "engine save of another version": (
        {"seahaven.game": saved_record({"v": True, "code": CODE, "moves": []})},
        ["not restored"],
    ),
    "time of the wrong type (the game is kept)": ({"seahaven.game": saved_record(GOOD, elapsed="long")}, ["time"]),
    "a time of 1e300 seconds (the game is kept)": ({"seahaven.game": saved_record(GOOD, elapsed=1e300)}, ["time"]),
}
THROWING = """
Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});
"""
QUOTA = """
Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};
"""


@pytest.mark.parametrize("case", list(CORRUPT))
def test_unreadable_storage_is_ignored(local, case):
    """Each kind of bad saved data: the page starts with a playable game (a
    fresh one, or the saved one when only its time was bad) and says why in a
    console warning, never an error."""
    items, warnings = CORRUPT[case]
    local.preset(items)
    local.open()
    if not any(kept in case for kept in ("newer version", "game is kept")):  # unusable: kept aside, said once
        local.page.wait_for_function("() => document.querySelector('#toast').innerText.includes('kept aside')")
        assert items["seahaven.game"] == local.page.evaluate("localStorage.getItem('seahaven.game.aside')")
    game = Game.from_code(local.code())
    if "game is kept" in case:
        assert CODE == local.code()
        game.play("t1-t7")
        assert re.fullmatch(r"0:0\d", local.page.get_by_test_id("time").inner_text())  # counted afresh
    assert engine_places(game) == local.places()
    play_some(local, game, 1)
    for warning in warnings:
        assert any(warning in w for w in local.warnings), (warning, local.warnings)
    if case == next(iter(CORRUPT)):
        local.reload()  # what is saved now is readable
        assert engine_places(game) == local.places()


@pytest.mark.parametrize(
    "script,told",
    [(THROWING, "cannot be saved in this browser mode"), (QUOTA, "Storage is full")],
    ids=["storage-denied", "quota-exceeded"],
)
def test_storage_that_throws(local, script, told):
    """Storage that refuses to work (private mode) or has no room: the game
    starts and plays, the console warns, and the player is told the true reason."""
    local.context.add_init_script(script)
    local.open(CODE)
    local.page.wait_for_function("t => document.body.innerText.includes(t)", arg=told)
    play_some(local, Game.from_code(CODE), 2)
    assert any("could not" in w for w in local.warnings), local.warnings
    local.page.get_by_test_id("stats").click()
    assert local.page.get_by_test_id("stats-dialog").is_visible()


# Storage that refuses every write while window.storageRefuses is true, as Safari
# and Firefox do in passing (memory pressure, a private window): not "full".
# window.refusedWrites counts the writes it refused.
REFUSING = """(() => {
  const setItem = Storage.prototype.setItem;
  window.storageRefuses = %s;
  window.refusedWrites = 0;
  Storage.prototype.setItem = function (...args) {
    if (!window.storageRefuses) return setItem.apply(this, args);
    window.refusedWrites++;
    throw new DOMException("The operation failed for an unknown transient reason.", "UnknownError");
  };
})()"""
STRINGS = {code: json.loads((ROOT / "static" / "i18n" / ("%s.json" % code)).read_text(encoding="utf-8"))
           for code in load().language_codes}


def notice_says(p, key, lang="en"):
    """Wait until the saving notice shows the string ``key`` of ``lang``."""
    p.page.wait_for_function("t => { const n = document.querySelector('[data-testid=saving-notice]');"
                             " return n && !n.hidden && n.querySelector('span').textContent === t; }",
                             arg=STRINGS[lang][key], timeout=30000)


def refused_after(p, moves):
    """Open CODE, play ``moves`` moves, then have storage refuse every write and
    play ``moves`` more: the notice says the game is not saved. The game."""
    p.context.add_init_script(REFUSING % "false")
    p.open(CODE)
    game = Game.from_code(CODE)
    play_some(p, game, moves)
    p.page.evaluate("window.storageRefuses = true")
    play_some(p, game, moves)
    notice_says(p, "saving.refused")
    return game


def resumed(p):
    """Storage works again: saving says so (for a few seconds)."""
    p.page.wait_for_function("t => document.querySelector('#toast').innerText.includes(t)",
                             arg=STRINGS["en"]["saving.resumed"])


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_write_refused_in_passing_is_tried_again_and_nothing_is_lost(make_player, built, device):
    """Storage refuses writes for a while after two moves (it made saving stop
    for the session: a reload showed 2 of 6 moves): the player is told the game
    is not saved, the notice stays while writes fail and goes once one works,
    saving is said to work again, and a reload shows all six moves."""
    p = make_player(built, device, service_workers="block")
    game = refused_after(p, 2)
    tried = p.page.evaluate("window.refusedWrites")
    p.page.wait_for_function("n => window.refusedWrites > n", arg=tried, timeout=10000)  # tried again, by itself
    assert p.page.get_by_test_id("saving-notice").is_visible()  # it stays while writes fail
    assert not p.page.get_by_test_id("saving-notice").locator("button").is_visible()
    p.page.evaluate("window.storageRefuses = false")
    p.page.get_by_test_id("saving-notice").wait_for(state="hidden", timeout=10000)
    resumed(p)
    play_some(p, game, 2)
    p.reload()
    assert engine_places(game) == p.places()
    assert "6" == p.page.get_by_test_id("moves").inner_text()


def test_only_a_refusal_that_repeats_is_taken_as_a_browser_mode_that_cannot_save(local):
    """Writes refused for good: first "not saved right now", and only after
    repeated tries "cannot be saved in this browser mode", which the player may
    close; storage that works again later saves the game and says so."""
    game = refused_after(local, 1)
    notice_says(local, "storage.unavailable")
    local.page.get_by_test_id("saving-notice").locator("button").click()
    assert not local.page.get_by_test_id("saving-notice").is_visible()
    local.page.evaluate("window.storageRefuses = false")
    play_some(local, game, 1)
    resumed(local)
    local.reload()
    assert engine_places(game) == local.places()


def test_the_refused_notice_in_every_language(local):
    """Storage refusing from the start: each language says the game is not saved, in its own words."""
    local.context.add_init_script(REFUSING % "true")
    for lang in STRINGS:
        local.page.goto(local.base + "?lang=%s#%s" % (lang, CODE))
        local.page.wait_for_selector("body[data-ready='1']", timeout=30000)
        notice_says(local, "saving.refused", lang)
