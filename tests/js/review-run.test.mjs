// The review's slices asked of the worker (static/js/review/review-run.js), with a stand-in solver.
import assert from "node:assert/strict";
import { test } from "node:test";
import { solverApi } from "#build/solver-api.js";
import { runReview } from "../../static/js/review/review-run.js";
import { answerType, problems, requestProblems } from "./solver-protocol.mjs";

// A solver whose worker reviews a game in `slices` slices and knows par 74;
// `lose` slices in, the worker is replaced (once) and forgets the review. Its
// API is the generated one (#build/solver-api.js) over a queue whose
// requests and answers are checked against the worker's declared protocol.
function standIn(slices, { verdict = "winnable", lose = null } = {}) {
  const calls = [];
  let left = slices;
  let current = 6;
  let lost = false;
  const ply = { ply: 0, move: null, verdict, keeps: null, legal: 0, critical: false, keeping: [], choices: 0 };
  const review = { code: "SH1-C4-AAAAAJ2", par: null, lostAt: null, plies: [ply], cells: 4, parLine: null,
    alternative: null, alternativeMove: null, finished: false };
  const answers = {
    review_start: () => {
      left = slices;
      current += 1;
      return { ok: true, review: current };
    },
    review_work: ({ review: number }) => {
      if (number !== current) return { ok: true, state: "gone" };
      left -= 1;
      if (lose !== null && !lost && slices - left === lose) {
        lost = true;
        current = 0;
        return { ok: true, state: "gone" };
      }
      const progress = { stage: "verdicts", done: slices - left, total: slices };
      return { ok: true, state: left ? "working" : "done", progress, review };
    },
    review_stop: () => ({ ok: true }),
    par: () => ({ ok: true, code: "SH1-C4-AAAAAJ2", par: 74 }),
  };
  // solver.js's queue: a Promise of the answer, rejected once `signal` aborts.
  const call = (name, args, { signal } = {}) => {
    calls.push(name);
    assert.deepEqual([], requestProblems(name, args));
    if (signal && signal.aborted) return Promise.reject(new DOMException("cancelled", "AbortError"));
    return Promise.resolve().then(() => {
      const answer = answers[name](args);
      assert.deepEqual([], problems(answer, answerType(name, answer)));
      return answer;
    });
  };
  const solver = {
    ...solverApi(call),
    calls,
    held: 0, // reviews holding the worker (solver.js's hold)
    hold() {
      solver.held += 1;
      return () => {
        solver.held -= 1;
      };
    },
  };
  return solver;
}

test("slice after slice until done, each one's progress heard, then par", async () => {
  const solver = standIn(3);
  const heard = [];
  const run = runReview(solver, { code: "SH1-C4-AAAAAJ2", moves: ["t1-t7"] }, { onProgress: (a) => heard.push(a.progress.done) });
  assert.equal(1, solver.held); // the worker is held while the review runs
  const review = await run.done;
  assert.equal(0, solver.held);
  assert.deepEqual([1, 2, 3], heard);
  assert.equal(74, review.par);
  assert.deepEqual(["review_start", "review_work", "review_work", "review_work", "par"], solver.calls);
});

test("cancelled: no more slices are asked, the worker drops the review, the result is null", async () => {
  const solver = standIn(100);
  const run = runReview(solver, { code: "SH1-C4-AAAAAJ2", moves: [] }, { onProgress: (a) => a.progress.done === 2 && run.cancel() });
  assert.equal(null, await run.done);
  assert.equal(0, solver.held);
  assert.deepEqual(["review_start", "review_work", "review_work", "review_stop", "review_work"], solver.calls);
});

test("a worker replaced in the middle: the review starts again on the fresh one", async () => {
  const solver = standIn(3, { lose: 2 });
  const review = await runReview(solver, { code: "SH1-C4-AAAAAJ2", moves: ["t1-t7"] }).done;
  assert.equal(74, review.par);
  assert.deepEqual(2, solver.calls.filter((c) => c === "review_start").length);
});

test("a deal never winnable has no par to ask for", async () => {
  const solver = standIn(1, { verdict: "not winnable" });
  const review = await runReview(solver, { code: "SH1-C4-AAAAAJ2", moves: [] }).done;
  assert.equal(null, review.par);
  assert.ok(!solver.calls.includes("par"));
});
