"""The local server (`make play`, tools/serve.py) answers only what the site
publishes: the game and its files, never the repository's .git, tests or tools
(the suite's ``site`` fixture is that server)."""

import socket
import time
import urllib.error
import urllib.request


def status(url):
    try:
        with urllib.request.urlopen(url) as reply:
            return reply.status
    except urllib.error.HTTPError as err:
        return err.code


def test_the_site_is_served(site):
    for path in ["", "index.html", "static/js/entries/page.js", "web/main.py", "seahaven/game.py",
                 "manifest.webmanifest"]:
        assert 200 == status(site + path), path


def test_what_is_not_the_site_is_not(site):
    for path in [".git", ".gitignore", "tests/conftest.py", "tools/serve.py", "pages/index.html", "site.toml",
                 "node_modules/axe-core/axe.min.js", "%2Egit", "static/%2e%2e/tests/conftest.py",
                 "seahaven/__pycache__/", "bench/engine.py"]:
        assert 404 == status(site + path), path


def test_a_dropped_connection_is_not_an_error(site, capfd):
    """A browser leaving a page drops the files still loading: the server says nothing of it."""
    host, port = site.split("//")[1].rstrip("/").split(":")
    for _ in range(5):
        with socket.create_connection((host, int(port))) as conn:
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            conn.sendall(b"GET /static/vendor/micropython/micropython.wasm HTTP/1.1\r\nHost: x\r\n\r\n")
            conn.recv(1)  # the reply has begun; closing now resets the connection mid-file
    time.sleep(0.5)
    assert 200 == status(site)
    assert "Traceback" not in capfd.readouterr().err
