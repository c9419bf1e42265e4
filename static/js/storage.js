// The game in progress, kept in the browser's storage: read at start-up (into
// page.state.saved, which the handshake hands to the engine to replay and
// validate), written after every change drawn, when the page is hidden or
// about to reload ("save"), and every 15 s for the clock. The record's format
// is saved-game.js; reading and writing go through page.api.store.
import { afterPaint } from "./after-paint.js";
import { GAME_KEY, gameRecord, readGameRecord, sameGame } from "./saved-game.js";

export function init(page) {
  const { api, events, state } = page;
  state.saved = readGameRecord(api.store.read(GAME_KEY));
  let last = ""; // the record last written, as text: an unchanged game is not written again

  function save() {
    if (!state.ready) return;
    let answer;
    try {
      answer = api.engine("save");
    } catch (err) {
      console.warn(`seahaven: the game could not be saved: ${err.message}`);
      return;
    }
    if (!answer || !answer.ok) return;
    const record = gameRecord(answer.save, api.clock.seconds(), state.view);
    const text = JSON.stringify(record);
    if (text === last) return;
    if (api.store.write(GAME_KEY, record)) last = text;
  }

  events.on("ready", () => {
    // The engine restored the saved game (not the URL's other deal, nor a fresh
    // one because the save was corrupt): its clock goes on from the saved time.
    const saved = state.saved;
    if (saved && sameGame(api.engine("save").save, saved.game)) api.clock.elapsed = saved.elapsed * 1000;
    afterPaint(save);
  });
  events.on("state", () => afterPaint(save));
  events.on("save", save);
  addEventListener("pagehide", save);
  document.addEventListener("visibilitychange", () => document.hidden && save());
  setInterval(save, 15000); // the clock runs between moves: keep its saved value fresh too
}
