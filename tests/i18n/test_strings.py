"""Interface strings: every language has every English key, with the same
named placeholders, and is really translated."""

import re

import pytest

from .common import I18N, LANGUAGES, OTHERS, load_strings, placeholders

ENGLISH = load_strings("en")

# Keys that are the same in every language by nature: the game's name, the
# languages' own names, the empty-statistic dash, "par" (golf's word, which
# every one of these languages borrows), a day and its results joined by a
# dash, and rank letters (digits everywhere; A/J/Q/K in languages whose cards
# show them).
INTERNATIONAL = (
    {"app.title", "stats.none", "calendar.par", "calendar.day"}
    | {k for k in ENGLISH if k.startswith("language.")}
    | {k for k in ENGLISH if k.startswith("rankShort.")}
)
# Real words that happen to be spelled as in English.
SAME_WORD = {
    "sv": {"place.c", "a11y.cell"},  # "cell {n}"
    "it": {"toolbar.menu"},  # Menu
    "pt": {"toolbar.menu"},  # Menu
    # Animations, Pause, score, six, Menu
    "fr": {"settings.animations", "solver.pause", "a11y.scoreNow", "rank.6", "toolbar.menu"},
    "de": {"solver.pause"},  # Pause
}


def test_every_language_has_a_file():
    """The seven languages the game offers each have a strings file, and no other file lies there."""
    assert sorted(LANGUAGES) == sorted(p.stem for p in I18N.glob("*.json"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_values_are_non_empty_text(lang):
    """No string is empty, blank or anything but text."""
    strings = load_strings(lang)
    bad = [k for k, v in strings.items() if not isinstance(v, str) or not v.strip()]
    assert [] == bad, "%s.json: empty or non-text values for %s" % (lang, ", ".join(bad))


@pytest.mark.parametrize("lang", OTHERS)
def test_same_keys_as_english(lang):
    """Every English key is translated, and nothing else is there."""
    strings = load_strings(lang)
    missing = [k for k in ENGLISH if k not in strings]
    extra = [k for k in strings if k not in ENGLISH]
    assert [] == missing, "%s.json lacks keys: %s" % (lang, ", ".join(missing))
    assert [] == extra, "%s.json has keys English does not: %s" % (lang, ", ".join(extra))


@pytest.mark.parametrize("lang", OTHERS)
def test_same_placeholders_as_english(lang):
    """Each translation uses exactly the {placeholders} of its English string."""
    strings = load_strings(lang)
    wrong = [
        "%s (has %s, English has %s)" % (k, placeholders(strings[k]), placeholders(ENGLISH[k]))
        for k in ENGLISH
        if k in strings and placeholders(strings[k]) != placeholders(ENGLISH[k])
    ]
    assert [] == wrong, "%s.json: placeholders differ for %s" % (lang, "; ".join(wrong))


@pytest.mark.parametrize("lang", OTHERS)
def test_translated_not_copied(lang):
    """Only genuinely international keys may read exactly as in English."""
    strings = load_strings(lang)
    allowed = INTERNATIONAL | SAME_WORD.get(lang, set())
    copied = [k for k in ENGLISH if strings.get(k) == ENGLISH[k] and k not in allowed]
    assert [] == copied, "%s.json: still English: %s" % (lang, ", ".join(copied))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rank_letters(lang):
    """Short ranks are what card corners show: 2–10 as digits, the others one or two letters."""
    strings = load_strings(lang)
    for n in range(2, 11):
        assert str(n) == strings["rankShort.%d" % n], "%s.json: rankShort.%d" % (lang, n)
    letters = [strings["rankShort.%d" % n] for n in (1, 11, 12, 13)]
    for letter in letters:
        assert letter.isalpha() and 1 <= len(letter) <= 2, "%s.json: rank letter %r" % (lang, letter)
    assert len(set(letters)) == 4, "%s.json: ace, jack, queen and king need four different letters" % lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_code_examples_kept(lang):
    """The example game code stays SH1-C4-AAAAAJ2 wherever English shows it."""
    strings = load_strings(lang)
    for key, text in ENGLISH.items():
        if "SH1-C4-AAAAAJ2" in text:
            assert "SH1-C4-AAAAAJ2" in strings[key], "%s.json: %s lost the example code" % (lang, key)


PLURAL_FORMS = ("one", "other")


def counted(strings):
    """The counted strings' base keys: those written as plural forms (``solver.undoTo.one`` …)."""
    return {k.rsplit(".", 1)[0] for k in strings if k.rsplit(".", 1)[-1] in PLURAL_FORMS}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_counted_strings_have_every_plural_form(lang):
    """A string's count is a counted string with a ``.one`` and an ``.other`` form (the page
    picks one with Intl.PluralRules), each saying its number; no bare key or special case
    (``a11y.columnOne``) stands beside them, and no other string shows a {count}. (A string
    of several counts gives the others plural blocks; the page says on the console any
    number a string shows without its forms, whatever its name: tests/js/i18n.test.mjs.)"""
    strings = load_strings(lang)
    bases = counted(strings)
    assert {"solver.undoTo", "a11y.column", "win.summary", "refuse.group-too-big"} <= bases
    for base in sorted(bases):
        for form in PLURAL_FORMS:
            text = strings.get("%s.%s" % (base, form))
            assert text is not None, "%s.json lacks %s.%s" % (lang, base, form)
            assert {"count", "limit"} & set(placeholders(text)), "%s.json: %s.%s says no number" % (lang, base, form)
        assert base not in strings, "%s.json: %s is counted, so it has only its plural forms" % (lang, base)
    special = [k for k in strings if k.endswith(("One", "Two", "Many"))]
    assert [] == special, "%s.json: special-case keys for counts: %s" % (lang, ", ".join(special))
    loose = [k for k, v in strings.items() if "{count}" in v and k.rsplit(".", 1)[0] not in bases]
    assert [] == loose, "%s.json: counts outside plural forms: %s" % (lang, ", ".join(loose))


def plural_blocks(text):
    """Each "{name, plural, form {…} …}" of ``text`` as (name, {form: words}); a block that
    does not parse (a brace too few, a form without words) fails the test."""
    blocks = []
    for match in re.finditer(r"\{(\w+)\s*,\s*plural\s*,", text):
        i, forms = match.end(), {}
        while True:
            while text[i] == " ":
                i += 1
            if text[i] == "}":
                break
            form = re.match(r"=?\w+", text[i:]).group(0)
            i += len(form)
            while text[i] == " ":
                i += 1
            assert text[i] == "{", "%r: form %s has no words" % (text, form)
            depth, start = 0, i
            while True:
                depth += {"{": 1, "}": -1}.get(text[i], 0)
                i += 1
                if depth == 0:
                    break
            forms[form] = text[start + 1:i - 1]
        blocks.append((match.group(1), forms))
    return blocks


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_blocks_are_well_formed(lang):
    """A string that shows more than one count gives each its own plural block; every block
    parses, ends with an "other" form, uses only the language's forms, and shows its number (#)."""
    strings = load_strings(lang)
    forms = {"one", "other", "few", "many", "two", "zero"}
    found = 0
    for key, text in strings.items():
        for name, block in plural_blocks(text):
            found += 1
            assert "other" in block, "%s.json %s: {%s, plural} has no other form" % (lang, key, name)
            assert set(block) <= forms | {f for f in block if f.startswith("=")}, (lang, key, block)
            assert all("#" in words for words in block.values()), "%s.json %s: a form without #" % (lang, key)
    assert found >= 4, "the strings of several counts use plural blocks"
