// The solver's MicroPython worker, started the way the game would start it:
// once the main thread's MicroPython is ready (the board), through PyScript's
// MPWorker, with the site's own micropython.mjs (no CDN) and the solver
// precompiled (.mpy). bench/solver_worker.py drives window.bench and reads the
// performance marks: main-ready, worker-start, worker-ready, worker-answering.
import { MPWorker } from "../../static/vendor/pyscript/core.js";

const VERSION = new URL("../../static/vendor/micropython/micropython.mjs", import.meta.url).href;
const SCRIPT = new URL("./worker.py", import.meta.url).href;
const CONFIG = new URL("./worker.json", import.meta.url).href;

let worker = null;
let loadedFrom = "";

async function start() {
  performance.mark("worker-start");
  const t0 = performance.now();
  const w = await MPWorker(SCRIPT, { config: CONFIG, version: VERSION });
  performance.mark("worker-ready");
  loadedFrom = await w.sync.ping();
  performance.mark("worker-answering");
  worker = w;
  document.body.dataset.worker = "ready";
  return performance.now() - t0;
}

async function solve(text, budget) {
  const t0 = performance.now();
  const result = JSON.parse(await worker.sync.solve(text, budget));
  return { ms: performance.now() - t0, status: result.status, hint: result.moves[0] || null, nodes: result.nodes };
}

// Cancel a search: the worker cannot read a message while Python runs, and
// without cross-origin isolation there is no SharedArrayBuffer for a flag, so
// the worker is terminated and a fresh one started. `late` says whether the
// abandoned call ever settles afterwards.
async function cancelAndRestart(text, budget, afterMs) {
  const abandoned = worker.sync.solve(text, budget).then(
    () => "resolved",
    (err) => "rejected: " + (err && err.message),
  );
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  const t0 = performance.now();
  worker.terminate();
  worker = null;
  document.body.dataset.worker = "restarting";
  const startMs = await start();
  const restartMs = performance.now() - t0;
  const late = await Promise.race([abandoned, new Promise((resolve) => setTimeout(() => resolve("never settled"), 3000))]);
  return { restartMs, startMs, late };
}

async function memory() {
  return JSON.parse(JSON.stringify(await worker.sync.memory_mb()));
}

function marks() {
  const out = {};
  for (const m of performance.getEntriesByType("mark")) out[m.name] = m.startTime;
  return out;
}

window.bench = { start, solve, cancelAndRestart, memory, marks, loadedFrom: () => loadedFrom };

// The main thread's MicroPython marks itself ready; then (and never before) the worker starts.
const ready = () => document.body.dataset.ready === "1";
if (ready()) start();
else new MutationObserver((_, obs) => ready() && (obs.disconnect(), start())).observe(document.body, { attributes: true });
