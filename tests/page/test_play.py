"""The page driven as a player would: on a touch phone and a desktop."""

import time

import pytest

from seahaven import Game, Move
from seahaven.rules import legal_moves, move_text, run_length

from .player import engine_places, find_deal, press

pytestmark = pytest.mark.browser
DOUBLE_TAP_MS = 350  # static/js/board/taps.js


def column_move(game):
    """A legal single-card column-to-column move of a fresh game, or None."""
    for src, dst, n in legal_moves(game.position):
        if src < 10 and dst < 10 and n == 1:
            return move_text((src, dst, n))
    return None


def top(game, place):
    return game.cards(place)[-1]


def test_board_matches_engine(player):
    """The page shows exactly the engine's deal for the code in the hash."""
    player.open("SH1-C4-AAAAAJ2")
    assert engine_places(Game.from_code("SH1-C4-AAAAAJ2")) == player.places()
    assert "SH1-C4-AAAAAJ2" == player.code()
    assert 52 == player.page.locator("[data-card]").count()
    player.screenshot("board")


def test_board_fits_viewport(player):
    """No page scrolling: the whole board, even a tall column, is inside the viewport."""
    game = find_deal(1, lambda g: len(g.position.cols[1]) == 6)
    player.open(game.code)
    size = player.page.viewport_size
    scroll = player.page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert [size["width"], size["height"]] == scroll
    for card in player.page.locator("[data-card]").all():
        box = card.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5
        assert box["y"] + box["height"] <= size["height"] + 0.5


def test_drag_to_legal_column(player):
    """Dragging a card onto the next higher card of its suit moves it (mouse or real touch)."""
    game = find_deal(4, lambda g: column_move(g) is not None)
    move = column_move(game)
    value = Move.parse(move)
    src, dst = value.source, value.target
    card = top(game, src)
    player.open(game.code)
    if player.device == "phone":
        player.touch_drag(card, dst)
    else:
        player.mouse_drag(card, dst)
    game.play(move)
    player.wait_idle()
    assert engine_places(game) == player.places()
    assert "1" == player.page.get_by_test_id("moves").inner_text()


def test_illegal_drop_returns_card(player):
    """A drop on a column that does not accept the card puts it back and says why."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    player.open(game.code)
    before = player.places()
    card = top(game, "t1")
    if player.device == "phone":
        player.touch_drag(card, "t3")
    else:
        player.mouse_drag(card, "t3")
    player.wait_idle()
    assert before == player.places()
    assert "6♦" in player.toast().inner_text()
    player.page.wait_for_timeout(250)
    box = player.card(card).bounding_box()
    home = player.place("t1").bounding_box()
    assert abs(box["x"] - home["x"]) < 2


def run_to_column(cells):
    """A deal with a run of 2+ at a column top whose head has a target column."""

    def group(game):
        pos = game.position
        tops = {col[-1]: i for i, col in enumerate(pos.cols) if col}
        for i, col in enumerate(pos.cols):
            r = run_length(col)
            if r >= 2 and col[-r] + 1 in tops and col[-r] % 13 != 12:
                return "t%d" % (i + 1), "t%d" % (tops[col[-r] + 1] + 1), r
        return None

    game = find_deal(cells, group)
    return (game,) + group(game)


def test_run_moves_as_group(player):
    """Dragging the head of a run moves the whole run onto the accepting column."""
    game, src, dst, n = run_to_column(4)
    player.open(game.code)
    head = game.cards(src)[-n]
    if player.device == "phone":
        player.touch_drag(head, dst)
    else:
        player.mouse_drag(head, dst)
    game.play("%s-%sx%d" % (src, dst, n))
    player.wait_idle()
    assert engine_places(game) == player.places()


def test_too_large_run_refused(desktop):
    """With one occupied cell and no empty column only one card may move: a run is refused with
    the limit, and what sets it."""
    game, src, dst, n = run_to_column(1)
    desktop.open(game.code)
    before = desktop.places()
    desktop.mouse_drag(game.cards(src)[-n], dst)
    desktop.wait_idle()
    assert before == desktop.places()
    assert "Only 1 card can move now: 0 free cells and 0 empty columns to spare" == desktop.toast().inner_text()


def ace_on_top(game):
    return next(("t%d" % (i + 1) for i, col in enumerate(game.position.cols) if col and col[-1] % 13 == 0), None)


def test_tap_sends_home_and_second_tap_does_nothing(player):
    """A tap sends an ace home at once; the double tap's second tap never takes it back."""
    game = find_deal(4, lambda g: ace_on_top(g) is not None)
    src = ace_on_top(game)
    ace = top(game, src)
    player.open(game.code)
    player.tap(ace)
    player.wait_idle()
    game.play(game.tap(src))
    assert engine_places(game) == player.places()
    assert 10 == player.score()
    player.open(game.code)  # fresh page, same deal: a quick double tap
    player.double_tap(ace)
    player.page.wait_for_timeout(400)
    assert engine_places(game) == player.places()


