"""The page's strings for one language, filled as static/js/i18n.js fills them, so a
test says what a player reads in any language: a counted key by the language's
plural rules, plural blocks, cards written short ("7♥") or spoken."""

import json
import re
from pathlib import Path

I18N = Path(__file__).resolve().parent.parent.parent / "static" / "i18n"
RANKS = "A23456789TJQK"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# The counts a language's "one" form covers (Intl.PluralRules, for the numbers a game shows);
# every other count takes "other". Our Portuguese is Portugal's, where 0 is plural.
ONE = {"fr": (0, 1)}
BLOCK = re.compile(r"\{(\w+), *plural *,((?: *=?\w+ *\{[^{}]*\})+) *\}")
FORM = re.compile(r"(=?\w+) *\{([^{}]*)\}")


class Strings:
    """``s(key, **params)``: the words of ``key`` as the page shows them in ``lang``."""

    def __init__(self, lang):
        self.lang = lang
        self.s = json.loads((I18N / ("%s.json" % lang)).read_text(encoding="utf-8"))

    def form(self, n):
        return "one" if n in ONE.get(self.lang, (1,)) else "other"

    def __call__(self, key, **params):
        text = self.s[key] if key in self.s else self.s["%s.%s" % (key, self.form(params["count"]))]

        def block(match):
            n = params[match.group(1)]
            forms = dict(FORM.findall(match.group(2)))
            return forms.get("=%d" % n, forms.get(self.form(n), forms["other"])).replace("#", str(n))

        text = BLOCK.sub(block, text)
        for name, value in params.items():
            text = text.replace("{%s}" % name, str(value))
        return text

    def card(self, code):
        """A card as a screen reader says it: "seven of hearts"."""
        return self("a11y.card", rank=self("rank.%d" % (RANKS.index(code[0]) + 1)), suit=self("suit." + code[1]))

    def short(self, code):
        """A card as a sentence writes it: "7♥" (i18n.js cardShort)."""
        return self("rankShort.%d" % (RANKS.index(code[0]) + 1)) + SUIT_SYMBOLS[code[1]]

    def place(self, name):
        """A place as a sentence names it: "column 3", "hearts foundation"."""
        n = int(name[1:])
        suit = self("suit." + "SHDC"[n - 1]) if name[0] == "f" else ""
        return self("place." + name[0], n=n, suit=suit)
