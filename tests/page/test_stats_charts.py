"""The Statistics dialog's charts as a player sees and hears them: per
difficulty, the last games won and lost, the time each win took, wins per kind
of deal; and the calendar of the daily deals, every difficulty together, with
the streak of days solved; each picture has a text table for screen readers,
the month changes from the keyboard, and the pictures stay readable in the
dark and high-contrast themes."""

import json

import pytest

from .player import ARTIFACTS, DEVICES, Player, press
from .stats_sample import RESULTS, SOLVED, TODAY, TRIED, sample, storing

pytestmark = pytest.mark.browser

CODE = "SH1-C4-AAAAAJ2"
NO_SOLVER = "window.requestIdleCallback = () => 0;"  # these tests need no solver: save its start-up


def open_stats(browser, site, device, theme="auto", stats=None):
    """A player whose statistics are the sample (or `stats`), the clock on TODAY, the Statistics dialog open."""
    context = browser.new_context(**DEVICES[device])
    context.add_init_script(NO_SOLVER)
    context.add_init_script(storing(stats or sample()))
    settings = json.dumps(json.dumps({"v": 1, "theme": theme}))
    context.add_init_script("localStorage.setItem('seahaven.settings', %s);" % settings)
    p = Player(context.new_page(), context, device)
    p.base = site
    p.page.clock.set_fixed_time(TODAY + "T12:00:00Z")
    p.open(CODE)
    press(p.page, "stats")
    p.page.get_by_test_id("stats-dialog").wait_for(state="visible")
    return p


def rows(p, testid):
    """A table's body rows as lists of cell texts."""
    return p.page.evaluate(
        """id => Array.from(document.querySelectorAll(`[data-testid=${id}] tbody tr`),
             tr => Array.from(tr.children, td => td.textContent))""",
        testid,
    )


def count(p, selector):
    return p.page.locator(selector).count()


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_charts_and_their_tables(browser, site, closing, device):
    """The Easy charts drawn from the stored statistics, the same facts in
    text tables, the calendar of this month with the streak, and a month
    back from the keyboard (and back as far as a year: those days can be
    played); Medium, never played, says so, while the calendar stays."""
    p = open_stats(browser, site, device)
    closing(p)
    page = p.page
    won, lost, helped = (RESULTS.count(x) for x in "WLH")
    assert "Last 50 games: %d won, %d won with help, %d lost" % (won, helped, lost) == page.locator(
        "[data-testid=chart-results] figcaption").inner_text()
    results = "[data-testid=chart-results] svg"
    drawn = tuple(count(p, "%s [data-result=%s]" % (results, r)) for r in ("won", "lost", "helped"))
    assert (won, lost, helped) == drawn
    assert won == count(p, "[data-testid=chart-times] svg rect.time")
    assert "true" == page.locator(results).get_attribute("aria-hidden")

    stored = sample()["levels"]["4"]["recent"]
    table = rows(p, "chart-table")
    assert 50 == len(table)
    first = stored[0]
    assert ["1", "Won", "%d:%02d" % divmod(first["seconds"], 60), "Relaxed"] == table[0]
    assert ["3", "Lost", "—", "Tricky"] == table[2]
    assert ["Any"] == table[3][3:]
    assert [["Relaxed", "11", "12"], ["Balanced", "6", "9"], ["Tricky", "3", "7"]] == rows(p, "tier-wins")

    calendar = page.get_by_test_id("daily-calendar")
    assert "Days solved in a row: 5" == page.get_by_test_id("daily-streak").inner_text()
    assert "December 2026" == calendar.locator(".month").inner_text()
    days = page.evaluate("""() => Object.fromEntries(Array.from(document.querySelectorAll(
        '[data-testid=daily-calendar] [data-date]'), g => [g.dataset.date, g.dataset.day]))""")
    assert 31 == len(days)
    assert {"2026-12-01": "solved", "2026-12-02": "solved", "2026-12-03": "none"} == {
        d: days[d] for d in ("2026-12-01", "2026-12-02", "2026-12-03")}
    assert 1 == count(p, "[data-date='%s'].today" % TODAY)
    december = [["December 1", "Easy", "Solved", "83", "75", "+8", "7:01"],
                ["December 2", "Easy", "Solved", "84", "75", "+9", "7:01"]]
    assert december == rows(p, "calendar-table")

    # Nothing is wider than the dialog, on a phone too.
    assert page.evaluate("() => (d => d.scrollWidth <= d.clientWidth)(document.getElementById('stats-dialog'))")
    p.screenshot("stats-charts")

    # The month before, from the keyboard: the focus stays on the month buttons.
    previous = calendar.locator("[data-month-step='-1']")
    previous.focus()
    page.keyboard.press("Enter")
    assert "November 2026" == calendar.locator(".month").inner_text()
    assert "-1" == page.evaluate("() => document.activeElement.dataset.monthStep")
    november = [d for d in SOLVED if d.startswith("2026-11")]
    shown = page.evaluate("""() => Array.from(document.querySelectorAll(
        '[data-testid=daily-calendar] [data-day=solved]'), g => g.dataset.date)""")
    assert november == shown
    assert "tried" == calendar.locator("[data-date='%s']" % TRIED[0]).get_attribute("data-day")
    assert ["November 10", "Easy", "Tried", "—", "75", "—", "—"] == rows(p, "calendar-table")[0]

    page.get_by_test_id("chart-level-medium").check()
    assert "No game finished yet" == page.locator("[data-testid=chart-results] figcaption").inner_text()
    assert 0 == count(p, "[data-testid=chart-results] svg")
    assert [] == rows(p, "chart-table")
    assert "Today's deal in November 2026" == page.locator("[data-testid=calendar-table] caption").inner_text()

    # A year back at most: the days the statistics keep one by one, which can be played.
    for _ in range(11):
        calendar.locator("[data-month-step='-1']").click()
    assert "December 2025" == calendar.locator(".month").inner_text()
    assert calendar.locator("[data-month-step='-1']").is_disabled()
    assert "No daily deal played in December 2025" == page.locator("[data-testid=calendar-table] caption").inner_text()


