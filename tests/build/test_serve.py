"""The local server (`make play`, tools/serve.py) answers only what the site
publishes: the game and its files, never the repository's .git, tests or tools
(the suite's ``site`` fixture is that server)."""

import urllib.error
import urllib.request


def status(url):
    try:
        with urllib.request.urlopen(url) as reply:
            return reply.status
    except urllib.error.HTTPError as err:
        return err.code


def test_the_site_is_served(site):
    for path in ["", "index.html", "static/js/page.js", "web/main.py", "seahaven/game.py", "manifest.webmanifest"]:
        assert 200 == status(site + path), path


def test_what_is_not_the_site_is_not(site):
    for path in [".git", ".gitignore", "tests/conftest.py", "tools/serve.py", "pages/index.html", "site.toml",
                 "node_modules/axe-core/axe.min.js", "%2Egit", "static/%2e%2e/tests/conftest.py",
                 "seahaven/__pycache__/", "bench/engine.py"]:
        assert 404 == status(site + path), path
