// A return visit shows the player's board at once: the last view the
// controller sent, kept with the saved game (storage.js), is drawn by the
// early board (early-board.js) in the first paint, and again here once the
// strings are in (when the early board could not: a save without its rank
// letters), long before Python is ready. It is only drawn (api.preview): no rule runs here,
// input waits for the engine, and the engine's own view replaces it when the
// first game is drawn, in place, so nothing moves when they agree. Not when
// the URL names another deal: the engine opens that one.
import { afterPaint } from "../after-paint.js";
import { hashCode } from "../deals/url-hash.js";
import { EVENT } from "../events.js";

// Whether the saved view is the game this visit opens: not when the URL names another deal.
/** @param {{code: string | null}} view */
export function opensSaved(view) {
  const asked = hashCode().trim().toUpperCase();
  return !asked || asked === view.code;
}

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const { api, events, state } = page;
  events.on(
    EVENT.language,
    () => {
      const saved = state.saved;
      if (state.ready || !saved || !saved.view || !opensSaved(saved.view)) return;
      api.preview(saved.view, saved.elapsed);
      if (state.preview) return; // the early board drew it first (early-board.js)
      api.set({ preview: true });
      afterPaint(() => performance.mark("saved-board-painted"));
    },
    { once: true },
  );
  events.on(EVENT.ready, () => api.set({ preview: false }), { once: true });
}
