// The solver's page side (static/js/solver/solver.js): the queue, cancellation and
// restarts, with stand-in workers whose answers the tests release one by one.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CACHE_SIZE, createSolver } from "../../static/js/solver/solver.js";
import { createInputPause } from "../../static/js/solver/input-pause.js";
import { answerType, problems, requestProblems } from "./solver-protocol.mjs";

// A worker whose calls wait until the test answers them; `ping` and `memory`
// answer at once (how far its heap has grown at its largest: `grown`,
// web/solver_worker.py); kill() stops it as a crash or another's terminate()
// would. What it is asked and what it answers are checked against the
// worker's declared protocol (the real shapes, tests/js/solver-protocol.mjs).
function handWorker() {
  let stop;
  const worker = {
    asked: [],
    grown: 0,
    memoryAsked: 0,
    terminated: false,
    dead: new Promise((resolve) => (stop = resolve)),
    async call(name, payload) {
      const args = JSON.parse(payload);
      assert.deepEqual([], requestProblems(name, args));
      const reply = (value) => {
        assert.deepEqual([], problems(value, answerType(name, value)));
        return JSON.stringify(value);
      };
      if (name === "ping") return reply({ ok: true });
      if (name === "memory") {
        worker.memoryAsked++;
        return reply({ ok: true, used: 1e6, grown: worker.grown });
      }
      return new Promise((resolve, reject) => worker.asked.push({ name, args, reject, answer: (value) => resolve(reply(value)) }));
    },
    terminate() {
      worker.terminated = true;
      stop();
    },
    kill() {
      stop(); // its calls never answer
    },
  };
  return worker;
}

// The worker's answers (web/solver_worker.py), as the protocol declares them.
const solved = (status) => ({ ok: true, status, moves: [], length: 0, nodes: 1, seconds: 0 });
const graded = (code, tier) => ({ ok: true, code, status: "winnable", tier, predictor: 1, nodes: 1, quickLost: 0, quickPlays: 2 });
const day = { ok: true, date: "2026-12-24", cells: 4, code: "SH1-C4-AAAAAJ2", tier: "relaxed", par: 80 };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const later = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A solver on a series of stand-in workers (a new one at each start or restart).
async function started() {
  const workers = [];
  const changes = [];
  const solver = createSolver({
    startWorker: async () => {
      const w = handWorker();
      workers.push(w);
      return w;
    },
    onChange: (c) => changes.push(c.state),
    idle: (fn) => setTimeout(fn, 0),
  });
  await solver.start();
  return { solver, changes, workers };
}

test("it starts once, then answers and remembers positions", async () => {
  const { solver, changes, workers } = await started();
  await solver.start();
  assert.deepEqual(["loading", "ready"], changes);
  const first = solver.solve({ text: "A" });
  const again = solver.solve({ text: "A" }); // the same position is asked once
  await tick();
  assert.equal(1, workers[0].asked.length);
  assert.deepEqual(["solve", { text: "A" }], [workers[0].asked[0].name, workers[0].asked[0].args]);
  workers[0].asked[0].answer(solved("winnable"));
  assert.equal("winnable", (await first).status);
  assert.equal("winnable", (await again).status);
  assert.equal("winnable", (await solver.solve({ text: "A" })).status);
  assert.equal(1, workers[0].asked.length);
  assert.equal("winnable", solver.cached("A").status);
});

test("calls run one at a time, in order", async () => {
  const { solver, workers } = await started();
  const a = solver.solve({ text: "A" });
  const b = solver.reviewWork({ review: 1, seconds: 2 });
  await tick();
  assert.deepEqual(["solve"], workers[0].asked.map((q) => q.name));
  workers[0].asked[0].answer(solved("winnable"));
  await a;
  await tick();
  assert.deepEqual(["review_work", { review: 1, seconds: 2 }], [workers[0].asked[1].name, workers[0].asked[1].args]);
  workers[0].asked[1].answer({ ok: true, state: "gone" });
  assert.deepEqual({ ok: true, state: "gone" }, await b);
});

test("an unknown answer is not remembered", async () => {
  const { solver, workers } = await started();
  const a = solver.solve({ text: "A" });
  await tick();
  workers[0].asked[0].answer(solved("unknown"));
  await a;
  assert.equal(null, solver.cached("A"));
});

test("a call cancelled while it waits is never asked", async () => {
  const { solver, workers } = await started();
  const a = solver.solve({ text: "A" });
  const position = new AbortController();
  const b = solver.solve({ text: "B" }, { signal: position.signal });
  position.abort();
  await assert.rejects(b, { name: "AbortError" });
  await tick();
  workers[0].asked[0].answer(solved("winnable"));
  await a;
  await tick();
  assert.deepEqual(["A"], workers[0].asked.map((q) => q.args.text));
});

