// The page's events: features tell each other what happened instead of
// calling into each other. Every event is named once, in EVENT, with the
// detail it carries in EventMap (the compiler checks both). A listener that
// throws is reported and the others still run (EventTarget's rule). Works in
// Node too.
//
// A listener whose work the player does not see (what a screen reader is
// told) listens with `later`: it hears each event once the frame that shows
// it is painted, so a tap's frame waits only for what draws it. Such calls
// keep their order: those still waiting run before the next event is heard.
import { afterPaint, callReporting } from "./after-paint.js";

/** @typedef {import("#build/engine-api.js").View} View */
/** @typedef {import("#build/engine-api.js").Move} Move */
/** @typedef {import("#build/engine-api.js").SavedGame} SavedGame */

/**
 * What "state" says after every state drawn: the engine's answer (create-page.js api.show).
 * @typedef {object} StateDetail
 * @property {View} view the view drawn
 * @property {View | null} previous the view drawn before it, null for the first
 * @property {"move" | "deal" | "show-me" | "redraw"} reason what drew it
 * @property {Move | null} move the move it made (or took back), null when no card moved
 * @property {string} position the position text (for the solver)
 * @property {SavedGame} save the game as saved
 * @property {Move[]} finishing the moves of Finish, when foundation moves alone win
 * @property {Move[]} autoplay the cards that go home by themselves after the player's move
 */

/**
 * Each event and its detail.
 * @typedef {object} EventMap
 * @property {StateDetail} state after every state drawn
 * @property {{view: import("./saving/bounds.js").StoredView, seconds: number}} preview a view kept from an earlier visit is drawn before the engine answers
 * @property {void} ready the first game is drawn and the engine answers
 * @property {{language: string}} language the strings of a language are in (first at start-up)
 * @property {Record<string, unknown>} setting the settings changed (the fields that changed), here or in another tab
 * @property {{state: string, problem: unknown}} solver the solver's worker changed state (solver.js)
 * @property {void} helped the solver showed the way in the game in progress
 * @property {{code: string | null, tier: string | null, date: string | null, par: number | null}} dealt the deal
 *   just shown is of this tier, and today's deal of `date` (with its par line's moves)
 * @property {{levels: Record<string, import("./stats/stats-rules.js").Level>, dailyBefore: import("./stats/stats-rules.js").DailyBefore | null}} stats-import the player imports a statistics
 *   file's levels (and the streak of the days before the calendar's reach)
 * @property {void} save save the game now: the page is about to reload
 * @property {{status: string}} saving saving changed: "ok", "stale", "full", "unsaved" or "denied"
 * @property {{count: number, start: boolean}} way-back the solver counted the moves back to the last
 *   position that can be won, from the position drawn (assist.js): `count` 0 when none is within reach,
 *   `start` when the deal is lost from its start
 * @property {{text: string}} link a game link to open (url-hash.js → game-link.js)
 * @property {{shared?: boolean}} review open the review (of a shared game)
 */

/** The events' names: use these, never a bare string. */
export const EVENT = /** @type {const} */ ({
  state: "state",
  preview: "preview",
  ready: "ready",
  language: "language",
  setting: "setting",
  solver: "solver",
  helped: "helped",
  dealt: "dealt",
  statsImport: "stats-import",
  save: "save",
  saving: "saving",
  wayBack: "way-back",
  link: "link",
  review: "review",
});

/** @param {{afterFrame?: (fn: () => void) => void}} [options] when `later` listeners run (after the next paint) */
export function createEvents({ afterFrame = typeof document === "object" ? afterPaint : (fn) => setTimeout(fn, 0) } = {}) {
  const target = new EventTarget();
  /** @type {Map<string, ((detail: any) => void)[]>} */
  const laters = new Map();
  /** @type {[(detail: any) => void, unknown][]} */
  const due = []; // `later` calls not made yet, in order

  // One call at a time off the queue: an event a call emits finds the rest still queued, and runs them first.
  function drain() {
    while (due.length) {
      const [fn, detail] = /** @type {[(detail: any) => void, unknown]} */ (due.shift());
      callReporting(() => fn(detail)); // the others still run
    }
  }

  return {
    /**
     * Call `fn(detail)` at each `type`; options as addEventListener's ({ once: true }).
     * @template {keyof EventMap} K
     * @param {K} type
     * @param {(detail: EventMap[K]) => void} fn
     * @param {AddEventListenerOptions} [options]
     */
    on(type, fn, options) {
      target.addEventListener(type, (e) => fn(/** @type {CustomEvent} */ (e).detail), options);
    },
    /**
     * Call `fn(detail)` at each `type` once the frame that shows it is painted (or at once,
     * before the next event is heard), after the listeners `on` gave it to.
     * @template {keyof EventMap} K
     * @param {K} type
     * @param {(detail: EventMap[K]) => void} fn
     */
    later(type, fn) {
      laters.set(type, [...(laters.get(type) || []), fn]);
    },
    /**
     * @template {keyof EventMap} K
     * @param {K} type
     * @param {EventMap[K]} [detail]
     */
    emit(type, detail) {
      drain();
      const value = detail === undefined ? {} : detail;
      target.dispatchEvent(new CustomEvent(type, { detail: value }));
      const fns = laters.get(type);
      if (!fns) return;
      for (const fn of fns) due.push([fn, value]);
      afterFrame(drain);
    },
  };
}

/** @typedef {ReturnType<typeof createEvents>} Events */
