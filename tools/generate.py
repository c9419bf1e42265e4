"""Write into the site (_site/) the files generated from index.html,
pyscript.toml, site.toml, web/controller.py and pages/: the published game
page (index.html), PyScript's configuration of its MicroPython
(pyscript.json), the solver worker's script (static/build/worker.py), the help
pages (help/index.html, help/<language>/<page>.html), and for the bundler and
the type checker only (``#build/…``: build/ beside the sources, never
published) the solver worker's configuration and the page's typed engine and
solver APIs (from web/controller.py's INTENTS and web/solver_worker.py's
REQUESTS).

The game page is the repository's index.html with each reference to a source
replaced by what the build made of it (GAME_PAGE): its stylesheet and small
scripts inlined, its bundle, its Python precompiled and mounted, the preloads
and the security policy added. The help pages are Jinja templates
(pages/help/*.html); their text is one file per
language (pages/help/<language>.toml), so a fix to a page's markup is made once
in its template. The help names the game's controls in the game's own words:
a text says ``{{ ui('settings.autoHome') }}`` and the build writes that
language's string from static/i18n/, so a renamed button is renamed in the help
too; the list of keys is site.toml's [keys], which the game's Keyboard dialog
lists too. None of these outputs is kept in git: `make build` writes them.
"""

import base64
import hashlib
import html
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import jinja2
from manifest import MODULES, ROOT, SITE

PAGES = ROOT / "pages"
PYSCRIPT = "static/vendor/pyscript"
# The configuration the published page gives PyScript (pyscript.toml as JSON:
# PyScript reads it without loading its TOML parser; docs/site.md).
CONFIG = "pyscript.json"


def environment():
    """Jinja for HTML written by the project itself: no escaping, a name missing from the text is an error."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(PAGES),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def pyscript_chunk(name, root=SITE):
    """PyScript's ``<name>-<hash>.js`` in static/vendor/pyscript/: exactly one, or the build stops."""
    pattern = re.compile(r"%s-[\w-]{8}\.js" % re.escape(name))
    found = sorted(p.name for p in (root / PYSCRIPT).glob("%s-*.js" % name) if pattern.fullmatch(p.name))
    if len(found) != 1:
        raise SystemExit("build: PyScript's chunk %r is %s in %s (site.toml [page] pyscript_chunks)"
                         % (name, found or "missing", PYSCRIPT))
    return "%s/%s" % (PYSCRIPT, found[0])


def preloads(manifest, root=SITE):
    """``[(path, is_module, later)]``: what the board needs before it is playable, fetched at once.

    PyScript and its start-up chunks, pyscript.json, MicroPython and the image
    of the modules the main thread loads (so none is waited for). The image is
    ``later`` (fetched at low priority): it is read only once MicroPython has
    been compiled, so it should not hold back the scripts and the interpreter
    on a first visit.
    """
    main = manifest.main
    out = [("%s/core.js" % PYSCRIPT, True, False)]
    out += [(pyscript_chunk(name, root), True, False) for name in manifest.pyscript_chunks]
    out += [(CONFIG, False, False), (main.interpreter_path, True, False)]
    out += [(main.interpreter_wasm, False, False)]
    out += [(served, False, True) for served, _ in main.files()]
    return out


def python_start(runtime, entry):
    """The Python an interpreter runs first: mount the image of its modules
    (tools/romfs.py), read in one call, first on the import path; then ``entry``."""
    _, name = runtime.image
    return (
        "import os, sys, vfs\n"
        "image = bytearray(os.stat(%(name)s)[6])\n"
        "with open(%(name)s, \"rb\") as f:\n"
        "    f.readinto(image)\n"
        "vfs.mount(vfs.VfsRom(image), %(mount)s)\n"
        "sys.path.insert(0, %(mount)s)\n"
        "del os, sys, vfs, image, f\n"
        "%(entry)s\n" % {"name": json.dumps(name), "mount": json.dumps(runtime.mount), "entry": entry}
    )


MAIN_MODULE = "web/main.py"  # the page's Python, `main` in the interpreter
MAIN_ENTRY = "import main"


def pyscript_config(manifest):
    """pyscript.json: pyscript.toml's interpreter and plugins, and for its files the image of them all."""
    config = {
        "interpreter": "./" + manifest.main.interpreter_path,
        "plugins": ["!" + name for name in manifest.plugins_off],
        "files": {"./" + served: "./" + target for served, target in manifest.main.files()},
    }
    return json.dumps(config, indent=2, ensure_ascii=False) + "\n"


