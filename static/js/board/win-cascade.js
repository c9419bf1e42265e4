// The win, celebrated as solitaire players know it: the cards leave the
// foundations one by one, kings first, and bounce across the felt leaving a
// trail of themselves. Drawn on a canvas over the board, seen alone for a
// moment (ALONE_MS), then under the win dialog, which stays usable (the
// canvas never takes a tap): `shown()` says when the dialog may come. Any tap
// or key, the dialog closing or another state ends it at once (and the dialog
// comes then), and without animations (the setting, or
// prefers-reduced-motion: board.animate) it never starts. The board itself is
// not changed: the cards in flight are only hidden in their foundations meanwhile.
import { FOUNDATIONS } from "#build/facts.js";
import { SUIT_SYMBOL } from "./cards.js";
import { EVENT } from "../events.js";
import { find } from "../find.js";

const LAUNCH_MS = 110; // between two cards leaving
const SETTLE_MS = 320; // the last card's slide home ends first
const LONGEST_MS = 9000; // then the trails fade, whatever is still in flight
const FADE_MS = 700;
const BOUNCE = 0.72; // the speed a card keeps when it bounces off the bottom
const ALONE_MS = 2500; // the show seen alone, after the last card's slide home, before the win dialog covers it

/** @typedef {import("#build/engine-api.js").View} View */
/**
 * The show under way: its canvas, the frame asked for, the timer that starts
 * or ends it, the cards flown (hidden on the board), the timer after which it
 * has been seen alone, and whether it has.
 * @typedef {{canvas: HTMLCanvasElement | null, frame: number, timer: number, flown: HTMLElement[], alone: number,
 *   seen: boolean}} Run
 */
/** A card in flight: its image, where it is and its speed (px, px/s). @typedef {{image: HTMLCanvasElement, x: number, y: number, vx: number, vy: number}} Flying */

// The order the cards leave in: each foundation's top card in turn.
/** @param {View} view @returns {{card: string, from: string}[]} */
function departures(view) {
  /** @type {[string, string[]][]} */
  const piles = FOUNDATIONS.map((name) => [name, [...(view.places[name] || [])]]);
  const out = [];
  for (let left = true; left; ) {
    left = false;
    for (const [name, cards] of piles) {
      if (!cards.length) continue;
      out.push({ card: /** @type {string} */ (cards.pop()), from: name });
      left = true;
    }
  }
  return out;
}

// A card's face on a canvas of its own, drawn as game.css draws it.
/** @param {HTMLElement} el @param {import("./board.js").Metrics} metrics @param {number} ratio */
function cardImage(el, metrics, ratio) {
  const { cardW: w, cardH: h } = metrics;
  const style = getComputedStyle(el);
  const corner = getComputedStyle(/** @type {Element} */ (el.firstElementChild));
  const canvas = document.createElement("canvas");
  canvas.width = Math.ceil(w * ratio);
  canvas.height = Math.ceil(h * ratio);
  const c = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  c.scale(ratio, ratio);
  const face = c.createLinearGradient(0, 0, 0, h);
  face.addColorStop(0, style.getPropertyValue("--card-top").trim() || "#fff");
  face.addColorStop(1, style.getPropertyValue("--card-bottom").trim() || "#f3f1ea");
  c.beginPath();
  if (c.roundRect) c.roundRect(0.5, 0.5, w - 1, h - 1, w * 0.1);
  else c.rect(0.5, 0.5, w - 1, h - 1);
  c.fillStyle = face;
  c.fill();
  c.strokeStyle = style.borderTopColor;
  c.lineWidth = 1;
  c.stroke();
  const suit = SUIT_SYMBOL[String(el.dataset.card)[1]];
  const rank = /** @type {Text} */ (/** @type {Element} */ (el.firstElementChild).firstChild).data;
  const size = parseFloat(corner.fontSize);
  c.fillStyle = style.color;
  c.textBaseline = "top";
  c.font = `${corner.fontWeight} ${size}px ${corner.fontFamily}`;
  if (metrics.stacked) {
    c.textAlign = "center";
    const middle = w * 0.06 + c.measureText(rank).width / 2;
    c.fillText(rank, middle, 1);
    c.font = `${corner.fontWeight} ${size * 0.8}px ${corner.fontFamily}`;
    c.fillText(suit, middle, 1 + size * 1.05);
  } else {
    c.fillText(rank + suit, w * 0.06, 1);
  }
  c.textAlign = "right";
  c.textBaseline = "bottom";
  c.font = `${w * 0.62}px ${corner.fontFamily}`;
  c.fillText(suit, w * 0.94, h * 0.97);
  return canvas;
}

