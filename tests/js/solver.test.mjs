// The solver's page side behind solve(text) → Promise (static/js/solver.js), with a stand-in worker.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createSolver } from "../../static/js/solver.js";

// A worker whose answers the test releases one by one.
function handWorker() {
  const asked = [];
  return {
    asked,
    ping: async () => "ready",
    solve(text) {
      return new Promise((resolve) => asked.push({ text, answer: (status) => resolve(JSON.stringify({ status, moves: [] })) }));
    },
  };
}

async function started(worker) {
  const changes = [];
  const solver = createSolver({ startWorker: async () => worker, onChange: (c) => changes.push(c.state) });
  await solver.start();
  return { solver, changes };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test("it starts once, then answers and remembers positions", async () => {
  const worker = handWorker();
  const { solver, changes } = await started(worker);
  await solver.start();
  assert.deepEqual(["loading", "ready"], changes);
  const first = solver.solve("A");
  assert.equal(first, solver.solve("A")); // the same request is asked once
  worker.asked[0].answer("winnable");
  assert.equal("winnable", (await first).status);
  assert.equal("winnable", (await solver.solve("A")).status);
  assert.equal(1, worker.asked.length);
  assert.equal("winnable", solver.cached("A").status);
});

test("only the newest request waits: an older waiting one resolves null", async () => {
  const worker = handWorker();
  const { solver } = await started(worker);
  const a = solver.solve("A");
  const b = solver.solve("B");
  const c = solver.solve("C");
  assert.equal(null, await b);
  worker.asked[0].answer("winnable");
  await a;
  await tick();
  assert.deepEqual(["A", "C"], worker.asked.map((q) => q.text));
  worker.asked[1].answer("not winnable");
  assert.equal("not winnable", (await c).status);
});

test("an unknown answer is not remembered", async () => {
  const worker = handWorker();
  const { solver } = await started(worker);
  const a = solver.solve("A");
  worker.asked[0].answer("unknown");
  await a;
  assert.equal(null, solver.cached("A"));
});

test("a worker that does not start: failed, with the reason, and solve refuses", async () => {
  const states = [];
  const solver = createSolver({
    startWorker: async () => {
      throw new Error("solver_worker.py: HTTP 404");
    },
    onChange: (c) => states.push(c),
  });
  const warn = console.warn;
  console.warn = () => {};
  try {
    await solver.start();
  } finally {
    console.warn = warn;
  }
  assert.deepEqual({ state: "failed", problem: { key: "solver.unavailable", params: { reason: "solver_worker.py: HTTP 404" } } }, states.at(-1));
  await assert.rejects(solver.solve("A"));
});

test("call reaches the worker's other functions, once the solver is ready", async () => {
  const worker = { ...handWorker(), par: async (code) => JSON.stringify({ code, par: 74 }) };
  const solver = createSolver({ startWorker: async () => worker });
  await assert.rejects(solver.call("par", "SH1-C4-AAAAAJ2"), /idle/);
  await solver.start();
  assert.deepEqual({ code: "SH1-C4-AAAAAJ2", par: 74 }, JSON.parse(await solver.call("par", "SH1-C4-AAAAAJ2")));
});
