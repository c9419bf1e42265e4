"""The review by keyboard and screen reader: it opens from the toolbar's
button with the slider focused, the slider names each step (the move, what
it did), Previous and Next say it aloud, Escape closes it and focus goes back;
axe-core finds nothing serious in the computed review in the light, dark and
high-contrast schemes, and its controls are large enough to touch on a phone."""

import pytest

from ..page.player import press
from ..page.reviewed import lost_game, seed
from .helpers import AXE
from .test_audit import small_targets

pytestmark = pytest.mark.browser

CODE = "SH1-C4-AAAAAJ7"


def reviewed(p):
    """A lost game in progress, its review opened from the toolbar by Tab and Enter, and computed."""
    code, moves, lost = lost_game(CODE, 10, tail=3)
    seed(p, code, moves)
    p.open()  # the review waits for the solver if need be
    for _ in range(30):
        p.press("Tab")
        if p.focused() == "review-open":
            break
    assert "review-open" == p.focused()
    p.press("Enter")
    p.page.wait_for_selector("[data-testid=review][data-state=done]", timeout=120000)
    return moves, lost


def valuetext(p):
    return p.page.get_by_test_id("review-slider").get_attribute("aria-valuetext")


def test_review_by_keyboard(make_player):
    """Keys alone: the slider steps, saying the move and whether it kept the game
    winnable; Next is said aloud; Escape closes and gives focus back to the button.
    axe-core finds nothing serious in the review, marks of every kind shown, in
    each colour scheme."""
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `npm ci` (make build does)")
    # The page's CSP forbids inline scripts; this context bypasses it to inject axe.
    desktop = make_player("desktop", theme="auto", bypass_csp=True)
    moves, lost = reviewed(desktop)
    assert 1 == desktop.page.locator("[data-review-ply][data-kind=lost]").count()
    for scheme, media in (("light", {}), ("dark", {"color_scheme": "dark"}), ("contrast", {"contrast": "more"})):
        desktop.page.emulate_media(**media)
        # the page follows the system's change on its media query's change event: wait for it
        desktop.page.wait_for_function("s => document.documentElement.dataset.scheme === s", arg=scheme)
        assert [] == desktop.audit(), scheme
    assert "review-slider" == desktop.focused()
    assert valuetext(desktop).startswith("Move %d of %d:" % (lost, len(moves)))
    assert "This move lost the game." in valuetext(desktop)
    desktop.press("Home")
    assert valuetext(desktop).startswith("Move 1 of %d:" % len(moves))
    assert "kept the game winnable" in valuetext(desktop)
    desktop.press("ArrowRight")
    assert valuetext(desktop).startswith("Move 2 of %d:" % len(moves))
    desktop.press("Tab")
    assert "review-next" == desktop.focused()
    desktop.press("Enter")
    desktop.wait_announced("Move 3 of %d:" % len(moves))
    assert "2" == desktop.page.get_by_test_id("review-slider").input_value()  # step 2: move 3 is next
    desktop.press("u")  # the game's keys do nothing while reviewing
    assert moves == desktop.saved_game()["moves"]
    desktop.press("Escape")
    assert not desktop.page.get_by_test_id("review").is_visible()
    assert "review-open" == desktop.focused()


def test_review_touch_targets(phone):
    """On a 360 px phone every control of the review is at least 24 × 24 px (its
    marks before the solver has said anything, as after)."""
    code, moves, _ = lost_game(CODE, 10, tail=3)
    seed(phone, code, moves)
    phone.open()
    press(phone.page, "review-open")
    phone.page.get_by_test_id("review").wait_for(state="visible")
    assert len(moves) == phone.page.locator("[data-review-ply]").count()
    assert [] == small_targets(phone, "#review-panel")
    phone.screenshot("review-open")
