"""Serve the site (the repository root) on localhost, as GitHub Pages would:
only what it publishes (tools/make_site.py), never .git, the tests or the tools."""

import argparse
import functools
import http.server
import os
import posixpath
import sys
import urllib.parse
from pathlib import Path

from make_site import published

ROOT = Path(__file__).resolve().parent.parent


class Handler(http.server.SimpleHTTPRequestHandler):
    # Like GitHub Pages: connections kept open between requests, and files
    # fresh for ten minutes (a reload then asks nothing of the server; the
    # service worker decides what is new, by content hash).
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # with kept-open connections, small replies would wait ~40 ms for an ACK
    CACHE_CONTROL = "max-age=600"

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".toml": "text/plain",
        ".py": "text/plain",
    }

    def send_head(self):
        path = posixpath.normpath(urllib.parse.unquote(self.path.split("?", 1)[0].split("#", 1)[0]))
        parts = tuple(part for part in path.split("/") if part)
        if parts and not published(parts):
            self.send_error(404, "Not part of the site")
            return None
        return super().send_head()

    def end_headers(self):
        self.send_header("Cache-Control", self.CACHE_CONTROL)
        super().end_headers()

    def log_message(self, fmt, *args):
        if os.environ.get("SEAHAVEN_SERVE_LOG"):
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A browser that leaves a page drops the connections still loading its
        files: normal, and no traceback. Any other error is reported as usual."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(port=8000, root=ROOT, host="127.0.0.1"):
    handler = functools.partial(Handler, directory=str(root))
    return Server((host, port), handler)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    args = parser.parse_args()
    server = make_server(args.port)
    print("Seahaven Towers: http://127.0.0.1:%d/  (Ctrl+C to stop)" % args.port, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
