// The solver behind one small API: start() once the board is playable, then
// solve(positionText) → Promise of {status, moves: [{text, from, to, n}], …}
// ("winnable", "not winnable", "unknown" or "error"). Only the newest request
// waits to run (an older waiting one resolves null); answers are cached by
// position. The worker that does the work is passed in (today Pyodide through
// PyScript; another runtime only needs the same {solve(text, budget), ping()}),
// and all rules stay in Python: every line the worker returns was replayed by
// the engine. call(name, ...args) → Promise reaches any other function the
// worker exports (web/solver_worker.py: the review's slices, par), in turn
// with the solve requests.
const BUDGET_SECONDS = 2;
const WORKER_TIMEOUT_MS = 60000;
const WORKER_FILES = ["./web/solver_worker.py", "./web/solver.toml"];

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
// params ({key: "solver.offline"}), or null.
export function createSolver({ startWorker = startPyodideWorker, onChange = () => {}, online = () => true } = {}) {
  const cache = new Map(); // position text → result
  let worker = null;
  let running = null; // {text, promise}
  let pending = null; // {text, resolve, reject}
  const solver = { state: "idle", problem: null, start, solve, cached, call };

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
      console.warn(`seahaven: the solver did not start: ${err && err.message}`);
      const reason = String((err && err.message) || err);
      setState("failed", online() ? { key: "solver.unavailable", params: { reason } } : { key: "solver.offline" });
    } finally {
      clearTimeout(timer);
    }
  }

  async function run(text) {
    const result = JSON.parse(await worker.solve(text, BUDGET_SECONDS));
    if (result.status !== "unknown" && result.status !== "error") cache.set(text, result);
    return result;
  }

  // Another function of the worker; rejects while the solver is not ready.
  async function call(name, ...args) {
    if (solver.state !== "ready") throw new Error(solver.state);
    return worker[name](...args);
  }

  function cached(text) {
    return cache.get(text) || null;
  }

  // A newer request replaces one still waiting (that one resolves null).
  function solve(text) {
    if (cache.has(text)) return Promise.resolve(cache.get(text));
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
