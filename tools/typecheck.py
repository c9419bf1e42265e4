"""TypeScript's strict check of the page's JavaScript, file by file (`make lint`).

tsc is strict over a whole program or not at all, and the page's modules all
import one another, so one strict program holds every file. This runs it
(tsconfig.json with --strict) and refuses an error in any file but those
WAITING: every other file, a new one included, is strict. A file WAITING
that has come out clean must leave the list, so it only shrinks; once it is
empty, tsconfig.json is strict itself and this goes. `make lint` also runs
tsconfig.json as it is, which checks the files WAITING the lenient way, and
tsconfig.sw.json, the service worker's own strict program.
"""

import re
import subprocess
import sys

from manifest import ROOT

# Files tsc --strict still reports errors in: the page object and its
# commands, input, review, deals, the solver's client and the start-up, which
# were being restructured while the rest was made strict.
WAITING = {
    "static/js/board/keyboard.js",
    "static/js/create-page.js",
    "static/js/review/review.js",
    "static/js/saving/saving.js",
    "static/js/solver/assist.js",
    "static/js/solver/solver.js",
}
ERROR = re.compile(r"^(?P<file>[^\s(][^(]*)\(\d+,\d+\): error TS\d+:", re.M)


def errors_by_file(output):
    """{file: the lines of tsc's ``output`` that report an error in it}."""
    found = {}
    for line in output.splitlines():
        match = ERROR.match(line)
        if match:
            found.setdefault(match["file"], []).append(line)
    return found


def verdict(found, waiting=WAITING):
    """What is wrong with the strict check's errors ``found`` (errors_by_file): lines to print, or none."""
    lines = [line for name, errors in sorted(found.items()) if name not in waiting for line in errors]
    lines += ["%s: no error under --strict any more: take it out of tools/typecheck.py WAITING" % name
              for name in sorted(waiting - set(found))]
    return lines


def main():
    tsc = ROOT / "node_modules" / ".bin" / "tsc"
    run = subprocess.run([str(tsc), "-p", "tsconfig.json", "--strict", "--pretty", "false"], cwd=ROOT,
                         capture_output=True, text=True)
    found = errors_by_file(run.stdout)
    if run.returncode and not found:  # tsc failed for another reason than a type error
        sys.exit(run.stdout + run.stderr)
    problems = verdict(found)
    print("\n".join(problems) if problems else "typecheck: strict but for %d files waiting (%d errors there)"
          % (len(WAITING), sum(len(errors) for errors in found.values())))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
