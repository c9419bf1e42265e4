"""Every dialog is a real modal dialog: focus goes inside on open, Tab and
Shift+Tab stay inside, Escape closes it, and focus returns to the opener."""

import pytest

from seahaven import Game

pytestmark = pytest.mark.browser

WIN_CODE = "SH1-C4-AAAAAJ2"

# dialog id → how a player opens it: ("click", test id of the toolbar button),
# ("key", key pressed on the board) or ("game", the page opening it itself).
DIALOGS = {
    "new-dialog": ("click", "new-game"),
    "settings-dialog": ("click", "settings"),
    "stats-dialog": ("click", "stats"),
    "keys-dialog": ("key", "?"),
    "win-dialog": ("game", None),
    "stuck-dialog": ("game", None),
    "link-dialog": ("game", None),
}


def inside(p, dialog_id):
    return p.page.evaluate("id => document.getElementById(id).contains(document.activeElement)", dialog_id)


def is_open(p, dialog_id):
    return p.page.evaluate("id => document.getElementById(id).open", dialog_id)


def focusable_count(p, dialog_id):
    return p.page.evaluate(
        """id => [...document.getElementById(id).querySelectorAll('button, [href], input, select, textarea')]
                 .filter(e => !e.disabled && e.getClientRects().length).length""",
        dialog_id,
    )


def open_dialog(p, dialog_id):
    """Open it as a player would; returns what should have focus after it closes."""
    how, what = DIALOGS[dialog_id]
    if how == "click":
        button = p.page.get_by_test_id(what)
        button.focus()
        p.press("Enter")
        return what
    p.go("t4")
    if how == "key":
        p.press(what)
    else:
        p.with_api("(api, sel) => api.openDialog(sel)", "#" + dialog_id)
    return "t4"


@pytest.mark.parametrize("dialog_id", list(DIALOGS))
def test_modal_dialog(desktop, dialog_id):
    """Focus inside on open; Tab and Shift+Tab cycle inside; Escape closes; focus goes back."""
    desktop.open(WIN_CODE)
    if not desktop.page.locator("#" + dialog_id).count():
        pytest.skip("no %s in this page" % dialog_id)
    opener = open_dialog(desktop, dialog_id)
    assert is_open(desktop, dialog_id)
    assert desktop.page.evaluate("id => document.getElementById(id).matches(':modal')", dialog_id)
    assert inside(desktop, dialog_id), "focus went into the dialog"
    stops = focusable_count(desktop, dialog_id)
    assert stops >= 1
    for key in ["Tab", "Shift+Tab"]:
        seen = set()
        for _ in range(stops + 2):
            desktop.press(key)
            assert inside(desktop, dialog_id), "%s left the dialog" % key
            seen.add(desktop.page.evaluate("() => document.activeElement.outerHTML"))
        assert len(seen) >= min(stops, 2) or stops == 1
    desktop.press("Escape")
    assert not is_open(desktop, dialog_id)
    desktop.wait_focused(opener)  # back where the dialog was opened from


def test_focus_on_a_cell_a_new_deal_removes_goes_to_the_board(desktop):
    """A deal with fewer cells drawn while a removed cell has the focus (here one
    opened from the address, as a Hard deal found after its dialog closed is):
    the focus goes to the board, not to the page."""
    desktop.open(WIN_CODE)
    desktop.go("c4")
    assert "c4" == desktop.focused_place()
    hard = Game.from_number(7, 1).code
    desktop.page.evaluate("(code) => { location.hash = '#' + code; }", hard)
    desktop.page.wait_for_function(
        "(code) => document.querySelector('[data-testid=game-code]').textContent.includes(code)", arg=hard)
    desktop.page.wait_for_function("() => document.activeElement && document.activeElement.dataset.place")
    assert 1 == desktop.page.evaluate(
        "() => [...document.querySelectorAll('[data-place]')].filter(e => e.tabIndex === 0).length"
    )


def test_focus_returns_to_board_when_opener_is_gone(desktop):
    """A new deal with fewer cells rebuilds the top row: focus from a removed cell lands on the board."""
    desktop.open(WIN_CODE)
    desktop.go("c4")
    desktop.press("n")
    desktop.page.get_by_test_id("difficulty-hard").check()
    desktop.page.get_by_test_id("deal").click()
    desktop.page.wait_for_function("() => !document.getElementById('new-dialog').open")
    # Focus lands once the new deal is drawn: wait for it. The deal is found and
    # graded first, so it may be drawn after the dialog gave the focus back to c4
    # (test_focus_on_a_cell_a_new_deal_removes_goes_to_the_board).
    desktop.page.wait_for_function("() => document.activeElement && document.activeElement.dataset.place",
                                   timeout=15000)
    assert desktop.focused_place() is not None
    assert 1 == desktop.page.evaluate(
        "() => [...document.querySelectorAll('[data-place]')].filter(e => e.tabIndex === 0).length"
    )
