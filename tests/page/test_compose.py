"""The page's features start in any order (static/js/entries/features.js, compose.js):
a page built with them in another order plays, wins, counts and restores its game
as the page does. What must happen in order when an answer is shown (drawn, saved,
counted) is the page's pipeline, not the order listeners were added in."""

import json
import random
import subprocess
from pathlib import Path

import pytest

from seahaven import Game, Move, daily
from seahaven.review import par_line

from .player import DEVICES, Player, engine_places
from .stats_sample import storing
from .test_daily import DATE, DAY, NO_SOLVER
from .test_touch import replay

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

# The composition root, with the features in the order given and each start recorded.
ENTRY = """
import { compose } from "%(js)s/entries/compose.js";
import { createEngine } from "%(js)s/engine.js";
import { createPage } from "%(js)s/create-page.js";
import { FEATURES } from "%(js)s/entries/features.js";

window.__started = [];
const order = %(order)s;
const features = order.map((i) => ({ ...FEATURES[i], init: (page, services) => {
  window.__started.push(FEATURES[i].name);
  return FEATURES[i].init(page, services);
} }));
compose(createPage(document, createEngine()), features);
"""


def feature_names():
    """The features' names in features.js's order (read from its source: no browser needed)."""
    text = (ROOT / "static/js/entries/features.js").read_text()
    return [line.split('name: "')[1].split('"')[0] for line in text.splitlines() if 'name: "' in line]


def bundle(tmp_path, order):
    """The page's bundle with its features started in ``order`` (indices into FEATURES)."""
    entry = tmp_path / "shuffled-page.js"
    entry.write_text(ENTRY % {"js": (ROOT / "static/js").as_posix(), "order": json.dumps(order)})
    out = tmp_path / "page.js"
    subprocess.run(
        [str(ROOT / "node_modules/.bin/esbuild"), str(entry), "--bundle", "--format=esm", "--target=es2022",
         "--external:../vendor/*", "--log-level=warning", "--outfile=%s" % out],
        cwd=ROOT, check=True,
    )
    return out.read_text()


def stats_of(page):
    """The statistics the page reads (stored, with what it has not stored yet)."""
    return page.evaluate("window.seahaven.page.state.stats")


@pytest.mark.parametrize("how", ["reversed", "shuffled", "saved and counted last"])
def test_features_in_any_order_make_the_same_page(browser, site, tmp_path, how):
    """Built with its features' inits reversed, shuffled, or with the saver and the
    statistics last, the page plays today's
    deal to its win as a player does (the last card home by a tap): the win says
    the day is solved and the streak (read from the statistics once the win is
    counted, whichever feature started first), the game is counted once and
    saved, and a reload restores the won game with its statistics."""
    names = feature_names()
    order = list(range(len(names)))
    if how == "reversed":
        order.reverse()
    elif how == "shuffled":
        random.Random(42).shuffle(order)
    else:  # every other feature hears of a state before the saver and the statistics would
        last = [names.index("storage"), names.index("stats")]
        order = [i for i in order if i not in last] + last
    script = bundle(tmp_path, order)
    expected = daily.daily(*DAY, 4)
    line = par_line(expected.code).moves
    found = {"code": expected.code, "tier": expected.tier, "par": len(line), "won": False, "helped": False,
             "moves": None, "seconds": None}
    context = browser.new_context(**DEVICES["desktop"], service_workers="block")
    context.add_init_script(NO_SOLVER)
    context.add_init_script(storing({"v": 1, "levels": {"4": {"daily": {DATE: found}}}, "current": None}))
    context.route("**/static/build/page.js", lambda route: route.fulfill(body=script, content_type="text/javascript"))
    p = Player(context.new_page(), context, "desktop")
    p.base = site
    try:
        p.page.clock.set_fixed_time(DATE + "T09:30:00Z")
        p.open("SH1-C4-AAAAAJ2")
        started = p.page.evaluate("window.__started")
        assert sorted(names) == sorted(started) and names != started  # every feature, in another order
        p.page.get_by_test_id("daily").click()
        p.page.wait_for_function("code => document.querySelector('[data-testid=game-code]').textContent === code",
                                 arg=expected.code)
        replay(p, line[:-1])
        game = Game.from_code(expected.code)
        for move in line[:-1]:
            game.play(move)
        assert engine_places(game) == p.places()
        p.tap(game.cards(Move.parse(line[-1]).source)[-1])
        p.page.get_by_test_id("win").wait_for(state="visible")
        assert "Today's deal solved. Days solved in a row: 1" == p.page.get_by_test_id("win-daily").inner_text()
        assert [1, 1] == [stats_of(p.page)["levels"]["4"][k] for k in ("played", "won")]
        p.page.evaluate("window.seahaven.page.events.emit('save')")
        p.page.reload()
        p.page.wait_for_selector("body[data-ready='1']", timeout=20000)
        p.painted()
        assert started == p.page.evaluate("window.__started")
        assert [1, 1] == [stats_of(p.page)["levels"]["4"][k] for k in ("played", "won")]
        assert (expected.code, str(len(line))) == (p.code(), p.page.get_by_test_id("moves").inner_text())
        p.page.locator("#won-panel").wait_for(state="visible")
        assert [] == p.errors
    finally:
        context.close()