test("a running search nobody waits for is let finish briefly, then the worker is replaced", async () => {
  const { solver, workers } = await started();
  const position = new AbortController();
  const long = solver.solve({ text: "LONG" }, { signal: position.signal });
  await tick();
  position.abort();
  await assert.rejects(long, { name: "AbortError" }); // at once, not when the search ends
  const next = solver.solve({ text: "NEXT" });
  await later(300); // past the grace
  assert.ok(workers[0].terminated);
  assert.equal(2, workers.length);
  assert.deepEqual(["NEXT"], workers[1].asked.map((q) => q.args.text));
  workers[1].asked[0].answer(solved("not winnable"));
  assert.equal("not winnable", (await next).status);
  assert.equal(null, solver.cached("LONG"));
  workers[0].asked[0].answer(solved("winnable")); // the old worker's late answer is ignored
  await tick();
  assert.equal(null, solver.cached("LONG"));
  assert.equal("ready", solver.state);
});

test("a search abandoned that ends within the grace keeps the worker, and its answer", async () => {
  const { solver, workers } = await started();
  const position = new AbortController();
  const short = solver.solve({ text: "SHORT" }, { signal: position.signal });
  await tick();
  position.abort();
  await assert.rejects(short, { name: "AbortError" });
  workers[0].asked[0].answer(solved("winnable"));
  await later(300);
  assert.equal(1, workers.length);
  assert.ok(!workers[0].terminated);
  assert.equal("winnable", solver.cached("SHORT").status);
});

test("asking again for a position whose search was abandoned takes it up again", async () => {
  const { solver, workers } = await started();
  const first = new AbortController();
  solver.solve({ text: "A" }, { signal: first.signal }).catch(() => {});
  await tick();
  first.abort();
  const again = solver.solve({ text: "A" }); // the player undid the move
  await later(300);
  assert.equal(1, workers.length);
  workers[0].asked[0].answer(solved("winnable"));
  assert.equal("winnable", (await again).status);
});

test("one caller cancelling leaves the others their answer", async () => {
  const { solver, workers } = await started();
  const mine = new AbortController();
  const a = solver.solve({ text: "A" }, { signal: mine.signal });
  const b = solver.solve({ text: "A" });
  mine.abort();
  await assert.rejects(a, { name: "AbortError" });
  await tick();
  workers[0].asked[0].answer(solved("winnable"));
  assert.equal("winnable", (await b).status);
  assert.ok(!workers[0].terminated);
});

test("a signal already aborted rejects at once", async () => {
  const { solver, workers } = await started();
  const gone = new AbortController();
  gone.abort();
  await assert.rejects(solver.par({ code: "A" }, { signal: gone.signal }), { name: "AbortError" });
  await tick();
  assert.equal(0, workers[0].asked.length);
});

// A call of `ms`, longer than LONG_CALL_MS unless said, answered: the solver then asks the worker its size.
async function longCall(solver, worker, ms = 300) {
  const long = solver.daily({ date: "2026-12-24", cells: 4 });
  await tick();
  await later(ms);
  worker.asked.at(-1).answer(day);
  assert.deepEqual(day, await long);
  await later(20);
}

test("a worker whose heap grew 40 MB past its start, at its largest, is replaced once idle", async () => {
  const { solver, workers } = await started();
  workers[0].grown = 45e6;
  await longCall(solver, workers[0], 50); // a short call: not asked
  assert.deepEqual([0, false], [workers[0].memoryAsked, workers[0].terminated]);
  workers[0].grown = 39e6;
  await longCall(solver, workers[0]); // asked: not grown past the limit
  assert.deepEqual([1, false], [workers[0].memoryAsked, workers[0].terminated]);
  workers[0].grown = 45e6;
  await longCall(solver, workers[0]);
  assert.ok(workers[0].terminated);
  assert.equal(2, workers.length);
  const next = solver.solve({ text: "B" });
  await tick();
  workers[1].asked[0].answer(solved("winnable"));
  assert.equal("winnable", (await next).status);
});

test("a held worker grown big is replaced only once released", async () => {
  const { solver, workers } = await started();
  const release = solver.hold();
  workers[0].grown = 50e6;
  await longCall(solver, workers[0]);
  assert.equal(false, workers[0].terminated); // a review in slices keeps its worker
  release();
  await later(20);
  assert.ok(workers[0].terminated);
  assert.equal(2, workers.length);
});

test("an error in the worker rejects that call only", async () => {
  const { solver, workers } = await started();
  const bad = solver.grade({ code: "?" });
  const good = solver.solve({ text: "A" });
  await tick();
  workers[0].asked[0].reject(new Error("MemoryError"));
  await assert.rejects(bad, /MemoryError/);
  await tick();
  workers[0].asked[1].answer(solved("winnable"));
  assert.equal("winnable", (await good).status);
});

