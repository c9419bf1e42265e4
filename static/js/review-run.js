// A game's review, computed in the solver's worker (web/solver_worker.py) in
// slices: the worker cannot be interrupted while Python runs, so the page
// asks for one slice after another, hears the progress of each, and stops
// asking when the review is cancelled (the player closed it, or the game
// changed). Between two slices the worker answers hints as usual. Par comes
// last, from the worker's par of the deal (found once per deal). No DOM: the
// solver (solver.js, or a stand-in in the tests) is passed in.
//
//   const run = runReview(solver, {code, moves}, {onProgress})
//   run.done   → Promise of the review (Review.to_dict(full=True) with par), or null once cancelled
//   run.cancel()
export const SLICE_SECONDS = 0.05;

export function runReview(solver, game, { onProgress = () => {}, slice = SLICE_SECONDS } = {}) {
  let cancelled = false;
  let number = null;

  const ask = async (name, ...args) => JSON.parse(await solver.call(name, ...args));

  async function run() {
    const started = await ask("review_start", game.code, JSON.stringify(game.moves));
    if (started.error) throw new Error(started.error);
    number = started.review;
    let answer = null;
    while (!cancelled) {
      answer = await ask("review_work", number, slice);
      if (answer.state === "gone" || cancelled) break;
      onProgress(answer);
      if (answer.state === "done") {
        const review = answer.review;
        // Par of a deal the review found winnable (a won game's, or one lost on the way).
        if (review.par === null && review.plies[0].verdict === "winnable") {
          const par = await ask("par", game.code);
          if (cancelled) return null;
          review.par = par.par;
        }
        return review;
      }
    }
    if (!answer || answer.state !== "gone") solver.call("review_stop", number).catch(() => {});
    return null;
  }

  return {
    done: run(),
    cancel() {
      cancelled = true;
    },
  };
}
