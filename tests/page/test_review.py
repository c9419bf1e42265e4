"""The review of a game on the page, as a player uses it: after a loss (no
move left, or the solver's "cannot be won"), after a win (with par), from the
menu; stepping through it on the board, playing on from a position, and game
links that open straight into it."""

import pytest

from seahaven import Game, Move, share
from seahaven.review import par_line

from .player import engine_places, press
from .reviewed import expected_marks, game_of, lost_game, make_move, marks, open_review, seed, stuck_game, won_game

pytestmark = pytest.mark.browser

LOST_CODE = "SH1-C4-AAAAAJ7"  # winnable: the solver's line, then a move that loses it
MINE = "SH1-C2-AAAAAJ3"  # the player's own game in progress


def board_at(code, moves, ply):
    return engine_places(game_of(code, moves[:ply]))


def outlined(player, cls):
    return player.page.evaluate("c => Array.from(document.querySelectorAll('.' + c), el => el.dataset.place)", cls)


def test_review_after_no_move_left(player):
    """The player's last move leaves no move: from that dialog, Review marks every
    move as the review does, shows the position where the game was lost with the
    losing move and the winning alternative outlined; Previous and Next step
    through the positions, and Play from here plays on from the one shown."""
    code, moves, lost = stuck_game()
    seed(player, code, moves[:-1])
    player.open()
    game = game_of(code, moves[:-1])
    make_move(player, game, moves[-1])
    player.page.get_by_test_id("stuck").wait_for(state="visible")
    review = open_review(player, "stuck-review")
    assert not player.page.get_by_test_id("stuck").is_visible()
    expected, reviewed = expected_marks(code, moves)
    assert expected == marks(player)
    assert 1 == player.page.locator("[data-lost-here]").count()
    # ✓ kept it winnable, ! chosen at a crossroads, ✗ lost it, · lost already
    glyphs = ["✗" if lost_here else "!" if critical and verdict == "winnable" else "✓" if verdict == "winnable" else "·"
              for _, verdict, critical, lost_here in expected]
    assert glyphs == player.page.locator("[data-review-ply]").all_inner_texts()
    # The review opens where the game was lost: the losing move and the winning one instead.
    player.settle()
    assert board_at(code, moves, lost - 1) == player.places()
    losing, alternative = Move.parse(moves[lost - 1]), Move.parse(reviewed.alternative[0])
    assert [losing.source] == outlined(player, "review-from") and [losing.target] == outlined(player, "review-to")
    assert [alternative.source] == outlined(player, "hint-from") and [alternative.target] == outlined(player, "hint-to")
    verdict = player.page.get_by_test_id("review-verdict").inner_text()
    assert "lost the game" in verdict and "would have won" in verdict
    player.screenshot("review-lost")
    # Read-only meanwhile: the board takes no tap, the game is as it was.
    assert player.page.evaluate("document.querySelector('#board').inert")
    player.page.get_by_test_id("review-next").click()
    player.settle()
    assert board_at(code, moves, lost) == player.places()
    for _ in range(2):
        player.page.get_by_test_id("review-prev").click()
    player.settle()
    assert board_at(code, moves, lost - 2) == player.places()
    assert moves == player.saved_game()["moves"]
    # Play on from the position before the losing move: the later moves wait on the redo list.
    player.page.get_by_test_id("review-next").click()
    player.page.get_by_test_id("review-play").click()
    assert not review.is_visible()
    assert {"moves": moves[:lost - 1], "undone": moves[lost - 1:]} == {
        k: player.saved_game()[k] for k in ("moves", "undone")}
    game = game_of(code, moves[:lost - 1])
    make_move(player, game, reviewed.alternative[0])
    assert engine_places(game) == player.places()
    assert str(lost) == player.page.get_by_test_id("moves").inner_text()