test("a worker that does not start: failed, its reason for the console only, and calls refuse", async () => {
  const states = [];
  const solver = createSolver({
    startWorker: async () => {
      throw new Error("worker.py: HTTP 404");
    },
    onChange: (c) => states.push(c),
    retryMs: [], // (tried again: below)
  });
  const warn = console.warn;
  const warned = [];
  console.warn = (w) => warned.push(w);
  try {
    await solver.start();
  } finally {
    console.warn = warn;
  }
  assert.deepEqual({ state: "failed", problem: { key: "solver.unavailable" } }, states.at(-1));
  assert.match(warned.join(), /worker\.py: HTTP 404/);
  await assert.rejects(solver.solve({ text: "A" }));
  await assert.rejects(solver.ping());
});

test("at most so many positions are remembered, the one asked for least recently forgotten first", async () => {
  const { solver, workers } = await started();
  for (let i = 0; i <= CACHE_SIZE + 1; i++) {
    const answer = solver.solve({ text: `P${i}` });
    await tick();
    workers[0].asked.at(-1).answer(solved("winnable"));
    await answer;
    if (i === CACHE_SIZE - 1) solver.cached("P0"); // asked again: kept
  }
  assert.equal(CACHE_SIZE, solver.remembered);
  assert.equal("winnable", solver.cached("P0").status);
  assert.equal(null, solver.cached("P1"));
  assert.equal(null, solver.cached("P2"));
  assert.equal("winnable", solver.cached("P3").status);
  assert.equal("winnable", solver.cached(`P${CACHE_SIZE + 1}`).status);
});

test("ready() then call: the worker started if need be, another of its functions called, its answer parsed", async () => {
  const workers = [];
  const solver = createSolver({
    startWorker: async () => {
      workers.push(handWorker());
      return workers.at(-1);
    },
  });
  const answer = solver.ready().then(() => solver.grade({ code: "SH1-C4-AAAAAJ2" }));
  while (!workers.length || !workers[0].asked.length) await tick();
  assert.deepEqual({ name: "grade", args: { code: "SH1-C4-AAAAAJ2" } }, { name: workers[0].asked[0].name, args: workers[0].asked[0].args });
  workers[0].asked[0].answer(graded("SH1-C4-AAAAAJ2", "tricky"));
  assert.deepEqual(graded("SH1-C4-AAAAAJ2", "tricky"), await answer);
});

test("ready() starts an idle worker and waits for it; a failed start rejects with its problem", async () => {
  const solver = createSolver({ startWorker: async () => handWorker() });
  const first = solver.ready();
  assert.equal("loading", solver.state);
  await Promise.all([first, solver.ready()]);
  assert.equal("ready", solver.state);
  await solver.ready();
  const broken = createSolver({ startWorker: async () => Promise.reject(new Error("no wasm")), online: () => false, retryMs: [] });
  await assert.rejects(broken.ready(), (problem) => problem.key === "solver.offline");
  await assert.rejects(broken.ready(), (problem) => problem.key === "solver.offline");
});

test("the page's own start makes the worker, and says it is ready, only in pauses of the player's input", async () => {
  const pauses = [];
  const workers = [];
  const solver = createSolver({
    startWorker: async () => {
      workers.push(handWorker());
      return workers.at(-1);
    },
    pause: () => new Promise((resolve) => pauses.push(resolve)),
  });
  solver.start({ quietly: true }); // the page's own start, once the board is playable
  await tick();
  assert.equal("loading", solver.state);
  assert.equal(0, workers.length); // not made while the player taps
  pauses[0]();
  await tick();
  assert.equal(1, workers.length);
  assert.equal("loading", solver.state); // made, but its "ready" waits for a pause too
  pauses[1]();
  await tick();
  assert.equal("ready", solver.state);
});

test("asking for the solver ends the wait for a pause", async () => {
  const solver = createSolver({ startWorker: async () => handWorker(), pause: () => new Promise(() => {}) });
  solver.start({ quietly: true });
  await tick();
  assert.equal("loading", solver.state); // the player never stops tapping
  await solver.ready(); // a review, today's deal, a link: wanted now
  assert.equal("ready", solver.state);
});

