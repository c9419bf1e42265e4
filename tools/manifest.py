"""The site's facts from site.toml, the one place they are declared: the
languages, the help pages, the page's security policy and PyScript settings,
and the Python each interpreter loads. tools/build.py generates files from
them; the tests read them here instead of keeping copies.
"""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "site.toml"

# Where the build puts each interpreter, module and WebAssembly (tools/build.py
# copies them from node_modules).
INTERPRETERS = {
    "micropython": ("static/vendor/micropython/micropython.mjs", "static/vendor/micropython/micropython.wasm"),
    "pyodide": ("static/vendor/pyodide/pyodide.mjs", "static/vendor/pyodide/pyodide.asm.wasm"),
}
# Where the build puts the modules it precompiles for MicroPython.
MPY = "static/vendor/mpy"


class Runtime:
    """One interpreter and the modules it loads (a section of site.toml)."""

    __slots__ = ("name", "interpreter", "modules")

    def __init__(self, name, interpreter, modules):
        if interpreter not in INTERPRETERS:
            raise SystemExit("site.toml [%s]: interpreter %r is none of %s" % (name, interpreter, sorted(INTERPRETERS)))
        self.name, self.interpreter, self.modules = name, interpreter, list(modules)

    @property
    def precompiled(self):
        """MicroPython loads bytecode the build compiles; Pyodide loads the source."""
        return self.interpreter == "micropython"

    @property
    def interpreter_path(self):
        return INTERPRETERS[self.interpreter][0]

    @property
    def interpreter_wasm(self):
        return INTERPRETERS[self.interpreter][1]

    def files(self):
        """``[(file served by the site, path in the interpreter's file system)]``, both from the site root.

        A module under web/ is top-level in the interpreter; any other keeps its path.
        """
        out = []
        for module in self.modules:
            target = module.removeprefix("web/")
            if self.precompiled:
                target = target.removesuffix(".py") + ".mpy"
                out.append(("%s/%s" % (MPY, target), target))
            else:
                out.append((module, target))
        return out


class Manifest:
    """site.toml, read and checked: a module that does not exist is refused here."""

    def __init__(self, data, root=ROOT):
        self.languages = dict(data["languages"])  # code → the language's own name, the default first
        self.help_pages = list(data["help"]["pages"])
        self.csp = "; ".join(data["page"]["csp"])
        self.plugins_off = list(data["page"]["plugins_off"])
        self.pyscript_chunks = list(data["page"]["pyscript_chunks"])
        self.main = Runtime("main", data["main"]["interpreter"], data["main"]["modules"])
        self.worker = Runtime("worker", data["worker"]["interpreter"], data["worker"]["modules"])
        self.portable = list(data["portable"]["modules"])
        missing = [m for m in self.main.modules + self.worker.modules + self.portable if not (Path(root) / m).is_file()]
        if missing:
            raise SystemExit("site.toml names modules that do not exist: %s" % ", ".join(missing))

    @property
    def language_codes(self):
        return list(self.languages)

    @property
    def micropython_modules(self):
        """Every module that must run under MicroPython: what a MicroPython interpreter loads, and [portable]."""
        loaded = [m for runtime in (self.main, self.worker) if runtime.precompiled for m in runtime.modules]
        return sorted(set(loaded + self.portable))

    @property
    def sources_served(self):
        """The Python sources the site serves for an interpreter that loads source (precached offline)."""
        return sorted({m for runtime in (self.main, self.worker) if not runtime.precompiled for m in runtime.modules})


def load(path=MANIFEST):
    with open(path, "rb") as f:
        return Manifest(tomllib.load(f), Path(path).parent)
