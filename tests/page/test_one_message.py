"""One message at a time (issue 41 point 7): when no move is left, the "No move
left" dialog is the one message, offering first the undo back to the last
position that can still be won, with the loss bar kept for after it; and a
dialog opens at its top, its title in view."""

from functools import cache

import pytest

from .player import press
from .reviewed import game_of, make_move, seed, stuck_game
from .strings import Strings

pytestmark = pytest.mark.browser

SOLVER_READY = "body[data-solver='ready']"
STUCK_UNDO_COUNTED = "() => document.querySelector('#stuck-undo').classList.contains('primary')"


@cache
def stuck():
    """A Hard game stuck after 14 moves, the last position that can be won after move 8:
    (code, moves, how many moves back that position is)."""
    code, moves, lost = stuck_game(cells=1, keep=8)
    return code, moves, len(moves) - (lost - 1)


def get_stuck(player, lang="en"):
    """The game one move from stuck, its last move made by hand once the solver is up."""
    code, moves, _ = stuck()
    seed(player, code, moves[:-1])
    player.open(query="?lang=%s" % lang)
    player.page.wait_for_selector(SOLVER_READY, state="attached", timeout=60000)
    make_move(player, game_of(code, moves[:-1]), moves[-1])
    player.page.get_by_test_id("stuck").wait_for(state="visible")
    return moves


@pytest.mark.parametrize("lang", ["en", "es", "sv"])
def test_no_move_left_offers_the_way_back_first(player, lang):
    """The last move leaves no move: the dialog alone (no loss bar beside it) says so
    and offers, as its first choice, to undo back to the last winnable position; that
    one button undoes all those moves, and the game can be won again."""
    _, moves, back = stuck()
    assert 6 == back
    s = Strings(lang)
    page = player.page
    get_stuck(player, lang)
    page.wait_for_function(STUCK_UNDO_COUNTED, timeout=30000)
    undo = page.locator("#stuck-undo")
    assert s("solver.undoTo", count=back) == undo.inner_text()
    assert s("stuck.textBack") == page.locator("#stuck-text").inner_text()
    assert page.get_by_test_id("lost").is_hidden()
    assert "stuck-undo" == page.evaluate("document.querySelector('#stuck-dialog .buttons').lastElementChild.id")
    player.screenshot("stuck-%s" % lang)
    undo.click() if player.device == "desktop" else undo.tap()
    page.wait_for_function("n => document.querySelector('[data-testid=moves]').textContent === String(n)",
                           arg=len(moves) - back)
    assert page.get_by_test_id("stuck").is_hidden()
    page.wait_for_function("document.querySelector('[data-testid=winnable]').dataset.status === 'winnable'",
                           timeout=30000)
    assert page.get_by_test_id("lost").is_hidden()


def test_closed_it_leaves_the_bar(desktop):
    """Closed without a choice, the dialog leaves the loss bar, which offers the same undo."""
    page = desktop.page
    get_stuck(desktop)
    page.wait_for_function(STUCK_UNDO_COUNTED, timeout=30000)
    page.locator("#stuck-dialog [data-close]").click()
    page.get_by_test_id("lost").wait_for(state="visible")
    assert "Undo %d moves" % stuck()[2] == page.get_by_test_id("undo-to-winnable").inner_text()


# The dialog's scroll, and whether its title lies within its visible box.
TOP = """(id) => {
  const dialog = document.getElementById(id), box = dialog.getBoundingClientRect();
  const title = document.getElementById(dialog.getAttribute('aria-labelledby')).getBoundingClientRect();
  return {scrolled: dialog.scrollTop, titleShown: title.top >= box.top && title.bottom <= box.bottom,
          focusShown: (() => { const r = document.activeElement.getBoundingClientRect();
                               return r.top >= box.top && r.bottom <= box.bottom; })()};
}"""


@pytest.mark.parametrize("sized", [(844, 390), (390, 844)], indirect=True)
@pytest.mark.parametrize("button,dialog", [("stats", "stats-dialog"), ("new-game", "new-dialog"),
                                           ("settings", "settings-dialog")])
def test_a_dialog_opens_at_its_top(sized, button, dialog):
    """Statistics, New game and Settings open on a phone, upright and sideways, at
    their top: the title is in view, and so is whatever has the focus."""
    sized.open("SH1-C4-AAAAAJ2")
    press(sized.page, button)
    sized.page.locator("#" + dialog).wait_for(state="visible")
    assert {"scrolled": 0, "titleShown": True, "focusShown": True} == sized.page.evaluate(TOP, dialog)
