"""The New game dialog's kind of deal as a player uses it: choosing Relaxed,
Balanced or Tricky ticks and locks "Only winnable deals"; Deal then grades
random deals in the solver's worker until one is of that kind, and the
statistics count the game in that kind. The choice is remembered."""

import pytest

from seahaven import grade

pytestmark = pytest.mark.browser

WATCH_STATUS = """() => {
  window.statuses = [];
  const status = document.getElementById('deal-status');
  new MutationObserver(() => window.statuses.push(status.textContent)).observe(status, {childList: true});
}"""


def test_a_deal_of_the_kind_chosen(desktop):
    """A Medium Tricky deal, graded Tricky by the engine, counted as Tricky; the
    dialog says what it looks for meanwhile and remembers the choice."""
    p = desktop
    page = p.page
    p.open("SH1-C4-AAAAAJ2")
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("difficulty-medium").check()
    only = page.get_by_test_id("only-winnable")
    tier = page.get_by_test_id("tier")
    assert "any" == tier.input_value() and only.is_enabled()
    tier.select_option("tricky")
    assert only.is_checked() and only.is_disabled()
    page.evaluate(WATCH_STATUS)
    page.get_by_test_id("deal").click()
    page.wait_for_function("!document.getElementById('new-dialog').open", timeout=120000)
    code = p.code()
    assert code.startswith("SH1-C2-")
    assert "tricky" == grade.grade(code).tier
    assert any(s.startswith("Looking for a deal: Tricky") for s in page.evaluate("window.statuses"))
    current = page.evaluate("() => JSON.parse(localStorage.getItem('seahaven.stats')).current")
    assert (code, "tricky") == (current["code"], current["tier"])

    page.get_by_test_id("new-game").click()
    assert "tricky" == tier.input_value() and only.is_disabled()
    tier.select_option("any")
    assert only.is_enabled()
    page.get_by_test_id("cancel").click()
    assert code == p.code()
