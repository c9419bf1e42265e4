// No tap is lost on a board drawn before the engine is ready (a return
// visit's saved board, or a first visit's new deal: entries/early-board.js).
// Each tap, double tap, drag and key made on it is kept as the intent it is,
// the place it touched looks pressed, and once the engine is ready they are
// played in order, as if it had been ready all along. The early board also
// keeps the events that come before the page's script has run (keptEarly),
// which input.js and keyboard.js take over when they start. No rule lives
// here: what a place lets go is the drawn view's `lift`, as the early board drew it.
import { EVENT } from "../events.js";

/**
 * The events the early board kept before the page's script ran, of one kind;
 * the early board keeps no more of that kind from then on.
 * @param {"pointer" | "key"} kind
 * @returns {Event[]}
 */
export function keptEarly(kind) {
  const early = window.seahavenEarly;
  if (!early) return [];
  early.stop(kind);
  return early.events.filter((e) => (kind === "key") === e.type.startsWith("key"));
}

/**
 * The intents kept until the engine is ready.
 * @param {import("../create-page.js").Page} page
 */
export function init(page) {
  const { api, events, state } = page;
  /** @type {(() => void)[]} */
  const kept = [];

  // Played after every other listener of "ready" has seen the first game
  // (the statistics count it opened, the save is restored), in the same task.
  events.on(
    EVENT.ready,
    () =>
      queueMicrotask(() => {
        for (const el of api.board.root.querySelectorAll(".pressed")) el.classList.remove("pressed");
        for (const play of kept.splice(0)) play();
      }),
    { once: true },
  );

  return {
    /** Whether input must be kept: the engine is not ready. */
    get waiting() {
      return !state.ready;
    },
    /**
     * Keep an intent until the engine is ready; `place` (if any) looks pressed meanwhile.
     * @param {string | null} place
     * @param {() => void} play
     */
    keep(place, play) {
      kept.push(play);
      if (place) api.board.places.get(place)?.classList.add("pressed");
    },
    /**
     * The view drawn before the engine is ready, null if none: the early board's (the saved
     * game's, or the build's new deal), else the saved game's, drawn by saving/saved-view.js.
     * @returns {import("../create-page.js").View | null}
     */
    view() {
      if (window.seahavenEarly?.view) return window.seahavenEarly.view;
      return document.body.dataset.preview ? (state.saved?.view ?? null) : null;
    },
  };
}
