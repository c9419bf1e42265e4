"""The review offline: the solver's worker comes from the service worker's
cache and computes it; closed while it works, it stops and the game plays on;
opened again, it finishes."""

import pytest

from ..page.reviewed import lost_game, seed

pytestmark = pytest.mark.browser

CODE = "SH1-C4-AAAAAJ7"
# Once the review shows progress, Close is pressed; then how many reviews were done.
CLOSE_WHILE_WORKING = """async () => {
  const progress = document.querySelector('[data-testid=review-progress]');
  while (!(progress.value > 0)) await new Promise((r) => setTimeout(r, 1));
  document.querySelector('[data-testid=review-close]').click();
  return performance.getEntriesByName('review-done').length;
}"""


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
    # Closed as soon as it shows progress, in the same task (the solver reviews a short game
    # within a few round trips of the test's own).
    done = pwa.page.evaluate(CLOSE_WHILE_WORKING)
    assert not review.is_visible()
    assert "idle" == review.get_attribute("data-state")
    assert 0 == done  # stopped, not finished
    assert not pwa.page.evaluate("document.querySelector('#board').inert")
    assert moves == pwa.saved_game()["moves"]
    pwa.page.get_by_test_id("undo").click()
    pwa.wait_idle()
    assert moves[:-1] == pwa.saved_game()["moves"]
    pwa.page.get_by_test_id("review-open").click()
    pwa.page.wait_for_selector("[data-testid=review][data-state=done]", timeout=60000)
    assert len(moves) == pwa.page.locator("[data-review-ply]").count()  # the undone move too
    assert str(lost) == pwa.page.locator("[data-lost-here]").get_attribute("data-review-ply")
