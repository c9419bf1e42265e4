// What a player does, written once and played in order by every engine at
// every size (engines.mjs): the first visit, a card home by a tap or click, a
// double tap, a run dragged, a drop refused with its words, undo and redo,
// the solver's mark and a hint, a reload, an offline reload, a language
// switch and a game won. The deal and its moves come from the engine
// (scenario.py): no card is named here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { refusal, useStrings } from "../../static/js/i18n.js";

/** The interface's words in `lang` (static/i18n/). */
export function strings(lang) {
  return JSON.parse(readFileSync(new URL(`../../static/i18n/${lang}.json`, import.meta.url), "utf8"));
}

// What the page says of a refused move, in English: the engine's refusal
// (its key and params) put in words as the page puts it.
function refusalWords(error) {
  const english = strings("en");
  useStrings("en", english, english);
  return refusal(error);
}

const TOAST = "(text) => { const t = document.getElementById('toast'); return !t.hidden && t.textContent === text; }";
// A second tap on a pile this soon after the first would be a double tap.
const NEXT_TAP_MS = 450;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @typedef {import("./player.mjs").Player} Player
 * @typedef {{name: string, play: (p: Player, facts: any, size: any) => Promise<void>}} Step
 * @type {Step[]}
 */
export const STEPS = [
  {
    name: "first visit: a dealt board, then ready, its toolbar painted with it",
    async play(p) {
      await p.driver.goto(p.base);
      assert.equal(52, (await p.run("() => document.querySelectorAll('#board [data-card]').length")));
      await p.ready();
      assert.match(await p.text("[data-testid=game-code]"), /^SH1-C4-[A-Z2-7]{7}$/);
      const marks = await p.run(`() => Object.fromEntries(performance.getEntriesByType("mark")
        .map((m) => [m.name, m.startTime]))`);
      assert.ok(marks["first-board-painted"] > 0, "the first visit's board was drawn early");
      assert.equal(marks["first-board-painted"], marks["toolbar-painted"], "the toolbar in the board's frame");
    },
  },
  {
    name: "a card home by a tap (a click)",
    async play(p, { play }) {
      await p.open(`#${play.code}`);
      assert.equal(play.code, await p.text("[data-testid=game-code]"));
      await p.tap(play.home.cards[0]);
      await p.landed(play.home.cards, play.home.to);
    },
  },
  {
    name: "a double tap (a double click) moves a card",
    async play(p, { play }) {
      await pause(NEXT_TAP_MS);
      await p.doubleTap(play.double.cards[0]);
      await p.landed(play.double.cards, play.double.to);
    },
  },
  {
    name: "a run dragged onto a column",
    async play(p, { play }) {
      await p.drag(play.run.cards[0], play.run.to);
      await p.landed(play.run.cards, play.run.to);
      assert.equal("3", await p.text("[data-testid=moves]"));
      p.kept.played = await p.places();
    },
  },
  {
    name: "an illegal drop refused, with its words",
    async play(p, { play }) {
      const { refused } = play;
      await p.drag(refused.cards[0], refused.to);
      await p.until("the refusal's words", TOAST, [refusalWords(refused.error)]);
      await p.settle();
      assert.deepEqual(p.kept.played, await p.places());
      assert.equal("3", await p.text("[data-testid=moves]"));
    },
  },
  {
    name: "undo and redo",
    async play(p, { play }) {
      await p.press("undo");
      await p.landed(play.run.cards, play.run.from);
      assert.equal("2", await p.text("[data-testid=moves]"));
      await p.press("redo");
      await p.landed(play.run.cards, play.run.to);
      await p.settle();
      assert.deepEqual(p.kept.played, await p.places());
    },
  },
  {
    name: "the solver's mark, and a hint",
    async play(p, { play }) {
      await p.until("the solver", "() => document.body.dataset.solver === 'ready'", [], 60000);
      await p.until("the winnable mark", "() => document.querySelector('[data-testid=winnable]').dataset.status === 'winnable'");
      assert.equal("✓", await p.text("[data-testid=winnable]"));
      await p.press("hint");
      const hint = await p.until("a hint", "() => document.body.dataset.hint");
      assert.ok(play.legal.includes(hint), `the hint ${hint} is a legal move`);
      const outlined = await p.run("() => [document.querySelector('.hint-from').dataset.place, document.querySelector('.hint-to').dataset.place]");
      assert.equal(hint.split("x")[0], outlined.join("-"));
    },
  },
  {
    name: "a reload restores the game exactly",
    async play(p) {
      await p.settle();
      const before = await p.view();
      await p.reload();
      assert.deepEqual(before, await p.view());
    },
  },
  {
    name: "an offline reload, from the service worker",
    async play(p) {
      await p.until("the service worker", "() => navigator.serviceWorker.controller !== null", [], 60000);
      const before = await p.view();
      await p.site.stop(); // offline: nothing answers at the site's address any more
      await p.reload();
      assert.deepEqual(before, await p.view());
    },
  },
  {
    name: "a language switch",
    async play(p, facts, size) {
      const lang = size.phone ? "es" : "sv";
      const words = strings(lang);
      await p.press("settings");
      await p.until("the settings", "() => document.querySelector('[data-testid=settings-dialog]').open");
      await p.driver.choose("#language-select", lang);
      await p.until(`the page in ${lang}`, "(lang) => document.documentElement.lang === lang", [lang]);
      await p.pressBox("#settings-dialog [data-close]");
      await p.until("the settings closed", "() => !document.querySelector('[data-testid=settings-dialog]').open");
      assert.equal(words["toolbar.score"], await p.text("[data-i18n='toolbar.score']"));
      assert.equal(words["settings.close"], await p.text("#settings-dialog [data-close]"));
      p.kept.lang = lang;
    },
  },
  {
    name: "a game won, to its win dialog",
    async play(p, { win }) {
      // A game one card from its end, saved as the page saves one (written
      // from a help page of the site, which the game's page does not overwrite).
      await p.driver.goto(`${p.base}help/`);
      await p.run("(record) => localStorage.setItem('seahaven.game', record)", win.record);
      await p.open();
      assert.equal(win.code, await p.text("[data-testid=game-code]"));
      const [last] = win.taps;
      await p.tap(last.cards[0]);
      await p.until("the win dialog", "() => document.querySelector('[data-testid=win]').open");
      assert.equal(strings(p.kept.lang)["win.title"], await p.text("#win-title"));
    },
  },
];
