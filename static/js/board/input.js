// Pointer input → intents. A press that moves a few pixels becomes a drag;
// otherwise it is a tap, and taps.js tells a single tap from a double tap.
// Only one pointer at a time; the view's `lift` says how many cards a place
// lets go, the engine where they may land. No rule lives here. A tap that
// does nothing shakes the card and says why (refusals.js); a drag of a card
// that cannot be lifted shakes it and now and then (tips.js) says which run can.
import { cardShort, refusal, t } from "../i18n.js";
import { coveredTapWords, tapWords } from "./refusals.js";
import { createTaps } from "./taps.js";
import { createTip } from "./tips.js";
import { EVENT } from "../events.js";
import { keptEarly } from "./early-input.js";
import { claimTouchMoves } from "./touch-moves.js";

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
  handle(e) {
    if (e.type === "pointerdown") this.down(e);
    else if (e.type === "pointermove") this.move(e);
    else if (e.type === "pointerup") this.up(e);
    else this.cancel(e);
  }

  down(e) {
    if (!e.isTrusted || this.press || (e.pointerType === "mouse" && e.button !== 0)) return;
    const cardEl = e.target.closest("[data-card]");
    const placeEl = e.target.closest("[data-place]");
    if (!placeEl) return;
    const where = cardEl ? this.board.locate(cardEl) : { place: placeEl.dataset.place, count: 1, cards: [] };
    this.press = { id: e.pointerId, type: e.pointerType, x: e.clientX, y: e.clientY, ...where, dragging: false };
    e.preventDefault();
    try {
      this.board.root.setPointerCapture(e.pointerId);
    } catch {
      // a press kept from before the page's script ran: that pointer is up already
    }
  }

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
  const { api, events, state } = page;
  const board = api.board;
  // Taps are told apart by the time they were made (the event's timeStamp),
  // not the time they are handled: a double tap stays one on a busy main
  // thread, and a tap kept on the early board (early-input.js) is played at
  // its own time (two taps a second apart stay two taps).
  const taps = createTaps({ now: () => performance.now(), later: setTimeout, cancel: clearTimeout });
  const liftTip = createTip();

  /** Shake `place` and say why nothing moved (nothing said when there are no words). */
  function refuse(place, words) {
    board.shake(place);
    if (words) api.toast(words, 3500);
  }

  // A single tap sends the top card home; on a card deeper in a column it
  // only prepares a double tap on the run from there. A refusal shakes and
  // says why, once no second tap came.
  function tap(place, count, time) {
    taps.tap(place, {
      single() {
        const view = state.view;
        if (count !== 1) return { moved: false, refuse: () => refuse(place, coveredTapWords(view, place, count)) };
        const answer = api.act(api.engine.tap({ place }));
        if (answer.ok) return { moved: true };
        const refused = /** @type {import("#build/engine-api.js").Refused} */ (answer);
        return { moved: false, refuse: () => refuse(place, tapWords(refused, view)) };
      },
      double() {
        // A double tap on a foundation asks to finish the game.
        if (place[0] === "f") return events.emit(EVENT.finish, { place });
        const answer = api.act(api.engine.doubleTap({ place, n: count }));
        if (answer.ok === false) refuse(place, refusal(answer.error));
      },
    }, time);
  }

  // Cards dropped on another place: the engine says whether they may land there.
  // `before`: where the cards were drawn (board.snapshot), from which they slide.
  function drop(place, count, target, before) {
    const answer = api.engine.drop({ src: place, dst: target, n: count });
    if (answer.ok) api.show(answer, { animate: false });
    else if (answer.ok === false) api.toast(refusal(answer.error));
    board.slide(before, answer.ok ? 90 : 160);
  }

  const lift = (place) => {
    const view = early.waiting ? early.view() : state.view;
    return view ? view.lift[place] || 0 : 0;
  };

  const input = new PointerInput(board, {
    tap(place, count, time) {
      if (!early.waiting) return tap(place, count, time);
      early.keep(place, () => tap(place, count, time));
    },
    canLift(place, count) {
      return count <= lift(place);
    },
    // A drag from a card the place does not let go: only its top run lifts.
    cannotLift(place) {
      board.shake(place);
      const count = lift(place);
      if (early.waiting || !count || !liftTip.due()) return;
      const card = state.view.places[place].at(-count);
      api.toast(t("tip.lift", { count, card: cardShort(card) }), 3500);
    },
    dragStart(place, count) {
      if (early.waiting) return; // where it may land is asked when the engine is ready
      const found = api.engine.targets({ src: place, n: count });
      board.highlight(found.ok === false ? [] : found.targets);
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
  for (const e of keptEarly("pointer")) input.handle(/** @type {PointerEvent} */ (e));
}
