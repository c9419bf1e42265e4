"""The type check `make lint` runs: every script the site runs in a player's
browser is in a TypeScript program, strict unless it waits in
tools/typecheck.py, whose list only shrinks."""

import subprocess

import pytest
import typecheck
from manifest import ROOT

TSC = ROOT / "node_modules" / ".bin" / "tsc"
PROGRAMS = ["tsconfig.json", "tsconfig.sw.json"]


def checked_files(config):
    run = subprocess.run([str(TSC), "-p", config, "--listFilesOnly"], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    return {line for line in run.stdout.splitlines() if line.startswith(str(ROOT))}


@pytest.mark.skipif(not TSC.exists(), reason="node_modules is not installed (npm ci)")
def test_every_script_of_the_page_is_in_one_program():
    """Each of static/js/'s scripts is checked, by one program: the service worker's
    (a worker's scope, no DOM) or the page's."""
    scripts = {str(path) for path in (ROOT / "static" / "js").rglob("*.js")}
    programs = {config: checked_files(config) & scripts for config in PROGRAMS}
    assert scripts == set.union(*programs.values())
    assert not set.intersection(*programs.values())
    assert str(ROOT / "static" / "js" / "service-worker" / "sw.js") in programs["tsconfig.sw.json"]


def test_an_error_outside_the_files_waiting_fails_the_check():
    found = typecheck.errors_by_file(
        "static/js/a.js(3,7): error TS7006: Parameter 'x' implicitly has an 'any' type.\n"
        "static/js/b.js(1,1): error TS2339: Property 'y' does not exist on type 'Element'.\n"
        "  a continuation line\n")
    assert ["static/js/a.js", "static/js/b.js"] == sorted(found)
    assert [] == typecheck.verdict(found, waiting={"static/js/a.js", "static/js/b.js"})
    assert found["static/js/a.js"] == typecheck.verdict(found, waiting={"static/js/b.js"})


def test_a_file_waiting_with_no_error_must_leave_the_list():
    found = typecheck.errors_by_file("static/js/a.js(3,7): error TS7006: Parameter 'x' implicitly has an 'any' type.")
    (problem,) = typecheck.verdict(found, waiting={"static/js/a.js", "static/js/c.js"})
    assert problem.startswith("static/js/c.js: no error under --strict any more")


def test_the_files_waiting_exist():
    """A file renamed or deleted leaves the list too: a name there that is no file would never come out."""
    assert [] == [name for name in sorted(typecheck.WAITING) if not (ROOT / name).is_file()]