def test_a_card_sent_home_slides_from_where_it_lay(player):
    """The card a tap sends home starts its slide where it was drawn and ends on its foundation."""
    game = find_deal(4, lambda g: ace_on_top(g) is not None)
    src = ace_on_top(game)
    ace = top(game, src)
    player.open(game.code)
    player.settle()
    was = player.card(ace).bounding_box()
    # Read once the board's own handler ran (the pointerup bubbles to the document after it).
    player.page.evaluate("""(card) => document.addEventListener('pointerup', () => {
        const el = document.querySelector(`[data-card="${card}"]`);
        const flight = el.getAnimations()[0];
        const home = el.parentElement.getBoundingClientRect();
        window.__flight = { start: flight && flight.effect.getKeyframes()[0].transform,
                            place: el.parentElement.dataset.place, x: home.left, y: home.top };
    }, { once: true })""", ace)
    player.tap(ace)
    flight = player.page.evaluate("window.__flight")
    assert flight["place"][0] == "f"
    dx, dy = (float(v) for v in flight["start"].replace("translate(", "").replace("px", "").rstrip(")").split(","))
    assert abs(flight["x"] + dx - was["x"]) < 1 and abs(flight["y"] + dy - was["y"]) < 1


def ace_over_its_two(game):
    """A column whose top card is an ace lying on the two of its suit: both can go home, one tap each."""
    for place in ("t%d" % i for i in range(1, 11)):
        cards = game.cards(place)
        if len(cards) >= 2 and cards[-1][0] == "A" and cards[-2] == "2" + cards[-1][1]:
            return place
    return None


def test_two_quick_taps_send_two_cards_home(player):
    """A tap that moved a card arms no double tap. Two taps 150 ms apart
    on a column (the ace, then the two below it) send both home."""
    game = find_deal(4, lambda g: ace_over_its_two(g) is not None)
    src = ace_over_its_two(game)
    ace, two = game.cards(src)[-1], game.cards(src)[-2]
    # The solver's worker, started when the page is idle, would busy the main
    # thread between the taps; this test is about the taps alone.
    player.context.add_init_script("window.requestIdleCallback = () => 0;")
    player.open(game.code)
    first, second = player.grab_point(ace), player.grab_point(two)
    tap = player.page.touchscreen.tap if player.device == "phone" else player.page.mouse.click
    for _ in range(3):  # a loaded machine may take longer than the double-tap window between two taps
        player.page.evaluate("() => { window.ups = []; addEventListener('pointerup', e => ups.push(e.timeStamp)); }")
        start = time.monotonic()
        tap(*first)
        time.sleep(max(0, 0.15 - (time.monotonic() - start)))
        tap(*second)
        ups = player.page.evaluate("() => ups")
        player.page.wait_for_timeout(400)
        if ups[1] - ups[0] < DOUBLE_TAP_MS:
            break
        for _ in range(int(player.page.get_by_test_id("moves").inner_text())):
            player.page.get_by_test_id("undo").click()
        player.settle()
    assert ups[1] - ups[0] < DOUBLE_TAP_MS, ("the taps were never quick enough to test", ups)
    game.play(game.tap(src))
    game.play(game.tap(src))
    assert engine_places(game) == player.places()
    assert 20 == player.score()


