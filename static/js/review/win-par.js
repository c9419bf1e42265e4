// After a win, the win dialog says what par is (the shortest win the solver
// finds for the deal) and how the moves it took compare with it, and, for a
// deal played before, the player's best on it (the statistics' per-deal
// record, stats-rules.js). The moves themselves are the summary's (dialogs.js).
//
// Par is found while the deal is played, so the dialog never waits for it:
// once a deal is on the board (dealt, restored or opened from a link) and the
// solver answers, the page asks the worker for its par a slice at a time
// (`par_work`, about SLICE_SECONDS each), between the hints and marks the
// solver answers meanwhile, and keeps it by deal code. A win before it is
// known asks the worker for the rest (`par`).
import { find } from "../find.js";
import { t } from "../i18n.js";
import { EVENT } from "../events.js";

export const SLICE_SECONDS = 0.05;

// "Par for this deal, the shortest win the solver found, is 77 moves: you took 18 more."
/** @param {number} moves @param {number} par */
function parText(moves, par) {
  if (moves === par) return t("win.parOn", { par });
  const key = moves > par ? "win.parOver" : "win.parUnder";
  return t(key, { count: Math.abs(moves - par), par });
}

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const { api, events, state } = page;
  const line = find(page.root, "#win-par", HTMLElement);
  /** @type {Map<string, number | null>} deal code → par (moves, or null: none), as the worker found it */
  const pars = new Map();
  /** @type {string | null} */
  let finding = null; // the deal whose par is being found
  /** @type {{code: string | null, moves: number, par: number | null, best: {best: number, played: number} | null} | null} */
  let shown = null; // {code, moves, par, best}: what the line says, kept for another language

  function draw() {
    if (!shown) return;
    const { moves, par, best } = shown;
    const words = par === null ? [] : [parText(moves, par)];
    if (best) words.push(t("review.best", { count: best.best, played: best.played }));
    line.textContent = words.join(" ");
    line.hidden = !words.length;
  }

  const idle = () => new Promise((resolve) =>
    typeof requestIdleCallback === "function" ? requestIdleCallback(resolve, { timeout: 1000 }) : setTimeout(resolve, 0));

  // Par of the deal on the board, a slice at a time while it stays there.
  async function findPar() {
    const code = state.view && !state.view.won ? state.view.code : null;
    if (!code || pars.has(code) || finding === code || api.solver.state !== "ready") return;
    finding = code;
    try {
      while (state.view && state.view.code === code && !pars.has(code)) {
        await idle();
        const answer = await api.solver.parWork({ code, seconds: SLICE_SECONDS });
        if (answer.ok === false) return;
        if (answer.state === "done") pars.set(code, answer.par ?? null);
      }
      if (pars.has(code)) performance.mark("par-found");
    } catch {
      // No solver any more: a win asks again.
    } finally {
      if (finding === code) finding = null;
    }
  }

  /** @param {NonNullable<typeof shown>} current */
  async function askPar(current) {
    if (!current.code) return; // no deal code: no par to ask for (its callers check)
    try {
      const answer = await api.solver.par({ code: current.code });
      if (answer.ok === false || answer.par === null) return;
      pars.set(current.code, answer.par);
      if (shown !== current) return;
      current.par = answer.par;
      draw();
    } catch {
      // No solver (offline before it ever loaded, or still starting): the moves alone.
    }
  }

  events.on(EVENT.state, ({ view, previous, reason }) => {
    // The same moment dialogs.js celebrates: a win as it happens.
    if (view.won && previous && !previous.won && reason !== "deal") {
      const stats = state.stats; // stored, with the win just counted (stats.js runs first)
      const deal = view.code && stats && stats.deals ? stats.deals[view.code] : null;
      const best = deal && deal.played > 1 && deal.best !== null ? { best: deal.best, played: deal.played } : null;
      const par = view.code && pars.has(view.code) ? (pars.get(view.code) ?? null) : null;
      shown = { code: view.code, moves: view.moves, par, best };
      draw();
      if (view.code && !pars.has(view.code)) askPar(shown);
    } else if (!previous || view.code !== previous.code) findPar();
  });
  events.on(EVENT.dealt, ({ code, par }) => {
    if (code && par !== null && par !== undefined) pars.set(code, par); // today's deal comes with its par
  });
  events.on(EVENT.language, draw);
  events.on(EVENT.solver, ({ state: solverState }) => {
    if (solverState !== "ready") return;
    // A win before the solver was ready: its par, for the dialog (which may come
    // only after the show, win-cascade.js) as long as that won game is on the board.
    const won = state.view && state.view.won && shown && state.view.code === shown.code;
    if (won && shown && shown.par === null && shown.code) askPar(shown);
    else findPar();
  });
}
