"""The site served on a free localhost port by tools/serve.py's handler,
counting the bytes of each file it sends (not the 304s): what a visit costs."""

import functools
import io
import os
import threading

from serve import Handler, Server


class Counter:
    """Requests and bytes the server answered, per path."""

    def __init__(self):
        self.lock = threading.Lock()
        self.hits = {}

    def add(self, path, size):
        with self.lock:
            count, total = self.hits.get(path, (0, 0))
            self.hits[path] = (count + 1, total + size)

    def take(self):
        with self.lock:
            hits, self.hits = self.hits, {}
        return hits


class CountingHandler(Handler):
    counter = None

    def send_head(self):
        f = super().send_head()
        if f is not None and self.counter is not None:
            size = len(f.getbuffer()) if isinstance(f, io.BytesIO) else os.fstat(f.fileno()).st_size  # gzip
            self.counter.add(self.path.split("?")[0], size)
        return f


def serve(root, counter=None):
    """A server for ``root`` on a free port, serving in a thread; returns (server, base URL)."""
    handler = functools.partial(type("Counting", (CountingHandler,), {"counter": counter}), directory=str(root))
    server = Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d/" % server.server_address[1]
