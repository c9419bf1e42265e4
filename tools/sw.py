"""Write the service worker, sw.js at the site root, from tools/sw-template.js.

The worker precaches every file the game needs. Each file is listed with a
revision (a hash of its content), and the version of the worker is a hash of
that whole list, so any change to any file makes a new worker with its own
cache; files whose revision did not change are copied from the previous cache
instead of being downloaded again. `make build` runs this after copying the
vendor files; `python3 tools/sw.py --root DIR` writes DIR/sw.js for a copy of
the site.
"""

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path

import manifest

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "sw-template.js"

# What the game needs offline, as globs relative to the site root.
PRECACHE = [
    "index.html",
    "pyscript.json",
    "manifest.webmanifest",
    "static/**/*",  # styles, scripts, strings, icons, examples, and all tools/build.py put in static/vendor/
    "web/solver_worker.py",
    "web/solver.toml",
    "help/**/*",
]  # and the Python an interpreter loads as source (site.toml; the solver's worker)
# Files the page cannot work without: a build missing one of them is refused.
REQUIRED = [
    "index.html",
    "pyscript.json",
    "manifest.webmanifest",
    "static/vendor/micropython/micropython.mjs",
    "static/vendor/micropython/micropython.wasm",
    "static/vendor/pyscript/core.js",
    "static/build/page.js",
]
SKIP_SUFFIXES = (".map", ".d.ts", ".pyc")


def revision(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def precache_list(root=ROOT):
    """Sorted ``[(url relative to the root, revision)]`` of every file to precache."""
    root = Path(root)
    sources = manifest.load().sources_served
    missing = [name for name in REQUIRED + sources if not (root / name).is_file()]
    if missing:
        raise SystemExit("sw: missing %s (run `make build`)" % ", ".join(missing))
    found = set(sources)
    for pattern in PRECACHE:
        for path in root.glob(pattern):
            rel = path.relative_to(root)
            if not path.is_file() or path.name.endswith(SKIP_SUFFIXES):
                continue
            if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
                continue
            found.add(rel.as_posix())
    return [(name, revision(root / name)) for name in sorted(found)]


def version_of(entries):
    text = "\n".join("%s %s" % entry for entry in entries)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def render(entries):
    body = ",\n".join("  " + json.dumps(list(entry)) for entry in entries)
    source = TEMPLATE.read_text(encoding="utf-8")
    return source.replace('"__VERSION__"', json.dumps(version_of(entries))).replace(
        "[] /* __PRECACHE__ */", "[\n%s,\n]" % body
    )


def write(root=ROOT):
    """Write ``root/sw.js``; returns (entries, version)."""
    root = Path(root)
    entries = precache_list(root)
    tmp = root / "sw.js.tmp"
    tmp.write_text(render(entries), encoding="utf-8")
    os.replace(tmp, root / "sw.js")  # a server never hands out half a file
    return entries, version_of(entries)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the site's folder (default: the repository)")
    args = parser.parse_args(argv)
    entries, version = write(args.root)
    size = sum((args.root / name).stat().st_size for name, _ in entries)
    print("sw: sw.js precaches %d files (%.1f MB), version %s" % (len(entries), size / 1e6, version))


if __name__ == "__main__":
    sys.exit(main())
