// Taps and double taps, for the pointer (input.js) and the keyboard's Enter
// (keyboard.js) alike. A single tap acts at once; a second tap on the same
// place within DOUBLE_TAP_MS is a double tap, which replaces the first tap's
// refusal (a shake, a message) shown only once no second tap came. A tap that
// moved a card arms no double tap: the next tap there is a new single tap on
// the new top card, so a player sending cards home taps as fast as they like.
// Pure: the clock and timers are passed in, so it is tested without a browser.
export const DOUBLE_TAP_MS = 350;

/** @typedef {import("./tap-policy.js").FirstTap} FirstTap */

// now: () → ms; later(fn, ms) → timer; cancel(timer).
/**
 * @param {{now: () => number, later: (fn: () => void, ms: number) => number,
 *   cancel: (timer: number | undefined) => void, windowMs?: number}} clock
 */
export function createTaps({ now, later, cancel, windowMs = DOUBLE_TAP_MS }) {
  /** @type {{place: string, time: number, first: FirstTap, timer: number | undefined} | null} */
  let armed = null; // the last tap that moved nothing: { place, time, first, timer }

  function disarm() {
    if (armed) cancel(armed.timer);
    armed = null;
  }

  return {
    // One tap on `place`. `single()` plays it as a single tap and returns
    // { moved, refuse, ...more }: `refuse` runs once the window has passed
    // with no second tap. `double(first)` plays a double tap; `first` is what
    // single() returned for the first tap. Returns "single" or "double".
    // `time` is when the tap was made (its event's timeStamp): a main thread
    // busy when the second tap comes in must not split a double tap in two.
    /**
     * @param {string} place
     * @param {{single: () => FirstTap | void, double: (first: FirstTap) => void}} play
     * @param {number} [time]
     */
    tap(place, { single, double }, time = now()) {
      if (armed && armed.place === place && time - armed.time < windowMs) {
        const last = armed;
        disarm();
        double(last.first);
        return "double";
      }
      const first = single() || { moved: false };
      if (first.moved) {
        armed = null; // an earlier tap's refusal elsewhere is still shown
        return "single";
      }
      armed = { place, time, first, timer: first.refuse ? later(first.refuse, windowMs) : undefined };
      return "single";
    },
    disarm,
  };
}
