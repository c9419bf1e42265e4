// Draws the state the engine gives: places, cards (keyed by card, created
// once), layout that always fits the viewport, and short move animations.
// No rule lives here.
import { CELLS, COLUMNS, FOUNDATIONS, placeKind } from "#build/facts.js";
import { RANKS, SUITS, SUIT_SYMBOL } from "./cards.js";
import { cardShort, rankLetters } from "../i18n.js";
import { setStyle } from "../dom-writes.js"; // a board's custom properties reach every card
import { find } from "../find.js";

/** @typedef {import("#build/engine-api.js").View} View */
/**
 * What render draws: a view's cells and places; the page's views carry the
 * rest of the game's view along (its readers: review), an example's do not.
 * @typedef {Pick<View, "cells" | "places"> & Partial<View>} Drawn
 */
/**
 * How the cards are laid out for the board's size (layout): their size, the
 * gap between places, the top row above the columns or down either side of
 * them, the corner labels' size and whether they are stacked (rank over suit).
 * @typedef {{cardW: number, cardH: number, gap: number, arrangement: "top" | "side", corner: number, stacked: boolean}} Metrics
 */
/**
 * A card about to move (departures): one that stays in its place by its offset there,
 * one that changes place by its rectangle and that of the place it goes to.
 * @typedef {{el: HTMLElement, top?: number, from?: DOMRect, to?: DOMRect}} Departure
 */
/** A card's flight: its element and where it starts, in px from where it is drawn. @typedef {[HTMLElement, number, number]} Flight */
/** Where a card sits (locate): its place, how many cards from it to the top, and their elements. @typedef {{place: string, count: number, cards: HTMLElement[]}} Location */

const ANIMATION_MS = 140;
// The tallest column the layout must show every rank of, and the smallest
// corner label (px) it may shrink to for that: a column's cards fan out, and
// where they are tight its labels shrink, never below this.
const TALLEST = 19;
const CORNER_MIN = 13;
// A poker card's height for its width.
const RATIO = 1.4;
// Where the width sets the cards' size and the height has room to spare (a
// phone held upright), the cards grow taller, up to TALL_RATIO of their width,
// and each covered card shows more of itself, up to STRIP_SHARE of its height,
// until the top row and a column of REACH cards (a whole suit) fill the
// height; a longer column fans tighter. The corner index grows with the strip.
const TALL_RATIO = 2;
const STRIP_SHARE = 0.7;
const REACH = 13;
// A corner label's height for its font size: its line, the card's border above
// it and the pixel a strip may lose to rounding below. In a tall strip the
// label is stacked, rank over suit (the suit at 0.8 em): two lines.
const labelHeight = (/** @type {number} */ corner) => corner * 1.05 + 2;
const cornerFor = (/** @type {number} */ fan) => (fan - 2) / 1.05;
const STACKED_LINES = 1.85;
const stackedHeight = (/** @type {number} */ corner) => corner * STACKED_LINES + 2;
const stackedFor = (/** @type {number} */ fan) => (fan - 2) / STACKED_LINES;

// A class set only when it changes, for the same reason.
/** @param {Element} el @param {string} name @param {boolean} on */
function setClass(el, name, on) {
  if (el.classList.contains(name) !== on) el.classList.toggle(name, on);
}

// A card's rank as its corner shows it, in the language's letters ("10", "R").
const rankOf = (/** @type {string} */ card) => cardShort(card).slice(0, -1);

/**
 * The board: what the page draws (render: a view's places and cards, laid out
 * to fit), and what input and the features ask of it (places and cards by
 * name, where a card sits, the place a drag lands on, highlights, a shake,
 * slides from a snapshot). It holds no rule: the view says what goes where.
 */
