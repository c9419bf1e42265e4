"""What every subcommand of ``python -m seahaven`` is made of.

A subcommand is a ``Command``: a name, a one-line summary, a function that
adds its arguments to an ``argparse`` parser, and the function that runs it
with the parsed arguments. The modules that define commands (``main.py``,
``solver.py``, …) import this one; ``main.py`` lists them all and runs
them. Refusals are ``UsageError`` (or the engine's SeahavenError): one line
on stderr and exit status 2.
"""

import argparse
import sys

from ..errors import quote
from ..position import MAX_TEXT


class UsageError(Exception):
    """The command line asked for something impossible (a message for the person typing)."""


class Command:
    """One subcommand: ``arguments(parser)`` adds its arguments, ``run(args)`` does the work."""

    def __init__(self, name, summary, arguments, run):
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.run = run


class Parser(argparse.ArgumentParser):
    """argparse, with its refusals raised as UsageError (one line, with the usage)
    instead of printing several lines and exiting."""

    def error(self, message):
        usage = " ".join(self.format_usage().replace("[-h] ", "").split())
        raise UsageError("%s (%s)" % (message, usage))


def read_text(source):
    """The text of file ``source``, or of standard input for ``-``.

    At most MAX_TEXT bytes are read: a position text has a few hundred, so
    anything longer (``/dev/zero``, a stray large file) is refused at once
    instead of being read to its end. UTF-8 only.
    """
    name = "standard input" if source == "-" else quote(source, 200)
    try:
        if source == "-":
            stream = getattr(sys.stdin, "buffer", None)
            data = stream.read(MAX_TEXT + 1) if stream is not None else sys.stdin.read(MAX_TEXT + 1).encode()
        else:
            with open(source, "rb") as f:
                data = f.read(MAX_TEXT + 1)
    except OSError as exc:
        raise UsageError("cannot read %s: %s" % (name, exc.strerror or exc)) from None
    if len(data) > MAX_TEXT:
        raise UsageError(
            "cannot read %s: it is longer than %d bytes, and a position text has a few hundred" % (name, MAX_TEXT)
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError("cannot read %s: it is not UTF-8 text (%s)" % (name, exc.reason)) from None


def number(kind, low, high=None):
    """An argparse ``type``: a number of ``kind`` (int or float) from ``low`` to ``high``."""

    def convert(text):
        try:
            value = kind(text) if len(text) <= 20 else None  # int() of thousands of digits is refused anyway
        except ValueError:
            value = None
        if value is None or value != value or value < low or (high is not None and value > high):
            limit = "at least %s" % low if high is None else "from %s to %s" % (low, high)
            raise argparse.ArgumentTypeError("must be a number %s, not %s" % (limit, quote(text, 20)))
        return value

    return convert
