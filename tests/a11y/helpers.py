"""What the accessibility tests share: a player (from tests/page) who reads
focus and the live region and runs axe-core (node_modules/axe-core, injected
into the page), and saved settings for a theme."""

import json
from pathlib import Path

from ..page.player import Player

TESTS = Path(__file__).resolve().parent.parent

AXE = TESTS.parent / "node_modules" / "axe-core" / "axe.min.js"
THEMES = ["light", "dark", "contrast"]


class A11yPlayer(Player):
    """A player who also reads what is focused and what the live region says."""

    FOCUSED = """() => { const el = document.activeElement;
                 return el ? (el.dataset.place || el.dataset.testid || el.id || el.tagName.toLowerCase()) : null; }"""

    def focused(self):
        """The focused element: its data-place, test id, or tag."""
        return self.page.evaluate(self.FOCUSED)

    def wait_focused(self, name, timeout=3000):
        """Wait until the focused element is ``name`` (as ``focused`` names it)."""
        self.page.wait_for_function("name => (%s)() === name" % self.FOCUSED, arg=name, timeout=timeout)

    def focused_place(self):
        return self.page.evaluate("() => document.activeElement && document.activeElement.dataset.place || null")

    def announced(self):
        return self.page.locator("[data-testid=announcer]").inner_text()

    def wait_announced(self, text, timeout=3000):
        """Wait until the live region's text contains ``text``; returns the whole text."""
        self.page.wait_for_function(
            "t => (document.querySelector('[data-testid=announcer]')?.textContent || '').includes(t)",
            arg=text,
            timeout=timeout,
        )
        return self.announced()

    def press(self, key, times=1):
        for _ in range(times):
            self.page.keyboard.press(key)

    def go(self, place):
        """Put keyboard focus on a place as a player would: a digit for a column,
        then up to the top row and along it for a cell or a foundation."""
        if place[0] == "t":
            self.press(place[1:][-1])
        else:
            self.press("1")
            self.press("ArrowUp")
            self.press("Home")
            row = self.page.evaluate(
                "() => Array.from(document.querySelectorAll('.top-row [data-place]'), el => el.dataset.place)"
            )
            self.press("ArrowRight", row.index(place))
        assert place == self.focused_place()

    def with_api(self, script, arg=None):
        """Run ``script`` (a function of the page's API and arg; static/js/create-page.js)."""
        return self.page.evaluate(
            "([script, arg]) => eval(script)(window.seahaven.page.api, arg)",
            [script, arg],
        )

    def audit(self, context="document"):
        """axe-core's serious and critical findings, as (rule, [targets]) pairs."""
        if not self.page.evaluate("() => typeof window.axe === 'object'"):
            self.page.add_script_tag(path=str(AXE))
        found = self.page.evaluate(
            """async (sel) => {
                 const root = sel === 'document' ? document : document.querySelector(sel);
                 const r = await axe.run(root, { resultTypes: ['violations'] });
                 return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
                   .map(v => [v.id, v.nodes.map(n => n.target.join(' ')).slice(0, 5)]); }""",
            context,
        )
        return [tuple(v) for v in found]


def settings_script(theme="auto", language=None, animations=True):
    """An init script that saves these settings before the page reads them."""
    data = {"v": 1, "theme": theme, "language": language, "animations": animations, "fourColour": False, "cells": 4}
    return "localStorage.setItem('seahaven.settings', %s);" % json.dumps(json.dumps(data))
