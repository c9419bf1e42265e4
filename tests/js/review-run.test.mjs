// The review's slices asked of the worker (static/js/review/review-run.js), with a stand-in solver.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runReview } from "../../static/js/review/review-run.js";

// A solver whose worker reviews a game in `slices` slices and knows par 74;
// `lose` slices in, the worker is replaced (once) and forgets the review.
function standIn(slices, { verdict = "winnable", lose = null } = {}) {
  const calls = [];
  let left = slices;
  let current = 6;
  let lost = false;
  const review = { code: "SH1-C4-AAAAAJ2", par: null, lost_at: null, plies: [{ ply: 0, verdict }] };
  const answers = {
    review_start: () => {
      left = slices;
      current += 1;
      return { ok: true, review: current };
    },
    review_work: (number) => {
      if (number !== current) return { state: "gone" };
      left -= 1;
      if (lose !== null && !lost && slices - left === lose) {
        lost = true;
        current = 0;
        return { state: "gone" };
      }
      return { state: left ? "working" : "done", progress: { done: slices - left, total: slices }, review };
    },
    review_stop: () => "stopped",
    par: () => ({ ok: true, code: "SH1-C4-AAAAAJ2", par: 74 }),
  };
  const solver = {
    calls,
    held: 0, // reviews holding the worker (solver.js's hold)
    hold() {
      solver.held += 1;
      return () => {
        solver.held -= 1;
      };
    },
    // solver.js's call: a Promise of the parsed answer, rejected once `signal` aborts.
    call(name, args, { signal } = {}) {
      calls.push(name);
      if (signal && signal.aborted) return Promise.reject(new DOMException("cancelled", "AbortError"));
      return Promise.resolve().then(() => answers[name](...args));
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