WORKER_SCRIPT = "static/build/worker.py"
# The modules the build writes for the bundler and the type checker only, by
# their names in manifest.MODULES (build/, beside the sources): package.json
# "imports" maps ``#build/…`` there. Never in the site: only the bundles carry them.
WORKER_MODULE = "worker.js"


# The worker holds a Web Lock the page names while it lives, so the page hears
# at once that it has stopped, however it stopped (static/js/solver/solver.js).
WORKER_ALIVE = """import js


def alive(name):
    js.navigator.locks.request(name, lambda lock: js.Promise.new(lambda resolve, reject: None))
    return '"holding"'


__export__ = __export__ + ["alive"]
"""


def worker_script(manifest):
    """static/build/worker.py, what PyScript runs in the solver's worker: the
    precompiled ``run`` module's exports, as the globals PyScript looks for,
    and ``alive`` (WORKER_ALIVE)."""
    name = manifest.worker.run_module
    return (
        "# Written by tools/build.py from site.toml [worker]: the script PyScript runs in the\n"
        "# solver's worker. The functions are %s, precompiled; its __export__ names them.\n"
        % manifest.worker.run
    ) + python_start(manifest.worker, "from %s import *  # noqa: F403\nfrom %s import __export__\n"
                     % (name, name)) + WORKER_ALIVE


def worker_module(manifest):
    """#build/worker.js: the worker's script, interpreter and files, as
    paths from the site root (static/js/solver/solver.js resolves them and hands
    PyScript its configuration as an object: no file to fetch)."""
    worker = manifest.worker
    config = {
        "script": WORKER_SCRIPT,
        "interpreter": worker.interpreter_path,
        "files": {served: "./" + target for served, target in worker.files()},
    }
    return (
        "// Written by tools/build.py from site.toml [worker]: the solver's web worker.\n"
        "export const WORKER = %s;\n" % json.dumps(config, indent=2)
    )


ENGINE_API = "engine-api.js"
SOLVER_API = "solver-api.js"


def protocol():
    """``(controller, solver_worker, protocol)``: both protocols as web/controller.py (INTENTS),
    web/solver_worker.py (REQUESTS) and web/protocol.py (TYPES, SOLVER_TYPES) declare them."""
    for folder in (ROOT, ROOT / "web"):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    import controller
    import protocol as types
    import solver_worker

    return controller, solver_worker, types


def jsdoc_comment(lines, indent=""):
    return "%s/**\n%s%s */\n" % (indent, "".join("%s * %s\n" % (indent, line) for line in lines), indent)


def typedefs(types):
    """Each answer type as a JSDoc typedef."""
    return "".join("/** @typedef {{%s}} %s */\n" % (", ".join("%s: %s" % field for field in fields.items()), name)
                   for name, fields in types.items())


def api_properties(requests, answer_of, extra=""):
    """``@property`` lines of an API's typedef: one function per request, its arguments as one object."""
    from wire import REQUIRED, TYPES, camel

    lines = []
    for name, request in requests.items():
        doc = " ".join((request.function.__doc__ or name).strip().split("\n\n")[0].split()).replace("``", "`")
        args = ""
        if request.args:
            required = any(arg.default is REQUIRED for arg in request.args)
            fields = ", ".join("%s%s: %s" % (arg.name, "" if arg.default is REQUIRED else "?", TYPES[arg.type][1])
                               for arg in request.args)
            args = "args%s: {%s}" % ("" if required else "?", fields)
        elif extra:
            args = "args?: {}"
        lines.append("@property {(%s) => %s} %s %s" % (", ".join(filter(None, [args, extra])),
                                                        answer_of(request.answer), camel(name), doc))
    return lines


def api_doc(name, summary, requests, answer_of, maker, extra=""):
    """The JSDoc of an API's typedef ``name`` (``summary``, one property per request) and of the
    function that makes it (``maker``: its lines, before what it returns)."""
    api = [summary, "@typedef {object} %s" % name] + api_properties(requests, answer_of, extra)
    return "\n" + jsdoc_comment(api) + "\n" + jsdoc_comment(maker + ["@returns {%s}" % name])


