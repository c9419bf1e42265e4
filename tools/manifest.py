"""The site's facts, each read from the one place it is declared:
pyscript.toml (PyScript's configuration of the page: its interpreter, plugins
and the Python the main thread loads), site.toml (what only the build needs:
the help pages, the keys listed, the security policy, the modules the solver's
worker loads beside the page's engine) and static/js/settings/languages.js
(the languages, which the page's JavaScript imports as they are). tools/build.py generates the site from them;
the tests read them here instead of keeping copies.
"""

import json
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "site.toml"
PYSCRIPT_CONFIG = ROOT / "pyscript.toml"
LANGUAGES = ROOT / "static" / "js" / "settings" / "languages.js"
# Where `make build` writes everything it generates: the published site, and
# nothing else (tools/build.py).
SITE = ROOT / "_site"
# What the build writes for the bundler and the type checker only (tools/generate.py
# render_modules; package.json "imports" maps #build/… here): never published.
MODULES = ROOT / "build"

# Where the build puts the interpreter and its WebAssembly (tools/build.py copies
# them from node_modules).
INTERPRETERS = {
    "micropython": ("static/vendor/micropython/micropython.mjs", "static/vendor/micropython/micropython.wasm"),
}
# Where the build puts the modules it precompiles for MicroPython.
MPY = "static/vendor/mpy"


class Runtime:
    """One interpreter and the modules it loads (pyscript.toml's [files] for the
    page; the page's engine and site.toml's [worker] for the solver's worker), each
    precompiled to .mpy by the build and packed into one ROMFS image (tools/romfs.py) that the
    interpreter mounts at ``/<name>``."""

    __slots__ = ("name", "interpreter", "targets", "run")

    def __init__(self, name, interpreter, modules, run=None):
        """``modules``: a list of paths in this repository (each where target_of puts it), or
        ``{path: where the interpreter imports it from}``."""
        if interpreter not in INTERPRETERS:
            raise SystemExit("%s: interpreter %r is none of %s" % (name, interpreter, sorted(INTERPRETERS)))
        targets = modules if isinstance(modules, dict) else {module: target_of(module) for module in modules}
        if run is not None and run not in targets:
            raise SystemExit("site.toml [%s]: run = %r is not one of its modules" % (name, run))
        self.name, self.interpreter, self.targets, self.run = name, interpreter, dict(targets), run

    @property
    def modules(self):
        return list(self.targets)

    @property
    def interpreter_path(self):
        return INTERPRETERS[self.interpreter][0]

    @property
    def interpreter_wasm(self):
        return INTERPRETERS[self.interpreter][1]

    @property
    def run_module(self):
        """The module name of ``run`` in the interpreter: web/solver_worker.py is ``solver_worker``."""
        return self.targets[self.run].removesuffix(".mpy").replace("/", ".")

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
        return {target: module for module, target in self.targets.items()}


def target_of(module):
    """Where a module's .mpy goes in the interpreter: a module under web/ is
    top-level, any other keeps its path."""
    return module.removeprefix("web/").removesuffix(".py") + ".mpy"


def interpreter_named(path, where):
    """The interpreter (a key of INTERPRETERS) whose module is at ``path`` ("./static/vendor/…")."""
    for name, (module, _) in INTERPRETERS.items():
        if "./" + module == path:
            return name
    raise SystemExit("%s: interpreter %r is none of %s" % (where, path, ["./" + m for m, _ in INTERPRETERS.values()]))


def main_runtime(config):
    """The page's MicroPython as pyscript.toml declares it: each module of [files]
    (``"./web/main.py" = "./main.py"``) imported from where it is written."""
    modules = {}
    for source, target in config["files"].items():
        if not (source.startswith("./") and source.endswith(".py") and target.startswith("./")
                and target.endswith(".py")):
            raise SystemExit("pyscript.toml [files]: %r = %r is not a Python module of this repository mapped "
                             "to its place in the interpreter (\"./path.py\" = \"./path.py\")" % (source, target))
        modules[source[2:]] = target[2:].removesuffix(".py") + ".mpy"
    return Runtime("main", interpreter_named(config["interpreter"], "pyscript.toml"), modules)


def worker_runtime(worker, main):
    """The solver's worker as site.toml [worker] declares it: the engine the page loads
    (the modules of pyscript.toml's [files] under its ``engine`` folder), then its own ``modules``."""
    engine = [module for module in main.modules if module.startswith(worker["engine"])]
    if not engine:
        raise SystemExit("site.toml [worker]: engine = %r names no module of pyscript.toml [files]" % worker["engine"])
    twice = sorted(set(engine) & set(worker["modules"]))
    if twice:
        raise SystemExit("site.toml [worker]: %s come with the engine of pyscript.toml [files]; list each once"
                         % ", ".join(twice))
    return Runtime("worker", worker["interpreter"], engine + list(worker["modules"]), worker["run"])


def plugins_off(config):
    """The PyScript plugins pyscript.toml turns off (``"!name"``)."""
    names = [name[1:] for name in config["plugins"] if name.startswith("!")]
    if len(names) != len(config["plugins"]):
        raise SystemExit("pyscript.toml: plugins only turns plugins off (\"!name\"): %r" % config["plugins"])
    return names


# static/js/settings/languages.js: ``export const LANGUAGE_NAMES = {…};``, the object written as JSON.
LANGUAGES_DECLARATION = re.compile(r"^export const LANGUAGE_NAMES = (\{.*?\});$", re.M | re.S)


def read_languages(path=LANGUAGES):
    """``{code: the language's own name}``, the default first, as languages.js declares them."""
    found = LANGUAGES_DECLARATION.search(Path(path).read_text(encoding="utf-8"))
    if not found:
        raise SystemExit("%s: no `export const LANGUAGE_NAMES = {…};` written as JSON" % path)
    return json.loads(found[1])


class Manifest:
    """site.toml and pyscript.toml, read and checked: a module that does not exist is refused here."""

    def __init__(self, data, root=ROOT, config=None, languages=None):
        if config is None:
            with open(Path(root) / PYSCRIPT_CONFIG.name, "rb") as f:
                config = tomllib.load(f)
        self.config = config
        self.languages = dict(languages or read_languages(Path(root) / LANGUAGES.relative_to(ROOT)))
        self.help_pages = list(data["help"]["pages"])
        self.keys = list(data["keys"]["listed"])
        self.csp = "; ".join(data["page"]["csp"])
        self.plugins_off = plugins_off(config)
        self.pyscript_chunks = list(data["page"]["pyscript_chunks"])
        self.main = main_runtime(config)
        self.worker = worker_runtime(data["worker"], self.main)
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
        """Every module either interpreter loads, each compiled once by the build (then packed)."""
        return sorted(set(self.main.modules + self.worker.modules))


def load(path=MANIFEST):
    with open(path, "rb") as f:
        return Manifest(tomllib.load(f), Path(path).parent)
