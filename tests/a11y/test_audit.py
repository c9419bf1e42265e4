"""axe-core (node_modules/axe-core, injected into the page) finds nothing
serious or critical on the board, in any dialog, or on the rules page, in the
light, dark and high-contrast themes; and every control is a large enough
touch target on a 360 px phone."""

import pytest

from .helpers import AXE, THEMES

pytestmark = pytest.mark.browser

WIN_CODE = "SH1-C4-AAAAAJ2"
DIALOGS = ["new-dialog", "settings-dialog", "stats-dialog", "keys-dialog", "win-dialog", "stuck-dialog", "link-dialog"]

CONTROLS = "button, a[href], input, select, textarea, summary"


@pytest.fixture(autouse=True)
def need_axe():
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `npm ci` (make build does)")


def present(p, ids):
    return [d for d in ids if p.page.locator("#" + d).count()]


@pytest.mark.parametrize("device", ["desktop", "phone"])
@pytest.mark.parametrize("theme", THEMES)
def test_board_and_dialogs(make_player, theme, device):
    """No serious or critical finding on the board (with a place focused) or in any dialog."""
    # The page's CSP forbids inline scripts; only this audit context bypasses it to inject axe.
    p = make_player(device, theme=theme, bypass_csp=True).open(WIN_CODE)
    assert theme == p.page.evaluate("() => document.documentElement.dataset.theme")
    p.go("t3")
    p.press("p")
    assert [] == p.audit(), "the board"
    p.press("Escape")
    for dialog in present(p, DIALOGS):
        p.with_api("(api, sel) => api.openDialog(sel)", "#" + dialog)
        assert [] == p.audit(), dialog
        p.press("Escape")
        assert not p.page.locator("#%s[open]" % dialog).count()


@pytest.mark.parametrize("scheme", ["light", "dark", "more-contrast"])
def test_rules_page(browser, site, scheme):
    """The English rules page, with the system asking for light, dark or more contrast.

    (Forced colours are left out: axe reads the author's colours, not the forced ones.)"""
    options = {"color_scheme": "dark" if scheme == "dark" else "light"}
    if scheme == "more-contrast":
        options["contrast"] = "more"
    context = browser.new_context(bypass_csp=True, **options)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site + "help/en/rules.html")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ['violations'] })).violations
             .filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => v.id)"""
    )
    context.close()
    assert [] == found
    assert [] == errors


def small_targets(p, root):
    """Visible controls under ``root`` smaller than 24 × 24 CSS px."""
    return p.page.evaluate(
        """([root, sel]) => [...document.querySelector(root).querySelectorAll(sel)]
             .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
             .map(e => { const r = e.getBoundingClientRect();
                         return [e.dataset.testid || e.id || e.textContent.trim() || e.outerHTML.slice(0, 60),
                                 Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]; })
             .filter(([, w, h]) => w < 24 || h < 24)""",
        [root, CONTROLS],
    )


def test_touch_targets_on_a_phone(phone):
    """Every button, link, input and select of the toolbar and of each dialog is at least 24 × 24 px at 360 px."""
    phone.open(WIN_CODE)
    assert 360 == phone.page.viewport_size["width"]
    assert [] == small_targets(phone, ".toolbar")
    for dialog in present(phone, DIALOGS):
        phone.with_api("(api, sel) => api.openDialog(sel)", "#" + dialog)
        assert [] == small_targets(phone, "#" + dialog), dialog
        phone.page.keyboard.press("Escape")
