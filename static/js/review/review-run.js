// A game's review, computed in the solver's worker (web/solver_worker.py) in
// slices: the worker cannot be interrupted while Python runs, so the page
// asks for one slice after another, hears the progress of each, and stops
// asking when the review is cancelled (the player closed it, or the game
// changed): the slice running then is abandoned (solver.js lets it end).
// Between two slices the worker answers hints as usual. A worker replaced
// meanwhile (solver.js restarts one that is busy for nobody, or grown big)
// knows no review any more: the review starts again there, a few times at
// most; while a review runs it holds the worker (solver.hold), so a worker
// grown big is replaced after it, not in the middle. Par comes last, from the worker's par of the deal (found once per
// deal). No DOM: the solver (solver.js, or a stand-in in the tests) is passed in.
//
//   const run = runReview(solver, {code, moves}, {onProgress})
//   run.done   → Promise of the review (Review.to_dict(full=True) with par), or null once cancelled
//   run.cancel()
import { WINNABLE } from "#build/facts.js";
export const SLICE_SECONDS = 0.05;
// The longest game reviewed: far beyond a game played to its end, and the
// review of a 5,000-move link ran for minutes (each move's alternatives searched).
export const MAX_REVIEW_MOVES = 1000;
const STARTS = 3; // times a review is started before the worker is given up on

/**
 * @param {import("../solver/solver.js").Solver} solver
 * @param {{code: string, moves: string[]}} game
 * @param {{onProgress?: (answer: any) => void, slice?: number}} [options]
 */
export function runReview(solver, game, { onProgress = () => {}, slice = SLICE_SECONDS } = {}) {
  const stop = new AbortController();
  const { signal } = stop;
  /** @type {number | null} */
  let number = null;

  // One start of the review on the worker: its result, or "gone" if that worker was replaced.
  async function attempt() {
    const started = await solver.reviewStart({ code: game.code, moves: game.moves }, { signal });
    if (started.ok === false) throw new Error(started.error.message);
    number = started.review;
    for (;;) {
      const answer = await solver.reviewWork({ review: number, seconds: slice }, { signal });
      if (answer.ok === false) throw new Error(answer.error.message);
      if (answer.state === "gone") return "gone";
      onProgress(answer);
      if (answer.state === "done") {
        if (!answer.review) throw new Error("the review ended without its result");
        return answer.review;
      }
    }
  }

  async function run() {
    for (let i = 0; i < STARTS; i++) {
      const review = await attempt();
      if (review === "gone") continue;
      // Par of a deal the review found winnable (a won game's, or one lost on the way).
      if (review.par === null && review.plies[0].verdict === WINNABLE) {
        const found = await solver.par({ code: game.code }, { signal });
        if (found.ok) review.par = found.par;
      }
      return review;
    }
    throw new Error("the solver's worker kept losing the review");
  }

  const release = solver.hold();
  const done = run()
    .catch((err) => {
      if (signal.aborted) return null;
      throw err;
    })
    .finally(release);
  return {
    done,
    cancel() {
      if (signal.aborted) return;
      stop.abort();
      if (number !== null) solver.reviewStop({ review: number }).catch(() => {}); // no solver any more: nothing to stop
    },
  };
}
