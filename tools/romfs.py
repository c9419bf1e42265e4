"""Pack files into one MicroPython ROMFS image, which ``vfs.VfsRom`` mounts.

An interpreter loads its precompiled modules from one image instead of one file
each: PyScript fetches and writes one file, and MicroPython imports each module
from memory. From its file system (Emscripten's, in JavaScript), MicroPython
reads a module a few bytes per call, and importing the main thread's modules
was a visible part of a first visit; with the image, the board is playable and
the solver ready sooner (bench/README.md has the paired visits).

The format is MicroPython's (extmod/vfs_rom.c): a header, then records, each a
kind, a length and a payload, numbers as big-endian base-128 with the top bit
set on every byte but the last. A file's payload is its name and one record of
its bytes; a directory's is its name and its entries' records.
"""

HEADER = b"\xd2\xcd\x31"  # the record kind that marks a ROMFS image
DATA = 2  # a file's bytes, in place
DIRECTORY = 4
FILE = 5


def number(value):
    """``value`` as ROMFS writes numbers: seven bits a byte, most significant first."""
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.append(0x80 | (value & 0x7F))
        value >>= 7
    return bytes(reversed(out))


def record(kind, payload):
    return number(kind) + number(len(payload)) + payload


def named(name, body):
    encoded = name.encode("ascii")
    return number(len(encoded)) + encoded + body


def entries(tree):
    """The records of one directory: ``tree`` maps a name to bytes (a file) or to a tree."""
    out = b""
    for name in sorted(tree):
        value = tree[name]
        if isinstance(value, dict):
            out += record(DIRECTORY, named(name, entries(value)))
        else:
            out += record(FILE, named(name, record(DATA, bytes(value))))
    return out


def image(files):
    """The image of ``files``, ``{"seahaven/game.mpy": bytes}`` (paths with ``/``)."""
    tree = {}
    for path, data in files.items():
        *folders, name = path.split("/")
        node = tree
        for folder in folders:
            node = node.setdefault(folder, {})
        node[name] = data
    body = entries(tree)
    length = number(len(body))
    if (len(HEADER) + len(length) + len(body)) % 2:
        length = b"\x80" + length  # a leading zero digit: the image's length stays even
    return HEADER + length + body
