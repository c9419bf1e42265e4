"""What crosses both bridges between the page and Python: a request read by
its declared arguments, and the one envelope of every answer.

The controller (web/controller.py ``INTENTS``, on the page's thread) and the
solver's worker (web/solver_worker.py ``REQUESTS``) each declare their
requests as a table of ``Request``; both answer through ``answer_text``, so a
request arrives and an answer leaves the same way on either side: the
request's name and its arguments as one JSON object in, ``{ok: true, …}`` or
``{ok: false, error: {key, params, message}}`` as JSON out, every field
camelCase. Nothing that comes through makes it raise. Pure Python: both
interpreters import it (pyscript.toml [files], site.toml [worker]); the build
reads the tables to write the page's typed APIs (tools/generate.py).
"""

import json

from seahaven.errors import SeahavenError, quote

REQUIRED = object()
# An argument's type: what Python accepts, and its JSDoc type for the page's generated API.
TYPES = {
    "str": ((str,), "string"),
    "int": ((int,), "number"),
    "float": ((int, float), "number"),
    "bool": ((bool,), "boolean"),
    "str?": ((str, type(None)), "string | null"),
    "int?": ((int, type(None)), "number | null"),
    "str[]": ((list,), "string[]"),
}


def camel(name):
    """``double_tap`` → ``doubleTap``: a field's name as the wire spells it (and a request's, as the page's API)."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def camel_keys(fields):
    """``fields`` with its keys camelCase: an engine's dict (Python's snake_case) as it goes on the wire."""
    return {camel(key) if "_" in key else key: value for key, value in fields.items()}


def refused(key, params, message, **extra):
    """The one shape of a refusal: ``{ok: false, error: {key, params, message}}``, plus ``extra`` fields."""
    out = {"ok": False, "error": {"key": key, "params": params, "message": message}}
    out.update(extra)
    return out


def refusal_of(exc, **extra):
    """A SeahavenError as a refusal: its key, params and English message."""
    return refused(exc.key, exc.params, str(exc), **extra)


def accepted(fields):
    """An answer that did what was asked: ``fields`` with ``ok: true``."""
    fields["ok"] = True
    return fields


class Arg:
    """One argument of a request: its name, type (a key of TYPES) and default (REQUIRED: none)."""

    __slots__ = ("name", "type", "default")

    def __init__(self, name, kind, default=REQUIRED):
        self.name, self.type, self.default = name, kind, default

    def accepts(self, value):
        if not isinstance(value, TYPES[self.type][0]):
            return False
        if self.type == "str[]":
            return all(isinstance(item, str) for item in value)
        return self.type == "bool" or not isinstance(value, bool)


class Request:
    """A request the page may make: the function that answers it, its
    arguments in the function's order, and the kind of answer (a type of
    web/protocol.py)."""

    __slots__ = ("name", "function", "args", "answer")

    def __init__(self, name, function, args, answer):
        self.name, self.function, self.args, self.answer = name, function, args, answer

    def read(self, args):
        """The function's arguments from the request's dict, in order; a refusal
        (``bad-request``) for anything missing, unknown or of the wrong type."""
        if args is None:
            args = {}
        if not isinstance(args, dict):
            return self.bad("arguments", "the arguments of %s are not an object" % self.name)
        values = []
        for arg in self.args:
            value = args.get(arg.name, arg.default)
            if value is REQUIRED:
                return self.bad(arg.name, "%s needs %s" % (self.name, arg.name))
            if not arg.accepts(value):
                return self.bad(arg.name, "%s: %s is not of type %s (%s)"
                                % (self.name, arg.name, arg.type, quote(value, 20)))
            values.append(value)
        if len(args) > len([a for a in self.args if a.name in args]):
            extra = sorted(str(k) for k in args if k not in [a.name for a in self.args])
            return self.bad(extra[0], "%s takes no argument %s" % (self.name, quote(extra[0], 20)))
        return values

    def bad(self, argument, message):
        return refused("bad-request", {"intent": self.name, "argument": quote(argument, 20)}, message)


def table(requests):
    """``{name: Request}`` of a list of requests."""
    return {request.name: request for request in requests}


def handled(requests, name, args, call):
    """The answer to one request: ``name`` a key of ``requests``, ``args`` a
    dict of its arguments (None for none); ``call(request, values)`` runs it.
    Anything else, and every refusal of the engine, is answered as a refusal."""
    request = requests.get(name) if isinstance(name, str) else None
    if request is None:
        return refused("unknown-intent", {"intent": quote(name)}, "'%s' is no intent" % quote(name))
    values = request.read(args)
    if not isinstance(values, list):
        return values  # the refusal of a request that does not read
    try:
        return call(request, values)
    except SeahavenError as exc:
        return refusal_of(exc)


def answer_text(handle, name, payload, failed, warn):
    """``handle(name, args)``'s answer as JSON, ``payload`` its arguments as
    JSON text: a payload that is not JSON is refused like any bad request, and
    an error of Python's own is said through ``warn`` and refused with the key
    ``failed``, so the page keeps what it has either way."""
    intent = str(name)[:20]
    try:
        args = json.loads(payload) if isinstance(payload, str) and payload else None
    except ValueError:
        return json.dumps(refused("bad-request", {"intent": intent, "argument": "arguments"},
                                  "the arguments are not JSON"))
    try:
        return json.dumps(handle(name, args))
    except Exception as exc:  # a bug: said on the console, refused to the page
        warn("seahaven: %s (%s): %r" % (failed, intent, exc))
        return json.dumps(refused(failed, {"intent": intent}, str(exc)))
