"""Serve the site (_site/, as `make build` writes it) on localhost as GitHub
Pages serves it: files fresh for ten minutes, compressed with gzip when the
browser accepts it, connections kept open."""

import argparse
import functools
import gzip
import http.server
import io
import os
import sys
import threading
import urllib.parse

from manifest import SITE

# What GitHub Pages compresses: text, and WebAssembly. Images are compressed already.
COMPRESSED = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".py", ".toml", ".wasm", ".txt"}


class Handler(http.server.SimpleHTTPRequestHandler):
    # Like GitHub Pages: connections kept open between requests, and files
    # fresh for ten minutes (a reload then asks nothing of the server; the
    # service worker decides what is new, by content hash).
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # with kept-open connections, small replies would wait ~40 ms for an ACK
    CACHE_CONTROL = "max-age=600"
    GZIP = True

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".toml": "text/plain",
        ".py": "text/plain",
    }

    _compressed = {}  # (path, size, mtime) → gzip bytes, shared by every request
    _lock = threading.Lock()

    def send_head(self):
        """The file as SimpleHTTPRequestHandler sends it, or its gzip when the browser accepts it;
        never a dot-file or dot-folder (.git and the like are not the site)."""
        if any(part.startswith(".") for part in urllib.parse.unquote(self.path.split("?", 1)[0]).split("/")):
            self.send_error(404, "Not part of the site")
            return None
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")  # a folder's page, compressed as the page it is
        if not (self.GZIP and "gzip" in self.headers.get("Accept-Encoding", "") and os.path.isfile(path)
                and os.path.splitext(path)[1] in COMPRESSED):
            return super().send_head()
        stat = os.stat(path)
        key = (path, stat.st_size, stat.st_mtime_ns)
        with self._lock:
            body = self._compressed.get(key)
        if body is None:
            with open(path, "rb") as f:
                body = gzip.compress(f.read(), compresslevel=6, mtime=0)
            with self._lock:
                self._compressed[key] = body
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.end_headers()
        return io.BytesIO(body)

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


def make_server(port=8000, root=SITE, host="127.0.0.1"):
    if not (root / "index.html").is_file():
        raise SystemExit("serve: %s has no index.html: run `make build` first" % root)
    handler = functools.partial(Handler, directory=str(root))
    return Server((host, port), handler)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    args = parser.parse_args()
    server = make_server(args.port)
    # The port it got (--port 0: any free one), for whoever started it.
    print("Seahaven Towers: http://127.0.0.1:%d/  (Ctrl+C to stop)" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
