"""PyScript's configuration of the page in TOML or in JSON: which starts the game sooner.

    python3 bench/config_format.py [--runs 9] [--throttle 1 4]

Run after `make build`. The published page (_site/) is served twice, as
GitHub Pages serves it: as built (``config="./pyscript.json"``) and with the
same configuration as pyscript.toml (written from the JSON, PyScript's own
TOML parser chunk copied beside its core and preloaded, as the build would
have to). Each run loads both, in turn, cold (a new profile) and warm (the
HTTP cache), at each CPU throttling rate: navigation → playable
(``page-ready``). Medians, and the median of each run's own difference.
"""

import argparse
import json
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "bench")]
from counting import serve  # noqa: E402
from startup import Browser, marks  # noqa: E402

TOML_CHUNK = re.compile(r'import\("\./(toml-[\w-]+\.js)"\)')


def toml_of(config):
    """pyscript.json's configuration as TOML (strings, a list of strings, one table of strings)."""
    lines = ["interpreter = %s" % json.dumps(config["interpreter"]),
             "plugins = [%s]" % ", ".join(json.dumps(p) for p in config["plugins"]), "", "[files]"]
    lines += ["%s = %s" % (json.dumps(k), json.dumps(v)) for k, v in config["files"].items()]
    return "\n".join(lines) + "\n"


def toml_site(out):
    """A copy of _site/ whose page reads pyscript.toml (its parser preloaded)."""
    shutil.copytree(SITE, out, ignore=shutil.ignore_patterns(".build"))
    pyscript = out / "static" / "vendor" / "pyscript"
    (core,) = pyscript.glob("core-*.js")
    (chunk,) = set(TOML_CHUNK.findall(core.read_text(encoding="utf-8")))
    shutil.copy(ROOT / "node_modules" / "@pyscript" / "core" / "dist" / chunk, pyscript / chunk)
    config = json.loads((out / "pyscript.json").read_text(encoding="utf-8"))
    (out / "pyscript.toml").write_text(toml_of(config), encoding="utf-8")
    page = (out / "index.html").read_text(encoding="utf-8")
    for old, new in [('config="./pyscript.json"', 'config="./pyscript.toml"'),
                     ('href="./pyscript.json">', 'href="./pyscript.toml">\n  <link rel="modulepreload" '
                      'href="./static/vendor/pyscript/%s">' % chunk)]:
        if page.count(old) != 1:
            raise SystemExit("bench: _site/index.html no longer has %r" % old)
        page = page.replace(old, new)
    (out / "index.html").write_text(page, encoding="utf-8")
    (out / "sw.js").unlink()  # no service worker: both pages alike, each load from the network or the HTTP cache


def load_twice(browser, url):
    """Cold, then warm (a blank page, then the game again): navigation → page-ready, both."""
    ctx, page = browser.open(service_workers="block")
    page.goto(url)
    cold = marks(page, "page-ready")["page-ready"]
    page.goto("about:blank")
    page.goto(url)
    warm = marks(page, "page-ready")["page-ready"]
    ctx.close()
    return cold, warm


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--throttle", type=float, nargs="+", default=[1, 4])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        toml_site(Path(tmp) / "site")
        servers = {"json": serve(SITE), "toml": serve(Path(tmp) / "site")}
        with sync_playwright() as p:
            for rate in args.throttle:
                browser = Browser(p, rate)
                got = {kind: {"cold": [], "warm": []} for kind in servers}
                for run in range(args.runs):
                    for kind in (("json", "toml") if run % 2 else ("toml", "json")):
                        cold, warm = load_twice(browser, servers[kind][1])
                        got[kind]["cold"].append(cold)
                        got[kind]["warm"].append(warm)
                print("CPU ×%g, %d runs: navigation → playable" % (rate, args.runs))
                for visit in ("cold", "warm"):
                    j, t = got["json"][visit], got["toml"][visit]
                    paired = statistics.median(b - a for a, b in zip(j, t))
                    print("  %s: JSON median %6.1f ms, TOML median %6.1f ms; TOML − JSON %+.1f ms "
                          "(each run against its own: %+.1f)" % (visit, statistics.median(j), statistics.median(t),
                                                                 statistics.median(t) - statistics.median(j), paired))
        for server, _ in servers.values():
            server.shutdown()


if __name__ == "__main__":
    main()
