"""Copy the built site into a folder of its own (default: _site/), as GitHub
Pages publishes it: the repository root without node_modules/, the tests, the
development tools and dot-folders. Run `make build` first (it makes
static/vendor/ and sw.js).

    python3 tools/make_site.py            # → _site/
    python3 tools/make_site.py --out DIR  # → DIR/ (emptied first)
"""

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Top-level entries that are not part of the site (pages/ and site.toml are the sources of generated files).
EXCLUDE_TOP = {"node_modules", "tests", "tools", "bench", "test-results", "_site", "pages", "site.toml"}
# Names never published, wherever they are.
EXCLUDE_ANY = {"__pycache__"}


def published(parts):
    """Whether the file or folder at ``parts`` (its path in the repository, as
    names) is part of the site: the one rule for what is copied here and what
    the local server (tools/serve.py) answers."""
    return bool(parts) and parts[0] not in EXCLUDE_TOP and not any(
        name.startswith(".") or name in EXCLUDE_ANY or name.endswith(".pyc") for name in parts
    )


def ignorer(root):
    def ignore(folder, names):
        inside = Path(folder).resolve().relative_to(root).parts
        return [name for name in names if not published(inside + (name,))]

    return ignore


def copy_site(out, root=ROOT):
    """Copy the site from ``root`` into ``out`` (replaced if it exists); returns ``out``."""
    out, root = Path(out), Path(root).resolve()
    for needed in ("sw.js", "static/vendor/micropython/micropython.mjs"):
        if not (root / needed).is_file():
            raise SystemExit("site: %s is missing: run `make build` first" % needed)
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(root, out, ignore=ignorer(root))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site")
    args = parser.parse_args(argv)
    out = copy_site(args.out.resolve())
    files = [p for p in out.rglob("*") if p.is_file()]
    print("site: %d files (%.1f MB) in %s" % (len(files), sum(p.stat().st_size for p in files) / 1e6, out))


if __name__ == "__main__":
    sys.exit(main())
