"""The calendar of the daily deals as a player uses it (issue 41, points 5 and
13): every difficulty's days in one calendar with the streak, whatever
difficulty the charts show; an earlier day of the month chosen by a tap (or
the arrow keys) and its deal played, then marked solved later, out of the
streak of days solved on their own day; and in every language."""

import pytest
from playwright.sync_api import expect

from seahaven import Game, daily
from seahaven.move import Move
from seahaven.review import par_line

from .player import DEVICES, Player, touch
from .stats_sample import storing
from .test_languages import LANGUAGES, OVERFLOWING, VISIBLE_TEXT, leftovers
from .test_stats_charts import rows

pytestmark = pytest.mark.browser

DATE = "2026-12-24"  # the browser's clock is fixed to this day (UTC)
EARLIER = "2026-12-20"  # a Sunday: a Tricky day
START = "SH1-C4-AAAAAJ2"
WORKER_TIMEOUT = 120000
NO_SOLVER = "window.requestIdleCallback = () => 0;"  # keeps the worker from starting by itself


def day(code, won, moves=84, late=False):
    result = {"code": code, "tier": "balanced", "par": 75, "won": won, "helped": False,
              "moves": moves if won else None, "seconds": 421 if won else None}
    return dict(result, late=True) if late else result


def stats_with(days):
    """Statistics holding `days` ({cells: {date: day}}), with as many wins."""
    levels = {}
    for cells, dates in days.items():
        won = sum(d["won"] for d in dates.values())
        levels[cells] = {"played": won + 1, "won": won, "daily": dates}
    return {"v": 1, "levels": levels, "current": None}


def open_player(browser, site, device, stats, solver=False, query=""):
    context = browser.new_context(**DEVICES[device], service_workers="block")
    if not solver:
        context.add_init_script(NO_SOLVER)
    context.add_init_script(storing(stats))
    p = Player(context.new_page(), context, device)
    p.base = site
    p.page.clock.set_fixed_time(DATE + "T09:30:00Z")
    p.open(START, query=query)
    return p


def open_stats(p):
    button = p.page.get_by_test_id("stats")
    if not button.is_visible():
        touch(p, p.page.get_by_test_id("menu"))
    touch(p, button)
    p.page.get_by_test_id("stats-dialog").wait_for(state="visible")


def marks(p):
    return p.page.evaluate("""() => Object.fromEntries(Array.from(document.querySelectorAll(
        '[data-testid=daily-calendar] g[data-date]'), g => [g.dataset.date, g.dataset.day]))""")


@pytest.mark.parametrize("device", list(DEVICES))
def test_daily_deals_whatever_the_difficulty_shown(browser, site, closing, device):
    """Today's deal solved on Medium shows in the calendar and its streak while
    the charts show Easy (the game in progress) or Hard; the switch of the
    charts says what it switches."""
    medium = {"2026-12-23": day("SH1-C2-AAAAAJ2", True), DATE: day("SH1-C2-AAAAAJ3", True, moves=90)}
    p = open_player(browser, site, device, stats_with({"2": medium}))
    closing(p)
    open_stats(p)
    page = p.page
    assert page.get_by_test_id("chart-level-easy").is_checked()
    assert "Difficulty" == page.locator(".chart-levels legend").inner_text()
    assert page.locator(".chart-levels legend").is_visible()
    for level in ("easy", "hard"):
        touch(p, page.get_by_test_id("chart-level-%s" % level))
        assert "Days solved in a row: 2" == page.get_by_test_id("daily-streak").inner_text(), level
        assert {"2026-12-22": "none", "2026-12-23": "solved", DATE: "solved"} == {
            d: marks(p)[d] for d in ("2026-12-22", "2026-12-23", DATE)}, level
        assert "December 24 — Medium: solved in 90 moves" == page.get_by_test_id("calendar-day").inner_text()
    p.screenshot("calendar-any-difficulty")


