// After a win, the win dialog says how many moves it took against par (the
// shortest win the solver finds for the deal, asked of the solver's worker,
// which finds it once per deal), and, for a deal played before, the player's
// best on it (the statistics' per-deal record, stats-rules.js).
import { label, t } from "../i18n.js";
import { EVENT } from "../events.js";

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const { api, events, state } = page;
  const $ = (sel) => page.root.querySelector(sel);
  const line = $("#win-par");
  let shown = null; // {code, moves, par, best}: what the line says, kept for another language

  function draw() {
    if (!shown) return;
    const { moves, par, best } = shown;
    const words = [par === null ? t("review.winMoves", { count: moves }) : t("review.winPar", { count: moves, par: label(par) })];
    if (best) words.push(t("review.best", { count: best.best, played: best.played }));
    line.textContent = words.join(" ");
  }

  async function askPar(current) {
    try {
      const answer = await api.solver.call("par", [current.code]);
      if (shown !== current || answer.ok === false || answer.par === null) return;
      current.par = answer.par;
      draw();
    } catch {
      // No solver (offline before it ever loaded, or still starting): the moves alone.
    }
  }

  // The same moment dialogs.js celebrates: a win as it happens.
  events.on(EVENT.state, ({ view, previous, reason }) => {
    if (!(view.won && previous && !previous.won && reason !== "deal")) return;
    const stats = state.stats; // stored, with the win just counted (stats.js runs first)
    const deal = view.code && stats && stats.deals ? stats.deals[view.code] : null;
    const best = deal && deal.played > 1 && deal.best !== null ? { best: deal.best, played: deal.played } : null;
    shown = { code: view.code, moves: view.moves, par: null, best };
    draw();
    if (view.code) askPar(shown);
  });
  events.on(EVENT.language, draw);
  events.on(EVENT.solver, ({ state: solverState }) => {
    if (solverState === "ready" && shown && shown.par === null && shown.code && $("#win-dialog").open) askPar(shown);
  });
}
