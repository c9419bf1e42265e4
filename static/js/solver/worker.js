// The solver's worker as the page starts it: MicroPython through PyScript,
// from the site's own files, as this page's version has them (the service
// worker serves them under "v/<version>/" while another tab runs a newer
// version). Browser only; the solver (solver.js) takes any worker of the
// same shape, so its queue is tested under Node with stand-ins.
import { pageVersion } from "../pwa.js";

/**
 * The worker, once it answers: `call(name, argsJSON)` → a Promise of the
 * answer's JSON text (web/solver_worker.py handle), `terminate()`, and `dead`,
 * a Promise settled once it has stopped, however it stopped.
 * @returns {Promise<{call: (name: string, args: string) => Promise<string>, terminate: () => void, dead: Promise<void>}>}
 */
export async function startMicroPythonWorker() {
  // The worker's script, interpreter and files, written by the build from
  // site.toml [worker] (package.json "imports": a module of _site/ the bundle holds).
  const { WORKER } = await import("#build/worker.js");
  const site = new URL("../../", import.meta.url); // this runs bundled, in static/build/page.js
  const version = await pageVersion();
  const root = version ? new URL(`v/${encodeURIComponent(version)}/`, site) : site;
  const url = (/** @type {string} */ path) => new URL(path, root).href;
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
/** @param {{sync: {alive: (lock: string) => Promise<void>}}} worker */
async function deathOf(worker) {
  const lock = `seahaven-solver ${crypto.randomUUID()}`;
  await worker.sync.alive(lock);
  let stop = () => {};
  const dead = /** @type {Promise<void>} */ (new Promise((resolve) => (stop = resolve)));
  const held = async () => ((await navigator.locks.query()).held ?? []).some((l) => l.name === lock);
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
