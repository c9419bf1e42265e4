"""Copy the runtime files the page loads from node_modules/ into static/vendor/,
then write the service worker (sw.js, tools/sw.py) that precaches the site.

PyScript, MicroPython and Pyodide are installed from the npm registry at the
exact versions of package-lock.json; the site serves them itself (no CDN).
"""

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"

# (package folder, destination folder, files or None for "the whole folder")
COPIES = [
    ("@pyscript/core/dist", "pyscript", None),
    ("@micropython/micropython-webassembly-pyscript", "micropython", ["micropython.mjs", "micropython.wasm"]),
    (
        "pyodide",
        "pyodide",
        ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"],
    ),
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


def main():
    total = copy_all()
    print("build: static/vendor/ ready (%.1f MB)" % (total / 1e6))
    import sw  # tools/sw.py: the service worker precaches the files as built

    sw.main([])


if __name__ == "__main__":
    main()
