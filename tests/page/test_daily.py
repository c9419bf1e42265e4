"""Today's deal as a player uses it: the toolbar's Today button deals the day's
deal for the player's difficulty (computed by the solver's worker, "…" while
it works, the board playable meanwhile), records it per date with its kind
and par, and a win says how it went against par and shows in the calendar."""

import pytest

from seahaven import Game, daily, grade
from seahaven.move import Move
from seahaven.review import par_line

from .player import DEVICES, Player
from .stats_sample import storing

pytestmark = pytest.mark.browser

DAY = (2026, 12, 24)  # a Thursday: a Balanced day
DATE = "2026-12-24"
START = "SH1-C1-AAAAAJ3"  # a Hard game: today's deal comes for 1 cell
WORKER_TIMEOUT = 120000
NO_SOLVER = "window.requestIdleCallback = () => 0;"  # keeps the worker from starting by itself


def press(p, locator):
    """A tap on a phone (in the toolbar's menu when the row has no room), a click on a desktop."""
    if not locator.is_visible():
        p.page.get_by_test_id("menu").click()
    if p.device == "phone":
        locator.tap()
    else:
        locator.click()


def double_tappable(game):
    """A top card a double tap moves."""
    for i in range(1, 11):
        place = "t%d" % i
        if game.double_tap(place):
            return game.cards(place)[-1]
    raise AssertionError("no double tap moves anything")


def wait_dealt(p):
    p.page.wait_for_function("document.querySelector('[data-testid=daily]').dataset.state === 'idle'",
                             timeout=WORKER_TIMEOUT)


def stats(p):
    return p.page.evaluate("() => JSON.parse(localStorage.getItem('seahaven.stats'))")


def test_todays_deal_from_the_toolbar(player):
    """The day's deal for the difficulty played, as the `daily` command gives
    it, after "…" during which the board plays on; the game played meanwhile
    is left only once the player agrees, and counts as lost; the day is
    recorded with its kind and par; pressing again while it is played only
    says so."""
    p = player
    p.page.clock.set_fixed_time(DATE + "T09:30:00Z")
    held = []  # the worker's script, held until the board has been played during "…"
    p.page.route("**/static/build/worker.py", lambda route: held.append(route))
    p.open(START)
    expected = daily.daily(*DAY, 1)
    button = p.page.get_by_test_id("daily")
    assert "Today's deal" == button.get_attribute("aria-label")
    press(p, button)
    assert "true" == button.get_attribute("aria-busy")
    assert button.locator(".busy").is_visible()
    p.double_tap(double_tappable(Game.from_code(START)))  # the board is still playable
    p.page.wait_for_function("document.querySelector('[data-testid=moves]').textContent === '1'")
    assert START == p.code() and "true" == button.get_attribute("aria-busy")
    assert held, "the worker's script was not held"
    for route in held:
        route.continue_()
    p.page.unroute("**/static/build/worker.py")
    wait_dealt(p)
    # The game played meanwhile is in progress: the player is asked first, and told how it counts.
    question = p.page.get_by_test_id("replace")
    question.wait_for(state="visible")
    assert "Play today's deal?" == p.page.locator("#replace-title").inner_text()
    assert "Your game in progress (1 move) will be abandoned and counted as a loss." == \
        p.page.locator("#replace-text").inner_text()
    assert START == p.code()
    press(p, p.page.get_by_test_id("replace-open"))
    assert expected.code == p.code()
    assert "Today's deal: Balanced" == p.toast().inner_text()
    assert not button.locator(".busy").is_visible() and "false" == button.get_attribute("aria-busy")
    # Statistics are stored once the new deal is drawn (the saver flushes after a paint).
    p.page.wait_for_function("() => JSON.parse(localStorage.getItem('seahaven.stats')).levels['1'].recent.length")
    hard = stats(p)["levels"]["1"]
    assert [{"result": "lost", "seconds": None, "tier": None}] == hard["recent"]  # the game left behind
    assert {"code": expected.code, "tier": "balanced", "par": grade.par(expected.code), "won": False, "helped": False,
            "moves": None, "seconds": None} == hard["daily"][DATE]
    assert {"tier": "balanced", "daily": DATE} == {k: stats(p)["current"][k] for k in ("tier", "daily")}

    press(p, button)  # again, while it is played: nothing changes
    p.page.wait_for_function("document.querySelector('#toast').textContent.includes('already')")
    assert expected.code == p.code()
    p.screenshot("daily")


def test_winning_todays_deal(browser, site):
    """Today's deal, found earlier today (so the worker is not needed again),
    won along its par line: the win says it matched par, and the streak, the
    statistics hold the day's moves, and the calendar shows the day solved."""
    expected = daily.daily(*DAY, 4)
    line = par_line(expected.code).moves
    found = {"code": expected.code, "tier": expected.tier, "par": len(line), "won": False, "helped": False,
             "moves": None, "seconds": None}
    earlier = {"v": 1, "levels": {"4": {"daily": {DATE: found}}}, "current": None}
    context = browser.new_context(**DEVICES["desktop"])
    context.add_init_script(NO_SOLVER)
    context.add_init_script(storing(earlier))
    p = Player(context.new_page(), context, "desktop")
    p.base = site
    try:
        p.page.clock.set_fixed_time(DATE + "T09:30:00Z")
        p.open("SH1-C4-AAAAAJ2")
        p.page.get_by_test_id("daily").click()
        p.page.wait_for_function("code => document.querySelector('[data-testid=game-code]').textContent === code",
                                 arg=expected.code)
        # Most of the line played through the page's engine, the last card sent home by a tap.
        play = ("moves => { const {api} = window.seahaven.page; "
                "moves.forEach(move => api.do('play', {move}, {animate: false})); }")
        p.page.evaluate(play, line[:-1])
        game = Game.from_code(expected.code)
        for move in line[:-1]:
            game.play(move)
        p.tap(game.cards(Move.parse(line[-1]).source)[-1])
        p.page.get_by_test_id("win").wait_for(state="visible")
        moves = len(line)
        # Each fact once (issue 41): the moves in the summary, par in its line, the day's result here.
        assert "Today's deal solved. Days solved in a row: 1" == p.page.get_by_test_id("win-daily").inner_text()
        assert ("Par for this deal, the shortest win the solver found, is %d moves: you matched it." % moves
                == p.page.get_by_test_id("win-par").inner_text())
        # The statistics are written after the frame that shows the win.
        p.page.wait_for_function("d => JSON.parse(localStorage.getItem('seahaven.stats')).levels['4'].daily[d].won",
                                 arg=DATE)
        day = stats(p)["levels"]["4"]["daily"][DATE]
        assert (True, moves, moves) == (day["won"], day["moves"], day["par"])
        p.page.locator("#win-dialog [data-close]").click()

        p.page.get_by_test_id("stats").click()
        calendar = p.page.get_by_test_id("daily-calendar")
        assert "solved" == calendar.locator("[data-date='%s']" % DATE).get_attribute("data-day")
        assert "Days solved in a row: 1" == p.page.get_by_test_id("daily-streak").inner_text()
        row = p.page.locator("[data-testid=calendar-table] tbody tr").first
        assert "December 24" in row.inner_text() and "Solved" in row.inner_text()
        assert [] == p.errors
    finally:
        p.context.close()