def test_review_from_the_cannot_be_won_dialog(desktop):
    """After a move that loses a 4-cell game, Hint finds no win and offers to
    undo; its dialog's Review marks the move that lost it."""
    code, moves, lost = lost_game(LOST_CODE, 20, tail=0)
    seed(desktop, code, moves[:-1])
    desktop.open()
    desktop.page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=120000)
    make_move(desktop, game_of(code, moves[:-1]), moves[-1])
    desktop.page.get_by_test_id("hint").click()
    desktop.page.get_by_test_id("lost").wait_for(state="visible")
    open_review(desktop, "lost-review")
    expected, _ = expected_marks(code, moves)
    assert expected == marks(desktop)
    assert str(lost) == desktop.page.locator("[data-lost-here]").get_attribute("data-review-ply")
    assert str(lost - 1) == desktop.page.get_by_test_id("review-slider").input_value()


def par_words(moves, par):
    """What the win dialog says of par (issue 41: what par is, and the moves against it,
    each said once: the moves themselves are the summary's)."""
    said = "Par for this deal, the shortest win the solver found, is %d moves: " % par
    if moves == par:
        return said + "you matched it."
    return said + "you took %d %s." % (abs(moves - par), "more" if moves > par else "fewer")


def test_win_says_par_and_opens_the_review(desktop):
    """The last card home: the win dialog says what par is and the moves against it, and the
    best on a deal played before; its Review marks every move as keeping the
    game winnable, and closing it gives the board back as it was."""
    code, moves = won_game("SH1-C4-AAAAAJ3")
    par = len(par_line(code).moves)
    stats = {"v": 1, "levels": {}, "current": None, "deals": {code: {"played": 1, "best": len(moves) + 20}}}
    seed(desktop, code, moves[:-1], stats=stats)
    desktop.open()  # won before the solver is ready, maybe: par is said once it is
    make_move(desktop, game_of(code, moves[:-1]), moves[-1])
    desktop.page.get_by_test_id("win").wait_for(state="visible")
    line = desktop.page.get_by_test_id("win-par")
    desktop.page.wait_for_function("document.querySelector('#win-par').textContent.includes('Par')")
    assert ("%s Your best on this deal: %d moves (2 games)."
            % (par_words(len(moves), par), len(moves))) == line.inner_text()
    desktop.screenshot("review-win")
    open_review(desktop, "win-review")
    assert [] == [m for m in marks(desktop) if m[1] != "winnable" or m[3]]
    verdict = desktop.page.get_by_test_id("review-verdict").inner_text()
    assert "Won in %d moves; par is %d." % (len(moves), par) == verdict
    slider = desktop.page.get_by_test_id("review-slider")
    slider.focus()
    desktop.page.keyboard.press("Home")
    for _ in range(3):
        desktop.page.keyboard.press("ArrowRight")
    desktop.settle()
    assert board_at(code, moves, 3) == desktop.places()
    desktop.page.keyboard.press("Escape")
    desktop.settle()
    assert engine_places(game_of(code, moves)) == desktop.places()
    assert not desktop.page.evaluate("document.querySelector('#board').inert")


# Every call the page makes to the solver's worker, by name, in order (window.__calls).
RECORD_CALLS = """() => {
  const solver = window.seahaven.page.api.solver;
  const call = solver.call.bind(solver);
  window.__calls = [];
  solver.call = (name, args, options) => { window.__calls.push(name); return call(name, args, options); };
}"""


def test_par_is_found_while_the_deal_is_played(desktop):
    """Par is found in the worker's idle time while the deal is on the board, a
    slice at a time between the solver's other answers: the win dialog says it at
    once, asking the worker nothing more."""
    code, moves = won_game("SH1-C4-AAAAAJ3")
    par = len(par_line(code).moves)
    seed(desktop, code, moves[:-2])
    desktop.open()
    desktop.page.wait_for_selector("body[data-solver='ready']", state="attached", timeout=60000)
    make_move(desktop, game_of(code, moves[:-2]), moves[-2])  # the solver's mark answers meanwhile
    desktop.page.wait_for_function("performance.getEntriesByName('par-found').length > 0", timeout=60000)
    desktop.page.evaluate(RECORD_CALLS)
    make_move(desktop, game_of(code, moves[:-1]), moves[-1])
    desktop.page.get_by_test_id("win").wait_for(state="visible")
    assert par_words(len(moves), par) == desktop.page.get_by_test_id("win-par").inner_text()
    assert [] == [name for name in desktop.page.evaluate("window.__calls") if name.startswith("par")]


