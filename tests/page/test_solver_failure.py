"""A solver that cannot start is said humanly: the player reads why in their
words, never a file's URL or an HTTP status (those go to the console); it
recovers by itself once its files come back, and a worker that stops is
replaced within a second and asked again."""

import re
import time

from seahaven import Game

from .player import KEEP_WORKERS, TERMINATE


def test_a_solver_that_cannot_start_says_so_without_urls(desktop):
    page = desktop.page
    page.route("**/static/build/worker.py", lambda route: route.fulfill(status=404, body="Not found"))
    desktop.open("SH1-C4-AAAAAJ2")
    page.wait_for_function("document.body.dataset.solver === 'failed'", timeout=20000)
    page.get_by_test_id("hint").click()
    said = desktop.toast().inner_text()
    assert "The solver could not start." == said
    assert not re.search(r"https?:|\.py|404|HTTP", said)
    desktop.errors.clear()  # the browser reports the file that failed


def test_a_search_that_fails_is_said_and_the_game_goes_on(desktop):
    """The worker stops in the middle of a Hint (it crashed or was replaced):
    the player reads that the solver stopped, nothing is thrown, the board plays."""
    page = desktop.page
    desktop.open("SH1-C4-AAAAAJ2")
    page.wait_for_function("document.body.dataset.solver === 'ready'", timeout=30000)
    page.evaluate("""() => {
        window.seahaven.page.api.solver.solve = () => Promise.reject(new Error('the worker stopped'));
    }""")
    page.get_by_test_id("hint").click()
    page.wait_for_function("document.querySelector('#toast').textContent.includes('stopped')")
    assert "The solver stopped before it could answer. Try again." == desktop.toast().inner_text()
    assert [] == desktop.errors


def test_a_solver_whose_files_come_back_starts_by_itself(desktop):
    """The solver's files cannot be fetched (offline, a server hiccup): the
    solver is said to be unavailable; once they can be fetched again it starts
    by itself, without a reload, and gives a hint."""
    page = desktop.page
    fail = lambda route: route.fulfill(status=503, body="Unavailable")  # noqa: E731
    page.route("**/static/vendor/mpy/worker.romfs", fail)
    desktop.open("SH1-C4-AAAAAJ2")
    page.wait_for_function("document.body.dataset.solver === 'failed'", timeout=20000)
    page.unroute("**/static/vendor/mpy/worker.romfs", fail)
    began = time.monotonic()
    page.wait_for_function("document.body.dataset.solver === 'ready'", timeout=30000)
    print("solver ready %.1f s after its files came back" % (time.monotonic() - began))
    page.get_by_test_id("hint").click()
    page.wait_for_function("document.body.dataset.hint", timeout=20000)
    desktop.errors.clear()  # the browser reports the file that failed


def test_a_worker_terminated_mid_question_is_replaced_and_asked_again(desktop):
    """The solver's worker terminated through its handle just as a move asks
    whether the deal is still winnable: within a second the page has noticed
    and started another, which answers (the mark never hangs on "…"), and
    Hint then gives a hint."""
    page = desktop.page
    page.add_init_script(KEEP_WORKERS)
    desktop.open("SH1-C4-AAAAAJ2")
    page.wait_for_function("document.body.dataset.solver === 'ready'", timeout=30000)
    game = Game.from_code("SH1-C4-AAAAAJ2")
    page.wait_for_function("document.querySelector('[data-testid=winnable]').dataset.status === 'winnable'")
    page.evaluate(TERMINATE)
    move = next(m.text for m in game.legal_moves() if m.source[0] == "t")
    page.evaluate("m => { const {api} = window.seahaven.page; api.do('play', {move: m}); }", move)
    page.wait_for_function("performance.getEntriesByName('solver-restart').length > 0", timeout=5000)
    noticed = page.evaluate("performance.getEntriesByName('solver-restart')[0].startTime - window.terminatedAt")
    print("worker's end noticed in %.0f ms" % noticed)
    assert noticed < 1000
    page.wait_for_function(
        "['winnable', 'not winnable'].includes(document.querySelector('[data-testid=winnable]').dataset.status)",
        timeout=20000,
    )
    page.get_by_test_id("hint").click()
    hinted = "document.body.dataset.hint || document.querySelector('[data-testid=lost]').open"
    page.wait_for_function(hinted, timeout=20000)
    assert "ready" == page.evaluate("document.body.dataset.solver")
