"""Messages tidy themselves: "Thinking…" goes when its answer comes, and a
message never lies over a control — the toast's box and every visible
button's box are disjoint, on phones and a desktop, in a lost game (its bar
showing) and through a review."""

import pytest

from .player import press
from .test_solver import LOST_BAR, lose, wait_solver

pytestmark = pytest.mark.browser

# The controls the toast lies over now, by name ([] when it is hidden or clear of them all).
COVERED = """() => {
  const toast = document.getElementById('toast');
  if (toast.hidden) return [];
  const t = toast.getBoundingClientRect();
  return Array.from(document.querySelectorAll('button, a.button, [role=button], input, select'))
    .filter(el => !toast.contains(el) && el.checkVisibility())
    .filter(el => { const b = el.getBoundingClientRect();
                    return b.width && b.left < t.right && t.left < b.right && b.top < t.bottom && t.top < b.bottom; })
    .map(el => el.dataset.testid || el.id || el.textContent.trim());
}"""
COLUMNS = ["t%d" % i for i in range(1, 11)]
LONG = "A message as long as the longest the game says: the link of a whole game, which could not be copied: " + (
    "https://example.org/seahaven/#R1-" + "AbCdEfGhIj" * 9)


def toast_said(player, text=None, unlike=None):
    """Wait for the toast to show (`text`, when given; any text but `unlike`, when given),
    and return the controls it covers."""
    page = player.page
    if text is None:
        page.wait_for_function("(unlike) => { const t = document.getElementById('toast');"
                               " return !t.hidden && t.textContent !== unlike; }", arg=unlike)
    else:
        page.wait_for_function("(text) => { const t = document.getElementById('toast');"
                               " return !t.hidden && t.textContent === text; }", arg=text)
    return page.evaluate(COVERED)


def long_toast(player):
    player.page.evaluate("(text) => window.seahaven.page.api.toast(text, 6000)", LONG)
    return toast_said(player, LONG)


@pytest.mark.parametrize("sized", [(360, 740), (844, 390), (1280, 800)], indirect=True)
def test_no_message_covers_a_control(sized):
    """In a lost game, with its bar up: a refused tap's message, and the longest kind of
    message, cover no button. Then through the review (from the bar): the share
    link's message and a long one cover none of the review's buttons either."""
    p = sized
    game = lose(p)
    page = p.page
    wait_solver(p)
    page.wait_for_function(LOST_BAR, timeout=30000)
    # A drop the rules refuse: its reason is said.
    legal = [m.text for m in game.legal_moves()]
    src, dst = next((a, b) for a in COLUMNS for b in COLUMNS
                    if a != b and game.cards(a) and game.cards(b) and "%s-%s" % (a, b) not in legal)
    (p.mouse_drag if p.device.startswith("desktop") else p.touch_drag)(game.cards(src)[-1], dst)
    assert [] == toast_said(p)
    assert [] == long_toast(p)
    p.screenshot("toast-lost")
    page.get_by_test_id("lost-review").click()
    page.get_by_test_id("review").wait_for(state="visible")
    page.wait_for_function("document.querySelector('[data-testid=review]').dataset.state === 'done'", timeout=60000)
    page.get_by_test_id("review-share").click()
    # The share's own message (it comes once the clipboard answers), not the long one that may
    # still show from before the review: a long message shown before it came would be replaced.
    assert [] == toast_said(p, unlike=LONG)
    assert [] == long_toast(p)
    p.screenshot("toast-review")
    page.get_by_test_id("review-play").click()


def test_thinking_goes_when_the_answer_comes(desktop):
    """Hint in a lost position the page has not searched yet (the mark and the bar turned
    off): "Thinking…" shows while the solver works, and goes as soon as the answer —
    the bar — comes, instead of staying 8 s over whatever is below."""
    desktop.context.add_init_script(
        "localStorage.setItem('seahaven.settings', JSON.stringify({v: 1, winnableMark: false, lossNotice: false}));")
    lose(desktop)
    page = desktop.page
    wait_solver(desktop)
    page.evaluate("""() => { window.said = [];
        new MutationObserver(() => window.said.push(document.getElementById('toast').hidden ? '' :
          document.getElementById('toast').textContent)).observe(document.getElementById('toast'),
          {attributes: true, childList: true}); }""")
    page.get_by_test_id("hint").click()
    page.wait_for_function(LOST_BAR, timeout=30000)
    page.wait_for_function("document.getElementById('toast').hidden", timeout=1000)
    assert "Thinking…" in page.evaluate("window.said")


def test_a_menu_closes_after_today(phone):
    """☰ → Today on a phone, with no game in progress: the deal comes and the menu is closed."""
    phone.page.clock.set_fixed_time("2026-12-24T09:30:00Z")
    phone.open("SH1-C4-AAAAAJ2")
    wait_solver(phone)
    press(phone.page, "daily")
    phone.page.wait_for_function("document.querySelector('[data-testid=game-code]').textContent !== 'SH1-C4-AAAAAJ2'",
                                 timeout=60000)
    assert not phone.page.get_by_test_id("menu-panel").is_visible()
