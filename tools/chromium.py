"""Which Chromium the tests and benchmarks drive, and with which switches.

Debian's Chromium when installed (Playwright cannot download its own here),
else Playwright's own browser. The switches keep a headless run quiet on a
machine without a network beyond localhost.
"""

import os
import shutil

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def executable():
    """Path of the system Chromium (SEAHAVEN_CHROMIUM overrides), or None for Playwright's own."""
    if os.environ.get("SEAHAVEN_CHROMIUM"):
        return os.environ["SEAHAVEN_CHROMIUM"]
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None
