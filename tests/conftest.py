"""Shared fixtures: the built site served on a free localhost port, and the
browser: Debian's Chromium when present, else Playwright's own."""

import threading
from pathlib import Path

import chromium
import pytest

ROOT = Path(__file__).resolve().parent.parent

# Helpers whose asserts check the board: pytest shows what differed, as in a test module.
pytest.register_assert_rewrite("tests.offline.moves", "tests.page.player")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = dict(browser_type_launch_args)
    args["args"] = list(args.get("args", [])) + chromium.ARGS
    exe = chromium.executable()
    if exe:
        args["executable_path"] = exe
    return args


@pytest.fixture(scope="session")
def site():
    """Base URL of the built site (_site/) served as GitHub Pages serves it."""
    from manifest import SITE
    from serve import make_server

    if not (SITE / "static" / "vendor" / "micropython" / "micropython.mjs").exists():
        pytest.fail("_site/ is missing: run `make build` first (make test does)")
    server = make_server(0, SITE)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()
    server.server_close()
