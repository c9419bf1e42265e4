"""The site `make build` writes (_site/) is the include list and nothing else,
and the local server (`make play`, tools/serve.py; the suite's ``site``
fixture) serves it as GitHub Pages does: files fresh for ten minutes, text
and WebAssembly compressed with gzip."""

import gzip
import socket
import time
import urllib.error
import urllib.request

import sw
from manifest import SITE


def fetch(url, headers=None):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {})) as reply:
            return reply.status, dict(reply.headers), reply.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), b""


def test_the_site_is_the_include_list():
    """What the build publishes is what the service worker precaches, and sw.js: nothing else
    (no sources, no tools, no build intermediates), and every file of that list is there."""
    published = sorted(path.relative_to(SITE).as_posix() for path in SITE.rglob("*") if path.is_file())
    assert sw.published(SITE) == published
    assert not any(name.endswith((".map", ".mpy", ".toml")) or name.startswith(("seahaven/", "web/", "static/js/"))
                   for name in published)


def test_the_site_is_served(site):
    for path in ["", "index.html", "pyscript.json", "static/build/page.js", "static/vendor/mpy/main.romfs",
                 "manifest.webmanifest", "sw.js", "help/en/rules.html"]:
        assert 200 == fetch(site + path)[0], path


def test_what_is_not_the_site_is_not(site):
    for path in [".git", ".gitignore", "tests/conftest.py", "tools/serve.py", "pages/help/layout.html", "site.toml",
                 "pyscript.toml", "node_modules/axe-core/axe.min.js", "%2Egit", "static/%2e%2e/tests/conftest.py",
                 "seahaven/game.py", "web/main.py", "static/js/entries/page.js", "bench/engine.py", "../README.md",
                 "build/worker.js", "build/engine-api.js", "%2Egitignore"]:
        assert 404 == fetch(site + path)[0], path


def test_served_as_github_pages_serves_it(site):
    """Fresh for ten minutes; gzip when asked for (text and wasm), the file as it is otherwise."""
    plain = (SITE / "static/build/page.js").read_bytes()
    status, headers, body = fetch(site + "static/build/page.js", {"Accept-Encoding": "gzip, deflate"})
    assert (200, "gzip", "max-age=600") == (status, headers.get("Content-Encoding"), headers.get("Cache-Control"))
    assert plain == gzip.decompress(body) and len(body) < len(plain) / 2
    status, headers, body = fetch(site + "static/build/page.js")
    assert (200, None, plain) == (status, headers.get("Content-Encoding"), body)
    assert "gzip" == fetch(site + "static/vendor/micropython/micropython.wasm", {"Accept-Encoding": "gzip"})[1].get(
        "Content-Encoding")
    assert None is fetch(site + "static/icons/icon-192.png", {"Accept-Encoding": "gzip"})[1].get("Content-Encoding")
    page = (SITE / "index.html").read_bytes()  # a folder's page too, the game's first of all
    status, headers, body = fetch(site, {"Accept-Encoding": "gzip"})
    assert (200, "gzip", page) == (status, headers.get("Content-Encoding"), gzip.decompress(body))


def test_a_dropped_connection_is_not_an_error(site, capfd):
    """A browser leaving a page drops the files still loading: the server says nothing of it."""
    host, port = site.split("//")[1].rstrip("/").split(":")
    for _ in range(5):
        with socket.create_connection((host, int(port))) as conn:
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            conn.sendall(b"GET /static/vendor/micropython/micropython.wasm HTTP/1.1\r\nHost: x\r\n\r\n")
            conn.recv(1)  # the reply has begun; closing now resets the connection mid-file
    time.sleep(0.5)
    assert 200 == fetch(site)[0]
    assert "Traceback" not in capfd.readouterr().err
