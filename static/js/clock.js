// The game clock: counts from the first move while the page is visible, and
// how a number of seconds is written. Pure (the time source is passed in), so
// it is tested without a browser.

// The longest time a stored game or record may say it took (999:59:59): more
// is not a time this page counted (a stored 1e300 is ignored, not shown).
export const MAX_SECONDS = 1000 * 3600 - 1;

// 75 → "1:15", 3725 → "1:02:05".
/** @param {number} seconds */
export function formatTime(seconds) {
  const m = Math.floor(seconds / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

// now: () → milliseconds (performance.now in the page). `elapsed` is the
// counted time in ms; `since` is when the running stretch began, or null.
/** @param {() => number} now */
export function createClock(now) {
  return {
    elapsed: 0,
    /** @type {number | null} */
    since: null,
    start() {
      if (this.since === null) this.since = now();
    },
    stop() {
      if (this.since !== null) this.elapsed += now() - this.since;
      this.since = null;
    },
    reset() {
      this.elapsed = 0;
      this.since = null;
    },
    seconds() {
      return Math.floor((this.elapsed + (this.since === null ? 0 : now() - this.since)) / 1000);
    },
  };
}