def api_functions(requests, ask):
    """The object of an API's functions, each ``ask``ing its request by name
    (``ask(name, takes)``: ``takes`` "required", "optional" or None, its arguments)."""
    from wire import REQUIRED, camel

    out = ["  return {\n"]
    for name, request in requests.items():
        takes = None if not request.args else (
            "required" if any(arg.default is REQUIRED for arg in request.args) else "optional")
        out.append("    %s: %s,\n" % (camel(name), ask(json.dumps(name), takes)))
    out.append("  };\n}\n")
    return "".join(out)


def engine_api_module():
    """#build/engine-api.js: the page's typed engine API, one function per
    intent of web/controller.py INTENTS (its arguments as one object, typed),
    and the types of the answers (web/protocol.py TYPES) as JSDoc typedefs,
    which the compiler checks the page's code against (tsconfig.json)."""
    controller, _, types = protocol()
    out = ["// Written by tools/build.py from web/controller.py (INTENTS) and web/protocol.py (TYPES):\n"
           "// the protocol between the page and the engine, one function per intent. Edit those, not this.\n\n",
           typedefs(types.TYPES)]
    out.append(api_doc("EngineApi", "The engine's API: one function per intent, its arguments as one object.",
                       controller.INTENTS, lambda answer: "%s | Refused" % answer, [
                           "The engine's intents over `call` (web/main.py's engine: an intent's name and its arguments",
                           "as JSON in, the answer as JSON out): each is one call across the bridge and one answer.",
                           "@param {(name: string, args: string) => string} call"]))
    out.append("export function engineApi(call) {\n")
    out.append("  /** @type {(name: string, args?: object) => any} */\n")
    out.append("  const ask = (name, args = {}) => JSON.parse(call(name, JSON.stringify(args)));\n")
    out.append(api_functions(controller.INTENTS, lambda name, args: "(args) => ask(%s, args)" % name if args
                             else "() => ask(%s)" % name))
    return "".join(out)


FACTS = "facts.js"


def facts_module():
    """#build/facts.js: the engine's facts the page needs, each from where the
    engine declares it, so no page module copies one by hand (tests/build/test_facts.py)."""
    from seahaven.cards import RANKS, SUITS
    from seahaven.game import MAX_MOVES
    from seahaven.grade import TIERS
    from seahaven.position import CELL0, CELL_COUNTS, FOUND0, LEVEL_NAMES, PLACE_NAMES
    from seahaven.rules import MOST_POINTS
    from seahaven.solver import NOT_WINNABLE, UNKNOWN, WINNABLE

    places = {"column": PLACE_NAMES[:CELL0], "cell": PLACE_NAMES[CELL0:FOUND0], "foundation": PLACE_NAMES[FOUND0:]}
    facts = [
        ("The columns, in the engine's order (seahaven/position.py PLACE_NAMES).", "COLUMNS", places["column"]),
        ("The cells, as many as the most a game has.", "CELLS", places["cell"]),
        ("The foundations, in suit order: f1 spades … f4 clubs.", "FOUNDATIONS", places["foundation"]),
        ("The cells a game may have, the default first (seahaven/position.py).", "CELL_COUNTS", list(CELL_COUNTS)),
        ("Each cell count's difficulty (design §2).", "LEVELS", dict(zip(map(str, CELL_COUNTS), LEVEL_NAMES))),
        ("The ranks, low to high (seahaven/cards.py).", "RANKS", RANKS),
        ("The suits, in the engine's order, which is the foundations' (seahaven/cards.py).", "SUITS", SUITS),
        ("The kinds of deal, easiest first (seahaven/grade.py TIERS).", "TIERS", list(TIERS)),
        ("The solver's verdicts (seahaven/solver).", "WINNABLE", WINNABLE),
        (None, "NOT_WINNABLE", NOT_WINNABLE),
        (None, "UNKNOWN", UNKNOWN),
        ("The most moves a game holds (seahaven/game.py).", "MAX_MOVES", MAX_MOVES),
        ("The most points one move scores (seahaven/rules.py).", "MOST_POINTS", MOST_POINTS),
    ]
    out = ["// Written by tools/build.py from the engine (seahaven/): the facts of the game the page\n"
           "// needs, each declared once there. Edit those, not this.\n"]
    for doc, name, value in facts:
        out.append("%sexport const %s = %s;\n" % ("\n/** %s */\n" % doc if doc else "", name,
                                                   json.dumps(value, separators=(", ", ": "))))
    kinds = ", ".join("[%s, %s]" % (json.dumps(name), json.dumps(kind)) for kind, names in places.items()
                      for name in names)
    out.append("\n/** @typedef {%s} PlaceKind */\n" % " | ".join(json.dumps(kind) for kind in places))
    out.append("/** @type {Map<string, PlaceKind>} */\nconst KINDS = new Map([%s]);\n" % kinds)
    out.append("\n" + jsdoc_comment([
        "What kind of place `name` is (\"t3\" → \"column\"), or null for no place of the game.",
        "@param {string} name",
        "@returns {PlaceKind | null}",
    ]))
    out.append("export function placeKind(name) {\n  return KINDS.get(name) ?? null;\n}\n")
    return "".join(out)


