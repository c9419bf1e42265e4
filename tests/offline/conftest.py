"""Offline fixtures: the repository's site with a fresh sw.js, copies of the
built site, and a fresh browser context per test (each has its own service
workers and storage)."""

import shutil

import pytest

from seahaven import Game, Move

from .. import fcsolve
from .moves import WIN_CODE
from .served import SITE, new_player, sw


@pytest.fixture(scope="session")
def precached(site):
    """Write the site's sw.js for the files as they are now; its ``[(path, revision)]``."""
    entries, _ = sw.write(SITE)
    return entries


@pytest.fixture(scope="session")
def built(site, precached):
    """Base URL of the built site, with a fresh service worker."""
    return site


@pytest.fixture(scope="session")
def site_copy(built, tmp_path_factory):
    """A function that copies the built site (_site/, as GitHub Pages gets it) into a new temp folder."""

    def copy(sub="site"):
        out = tmp_path_factory.mktemp("pages") / sub
        shutil.copytree(SITE, out)
        sw.write(out)
        return out

    return copy


@pytest.fixture
def make_player(browser):
    """``make_player(base)``: a fresh context (service workers and storage of its own)."""
    made = []

    def make(base, device="desktop", service_workers="allow", solver=False):
        p = new_player(browser, base, device, service_workers, solver)
        made.append(p)
        return p

    yield make
    errors = [e for p in made for e in p.errors]
    sources = [e for p in made for e in p.error_sources]
    for p in made:
        p.context.close()
    assert [] == errors, "console errors: %r" % sources


@pytest.fixture
def pwa(make_player, built):
    """A desktop player on the repository's site."""
    return make_player(built)


@pytest.fixture
def local(make_player, built):
    """A desktop player on the repository's site, its service worker blocked
    (tests of saved data need none, and the precache download costs time)."""
    return make_player(built, service_workers="block")


@pytest.fixture(scope="session")
def solution():
    """A winning line of WIN_CODE, found by Freecell Solver, its last move sending a card home."""
    if fcsolve.FC_SOLVE is None:
        pytest.skip("fc-solve (Debian freecell-solver-bin) is not installed")
    moves = fcsolve.solve(Game.from_code(WIN_CODE))
    assert moves and Move.parse(moves[-1]).target.startswith("f")
    return moves
