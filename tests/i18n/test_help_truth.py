"""The help tells the truth about the game, in every language (issue 27): it
names every setting, every feature of the toolbar and of the New game dialog,
and every key, in the game's own words, read from the game page itself; the
game's Keyboard dialog and the help's list of keys are one list; the help no
longer says what the game does not do; the group-size table fits a 320 px
phone; read on a phone or a desktop, it says where the code, Today and Review
are on that device, as the game's toolbar puts them (issue 41)."""

import html

import pytest

from .common import BUILT, HELP, LANGUAGES, ROOT, SITE, load_strings
from .html_tree import parse

GAME = parse((BUILT / "index.html").read_text(encoding="utf-8"))

# Controls the help need not name, and why.
NOT_FEATURES = {
    "toolbar.new": "the help names the dialog it opens (new.title)",
    "toolbar.help": "the button that opens these pages",
    "new.easy": "the rules say what each difficulty is, in their own words",
    "new.medium": "the same",
    "new.hard": "the same",
    "new.codeLabel": "the rules explain codes",
}


def words(root):
    """The data-i18n keys of the words a player reads on the controls under
    ``root``: their spans and options (not the notes beside them)."""
    return [
        node.attrs["data-i18n"] for node in [root, *root.iter()]
        if node.tag in ("span", "option", "button") and "data-i18n" in node.attrs
    ]


def settings():
    """Every choice of the Settings dialog, and its Keyboard button."""
    dialog = GAME.find("dialog", id="settings-dialog")
    found = [key for label in dialog.iter("label") for key in words(label)]
    return found + words(dialog.find("button", id="keys-open"))


def features():
    """What the toolbar, Finish and the New game dialog offer, by the words on them."""
    found = words(GAME.find("header", class_="toolbar")) + words(GAME.find("div", class_="dock"))
    dialog = GAME.find("dialog", id="new-dialog")
    found += [key for label in dialog.iter("label") for key in words(label)]
    found += words(dialog.find("button", data_testid="restart"))
    return [key for key in dict.fromkeys(found) if key not in NOT_FEATURES]


def help_text(lang):
    """The words of the Rules and Questions pages in ``lang``, as a reader gets them."""
    return "\n".join(
        parse((HELP / lang / ("%s.html" % page)).read_text(encoding="utf-8")).find("main").text()
        for page in ("rules", "faq")
    )


def test_the_game_has_what_the_test_reads():
    """The game page holds the settings, features and keys this module reads (a renamed
    dialog would otherwise make the checks below pass on nothing)."""
    assert {"settings.autoHome", "settings.winnableMark", "settings.animations", "keys.title"} <= set(settings())
    assert {"toolbar.hint", "solver.showMe", "daily.short", "review.open", "finish.button",
            "solver.onlyWinnable", "tier.label", "tier.tricky", "new.restart"} <= set(features())
    assert len(SITE.keys) >= 10


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_names_every_setting_and_feature(lang):
    """Rules and Questions name each setting and each feature exactly as the game
    shows it in that language."""
    strings = load_strings(lang)
    text = help_text(lang)
    missing = [key for key in settings() + features() if strings[key] not in text]
    assert [] == missing, "help/%s does not name %s" % (lang, [strings[k] for k in missing])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_list_of_keys(lang):
    """The game's Keyboard dialog and the help's keyboard question list the same keys,
    in the same order and the same words (site.toml [keys])."""
    dialog = GAME.find("dialog", id="keys-dialog")
    assert SITE.keys == [item.attrs.get("data-i18n") for item in dialog.find("ul").iter("li")]
    strings = load_strings(lang)
    faq = parse((HELP / lang / "faq.html").read_text(encoding="utf-8"))
    listed = [item.text().strip() for item in faq.find("section", id="keyboard").iter("li")]
    assert [strings[key] for key in SITE.keys] == listed


def test_the_keys_list_every_key_the_game_handles():
    """P, the digits, Shift with the arrows, Home and End, the commands' letters
    and ? are handled by static/js/board/keyboard.js; the list says each."""
    english = load_strings("en")
    listed = " ".join(english[key] for key in SITE.keys)
    for key in ("Arrow keys", "Home", "End", "1–9 and 0", "Enter", "Space", "P:", "Shift+Up/Down", "Escape",
                "U or Ctrl+Z", "R or Ctrl+Y", "N:", "H:", "S:", "F:", "?:"):
        assert key in listed, key
    handler = (ROOT / "static" / "js" / "board" / "keyboard.js").read_text(encoding="utf-8")
    for handled in ('"Home"', '"End"', '"?"', 'toLowerCase() !== "p"', "ArrowUp", "Escape", 'u: "undo"', 'r: "redo"',
                    'n: "newGame"', 'h: "hint"', 's: "showMe"', 'f: "finish"', "Digit|Numpad"):
        assert handled in handler, handled


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_claim_the_game_contradicts(lang):
    """What the rules used to say wrongly is gone: a limit on undo (it has none)."""
    text = (HELP / lang / "rules.html").read_text(encoding="utf-8")
    assert " 100 " not in html.unescape(text)


