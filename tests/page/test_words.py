"""Words for everything (issue 41 point 8): a refused tap says why, a hint says
how many cards move and near the end points to Finish, and the win is seen
before its dialog, which says each fact once, what par is, and whether the
game was won with help. Played by touch on a phone and with a mouse on a
desktop, in several languages."""

import pytest

from seahaven import Game, Move
from seahaven.review import par_line
from seahaven.solver import solve

from .player import find_deal, press
from .reviewed import game_of, seed
from .strings import Strings
from .test_touch import near_the_end, needs_fcsolve, replay

pytestmark = pytest.mark.browser

SOLVER_READY = "body[data-solver='ready']"
LANGUAGES = ["en", "es", "sv"]
TOAST_SAYS = "(text) => { const t = document.getElementById('toast'); return !t.hidden && t.textContent === text; }"
# The hint shown: the move (data-hint) and its words, once Hint has answered.
HINTED = "() => document.body.dataset.hint && !document.getElementById('toast').hidden"
# From here the solver's next move is a run of three, t8-t7x3 (SH1-C4-AAAAAAE after six moves of its line).
RUN_CODE, RUN_MOVES = "SH1-C4-AAAAAAE", ["c2-t10", "t7-t8", "t7-t3", "t7-t6", "t7-f2", "t7-t8"]


def nowhere(game):
    """A column whose top card neither goes home nor anywhere else (no free cell, no column)."""
    return next((p for p in ("t%d" % i for i in range(1, 11))
                 if game.cards(p) and game.tap(p) is None and game.double_tap(p) is None), None)


def tap_at(player, box):
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    player.page.touchscreen.tap(x, y) if player.device.startswith("phone") else player.page.mouse.click(x, y)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_with_nowhere_to_go_says_why(player, lang):
    """On a Hard deal (its one cell taken), a tap on a top card that can go nowhere shakes
    and says why: the card its foundation needs first, no column, no free cell."""
    s = Strings(lang)
    game = find_deal(1, lambda g: nowhere(g) is not None)
    place = nowhere(game)
    card = game.cards(place)[-1]
    player.open(game.code, query="?lang=%s" % lang)
    before = player.places()
    player.tap(card)
    need = game.why_nowhere(place).params["need"]
    said = s("refuse.nowhere", card=s.short(card), need=s.short(need))
    player.page.wait_for_function(TOAST_SAYS, arg=said)
    assert before == player.places()


def test_a_tap_on_a_covered_card_says_what_a_double_tap_does(phone):
    """A tap on a card under the top of a run says that a tap sends only a top card home,
    and that a double tap there moves the cards from it together."""
    game = find_deal(4, lambda g: any(len(c) > 1 and g.lift("t%d" % (i + 1)) > 1
                                      for i, c in enumerate(g.position.cols)))
    place = next(p for p in ("t%d" % i for i in range(1, 11)) if game.lift(p) > 1)
    head = game.cards(place)[-2]
    phone.open(game.code)
    phone.tap(head)
    said = "A tap sends only a top card home: double-tap %s to move the 2 cards from it together" % (
        Strings("en").short(head))
    phone.page.wait_for_function(TOAST_SAYS, arg=said)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hint_on_a_run_says_how_many_cards_move(player, lang):
    """Hint on a run: the outline, and words naming the run's head, the cards on it and
    where they go ("Move 7♥ and the 2 cards on it to column 7")."""
    s = Strings(lang)
    seed(player, RUN_CODE, RUN_MOVES)
    player.open(query="?lang=%s" % lang)
    page = player.page
    page.wait_for_selector(SOLVER_READY, state="attached", timeout=60000)
    press(page, "hint")
    page.wait_for_function(HINTED, timeout=30000)
    move = Move.parse(page.evaluate("document.body.dataset.hint"))
    assert move.n > 1, "the solver's next move from here is a run"
    head = game_of(RUN_CODE, RUN_MOVES).cards(move.source)[-move.n]
    said = s("solver.hintRun", card=s.short(head), count=move.n - 1, to=s.place(move.target))
    assert said == player.toast().inner_text()
    outlined = page.evaluate("Array.from(document.querySelectorAll('.card.hint-run'), el => el.dataset.card)")
    assert game_of(RUN_CODE, RUN_MOVES).cards(move.source)[-move.n:] == outlined
    player.screenshot("hint-run-%s" % lang)