def luminance(rgb):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_charts_readable_in_every_theme(browser, site, closing):
    """In the light, dark and high-contrast themes, wins, losses, the time bars
    and solved days stand out from the dialog by at least 3:1 (WCAG's contrast
    for graphics), a solved day's number from its mark by 4.5:1."""
    p = open_stats(browser, site, "desktop", "light")
    closing(p)
    page = p.page
    for theme in ("light", "dark", "contrast"):
        if theme != "light":
            page.locator("#stats-dialog [data-close]").click()
            press(page, "settings")
            page.get_by_test_id("theme").select_option(theme)
            page.locator("#settings-dialog [data-close]").click()
            press(page, "stats")
        assert theme == page.evaluate("() => document.documentElement.dataset.theme")
        colours = page.evaluate(
            """() => {
              const rgb = (text) => text.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
              const fill = (sel) => rgb(getComputedStyle(document.querySelector(sel)).fill);
              return {
                panel: rgb(getComputedStyle(document.getElementById('stats-dialog')).backgroundColor),
                won: fill('[data-testid=chart-results] .bar.won'),
                lost: fill('[data-testid=chart-results] .bar.lost'),
                time: fill('[data-testid=chart-times] .bar.time'),
                solved: fill('[data-testid=daily-calendar] .day.solved rect'),
                solvedText: fill('[data-testid=daily-calendar] .day.solved text'),
              };
            }"""
        )
        for part in ("won", "lost", "time", "solved"):
            assert contrast(colours[part], colours["panel"]) >= 3, (theme, part, colours)
        assert contrast(colours["solvedText"], colours["solved"]) >= 4.5, (theme, colours)
        p.screenshot("stats-charts-%s" % theme)


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_days_to_come_do_not_look_tried(browser, site, closing, device):
    """In the calendar, the days still to come have no outline and a muted number: they
    look like neither a day tried (a dashed outline) nor one solved (filled), nor today."""
    stats = sample()
    stats["levels"]["4"]["daily"]["2026-12-01"]["won"] = False  # tried, not solved
    p = open_stats(browser, site, device, stats=stats)
    closing(p)
    days = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-20']
    look = p.page.evaluate("""(days) => Object.fromEntries(days.map(d => {
        const g = document.querySelector(`[data-testid=daily-calendar] [data-date='${d}']`);
        const rect = getComputedStyle(g.querySelector('rect')), text = getComputedStyle(g.querySelector('text'));
        return [d, {day: g.dataset.day, stroke: rect.stroke, dash: rect.strokeDasharray, fill: rect.fill,
                    ink: text.fill}];
    }))""", days)
    tried, solved, today, future = (look[d] for d in ("2026-12-01", "2026-12-02", "2026-12-03", "2026-12-20"))
    assert ("tried", "solved", "none") == (tried["day"], solved["day"], future["day"])
    assert "none" != tried["dash"], "a day tried is outlined in dashes"
    assert "none" == future["stroke"] and "none" == future["fill"], "a day to come is not outlined at all"
    assert future["ink"] != today["ink"], "its number is muted"
    p.page.get_by_test_id("daily-calendar").scroll_into_view_if_needed()
    p.page.get_by_test_id("daily-calendar").screenshot(path=str(ARTIFACTS / ("calendar-%s.png" % device)))
