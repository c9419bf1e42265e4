"""Themes and motion: a Theme setting (auto, light, dark, high contrast) that
persists, "auto" following the system, no animation when motion is reduced or
switched off, and screenshots of the dark and high-contrast boards."""

import pytest

from ..page.player import ARTIFACTS

pytestmark = pytest.mark.browser

WIN_CODE = "SH1-C4-AAAAAJ2"
PANEL = {"light": "#fbfaf5", "dark": "#1b2420", "contrast": "#000"}


def theme(p):
    return p.page.evaluate("() => document.documentElement.dataset.theme")


def panel(p):
    return p.page.evaluate("() => getComputedStyle(document.documentElement).getPropertyValue('--panel').trim()")


def test_theme_setting_persists(make_player):
    """Settings → Theme switches at once, is saved, survives a reload and other settings' changes."""
    p = make_player("desktop", theme=None).open(WIN_CODE)
    assert "auto" == theme(p)
    p.page.get_by_test_id("settings").click()
    select = p.page.get_by_test_id("theme")
    assert ["auto", "light", "dark", "contrast"] == select.locator("option").evaluate_all("os => os.map(o => o.value)")
    select.select_option("contrast")
    assert "contrast" == theme(p)
    assert PANEL["contrast"] == panel(p)
    p.page.get_by_test_id("four-colour").check()  # the page saves its own copy of the settings
    p.page.reload()
    p.page.wait_for_selector("body[data-ready='1']")
    assert "contrast" == theme(p)
    p.page.get_by_test_id("settings").click()
    assert "contrast" == p.page.get_by_test_id("theme").input_value()
    assert p.page.get_by_test_id("four-colour").is_checked()
    p.page.get_by_test_id("theme").select_option("light")
    assert PANEL["light"] == panel(p)


@pytest.mark.parametrize(
    "scheme, contrast, chosen, shown",
    [
        ("light", "no-preference", "auto", "light"),
        ("dark", "no-preference", "auto", "dark"),
        ("dark", "more", "auto", "contrast"),
        ("dark", "no-preference", "light", "light"),
        ("light", "no-preference", "dark", "dark"),
        ("light", "no-preference", "contrast", "contrast"),
    ],
)
def test_auto_follows_the_system(browser, site, scheme, contrast, chosen, shown):
    """ "auto" takes the system's dark or light scheme (and high contrast when more is asked); a choice overrides it."""
    from .helpers import A11yPlayer, settings_script

    context = browser.new_context(color_scheme=scheme, contrast=contrast)
    context.add_init_script(settings_script(chosen))
    p = A11yPlayer(context.new_page(), context, "desktop")
    p.base = site
    p.open(WIN_CODE)
    assert PANEL[shown] == panel(p)
    errors = list(p.errors)
    context.close()
    assert [] == errors


def animations_after_a_move(p):
    p.go("t6")  # 3♥ on t6 of this deal goes to a cell with a double press
    p.press("Enter", 2)
    return p.page.evaluate("() => document.getAnimations().length")


def test_motion(make_player, browser, site):
    """Cards slide normally; with the Animations setting off, or the system asking for reduced motion, nothing moves."""
    assert animations_after_a_move(make_player("desktop").open(WIN_CODE)) > 0
    assert 0 == animations_after_a_move(make_player("desktop", animations=False).open(WIN_CODE))
    from .helpers import A11yPlayer

    context = browser.new_context(reduced_motion="reduce")
    p = A11yPlayer(context.new_page(), context, "desktop")
    p.base = site
    assert 0 == animations_after_a_move(p.open(WIN_CODE))
    context.close()


@pytest.mark.parametrize("device", ["phone", "desktop"])
@pytest.mark.parametrize("name", ["dark", "contrast"])
def test_screenshots(make_player, name, device):
    """The dark and high-contrast boards with a focused place and a held run, for a person to look at."""
    p = make_player(device, theme=name).open(WIN_CODE)
    p.go("t9")
    p.press("p")
    p.go("t3")
    p.wait_idle()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    p.page.screenshot(path=str(ARTIFACTS / ("theme-%s-%s.png" % (name, device))))
    outline = p.page.evaluate(
        "() => getComputedStyle(document.querySelector('[data-place=t3] > .card:last-child')).outlineStyle"
    )
    assert "solid" == outline
    p.with_api("(api, sel) => api.openDialog(sel)", "#settings-dialog")
    p.page.screenshot(path=str(ARTIFACTS / ("theme-%s-settings-%s.png" % (name, device))))