@pytest.mark.parametrize("device", list(DEVICES))
def test_an_earlier_day_played_from_the_calendar(browser, site, closing, device):
    """An earlier day of the month, chosen with a tap (a phone) or the arrow
    keys (a desktop), is played as that day's deal on the player's difficulty;
    won, it is marked solved later, and the streak of days solved on their
    own day stays as it was."""
    solved = {d: day("SH1-C4-AAAAAJ%d" % i, True) for i, d in enumerate(("2026-12-22", "2026-12-23"), 4)}
    p = open_player(browser, site, device, stats_with({"4": solved}), solver=True)
    closing(p)
    page = p.page
    expected = daily.daily(2026, 12, 20, 4)
    open_stats(p)
    assert "Days solved in a row: 2" == page.get_by_test_id("daily-streak").inner_text()
    assert "December 24 — not played" == page.get_by_test_id("calendar-day").inner_text()
    calendar = page.get_by_test_id("daily-calendar")
    if device == "phone":
        calendar.locator("[data-date='%s']" % EARLIER).tap()
    else:
        calendar.locator("[data-date='%s']" % DATE).focus()  # the calendar's one tab stop
        for _ in range(4):
            page.keyboard.press("ArrowLeft")
        assert EARLIER == page.evaluate("document.activeElement.dataset.date")
    chosen = calendar.locator("[data-date='%s']" % EARLIER)
    assert "true" == chosen.get_attribute("aria-checked")
    assert "December 20 — not played" == page.get_by_test_id("calendar-day").inner_text()
    play = page.get_by_test_id("calendar-play")
    assert "Play on Easy" == play.inner_text()
    p.screenshot("calendar-chosen")
    touch(p, play)
    assert not page.get_by_test_id("stats-dialog").is_visible()
    page.wait_for_function("code => document.querySelector('[data-testid=game-code]').textContent === code",
                           arg=expected.code, timeout=WORKER_TIMEOUT)
    assert "Deal of December 20: Tricky" == p.toast().inner_text()

    # Won along its par line, the last card sent home by a tap.
    line = par_line(expected.code).moves
    play_line = ("moves => { const {api} = window.seahaven.page; "
                 "moves.forEach(move => api.do('play', {move}, {animate: false})); }")
    page.evaluate(play_line, line[:-1])
    game = Game.from_code(expected.code)
    for move in line[:-1]:
        game.play(move)
    p.tap(game.cards(Move.parse(line[-1]).source)[-1])
    page.get_by_test_id("win").wait_for(state="visible")
    moves = len(line)
    assert ("The deal of December 20 solved, after its day: it does not count among the days solved in a row."
            == page.get_by_test_id("win-daily").inner_text())
    # Its moves and par are said once, by the dialog's par line.
    expect(page.get_by_test_id("win-par")).to_contain_text("is %d moves: you matched it" % moves)
    page.wait_for_function("d => JSON.parse(localStorage.getItem('seahaven.stats')).levels['4'].daily[d].won",
                           arg=EARLIER)
    stored = page.evaluate("d => JSON.parse(localStorage.getItem('seahaven.stats')).levels['4'].daily[d]", EARLIER)
    assert (expected.code, True, True, moves) == (stored["code"], stored["won"], stored["late"], stored["moves"])
    page.locator("#win-dialog [data-close]").click()

    open_stats(p)
    assert "late" == marks(p)[EARLIER]
    assert "Days solved in a row: 2" == page.get_by_test_id("daily-streak").inner_text()
    assert "Solved later" in calendar.locator(".legend").inner_text()
    row = [r for r in rows(p, "calendar-table") if r[0] == "December 20"]
    assert [["December 20", "Easy", "Solved later", str(moves), str(moves), "0"]] == [r[:6] for r in row]
    p.screenshot("calendar-solved-later")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_calendar_in_every_language(browser, site, closing, lang):
    """The note of a game in progress, the calendar's chosen day and its Play
    button, and an earlier day's deal started: each in the language, nothing
    cut off, on a phone."""
    solved = {"2026-12-22": day("SH1-C4-AAAAAJ4", True)}
    p = open_player(browser, site, "phone", stats_with({"4": solved}), solver=True, query="?lang=%s" % lang)
    closing(p)
    page = p.page
    game = Game.from_code(START)
    move = next(m for m in game.legal_moves() if m.dst < 10)
    page.evaluate("move => { const {api} = window.seahaven.page; api.do('play', {move}); }", move.text)
    open_stats(p)
    assert page.get_by_test_id("stats-in-progress").is_visible()
    page.get_by_test_id("daily-calendar").locator("[data-date='2026-12-22']").tap()
    for testid in ("stats-in-progress", "calendar-day", "calendar-play"):
        text = page.get_by_test_id(testid).inner_text()
        assert text and [] == leftovers(lang, [text]), testid
    assert [] == leftovers(lang, page.evaluate(VISIBLE_TEXT))
    assert [] == page.evaluate(OVERFLOWING)
    p.screenshot("calendar-%s" % lang)
    page.get_by_test_id("daily-calendar").locator("[data-date='%s']" % EARLIER).tap()
    touch(p, page.get_by_test_id("calendar-play"))
    title = page.locator("#replace-title").inner_text()  # the question names the day played
    assert "20" in title and [] == leftovers(lang, [title]), title
    page.get_by_test_id("replace-open").tap()  # the game in progress is left, as the question says
    expected = daily.daily(2026, 12, 20, 4).code
    page.wait_for_function("code => document.querySelector('[data-testid=game-code]').textContent === code",
                           arg=expected, timeout=WORKER_TIMEOUT)
    assert [] == leftovers(lang, [p.toast().inner_text()])
