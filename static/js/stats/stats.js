// Statistics: events from the page's own, counted by the rules of
// stats-rules.js into what is stored (the saver, saving.js: with the
// game they come from, safely across tabs), and shown in the Statistics
// dialog (its charts and calendar: stats-charts.js; export and import:
// stats-transfer.js). The page reads them as page.state.stats: what is
// stored, with the events not stored yet (null when they are of a newer
// format), and page.state.helped: whether the game drawn had the solver's
// help (a hint, Show me), so its win is a win with help.
import { afterPaint } from "../after-paint.js";
import { formatTime } from "../clock.js";
import { today } from "../deals/days.js";
import { language, number, t } from "../i18n.js";
import { find } from "../find.js";
import { drawCharts, showCharts } from "./stats-charts.js";
import { LEVELS, LEVEL_NAMES, STATS_KEY, inProgress } from "./stats-rules.js";
import { EVENT } from "../events.js";

/** @typedef {"played" | "won" | "winRate" | "streak" | "bestStreak" | "bestScore" | "fastest" | "helped"} Row */
/** @type {[field: Row, key: string][]} */
const ROWS = [
  ["played", "stats.played"],
  ["won", "stats.won"],
  ["winRate", "stats.winRate"],
  ["streak", "stats.streak"],
  ["bestStreak", "stats.bestStreak"],
  ["bestScore", "stats.bestScore"],
  ["fastest", "stats.fastest"],
  ["helped", "stats.wonWithHelp"],
];

// One cell of the table: a level's value for a row, in the page's language.
/** @param {import("./stats-rules.js").Level} level @param {Row} field */
function cellText(level, field) {
  const none = t("stats.none");
  switch (field) {
    case "winRate":
      return level.played
        ? (level.won / level.played).toLocaleString(language, { style: "percent", maximumFractionDigits: 0 })
        : none;
    case "bestScore":
      return level.bestScore === null ? none : number(level.bestScore);
    case "fastest":
      return level.fastest === null ? none : formatTime(level.fastest);
    default:
      return number(level[field]);
  }
}

/**
 * @param {import("../create-page.js").Page} page
 * @param {{saver: import("../saving/saving.js").Saver}} services the saver (storage.js)
 */
export function init(page, { saver }) {
  const { api, events, state } = page;
  Object.defineProperty(state, "stats", { get: () => saver.stats(), configurable: true });
  Object.defineProperty(state, "helped", {
    get() {
      const stats = saver.stats();
      const cur = stats && stats.current;
      const view = state.view;
      return Boolean(cur && view && cur.helped && cur.code === view.code && cur.cells === view.cells);
    },
    configurable: true,
  });

  // Every change is an event, stored with the game at the next save.
  const record = (/** @type {import("./stats-rules.js").StatsEvent} */ event) => saver.record(event);

  // Steps of the page's pipeline (create-page.js): counted before anyone hears of the state, whatever
  // order the features started in (the win's par line and the daily deal read what is counted).
  api.pipeline.opened = () => {
    if (state.view) record({ type: "opened", view: state.view, seconds: api.clock.seconds(), today: today() });
  };
  api.pipeline.count = ({ view, previous, reason }) => {
    if (state.ready) record({ type: "shown", view, previous, reason, seconds: api.clock.seconds() });
  };
  api.pipeline.helped = () => {
    record({ type: "helped" });
    events.emit(EVENT.save);
  };
  events.on(EVENT.dealt, ({ code, tier, date, par }) => record({ type: "dealt", code, tier, date, par, today: today() }));

  initDialog(page, saver, record);
}

/**
 * The Statistics dialog: the table, the charts, reset and import.
 * @param {import("../create-page.js").Page} page
 * @param {import("../saving/saving.js").Saver} saver
 * @param {(event: import("./stats-rules.js").StatsEvent) => void} record
 */
function initDialog(page, saver, record) {
  const { api, events, state } = page;
  const dialog = /** @type {HTMLDialogElement | null} */ (page.root.querySelector("#stats-dialog"));
  if (!dialog) return;
  const $ = (/** @type {string} */ selector) => find(dialog, selector, HTMLElement);
  const newerNote = $("[data-testid=stats-newer]");
  const playingNote = $("[data-testid=stats-in-progress]");

  // The statistics as stored (by any tab) with what this one has not stored yet;
  // those of a newer version of the game are kept, and not shown.
  function render() {
    const stats = saver.stats();
    const body = $("tbody");
    body.replaceChildren();
    for (const part of [".stats-table", ".stats-daily", ".stats-charts"]) $(part).hidden = !stats;
    $("[data-testid=stats-reset]").hidden = !stats;
    newerNote.hidden = Boolean(stats);
    // The game in progress is in no count yet: said, so "Played" is not read as a loss.
    const playing = stats && state.view && inProgress(stats, state.view) && stats.current.uncounted;
    playingNote.hidden = !playing;
    if (playing && state.view) playingNote.textContent = t("stats.inProgress", { level: t(LEVEL_NAMES[state.view.cells]) });
    if (!stats) return;
    for (const [field, key] of ROWS) {
      const row = document.createElement("tr");
      row.dataset.stat = field;
      const head = document.createElement("th");
      head.scope = "row";
      head.textContent = t(key);
      row.append(head);
      for (const level of LEVELS) {
        const cell = document.createElement("td");
        cell.dataset.cells = level;
        cell.textContent = cellText(stats.levels[level], field);
        row.append(cell);
      }
      body.append(row);
    }
  }

  /** @param {boolean} on */
  function confirming(on) {
    $(".stats-confirm").hidden = !on;
    $("[data-testid=stats-reset]").hidden = on || !newerNote.hidden;
  }

  // Another tab counted a game while the dialog is open: show it.
  addEventListener("storage", (e) => {
    if ((e.key === STATS_KEY || e.key === null) && dialog.open) render();
  });

  find(page.root, "[data-testid=stats]", HTMLElement).addEventListener("click", () => {
    render();
    showCharts(page);
    confirming(false);
    api.openDialog("#stats-dialog");
  });
  // A statistics file the player chose to import (stats-transfer.js).
  events.on(EVENT.statsImport, ({ levels, dailyBefore }) => {
    record({ type: "imported", levels, dailyBefore, today: today() });
    render();
    drawCharts(page);
    afterPaint(() => events.emit(EVENT.save)); // stored once the statistics imported are on screen
  });
  $("[data-testid=stats-reset]").addEventListener("click", () => {
    confirming(true);
    $("[data-testid=stats-reset-no]").focus();
  });
  $("[data-testid=stats-reset-no]").addEventListener("click", () => confirming(false));
  $("[data-testid=stats-reset-yes]").addEventListener("click", () => {
    record({ type: "reset" });
    events.emit(EVENT.save);
    render();
    drawCharts(page);
    confirming(false);
  });
}
