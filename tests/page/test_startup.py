"""Start-up order: PyScript starts before the page's modules, and the board waits for them."""

from .player import engine_places, find_deal
from .test_play import ace_on_top, top
from .test_touch import SWITCH_LANGUAGE


def test_board_waits_for_slow_page_modules(desktop):
    """The engine is ready before the page's script arrives: the board boots once it has run, and plays."""
    game = find_deal(4, lambda g: ace_on_top(g) is not None)
    src = ace_on_top(game)

    page = desktop.page
    held = []
    page.route("**/static/build/page.js", lambda route: held.append(route))
    page.goto(desktop.base + "#" + game.code, wait_until="commit")
    # The interpreter gets ready while the page's script is held (however busy
    # the machine), then waits for it a while.
    page.wait_for_function("performance.getEntriesByName('py-start').length > 0", timeout=30000)
    page.wait_for_timeout(600)
    while not held:
        page.wait_for_timeout(20)
    for route in held:
        route.continue_()
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    desktop.painted()
    marks = desktop.page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))")
    assert marks["py-engine"] - marks["py-start"] > 500, marks  # the engine waited for the modules
    assert engine_places(game) == desktop.places()
    desktop.tap(top(game, src))
    desktop.wait_idle()
    game.play(game.tap(src))
    assert engine_places(game) == desktop.places()
    desktop.page.wait_for_function("localStorage.getItem('seahaven.game') !== null")  # storage.js heard "ready"


# Every card's element and where it is drawn.
CARD_BOXES = """() => Object.fromEntries(Array.from(document.querySelectorAll('[data-card]'), (el) => {
  const r = el.getBoundingClientRect();
  return [el.dataset.card, [r.x, r.y, r.width, r.height, el.dataset.preview === '1']];
}))"""


def test_return_visit_paints_the_saved_board_before_python(desktop):
    """Back to a game in progress, the board is drawn from the view saved with it
    while Python is still loading: the same cards, score, moves and code; a tap
    meanwhile does nothing; once the engine is ready the same card elements stay
    where they were drawn and the game plays on."""
    game = find_deal(4, lambda g: ace_on_top(g) is not None)
    src = ace_on_top(game)
    desktop.open(game.code)
    desktop.tap(top(game, src))
    game.play(game.tap(src))
    desktop.wait_idle()
    desktop.page.wait_for_function("JSON.parse(localStorage.getItem('seahaven.game')).game.moves.length === 1")
    page = desktop.page
    release = []
    page.route("**/static/vendor/mpy/main.romfs", lambda route: release.append(route))
    page.goto(desktop.base, wait_until="commit")  # from the home screen: no code in the URL
    page.wait_for_selector("body[data-preview='1']", state="attached")
    page.wait_for_selector("body[data-early='1']", state="attached")  # the board and its toolbar
    assert not page.evaluate("document.body.dataset.ready")
    assert engine_places(game) == desktop.places()
    assert not page.locator(".loading").is_visible()
    assert (str(game.score), "1", game.code) == (
        page.get_by_test_id("score").inner_text(), page.get_by_test_id("moves").inner_text(), desktop.code())
    page.evaluate("document.querySelectorAll('[data-card]').forEach((el) => (el.dataset.preview = '1'))")
    before = page.evaluate(CARD_BOXES)
    desktop.tap(top(game, src))  # whatever the engine would make of it, it must wait
    page.wait_for_timeout(100)
    assert engine_places(game) == desktop.places()
    while not release:
        page.wait_for_timeout(20)
    for route in release:
        route.continue_()
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    assert not page.evaluate("document.body.dataset.preview")
    assert before == page.evaluate(CARD_BOXES)  # the same elements, nothing moved
    assert engine_places(game) == desktop.places()
    marks = page.evaluate("Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))")
    assert marks["saved-board-painted"] < marks["page-ready"]
    page.get_by_test_id("undo").click()
    game.undo()
    desktop.wait_idle()
    assert engine_places(game) == desktop.places()


