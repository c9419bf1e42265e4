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
// the answer's JSON text, terminate(), dead: a Promise settled once it has
// stopped}; the page's: worker.js), so the queue is tested without a browser;
// its jobs and what it remembers are jobs.js. All rules stay in Python: every
// line the worker returns was replayed by the engine.
import { UNKNOWN } from "#build/facts.js";
import { solverApi } from "#build/solver-api.js";
import { CACHE_SIZE, PositionCache, aborted, newJob, retryPause, settle, take } from "./jobs.js";
import { startMicroPythonWorker } from "./worker.js";

export { CACHE_SIZE };
const WORKER_TIMEOUT_MS = 60000;
const RESTART_GRACE_MS = 250; // about what a fresh worker costs: a search abandoned is let finish that long
const LONG_CALL_MS = 250; // after a call this long, ask the worker how big it has grown (tens of MB a second)
const MEMORY_GROWTH = 40e6; // bytes of heap grown past its own start after which an idle worker is replaced
const RETRY_MS = [2000, 5000, 15000, 30000, 60000]; // a failed start is tried again after these pauses, the last one for ever
const SUSPENDED = new Error("the page went into the back/forward cache"); // a launch let go: resume() starts anew

/**
 * What the solver is given: how to start a worker, whom to tell of its state
 * ({state, problem}: `problem` says why it is not ready, as an i18n key and
 * params, {key: "solver.offline"}, or null), whether the browser is online and
 * how to hear it come back, the pauses between failed starts, how to wait for
 * an idle moment and for a pause in the player's input.
 * @typedef {object} SolverOptions
 * @property {() => Promise<any>} [startWorker]
 * @property {(detail: {state: string, problem: any}) => void} [onChange]
 * @property {() => boolean} [online]
 * @property {(fn: () => void) => void} [onOnline]
 * @property {number[]} [retryMs]
 * @property {(fn: () => void) => void} [idle]
 * @property {() => Promise<unknown>} [pause]
 */
const DEFAULTS = {
  startWorker: startMicroPythonWorker,
  onChange: () => {},
  online: () => true,
  onOnline: (fn) => typeof addEventListener === "function" && addEventListener("online", fn),
  retryMs: RETRY_MS,
  idle: (fn) => (typeof requestIdleCallback === "function" ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 0)),
  pause: () => Promise.resolve(),
};

/** @typedef {import("#build/solver-api.js").SolverApi & SolverCore} Solver The solver's API (the page's api.solver). */

/**
 * The solver: the queue, its worker's start, retries and replacement, and
 * each request of the worker, typed (#build/solver-api.js).
 * @param {SolverOptions} [options]
 * @returns {Solver}
 */
export function createSolver(options = {}) {
  const core = new SolverCore({ ...DEFAULTS, ...options });
  // Each request through `call`, looked up on the solver (so a test can watch it); solve remembers positions.
  return Object.assign(core, solverApi((name, args, opts) => core.call(name, args, opts)), { solve: core.solve });
}

class SolverCore {
  state = "idle";
  problem = null;
  #options;
  #cache = new PositionCache(CACHE_SIZE); // position text → decided answer
  #solving = new Map(); // position text → its job, queued or running
  /** @type {import("./jobs.js").Job[]} */
  #queue = []; // jobs waiting
  #worker = null;
  #running = null;
  #generation = 0; // which worker a call's answer comes from
  #recycle = false; // the worker has grown big: replace it when idle
  #waiting = []; // ready()'s {resolve, reject}
  #holds = 0; // callers whose work spans calls: a big worker waits for them before it is replaced
  #retries = 0; // failed starts in a row
  #retryTimer = 0;
  #retrying = false;
  #quiet = false; // the start under way waits for pauses in the input
  #asked = () => {}; // ends that wait: something asks for the solver
  #suspended = false; // the page is in the back/forward cache
  #away = 0; // times it went there: a launch begun before is let go
  #launching = null; // the worker a launch is starting, once startWorker has given it