test("a pause is a moment without a pointer or a key pressed, or the latest time given", async () => {
  let clock = 0;
  const doc = new EventTarget();
  const pause = createInputPause(doc, { quietMs: 30, latestMs: 200, now: () => clock });
  const press = () => doc.dispatchEvent(new Event("pointerdown"));
  let paused = false;
  await pause(); // nothing pressed yet: at once
  press();
  pause().then(() => (paused = true));
  await later(40); // no time has passed since the press
  assert.equal(false, paused);
  clock = 40; // quietMs after the press
  await later(40);
  assert.equal(true, paused);
  // A player who never stops: latestMs after it was asked for.
  let given = false;
  press();
  pause().then(() => (given = true));
  for (let i = 0; i < 6 && !given; i++) {
    clock += 25;
    doc.dispatchEvent(new Event("keydown"));
    await later(40);
  }
  assert.equal(false, given); // 150 of 200 ms
  clock += 60;
  await later(60);
  assert.equal(true, given);
});

test("a worker that stops in the middle of a question is replaced at once and asked again", async () => {
  const { solver, workers } = await started();
  const answer = solver.solve({ text: "A" });
  const waiting = solver.grade({ code: "B" });
  await tick();
  workers[0].kill(); // terminated through its handle, or crashed: its call never answers
  await tick();
  assert.equal(2, workers.length);
  assert.deepEqual(["solve", { text: "A" }], [workers[1].asked[0].name, workers[1].asked[0].args]);
  workers[1].asked[0].answer(solved("winnable"));
  assert.equal("winnable", (await answer).status);
  await tick();
  workers[1].asked[1].answer(graded("B", "tricky"));
  assert.deepEqual(graded("B", "tricky"), await waiting);
  assert.equal("ready", solver.state);
  workers[1].kill(); // idle: replaced all the same
  await tick();
  assert.equal(3, workers.length);
});

test("a question that stops the worker twice is refused, not asked for ever", async () => {
  const { solver, workers } = await started();
  const refused = assert.rejects(solver.solve({ text: "A" }), /restarted/);
  for (let i = 0; i < 2; i++) {
    await tick();
    workers.at(-1).kill();
    await tick();
  }
  await refused;
  const next = solver.solve({ text: "B" });
  await tick();
  workers.at(-1).asked[0].answer(solved("winnable"));
  assert.equal("winnable", (await next).status);
});

test("a failed start is tried again after each pause, and at once when back online", async () => {
  const warn = console.warn;
  console.warn = () => {};
  try {
    for (const how of ["after a pause", "back online"]) {
      let failing = true;
      let backOnline = null;
      const states = [];
      const workers = [];
      const solver = createSolver({
        startWorker: async () => {
          if (failing) throw new Error("worker.romfs: offline");
          workers.push(handWorker());
          return workers.at(-1);
        },
        onChange: (c) => states.push(c.state),
        retryMs: how === "back online" ? [60000] : [30, 60],
        onOnline: (fn) => (backOnline = fn),
      });
      await solver.start();
      if (how === "after a pause") await later(120); // two more tries, still failing
      assert.equal("failed", solver.state, how);
      failing = false;
      if (how === "back online") await backOnline(); // (it clears the minute's wait)
      else await later(80);
      assert.equal("ready", solver.state, how); // started without a reload
      const answer = solver.solve({ text: "A" });
      await tick();
      workers[0].asked[0].answer(solved("winnable"));
      assert.equal("winnable", (await answer).status);
      assert.deepEqual(["loading", "failed", "ready"], [...new Set(states)]);
    }
  } finally {
    console.warn = warn;
  }
});

test("a page going into the back/forward cache lets its worker go; back, a fresh one answers what was asked", async () => {
  const { solver, changes, workers } = await started();
  const a = solver.solve({ text: "A" });
  await tick();
  solver.suspend(); // "pagehide", persisted: the worker (and its lock) goes
  assert.ok(workers[0].terminated);
  assert.equal(1, workers.length);
  solver.resume(); // "pageshow", persisted
  await tick();
  assert.equal(2, workers.length);
  assert.deepEqual(["A"], workers[1].asked.map((q) => q.args.text));
  workers[1].asked[0].answer(solved("winnable"));
  assert.equal("winnable", (await a).status);
  assert.deepEqual(["loading", "ready"], changes); // never "failed" nor "loading" again meanwhile
});

test("a worker still starting when the page goes into the back/forward cache is let go too", async () => {
  const workers = [];
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  const solver = createSolver({
    startWorker: async () => {
      const w = handWorker();
      workers.push(w);
      if (workers.length === 1) await gate; // the first start is under way at "pagehide"
      return w;
    },
    idle: (fn) => setTimeout(fn, 0),
  });
  const ready = solver.ready();
  await tick();
  solver.suspend();
  release();
  await tick();
  assert.ok(workers[0].terminated); // it came after "pagehide": let go at once
  assert.equal("loading", solver.state);
  solver.resume();
  await ready;
  assert.equal("ready", solver.state);
  assert.equal(2, workers.length);
  assert.equal(false, workers[1].terminated);
});
