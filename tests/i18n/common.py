"""Shared facts for the language tests: where things are, which languages exist."""

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
I18N = ROOT / "static" / "i18n"
BUILT = ROOT / "_site"  # the site as `make build` writes it
HELP = BUILT / "help"
EXAMPLES = ROOT / "static" / "examples"


def tool(name):
    """A module of tools/ (imported by name once the path is set)."""
    import importlib

    return importlib.import_module(name)


# The languages the game speaks and the help pages, as site.toml declares them, English first.
SITE = tool("manifest").load()
LANGUAGES = SITE.language_codes
OTHERS = LANGUAGES[1:]
PAGES = SITE.help_pages

# A named placeholder, "{name}", or the number of a plural block, "{name, plural, …}".
PLACEHOLDER = re.compile(r"\{(\w+)(?:\}|\s*,\s*plural\s*,)")


def load_strings(lang):
    """A language file as a dict; a key written twice is an error, not a silent overwrite."""

    def no_duplicates(pairs):
        seen = {}
        for key, value in pairs:
            assert key not in seen, "%s.json: key %r appears twice" % (lang, key)
            seen[key] = value
        return seen

    return json.loads((I18N / ("%s.json" % lang)).read_text(encoding="utf-8"), object_pairs_hook=no_duplicates)


def placeholders(text):
    return sorted(set(PLACEHOLDER.findall(text)))