  /** @param {Required<SolverOptions>} options */
  constructor(options) {
    this.#options = options;
    options.onOnline(() => this.#retry());
  }

  get remembered() {
    return this.#cache.answers.size;
  }

  #setState(state, problem = null) {
    this.state = state;
    this.problem = problem;
    this.#options.onChange({ state, problem });
    if (state === "ready" || state === "failed") {
      for (const { resolve, reject } of this.#waiting) state === "ready" ? resolve() : reject(problem);
      this.#waiting = [];
    }
  }

  // Resolves once the worker answers (starting it if it is idle); rejects
  // with the problem ({key, params}) if it fails to start.
  ready = () => {
    if (this.state === "ready") return Promise.resolve();
    if (this.state === "failed") return Promise.reject(this.problem);
    const promise = new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
    this.start();
    return promise;
  };

  // A pause in the input, when the start is quiet; at once when something asks for the solver.
  async #paused() {
    if (!this.#quiet) return;
    await Promise.race([this.#options.pause(), new Promise((resolve) => (this.#asked = () => resolve(undefined)))]);
  }

  // A worker that answers, watched till it stops. Throws SUSPENDED when the
  // page went into the back/forward cache meanwhile.
  async #launch() {
    const epoch = this.#away;
    let started = null;
    try {
      await this.#paused();
      started = this.#launching = await this.#options.startWorker();
      if (epoch !== this.#away) throw SUSPENDED;
      const dead = started.dead || new Promise(() => {});
      const stopped = dead.then(() => Promise.reject(new Error("the worker stopped while starting")));
      if (JSON.parse(await Promise.race([started.call("ping", "{}"), stopped])).ok !== true) throw new Error("no answer");
      await this.#paused();
      if (epoch !== this.#away) throw SUSPENDED;
      dead.then(() => this.#worker === started && this.#died());
      return started;
    } catch (err) {
      if (epoch === this.#away) throw err;
      if (started) started.terminate();
      throw SUSPENDED;
    } finally {
      if (this.#launching === started) this.#launching = null;
    }
  }

  // The worker stopped by itself (or was terminated by someone else): a fresh
  // one takes over and is asked again what this one was answering.
  #died() {
    console.warn("seahaven: the solver's worker stopped; a new one takes over");
    this.#restart({ askAgain: true });
  }

  /** @param {{quietly?: boolean}} [options] */
  start = async ({ quietly = false } = {}) => {
    if (!quietly) {
      this.#quiet = false;
      this.#asked();
    }
    if (this.state !== "idle") return;
    this.#quiet = quietly;
    this.#setState("loading", { key: "solver.loading" });
    // Still loading after a minute: say so (a late start still turns it on).
    const timer = setTimeout(
      () => this.state === "loading" && this.#setState("failed", { key: "solver.loading" }),
      WORKER_TIMEOUT_MS,
    );
    try {
      this.#worker = await this.#launch();
      performance.mark("solver-ready");
      this.#setState("ready");
      this.#pump();
    } catch (err) {
      if (err !== SUSPENDED) this.#fail(err); // still "loading": resume() starts it
    } finally {
      this.#quiet = false;
      clearTimeout(timer);
    }
  };

  #unavailable() {
    return { key: this.#options.online() ? "solver.unavailable" : "solver.offline" };
  }

  // The technical reason (a file's URL, an HTTP status) goes to the console, not to the player.
  #fail(err) {
    console.warn(`seahaven: the solver did not start: ${(err && err.message) || err}`);
    this.#setState("failed", this.#unavailable());
    for (const job of this.#queue.splice(0)) this.#settle(job, (taker) => taker.reject(err));
    if (this.#running) this.#settle(this.#running, (taker) => taker.reject(err));
    this.#running = null;
    this.#later();
  }

  // A failed start is tried again, later and later (and at once when the
  // browser is back online): the files may come again. (retryMs [] : never.)
  #later() {
    clearTimeout(this.#retryTimer);
    const pause = retryPause(this.#retries, this.#options.retryMs);
    if (pause === null) return;
    this.#retryTimer = setTimeout(() => this.#retry(), pause);
    this.#retries++;
  }

  async #retry() {
    clearTimeout(this.#retryTimer);
    if (this.state !== "failed" || this.#retrying) return;
    this.#retrying = true;
    try {
      this.#worker = await this.#launch();
      this.#retries = 0;
      this.#setState("ready");
      this.#pump();
    } catch (err) {
      if (err === SUSPENDED) return; // still "failed": resume() tries again
      console.warn(`seahaven: the solver did not start again: ${(err && err.message) || err}`);
      this.#setState("failed", this.#unavailable());
      this.#later();
    } finally {
      this.#retrying = false;
    }
  }

  // A fresh worker instead of the current one (busy with a search nobody waits
  // for, grown big, or stopped: then what it was answering is asked again, once).
  async #restart({ askAgain = false } = {}) {
    performance.mark("solver-restart");
    this.#generation++;
    const job = this.#running;
    if (job && askAgain && !job.askedAgain) {
      job.askedAgain = true;
      this.#queue.unshift(job);
    } else if (job) this.#settle(job, (taker) => taker.reject(new Error("the solver restarted")));
    this.#running = null;
    this.#recycle = false;
    const old = this.#worker;
    this.#worker = null;
    if (old) old.terminate();
    await this.#relaunch();
  }

  // A fresh worker takes the queue on (after a restart, or the page's return).
  async #relaunch() {
    try {
      this.#worker = await this.#launch();
      if (this.state !== "ready") this.#setState("ready");
      this.#pump();
    } catch (err) {
      if (err !== SUSPENDED) this.#fail(err);
    }
  }

  // The page goes into the back/forward cache: its worker, or the one starting,
  // is let go; what it was answering waits in the queue for the next one.
  suspend = () => {
    if (this.#suspended) return;
    this.#suspended = true;
    this.#away++;
    this.#generation++;
    const job = this.#running;
    this.#running = null;
    if (job && job.takers.length) this.#queue.unshift(job);
    else if (job) this.#settle(job, () => {});
    this.#recycle = false;
    for (const gone of [this.#worker, this.#launching]) if (gone) gone.terminate();
    this.#worker = null;
  };

  // Back from the back/forward cache: a fresh worker, if there was one or one was coming.
  resume = () => {
    if (!this.#suspended) return;
    this.#suspended = false;
    if (this.state === "ready" || this.state === "loading") this.#relaunch();
    else if (this.state === "failed") this.#retry();
  };

  #settle(job, how) {
    if (job.key !== undefined) this.#solving.delete(job.key);
    settle(job, how);
  }

  // The next job to the worker, one at a time; idle, a worker grown big is replaced.
  async #pump() {
    if (this.#running || !this.#worker) return;
    const job = this.#queue.shift();
    if (!job) return this.#whenIdle();
    this.#running = job;
    const mine = this.#generation;
    const began = performance.now();
    let answer;
    let error = null;
    try {
      answer = JSON.parse(await this.#worker.call(job.name, JSON.stringify(job.args)));
    } catch (err) {
      error = err;
    }
    if (mine !== this.#generation) return; // that worker was replaced meanwhile
    this.#running = null;
    if (error) this.#settle(job, (taker) => taker.reject(error));
    else {
      if (job.onAnswer) job.onAnswer(answer);
      this.#settle(job, (taker) => taker.resolve(answer));
    }
    if (performance.now() - began > LONG_CALL_MS) await this.#checkMemory(mine);
    this.#pump();
  }

  #whenIdle() {
    const idle = () => !this.#running && !this.#queue.length && !this.#holds && this.#worker && this.#recycle;
    if (idle()) this.#options.idle(() => idle() && this.#restart());
  }

  // After a long call: how far the worker's heap has grown past its size at
  // start, at its largest (web/solver_worker.py memory); past MEMORY_GROWTH,
  // it is replaced once idle. A worker that cannot say is never replaced for its size.
  async #checkMemory(mine) {
    let grown;
    try {
      grown = JSON.parse(await this.#worker.call("memory", "{}")).grown;
    } catch {
      return;
    }
    if (mine === this.#generation && Number.isFinite(grown) && grown > MEMORY_GROWTH) this.#recycle = true;
  }

  // Nobody waits for this job any more: forget it, or let it end soon (a
  // new request for the same position takes it up again meanwhile).
  #abandon(job) {
    if (this.#running === job) {
      job.timer = setTimeout(() => this.#running === job && this.#restart(), RESTART_GRACE_MS);
      return;
    }
    this.#queue.splice(this.#queue.indexOf(job), 1);
    this.#settle(job, () => {});
  }

  #enqueue(job) {
    this.#queue.push(job);
    queueMicrotask(() => this.#pump());
    return job;
  }

  /**
   * One request of the worker, queued: a Promise of its answer. The page's
   * code calls the typed requests (#build/solver-api.js), which come here.
   * @param {string} name
   * @param {object} args
   * @param {{signal?: AbortSignal}} [options]
   */
  call = (name, args, { signal } = {}) => {
    if (this.state !== "ready") return Promise.reject(new Error(this.state));
    if (signal && signal.aborted) return Promise.reject(aborted(signal));
    return take(this.#enqueue(newJob(name, args)), signal, (job) => this.#abandon(job));
  };

  hold = () => {
    this.#holds++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.#holds--;
      this.#pump();
    };
  };

  /** The decided answer remembered for a position, or null. */
  cached = (text) => this.#cache.get(text);

  /**
   * The worker's solve, each position asked once and its decided answer remembered.
   * @param {{text: string, seconds?: number}} args
   * @param {{signal?: AbortSignal}} [options]
   * @returns {Promise<import("#build/solver-api.js").Solution | import("#build/solver-api.js").Refused>}
   */
  solve = (args, { signal } = {}) => {
    const { text } = args;
    const known = this.#cache.get(text);
    if (known) return Promise.resolve(known);
    if (this.state !== "ready") return Promise.reject(new Error(this.state));
    if (signal && signal.aborted) return Promise.reject(aborted(signal));
    let job = this.#solving.get(text);
    if (!job) {
      const onAnswer = (result) => result.ok && result.status !== UNKNOWN && this.#cache.set(text, result);
      job = this.#enqueue(newJob("solve", args, { key: text, onAnswer }));
      this.#solving.set(text, job);
    }
    return take(job, signal, (deserted) => this.#abandon(deserted));
  };
}
