// The start-up handshake with Python (web/main.py), through one object:
//
//   window.seahaven = {
//     loaded,                 true once every listener is in place and the strings are in
//     startup(),              JSON text: what the first game depends on (controller first_game):
//                             {hash, entropy, cells, saved}
//     boot(engine, notes),    Python hands over its engine function and, as JSON text, what to
//                             tell the player about the first game (controller first_game:
//                             {hash, saved, link}, into page.state.startup); the board is drawn
//     page,                   the page object {root, state, api, events} (create-page.js), for
//                             the tests and the console: window.seahaven.page.api.engine.state()
//   }
//
// PyScript starts before the page's script so the interpreter loads while it
// runs; Python waits for the "seahaven-loaded" event when it is ready first.
// `loaded` waits for the strings so the board is never drawn in English first.
import { entropy } from "./engine.js";
import { refusal, t } from "./i18n.js";
import { hashCode } from "./deals/url-hash.js";
import { EVENT } from "./events.js";

/** @param {import("./create-page.js").Page} page */
export function init(page) {
  const { api, events, state } = page;
  const seahaven = {
    loaded: false,
    page,
    startup() {
      const saved = state.saved ? state.saved.game : null;
      // The new deal a first visit's early board drew (entries/early-board.js), which the engine opens.
      const first = state.early ? state.early.dealt : null;
      return JSON.stringify({ hash: hashCode(), entropy: entropy(), cells: state.settings.cells, saved, first });
    },
    /** @param {(name: string, args: string) => string} engineFn @param {string | null} [notes] */
    boot(engineFn, notes) {
      api.engine.connect(engineFn); // the one hand-over of the bridge: every intent then goes through api.do
      /** @type {NonNullable<import("./create-page.js").State["startup"]>} */
      const startup = { hash: null, saved: null, link: null, ...(notes ? JSON.parse(notes) : {}) };
      state.startup = startup;
      api.do("state", null, { reason: "deal" });
      // Fixed steps before anyone hears "ready": the saved game's clock, then the game counted as opened.
      state.ready = true;
      api.pipeline.restored();
      api.pipeline.opened();
      events.emit(EVENT.ready);
      if (startup.hash) api.toast(t("status.badHash", { reason: refusal(startup.hash) }), 6000);
    },
  };
  window.seahaven = seahaven;
  // Once every listener of the first "language" has run, whatever order they were added in:
  // Python may boot within this event's dispatch.
  events.on(
    EVENT.language,
    () =>
      queueMicrotask(() => {
        seahaven.loaded = true;
        window.dispatchEvent(new Event("seahaven-loaded"));
      }),
    { once: true },
  );
}
