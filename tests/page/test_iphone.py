"""What an iPhone does that WebKitGTK cannot show (tests/engines/ plays the game
in WebKit, not on a phone), held by the page's own markup and styles and read
here: no double-tap zoom and no wait for one, no selection or menu on a long
press of a card, no pull-to-refresh or rubber band, nothing under the notch or
the home indicator, the home-screen icon and standalone display, and no API
Safari lacks used without a fallback."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent

# Each element, whether it is a card or a place of the board, and the
# touch-action of it and of its ancestors, nearest first.
TOUCH_ACTIONS = """() => Array.from(document.body.querySelectorAll('*'), (el) => {
  const chain = [];
  for (let at = el; at; at = at.parentElement) chain.push(getComputedStyle(at).touchAction);
  const board = !!el.closest('#board') && !!(el.dataset.card || el.dataset.place);
  return [el.dataset.card || el.dataset.place || el.dataset.testid || el.tagName, board, chain];
})"""

# The declarations of `prop` in the page's styles (inlined and linked) as
# [selector, value], read from their text: a browser that does not know a
# property (Chromium and -webkit-touch-callout) leaves it out of its CSSOM.
DECLARED = """async (prop) => {
  const texts = Array.from(document.querySelectorAll('style'), (s) => s.textContent);
  for (const link of document.querySelectorAll('link[rel=stylesheet]')) {
    texts.push(await (await fetch(link.href)).text());
  }
  const found = [];
  const escaped = prop.replace(/[-]/g, '\\\\-');
  for (const text of texts) {
    for (const [, selector, body] of text.replace(/\\/\\*[\\s\\S]*?\\*\\//g, '').matchAll(/([^{}]+)\\{([^{}]*)\\}/g)) {
      const value = new RegExp('(?:^|;)\\\\s*' + escaped + '\\\\s*:\\\\s*([^;]+)').exec(body);
      if (value) found.push([selector.trim(), value[1].trim()]);
    }
  }
  return found;
}"""


def declared_on(page, prop, selector):
    """The values of ``prop`` declared by rules matching each element of ``selector``
    or an ancestor of it (as the property reaches it): {element's card or tag: [values]}."""
    return page.evaluate(
        """async ([declared, prop, selector]) => {
          const rules = await (eval(declared))(prop);
          return Object.fromEntries(Array.from(document.querySelectorAll(selector), (el) =>
            [el.dataset.card || el.tagName, rules.filter(([sel]) => el.closest(sel)).map(([, value]) => value)]));
        }""",
        [DECLARED, prop, selector],
    )


def test_a_double_tap_never_zooms(phone):
    """The viewport is the device's; every element of the game's page sets, or
    sits in one that sets, a touch-action other than auto (no double-tap zoom,
    so no 300 ms wait for a second tap anywhere); the board and its cards take
    every gesture themselves (none: a drag never scrolls)."""
    phone.open()
    page = phone.page
    viewport = page.evaluate("document.querySelector('meta[name=viewport]').content")
    assert {"width=device-width", "initial-scale=1"} <= {part.strip() for part in viewport.split(",")}
    elements = page.evaluate(TOUCH_ACTIONS)
    assert len(elements) > 200
    assert [] == [name for name, _, chain in elements if all(value == "auto" for value in chain)]
    board = [(name, chain) for name, on_board, chain in elements if on_board]
    assert 52 + 18 == len(board)
    assert [] == [name for name, chain in board if "none" not in chain]


def test_a_long_press_on_a_card_selects_nothing(phone):
    """Every card sits in a board that no text selection reaches and whose long
    press opens no menu (iPhone's callout)."""
    phone.open()
    for prop in ("user-select", "-webkit-user-select", "-webkit-touch-callout"):
        values = declared_on(phone.page, prop, "[data-card]")
        assert 52 == len(values)
        assert {} == {card: got for card, got in values.items() if "none" not in got}, prop


def test_no_pull_to_refresh_nor_rubber_band(phone):
    """The page never scrolls: nothing to pull down and nothing to bounce, and
    the browser is told so (overscroll-behavior), while a drag on the board is
    the page's (touch-action none, above)."""
    phone.open()
    got = phone.page.evaluate("""() => ['html', 'body'].map((tag) => {
        const style = getComputedStyle(document.querySelector(tag));
        return [style.overscrollBehaviorY, style.overflowY];
      }).concat([[document.scrollingElement.scrollHeight, innerHeight]])""")
    assert [["none", "hidden"], ["none", "hidden"]] == got[:2]
    assert got[2][0] <= got[2][1]


# The boxes that must lie within the safe area: the board's inside (where its
# cards go, whatever a column's length), every card and every visible control
# of the toolbar.
SAFE_BOXES = """() => {
  const board = document.querySelector('.board'), style = getComputedStyle(board), r = board.getBoundingClientRect();
  const inside = { name: 'board',
    left: r.left + parseFloat(style.paddingLeft), top: r.top + parseFloat(style.paddingTop),
    right: r.right - parseFloat(style.paddingRight), bottom: r.bottom - parseFloat(style.paddingBottom) };
  const boxes = [inside];
  for (const el of document.querySelectorAll('[data-card], .toolbar button, .toolbar dl, .toolbar [data-testid]')) {
    if (!el.checkVisibility()) continue;
    const b = el.getBoundingClientRect();
    if (b.width && b.height) boxes.push({ name: el.dataset.card || el.dataset.testid || el.tagName,
      left: b.left, top: b.top, right: b.right, bottom: b.bottom });
  }
  return boxes;
}"""


@pytest.mark.parametrize(
    "sized, insets",
    [((390, 844), {"top": 47, "bottom": 34, "left": 0, "right": 0}),
     ((844, 390), {"top": 0, "bottom": 21, "left": 47, "right": 47})],
    indirect=["sized"], ids=["portrait", "landscape"])
def test_nothing_under_the_notch_or_the_home_indicator(sized, insets):
    """An iPhone's safe area (viewport-fit=cover), upright and sideways: the
    board's inside, every card and every control of the toolbar (or the rail)
    lie within it; the toolbar's row reaches up under the status bar."""
    page = sized.page
    cdp = sized.context.new_cdp_session(page)
    cdp.send("Emulation.setSafeAreaInsetsOverride", {"insets": insets})
    sized.open()
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    safe = (insets["left"], insets["top"], width - insets["right"], height - insets["bottom"])
    boxes = page.evaluate(SAFE_BOXES)
    assert len(boxes) > 52
    outside = [b["name"] for b in boxes
               if b["left"] < safe[0] - 0.5 or b["top"] < safe[1] - 0.5
               or b["right"] > safe[2] + 0.5 or b["bottom"] > safe[3] + 0.5]
    assert [] == outside
    assert 0 == page.evaluate("document.querySelector('.toolbar').getBoundingClientRect().top")
    sized.screenshot("safe-area")


def test_the_home_screen_icon_and_standalone_display(phone):
    """Added to the home screen, the game opens on its own (standalone), under
    its icons: the manifest's, each of the size it declares, and the one iOS
    takes (apple-touch-icon), square, at least 180 px and opaque (iOS fills
    transparency with black)."""
    phone.open()
    got = phone.page.evaluate("""async () => {
      const image = async (href) => {
        const img = new Image(); img.src = href; await img.decode();
        const w = img.naturalWidth, h = img.naturalHeight;
        const canvas = document.createElement('canvas'); canvas.width = w; canvas.height = h;
        const ctx = canvas.getContext('2d'); ctx.drawImage(img, 0, 0);
        const corners = [[0, 0], [w - 1, 0], [0, h - 1], [w - 1, h - 1]]
          .map(([x, y]) => ctx.getImageData(x, y, 1, 1).data[3]);
        return { size: w + 'x' + h, opaque: corners.every((a) => a === 255) };
      };
      const link = document.querySelector('link[rel=manifest]');
      const manifest = await (await fetch(link.href)).json();
      const icons = [];
      for (const icon of manifest.icons) {
        const drawn = await image(new URL(icon.src, link.href).href);
        icons.push({ declared: icon.sizes, purpose: icon.purpose, ...drawn });
      }
      const touch = document.querySelector('link[rel=apple-touch-icon]');
      return { display: manifest.display, start: manifest.start_url, scope: manifest.scope, icons,
               touch: touch && (await image(touch.href)) };
    }""")
    assert ("standalone", "./", "./") == (got["display"], got["start"], got["scope"])
    assert [] == [icon for icon in got["icons"] if icon["declared"] != icon["size"]]
    assert {"any", "maskable"} <= {icon["purpose"] for icon in got["icons"]}
    assert {"192x192", "512x512"} <= {icon["size"] for icon in got["icons"] if icon["purpose"] == "any"}
    touch = got["touch"]
    assert touch and touch["opaque"]
    width, height = map(int, touch["size"].split("x"))
    assert width == height >= 180


# APIs Safari does not have (on an iPhone), each with what tells a caller it is
# there. A line of the page's JavaScript that names one must also ask for it.
SAFARI_LACKS = {
    "requestIdleCallback": r'typeof requestIdleCallback|"requestIdleCallback" in',
    "scheduler.": r'typeof scheduler|"scheduler" in',
    "navigator.vibrate": r'navigator\.vibrate\?\.|"vibrate" in',
    "requestFullscreen": r"requestFullscreen\?\.|fullscreenEnabled",
    "showOpenFilePicker": r'"showOpenFilePicker" in',
    "showSaveFilePicker": r'"showSaveFilePicker" in',
    "showDirectoryPicker": r'"showDirectoryPicker" in',
    "navigator.connection": r'"connection" in navigator|navigator\.connection\?\.',
    "getBattery": r'"getBattery" in',
    "EyeDropper": r'typeof EyeDropper|"EyeDropper" in',
    "isInputPending": r"isInputPending\?\.|\"isInputPending\" in",
    "beforeinstallprompt": r"(?!)",  # never fires on an iPhone: nothing may wait for it
    "orientation.lock": r"orientation\.lock\?\.|\"lock\" in",
}


def _page_scripts():
    """The page's own JavaScript, and its Python's (which reaches the browser through ``js``).
    Not PyScript's nor MicroPython's: Emscripten's runtime names such APIs in its
    tables (requestFullscreen, showDirectoryPicker) and the page calls none of them."""
    return sorted((ROOT / "static" / "js").rglob("*.js")) + sorted((ROOT / "web").glob("*.py"))


def unguarded(paths, lacks=SAFARI_LACKS):
    """(file, line number, API) of every line naming an API of ``lacks`` without asking for it."""
    found = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for api, guard in lacks.items():
                if api in line and not re.search(guard, line):
                    found.append((path.name, number, api))
    return found


def test_no_api_safari_lacks_without_a_fallback(tmp_path):
    """No line of the page's JavaScript or Python uses an API Safari lacks
    without asking whether it is there (requestIdleCallback, the one in use,
    falls back to a timer). The check itself finds a bare call."""
    assert [] == unguarded(_page_scripts())
    bare = tmp_path / "bare.js"
    bare.write_text("scheduler.yield();\nif (typeof scheduler === 'object') scheduler.yield();\n", encoding="utf-8")
    assert [("bare.js", 1, "scheduler.")] == unguarded([bare])