def solver_api_module():
    """#build/solver-api.js: the page's typed API of the solver's worker, one
    function per request of web/solver_worker.py REQUESTS (its arguments as one
    object, typed; each answer a Promise), the types of the answers
    (web/protocol.py SOLVER_TYPES, and those of TYPES they name, imported from
    the engine's API), and the table itself as data (SOLVER_PROTOCOL), which
    the Node tests check their stand-in worker's answers against."""
    _, solver_worker, types = protocol()
    from wire import REQUIRED

    named = set(re.findall(r"\b[A-Z]\w*", " ".join(kind for fields in types.SOLVER_TYPES.values()
                                                       for kind in fields.values()))) | {"Refused"}
    shared = sorted(name for name in named if name in types.TYPES)
    out = ["// Written by tools/build.py from web/solver_worker.py (REQUESTS) and web/protocol.py (SOLVER_TYPES):\n"
           "// the protocol between the page and the solver's worker, one function per request.\n"
           "// Edit those, not this.\n\n"]
    out += ['/** @typedef {import("./%s").%s} %s */\n' % (ENGINE_API, name, name) for name in shared]
    out.append(typedefs(types.SOLVER_TYPES))
    out.append("/** @typedef {{signal?: AbortSignal}} CallOptions A call's options: `signal` cancels it. */\n")
    out.append(api_doc(
        "SolverApi", "The solver's API: one function per request, its arguments as one object, its answer a Promise.",
        solver_worker.REQUESTS, lambda answer: "Promise<%s | Refused>" % answer, [
            "The worker's requests over `call` (the solver's queue, static/js/solver/solver.js: a request's",
            "name and its arguments in, a Promise of the answer out).",
            "@param {(name: string, args: object, options?: CallOptions) => Promise<any>} call"],
        "options?: CallOptions"))
    out.append("export function solverApi(call) {\n")
    out.append(api_functions(solver_worker.REQUESTS,
                             lambda name, takes: "(%s, options = {}) => call(%s, args, options)"
                             % ("args" if takes == "required" else "args = {}", name)))
    table = {name: {"args": {arg.name: {"type": arg.type, "required": arg.default is REQUIRED}
                             for arg in request.args}, "answer": request.answer}
             for name, request in solver_worker.REQUESTS.items()}
    out.append("\n/** The requests and the answers' fields, as data (for the tests' stand-in worker). */\n"
               "export const SOLVER_PROTOCOL = %s;\n" % json.dumps(
                   {"requests": table, "types": dict(types.TYPES, **types.SOLVER_TYPES)}))
    return "".join(out)


def ui_strings(manifest, root=ROOT):
    """``{language: {key: text}}``: the game's interface strings (static/i18n/<code>.json)."""
    return {
        code: json.loads((root / ("static/i18n/%s.json" % code)).read_text(encoding="utf-8"))
        for code in manifest.language_codes
    }


def ui_names(strings, code):
    """``ui(key)`` for a help text: the game's string ``key`` in language ``code``, as HTML."""

    def ui(key):
        if key not in strings:
            raise SystemExit("build: pages/help/%s.toml names %r, which static/i18n/%s.json lacks" % (code, key, code))
        return html.escape(strings[key], quote=False)

    return ui


def on_device(phone, wide):
    """``{{ device(phone, wide) }}`` in a help text: where a control is, said for
    the device in hand. A phone's toolbar keeps the code, Today and Review in its
    ☰ menu; a wider screen's, in the row. Both are written; help.css shows the one
    that applies (tests/i18n/test_help_truth.py holds it to the game)."""
    return '<span class="on-phone">%s</span><span class="on-wide">%s</span>' % (phone, wide)