@pytest.mark.browser
def test_the_group_table_fits_a_small_phone(browser, site):
    """On a 320 px phone the group-size table fits the screen in every language:
    nothing to scroll sideways, no heading cut."""
    page = browser.new_page(viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True)
    for lang in LANGUAGES:
        page.goto(site + "help/%s/rules.html" % lang)
        fit = page.evaluate("""() => {
          const table = document.querySelector('#group-sizes'), wrap = table.closest('.table-wrap');
          return {
            scrolls: wrap.scrollWidth > wrap.clientWidth || document.documentElement.scrollWidth > innerWidth,
            cut: Array.from(table.querySelectorAll('th, caption'))
              .filter((c) => c.scrollWidth > c.clientWidth + 0.5).map((c) => c.textContent),
          };
        }""")
        assert {"scrolls": False, "cut": []} == fit, lang
    page.close()


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_keyboard_dialog_shows_the_list(browser, site, lang):
    """A player who presses ? in the game reads the same keys as the help lists."""
    page = browser.new_page(viewport={"width": 1280, "height": 800}, service_workers="block")
    page.goto(site + "?lang=%s#SH1-C4-AAAAAJ2" % lang)
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    page.keyboard.press("?")
    page.get_by_test_id("keys-dialog").wait_for(state="visible")
    shown = page.locator("#keys-dialog li").all_inner_texts()
    strings = load_strings(lang)
    assert [strings[key] for key in SITE.keys] == shown
    page.close()


# Where the game's toolbar puts the code, Today and Review (True: in its ☰
# menu), and, with the menu open, the code's entry as a player reads it.
FOLDED = """() => Object.fromEntries(['copy-code', 'daily', 'review-open'].map(
  (id) => [id, Boolean(document.querySelector(`[data-testid=${id}]`).closest('.menu'))]))"""
# Which of the help's phrases for a phone and for a wider screen are shown, and their text.
SHOWN = """() => ['.on-phone', '.on-wide'].map((kind) => Array.from(document.querySelectorAll(kind))
  .filter((el) => el.getClientRects().length).map((el) => el.innerText))"""


@pytest.mark.browser
@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800)])
def test_the_help_says_where_things_are_on_the_device(browser, site, size):
    """On a phone, upright or sideways, the game keeps the code, Today and Review
    in its ☰ menu, and the help, read on that phone, says so (and names the
    code's entry, which the menu labels); on a desktop both put them in the
    toolbar. In every language."""
    from ..page.test_touch import SWITCH_LANGUAGE

    phone = size[0] < 1000
    options = dict(viewport=dict(zip(("width", "height"), size)), has_touch=phone, is_mobile=phone,
                   service_workers="block")
    game = browser.new_page(**options)
    game.goto(site + "#SH1-C4-AAAAAJ2")
    game.wait_for_selector("body[data-ready='1']", timeout=20000)
    help_page = browser.new_page(**options)
    for lang in LANGUAGES:
        strings = load_strings(lang)
        game.evaluate(SWITCH_LANGUAGE, lang)
        folded = game.evaluate(FOLDED)
        assert {phone} == set(folded.values()), (lang, folded)
        said = []
        for page in ("rules", "faq"):
            help_page.goto(site + "help/%s/%s.html" % (lang, page))
            on_phone, on_wide = help_page.evaluate(SHOWN)
            assert (bool(on_phone), bool(on_wide)) == (phone, not phone), (lang, page)
            assert all("☰" in text for text in on_phone), (lang, page, on_phone)
            said += on_phone
        if phone:
            assert any(strings["toolbar.code"] in text for text in said), (lang, said)
            game.get_by_test_id("menu").tap()
            entry = game.get_by_test_id("copy-code").inner_text()
            assert [strings["toolbar.code"], "SH1-C4-AAAAAJ2"] == entry.split("\n"), (lang, entry)
            game.keyboard.press("Escape")
    game.close()
    help_page.close()
