"""Every refusal the engine, the controller or the solver's worker can make
(seahaven/errors.py ``catalogue``) has its words in every language, under the key
the page says it by; the keys only a bug of the page can meet (INTERNAL) are
said by one sentence, "refuse.internal", in every language too. So no refusal
falls back to the engine's English."""

import re

import pytest

from seahaven.errors import catalogue

from .common import LANGUAGES, PLACEHOLDER, load_strings

REFUSALS, INTERNAL = catalogue()


def said_by(key):
    """The string the page says a refusal's ``key`` by: static/js/i18n.js ``refusal`` ("code." for a
    game code's, "refuse." for any other), static/js/review/game-link.js (a game link's, "review."),
    static/js/saving/save-notices.js (a saved game's, set aside at start-up)."""
    if key in INTERNAL:
        return "refuse.internal"
    if key.startswith("link-"):
        return "review." + key
    if key.startswith("save-"):
        return "saving.tooManyMoves" if key == "save-too-big" else "saving.notRestored"
    return ("code." if key.startswith("code-") else "refuse.") + key


def texts(strings, name):
    """The texts of ``name``: itself, or each of its plural forms."""
    return [text for key, text in strings.items() if key == name or re.fullmatch(re.escape(name) + r"\.\w+", key)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_has_its_words(lang):
    strings = load_strings(lang)
    missing = sorted("%s (%s)" % (key, said_by(key)) for key in list(REFUSALS) + list(INTERNAL)
                     if not texts(strings, said_by(key)))
    assert [] == missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refusals_words_name_only_its_params(lang):
    """A sentence fills only the params its refusal carries (and ``count``, its limit's agreement)."""
    strings = load_strings(lang)
    wrong = []
    for key, params in REFUSALS.items():
        for text in texts(strings, said_by(key)):
            named = set(PLACEHOLDER.findall(text)) - set(params) - {"count"}
            if named and not key.startswith("save-"):  # a saved game's notice says its own words
                wrong.append((key, sorted(named)))
    assert [] == wrong
