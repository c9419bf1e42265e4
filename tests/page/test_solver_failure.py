"""A solver that cannot start is said humanly: the player reads why in their
words, never a file's URL or an HTTP status (those go to the console)."""

import re


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
