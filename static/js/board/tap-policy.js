// What a tap does, written once for the pointer (input.js), the keyboard's
// Enter (keyboard.js) and the taps kept on the early board (early-input.js
// plays them through the same functions): a single tap on a top card sends it
// home, on a card deeper in a column it only prepares a double tap on the run
// from there; a double tap plays the engine's choice of move, and on a
// foundation asks to finish the game. A refused single tap shakes the place
// and says why (refusals.js) once no second tap came (taps.js); a refused
// double tap at once. Where a drag or a pick-up may land is the view's
// (destsOf). No rule lives here: the engine decides every move.
import { placeKind } from "#build/facts.js";
import { refusal } from "../i18n.js";
import { coveredTapWords, tapWords } from "./refusals.js";
import { createTaps } from "./taps.js";

/** @typedef {{moved: boolean, n?: number, refuse?: () => void}} FirstTap */

/**
 * Where the top `n` cards of `place` may go in `view` (the engine's view.dests), for a
 * drag's highlight and a pick-up from the keyboard: none on a view without them (the
 * early board's, drawn before the engine is ready).
 * @param {import("../create-page.js").View | null} view
 * @param {string} place
 * @param {number} n
 * @returns {string[]}
 */
export function destsOf(view, place, n) {
  const byCount = view && view.dests ? view.dests[place] : null;
  return (byCount && byCount[n]) || [];
}

/**
 * The tap policy over a page's API: `tap(place, n, time, held)`, and `disarm()`
 * (a pick-up from the keyboard forgets the tap before it).
 * @param {import("../create-page.js").Page} page
 */
export function createTapPolicy({ api, state }) {
  // Taps are told apart by the time they were made (the event's timeStamp),
  // not the time they are handled: a double tap stays one on a busy main
  // thread, and a tap kept on the early board is played at its own time.
  const taps = createTaps({ now: () => performance.now(), later: setTimeout, cancel: clearTimeout });

  /**
   * Shake `place` and say why nothing moved (nothing said when there are no words).
   * @param {string} place @param {string} words
   */
  function refuse(place, words) {
    api.board.shake(place);
    if (words) api.toast(words, 3500);
  }

  /**
   * A single tap on the top `n` cards of `place`.
   * @param {string} place @param {number} n
   * @returns {FirstTap}
   */
  function single(place, n) {
    const view = state.view;
    if (!view) return { moved: false }; // no game drawn yet: nothing to tap
    if (n !== 1) return { moved: false, refuse: () => refuse(place, coveredTapWords(view, place, n)) };
    const answer = api.do("tap", { place }, { quiet: true });
    if (answer.ok) return { moved: true };
    const refused = /** @type {import("#build/engine-api.js").Refused} */ (answer);
    return { moved: false, refuse: () => refuse(place, tapWords(refused, view)) };
  }

  /** A double tap on the top `n` cards of `place`. @param {string} place @param {number} n */
  function double(place, n) {
    if (placeKind(place) === "foundation") return api.commands.finish(place);
    const answer = api.do("doubleTap", { place, n }, { quiet: true });
    if (answer.ok === false) refuse(place, refusal(answer.error));
  }

  return {
    /**
     * One tap on the top `n` cards of `place`, made at `time`. `held`: the keyboard's
     * Enter on the cards it holds puts them down, a single tap that plays nothing; a
     * second press then double-taps those `n`. Returns "single" or "double".
     * @param {string} place
     * @param {number} n
     * @param {number} time
     * @param {boolean} [held]
     */
    tap(place, n, time, held = false) {
      return taps.tap(place, {
        single: () => (held ? { moved: false, n } : single(place, n)),
        double: (first) => double(place, first.n ?? n),
      }, time);
    },
    disarm: taps.disarm,
  };
}
