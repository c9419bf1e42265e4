// Draws the state the engine gives: places, cards (keyed by card, created
// once), layout that always fits the viewport, and short move animations.
// No rule lives here.
import { RANKS, SUITS, SUIT_SYMBOL } from "./cards.js";
import { cardShort, rankLetters } from "./i18n.js";

const ANIMATION_MS = 140;
// The tallest column the layout must show every rank of, and the smallest
// corner label (px) it may shrink to for that: a column's cards fan out, and
// where they are tight its labels shrink, never below this.
const TALLEST = 19;
const CORNER_MIN = 13;
// A corner label's height for its font size: its line plus its margin.
const labelHeight = (corner) => corner * 1.05 + 2;
const cornerFor = (fan) => (fan - 2) / 1.05;
// An inline style written only when it changes: the browser restyles an
// element whose inline style is written, even with the value it had, and a
// board's custom properties reach every card. So laying out a board that
// already fits (the early board adopted, a move) restyles only what moved.
function setStyle(el, name, value) {
  if (value === null) {
    if (el.style.getPropertyValue(name)) el.style.removeProperty(name);
  } else if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
}

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
  // when it is made.
  constructor(root, { watch = true } = {}) {
    this.root = root;
    this.topRow = root.querySelector(".top-row");
    this.tableau = root.querySelector(".tableau");
    this.places = new Map(); // "t1" → element
    this.cards = new Map(); // "QS" → element
    this.view = null;
    this.metrics = null;
    this.size = null; // the root's border box, {width, height}, as last observed
    // The widest corner label ("10♦"), in em of its font: measured for the rank
    // letters in use (relabel), or as the board that drew the adopted cards knew it.
    this.labelEm = Number(root.dataset.labelEm) || 1.9;
    for (const el of root.querySelectorAll("[data-place]")) this.places.set(el.dataset.place, el);
    for (const el of root.querySelectorAll("[data-card]")) this.cards.set(el.dataset.card, el);
    this.cellCount = this.topRow.querySelectorAll(".cell").length;
    for (let i = 1; i <= 10; i++) if (!this.places.has(`t${i}`)) this.tableau.append(this.makePlace(`t${i}`, "column"));
    this.animate = true;
    this.watch = watch;
    if (!watch) {
      const box = root.getBoundingClientRect();
      this.size = { width: box.width, height: box.height };
      return;
    }
    new ResizeObserver(([entry]) => {
      const [box] = entry.borderBoxSize;
      this.size = { width: box.inlineSize, height: box.blockSize };
      this.layout();
    }).observe(root, { box: "border-box" });
  }

  makePlace(name, kind) {
    const el = document.createElement("div");
    el.className = `place ${kind}`;
    el.dataset.place = name;
    this.places.set(name, el);
    return el;
  }

  buildTopRow(cells) {
    if (cells === this.cellCount) return;
    for (const [name, el] of this.places) {
      if (!name.startsWith("t")) {
        el.remove();
        this.places.delete(name);
      }
    }
    this.topRow.replaceChildren();
    for (let i = 1; i <= cells; i++) this.topRow.append(this.makePlace(`c${i}`, "pile cell"));
    const spacer = document.createElement("div");
    spacer.className = "spacer";
    this.topRow.append(spacer);
    [...SUITS].forEach((suit, i) => {
      const el = this.makePlace(`f${i + 1}`, `pile foundation suit-${suit}`);
      el.dataset.symbol = SUIT_SYMBOL[suit];
      this.topRow.append(el);
    });
    this.cellCount = cells;
  }

  cardElement(card) {
    let el = this.cards.get(card);
    if (!el) {
      const suit = card[1];
      el = document.createElement("div");
      el.className = `card suit-${suit}`;
      el.dataset.card = card;
      const corner = document.createElement("span");
      corner.className = "corner";
      corner.textContent = cardShort(card);
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
      const label = cardShort(card);
      if (el.firstChild.textContent !== label) el.firstChild.textContent = label;
    }
    const king = cardShort("KS").slice(0, -1);
    for (let i = 1; i <= 10; i++) {
      const place = this.places.get(`t${i}`);
      if (place.dataset.empty !== king) place.dataset.empty = king;
    }
    if (this.root.dataset.labelLetters !== rankLetters().join(" ")) this.measureLabels();
    this.layout();
  }

  // The widest label's width for the rank letters in use (measured, or kept with
  // a save); the root keeps both for a board that adopts these cards.
  useLabelEm(em) {
    this.labelEm = em;
    this.root.dataset.labelEm = String(em);
    this.root.dataset.labelLetters = rankLetters().join(" ");
  }

  // How wide the widest corner label is, so that no label is cut at the card's
  // edge: each label measured on a canvas in the corner's own font, read from
  // one hidden corner. In Chromium this matched the laid-out labels to 0.02 px;
  // laying all 52 out in a probe instead forced the page's first layout while
  // MicroPython was starting, and took twice as long (42 ms against 20 on a
  // first visit with the CPU four times slower).
  // A canvas without letterSpacing measures wider, so labels stay whole.
  measureLabels() {
    const probe = this.cardElement("TD").cloneNode(true);
    probe.removeAttribute("data-card");
    probe.style.visibility = "hidden";
    const corner = probe.firstChild;
    corner.style.fontSize = "100px";
    this.tableau.append(probe);
    const style = getComputedStyle(corner);
    const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const spacing = style.letterSpacing;
    probe.remove();
    const context = document.createElement("canvas").getContext("2d");
    if (!context) return; // no canvas here: the labels keep the em they had
    context.font = font;
    context.letterSpacing = spacing;
    const widths = [];
    for (const rank of RANKS) {
      for (const suit of SUITS) widths.push(context.measureText(cardShort(rank + suit)).width);
    }
    const widest = Math.max(...widths);
    if (widest > 0) this.useLabelEm(widest / 100);
  }

  // Draw a view; with animate, cards slide from where they were.
  render(view, { animate = true } = {}) {
    const before = animate && this.animate && this.view ? this.snapshot() : null;
    this.view = view;
    this.buildTopRow(view.cells);
    for (const [name, cards] of Object.entries(view.places)) {
      const place = this.places.get(name);
      cards.forEach((card, i) => {
        const el = this.cardElement(card);
        if (place.children[i] !== el) place.insertBefore(el, place.children[i] || null);
      });
      while (place.children.length > cards.length) place.lastChild.remove();
    }
    this.layout();
    if (before) this.slide(before);
  }

  snapshot() {
    const rects = new Map();
    for (const [card, el] of this.cards) if (el.isConnected) rects.set(card, el.getBoundingClientRect());
    return rects;
  }

  // FLIP: each moved card starts where it was and slides to its new place.
  slide(before, duration = ANIMATION_MS) {
    if (!this.animate) return;
    for (const [card, old] of before) {
      const el = this.cards.get(card);
      const now = el.getBoundingClientRect();
      const dx = old.left - now.left;
      const dy = old.top - now.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
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
    return Math.min(byWidth, byHeight / 1.4, 120);
  }

  // Card size from the space available, in the arrangement that gives the
  // larger cards; each column's fan shrinks to fit, and its corner labels with it.
  layout() {
    if (!this.view || !this.size) return;
    const gap = Math.max(3, Math.min(12, this.size.width * 0.01));
    const width = this.size.width - 2 * gap;
    const height = this.size.height - 2 * gap;
    const top = this.cardWidth("top", width, height, gap);
    const side = this.cardWidth("side", width, height, gap);
    const arrangement = side > top * 1.05 ? "side" : "top";
    this.root.classList.toggle("side", arrangement === "side");
    const cardW = Math.floor(Math.max(24, arrangement === "side" ? side : top));
    const cardH = Math.round(cardW * 1.4);
    const tableauH = arrangement === "side" ? height : height - cardH - gap;
    // The card's own corner size, no wider than the card lets the widest label be.
    const corner = Math.min(cardW < 50 ? cardW * 0.46 : cardW * 0.38, (cardW * 0.92 - 3) / this.labelEm);
    const fanMax = Math.max(labelHeight(corner) * 1.25, cardH * 0.3);
    setStyle(this.root, "--card-w", `${cardW}px`);
    setStyle(this.root, "--card-h", `${cardH}px`);
    setStyle(this.root, "--gap", `${gap}px`);
    setStyle(this.root, "--corner", `${corner.toFixed(1)}px`);
    setStyle(this.root, "--tableau-h", `${Math.max(cardH, tableauH)}px`);
    this.metrics = { cardW, cardH, gap, arrangement };
    for (const [name, place] of this.places) {
      const count = place.children.length;
      const fan = name[0] === "t" && count > 1 ? Math.min(fanMax, (tableauH - cardH) / (count - 1)) : 0;
      // Where the fan is tight, this column's labels shrink to the strip each card shows.
      const tight = fan && labelHeight(corner) > fan;
      setStyle(place, "--corner", tight ? `${Math.max(8, cornerFor(fan)).toFixed(1)}px` : null);
      Array.from(place.children).forEach((el, k) => setStyle(el, "top", `${Math.floor(k * fan)}px`));
    }
  }

  // The place the dragged cards' rectangle overlaps most (columns reach down the tableau).
  bestDrop(rect) {
    let best = null;
    let bestArea = 0;
    for (const [name, el] of this.places) {
      const r = el.getBoundingClientRect();
      const bottom = name.startsWith("t") ? this.tableau.getBoundingClientRect().bottom : r.bottom;
      const w = Math.min(rect.right, r.right) - Math.max(rect.left, r.left);
      const h = Math.min(rect.bottom, bottom) - Math.max(rect.top, r.top);
      if (w > 0 && h > 0 && w * h > bestArea) {
        best = name;
        bestArea = w * h;
      }
    }
    return best;
  }

  highlight(names) {
    for (const [name, el] of this.places) el.classList.toggle("target", names.includes(name));
  }

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
  locate(cardEl) {
    const place = cardEl.parentElement;
    const cards = Array.from(place.children);
    return { place: place.dataset.place, count: cards.length - cards.indexOf(cardEl), cards: cards.slice(cards.indexOf(cardEl)) };
  }
}