# The toolbar as a player sees it: New's label, whether the row holds its
# controls and the numbers in view, which controls are folded into the menu.
TOOLBAR = """() => {
  const bar = document.querySelector('.toolbar');
  const inView = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.right <= innerWidth && r.bottom <= innerHeight;
  };
  return {
    new: document.querySelector('[data-testid=new-game]').getAttribute('aria-label'),
    fits: bar.scrollWidth <= bar.clientWidth + 0.5,
    stats: ['score', 'moves', 'time'].every((id) => inView(document.querySelector(`[data-testid=${id}]`))),
    folded: Array.from(document.querySelectorAll('#menu [data-fold]'), (el) => el.dataset.testid).sort(),
    compact: bar.classList.contains('compact'),
  };
}"""


def test_early_board_before_any_script_in_the_players_letters(phone):
    """A French player back to a game sees it before any of the page's scripts
    or strings have arrived (all held here): the same cards where the game left
    them, with French rank letters, the score, moves and code, the toolbar in
    French and fitted to the row; no refusal nor
    error meanwhile. Once the scripts arrive the page starts on those same card
    elements, and a save without its rank letters (an older one) is drawn later
    instead, once the strings are in."""
    game = find_deal(4, lambda g: ace_on_top(g) is not None)
    src = ace_on_top(game)
    phone.open(game.code, query="?lang=fr")
    phone.tap(top(game, src))
    game.play(game.tap(src))
    phone.wait_idle()
    page = phone.page
    page.wait_for_function("JSON.parse(localStorage.getItem('seahaven.game')).game.moves.length === 1")
    # The label width kept with the save, told apart from any the page could
    # measure: the page goes on with it for the same letters (no second measure).
    page.add_init_script("""(() => { const r = JSON.parse(localStorage.getItem('seahaven.game'));
      if (r && r.ranks) { r.labelEm = 1.9876; localStorage.setItem('seahaven.game', JSON.stringify(r)); } })()""")
    held = []
    for pattern in ("**/static/build/page.js", "**/static/vendor/pyscript/core.js", "**/static/i18n/*.json"):
        page.route(pattern, lambda route: held.append(route))
    page.goto(phone.base + "?lang=fr", wait_until="commit")
    page.wait_for_selector("body[data-preview='1']", state="attached")
    assert engine_places(game) == phone.places()
    # The toolbar's controls, hidden until the board is drawn, shown with it (nothing moves).
    page.wait_for_selector("body[data-early='1']", state="attached")
    assert page.get_by_test_id("score").is_visible()
    corners = page.evaluate("Array.from(document.querySelectorAll('[data-card^=K] .corner'), (el) => el.textContent)")
    assert sorted(corners) == ["R♠", "R♣", "R♥", "R♦"]
    assert (str(game.score), "1", game.code) == (
        page.get_by_test_id("score").inner_text(), page.get_by_test_id("moves").inner_text(), phone.code())
    assert not page.evaluate("document.body.dataset.ready")
    # The toolbar in French too, already fitted to the phone's row as the page fits it.
    toolbar = page.evaluate(TOOLBAR)
    assert toolbar["new"] == "Nouvelle" and toolbar["fits"] and toolbar["stats"]
    page.evaluate("document.querySelectorAll('[data-card]').forEach((el) => (el.dataset.early = '1'))")
    before = page.evaluate(CARD_BOXES)
    page.unroute_all()  # the held requests go on
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    assert before == page.evaluate(CARD_BOXES)  # the same elements, where they were
    assert 52 == page.locator("[data-card][data-early='1']").count()
    assert engine_places(game) == phone.places()
    assert "1.9876" == page.evaluate("document.getElementById('board').dataset.labelEm")
    assert toolbar == page.evaluate(TOOLBAR)  # nothing in the toolbar moved either
    assert not phone.errors

    # A save from before the rank letters were kept: no early board (no card is
    # drawn when the document is parsed), the page draws it itself. The save
    # made as the page is left is made older as the next one starts.
    page.add_init_script("""(() => { const r = JSON.parse(localStorage.getItem('seahaven.game'));
      if (r && r.ranks) { delete r.ranks; localStorage.setItem('seahaven.game', JSON.stringify(r)); } })()""")
    page.add_init_script("""document.addEventListener('DOMContentLoaded',
      () => (window.cardsWhenParsed = document.querySelectorAll('[data-card]').length))""")
    page.goto(phone.base + "?lang=fr")
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    assert 0 == page.evaluate("window.cardsWhenParsed")
    assert engine_places(game) == phone.places()
    assert "1.9876" != page.evaluate("document.getElementById('board').dataset.labelEm")  # measured


