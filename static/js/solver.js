// The solver's page side: a Pyodide worker started once the board is playable,
// answering "can this position still be won, and how?". Requests carry the
// position text; only the newest request waits to run, and an answer for a
// position that is no longer on the board is never shown. All rules stay in
// Python: the worker's answer is a list of moves the engine replayed.
import { hub } from "./hub.js";
import { cardShort, placeName, t } from "./i18n.js";

const BUDGET_SECONDS = 2;
const START_DELAY_MS = 400;
const WORKER_TIMEOUT_MS = 60000;
const WORKER_FILES = ["./web/solver_worker.py", "./web/solver.toml"];

export const solver = { state: "idle", reason: "", worker: null };
const cache = new Map(); // position text → result {status, moves}
let running = null; // {text, promise}
let pending = null; // {text, resolve, reject}

function setState(state, reason = "") {
  solver.state = state;
  solver.reason = reason;
  document.body.dataset.solver = state;
  hub.dispatchEvent(new CustomEvent("solver", { detail: { state, reason } }));
}

export async function startSolver() {
  if (solver.state !== "idle") return;
  setState("loading");
  // Still loading after a minute: say so (a late start still turns it on).
  const timer = setTimeout(() => solver.state === "loading" && setState("failed", t("solver.loading")), WORKER_TIMEOUT_MS);
  try {
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
    if ((await worker.sync.ping()) !== "ready") throw new Error("no answer");
    solver.worker = worker;
    performance.mark("solver-ready");
    setState("ready");
  } catch (err) {
    console.warn(`seahaven: the solver did not start: ${err && err.message}`);
    setState("failed", navigator.onLine ? t("solver.unavailable", { reason: String((err && err.message) || err) }) : t("solver.offline"));
  } finally {
    clearTimeout(timer);
  }
}

async function run(text) {
  const raw = await solver.worker.sync.solve(text, BUDGET_SECONDS);
  const result = JSON.parse(raw);
  if (result.status !== "unknown" && result.status !== "error") cache.set(text, result);
  return result;
}

// Solve a position; a newer request replaces one still waiting (it resolves null).
export function solve(text) {
  if (cache.has(text)) return Promise.resolve(cache.get(text));
  if (solver.state !== "ready") return Promise.reject(new Error(solverProblem()));
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

export function solverProblem() {
  if (solver.state === "failed") return solver.reason;
  return t("solver.loading");
}

export function currentText() {
  return hub.engine("position").text;
}

// The mark in the toolbar: ✓ winnable, ✗ not any more, … thinking.
export async function checkWinnable(mark) {
  const text = currentText();
  if (cache.has(text)) return showMark(mark, cache.get(text).status);
  if (solver.state !== "ready") return showMark(mark, solver.state === "failed" ? "off" : "waiting");
  showMark(mark, "thinking");
  try {
    const result = await solve(text);
    if (result && currentText() === text) showMark(mark, result.status);
  } catch {
    showMark(mark, "off");
  }
}

const MARKS = {
  winnable: ["✓", "solver.winnable"],
  "not winnable": ["✗", "solver.lost"],
  unknown: ["?", "solver.unknown"],
  thinking: ["…", "solver.thinking"],
  waiting: ["…", "solver.loading"],
};

function showMark(mark, status) {
  const [glyph, key] = MARKS[status] || ["", ""];
  mark.textContent = glyph;
  mark.dataset.status = status;
  mark.title = key ? t(key) : "";
  mark.setAttribute("aria-label", mark.title);
}

// "t3-t7x2" → the places and count a move names (for highlighting only).
export function moveParts(move) {
  const [places, count] = move.split("x");
  const [from, to] = places.split("-");
  return { from, to, count: Number(count || 1) };
}

export function describe(move, view) {
  const { from, to, count } = moveParts(move);
  const cards = view.places[from];
  const card = cards[cards.length - count];
  return t("solver.hintMove", { card: cardShort(card), from: placeName(from), to: placeName(to) });
}

