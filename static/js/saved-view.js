// A return visit shows the player's board at once: the last view the
// controller sent, kept with the saved game (storage.js), is drawn as soon as
// the strings are in (the cards' corners are in the player's language), long
// before Python is ready. It is only drawn (api.preview): no rule runs here,
// input waits for the engine, and the engine's own view replaces it when the
// first game is drawn, in place, so nothing moves when they agree. Not when
// the URL names another deal: the engine opens that one.
import { afterPaint } from "./after-paint.js";
import { hashCode } from "./url-hash.js";

export function init(page) {
  const { api, events, state } = page;
  events.on(
    "language",
    () => {
      const saved = state.saved;
      if (state.ready || !saved || !saved.view) return;
      const asked = hashCode().trim().toUpperCase();
      if (asked && asked !== saved.view.code) return;
      api.preview(saved.view, saved.elapsed);
      document.body.dataset.preview = "1";
      afterPaint(() => performance.mark("saved-board-painted"));
    },
    { once: true },
  );
  events.on("ready", () => delete document.body.dataset.preview, { once: true });
}