def with_names(table, env, ui):
    """A help text's every value with the game's names it asks for (``{{ ui('key') }}``) written in,
    and its phrases for a phone and a wider screen (``{{ device(phone, wide) }}``)."""
    return {
        key: with_names(value, env, ui) if isinstance(value, dict)
        else env.from_string(value).render(ui=ui, device=on_device)
        for key, value in table.items()
    }


def help_texts(manifest, folder=PAGES / "help", strings=None):
    """Every language's help text (pages/help/<code>.toml), refused unless its keys are English's,
    with the game's names in it (``strings``: ui_strings)."""
    strings = strings or ui_strings(manifest)
    env = environment()
    texts = {}
    for code in manifest.language_codes:
        with open(Path(folder) / ("%s.toml" % code), "rb") as f:
            texts[code] = tomllib.load(f)
    default = manifest.language_codes[0]
    keys = set(flat_keys(texts[default]))
    for code, text in texts.items():
        extra, missing = set(flat_keys(text)) - keys, keys - set(flat_keys(text))
        if extra or missing:
            raise SystemExit("build: pages/help/%s.toml differs from %s.toml: missing %s, extra %s"
                             % (code, default, sorted(missing), sorted(extra)))
    return {code: with_names(text, env, ui_names(strings[code], code)) for code, text in texts.items()}


def flat_keys(table, prefix=""):
    for key, value in table.items():
        if isinstance(value, dict):
            yield from flat_keys(value, prefix + key + ".")
        else:
            yield prefix + key


def score_points():
    """The Rules page's scoring table, from the engine's own points (design §4)."""
    from seahaven.rules import CELL_POINTS, HOME_POINTS

    return {"home": HOME_POINTS, "cell": CELL_POINTS}


def group_sizes():
    """The Rules page's group-size table, from the engine's own formula.

    Rows: free cells, 0 up to the most cells a game has. Columns: onto an
    occupied column with 0, 1, 2 empty columns; a king-led run to an empty
    column with 1, 2 empty columns in all (the destination among them).
    """
    from seahaven.deal import CELL_COUNTS
    from seahaven.rules import max_group

    occupied, to_empty = [0, 1, 2], [1, 2]
    rows = [
        (free, [max_group(free, e) for e in occupied] + [max_group(free, e, True) for e in to_empty])
        for free in range(max(CELL_COUNTS) + 1)
    ]
    return {"occupied": occupied, "to_empty": to_empty, "rows": rows}


LOAD_GUARD = "static/js/entries/load-guard.js"


