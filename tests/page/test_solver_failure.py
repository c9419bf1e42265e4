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