def test_tap_refused_shakes_without_moving(desktop):
    """A tap on a card that cannot go home changes nothing."""
    game = find_deal(4, lambda g: ace_on_top(g) is None)
    desktop.open(game.code)
    before = desktop.places()
    desktop.tap(top(game, "t1"))
    desktop.page.wait_for_timeout(450)
    assert before == desktop.places()


def test_double_tap_follows_priority(player):
    """Double taps move cards where the engine's priority says, one after another."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    player.open(game.code)
    places = ["t%d" % i for i in range(1, 11)] + ["c1", "c2"]
    for _ in range(5):
        place = next(p for p in places if game.cards(p) and game.double_tap(p))
        move = game.double_tap(place)
        card = game.cards(place)[-1]
        player.double_tap(card)
        player.page.wait_for_timeout(400)
        game.play(move)
        assert engine_places(game) == player.places(), move


# A main thread busy between a double tap's two taps (a save, the solver's
# start, a slow phone): the first tap's pointerup leaves 600 ms of work behind.
BUSY_AFTER_FIRST_TAP = """() => document.addEventListener('pointerup', () => setTimeout(() => {
  const end = performance.now() + 600;
  while (performance.now() < end) {}
}), { once: true })"""


def test_a_double_tap_stays_one_on_a_busy_main_thread(player):
    """Two taps made in quick succession are a double tap even when the page
    handles the second long after the first: taps are told apart by when they
    were made, not when they are handled."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    player.open(game.code)
    place = next(p for p in ["t%d" % i for i in range(1, 11)] if game.cards(p) and game.double_tap(p)
                 and game.tap(p) is None)
    move = game.double_tap(place)
    player.page.evaluate(BUSY_AFTER_FIRST_TAP)
    player.double_tap(game.cards(place)[-1])
    game.play(move)
    player.page.wait_for_function("document.querySelector('[data-testid=moves]').textContent === '1'")
    assert engine_places(game) == player.places(), move


def test_undo_redo_and_score(desktop):
    """Undo and redo walk the engine's history; the score follows."""
    game = find_deal(4, lambda g: ace_on_top(g) is not None)
    src = ace_on_top(game)
    desktop.open(game.code)
    desktop.tap(top(game, src))
    assert 10 == desktop.score()
    desktop.page.get_by_test_id("undo").click()
    assert 0 == desktop.score()
    assert engine_places(game) == desktop.places()
    assert desktop.page.get_by_test_id("undo").is_disabled()
    desktop.page.get_by_test_id("redo").click()
    assert 10 == desktop.score()
    game.play(game.tap(src))
    assert engine_places(game) == desktop.places()
    assert desktop.page.get_by_test_id("redo").is_disabled()


# The places' names, read once the frame that shows the last state is painted (they are written then).
PLACE_NAMES = """async () => {
  await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
  return Object.fromEntries(Array.from(document.querySelectorAll('[data-place]'),
    el => [el.dataset.place, [el.getAttribute('aria-label'), el.getAttribute('aria-description')]]));
}"""


def test_place_names_follow_moves(desktop):
    """A screen reader hears each place named for the cards it holds after every move, undo and redo,
    as a page that draws the same game from scratch names it (after a move only the places that
    changed are named again)."""
    game = find_deal(4, lambda g: ace_on_top(g) is not None and column_move(g) is not None)
    src = ace_on_top(game)
    desktop.open(game.code)
    names = desktop.page.evaluate(PLACE_NAMES)
    desktop.tap(top(game, src))
    moved = desktop.page.evaluate(PLACE_NAMES)
    changed = {place for place in names if names[place] != moved[place]}
    assert src in changed and 2 == len(changed) and (changed - {src}).pop().startswith("f")
    desktop.page.get_by_test_id("undo").click()
    assert names == desktop.page.evaluate(PLACE_NAMES)
    desktop.page.get_by_test_id("redo").click()
    assert moved == desktop.page.evaluate(PLACE_NAMES)
    desktop.page.wait_for_timeout(300)  # saved after the next frame
    desktop.page.reload()
    desktop.page.wait_for_selector("body[data-ready='1']")
    assert moved == desktop.page.evaluate(PLACE_NAMES)


