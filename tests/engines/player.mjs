// A player on any engine: what the steps do and read, written once over a
// Driver (driver-common.mjs). Points are CSS pixels of the viewport.
import assert from "node:assert/strict";

const POLL_MS = 50;
const READY_MS = 30000;
// A finger or a hand comes to rest on the place it drops on before letting
// go: a drop made while still moving is the page tests' concern (tests/page/).
const HOLD_MS = 100;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Every place and the cards in it, bottom first.
const PLACES = `() => Object.fromEntries(Array.from(document.querySelectorAll("[data-place]"),
  (el) => [el.dataset.place, Array.from(el.querySelectorAll("[data-card]"), (c) => c.dataset.card)]))`;
// What the player sees of the game, and can do next.
const VIEW = `() => ({
  places: (${PLACES})(),
  code: document.querySelector("[data-testid=game-code]").textContent.trim(),
  score: document.querySelector("[data-testid=score]").textContent,
  moves: document.querySelector("[data-testid=moves]").textContent,
  undo: !document.querySelector("[data-testid=undo]").disabled,
  redo: !document.querySelector("[data-testid=redo]").disabled,
})`;
// A box as [left, top, width, height].
const BOX = `(selector) => { const el = document.querySelector(selector);
  if (!el) return null; const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }`;
const SETTLED = `() => Array.from(document.querySelectorAll("[data-card]")).every((el) => !el.getAnimations().length)`;
const SHOWN = `(selector) => { const el = document.querySelector(selector); return !!el && el.checkVisibility(); }`;

export class Player {
  /** @param {import("./driver-common.mjs").Driver} driver @param {string} base the site's URL */
  constructor(driver, base) {
    this.driver = driver;
    this.base = base;
    /** @type {import("./site.mjs").Site | null} the site it plays on (a step takes it offline) */
    this.site = null;
    /** @type {Record<string, any>} what one step leaves for a later one */
    this.kept = {};
  }

  run(source, ...args) {
    return this.driver.run(source, ...args);
  }

  /** Wait until `source`, called with `args`, gives something truthy; that value. */
  async until(what, source, args = [], timeout = 10000) {
    const end = Date.now() + timeout;
    for (;;) {
      const value = await this.run(source, ...args);
      if (value) return value;
      if (Date.now() > end) throw new Error(`waited ${timeout / 1000} s for ${what}`);
      await pause(POLL_MS);
    }
  }

  /** The game's page at `path` (after the site's URL), once it is playable. */
  async open(path = "") {
    await this.driver.goto(this.base + path);
    await this.ready();
  }

  async reload() {
    await this.driver.reload();
    await this.ready();
  }

  async ready() {
    await this.until("the board to be playable", "() => document.body.dataset.ready === '1'", [], READY_MS);
    // The page's own load guard reports any error before it was ready (the only
    // report of them in WebKit, whose driver runs no script before the page's).
    assert.equal(false, await this.shown("[data-testid=load-error]"), "the page said it could not start");
    await this.painted();
  }

  /** The frame that shows the page's state, and the work after it. */
  painted() {
    return this.run("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))");
  }

  settle() {
    return this.until("the cards to land", SETTLED);
  }

  places() {
    return this.run(PLACES);
  }

  view() {
    return this.run(VIEW);
  }

  shown(selector) {
    return this.run(SHOWN, selector);
  }

  text(selector) {
    return this.run("(s) => document.querySelector(s).textContent.trim()", selector);
  }

  /** A visible point of a card: the middle of its top strip (a covered card shows only that). */
  async cardPoint(card) {
    await this.settle();
    const [left, top, width, height] = await this.run(BOX, `[data-card="${card}"]`);
    return [left + width / 2, top + Math.min(6, height / 4)];
  }

  /** The middle of a place's top card, or of the place when it is empty. */
  async placePoint(place) {
    await this.settle();
    const top = await this.run(BOX, `[data-place="${place}"] [data-card]:last-child`);
    const [left, y, width, height] = top || (await this.run(BOX, `[data-place="${place}"]`));
    return [left + width / 2, y + height / 2];
  }

  async tap(card) {
    await this.driver.tap(...(await this.cardPoint(card)));
  }

  async doubleTap(card) {
    await this.driver.doubleTap(...(await this.cardPoint(card)));
  }

  /** Drag `card` (and the cards on it) to `place`: a few pixels to lift it, then there in steps, then let go. */
  async drag(card, place) {
    const [x, y] = await this.cardPoint(card);
    const [tx, ty] = await this.placePoint(place);
    const points = [[x, y], [x + 6, y + 6]];
    for (let i = 1; i <= 8; i++) points.push([x + ((tx - x) * i) / 8, y + ((ty - y) * i) / 8]);
    await this.driver.drag(points, HOLD_MS);
  }

  /** Press a control: in the toolbar's row, or from the ☰ menu it is folded into. */
  async press(testid) {
    const selector = `[data-testid="${testid}"]`;
    if (!(await this.shown(selector))) {
      await this.pressBox("[data-testid=menu]");
      await this.until(`${testid} in the menu`, SHOWN, [selector]);
    }
    await this.pressBox(selector);
  }

  async pressBox(selector) {
    const [left, top, width, height] = await this.run(BOX, selector);
    await this.driver.tap(left + width / 2, top + height / 2);
  }

  /** Wait until the top cards of `place` are `cards`, in order. */
  landed(cards, place) {
    return this.until(`${cards.join(" ")} on ${place}`, "(cards, place) => { const all = (" + PLACES +
      ")()[place] || []; return cards.every((c, i) => all[all.length - cards.length + i] === c); }", [cards, place]);
  }
}
