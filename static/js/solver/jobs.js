// The solver's jobs: a request waiting for the worker, or running there, and
// whoever waits for its answer (its takers, each with its own AbortSignal).
// A job nobody waits for any more is deserted: the queue drops it, or lets it
// end briefly if it is running (solver.js). Pure, so it is tested under Node.

/**
 * @typedef {{resolve: (answer: any) => void, reject: (error: unknown) => void}} Taker
 * @typedef {{name: string, args: object, takers: Taker[], timer: any, key?: string,
 *   onAnswer?: (answer: any) => void, askedAgain?: boolean}} Job
 */

/**
 * A job asking `name` with `args` (`extra`: a position's `key` and what to do
 * with its answer, `onAnswer`).
 * @param {string} name
 * @param {object} args
 * @param {{key?: string, onAnswer?: (answer: any) => void}} [extra]
 * @returns {Job}
 */
export function newJob(name, args, extra = {}) {
  return { name, args, takers: [], timer: 0, ...extra };
}

/** The error a call cancelled by `signal` rejects with. */
export const aborted = (/** @type {AbortSignal} */ signal) => signal.reason ?? new DOMException("The call was cancelled.", "AbortError");

/**
 * A Promise of `job`'s answer for one more taker; `signal` cancels it (at
 * once, whatever the job is doing), and `deserted(job)` is called when that
 * leaves the job with no taker.
 * @param {Job} job
 * @param {AbortSignal | undefined} signal
 * @param {(job: Job) => void} deserted
 */
export function take(job, signal, deserted) {
  return new Promise((resolve, reject) => {
    const taker = { resolve, reject };
    clearTimeout(job.timer);
    job.takers.push(taker);
    if (!signal) return;
    const cancel = () => {
      const i = job.takers.indexOf(taker);
      if (i < 0) return; // already settled
      job.takers.splice(i, 1);
      reject(aborted(signal));
      if (!job.takers.length) deserted(job);
    };
    signal.addEventListener("abort", cancel, { once: true });
  });
}

/**
 * Settle every taker of `job` by `how(taker)` (resolve, reject, or neither: nobody waits).
 * @param {Job} job
 * @param {(taker: Taker) => void} how
 */
export function settle(job, how) {
  clearTimeout(job.timer);
  for (const taker of job.takers.splice(0)) how(taker);
}

// Positions remembered: the winnable mark asks after every move, for hours.
export const CACHE_SIZE = 500;

/** Decided answers by position text, the least recently asked forgotten first beyond `size`. */
export class PositionCache {
  constructor(size = CACHE_SIZE) {
    this.size = size;
    /** @type {Map<string, import("#build/solver-api.js").Solution>} */
    this.answers = new Map(); // oldest first
  }

  /** The answer for `text`, now the most recent; null when none is remembered. */
  /** @param {string} text */
  get(text) {
    const answer = this.answers.get(text);
    if (answer === undefined) return null;
    this.set(text, answer);
    return answer;
  }

  /** @param {string} text @param {import("#build/solver-api.js").Solution} answer */
  set(text, answer) {
    this.answers.delete(text);
    this.answers.set(text, answer);
    if (this.answers.size > this.size) this.answers.delete(/** @type {string} */ (this.answers.keys().next().value));
  }
}

/**
 * The pause before the `retries`-th start tried again (0 the first), or null when starts are never tried again.
 * @param {number} retries
 * @param {number[]} pauses
 */
export function retryPause(retries, pauses) {
  return pauses.length ? pauses[Math.min(retries, pauses.length - 1)] : null;
}
