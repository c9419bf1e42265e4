// No tap is lost on a board drawn before the engine is ready (a return
// visit's saved board, or a first visit's new deal: entries/early-board.js).
// Each tap, double tap, drag and key made on it is kept as the intent it is,
// the place it touched looks pressed, and once the engine is ready they are
// played in order, as if it had been ready all along: up to the first that
// changes the board in the task that makes it ready, the others once its frame
// is painted. The early board also
// keeps the events that come before the page's script has run (handed over
// in page.state.early), which input.js and keyboard.js take over when they
// start (`kept`). No rule lives here: what a place lets go is the drawn
// view's `lift`, as the early board drew it.
import { afterPaint, callReporting } from "../after-paint.js";
import { EVENT } from "../events.js";

// How long the task that makes the engine ready may go on playing kept intents
// that change nothing on the board, looking for one that does: a frame painted
// sooner would show no more (their refusals wait for the double-tap window),
// and the others wait for that frame. A refused tap costs a few ms on a
// phone: this is a bound for a page holding dozens of them.
const FIRST_MS = 50;

/**
 * The intents kept until the engine is ready.
 * @param {import("../create-page.js").Page} page
 */
export function init(page) {
  const { api, events, state } = page;
  /** @type {{place: string | null, play: () => void}[]} */
  const kept = [];

  // The first kept intent to play, and its place no longer pressed unless another kept one is there.
  function playNext() {
    const { place, play } = /** @type {{place: string | null, play: () => void}} */ (kept.shift());
    if (place && !kept.some((other) => other.place === place)) {
      api.board.places.get(place)?.classList.remove("pressed");
    }
    callReporting(play);
  }

  // The first are played after every other listener of "ready" has seen the
  // first game (the statistics count it opened, the save is restored), in the
  // same task, up to the first that changes the board, so the next frame shows
  // an answer (a refused tap shows nothing until no second tap came: taps.js);
  // the others once that frame is painted, all in one task: twenty taps kept
  // while the engine started cost twenty moves and their drawing, which before
  // the first frame would hold its answer back by as many. FIRST_MS bounds the
  // first task however many of them change nothing. Input meanwhile is kept
  // behind them (`waiting`).
  function playFirst() {
    const start = performance.now();
    while (kept.length) {
      const before = state.view;
      playNext();
      if (state.view !== before || performance.now() - start > FIRST_MS) break;
    }
  }
  function playRest() {
    while (kept.length) playNext();
  }
  events.on(
    EVENT.ready,
    () =>
      queueMicrotask(() => {
        if (!kept.length) return;
        playFirst();
        if (kept.length) afterPaint(playRest);
      }),
    { once: true },
  );

  return {
    /**
     * The events the early board kept before the page's script ran, of one kind;
     * the early board keeps no more of that kind from then on.
     * @param {"pointer" | "key"} kind
     * @returns {Event[]}
     */
    kept(kind) {
      const early = state.early;
      if (!early) return [];
      early.stop(kind);
      return early.events.filter((e) => (kind === "key") === e.type.startsWith("key"));
    },
    /** Whether input must be kept: the engine is not ready, or intents kept before are still to be played. */
    get waiting() {
      return !state.ready || kept.length > 0;
    },
    /**
     * Keep an intent until the engine is ready; `place` (if any) looks pressed meanwhile.
     * @param {string | null} place
     * @param {() => void} play
     */
    keep(place, play) {
      kept.push({ place, play });
      if (place) api.board.places.get(place)?.classList.add("pressed");
    },
    /**
     * The view input is checked against: the engine's once it is ready; before, the view
     * drawn before it: the early board's (the saved game's, or the build's new deal), else
     * the saved game's, drawn by saving/saved-view.js; null if none.
     * @returns {import("../saving/bounds.js").StoredView | null}
     */
    view() {
      if (state.ready) return state.view;
      if (state.early) return state.early.view;
      return state.preview ? (state.saved?.view ?? null) : null;
    },
  };
}