# How many times the toolbar's row has been fitted (toolbar-fit.js writes, each
# time, what it fitted the row for), counted from before the page's first script.
COUNT_FITS = """(() => { window.fits = 0; new MutationObserver((records) => { window.fits += records.length; })
  .observe(document, { subtree: true, attributes: true, attributeFilter: ['data-fitted-for'] }); })()"""

# Whether the row is too long for itself.
ROW_OVERFLOWS = """() => { const bar = document.querySelector('.toolbar');
  return bar.scrollWidth > bar.clientWidth + 0.5 || bar.scrollHeight > bar.clientHeight + 0.5; }"""


def test_the_row_is_fitted_once_at_the_start(phone):
    """On a phone, where fitting the toolbar's row folds ten controls into the
    menu one layout at a time, a first and a return visit fit it once, on the
    early board: the page's own calls at its start (its first, the row's first
    observed size, the fonts, the language) find it fitted for what they would
    fit it for. A new size, or another language, fits it again."""
    page = phone.page
    page.add_init_script(COUNT_FITS)
    phone.open()
    page.wait_for_function("localStorage.getItem('seahaven.game') !== null")
    assert (1, False) == (page.evaluate("window.fits"), page.evaluate(ROW_OVERFLOWS))
    phone.open()  # back to the game in progress
    assert (1, False) == (page.evaluate("window.fits"), page.evaluate(ROW_OVERFLOWS))
    folded = page.locator("#menu > [data-fold]").count()
    page.set_viewport_size({"width": 740, "height": 360})  # held sideways: the row becomes a rail
    page.wait_for_function("window.fits === 2")
    assert not page.evaluate(ROW_OVERFLOWS) and folded != page.locator("#menu > [data-fold]").count()
    page.evaluate(SWITCH_LANGUAGE, "de")
    assert 3 == page.evaluate("window.fits") and not page.evaluate(ROW_OVERFLOWS)
    assert not phone.errors


# What the player sees each time the early board shows more (body[data-early]):
# whether the board and the toolbar's controls are visible, and whether the row is fitted.
WATCH_SHOWN = """(() => { window.shown = []; new MutationObserver(() => {
  const bar = document.querySelector('.toolbar');
  window.shown.push([document.body.dataset.early, getComputedStyle(document.getElementById('board')).visibility,
    getComputedStyle(bar.firstElementChild).visibility, bar.dataset.fittedFor !== undefined,
    document.querySelectorAll('#board [data-card]').length]);
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-early'] }); })()"""


def test_the_board_is_painted_with_its_toolbar(phone):
    """On a phone the early board's cards and the toolbar's controls, fitted,
    are shown in one step, so painted in one frame (WebKit paints no second
    frame while the page loads: a toolbar left to the frame after waited for
    the engine there): the row is never seen unfitted or empty, on a first
    visit or a return visit."""
    page = phone.page
    page.add_init_script(WATCH_SHOWN)
    both = ["1", "visible", "visible", True, 52]
    phone.open()
    assert [both] == page.evaluate("window.shown")
    marks = page.evaluate("Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))")
    assert marks["toolbar-painted"] == marks["first-board-painted"]
    page.wait_for_function("localStorage.getItem('seahaven.game') !== null")
    phone.open()  # back to the game in progress
    assert [both] == page.evaluate("window.shown")
    assert not phone.errors
