"""The site's facts from site.toml, the one place they are declared: the
languages, the help pages, the page's security policy and PyScript settings,
and the Python each interpreter loads. tools/build.py generates files from
them; the tests read them here instead of keeping copies.
"""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "site.toml"

# Where the build puts the interpreter and its WebAssembly (tools/build.py copies
# them from node_modules).
INTERPRETERS = {
    "micropython": ("static/vendor/micropython/micropython.mjs", "static/vendor/micropython/micropython.wasm"),
}
# Where the build puts the modules it precompiles for MicroPython.
MPY = "static/vendor/mpy"


class Runtime:
    """One interpreter and the modules it loads (a section of site.toml), each
    precompiled to .mpy by the build and packed into one ROMFS image
    (tools/romfs.py) that the interpreter mounts at ``/<name>``."""

    __slots__ = ("name", "interpreter", "modules", "run")

    def __init__(self, name, interpreter, modules, run=None):
        if interpreter not in INTERPRETERS:
            raise SystemExit("site.toml [%s]: interpreter %r is none of %s" % (name, interpreter, sorted(INTERPRETERS)))
        if run is not None and run not in modules:
            raise SystemExit("site.toml [%s]: run = %r is not one of its modules" % (name, run))
        self.name, self.interpreter, self.modules, self.run = name, interpreter, list(modules), run

    @property
    def interpreter_path(self):
        return INTERPRETERS[self.interpreter][0]

    @property
    def interpreter_wasm(self):
        return INTERPRETERS[self.interpreter][1]

    @property
    def run_module(self):
        """The module name of ``run`` in the interpreter: web/solver_worker.py is ``solver_worker``."""
        return target_of(self.run).removesuffix(".mpy").replace("/", ".")

    @property
    def image(self):
        """Its modules' image as the site serves it, and as PyScript writes it in the interpreter's file system."""
        return "%s/%s.romfs" % (MPY, self.name), "%s.romfs" % self.name

    @property
    def mount(self):
        """Where the interpreter mounts the image (first on its import path)."""
        return "/" + self.name

    def files(self):
        """``[(file served by the site, path in the interpreter's file system)]``, both from the site root."""
        return [self.image]

    def packed(self):
        """``{path in the image: module}``: each module, precompiled, where the interpreter imports it from."""
        return {target_of(module): module for module in self.modules}


def target_of(module):
    """Where a module's .mpy goes in the interpreter: a module under web/ is
    top-level, any other keeps its path."""
    return module.removeprefix("web/").removesuffix(".py") + ".mpy"


class Manifest:
    """site.toml, read and checked: a module that does not exist is refused here."""

    def __init__(self, data, root=ROOT):
        self.languages = dict(data["languages"])  # code → the language's own name, the default first
        self.help_pages = list(data["help"]["pages"])
        self.keys = list(data["keys"]["listed"])
        self.csp = "; ".join(data["page"]["csp"])
        self.plugins_off = list(data["page"]["plugins_off"])
        self.pyscript_chunks = list(data["page"]["pyscript_chunks"])
        self.main = Runtime("main", data["main"]["interpreter"], data["main"]["modules"])
        worker = data["worker"]
        self.worker = Runtime("worker", worker["interpreter"], worker["modules"], worker["run"])
        self.portable = list(data["portable"]["modules"])
        missing = [m for m in self.main.modules + self.worker.modules + self.portable if not (Path(root) / m).is_file()]
        if missing:
            raise SystemExit("site.toml names modules that do not exist: %s" % ", ".join(missing))

    @property
    def language_codes(self):
        return list(self.languages)

    @property
    def micropython_modules(self):
        """Every module that must run under MicroPython: what either interpreter loads, and [portable]."""
        return sorted(set(self.main.modules + self.worker.modules + self.portable))

    @property
    def compiled(self):
        """``{module: its .mpy}``: every module either interpreter loads, compiled once (then packed)."""
        return {module: "%s/%s" % (MPY, target_of(module)) for module in self.main.modules + self.worker.modules}


def load(path=MANIFEST):
    with open(path, "rb") as f:
        return Manifest(tomllib.load(f), Path(path).parent)