@pytest.mark.parametrize("difficulty,cells", [("easy", 4), ("medium", 2), ("hard", 1)])
def test_new_game_difficulty(desktop, difficulty, cells):
    """New game with each difficulty shows that many cells and a matching code."""
    desktop.open("SH1-C4-AAAAAJ2")
    page = desktop.page
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("difficulty-" + difficulty).check()
    page.get_by_test_id("deal").click()
    # Medium and Hard deal only winnable deals by default: once the solver is up, that takes a search
    page.wait_for_function("() => !document.querySelector('#new-dialog').open", timeout=20000)
    assert cells == page.locator("[data-place^='c']").count()
    code = desktop.code()
    assert code.startswith("SH1-C%d-" % cells)
    assert engine_places(Game.from_code(code)) == desktop.places()
    page.wait_for_function("c => location.hash === '#' + c", arg=code)  # once the new deal is painted


def test_bad_code_keeps_game(player):
    """A refused typed code shows which part is wrong and the game goes on."""
    player.open("SH1-C4-AAAAAJ2")
    page = player.page
    player.tap(top(Game.from_code("SH1-C4-AAAAAJ2"), "t1"))
    before = player.places()
    press(page, "new-game")
    page.get_by_test_id("code-input").fill("SH1-C3-AAAAAAA")
    page.get_by_test_id("deal").click()
    assert "C3" in page.get_by_test_id("code-error").inner_text()
    page.get_by_test_id("cancel").click()
    assert before == player.places()
    assert "SH1-C4-AAAAAJ2" == player.code()


def test_typed_code_opens_that_deal(desktop):
    """A typed code (any case, spaces around) opens exactly that deal."""
    desktop.open("SH1-C4-AAAAAJ2")
    page = desktop.page
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("code-input").fill("  sh1-c2-aaaaaaa ")
    page.get_by_test_id("deal").click()
    assert "SH1-C2-AAAAAAA" == desktop.code()
    assert engine_places(Game.from_code("SH1-C2-AAAAAAA")) == desktop.places()


@pytest.mark.parametrize(
    "hash_text",
    ["<img src=x onerror=alert(1)>", "<script>alert(1)</script>", "SH1-C4-" + "A" * 5000, "SH1-C4-ÅÄÖ€€€€", "%E0%A4%A"],
    ids=["img-markup", "script-markup", "very-long", "non-ascii", "bad-escape"],
)
def test_hostile_hash(desktop, hash_text):
    """A hostile hash is reported as plain text and a normal game starts."""
    page = desktop.page
    page.goto(desktop.base + "#" + hash_text)
    page.wait_for_selector("body[data-ready='1']")
    assert 52 == page.locator("[data-card]").count()
    assert 0 == page.locator("#toast *").count()
    assert page.locator("#toast").inner_text().startswith("The link's game code was not used")
    assert 0 == page.locator("img[src=x]").count()
    code = desktop.code()
    assert engine_places(Game.from_code(code)) == desktop.places()


def test_hash_change_opens_deal(desktop):
    """Editing the hash opens that deal; a bad edit keeps the game."""
    desktop.open("SH1-C4-AAAAAJ2")
    page = desktop.page
    page.evaluate("location.hash = '#SH1-C1-AAAAAAB'")
    page.wait_for_function("document.querySelector('[data-testid=game-code]').textContent === 'SH1-C1-AAAAAAB'")
    assert engine_places(Game.from_code("SH1-C1-AAAAAAB")) == desktop.places()
    page.evaluate("location.hash = '#nonsense'")
    page.wait_for_function("location.hash === '#SH1-C1-AAAAAAB'")
    assert "SH1-C1-AAAAAAB" == desktop.code()


def test_four_colour_deck(desktop):
    """The four-colour setting paints diamonds blue and clubs green, and is remembered."""
    desktop.open("SH1-C4-AAAAAJ2")
    page = desktop.page
    page.get_by_test_id("settings").click()
    page.get_by_test_id("four-colour").check()
    color = page.evaluate("getComputedStyle(document.querySelector('[data-card=\"6D\"]')).color")
    assert "rgb(10, 79, 179)" == color
    desktop.open("SH1-C4-AAAAAJ2")
    assert page.evaluate("document.body.classList.contains('four-colour')")
