"""No layout shift, ever: a first visit draws a dealt board in its first paint
(one of the build's new deals, with the dealt board's geometry), the engine
opens that deal and draws it in place, and nothing above or beside the board
moves when Python arrives; a return visit likewise. The layout-shift entries
the browser reports from navigation until the page is ready and settled add
up to at most 0.01, on a phone upright and sideways and on a desktop."""

import pytest

from .player import DEVICES, LANDSCAPE

# The sum of the page's layout shifts (those no input caused), and its marks, once ready and settled.
SHIFTS = """() => new Promise((resolve) => {
  let sum = 0;
  const shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) {
      sum += e.value;
      shifts.push([Math.round(e.startTime), e.value, e.sources.map((s) => s.node && (s.node.dataset.place ||
        s.node.dataset.card || s.node.className || s.node.nodeName))]);
    }
  }).observe({ type: "layout-shift", buffered: true });
  const marks = () => Object.fromEntries(performance.getEntriesByType("mark").map((m) => [m.name, m.startTime]));
  const done = () => setTimeout(() => resolve({ sum, shifts, marks: marks() }), 600);
  if (document.body.dataset.ready === "1") done();
  else new MutationObserver((_, o) => document.body.dataset.ready === "1" && (o.disconnect(), done()))
    .observe(document.body, { attributes: true });
})"""
LIMIT = 0.01
SIZES = {"phone": DEVICES["phone"], "landscape": LANDSCAPE, "desktop": DEVICES["desktop"]}


@pytest.mark.parametrize("size", list(SIZES))
def test_no_layout_shift_on_first_and_return_visits(browser, site, size):
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(site)
        first = page.evaluate(SHIFTS)
        assert first["sum"] <= LIMIT, first["shifts"]
        # The early board drew a dealt board (painted before Python on a quiet machine: bench/),
        # the one the engine then opened.
        assert "first-board-painted" in first["marks"]
        dealt = page.evaluate("document.body.dataset.dealt")
        assert dealt and dealt == page.get_by_test_id("game-code").text_content()
        assert 52 == page.locator("[data-card]").count()
        page.wait_for_function("localStorage.getItem('seahaven.game') !== null")
        page.goto("about:blank")
        page.goto(site)
        back = page.evaluate(SHIFTS)
        assert back["sum"] <= LIMIT, back["shifts"]
        assert "saved-board-painted" in back["marks"]
        assert dealt == page.get_by_test_id("game-code").text_content()
        assert [] == errors
    finally:
        context.close()
