// Pointer input → intents. A press that moves a few pixels becomes a drag;
// otherwise it is a tap, and taps.js tells a single tap from a double tap.
// Only one pointer at a time; the view's `lift` says how many cards a place
// lets go, its `dests` where they may land. No rule lives here. What a tap
// does is tap-policy.js's, for the keyboard too; a drag of a card that
// cannot be lifted shakes it and now and then (tips.js) says which run can.
import { cardShort, t } from "../i18n.js";
import { createTapPolicy, destsOf } from "./tap-policy.js";
import { createTip } from "./tips.js";
import { claimTouchMoves } from "./touch-moves.js";

/** @type {Record<string, number>} */
const DRAG_THRESHOLD = { mouse: 4, pen: 6, touch: 8 };

/**
 * What PointerInput hands the page: a press on the top `count` cards of
 * `place`, as a tap (its event's time: taps.js tells a double tap by it) or a
 * drag, which the page lets start (canLift) or refuses (cannotLift), and which
 * ends on the place `target` (null: off the board, or cancelled) with the
 * elements of the cards it carried.
 * @typedef {object} PointerHandlers
 * @property {(place: string, count: number, time: number) => void} tap
 * @property {(place: string, count: number) => boolean} canLift
 * @property {(place: string) => void} cannotLift
 * @property {(place: string, count: number) => void} dragStart
 * @property {(place: string, count: number, target: string | null, cardEls: HTMLElement[]) => void} drop
 */

export class PointerInput {
  /** @param {import("./board.js").Board} board @param {PointerHandlers} handlers */
  constructor(board, handlers) {
    this.board = board;
    this.handlers = handlers;
    this.press = null;
    const root = board.root;
    for (const type of ["pointerdown", "pointermove", "pointerup", "pointercancel", "lostpointercapture"]) {
      root.addEventListener(type, (e) => this.handle(e));
    }
    root.addEventListener("contextmenu", (e) => e.preventDefault());
    claimTouchMoves(root);
  }

  /** One pointer event: as it comes, or kept by the early board before this input started (early-input.js). */
  /** @param {Event} event every type it listens to is a PointerEvent's */
  handle(event) {
    const e = /** @type {PointerEvent} */ (event);
    if (e.type === "pointerdown") this.down(e);
    else if (e.type === "pointermove") this.move(e);
    else if (e.type === "pointerup") this.up(e);
    else this.cancel(e);
  }

  /** @param {PointerEvent} e */
  down(e) {
    if (!e.isTrusted || this.press || (e.pointerType === "mouse" && e.button !== 0)) return;
    if (!(e.target instanceof Element)) return; // on the board's root: always an element
    const cardEl = /** @type {HTMLElement | null} */ (e.target.closest("[data-card]"));
    const placeEl = /** @type {HTMLElement | null} */ (e.target.closest("[data-place]"));
    if (!placeEl) return;
    const where = cardEl ? this.board.locate(cardEl) : { place: /** @type {string} */ (placeEl.dataset.place), count: 1, cards: [] }; // [data-place]: it has one
    this.press = { id: e.pointerId, type: e.pointerType, x: e.clientX, y: e.clientY, ...where, dragging: false };
    e.preventDefault();
    try {
      this.board.root.setPointerCapture(e.pointerId);
    } catch {
      // a press kept from before the page's script ran: that pointer is up already
    }
  }

  /** @param {PointerEvent} e */
  move(e) {
    const p = this.press;
    if (!p || e.pointerId !== p.id) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    if (!p.dragging) {
      if (Math.hypot(dx, dy) < (DRAG_THRESHOLD[p.type] ?? 6) || !p.cards.length) return;
      if (!this.handlers.canLift(p.place, p.count)) {
        p.cards = []; // not movable: this press stays a (failed) tap or nothing
        this.handlers.cannotLift(p.place);
        return;
      }
      p.dragging = true;
      for (const el of p.cards) el.classList.add("dragging");
      this.handlers.dragStart(p.place, p.count);
    }
    for (const el of p.cards) el.style.transform = `translate(${dx}px, ${dy}px)`;
  }

  /** @param {PointerEvent} e */
  up(e) {
    const p = this.press;
    if (!p || e.pointerId !== p.id) return;
    this.press = null;
    if (p.dragging) {
      const first = p.cards[0].getBoundingClientRect();
      const target = this.board.bestDrop(first);
      this.handlers.drop(p.place, p.count, target, p.cards);
      return;
    }
    if (Math.hypot(e.clientX - p.x, e.clientY - p.y) >= (DRAG_THRESHOLD[p.type] ?? 6) * 3) return;
    this.handlers.tap(p.place, p.count, e.timeStamp);
  }

  /** @param {PointerEvent} e */
  cancel(e) {
    const p = this.press;
    if (!p || e.pointerId !== p.id) return;
    this.press = null;
    if (p.dragging) this.handlers.drop(p.place, p.count, null, p.cards);
  }
}

/**
 * @param {import("../create-page.js").Page} page
 * @param {{early: ReturnType<typeof import("./early-input.js").init>}} services
 */
export function init(page, { early }) {
  const { api, state } = page;
  const board = api.board;
  const taps = createTapPolicy(page);
  const liftTip = createTip();

  // Cards dropped on another place: the engine says whether they may land there.
  // `before`: where the cards were drawn (board.snapshot), from which they slide.
  /** @param {string} place @param {number} count @param {string} target @param {Map<string, DOMRect>} before */
  function drop(place, count, target, before) {
    const answer = api.do("drop", { src: place, dst: target, n: count }, { animate: false });
    board.slide(before, answer.ok ? 90 : 160);
  }

  const lift = (/** @type {string} */ place) => {
    const view = early.waiting ? early.view() : state.view;
    return view ? view.lift[place] || 0 : 0;
  };

  const input = new PointerInput(board, {
    tap(place, count, time) {
      if (!early.waiting) return taps.tap(place, count, time);
      early.keep(place, () => taps.tap(place, count, time));
    },
    canLift(place, count) {
      return count <= lift(place);
    },
    // A drag from a card the place does not let go: only its top run lifts.
    cannotLift(place) {
      board.shake(place);
      const count = lift(place);
      const view = state.view;
      if (early.waiting || !count || !view || !liftTip.due()) return;
      const card = view.places[place].at(-count);
      if (!card) return; // count is at most the place's cards
      api.toast(t("tip.lift", { count, card: cardShort(card) }), 3500);
    },
    // Where the cards may land is in the view (none on the early board's: asked at the drop).
    dragStart(place, count) {
      board.highlight(early.waiting ? [] : destsOf(state.view, place, count));
    },
    drop(place, count, target, cardEls) {
      board.highlight([]);
      const before = board.snapshot();
      for (const el of cardEls) {
        el.classList.remove("dragging");
        el.style.transform = "";
      }
      if (!target || target === place) return board.slide(before, 160);
      if (!early.waiting) return drop(place, count, target, before); // from where they were dropped
      // Kept: the cards go back, the place looks pressed, and the drop is played once the engine is ready.
      board.slide(before, 160);
      early.keep(place, () => drop(place, count, target, board.snapshot()));
    },
  });
  for (const e of early.kept("pointer")) input.handle(/** @type {PointerEvent} */ (e));
}
