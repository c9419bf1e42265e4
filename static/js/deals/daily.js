// The daily deal (design §8): one deal a day per difficulty, the same for
// everyone, computed by the solver's worker (its `daily` export) from the UTC
// date: nothing is fetched, so it works offline. The toolbar's Today button
// deals today's for the player's difficulty, and the statistics' calendar an
// earlier day's (playDay, which init returns), showing "…" while the worker
// computes (the board stays playable meanwhile), once the player agrees to
// leave a game in progress (replace.js); the statistics record its result per
// date (stats-rules.js), solved late when played after its day, and the win
// dialog says so (its moves and par are the dialog's other lines). A day's
// deal the statistics already hold is dealt without the worker; one the
// engine refuses is said, and found again.
import { dayName, today } from "./days.js";
import { language, refusal, t } from "../i18n.js";
import { dailyStreak } from "../stats/daily-results.js";
import { problemText } from "./tiers.js";
import { EVENT } from "../events.js";

// From the ☰ menu, the entry stays while it finds the deal ("…"); the menu
// closes once it is found (or cannot be), before the deal or the question.
/** @param {HTMLElement | null} button */
function closeMenu(button) {
  const menu = button && button.closest("[popover]");
  if (menu instanceof HTMLElement && menu.matches(":popover-open")) menu.hidePopover();
}

/**
 * @param {import("../create-page.js").Page} page
 * @param {{confirmReplace: (question?: {kind?: string, title?: string}) => Promise<boolean>}} services
 *   replace.js's question before the game in progress is replaced
 * @returns {{playDay: (date?: string) => Promise<void>}} deal the daily deal of `date` (today's by default)
 */
export function init(page, { confirmReplace }) {
  const { api, events, state } = page;
  const button = /** @type {HTMLButtonElement | null} */ (page.root.querySelector("[data-testid=daily]"));
  /** @typedef {{code: string, tier: string | null, par: number | null, stored: boolean}} DayDeal */
  /** @type {Map<string, DayDeal>} */
  const found = new Map(); // "date cells" → {code, tier, par}, as the worker found it
  /** @type {Set<string>} */
  const refused = new Set(); // "date cells" whose code in the statistics the engine refused
  let busy = false;

  // The deal of a day as the statistics hold it (the one played that day), or as found here.
  /** @param {string} date @param {number} cells @returns {DayDeal | null} */
  function known(date, cells) {
    const key = `${date} ${cells}`;
    const day = !refused.has(key) && state.stats && state.stats.levels[String(cells)].daily[date];
    if (day) return { code: day.code, tier: day.tier, par: day.par, stored: true };
    return found.get(key) || null;
  }

  /** @param {boolean} on */
  function showBusy(on) {
    busy = on;
    if (!button) return;
    /** @type {HTMLElement} */ (button.querySelector(".busy")).hidden = !on;
    button.setAttribute("aria-busy", String(on));
    button.dataset.state = on ? "busy" : "idle";
  }

  // The day's deal from the worker; `say`: what the player reads meanwhile (a
  // day the table of days does not list takes seconds on a phone).
  /** @param {string} date @param {number} cells @param {string} say @returns {Promise<DayDeal>} */
  async function ask(date, cells, say) {
    showBusy(true);
    const saying = api.toast(say, 30000);
    try {
      await api.solver.ready();
      const answer = await api.solver.daily({ date, cells });
      if (answer.ok === false) throw new Error(answer.error.message);
      const fresh = { code: answer.code, tier: answer.tier, par: answer.par, stored: false };
      found.set(`${date} ${cells}`, fresh);
      return fresh;
    } finally {
      showBusy(false);
      saying();
    }
  }

  // The deal of `date`: as known, when the engine takes its code; else the worker's.
  /** @param {string} date @param {number} cells */
  async function find(date, cells) {
    const deal = known(date, cells);
    const finding = date === today() ? t("daily.finding") : t("daily.findingDay", { day: dayName(date, language) });
    if (!deal) return ask(date, cells, finding);
    const check = deal.stored ? api.do("preview", { code: deal.code }, { quiet: true }) : null;
    if (!check || check.ok !== false) return deal;
    refused.add(`${date} ${cells}`);
    return ask(date, cells, t("daily.refused", { reason: refusal(check.error) }));
  }

  async function playDay(date = today()) {
    if (busy) return;
    const cells = state.view ? state.view.cells : state.settings.cells;
    const isToday = date === today();
    const day = dayName(date, language);
    let deal;
    try {
      deal = await find(date, cells);
    } catch (problem) {
      const reason = problemText(problem);
      api.toast(isToday ? t("daily.unavailable", { reason }) : t("daily.dayUnavailable", { day, reason }), 5000);
      return;
    } finally {
      closeMenu(button);
    }
    const current = state.stats && state.stats.current;
    if (current && current.code === deal.code && current.daily === date && !current.won) {
      api.toast(isToday ? t("daily.playing") : t("daily.playingDay", { day }), 3000);
      return;
    }
    if (!(await confirmReplace({ kind: "daily", title: isToday ? undefined : t("replace.dailyDay", { day }) }))) return;
    const answer = api.do("new", { code: deal.code }, { quiet: true, reason: "deal" });
    if (answer.ok === false) {
      api.toast(refusal(answer.error), 5000);
      return;
    }
    events.emit(EVENT.dealt, { code: deal.code, tier: deal.tier, date, par: deal.par });
    const tier = t(`tier.${deal.tier}`);
    api.toast(isToday ? t("daily.started", { tier }) : t("daily.startedDay", { day, tier }), 4000);
  }

  if (button) button.addEventListener("click", () => playDay());

  initWinLine(page);
  return { playDay };
}

/**
 * The win of a day's deal: solved (late, or not when won with help), and the
 * streak, read from the statistics (the win is counted before "state" is heard).
 * @param {import("../create-page.js").Page} page
 */
function initWinLine(page) {
  const { state } = page;
  const winLine = /** @type {HTMLElement | null} */ (page.root.querySelector("#win-daily"));
  // Its moves and par are said once, by the win dialog's other lines.
  page.events.on(EVENT.state, ({ view, previous, reason }) => {
    if (!winLine || !view.won || !previous || previous.won || reason === "deal") return;
    const stats = state.stats;
    const current = stats && stats.current;
    const level = stats && current ? stats.levels[String(current.cells)] : null;
    const day = current && current.daily && level ? level.daily[current.daily] : null;
    winLine.hidden = !day;
    if (!day || !stats || !current || !current.daily) return; // a day implies the rest
    if (!day.won) {
      winLine.textContent = t("daily.wonWithHelp");
      return;
    }
    if (current.late) {
      winLine.textContent = t("daily.solvedLate", { day: dayName(current.daily, language) });
      return;
    }
    winLine.textContent = `${t("daily.solvedToday")} ${t("daily.streak", { count: dailyStreak(stats, today()) })}`;
  });
}
