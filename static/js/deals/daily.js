// Today's deal (design §8): one deal a day per difficulty, the same for
// everyone, computed by the solver's worker (its `daily` export) from the UTC
// date: nothing is fetched, so it works offline. The toolbar's Today button
// deals it for the player's difficulty, showing "…" while the worker computes
// (the board stays playable meanwhile), once the player agrees to leave a game
// in progress (replace.js); the statistics record its result per
// date (stats-rules.js), and the win dialog says how it went against par.
import { today } from "./days.js";
import { t } from "../i18n.js";
import { dailyStreak } from "../stats/stats-rules.js";
import { problemText } from "./tiers.js";
import { EVENT } from "../events.js";

/**
 * @param {import("../create-page.js").Page} page
 * @param {{confirmReplace: (question?: {kind?: string, title?: string}) => Promise<boolean>}} services
 *   replace.js's question before the game in progress is replaced
 */
export function init(page, { confirmReplace }) {
  const { api, events, state } = page;
  const button = page.root.querySelector("[data-testid=daily]");
  const winLine = page.root.querySelector("#win-daily");
  if (!button) return;
  const found = new Map(); // "date cells" → {code, tier, par}, as the worker found it
  let busy = false;

  // The deal of a day already found here, or recorded in the statistics.
  function known(date, cells) {
    const key = `${date} ${cells}`;
    if (found.has(key)) return found.get(key);
    const day = state.stats && state.stats.levels[String(cells)].daily[date];
    return day ? { code: day.code, tier: day.tier, par: day.par } : null;
  }

  function showBusy(on) {
    busy = on;
    button.querySelector(".busy").hidden = !on;
    button.setAttribute("aria-busy", String(on));
    button.dataset.state = on ? "busy" : "idle";
  }

  async function find(date, cells) {
    const deal = known(date, cells);
    if (deal) return deal;
    showBusy(true);
    const finding = api.toast(t("daily.finding"), 4000);
    try {
      await api.solver.ready();
      const answer = await api.solver.call("daily", [date, cells]);
      if (answer.ok === false) throw new Error(answer.error.message);
      const fresh = { code: answer.code, tier: answer.tier, par: answer.par };
      found.set(`${date} ${cells}`, fresh);
      return fresh;
    } finally {
      showBusy(false);
      finding();
    }
  }

  // From the ☰ menu, the entry stays while it finds the deal ("…"); the menu
  // closes once it is found (or cannot be), before the deal or the question.
  function closeMenu() {
    const menu = button.closest("[popover]");
    if (menu && menu.matches(":popover-open")) menu.hidePopover();
  }

  async function playToday() {
    if (busy) return;
    const date = today();
    const cells = state.view ? state.view.cells : state.settings.cells;
    let deal;
    try {
      deal = await find(date, cells);
    } catch (problem) {
      api.toast(t("daily.unavailable", { reason: problemText(problem) }), 5000);
      return;
    } finally {
      closeMenu();
    }
    const current = state.stats && state.stats.current;
    if (current && current.code === deal.code && current.daily === date && !current.won) {
      api.toast(t("daily.playing"), 3000);
      return;
    }
    if (!(await confirmReplace({ kind: "daily" }))) return;
    const answer = api.engine.new({ code: deal.code });
    if (answer.ok === false) return;
    api.showDeal(answer);
    events.emit(EVENT.dealt, { code: deal.code, tier: deal.tier, date, par: deal.par });
    api.toast(t("daily.started", { tier: t(`tier.${deal.tier}`) }), 4000);
  }

  button.addEventListener("click", playToday);

  // The win of today's deal: solved (not when won with help), and the streak.
  // Its moves and par are said once, by the win dialog's other lines.
  events.on(EVENT.state, ({ view, previous, reason }) => {
    if (!view.won || !previous || previous.won || reason === "deal") return;
    const current = state.stats && state.stats.current;
    const level = current && state.stats.levels[String(current.cells)];
    const day = current && current.daily ? level.daily[current.daily] : null;
    winLine.hidden = !day;
    if (!day) return;
    if (!day.won) {
      winLine.textContent = t("daily.wonWithHelp");
      return;
    }
    winLine.textContent = `${t("daily.solvedToday")} ${t("daily.streak", { count: dailyStreak(level, today()) })}`;
  });
}