@needs_fcsolve
@pytest.mark.parametrize("lang", LANGUAGES)
def test_near_the_end_hint_points_to_finish(player, lang):
    """Once foundation moves alone win, Hint outlines Finish and says so, instead of
    naming the next of the last foundation moves; Finish then wins."""
    s = Strings(lang)
    game, played = near_the_end()
    player.open(game.code, query="?lang=%s" % lang)
    replay(player, played)
    page = player.page
    press(page, "hint")
    finish = page.get_by_test_id("finish")
    page.wait_for_function("document.querySelector('[data-testid=finish]').classList.contains('hint-to')")
    assert s("solver.hintFinish", finish=s("finish.button")) == player.toast().inner_text()
    tap_at(player, finish.bounding_box())
    page.get_by_test_id("win").wait_for(state="visible")


def the_dialog(page):
    """The win dialog's lines a player reads, in order (the hidden ones left out)."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('#win-dialog p'))
        .filter(p => !p.hidden && p.textContent).map(p => p.textContent)""")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_win_is_seen_then_said_once(player, lang):
    """The last card home: the cards fly with no dialog over them; the dialog comes by
    itself a moment later, over the show still going on. It says the score, moves and
    time once, what par is and the moves against it, and nothing of help."""
    s = Strings(lang)
    code = "SH1-C4-AAAAAJ2"
    line = solve(Game.from_code(code).position).moves
    par = len(par_line(code).moves)
    player.open(code, query="?lang=%s" % lang)
    page = player.page
    page.wait_for_selector(SOLVER_READY, state="attached", timeout=60000)
    replay(player, line[:-1])
    page.wait_for_function("performance.getEntriesByName('par-found').length > 0", timeout=60000)
    last = Move.parse(line[-1])
    player.tap(game_of(code, line[:-1]).cards(last.source)[-1])
    page.wait_for_function("document.querySelectorAll('.card.flown').length >= 4")
    assert not page.locator("#win-dialog").is_visible()
    player.screenshot("win-show-%s" % lang)
    page.get_by_test_id("win").wait_for(state="visible", timeout=10000)
    assert page.locator("[data-testid=win-cascade]").count()
    lines = the_dialog(page)
    moves = len(line)
    shown = {name: page.get_by_test_id(name).inner_text() for name in ("score", "time")}
    assert s("win.summary", score=shown["score"], count=moves, time=shown["time"]) == lines[0]
    key = "win.parOn" if moves == par else "win.parOver" if moves > par else "win.parUnder"
    assert s(key, count=abs(moves - par), par=par) == lines[1]
    assert 2 == len(lines), lines
    player.screenshot("win-%s" % lang)


def test_a_win_before_the_solver_is_up_still_says_par(desktop):
    """The last card home while the solver's worker is still loading (its script held):
    once it answers, during the show before the dialog comes, par is asked for and said."""
    code = "SH1-C4-AAAAAJ2"
    line = solve(Game.from_code(code).position).moves
    par = len(par_line(code).moves)
    page = desktop.page
    held = []
    page.route("**/static/build/worker.py", lambda route: held.append(route))
    desktop.open(code)
    replay(desktop, line[:-1])
    last = Move.parse(line[-1])
    desktop.tap(game_of(code, line[:-1]).cards(last.source)[-1])
    page.wait_for_function("document.querySelectorAll('.card.flown').length >= 1")
    assert held and not page.locator("#win-dialog").is_visible()
    for route in held:
        route.continue_()
    page.unroute("**/static/build/worker.py")
    page.get_by_test_id("win").wait_for(state="visible", timeout=10000)
    key = "win.parOn" if len(line) == par else "win.parOver" if len(line) > par else "win.parUnder"
    said = Strings("en")(key, count=abs(len(line) - par), par=par)
    page.wait_for_function("t => document.querySelector('#win-par').textContent === t", arg=said, timeout=60000)


def test_a_win_with_help_says_so(desktop):
    """Show me plays the last moves: the win dialog says the game was won with help,
    naming Hint and Show me as the page does."""
    code = "SH1-C4-AAAAAJ2"
    line = solve(Game.from_code(code).position).moves
    desktop.context.add_init_script(
        "localStorage.setItem('seahaven.settings', JSON.stringify({v: 1, animations: false}));")
    desktop.open(code)
    page = desktop.page
    page.wait_for_selector(SOLVER_READY, state="attached", timeout=60000)
    replay(desktop, line[:-6])
    press(page, "show-me")
    page.get_by_test_id("win").wait_for(state="visible", timeout=30000)
    help_line = page.get_by_test_id("win-help")
    assert help_line.is_visible()
    assert "Won with help: Hint or Show me showed the way, so this game counts apart from your wins." == (
        help_line.inner_text())
