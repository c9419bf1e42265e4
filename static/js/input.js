// Pointer input → intents. A press that moves a few pixels becomes a drag;
// otherwise it is a tap, and a second tap on the same place soon after is a
// double tap. Only one pointer at a time; the engine decides every move.

const DRAG_THRESHOLD = { mouse: 4, pen: 6, touch: 8 };
export const DOUBLE_TAP_MS = 350;

export class PointerInput {
  // handlers: { tap(place, count), doubleTap(place, count), canLift(place, count),
  //             dragStart(place, count), drop(place, count, target, cardEls) }
  constructor(board, handlers) {
    this.board = board;
    this.handlers = handlers;
    this.press = null;
    const root = board.root;
    root.addEventListener("pointerdown", (e) => this.down(e));
    root.addEventListener("pointermove", (e) => this.move(e));
    root.addEventListener("pointerup", (e) => this.up(e));
    root.addEventListener("pointercancel", (e) => this.cancel(e));
    root.addEventListener("lostpointercapture", (e) => this.cancel(e));
    root.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  down(e) {
    if (!e.isTrusted || this.press || (e.pointerType === "mouse" && e.button !== 0)) return;
    const cardEl = e.target.closest("[data-card]");
    const placeEl = e.target.closest("[data-place]");
    if (!placeEl) return;
    const where = cardEl ? this.board.locate(cardEl) : { place: placeEl.dataset.place, count: 1, cards: [] };
    this.press = { id: e.pointerId, type: e.pointerType, x: e.clientX, y: e.clientY, ...where, dragging: false };
    this.board.root.setPointerCapture(e.pointerId);
    e.preventDefault();
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
    this.tapped(p.place, p.count);
  }

  cancel(e) {
    const p = this.press;
    if (!p || e.pointerId !== p.id) return;
    this.press = null;
    if (p.dragging) this.handlers.drop(p.place, p.count, null, p.cards);
  }

  // A single tap acts at once; a quick second tap on the same place is a
  // double tap, unless the first tap already moved a card (then it is ignored).
  tapped(place, count) {
    const now = performance.now();
    const last = this.lastTap;
    if (last && last.place === place && now - last.time < DOUBLE_TAP_MS) {
      this.lastTap = null;
      clearTimeout(last.refusal);
      if (!last.moved) this.handlers.doubleTap(place, count);
      return;
    }
    const result = this.handlers.tap(place, count);
    this.lastTap = { place, count, time: now, moved: result.moved, refusal: null };
    if (!result.moved && result.refuse) this.lastTap.refusal = setTimeout(result.refuse, DOUBLE_TAP_MS);
  }
}
