// The solver behind one small API: start() once the board is playable, then
// solve(positionText) → Promise of {status, moves: [{text, from, to, n}], …}
// ("winnable", "not winnable", "unknown" or "error"). Only the newest request
// waits to run (an older waiting one resolves null); the latest answers are
// kept by position (CACHE_SIZE of them: the winnable mark asks after every
// move, and a page played for hours must not keep them all). The worker that does the work is passed in (today Pyodide through
// PyScript; another runtime only needs the same {solve(text, budget), ping()}),
// and all rules stay in Python: every line the worker returns was replayed by
// the engine.
const BUDGET_SECONDS = 2;
const WORKER_TIMEOUT_MS = 60000;
const WORKER_FILES = ["./web/solver_worker.py", "./web/solver.toml"];
export const CACHE_SIZE = 200;

// The solver's worker in Pyodide: resolves to its exported functions.
export async function startPyodideWorker() {
  // PyScript never reports a worker whose files cannot be fetched: check them first.
  for (const file of WORKER_FILES) {
    const res = await fetch(file);
    if (!res.ok) throw new Error(`${file}: HTTP ${res.status}`);
  }
  const { PyWorker } = await import("../vendor/pyscript/core.js");
  const worker = await PyWorker("./web/solver_worker.py", {
    config: "./web/solver.toml",
    type: "pyodide",
    version: new URL("../vendor/pyodide/pyodide.mjs", import.meta.url).href,
  });
  return worker.sync;
}

// onChange({state, problem}) after every change of state: "idle", "loading",
// "ready" or "failed"; `problem` says why it is not ready, as an i18n key and
// params ({key: "solver.offline"}), or null. The technical reason of a failure
// (a file's URL, an HTTP status) goes to the console, not to the player.
export function createSolver({ startWorker = startPyodideWorker, onChange = () => {}, online = () => true } = {}) {
  const cache = new Map(); // position text → result
  let worker = null;
  let running = null; // {text, promise}
  let pending = null; // {text, resolve, reject}
  const solver = {
    state: "idle",
    problem: null,
    start,
    solve,
    cached,
    get remembered() {
      return cache.size;
    },
  };

  function setState(state, problem = null) {
    solver.state = state;
    solver.problem = problem;
    onChange({ state, problem });
  }

  async function start() {
    if (solver.state !== "idle") return;
    setState("loading", { key: "solver.loading" });
    // Still loading after a minute: say so (a late start still turns it on).
    const timer = setTimeout(
      () => solver.state === "loading" && setState("failed", { key: "solver.loading" }),
      WORKER_TIMEOUT_MS,
    );
    try {
      const started = await startWorker();
      if ((await started.ping()) !== "ready") throw new Error("no answer");
      worker = started;
      performance.mark("solver-ready");
      setState("ready");
    } catch (err) {
      console.warn(`seahaven: the solver did not start: ${(err && err.message) || err}`);
      setState("failed", { key: online() ? "solver.unavailable" : "solver.offline" });
    } finally {
      clearTimeout(timer);
    }
  }

  // Keep an answer, forgetting the one asked for least recently once there are CACHE_SIZE.
  function remember(text, result) {
    cache.delete(text);
    cache.set(text, result);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value);
  }

  async function run(text) {
    const result = JSON.parse(await worker.solve(text, BUDGET_SECONDS));
    if (result.status !== "unknown" && result.status !== "error") remember(text, result);
    return result;
  }

  function cached(text) {
    const result = cache.get(text);
    if (result === undefined) return null;
    remember(text, result); // asked again: the most recent now
    return result;
  }

  // A newer request replaces one still waiting (that one resolves null).
  function solve(text) {
    if (cache.has(text)) return Promise.resolve(cached(text));
    if (solver.state !== "ready") return Promise.reject(new Error(solver.state));
    if (!running) {
      const promise = run(text).finally(() => {
        running = null;
        if (pending) {
          const next = pending;
          pending = null;
          solve(next.text).then(next.resolve, next.reject);
        }
      });
      running = { text, promise };
      return promise;
    }
    if (running.text === text) return running.promise;
    if (pending) pending.resolve(null);
    return new Promise((resolve, reject) => (pending = { text, resolve, reject }));
  }

  return solver;
}