export class Board {
  // A board adopts the places and cards an earlier one drew in `root` (the
  // early board of a return visit: early-board.js), so they are not drawn
  // again. The layout fits the root's outer size (its border box: the gap
  // it sets is the root's padding, so the size it fits does not change with
  // it and one layout holds). `watch`: keep the layout fitted as that size
  // changes (the size the ResizeObserver reports is then the one laid out, and
  // drawing a move never makes the browser lay out the page before its frame;
  // until it first reports, which it does before the next frame is painted,
  // the layout waits for it rather than making the browser lay the page out
  // early). A board that does not watch (the early board) takes the size once,
  // when told (takeSize).
  /** @param {HTMLElement} root @param {{watch?: boolean}} [options] */
  constructor(root, { watch = true } = {}) {
    this.root = root;
    this.topRow = find(root, ".top-row", HTMLElement);
    this.tableau = find(root, ".tableau", HTMLElement);
    /** @type {Map<string, HTMLElement>} "t1" → element */
    this.places = new Map();
    /** @type {Map<string, HTMLElement>} "QS" → element */
    this.cards = new Map();
    /** @type {Drawn | null} the view last drawn */
    this.view = null;
    /** @type {Metrics | null} */
    this.metrics = null;
    /** @type {string | null} what the places were last laid out for (layout) */
    this.sizes = null;
    /** @type {{width: number, height: number} | null} the root's border box, as last observed */
    this.size = null;
    // The widest corner label ("10♦"), in em of its font, and the widest
    // stacked one (rank over suit: "10"): measured for the rank letters in use
    // (relabel), or as the board that drew the adopted cards knew them.
    this.labelEm = Number(root.dataset.labelEm) || 1.9;
    this.stackedEm = Number(root.dataset.stackedEm) || 1.4;
    const adopted = (/** @type {string} */ selector) => /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(selector));
    for (const el of adopted("[data-place]")) this.places.set(String(el.dataset.place), el);
    for (const el of adopted("[data-card]")) this.cards.set(String(el.dataset.card), el);
    this.cellCount = this.topRow.querySelectorAll(".cell").length;
    for (const name of COLUMNS) if (!this.places.has(name)) this.tableau.append(this.makePlace(name, "column"));
    this.animate = true;
    this.watch = watch;
    if (!watch) return;
    new ResizeObserver(([entry]) => {
      const [box] = entry.borderBoxSize;
      this.size = { width: box.inlineSize, height: box.blockSize };
      this.layout();
    }).observe(root, { box: "border-box" });
  }

  // The root's size, read now, for a board that does not watch: the early
  // board reads it in the same layout of the page as the labels' widths and
  // the toolbar's row.
  takeSize() {
    const box = this.root.getBoundingClientRect();
    this.size = { width: box.width, height: box.height };
  }

  /** @param {string} name @param {string} kind its classes beside "place" */
  makePlace(name, kind) {
    const el = document.createElement("div");
    el.className = `place ${kind}`;
    el.dataset.place = name;
    this.places.set(name, el);
    return el;
  }

  /** @param {number} cells */
  buildTopRow(cells) {
    if (cells === this.cellCount) return;
    for (const [name, el] of this.places) {
      if (placeKind(name) !== "column") {
        el.remove();
        this.places.delete(name);
      }
    }
    this.topRow.replaceChildren();
    for (const name of CELLS.slice(0, cells)) this.topRow.append(this.makePlace(name, "pile cell"));
    const spacer = document.createElement("div");
    spacer.className = "spacer";
    this.topRow.append(spacer);
    [...SUITS].forEach((suit, i) => {
      const el = this.makePlace(FOUNDATIONS[i], `pile foundation suit-${suit}`);
      el.dataset.symbol = SUIT_SYMBOL[suit];
      this.topRow.append(el);
    });
    this.cellCount = cells;
  }

  /** @param {string} card @returns {HTMLElement} */
  cardElement(card) {
    let el = this.cards.get(card);
    if (!el) {
      const suit = card[1];
      el = document.createElement("div");
      el.className = `card suit-${suit}`;
      el.dataset.card = card;
      // The corner: the rank's letters, then the suit (beside it, or under it
      // in a tall strip: game.css).
      const corner = document.createElement("span");
      corner.className = "corner";
      const symbol = document.createElement("span");
      symbol.className = "suit";
      symbol.textContent = SUIT_SYMBOL[suit];
      corner.append(rankOf(card), symbol);
      const pip = document.createElement("span");
      pip.className = "pip";
      pip.textContent = SUIT_SYMBOL[suit];
      el.append(corner, pip);
      this.cards.set(card, el);
    }
    return el;
  }

  // Corner labels use the language's rank letters: redraw them when it changes
  // (only what differs, and measured only for letters not measured yet: the
  // early board's cards already carry the saved letters).
  relabel() {
    for (const [card, el] of this.cards) {
      const rank = /** @type {Text} */ (/** @type {Element} */ (el.firstChild).firstChild);
      const label = rankOf(card);
      if (rank.data !== label) rank.data = label;
    }
    const king = rankOf("KS");
    for (const name of COLUMNS) {
      const place = /** @type {HTMLElement} */ (this.places.get(name));
      if (place.dataset.empty !== king) place.dataset.empty = king;
    }
    if (this.root.dataset.labelLetters !== rankLetters().join(" ")) this.measureLabels();
    this.layout();
  }

  // The widest label's width, beside and stacked, for the rank letters in use
  // (measured, or kept with a save); the root keeps them for a board that
  // adopts these cards.
  /** @param {number} em @param {number} stackedEm */
  useLabelEm(em, stackedEm) {
    this.labelEm = em;
    this.stackedEm = stackedEm;
    this.root.dataset.labelEm = String(em);
    this.root.dataset.stackedEm = String(stackedEm);
    this.root.dataset.labelLetters = rankLetters().join(" ");
  }

  // How wide the widest corner label is, so that no label is cut at the card's
  // edge: each rank's letters and each suit laid out in a hidden corner, in its
  // own font at 100 px. A label is its rank's letters, then its suit (beside
  // them, or 0.8 em under them when stacked), each a run of its own: the widest
  // is the widest letters with the widest suit. Returns the reading, which lays
  // the page out unless nothing changed since the probe was added: the early
  // board reads it in the layout it needs anyway before its first frame
  // (cheaper than measuring the 52 labels on a canvas: bench/README.md).
  probeLabels() {
    const probe = document.createElement("div");
    probe.className = "card";
    probe.style.visibility = "hidden";
    const corner = document.createElement("span");
    corner.className = "corner";
    corner.style.fontSize = "100px";
    const run = (/** @type {string} */ text) => {
      const el = document.createElement("span");
      el.textContent = text;
      return el;
    };
    const letters = Array.from(RANKS, (rank) => run(rankOf(`${rank}S`)));
    const suits = Array.from(SUITS, (suit) => run(SUIT_SYMBOL[suit]));
    corner.append(...letters, ...suits);
    probe.append(corner);
    this.tableau.append(probe);
    return () => {
      const em = (/** @type {HTMLElement} */ el) => el.getBoundingClientRect().width / 100;
      const widest = Math.max(...letters.map(em));
      const suit = Math.max(...suits.map(em));
      probe.remove();
      if (widest > 0) this.useLabelEm(widest + suit, Math.max(widest, 0.8 * suit));
    };
  }

  // The same, read at once: for other rank letters (relabel).
  measureLabels() {
    this.probeLabels()();
  }

  // Draw a view; with animate, cards slide from where they were.
  /** @param {Drawn} view @param {{animate?: boolean}} [options] */
  render(view, { animate = true } = {}) {
    const sliding = animate && this.animate && this.view;
    // Another number of cells rebuilds the top row: its places are measured after.
    const departures = sliding && view.cells === this.cellCount ? this.departures(view) : null;
    const before = sliding && !departures ? this.snapshot() : null;
    this.view = view;
    const rebuilt = view.cells !== this.cellCount;
    this.buildTopRow(view.cells);
    // A card that changes place is inserted there; what is left over is then
    // removed. Not moveBefore: Chromium (156) moves the card without restyling
    // what is inside it, so its pip and corner kept the look of the place it
    // left (a covered card's hidden pip on a top card, deal after deal).
    /** @type {Set<HTMLElement>} */
    const changed = new Set();
    for (const [name, cards] of Object.entries(view.places)) {
      const place = /** @type {HTMLElement} */ (this.places.get(name));
      cards.forEach((card, i) => {
        const el = this.cardElement(card);
        const at = place.children[i] || null;
        if (at === el) return;
        if (el.parentElement && el.parentElement !== place) changed.add(el.parentElement);
        changed.add(place);
        place.insertBefore(el, at);
      });
    }
    for (const [name, cards] of Object.entries(view.places)) {
      const place = /** @type {HTMLElement} */ (this.places.get(name));
      while (place.children.length > cards.length) {
        /** @type {Element} */ (place.lastElementChild).remove();
        changed.add(place);
      }
    }
    this.layout(rebuilt ? null : changed);
    if (departures) this.arrive(departures);
    if (before) this.slide(before);
  }

  // Where the cards of the places `view` changes are drawn before it is: a
  // card that changes place by its rectangle and that of the place it goes
  // to, a card that stays by its offset in its place. Read before anything
  // changes, while the page's layout is still the last frame's, so that
  // starting the slides (arrive) makes the browser lay out nothing before its
  // frame: a card's new rectangle is its place's, at the offset layout() gives
  // it (a card is placed at its place's top left corner, lowered by its `top`).
  /** @param {Drawn} view @returns {Departure[]} */
  departures(view) {
    /** @type {Departure[]} */
    const moves = [];
    /** @type {Map<string, DOMRect>} */
    const rects = new Map();
    const rectOf = (/** @type {string} */ name) => {
      let rect = rects.get(name);
      if (!rect) rects.set(name, (rect = this.placeOf(name).getBoundingClientRect()));
      return rect;
    };
    for (const [name, cards] of Object.entries(view.places)) {
      const place = this.placeOf(name);
      if (place.children.length === cards.length && cards.every((card, i) => place.children[i] === this.cards.get(card))) continue;
      for (const card of cards) {
        const el = this.cards.get(card);
        if (!el || !el.isConnected) continue;
        if (el.parentElement === place) moves.push({ el, top: parseFloat(el.style.top) || 0 });
        else moves.push({ el, from: el.getBoundingClientRect(), to: rectOf(name) });
      }
    }
    return moves;
  }

  // The cards `departures` found slide from where they were drawn to where layout() put them.
  /** @param {Departure[]} departures @param {number} [duration] ms */
  arrive(departures, duration = ANIMATION_MS) {
    /** @type {Flight[]} */
    const moved = [];
    for (const { el, top = 0, from, to } of departures) {
      const now = parseFloat(el.style.top) || 0;
      const dx = from && to ? from.left - to.left : 0;
      const dy = from && to ? from.top - (to.top + now) : top - now;
      if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) moved.push([el, dx, dy]);
    }
    this.fly(moved, duration);
  }

  /** Where each card on the board is drawn now, for slide. @returns {Map<string, DOMRect>} */
  snapshot() {
    const rects = new Map();
    for (const [card, el] of this.cards) if (el.isConnected) rects.set(card, el.getBoundingClientRect());
    return rects;
  }

  // FLIP from a snapshot (cards a drag let go, a top row rebuilt): each moved
  // card starts where it was and slides to its new place, measured now, which
  // lays the page out once. Every card is measured before any flight starts: a flight marks its card,
  // and a card measured after that would make the browser lay the page out
  // again (a tap's cost in bench/taps.py).
  /** @param {Map<string, DOMRect>} before a snapshot @param {number} [duration] ms */
  slide(before, duration = ANIMATION_MS) {
    if (!this.animate) return;
    /** @type {Flight[]} */
    const moved = [];
    for (const [card, old] of before) {
      const el = /** @type {HTMLElement} */ (this.cards.get(card));
      const now = el.getBoundingClientRect();
      const dx = old.left - now.left;
      const dy = old.top - now.top;
      if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) moved.push([el, dx, dy]);
    }
    this.fly(moved, duration);
  }

  // Each card starts its flight `dx`, `dy` from where it is drawn.
  /** @param {Flight[]} moved @param {number} duration ms */
  fly(moved, duration) {
    for (const [el, dx, dy] of moved) {
      const flight = el.animate([{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 50 }, { transform: "none", zIndex: 50 }], {
        duration,
        easing: "ease-out",
      });
      // In flight the card is drawn where it was, but is no longer there: taps go through it.
      el.classList.add("sliding");
      const landed = () => {
        if (!el.getAnimations().some((a) => a !== flight && a.playState === "running")) el.classList.remove("sliding");
      };
      flight.addEventListener("finish", landed);
      flight.addEventListener("cancel", landed);
    }
  }

  // The largest card width `arrangement` allows in width × height: "top"
  // puts cells and foundations in a row above the ten columns, "side" down
  // either side of them. Either way the tallest column shows every rank.
  /** @param {"top" | "side"} arrangement @param {number} width @param {number} height @param {number} gap */
  cardWidth(arrangement, width, height, gap) {
    const fan = labelHeight(CORNER_MIN);
    let byWidth;
    let byHeight;
    if (arrangement === "top") {
      byWidth = (width - 9 * gap) / 10;
      byHeight = (height - gap - (TALLEST - 1) * fan) / 2; // the top row and the tallest column
    } else {
      byWidth = (width - 11 * gap) / 12;
      byHeight = Math.min(height - (TALLEST - 1) * fan, (height - 3 * gap) / 4);
    }
    return Math.min(byWidth, byHeight / RATIO, 120);
  }

  // Card size from the space available, in the arrangement that gives the
  // larger cards; each column's fan shrinks to fit, and its corner labels with it.
  // `only`: the place elements whose cards changed, the others laid out as they
  // were (a move): laid out alone while the sizes stay what they were.
  /** @param {Set<Element> | null} [only] */
  layout(only = null) {
    if (!this.view || !this.size) return;
    const gap = Math.max(3, Math.min(12, this.size.width * 0.01));
    const width = this.size.width - 2 * gap;
    const height = this.size.height - 2 * gap;
    const top = this.cardWidth("top", width, height, gap);
    const side = this.cardWidth("side", width, height, gap);
    const arrangement = side > top * 1.05 ? "side" : "top";
    setClass(this.root, "side", arrangement === "side");
    const cardW = Math.floor(Math.max(24, arrangement === "side" ? side : top));
    let cardH = Math.round(cardW * RATIO);
    if (arrangement === "top") {
      // Taller cards where the height has room for the top row and REACH cards
      // at the widest strip; never so tall that the tallest column loses a rank.
      const filling = (height - gap) / (2 + (REACH - 1) * STRIP_SHARE);
      const keeping = (height - gap - (TALLEST - 1) * labelHeight(CORNER_MIN)) / 2;
      cardH = Math.max(cardH, Math.floor(Math.min(cardW * TALL_RATIO, filling, keeping)));
    }
    const tableauH = arrangement === "side" ? height : height - cardH - gap;
    // The card's own corner size, no wider than the card lets the widest label be.
    const beside = Math.min(cardW < 50 ? cardW * 0.46 : cardW * 0.38, (cardW * 0.92 - 3) / this.labelEm);
    // The widest strip a covered card shows: room for its label, and on a tall
    // board the share of the height a column of REACH cards leaves it.
    const reach = Math.min(cardH * STRIP_SHARE, (tableauH - cardH) / (REACH - 1));
    const fanMax = Math.max(labelHeight(beside) * 1.25, cardH * 0.3, reach);
    // Where the strip is tall enough, the label is stacked, rank over suit, and larger.
    const tall = Math.min(cardW * 0.62, (cardW * 0.92 - 3) / this.stackedEm, stackedFor(fanMax));
    const stacked = tall > beside;
    const corner = stacked ? tall : beside;
    setClass(this.root, "stacked", stacked);
    setStyle(this.root, "--card-w", `${cardW}px`);
    setStyle(this.root, "--card-h", `${cardH}px`);
    setStyle(this.root, "--gap", `${gap}px`);
    setStyle(this.root, "--corner", `${corner.toFixed(1)}px`);
    setStyle(this.root, "--tableau-h", `${Math.max(cardH, tableauH)}px`);
    // What a place's layout depends on besides its cards: unchanged, only the changed places are laid out.
    const sizes = [cardW, cardH, gap, arrangement, corner, stacked, beside, fanMax, tableauH].join(" ");
    const same = only !== null && only !== undefined && sizes === this.sizes;
    this.sizes = sizes;
    this.metrics = { cardW, cardH, gap, arrangement, corner, stacked };
    for (const [name, place] of this.places) {
      if (same && only && !only.has(place)) continue;
      const count = place.children.length;
      const fan = placeKind(name) === "column" && count > 1 ? Math.min(fanMax, (tableauH - cardH) / (count - 1)) : 0;
      // Where the fan is tight, this column's labels shrink to the strip each
      // card shows, stacked while that keeps them larger than side by side.
      let own = null;
      let flat = false;
      if (fan && (stacked ? stackedHeight(corner) : labelHeight(corner)) > fan) {
        const side = Math.max(8, Math.min(beside, cornerFor(fan)));
        flat = !stacked || stackedFor(fan) < side;
        own = `${(flat ? side : stackedFor(fan)).toFixed(1)}px`;
      }
      setStyle(place, "--corner", own);
      setClass(place, "flat", stacked && flat);
      Array.from(place.children).forEach((el, k) => setStyle(/** @type {HTMLElement} */ (el), "top", `${Math.floor(k * fan)}px`));
    }
  }

  // The place the dragged cards' rectangle overlaps most (columns reach down the tableau).
  /** @param {DOMRect} rect @returns {string | null} */
  bestDrop(rect) {
    let best = null;
    let bestArea = 0;
    for (const [name, el] of this.places) {
      const r = el.getBoundingClientRect();
      const bottom = placeKind(name) === "column" ? this.tableau.getBoundingClientRect().bottom : r.bottom;
      const w = Math.min(rect.right, r.right) - Math.max(rect.left, r.left);
      const h = Math.min(rect.bottom, bottom) - Math.max(rect.top, r.top);
      if (w > 0 && h > 0 && w * h > bestArea) {
        best = name;
        bestArea = w * h;
      }
    }
    return best;
  }

  /** Mark the places a drag may land on (none: []). @param {string[]} names */
  highlight(names) {
    for (const [name, el] of this.places) el.classList.toggle("target", names.includes(name));
  }

  /** The place's top card (or the place, empty) shakes: nothing happened there. @param {string} place */
  shake(place) {
    const el = this.places.get(place);
    const top = el && (el.lastElementChild || el);
    if (!top || !this.animate) return;
    top.animate(
      [
        { transform: "translateX(0)" },
        { transform: "translateX(-4px)" },
        { transform: "translateX(4px)" },
        { transform: "translateX(-3px)" },
        { transform: "translateX(0)" },
      ],
      { duration: 220 },
    );
  }

  // Where a card sits: its place and how many cards from it to the top.
  /** @param {HTMLElement} cardEl @returns {Location} */
  locate(cardEl) {
    const place = /** @type {HTMLElement} */ (cardEl.parentElement);
    const cards = /** @type {HTMLElement[]} */ (Array.from(place.children));
    return { place: String(place.dataset.place), count: cards.length - cards.indexOf(cardEl), cards: cards.slice(cards.indexOf(cardEl)) };
  }

  /** The element of the place `name` (t1…t10, c1…, f1…f4), which the board always has. @param {string} name */
  placeOf(name) {
    const el = this.places.get(name);
    if (!el) throw new Error(`the board has no place "${name}"`);
    return el;
  }
}
