// The solver's worker behind one small API (page.api.solver):
//
//   solve({text}, {signal}), par({code}), parWork({code, seconds}), reviewStart({code, moves}),
//   reviewWork({review, seconds}), reviewStop({review}), grade({code}), daily({date, cells}),
//   readLink({text}), ping(), memory()
//                               → Promise of the worker's typed answer, {ok: true, …} or the
//                               refusal {ok: false, error}: one function per request of
//                               web/solver_worker.py REQUESTS (#build/solver-api.js, written by
//                               the build); a solve's decided answers are remembered by position
//                               (cached(text)), one request per position
//   call(name, args, {signal})  the queue those functions go through (the page's code calls them, not this)
//   start({quietly})            start the worker (once the board is playable; quietly: in pauses of the input)
//   ready()                     → Promise resolved once the worker answers (starting it if idle),
//                               rejected with the problem ({key, params}) if it cannot start
//   hold()                      → release(): the worker keeps what it holds between calls (a
//                               review in slices) — not replaced for its size until released
//   suspend(), resume()         the page goes into the back/forward cache, and comes back from it
//   state, problem              "idle", "loading", "ready" or "failed", and why not ready
//
// A start nobody waits for yet (start({quietly: true}): the page's own, once
// the board is playable) makes the worker, and says it is ready, each in a
// pause of the player's input (`pause`, input-pause.js): they hold the page's
// main thread for tens of milliseconds on a phone. Anything that asks for the
// solver (start(), ready()) ends that wait.
//
// Calls run one at a time, in order. Aborting a call's `signal` rejects it at
// once with an AbortError; a call nobody waits for any more is dropped, or,
// if it is running, given RESTART_GRACE_MS to end before the worker is
// terminated and a fresh one started (Python in a worker cannot be
// interrupted, and without cross-origin isolation no flag can reach it). A
// worker grown big (its heap, at its largest, MEMORY_GROWTH past its size at
// start, as the worker measures it: web/solver_worker.py memory) is replaced
// while idle, which gives back the WebAssembly memory a long call grew. The solver recovers by itself: a
// worker that stops (terminated, crashed) is heard at once and replaced, and
// the question it was answering asked again; a start that fails is tried
// again after RETRY_MS pauses, and at once when the browser is back online.
// A page in the back/forward cache keeps no worker: the worker's Web Lock
// (deathOf) would make Chromium evict the page as soon as any page of the
// site asks the lock manager anything (another tab starting its solver), so
// suspend() lets it go, and resume() starts a fresh one, asked again what the
// old one was answering.
// The worker is passed in (startWorker → {call(name, argsJSON) → Promise of
// the answer's JSON text, terminate(), dead: a Promise settled once it has stopped}), so the
// queue is tested without a browser; all rules stay in Python: every line
// the worker returns was replayed by the engine.
import { solverApi } from "#build/solver-api.js";
import { pageVersion } from "../pwa.js";

const WORKER_TIMEOUT_MS = 60000;
const RESTART_GRACE_MS = 250; // about what a fresh worker costs: a search abandoned is let finish that long
const LONG_CALL_MS = 250; // after a call this long, ask the worker how big it has grown (tens of MB a second)
const MEMORY_GROWTH = 40e6; // bytes of heap grown past its own start after which an idle worker is replaced
const RETRY_MS = [2000, 5000, 15000, 30000, 60000]; // a failed start is tried again after these pauses, the last one for ever
export const CACHE_SIZE = 500; // positions remembered: the winnable mark asks after every move, for hours

// The solver's worker: MicroPython through PyScript, from the site's own
// files, as this page's version has them (the service worker serves them
// under "v/<version>/" while another tab runs a newer version).
export async function startMicroPythonWorker() {
  // The worker's script, interpreter and files, written by the build from
  // site.toml [worker] (package.json "imports": a module of _site/ the bundle holds).
  const { WORKER } = await import("#build/worker.js");
  const site = new URL("../../", import.meta.url); // this runs bundled, in static/build/page.js
  const version = await pageVersion();
  const root = version ? new URL(`v/${encodeURIComponent(version)}/`, site) : site;
  const url = (path) => new URL(path, root).href;
  const script = url(WORKER.script);
  // PyScript never reports a script it cannot fetch: check it first (then it comes from the cache).
  const res = await fetch(script);
  if (res.ok === false) throw new Error(`${WORKER.script}: HTTP ${res.status}`);
  const core = "../vendor/pyscript/core.js"; // from the bundle, as the page loads it
  const { MPWorker } = await import(core);
  const files = Object.fromEntries(Object.entries(WORKER.files).map(([from, to]) => [url(from), to]));
  // `version` is the interpreter's URL: without it PyScript would fetch MicroPython from a CDN.
  // The promise resolves once the script has run: its exports answer.
  const worker = await MPWorker(script, { config: { files }, version: url(WORKER.interpreter) });
  const { dead, unwatch } = await deathOf(worker);
  const terminate = () => {
    unwatch(); // first: a lock granted to a page in the back/forward cache would run its code there
    worker.terminate();
  };
  return { call: (name, args) => worker.sync.handle(name, args), terminate, dead };
}

