// The game in progress and its statistics in the browser's storage, through
// one saver (saving.js), which init returns: stats.js records events with it.
// The stored game is read at start-up (into page.state.saved, which the
// handshake hands to the engine to replay and validate); what changed is
// written after every state drawn, when the page is hidden or about to reload
// ("save"), every 15 s for the clock, and every few seconds while storage is
// full, refused the write or did not keep what was written. Another tab's write (the "storage" event) is checked at once. The
// saver's status goes out as the "saving" event (save-notices.js shows it).
import { afterPaint } from "../after-paint.js";
import { find } from "../find.js";
import { rankLetters, staticStrings } from "../i18n.js";
import { GAME_KEY, sameGame } from "./saved-game.js";
import { createSaving } from "./saving.js";
import { EVENT } from "../events.js";

const CLOCK_MS = 15000; // the clock runs between moves: keep its saved value fresh too
const RETRY_MS = 3000; // storage full or refusing: try again this often, so saving resumes once it can

// An id for this tab's writes, different in every tab and at every load.
function tabId() {
  return Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join("");
}

/**
 * @param {import("../create-page.js").Page} page
 * @returns {{saver: ReturnType<typeof createSaving>}}
 */
export function init(page) {
  const { api, events, state } = page;
  let retry = 0;
  // The language the board and the toolbar are drawn in, kept with the save for
  // the next visit's early board: read when it changes, not at every write.
  let drawnIn = {};
  events.on(EVENT.language, () => {
    drawnIn = { ranks: rankLetters(), words: staticStrings(find(page.root, ".toolbar", HTMLElement)) };
  });

  // The game as the engine last gave it (every answer carries its save record: no call back).
  function current() {
    if (!state.ready || !state.game) return null;
    return { game: state.game.save, elapsed: api.clock.seconds(), view: state.view || null, labelEm: api.board.labelEm, stackedEm: api.board.stackedEm, ...drawnIn };
  }

  /** @param {import("./saving.js").Status} status */
  function onStatus(status) {
    clearInterval(retry);
    if (status === "full" || status === "unsaved" || status === "refused") retry = setInterval(flush, RETRY_MS);
    api.set({ saving: status });
    events.emit(EVENT.saving, { status });
  }

  const saver = createSaving(api.store, { tab: tabId(), current, onStatus });
  const { saved } = saver.open();
  state.saved = saved;

  function flush() {
    if (state.ready) saver.flush();
  }

  // Steps of the page's pipeline (create-page.js), whatever order the features started in.
  api.pipeline.restored = () => {
    api.set({ saving: saver.status });
    // The engine restored the saved game (not the URL's other deal, nor a fresh
    // one because the save was corrupt): its clock goes on from the saved time.
    if (saved && state.game && sameGame(state.game.save, saved.game)) api.clock.elapsed = saved.elapsed * 1000;
    // The engine could not restore it: kept aside before the new game is saved.
    if (state.startup && state.startup.saved) saver.keepAside();
    afterPaint(flush);
  };
  api.pipeline.save = () => afterPaint(flush);
  events.on(EVENT.save, flush);
  addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => document.hidden && flush());
  setInterval(flush, CLOCK_MS);
  addEventListener("storage", (e) => {
    if (e.key === GAME_KEY || e.key === null) saver.check();
  });
  // Back from the back/forward cache: another tab may have stored another game meanwhile.
  addEventListener("pageshow", (e) => e.persisted && saver.check());
  return { saver };
}
