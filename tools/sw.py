"""Write the service worker, sw.js at the site's root (_site/), from static/js/service-worker/sw.js.

What it precaches is the site's include list: `make build` publishes those
files and sw.js, and nothing else (tools/build.py removes anything else it
made on the way). The worker precaches the files the game needs, and only those: the page and
all it loads (PyScript's chunks that start it, MicroPython, the image of each
interpreter's precompiled modules, the solver worker's script, strings, styles,
icons) and the help pages with theirs. Each file is listed with a revision (a
hash of its content), and the version of the worker is a hash of that whole
list (the two written before the worker's source, as PRECACHE and VERSION),
so any change to any file makes a new worker with its own cache; files
whose revision did not change are copied from the previous cache instead of
being downloaded again. `make build` runs this last; `python3 tools/sw.py
--root DIR` writes DIR/sw.js for a copy of the site.
"""

import argparse
import hashlib
import json
import os
import re
import sys
from pathlib import Path

import generate
import manifest
from manifest import ROOT, SITE

SOURCE = ROOT / "static" / "js" / "service-worker" / "sw.js"

# Files of the repository the site serves as they are (globs relative to its
# root); the build copies them into the site, with the stylesheets the help
# pages link (HELP_LOADS).
SOURCES = [
    "manifest.webmanifest",
    "static/i18n/*.json",
    "static/icons/*",
    "static/examples/*.json",
]
# What the game and its help need offline, as globs relative to the site root;
# with them PyScript's start-up chunks, the interpreter, the precompiled modules
# (pyscript.toml, site.toml), and the stylesheets and scripts the help pages load.
PRECACHE = SOURCES + [
    "index.html",
    generate.CONFIG,
    generate.bundle_of(generate.BUNDLE_ENTRY),
    generate.WORKER_SCRIPT,
    "help/**/*.html",
]
# Files the page cannot work without: a build missing one of them is refused.
REQUIRED = [
    "index.html",
    generate.CONFIG,
    "manifest.webmanifest",
    generate.bundle_of(generate.BUNDLE_ENTRY),
    generate.WORKER_SCRIPT,
]
HELP_LOADS = re.compile(r'<script type="module" src="([^"]+)"|<link rel="stylesheet" href="([^"]+)"')
JS_IMPORT = re.compile(r'(?:\bfrom|^import)\s*"(\.{1,2}/[^"]+)"', re.M)


def site_files(site, root):
    """What site.toml says the page loads: PyScript and its start-up chunks, the
    interpreter, and the image of each interpreter's precompiled modules."""
    names = ["%s/core.js" % generate.PYSCRIPT]
    names += [generate.pyscript_chunk(name, root) for name in site.pyscript_chunks]
    names += [site.main.interpreter_path, site.main.interpreter_wasm]
    return names + sorted(served for runtime in (site.main, site.worker) for served, _ in runtime.files())


def help_loads(root):
    """The stylesheets and scripts the help pages of the site at ``root`` load (paths from its root)."""
    return imported(root, list(Path(root).glob("help/**/*.html")))


def imported(root, pages):
    """The stylesheets and modules the help pages load, modules followed through their imports."""
    found = [(page, "".join(src)) for page in pages for src in HELP_LOADS.findall(page.read_text("utf-8"))]
    todo = [(page.parent / src).resolve() for page, src in found]
    seen = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        if path.suffix == ".js":
            todo += [(path.parent / name).resolve() for name in JS_IMPORT.findall(path.read_text("utf-8"))]
    return [path.relative_to(root.resolve()).as_posix() for path in seen]


def revision(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def precache_list(root=SITE):
    """Sorted ``[(url relative to the root, revision)]`` of every file to precache."""
    root = Path(root)
    found = set(site_files(manifest.load(), root))
    for pattern in PRECACHE:
        found.update(path.relative_to(root).as_posix() for path in root.glob(pattern) if path.is_file())
    found.update(imported(root, [root / name for name in found if name.startswith("help/")]))
    missing = [name for name in REQUIRED + sorted(found) if not (root / name).is_file()]
    if missing:
        raise SystemExit("sw: missing %s (run `make build`)" % ", ".join(missing))
    return [(name, revision(root / name)) for name in sorted(found)]


def version_of(entries):
    text = "\n".join("%s %s" % entry for entry in entries)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def render(entries):
    """sw.js: the worker's source after the constants it takes from the build
    (static/js/service-worker/build.d.ts declares them)."""
    body = ",\n".join("  " + json.dumps(list(entry)) for entry in entries)
    constants = "const VERSION = %s;\nconst PRECACHE = [\n%s,\n];\n" % (json.dumps(version_of(entries)), body)
    return constants + SOURCE.read_text(encoding="utf-8")


def published(root=SITE):
    """Every file the site publishes: what sw.js precaches, and sw.js."""
    return sorted([name for name, _ in precache_list(root)] + ["sw.js"])


def write(root=SITE):
    """Write ``root/sw.js``; returns (entries, version)."""
    root = Path(root)
    entries = precache_list(root)
    tmp = root / "sw.js.tmp"
    tmp.write_text(render(entries), encoding="utf-8")
    os.replace(tmp, root / "sw.js")  # a server never hands out half a file
    return entries, version_of(entries)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=SITE, help="the site's folder (default: _site/)")
    args = parser.parse_args(argv)
    entries, version = write(args.root)
    size = sum((args.root / name).stat().st_size for name, _ in entries)
    print("sw: sw.js precaches %d files (%.1f MB), version %s" % (len(entries), size / 1e6, version))


if __name__ == "__main__":
    sys.exit(main())