// The canvas the cards fly on, over the board's box.
/** @param {DOMRect} box @param {number} ratio */
function cascadeCanvas(box, ratio) {
  const canvas = document.createElement("canvas");
  canvas.className = "win-cascade";
  canvas.dataset.testid = "win-cascade";
  canvas.setAttribute("aria-hidden", "true");
  Object.assign(canvas.style, { left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px` });
  canvas.width = Math.round(box.width * ratio);
  canvas.height = Math.round(box.height * ratio);
  return canvas;
}

// The cards leave the foundations one by one and bounce across the board, a
// frame at a time while `current()` is the run they belong to; then the canvas fades and `stop` ends the run.
/**
 * @param {import("./board.js").Board} board
 * @param {View} view
 * @param {{box: DOMRect, ratio: number, c: CanvasRenderingContext2D}} surface
 * @param {() => Run | null} current
 * @param {() => void} stop
 */
function fly(board, view, { box, ratio, c }, current, stop) {
  const run = /** @type {Run} */ (current()); // the run start() has just made
  const metrics = /** @type {import("./board.js").Metrics} */ (board.metrics); // measured: it drew the win
  const from = new Map();
  for (const name of FOUNDATIONS) {
    const place = board.places.get(name);
    if (!place) continue; // the board draws every foundation
    const r = place.getBoundingClientRect();
    from.set(name, { x: r.left - box.left, y: r.top - box.top });
  }
  const queue = departures(view);
  /** @type {Flying[]} */
  const flying = [];
  const { cardW: w, cardH: h } = metrics;
  const floor = box.height;
  const gravity = box.height * 2.4; // px/s²: a card dropped from the top reaches the bottom in about 0.9 s
  const began = performance.now();
  let last = began;
  let launched = began - LAUNCH_MS;

  /** @param {number} now */
  function launch(now) {
    const next = queue.shift();
    if (!next) return; // called only while the queue holds cards
    const el = board.cards.get(next.card);
    const at = from.get(next.from);
    if (!el || !at) return; // every card drawn, on a foundation measured above
    // Towards the middle of the board, at a speed of its own, some up first.
    const toward = at.x + w / 2 < box.width / 2 ? 1 : -1;
    const side = Math.random() < 0.85 ? toward : -toward;
    flying.push({
      image: cardImage(el, metrics, ratio),
      x: at.x,
      y: at.y,
      vx: side * box.width * (0.25 + Math.random() * 0.35),
      vy: -box.height * Math.random() * 0.9,
    });
    el.classList.add("flown");
    run.flown.push(el);
    launched = now;
  }

  /** @param {number} now */
  function frame(now) {
    if (current() !== run) return;
    const dt = Math.min(0.05, (now - last) / 1000);
    last = now;
    if (queue.length && now - launched >= LAUNCH_MS) launch(now);
    for (const card of flying) {
      card.vy += gravity * dt;
      card.x += card.vx * dt;
      card.y += card.vy * dt;
      if (card.y + h > floor) {
        card.y = floor - h;
        card.vy = -card.vy * BOUNCE;
      }
      c.drawImage(card.image, card.x, card.y, w, h);
    }
    for (let i = flying.length - 1; i >= 0; i--) {
      if (flying[i].x > box.width || flying[i].x + w < 0) flying.splice(i, 1);
    }
    const done = !queue.length && !flying.length;
    if (done || now - began > LONGEST_MS) {
      run.canvas?.classList.add("fading");
      run.timer = setTimeout(stop, FADE_MS);
      return;
    }
    run.frame = requestAnimationFrame(frame);
  }

  run.frame = requestAnimationFrame(frame);
}

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const { api, events } = page;
  const board = api.board;
  const dialog = find(page.root, "#win-dialog", HTMLDialogElement);
  /** @type {Run | null} */
  let run = null;
  /** @type {(() => void)[]} */
  const waiting = []; // shown()'s callers, until the show has been seen alone or has ended

  // Any tap or key ends it, wherever it lands.
  const ENDS = ["pointerdown", "keydown"];

  function seen() {
    if (run) {
      clearTimeout(run.alone);
      run.seen = true;
    }
    for (const resolve of waiting.splice(0)) resolve();
  }

  function stop() {
    if (!run) return;
    const { canvas, frame, timer, flown } = run;
    seen();
    run = null;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    if (canvas) canvas.remove();
    for (const el of flown) el.classList.remove("flown");
    for (const type of ENDS) removeEventListener(type, stop, true);
  }

  /** @param {View} view */
  function start(view) {
    const box = board.root.getBoundingClientRect();
    const ratio = devicePixelRatio || 1;
    const canvas = cascadeCanvas(box, ratio);
    const c = canvas.getContext("2d");
    if (!c) return stop();
    c.scale(ratio, ratio);
    if (!run) return; // start() is called with the run it draws
    document.body.append(canvas);
    run.canvas = canvas;
    fly(board, view, { box, ratio, c }, () => run, stop);
  }

  // The win is celebrated when it happens, not when a won game is opened again.
  events.on(EVENT.state, ({ view, previous, reason }) => {
    stop();
    if (!view.won || !previous || previous.won || reason === "deal" || !board.animate) return;
    run = { canvas: null, frame: 0, timer: setTimeout(() => start(view), SETTLE_MS), flown: [], alone: 0, seen: false };
    run.alone = setTimeout(seen, SETTLE_MS + ALONE_MS);
    for (const type of ENDS) addEventListener(type, stop, true);
  });
  dialog.addEventListener("close", stop);

  return {
    /**
     * Resolves once the win's show has been seen alone, or has ended (a tap, a
     * key, another state drawn, or nothing left in flight); at once when none is on.
     * @returns {Promise<void>}
     */
    shown() {
      if (!run || run.seen) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}
