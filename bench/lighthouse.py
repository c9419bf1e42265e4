"""Lighthouse (npm, the version of package-lock.json) on the published site, as a phone sees it.

    python3 bench/lighthouse.py [--runs 2] [--floor]

Run after `make build`. _site/ is served as GitHub Pages serves it
(tools/serve.py: gzip, ``Cache-Control: max-age=600``) on localhost, and
Lighthouse audits a first visit with its default mobile settings (a
mid-range phone's screen, CPU ×4, a slow 4G link simulated), each run in a
fresh profile of Debian's Chromium (CHROME_PATH, else tools/chromium.py's).
Prints each run's category scores and metrics, the long tasks Lighthouse
saw, and the reports' paths. The targets: performance ≥ 98, CLS ≤ 0.01,
accessibility, best practices and SEO 100, in every run. ``--floor`` audits
PyScript's own floor as well (bench/hello_floor/, as bench/startup.py serves
it): the performance no page that starts MicroPython in its main thread
scores above.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "bench")]
import chromium  # noqa: E402
from counting import serve  # noqa: E402
from startup import HELLO, SITE, hello_page  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
METRICS = ["first-contentful-paint", "largest-contentful-paint", "speed-index", "total-blocking-time",
           "cumulative-layout-shift", "interactive"]
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking"


def audit(url, out):
    """One Lighthouse run on ``url``; its JSON report (also written to ``out``)."""
    env = dict(os.environ, CHROME_PATH=os.environ.get("CHROME_PATH") or chromium.executable() or "/usr/bin/chromium")
    subprocess.run([str(LIGHTHOUSE), url, "--quiet", "--output=json", "--output-path=%s" % out,
                    "--only-categories=%s" % ",".join(CATEGORIES), "--chrome-flags=%s" % CHROME_FLAGS],
                   check=True, env=env)
    return json.loads(Path(out).read_text(encoding="utf-8"))


def floor_site(root):
    """The hello page (PyScript + MicroPython saying ready), with the site's runtime."""
    (root / "static").symlink_to(SITE / "static")
    shutil.copy(HELLO / "ready.py", root / "ready.py")
    (root / "index.html").write_text(hello_page(), encoding="utf-8")


def report_runs(name, base, runs, folder):
    for run in range(runs):
        out = folder / ("%s-%d.json" % (name, run + 1))
        report = audit(base, out)
        scores = {name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES}
        metrics = {name: report["audits"][name]["displayValue"] for name in METRICS}
        print("%s, run %d: %s" % (name, run + 1, "  ".join("%s %d" % item for item in scores.items())))
        print("       %s" % "  ".join("%s %s" % (name, value) for name, value in metrics.items()))
        tasks = report["audits"]["long-tasks"]["details"]["items"]
        named = ["%.0f ms (%s)" % (t["duration"], t["url"].rsplit("/", 1)[-1] or "page") for t in tasks[:6]]
        print("       long tasks: %s" % ", ".join(named))
        shifts = report["audits"]["cumulative-layout-shift"]["numericValue"]
        print("       CLS %.4f; report: %s" % (shifts, out))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--floor", action="store_true", help="audit PyScript's floor page too")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("bench: node_modules/.bin/lighthouse is missing: npm ci (make deps)")
    folder = Path(tempfile.mkdtemp(prefix="lighthouse-"))
    sites = [("game", SITE)]
    if args.floor:
        (folder / "floor").mkdir()
        floor_site(folder / "floor")
        sites.append(("floor", folder / "floor"))
    for name, root in sites:
        server, base = serve(root)
        try:
            report_runs(name, base, args.runs, folder)
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