// {dead: a promise settled once `worker` has stopped, however it stopped,
// unwatch(): settle it now and stop watching}: the worker holds a Web Lock
// named here while it lives (tools/generate.py WORKER_ALIVE), and the page's
// own request for that lock is granted when it goes. Its request reaches the
// lock manager on its own time: the page asks once it is held.
async function deathOf(worker) {
  const lock = `seahaven-solver ${crypto.randomUUID()}`;
  await worker.sync.alive(lock);
  let stop = () => {};
  const dead = /** @type {Promise<void>} */ (new Promise((resolve) => (stop = resolve)));
  const held = async () => (await navigator.locks.query()).held.some((l) => l.name === lock);
  for (let waited = 0; !(await held()); waited += 10) {
    if (waited > 5000) return { dead: new Promise(() => {}), unwatch: stop }; // never held: its end goes unheard
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const watching = new AbortController();
  navigator.locks.request(lock, { signal: watching.signal }, () => stop()).catch(() => {}); // aborted: unwatched
  const unwatch = () => {
    watching.abort();
    stop();
  };
  return { dead, unwatch };
}

const aborted = (signal) => signal.reason ?? new DOMException("The call was cancelled.", "AbortError");
const SUSPENDED = new Error("the page went into the back/forward cache"); // a launch let go: resume() starts anew

/** @typedef {ReturnType<typeof createSolver>} Solver The solver's API (the page's api.solver). */

// onChange({state, problem}) after every change of state; `problem` says why
// the solver is not ready, as an i18n key and params ({key: "solver.offline"}), or null.
// onOnline(fn): fn is called when the browser is back online.
export function createSolver({
  startWorker = startMicroPythonWorker,
  onChange = /** @type {(detail: {state: string, problem: unknown}) => void} */ (() => {}),
  online = /** @type {() => boolean} */ (() => true),
  onOnline = (fn) => typeof addEventListener === "function" && addEventListener("online", fn),
  retryMs = RETRY_MS,
  idle = (fn) => (typeof requestIdleCallback === "function" ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 0)),
  pause = () => Promise.resolve(),
} = {}) {
  const cache = new Map(); // position text → decided result, oldest first
  const solving = new Map(); // position text → its job, queued or running
  const queue = []; // jobs waiting: {name, args, takers, onAnswer, timer}
  let worker = null;
  let running = null;
  let generation = 0; // which worker a call's answer comes from
  let recycle = false; // the worker has grown big: replace it when idle
  let waiting = []; // ready()'s {resolve, reject}
  let holds = 0; // callers whose work spans calls: a big worker waits for them before it is replaced
  let retries = 0; // failed starts in a row
  let retryTimer = 0;
  let retrying = false;
  let quiet = false; // the start under way waits for pauses in the input
  let asked = () => {}; // ends that wait: something asks for the solver
  let suspended = false; // the page is in the back/forward cache
  let away = 0; // times it went there: a launch begun before is let go
  let launching = null; // the worker a launch is starting, once startWorker has given it
  const solver = {
    state: "idle",
    problem: null,
    // The worker's requests, typed; each through `call`, the queue (looked up on
    // the solver, so a test can watch it). The page's code calls these, never `call`.
    ...solverApi((name, args, options) => solver.call(name, args, options)),
    solve,
    call,
    start,
    cached,
    ready,
    hold,
    suspend,
    resume,
    get remembered() {
      return cache.size;
    },
  };

  function setState(state, problem = null) {
    solver.state = state;
    solver.problem = problem;
    onChange({ state, problem });
    if (state === "ready" || state === "failed") {
      for (const { resolve, reject } of waiting) state === "ready" ? resolve() : reject(problem);
      waiting = [];
    }
  }

  // Resolves once the worker answers (starting it if it is idle); rejects
  // with the problem ({key, params}) if it fails to start.
  function ready() {
    if (solver.state === "ready") return Promise.resolve();
    if (solver.state === "failed") return Promise.reject(solver.problem);
    const promise = new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    start();
    return promise;
  }

  // A pause in the input, when the start is quiet; at once when something asks for the solver.
  async function paused() {
    if (!quiet) return;
    await Promise.race([pause(), new Promise((resolve) => (asked = () => resolve(undefined)))]);
  }

  // A worker that answers, with its heap at start (null when it cannot say), watched till it stops.
  // Throws SUSPENDED when the page went into the back/forward cache meanwhile.
  async function launch() {
    const epoch = away;
    let started = null;
    try {
      await paused();
      started = launching = await startWorker();
      if (epoch !== away) throw SUSPENDED;
      const dead = started.dead || new Promise(() => {});
      const stopped = dead.then(() => Promise.reject(new Error("the worker stopped while starting")));
      if (JSON.parse(await Promise.race([started.call("ping", "{}"), stopped])).ok !== true) throw new Error("no answer");
      await paused();
      if (epoch !== away) throw SUSPENDED;
      dead.then(() => worker === started && died());
      return started;
    } catch (err) {
      if (epoch === away) throw err;
      if (started) started.terminate();
      throw SUSPENDED;
    } finally {
      if (launching === started) launching = null;
    }
  }

  // How far the worker's heap has grown past its size at start, at its largest
  // (bytes), or null when it cannot say: it is then never replaced for its size.
  async function grownOf(started) {
    try {
      const { grown } = JSON.parse(await started.call("memory", "{}"));
      return Number.isFinite(grown) ? grown : null;
    } catch {
      return null;
    }
  }

  // The worker stopped by itself (or was terminated by someone else): a fresh
  // one takes over and is asked again what this one was answering.
  function died() {
    console.warn("seahaven: the solver's worker stopped; a new one takes over");
    restart({ askAgain: true });
  }

  /** @param {{quietly?: boolean}} [options] */
  async function start({ quietly = false } = {}) {
    if (!quietly) {
      quiet = false;
      asked();
    }
    if (solver.state !== "idle") return;
    quiet = quietly;
    setState("loading", { key: "solver.loading" });
    // Still loading after a minute: say so (a late start still turns it on).
    const timer = setTimeout(
      () => solver.state === "loading" && setState("failed", { key: "solver.loading" }),
      WORKER_TIMEOUT_MS,
    );
    try {
      worker = await launch();
      performance.mark("solver-ready");
      setState("ready");
      pump();
    } catch (err) {
      if (err !== SUSPENDED) fail(err); // still "loading": resume() starts it
    } finally {
      quiet = false;
      clearTimeout(timer);
    }
  }

  // The technical reason (a file's URL, an HTTP status) goes to the console, not to the player.
  function fail(err) {
    console.warn(`seahaven: the solver did not start: ${(err && err.message) || err}`);
    setState("failed", { key: online() ? "solver.unavailable" : "solver.offline" });
    for (const job of queue.splice(0)) settle(job, (taker) => taker.reject(err));
    if (running) settle(running, (taker) => taker.reject(err));
    running = null;
    later();
  }

  // A failed start is tried again, later and later (and at once when the
  // browser is back online): the files may come again. (retryMs [] : never.)
  function later() {
    clearTimeout(retryTimer);
    if (!retryMs.length) return;
    retryTimer = setTimeout(retry, retryMs[Math.min(retries, retryMs.length - 1)]);
    retries++;
  }

  async function retry() {
    clearTimeout(retryTimer);
    if (solver.state !== "failed" || retrying) return;
    retrying = true;
    try {
      worker = await launch();
      retries = 0;
      setState("ready");
      pump();
    } catch (err) {
      if (err === SUSPENDED) return; // still "failed": resume() tries again
      console.warn(`seahaven: the solver did not start again: ${(err && err.message) || err}`);
      setState("failed", { key: online() ? "solver.unavailable" : "solver.offline" });
      later();
    } finally {
      retrying = false;
    }
  }
  onOnline(retry);

  // A fresh worker instead of the current one (busy with a search nobody waits
  // for, grown big, or stopped: then what it was answering is asked again, once).
  async function restart({ askAgain = false } = {}) {
    performance.mark("solver-restart");
    generation++;
    const job = running;
    if (job && askAgain && !job.askedAgain) {
      job.askedAgain = true;
      queue.unshift(job);
    } else if (job) settle(job, (taker) => taker.reject(new Error("the solver restarted")));
    running = null;
    recycle = false;
    const old = worker;
    worker = null;
    if (old) old.terminate();
    await relaunch();
  }

  // A fresh worker takes the queue on (after a restart, or the page's return).
  async function relaunch() {
    try {
      worker = await launch();
      if (solver.state !== "ready") setState("ready");
      pump();
    } catch (err) {
      if (err !== SUSPENDED) fail(err);
    }
  }

  // The page goes into the back/forward cache: its worker, or the one starting,
  // is let go; what it was answering waits in the queue for the next one.
  function suspend() {
    if (suspended) return;
    suspended = true;
    away++;
    generation++;
    const job = running;
    running = null;
    if (job && job.takers.length) queue.unshift(job);
    else if (job) settle(job, () => {});
    recycle = false;
    for (const gone of [worker, launching]) if (gone) gone.terminate();
    worker = null;
  }

  // Back from the back/forward cache: a fresh worker, if there was one or one was coming.
  function resume() {
    if (!suspended) return;
    suspended = false;
    if (solver.state === "ready" || solver.state === "loading") relaunch();
    else if (solver.state === "failed") retry();
  }

  function settle(job, how) {
    clearTimeout(job.timer);
    if (job.key !== undefined) solving.delete(job.key);
    for (const taker of job.takers.splice(0)) how(taker);
  }

  async function pump() {
    if (running || !worker) return;
    const job = queue.shift();
    if (!job) {
      if (recycle && !holds) idle(() => !running && !queue.length && !holds && worker && recycle && restart());
      return;
    }
    running = job;
    const mine = generation;
    const began = performance.now();
    let answer;
    let error = null;
    try {
      answer = JSON.parse(await worker.call(job.name, JSON.stringify(job.args)));
    } catch (err) {
      error = err;
    }
    if (mine !== generation) return; // that worker was replaced meanwhile
    running = null;
    if (error) settle(job, (taker) => taker.reject(error));
    else {
      if (job.onAnswer) job.onAnswer(answer);
      settle(job, (taker) => taker.resolve(answer));
    }
    if (performance.now() - began > LONG_CALL_MS) await checkMemory(mine);
    pump();
  }

  async function checkMemory(mine) {
    const grown = await grownOf(worker);
    if (mine === generation && grown !== null && grown > MEMORY_GROWTH) recycle = true;
  }

  // Nobody waits for this job any more: forget it, or let it end soon (a
  // new request for the same position takes it up again meanwhile).
  function abandon(job) {
    if (running === job) {
      job.timer = setTimeout(() => running === job && restart(), RESTART_GRACE_MS);
      return;
    }
    queue.splice(queue.indexOf(job), 1);
    settle(job, () => {});
  }

  function take(job, signal) {
    return new Promise((resolve, reject) => {
      const taker = { resolve, reject };
      clearTimeout(job.timer);
      job.takers.push(taker);
      if (!signal) return;
      signal.addEventListener(
        "abort",
        () => {
          const i = job.takers.indexOf(taker);
          if (i < 0) return; // already settled
          job.takers.splice(i, 1);
          reject(aborted(signal));
          if (!job.takers.length) abandon(job);
        },
        { once: true },
      );
    });
  }

  function enqueue(name, args, extra = {}) {
    const job = { name, args, takers: [], timer: 0, ...extra };
    queue.push(job);
    queueMicrotask(pump);
    return job;
  }

  /**
   * @param {string} name
   * @param {object} args
   * @param {{signal?: AbortSignal}} [options]
   */
  function call(name, args, { signal } = {}) {
    if (solver.state !== "ready") return Promise.reject(new Error(solver.state));
    if (signal && signal.aborted) return Promise.reject(aborted(signal));
    return take(enqueue(name, args), signal);
  }

  function remember(text, result) {
    cache.delete(text);
    cache.set(text, result);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value);
  }

  function hold() {
    holds++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      holds--;
      pump();
    };
  }


  function cached(text) {
    const result = cache.get(text);
    if (result === undefined) return null;
    remember(text, result); // asked again: the most recent now
    return result;
  }

  /**
   * The worker's solve, each position asked once and its decided answer remembered.
   * @param {{text: string, seconds?: number}} args
   * @param {{signal?: AbortSignal}} [options]
   */
  function solve(args, { signal } = {}) {
    const { text } = args;
    if (cache.has(text)) return Promise.resolve(cached(text));
    if (solver.state !== "ready") return Promise.reject(new Error(solver.state));
    if (signal && signal.aborted) return Promise.reject(aborted(signal));
    let job = solving.get(text);
    if (!job) {
      const onAnswer = (result) => result.ok && result.status !== "unknown" && remember(text, result);
      job = enqueue("solve", args, { key: text, onAnswer });
      solving.set(text, job);
    }
    return take(job, signal);
  }

  return solver;
}
