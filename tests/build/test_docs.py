"""The documentation tells the truth about the repository: the README's two
commands are the Makefile's, its address is the one `make play` serves, every
link and every path the docs and site.toml name exists, and nothing claims a
runtime the build no longer has."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
# Every document: the README, docs/ (decisions too) and the benchmarks' README.
DOCS = ["README.md", "bench/README.md"] + sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").rglob("*.md"))
# What describes the build as it is (docs/decisions/ and bench/ keep the history of a decision).
CURRENT = ["README.md", "docs/design.md", "docs/engine.md", "docs/site.md", "index.html", "pyscript.toml", "site.toml",
           "Makefile", "seahaven", "web", "static/js", "static/css", "tools", "pages"]
GONE = ["Pyodide", "pyodide", "solver.toml"]


def read(name):
    return (ROOT / name).read_text(encoding="utf-8")


def test_the_readme_gives_the_two_commands_the_makefile_has():
    """"make play" and "make test" are the README's commands and Makefile targets; the
    address it says to open is the one make play serves, and it says how to stop."""
    readme = read("README.md")
    block = readme.split("## Two commands", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    assert ["make play", "make test"] == re.findall(r"^(make \w+)", block, re.M)
    targets = re.findall(r"^(\w+):", read("Makefile"), re.M)
    assert {"play", "test"} <= set(targets)
    port = re.search(r"^PORT \?= (\d+)$", read("Makefile"), re.M)[1]
    assert "http://127.0.0.1:%s" % port in readme
    assert "Ctrl+C" in readme


@pytest.mark.parametrize("name", DOCS)
def test_every_link_resolves(name):
    """Each relative link of a document leads to a file or folder of the repository."""
    text = read(name)
    links = [link for link in re.findall(r"\]\(([^)#\s]+)", text) if "://" not in link]
    missing = [link for link in links if not (ROOT / name).parent.joinpath(link).exists()]
    assert [] == missing


# A path a document names in backquotes: a folder of the repository, then more.
PATH = re.compile(r"`((?:seahaven|web|static|tools|tests|bench|pages|docs|help)/[\w./-]*)`")


@pytest.mark.parametrize("name", DOCS + ["site.toml", "pyscript.toml"])
def test_every_path_named_exists(name):
    """Paths named in the docs and in the comments of site.toml and pyscript.toml exist (the
    build's outputs in _site/, once built)."""
    text = read(name)
    if name.endswith(".toml"):
        text = "\n".join("`%s`" % word for line in text.splitlines() if line.lstrip().startswith("#")
                         for word in re.findall(r"[\w./-]+", line) if "/" in word)
    missing = [path for path in PATH.findall(text)
               if not any((folder / path.rstrip(".")).exists() for folder in (ROOT, ROOT / "_site"))]
    assert [] == missing


# A path of the repository anywhere in a text: a folder of the repository, then more.
ANY_PATH = re.compile(r"(?<![\w/.-])((?:seahaven|web|static|tools|tests|bench|pages|docs)/[\w./-]*\w)")


def current_files():
    for name in CURRENT:
        path = ROOT / name
        yield from [path] if path.is_file() else [
            p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts]


def test_every_path_the_sources_name_exists():
    """The code, its comments and the configurations name only files that exist (in _site/ for
    what the build writes); a module's place in an interpreter's image (.mpy) is no file here."""
    missing = []
    for file in current_files():
        text = file.read_text(encoding="utf-8", errors="replace")
        missing += ["%s: %s" % (file.relative_to(ROOT), path) for path in ANY_PATH.findall(text)
                    if not path.endswith(".mpy") and not any((f / path).exists() for f in (ROOT, ROOT / "_site"))]
    assert [] == missing


def test_no_text_claims_a_runtime_the_build_no_longer_has():
    """The solver left Pyodide for MicroPython (docs/decisions/solver-in-micropython.md):
    nothing that describes the build as it is names it, nor its worker configuration."""
    found = []
    for file in current_files():
        text = file.read_text(encoding="utf-8", errors="replace")
        found += ["%s: %s" % (file.relative_to(ROOT), word) for word in GONE if word in text]
    assert [] == found


def test_the_readme_is_short():
    """About 150 lines for a newcomer; the rest is in docs/."""
    assert len(read("README.md").splitlines()) <= 170