def test_shared_link_opens_into_the_review(phone):
    """A game link followed while a game is in progress asks first: kept, nothing
    changes; opened, the shared game's review shows where it was lost, and
    closing it leaves that deal ready to replay (its moves on the redo list)."""
    code, moves, lost = lost_game(LOST_CODE, 12, tail=4)
    link = share.encode(game_of(code, moves))
    mine = [m.text for m in Game.from_code(MINE).legal_moves()[:1]]
    seed(phone, MINE, mine)
    phone.open(link)
    phone.page.get_by_test_id("link-dialog").wait_for(state="visible")
    said = phone.page.locator("#link-text").inner_text()
    assert "%d moves" % len(moves) in said
    assert said.endswith("Your game in progress (1 move) will be abandoned and counted as a loss."), said
    phone.page.get_by_test_id("link-keep").click()
    assert mine == phone.saved_game()["moves"] and MINE == phone.code()
    assert not phone.page.get_by_test_id("review").is_visible()
    phone.page.evaluate("l => location.hash = l", link)  # followed again
    phone.page.get_by_test_id("link-open").click()
    phone.page.wait_for_selector("[data-testid=review][data-state=done]", timeout=120000)
    assert str(lost) == phone.page.locator("[data-lost-here]").get_attribute("data-review-ply")
    phone.settle()
    assert board_at(code, moves, lost - 1) == phone.places()
    phone.screenshot("review-link")
    phone.page.get_by_test_id("review-close").click()
    assert {"code": code, "moves": [], "undone": moves} == {
        k: phone.saved_game()[k] for k in ("code", "moves", "undone")}
    assert engine_places(Game.from_code(code)) == phone.places()


def test_link_on_a_landscape_phone_opens_without_error(landscape):
    """A game link opened on a landscape phone: the review comes in beside the
    board, which narrows and lays out its cards again, and the window is told
    of no error (the toast's dock watched the board's content box, which the
    board's own layout changes by its padding: "ResizeObserver loop completed
    with undelivered notifications", in WebKit and Chromium alike)."""
    code, moves, _ = lost_game(LOST_CODE, 8, tail=0)
    landscape.open(share.encode(game_of(code, moves)))
    landscape.page.wait_for_selector("[data-testid=review][data-state=done]", timeout=120000)
    landscape.settle()
    landscape.painted()
    assert [] == landscape.errors


def test_tampered_link_is_refused(desktop):
    """A link with one character changed says it is damaged, and the game in
    progress stays as it was."""
    code, moves, _ = lost_game(LOST_CODE, 8, tail=0)
    link = share.encode(game_of(code, moves))
    tampered = link[:-3] + ("A" if link[-3] != "A" else "B") + link[-2:]
    mine = [m.text for m in Game.from_code(MINE).legal_moves()[:1]]
    seed(desktop, MINE, mine)
    desktop.open(tampered)
    desktop.page.wait_for_function("document.querySelector('#toast').textContent.includes('link')")
    assert "This game link cannot be opened: a character was changed, lost or added" == desktop.toast().inner_text()
    assert mine == desktop.saved_game()["moves"] and MINE == desktop.code()
    assert not desktop.page.get_by_test_id("review").is_visible()
    assert not desktop.page.get_by_test_id("link-dialog").is_visible()
    desktop.page.wait_for_function("c => location.hash === '#' + c", arg=MINE)


