"""Today's deal offline: opened once online, the game computes the deal of
any date with no network (nothing is fetched: the worker derives it from the
date), the same deal the `daily` command gives."""

import pytest

from seahaven import daily

pytestmark = pytest.mark.browser

DATE = "2027-03-14"  # a Sunday (Tricky), far from the day the test runs


def test_todays_deal_offline_for_any_date(make_player, built):
    """Offline, with the browser's clock on another day, Today deals that day's
    Medium deal; its kind is said."""
    p = make_player(built)
    p.open("SH1-C2-AAAAAJ2")
    p.wait_controlled()
    p.context.set_offline(True)
    p.page.clock.set_fixed_time(DATE + "T23:59:00Z")
    p.reload()
    button = p.page.get_by_test_id("daily")
    button.click()  # "…" while the worker answers: no time at all for a day found ahead
    p.page.wait_for_function("document.querySelector('[data-testid=daily]').dataset.state === 'idle'", timeout=120000)
    expected = daily.daily(2027, 3, 14, 2)
    assert ("tricky", expected.code) == (expected.tier, p.code())
    assert "Today's deal: Tricky" == p.toast().inner_text()
    # The statistics are written once the new deal has been painted.
    p.page.wait_for_function(
        "date => (JSON.parse(localStorage.getItem('seahaven.stats')).levels['2'].daily[date] || {}).code",
        arg=DATE)
    assert expected.code == p.storage("seahaven.stats")["levels"]["2"]["daily"][DATE]["code"]
