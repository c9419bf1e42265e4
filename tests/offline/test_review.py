"""The review offline: the solver's worker comes from the service worker's
cache and computes it; closed while it works, it stops and the game plays on;
opened again, it finishes."""

import pytest

from ..page.reviewed import lost_game, seed

pytestmark = pytest.mark.browser

CODE = "SH1-C4-AAAAAJ7"


def test_review_offline_cancelled_then_finished(make_player, built):
    """Opened once online, then offline: Review shows its progress while the
    worker computes; Close stops it (the board takes moves again, the game is
    as it was); Review again finishes and marks the move that lost the game."""
    code, moves, lost = lost_game(CODE, 20, tail=50)
    pwa = make_player(built, solver=True)
    seed(pwa, code, moves)
    pwa.open()
    pwa.wait_controlled()
    pwa.context.set_offline(True)
    pwa.reload()
    review = pwa.page.get_by_test_id("review")
    pwa.page.get_by_test_id("review-open").click()
    pwa.page.wait_for_selector("[data-testid=review][data-state=working]", timeout=60000)
    pwa.page.wait_for_function("document.querySelector('[data-testid=review-progress]').value > 0")
    pwa.page.get_by_test_id("review-close").click()
    assert not review.is_visible()
    assert "idle" == review.get_attribute("data-state")
    assert 0 == pwa.page.evaluate("performance.getEntriesByName('review-done').length")  # stopped, not finished
    assert not pwa.page.evaluate("document.querySelector('#board').inert")
    assert moves == pwa.saved_game()["moves"]
    pwa.page.get_by_test_id("undo").click()
    pwa.wait_idle()
    assert moves[:-1] == pwa.saved_game()["moves"]
    pwa.page.get_by_test_id("review-open").click()
    pwa.page.wait_for_selector("[data-testid=review][data-state=done]", timeout=60000)
    assert len(moves) == pwa.page.locator("[data-review-ply]").count()  # the undone move too
    assert str(lost) == pwa.page.locator("[data-lost-here]").get_attribute("data-review-ply")