def test_share_this_game_from_the_review(browser, site):
    """"Share this game" in the review copies the game's link (where there is no
    share sheet); a friend following it sees the same game reviewed, lost at
    the same move."""
    from .player import DEVICES, Player

    code, moves, lost = lost_game(LOST_CODE, 10, tail=2)
    context = browser.new_context(**DEVICES["desktop"], permissions=["clipboard-read", "clipboard-write"])
    me = Player(context.new_page(), context, "desktop")
    me.base = site
    seed(me, code, moves)
    me.open()
    press(me.page, "review-open")
    me.page.get_by_test_id("review-share").click()
    me.page.wait_for_function("document.querySelector('#toast').textContent.length > 0")
    url = me.page.evaluate("navigator.clipboard.readText()")
    assert site + "#" + share.encode(game_of(code, moves)) == url
    assert [] == me.errors
    context.close()
    friend = Player(browser.new_page(**DEVICES["desktop"]), None, "desktop")
    friend.context = friend.page.context
    friend.page.goto(url)
    friend.page.wait_for_selector("[data-testid=review][data-state=done]", timeout=120000)
    assert str(lost) == friend.page.locator("[data-lost-here]").get_attribute("data-review-ply")
    assert moves == friend.saved_game()["undone"]
    errors = list(friend.errors)
    friend.context.close()
    assert [] == errors


def test_review_beside_the_board_on_a_landscape_phone(browser, site):
    """On a landscape phone the review is a column beside the board: the board
    and every card stay in view, and every control of the review is on screen."""
    from .player import Player

    code, moves, _ = lost_game(LOST_CODE, 10, tail=2)
    context = browser.new_context(viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True)
    p = Player(context.new_page(), context, "landscape")
    p.base = site
    seed(p, code, moves)
    p.open()
    press(p.page, "review-open")
    p.page.wait_for_selector("[data-testid=review][data-state=done]", timeout=120000)
    p.settle()
    boxes = p.page.evaluate("""() => {
        const box = (el) => el.getBoundingClientRect().toJSON();
        const panel = document.querySelector('[data-testid=review]');
        return {
          board: box(document.querySelector('.board')),
          panel: box(panel),
          cards: Array.from(document.querySelectorAll('.board [data-card]'), box),
          controls: Array.from(panel.querySelectorAll('button, input'), box).filter((b) => b.width),
        };
    }""")
    inside = lambda b: b["left"] >= -0.5 and b["right"] <= 844.5 and b["top"] >= -0.5 and b["bottom"] <= 390.5  # noqa: E731
    assert boxes["board"]["width"] >= 300 and boxes["board"]["right"] <= boxes["panel"]["left"] + 0.5
    assert 52 == len(boxes["cards"]) and all(inside(b) and b["right"] <= boxes["panel"]["left"] + 0.5
                                              for b in boxes["cards"])
    assert boxes["controls"] and all(inside(b) for b in boxes["controls"])
    assert [] == p.errors
    context.close()


# The board's heights from now on, as it is laid out (window.__boardHeights).
WATCH_BOARD = """() => {
  window.__boardHeights = [];
  new ResizeObserver(([entry]) => window.__boardHeights.push(Math.round(entry.contentRect.height)))
    .observe(document.querySelector('#board'));
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_board_holds_still_while_the_review_computes(phone, lang):
    """On a phone the review's panel keeps one height from the moment it
    opens to its last verdict, the position where the game was lost shown
    (its status and verdict have room kept for them): the board beside it is
    laid out once, not again as verdicts come in. Every mark then says its
    move to a screen reader (the marks' words follow the panel, a slice a
    frame)."""
    code, moves, lost = lost_game(LOST_CODE, 20, tail=30)
    seed(phone, code, moves)
    phone.open(query="?lang=%s" % lang)
    page = phone.page
    page.evaluate(WATCH_BOARD)
    open_review(phone, "review-open")
    assert str(lost) == page.locator("[data-lost-here]").get_attribute("data-review-ply")
    page.wait_for_function("""() => Array.from(document.querySelectorAll('[data-review-ply]'))
      .every((mark) => mark.getAttribute('aria-label'))""")
    phone.painted()
    heights = page.evaluate("window.__boardHeights")
    assert 1 == len(set(heights[1:])), heights  # the first is the board before the panel opened
