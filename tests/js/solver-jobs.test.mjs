// The solver's jobs (static/js/solver/jobs.js): who waits for a job, each with
// its own signal, what a cancelled wait leaves, the positions remembered, and
// the pauses between starts tried again.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PositionCache, newJob, retryPause, settle, take } from "../../static/js/solver/jobs.js";

test("each taker of a job gets its answer; one cancelling leaves the others theirs", async () => {
  const job = newJob("solve", { text: "A" }, { key: "A" });
  const deserted = [];
  const mine = new AbortController();
  const first = take(job, mine.signal, (j) => deserted.push(j));
  const second = take(job, undefined, (j) => deserted.push(j));
  mine.abort();
  await assert.rejects(first, { name: "AbortError" });
  assert.deepEqual([[], 1], [deserted, job.takers.length]);
  settle(job, (taker) => taker.resolve({ ok: true }));
  assert.deepEqual({ ok: true }, await second);
  assert.equal(0, job.takers.length);
});

test("the last taker cancelling deserts the job; a cancel after the answer changes nothing", async () => {
  const job = newJob("grade", { code: "X" });
  const deserted = [];
  const gone = new AbortController();
  const late = new AbortController();
  const cancelled = take(job, gone.signal, (j) => deserted.push(j));
  gone.abort();
  await assert.rejects(cancelled, { name: "AbortError" });
  assert.deepEqual([job], deserted);
  const answered = take(job, late.signal, (j) => deserted.push(j));
  settle(job, (taker) => taker.resolve(1));
  late.abort();
  assert.equal(1, await answered);
  assert.equal(1, deserted.length);
});

test("the positions remembered: the least recently asked goes first", () => {
  const cache = new PositionCache(2);
  cache.set("A", 1);
  cache.set("B", 2);
  assert.equal(1, cache.get("A")); // asked again: the most recent now
  cache.set("C", 3);
  assert.deepEqual([null, 1, 3], ["B", "A", "C"].map((text) => cache.get(text)));
});

test("a failed start is tried again after longer and longer pauses, the last for ever; or never", () => {
  assert.deepEqual([10, 20, 30, 30], [0, 1, 2, 7].map((n) => retryPause(n, [10, 20, 30])));
  assert.equal(null, retryPause(0, []));
});