def load_guard(manifest, root=ROOT):
    """The game page's inline start-up guard: static/js/entries/load-guard.js after its
    strings in every language (the "load.*" keys of static/i18n/), so it speaks
    when no other file of the site arrives. Inline, "</" cannot end it early."""
    strings = {}
    for code in manifest.language_codes:
        data = json.loads((root / ("static/i18n/%s.json" % code)).read_text(encoding="utf-8"))
        strings[code] = {key: text for key, text in data.items() if key.startswith("load.")}
    text = json.dumps(strings, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return "const LOAD_STRINGS = %s;\n%s" % (text, (root / LOAD_GUARD).read_text(encoding="utf-8"))


EARLY_BOARD = "static/js/entries/early-board.js"

LATE_START = "static/js/entries/late-start.js"


def late_start(manifest, root=ROOT, site=SITE):
    """The game page's inline late start: static/js/entries/late-start.js after
    LATE_FILES, what it requests once the first frame is painted (preloads, then
    PyScript's core and the page's bundle as module scripts, in that order)."""
    files = [["modulepreload" if module else "fetch", "./" + href, later]
             for href, module, later in preloads(manifest, site)]
    files += [["module", "./%s/core.js" % PYSCRIPT, False], ["module", "./" + bundle_of(BUNDLE_ENTRY), False]]
    script = (root / LATE_START).read_text(encoding="utf-8")
    return "const LATE_FILES = %s;\n%s" % (json.dumps(files), script)


STYLES = "static/css/page.css"


def esbuild(root=ROOT):
    """The esbuild that `npm ci` installed (the build's bundler)."""
    path = root / "node_modules" / ".bin" / "esbuild"
    if not path.exists():
        sys.exit("build: esbuild is missing from node_modules (npm ci?)")
    return path


def bundled(entry, *options, root=ROOT):
    """``entry`` with what it imports as one minified text, by esbuild, safe inside
    an HTML element ("</" cannot end it early)."""
    text = subprocess.run(
        [str(esbuild(root)), entry, "--bundle", "--minify", "--log-level=warning", *options],
        cwd=root, check=True, capture_output=True, text=True,
    ).stdout
    return text.strip().replace("</", "<\\/")


def early_board(root=ROOT):
    """The game page's inline early board: static/js/entries/early-board.js with what it
    imports as one classic script, so a return visit draws the saved board
    before any other file of the site is read."""
    return bundled(EARLY_BOARD, "--format=iife", "--target=es2022", root=root)


def page_styles(root=ROOT):
    """The game page's stylesheets (static/css/page.css lists them), inlined in its
    head: the first paint then waits for no other file, and the early board can
    be drawn as soon as the parser reaches it."""
    return bundled(STYLES, root=root)


def board_start(manifest, root=ROOT, site=SITE):
    """The game page's inline script after the board's markup: the early board, then
    the late start, as one script. The late start then asks for its frame in the
    task that draws the board, and requests its files once that frame is painted.
    As two scripts, the parser painted between them on a phone (it yields after
    a long script), and the start waited a frame more. The
    late start runs even if the early board throws, as it did in a script of its own."""
    return "try {\n%s\n} finally {\n%s\n}" % (early_board(root), late_start(manifest, root, site))


def allowing_scripts(csp, *scripts):
    """The policy ``csp`` that also lets the inline ``scripts`` run (by their hashes, nothing else inline)."""
    digests = " ".join(
        "'sha256-%s'" % base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
        for script in scripts
    )
    return "; ".join(
        "%s %s" % (directive, digests) if directive.startswith("script-src ") else directive
        for directive in csp.split("; ")
    )


GAME = ROOT / "index.html"

# A first visit's first paint shows a dealt board: the views of a few Relaxed
# deals with four cells (winnable, and gentle for a first game), computed here
# by the engine itself, one of which the early board draws before Python is
# ready, as a return visit draws its saved view; the engine then opens that deal.
FIRST_DEALS = 5
FIRST_SEED = 0x5EA4A7E5  # where the deals are looked for: their codes look like any other


def first_deals(manifest, root=ROOT):
    """``{"deals": [{"code", "view"}], "ranks": {language: [13 rank letters]}}`` as JSON, safe inline."""
    for folder in (root, root / "web"):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    from controller import Controller

    from seahaven import Game
    from seahaven.deal import splitmix64
    from seahaven.grade import grade_deal

    deals, state = [], FIRST_SEED
    while len(deals) < FIRST_DEALS:
        state, out = splitmix64(state)
        number = out % (1 << 35)
        graded = grade_deal(4, number)
        if graded.tier == "relaxed":
            deals.append({"code": graded.code, "view": Controller(Game.from_number(number, 4)).state()["view"]})
    ranks = {code: [strings["rankShort.%d" % rank] for rank in range(1, 14)]
             for code, strings in ui_strings(manifest, root).items()}
    return json.dumps({"deals": deals, "ranks": ranks}, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def game_page(manifest, root=ROOT, site=SITE, csp=None, guard=None, start=None):
    """The published game page: the repository's index.html with each reference to
    a source replaced by what the build makes of it (each found exactly once, or
    the build stops naming it)."""
    guard = guard if guard is not None else load_guard(manifest, root)
    start = start if start is not None else board_start(manifest, root, site)
    csp = csp if csp is not None else allowing_scripts(manifest.csp, guard, start)
    options = "".join('\n        <option value="%s">%s</option>' % (code, html.escape(name))
                      for code, name in manifest.languages.items())
    items = "".join('\n      <li data-i18n="%s"></li>' % key for key in manifest.keys)
    plugins = json.dumps({"plugins": ["!" + name for name in manifest.plugins_off]})
    python = python_start(manifest.main, MAIN_ENTRY)
    if manifest.main.targets.get(MAIN_MODULE) != "main.mpy":
        raise SystemExit('build: pyscript.toml [files] must map "./%s" to "./main.py"' % MAIN_MODULE)
    cuts = [
        ("<!-- The game page: a PyScript app.*?-->",
         lambda m: "<!-- Written by `make build` from the repository's index.html and pyscript.toml: edit those. -->"),
        # The policy first: it covers every script after it.
        ('(<meta name="viewport"[^>]*>\n)',
         lambda m: '%s  <meta http-equiv="Content-Security-Policy" content="%s">\n' % (m[1], csp)),
        ('<script src="./%s"></script>' % LOAD_GUARD, lambda m: "<script>%s</script>" % guard),
        ('<link rel="stylesheet" href="./%s">' % STYLES, lambda m: "<style>%s</style>" % page_styles(root)),
        # PyScript and the page's script, and everything the board needs before it is
        # playable, are requested at once after the first paint (board_start), not here.
        ('  <script type="module" src="./%s/core.js"></script>\n' % PYSCRIPT, lambda m: ""),
        ('  <!-- The page.s JavaScript[^>]*-->\n  <script type="module" src="./%s"></script>\n' % BUNDLE_ENTRY,
         lambda m: ""),
        ('(<script type="application/json" id="first-deals">)[^<]*(</script>)',
         lambda m: "%s%s%s" % (m[1], first_deals(manifest, root), m[2])),
        ('<script type="module" src="./%s"></script>' % EARLY_BOARD,
         lambda m: "<script>%s</script>" % start),
        ('(<select id="language-select"[^>]*>)(</select>)', lambda m: "%s%s\n      %s" % (m[1], options, m[2])),
        ('(<ul class="keys-list">)(</ul>)', lambda m: "%s%s\n    %s" % (m[1], items, m[2])),
        ('<script type="mpy" src="./%s" config="./pyscript.toml"></script>' % MAIN_MODULE,
         lambda m: '<script type="mpy" config="./%s">\n%s</script>' % (CONFIG, python)),
        ('<py-config hidden>[^<]*</py-config>', lambda m: "<py-config hidden>%s</py-config>" % plugins),
    ]
    text = (root / GAME.name).read_text(encoding="utf-8")
    for pattern, replacement in cuts:
        text, found = re.subn(pattern, replacement, text, count=2, flags=re.S)
        if found != 1:
            raise SystemExit("build: index.html has %d of %r (tools/generate.py game_page)" % (found, pattern))
    return text


# The scripts the build bundles (static/js/entries/), each into static/build/<name>.js:
# the game page's, and the help pages' own.
BUNDLE_ENTRY = "static/js/entries/page.js"
BUNDLES = [BUNDLE_ENTRY, "static/js/entries/help-index.js", "static/js/entries/examples.js",
           "static/js/entries/help-stats.js"]


def bundle_of(entry):
    """Where the build writes the bundle of ``entry``: static/build/<its name>."""
    return "static/build/" + entry.rsplit("/", 1)[1]


def render_all(manifest, root=ROOT, site=SITE):
    """``{path in the site: text}`` of every file generated from text."""
    env = environment()
    guard = load_guard(manifest, root)
    start = board_start(manifest, root, site)
    csp = allowing_scripts(manifest.csp, guard, start)  # every page carries the game's policy
    common = {"csp": csp, "languages": manifest.languages, "pages": manifest.help_pages, "keys": manifest.keys}
    out = {
        "index.html": game_page(manifest, root, site, csp, guard, start),
        CONFIG: pyscript_config(manifest),
        WORKER_SCRIPT: worker_script(manifest),
    }
    strings = ui_strings(manifest, root)
    texts = help_texts(manifest, strings=strings)
    out["help/index.html"] = env.get_template("help/index.html").render(common, texts=texts)
    groups = group_sizes()
    points = score_points()
    for code in manifest.language_codes:
        for page in manifest.help_pages:
            template = env.get_template("help/%s.html" % page)
            out["help/%s/%s.html" % (code, page)] = template.render(
                common, lang=code, page=page, t=texts[code], text=texts[code][page], groups=groups, points=points,
                ui=ui_names(strings[code], code))
    return out


def render_modules(manifest):
    """``{name in build/: text}`` of the modules only the bundler and the type checker read."""
    return {WORKER_MODULE: worker_module(manifest), ENGINE_API: engine_api_module(), SOLVER_API: solver_api_module(),
            FACTS: facts_module()}


def write_all(manifest, root=ROOT, site=SITE, modules=MODULES):
    """Write the modules into ``modules`` and every generated file into ``site``; returns
    how many site files were written. The modules come first: the inline scripts
    bundled from the page's import the engine's API."""
    write_files(modules, render_modules(manifest))
    return write_files(site, render_all(manifest, root, site))


def write_files(folder, files):
    """Write ``{name: text}`` under ``folder``; how many."""
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return len(files)
