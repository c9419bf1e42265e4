"""Serve the site (the repository root) on localhost, as GitHub Pages would."""

import argparse
import functools
import http.server
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".toml": "text/plain",
        ".py": "text/plain",
    }

    def log_message(self, fmt, *args):
        if os.environ.get("SEAHAVEN_SERVE_LOG"):
            super().log_message(fmt, *args)


def make_server(port=8000, root=ROOT, host="127.0.0.1"):
    handler = functools.partial(Handler, directory=str(root))
    return http.server.ThreadingHTTPServer((host, port), handler)


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
