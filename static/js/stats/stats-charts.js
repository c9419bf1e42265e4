// The Statistics dialog's charts, per difficulty: the last games won and lost,
// the time each win took, wins per kind of deal; and the calendar of the
// daily deals, every difficulty together, with the streak of days solved on
// their own day, where a day up to today is chosen and its deal played
// (daily.js playDay). Plain inline SVG drawn from the saved statistics
// (page.state.stats) and coloured by the theme (static/css/daily.css).
// Screen readers get a text table for each chart instead of the picture; the
// calendar's days are radio buttons, chosen with the arrow keys.
import { formatTime } from "../clock.js";
import { find } from "../find.js";
import { addDays, addMonths, dayName, monthDates, monthOf, today, weekday } from "../deals/days.js";
import { headingStart, language, number, t } from "../i18n.js";
import { dailyStreak, dayResults, dayState, keptFrom } from "./daily-results.js";
import { LEVELS, LEVEL_NAMES, RECENT, TIERS } from "./stats-rules.js";

/** @typedef {import("./stats-rules.js").Stats} Stats */
/** @typedef {import("./stats-rules.js").RecentGame} RecentGame */
/** @typedef {import("./stats-rules.js").Day} Day */
/** @typedef {import("../create-page.js").Page} Page */
/** Attributes, as setAttribute writes them. @typedef {Record<string, string | number>} Attrs */

const SVG = "http://www.w3.org/2000/svg";
const SLOT = 6; // one game's width in the bar charts (viewBox units)
const HALF = 24; // a win rises this high above the middle line, a loss falls as low
const TIME_H = 40; // the height of the slowest win
const DAY_W = 40;
const DAY_H = 32;
const HEAD_H = 20; // the calendar's weekday letters

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} name @param {Attrs} [attrs] @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function element(name, attrs = {}, text = "") {
  const el = document.createElement(name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  if (text) el.textContent = text;
  return el;
}

/** @param {string} name @param {Attrs} [attrs] @param {string} [text] */
function svgElement(name, attrs = {}, text = "") {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  if (text) el.textContent = text;
  return el;
}

// A picture screen readers skip (its table says the same).
/** @param {number} width @param {number} height */
function picture(width, height) {
  return svgElement("svg", { viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true", focusable: "false" });
}

// A table only screen readers see (wrapped: a table is as wide as its content,
// whatever its own width).
/** @param {Element} el */
function unseen(el) {
  const box = element("div", { class: "visually-hidden" });
  box.append(el);
  return box;
}

// A table of `rows` (arrays of text) under `heads`, captioned.
/** @param {string} caption @param {string[]} heads @param {string[][]} rows @param {Attrs} attrs */
function table(caption, heads, rows, attrs) {
  const el = element("table", attrs);
  el.append(element("caption", {}, caption));
  const head = element("thead");
  const headRow = head.appendChild(element("tr"));
  for (const text of heads) headRow.append(element("th", { scope: "col" }, text));
  el.append(head);
  const body = element("tbody");
  for (const row of rows) {
    const tr = element("tr");
    row.forEach((text, i) => tr.append(element(i ? "td" : "th", i ? {} : { scope: "row" }, text)));
    body.append(tr);
  }
  el.append(body);
  return el;
}

const tierName = (/** @type {string | null} */ tier) => (tier ? t(`tier.${tier}`) : t("tier.any"));
const resultName = { won: "chart.won", lost: "chart.lost", helped: "chart.helped" };

// -- the last games: won above the line, lost below, won with help half up ---
/** @param {RecentGame[]} games */
function resultsFigure(games) {
  const count = (/** @type {RecentGame["result"]} */ result) => games.filter((g) => g.result === result).length;
  const figure = element("figure", { class: "chart", "data-testid": "chart-results" });
  const caption = games.length
    ? t("chart.results", { count: games.length, won: count("won"), helped: count("helped"), lost: count("lost") })
    : t("chart.noGames");
  figure.append(element("figcaption", {}, caption));
  if (!games.length) return figure;
  const svg = picture(RECENT * SLOT, 2 * HALF + 2);
  svg.append(svgElement("line", { class: "axis", x1: 0, x2: RECENT * SLOT, y1: HALF + 1, y2: HALF + 1 }));
  games.forEach((game, i) => {
    const [y, height] = { won: [1, HALF], helped: [1 + HALF / 2, HALF / 2], lost: [HALF + 1, HALF] }[game.result];
    svg.append(svgElement("rect", { class: `bar ${game.result}`, "data-result": game.result, x: i * SLOT + 1, y, width: SLOT - 2, height }));
  });
  figure.append(svg);
  return figure;
}

// -- the time each of those wins took, on the same places ----------------------
/** @param {RecentGame[]} games */
function timesFigure(games) {
  const times = games.flatMap((g) => (g.result === "won" && g.seconds !== null ? [g.seconds] : []));
  const figure = element("figure", { class: "chart", "data-testid": "chart-times" });
  const caption = times.length
    ? t("chart.times", { fastest: formatTime(Math.min(...times)), slowest: formatTime(Math.max(...times)) })
    : t("chart.noWins");
  figure.append(element("figcaption", {}, caption));
  if (!times.length) return figure;
  const slowest = Math.max(1, ...times);
  const svg = picture(RECENT * SLOT, TIME_H + 1);
  svg.append(svgElement("line", { class: "axis", x1: 0, x2: RECENT * SLOT, y1: TIME_H + 0.5, y2: TIME_H + 0.5 }));
  games.forEach((game, i) => {
    if (game.result !== "won" || game.seconds === null) return;
    const height = Math.max(2, Math.round((game.seconds / slowest) * TIME_H));
    svg.append(svgElement("rect", { class: "bar time", "data-seconds": game.seconds, x: i * SLOT + 1, y: TIME_H - height, width: SLOT - 2, height }));
  });
  figure.append(svg);
  return figure;
}

// The text both bar charts stand for: one row per game, oldest first.
/** @param {RecentGame[]} games */
function gamesTable(games) {
  const rows = games.map((game, i) => [
    number(i + 1),
    t(resultName[game.result]),
    game.result === "lost" || game.seconds === null ? t("stats.none") : formatTime(game.seconds),
    tierName(game.tier),
  ]);
  const heads = [t("chart.game"), t("chart.result"), t("chart.time"), t("tier.label")];
  return unseen(table(t("chart.tableCaption", { count: games.length }), heads, rows, { "data-testid": "chart-table" }));
}

// -- wins per kind of deal -------------------------------------------------------
/** @param {import("./stats-rules.js").Level} level */
function tiersTable(level) {
  const rows = TIERS.map((tier) => [tierName(tier), number(level.tiers[tier].won), number(level.tiers[tier].played)]);
  return table(t("chart.tiers"), [t("tier.label"), t("stats.won"), t("stats.played")], rows, {
    class: "tier-table",
    "data-testid": "tier-wins",
  });
}

// -- the daily deals: the month's calendar, every difficulty together -----------
// One difficulty's result of a day, in words: "Easy: solved in 84 moves".
/** @param {string} cells @param {Day} day */
function resultText(cells, day) {
  const level = t(LEVEL_NAMES[cells]);
  if (day.won) return t(day.late ? "calendar.levelLate" : "calendar.levelSolved", { level, count: day.moves });
  return t(day.helped ? "calendar.levelHelped" : "calendar.levelTried", { level });
}

// "3 December — Easy: solved in 84 moves · Medium: tried, not solved".
/** @param {Stats} stats @param {string} date */
function dayText(stats, date) {
  const results = dayResults(stats, date).map(({ cells, day }) => resultText(cells, day));
  return t("calendar.day", { day: dayName(date, language), results: results.join(" · ") || t("calendar.notPlayed") });
}

/** @param {Day} day */
function againstPar(day) {
  if (!day.won || day.par === null) return t("stats.none");
  const diff = Number(day.moves) - day.par;
  return diff > 0 ? `+${number(diff)}` : diff < 0 ? `−${number(-diff)}` : "0";
}

// The day of the shown month that holds the calendar's tab stop: the day
// chosen, else today, else the month's first.
/** @param {string[]} dates @param {string} chosen @param {string} date */
function tabStop(dates, chosen, date) {
  return dates.includes(chosen) ? chosen : dates.includes(date) ? date : dates[0];
}

// The month's days: the days up to today are radio buttons (the day chosen
// checked), the days to come only drawn.
/** @param {string[]} dates @param {Stats} stats @param {string} date @param {string} chosen @param {string} monthName */
function calendarPicture(dates, stats, date, chosen, monthName) {
  const first = weekday(dates[0]);
  const rows = Math.ceil((first + dates.length) / 7);
  const svg = svgElement("svg", { viewBox: `0 0 ${7 * DAY_W} ${HEAD_H + rows * DAY_H}`, role: "radiogroup", "aria-label": monthName });
  const letter = new Intl.DateTimeFormat(language, { weekday: "narrow", timeZone: "UTC" });
  for (let i = 0; i < 7; i++) {
    const monday = Date.UTC(2024, 0, 1 + i); // 2024-01-01 was a Monday
    svg.append(svgElement("text", { class: "weekday", x: i * DAY_W + DAY_W / 2, y: 14, "aria-hidden": "true" }, letter.format(monday)));
  }
  const stop = tabStop(dates.filter((/** @type {string} */ d) => d <= date), chosen, date);
  dates.forEach((/** @type {string} */ d, /** @type {number} */ i) => {
    const cell = first + i;
    const x = (cell % 7) * DAY_W;
    const y = HEAD_H + Math.floor(cell / 7) * DAY_H;
    const kind = dayState(stats, d);
    const when = d === date ? " today" : d > date ? " future" : "";
    /** @type {Attrs} */
    const attrs = { class: `day ${kind}${when}${d === chosen ? " chosen" : ""}`, "data-date": d, "data-day": kind };
    const text = dayText(stats, d);
    if (d <= date) Object.assign(attrs, { role: "radio", "aria-checked": String(d === chosen), tabindex: d === stop ? "0" : "-1", "aria-label": text });
    else attrs["aria-hidden"] = "true";
    const group = svgElement("g", attrs);
    group.append(svgElement("title", {}, text));
    group.append(svgElement("rect", { x: x + 3, y: y + 2, width: DAY_W - 6, height: DAY_H - 4, rx: 7 }));
    group.append(svgElement("text", { x: x + DAY_W / 2, y: y + DAY_H / 2 + 5 }, number(Number(d.slice(8)))));
    if (d <= date) group.append(svgElement("rect", { class: "ring", x: x + 0.5, y: y - 0.5, width: DAY_W - 1, height: DAY_H + 1, rx: 9 }));
    svg.append(group);
  });
  return svg;
}

// A day's result, named; the legend shows the first three.
/** @type {Record<string, string>} */
const RESULT_NAMES = { solved: "calendar.solved", late: "calendar.late", tried: "calendar.tried", helped: "chart.helped" };
const LEGEND = ["solved", "late", "tried"];

// One row per difficulty played each day of the month.
/** @param {string[]} dates @param {Stats} stats @param {string} monthName */
function calendarTable(dates, stats, monthName) {
  const rows = [];
  for (const d of dates) {
    for (const { cells, day } of dayResults(stats, d)) {
      const result = day.won ? (day.late ? "late" : "solved") : day.helped ? "helped" : "tried";
      rows.push([
        dayName(d, language),
        t(LEVEL_NAMES[cells]),
        t(RESULT_NAMES[result]),
        day.won ? number(Number(day.moves)) : t("stats.none"),
        day.par === null ? t("stats.none") : number(day.par),
        againstPar(day),
        day.won ? formatTime(Number(day.seconds)) : t("stats.none"),
      ]);
    }
  }
  const heads = [t("calendar.date"), t("stats.difficulty"), t("chart.result"), t("calendar.moves"), t("calendar.par"), t("calendar.vsPar"), t("chart.time")];
  const caption = rows.length ? t("calendar.caption", { month: monthName }) : t("calendar.nonePlayed", { month: monthName });
  return unseen(table(caption, heads, rows, { "data-testid": "calendar-table" }));
}

// The months the calendar shows: from the first whose days are kept (or
// played) to this one.
/** @param {Stats} stats @param {string} date */
function monthRange(stats, date) {
  const played = LEVELS.flatMap((cells) => Object.keys(stats.levels[cells].daily)).sort();
  const kept = keptFrom(date);
  return { first: monthOf(played.length && played[0] < kept ? played[0] : kept), last: monthOf(date) };
}

const monthKey = (/** @type {{year: number, month: number}} */ { year, month }) => year * 12 + month;

// What the player's chosen day says, and the button that plays its deal on
// the difficulty of the game in progress (as Today does).
/** @param {Stats} stats @param {string} chosen @param {number} cells */
function chosenDay(stats, chosen, cells) {
  const box = element("div", { class: "calendar-chosen" });
  box.append(element("p", { "data-testid": "calendar-day", "aria-live": "polite" }, dayText(stats, chosen)));
  box.append(element("button", { type: "button", "data-testid": "calendar-play" }, t("calendar.play", { level: t(LEVEL_NAMES[cells]) })));
  return box;
}

/**
 * @param {Stats} stats @param {{year: number, month: number}} month @param {string} date @param {string} chosen
 * @param {number} cells
 */
function calendarFigure(stats, month, date, chosen, cells) {
  const dates = monthDates(month);
  const monthName = new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    Date.parse(`${dates[0]}T00:00:00Z`),
  );
  const figure = element("figure", { class: "calendar", "data-testid": "daily-calendar" });
  const caption = element("figcaption");
  caption.append(element("span", { "data-testid": "daily-streak" }, t("daily.streak", { count: dailyStreak(stats, date) })));
  figure.append(caption);
  const nav = element("div", { class: "calendar-nav" });
  const prev = element("button", { type: "button", "data-month-step": "-1", "aria-label": t("calendar.previous") }, "‹");
  const next = element("button", { type: "button", "data-month-step": "1", "aria-label": t("calendar.next") }, "›");
  const range = monthRange(stats, date);
  prev.disabled = monthKey(month) <= monthKey(range.first);
  next.disabled = monthKey(month) >= monthKey(range.last);
  nav.append(prev, element("span", { class: "month", "aria-live": "polite" }, headingStart(monthName)), next);
  figure.append(nav);
  figure.append(calendarPicture(dates, stats, date, chosen, monthName));
  const legend = element("p", { class: "legend", "aria-hidden": "true" });
  for (const kind of LEGEND) legend.append(element("span", { class: `key ${kind}` }), t(RESULT_NAMES[kind]));
  figure.append(legend);
  figure.append(chosenDay(stats, chosen, cells));
  figure.append(calendarTable(dates, stats, monthName));
  return figure;
}

// -- the dialog's part -----------------------------------------------------------
const sectionOf = (/** @type {Page} */ page) => /** @type {HTMLElement | null} */ (page.root.querySelector(".stats-charts"));
const dailyOf = (/** @type {Page} */ page) => /** @type {HTMLElement | null} */ (page.root.querySelector(".stats-daily"));
const playedCells = (/** @type {Page} */ page) => (page.state.view ? page.state.view.cells : page.state.settings.cells);

// Draw the charts of the difficulty chosen, and the calendar of the month shown.
/** @param {Page} page */
export function drawCharts(page) {
  const section = sectionOf(page);
  const stats = page.state.stats;
  if (!section || !stats) return;
  const cells = find(section, "input[name=chart-level]:checked", HTMLInputElement).value;
  const level = stats.levels[cells];
  find(section, ".charts-body", HTMLElement).replaceChildren(
    resultsFigure(level.recent),
    timesFigure(level.recent),
    gamesTable(level.recent),
    tiersTable(level),
  );
  const daily = dailyOf(page);
  if (!daily) return;
  const date = today();
  const [year, month] = (daily.dataset.month || date.slice(0, 7)).split("-").map(Number);
  const chosen = daily.dataset.day || date;
  find(daily, ".daily-body", HTMLElement).replaceChildren(calendarFigure(stats, { year, month }, date, chosen, playedCells(page)));
}

// As the dialog opens: the difficulty of the game in progress; this month, today chosen.
/** @param {Page} page */
export function showCharts(page) {
  const section = sectionOf(page);
  if (!section) return;
  find(section, `input[name=chart-level][value="${playedCells(page)}"]`, HTMLInputElement).checked = true;
  const daily = dailyOf(page);
  if (daily) {
    daily.dataset.month = today().slice(0, 7);
    daily.dataset.day = today();
  }
  drawCharts(page);
}

// The day an arrow key (or Home, End) moves to from `date` among the month's `open` days.
/** @param {string} key @param {string} date @param {string[]} open */
function dayAfterKey(key, date, open) {
  /** @type {Record<string, number>} */
  const steps = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
  if (key === "Home") return open[0];
  if (key === "End") return open.at(-1);
  if (!(key in steps)) return null;
  const next = addDays(date, steps[key]);
  return open.includes(next) ? next : date;
}

/**
 * @param {import("../create-page.js").Page} page
 * @param {{playDay: (date: string) => Promise<void>}} services the daily deal of a day (daily.js)
 */
export function init(page, { playDay }) {
  const section = sectionOf(page);
  if (!section) return;
  for (const radio of section.querySelectorAll("input[name=chart-level]")) {
    radio.addEventListener("change", () => drawCharts(page));
  }
  const found = dailyOf(page);
  if (!found) return;
  const daily = found;

  // A day chosen: checked, the tab stop, and said below with its Play button.
  /** @param {string} date @param {boolean} focus */
  function choose(date, focus) {
    daily.dataset.day = date;
    const stats = page.state.stats;
    if (!stats) return;
    for (const day of daily.querySelectorAll("[role=radio]")) {
      const on = day.getAttribute("data-date") === date;
      day.classList.toggle("chosen", on);
      day.setAttribute("aria-checked", String(on));
      day.setAttribute("tabindex", on ? "0" : "-1");
      if (on && focus) /** @type {SVGElement} */ (day).focus();
    }
    find(daily, ".calendar-chosen", HTMLElement).replaceWith(chosenDay(stats, date, playedCells(page)));
  }

  daily.addEventListener("click", (e) => {
    const target = /** @type {Element} */ (e.target);
    const button = target.closest("[data-month-step]");
    if (button && !(/** @type {HTMLButtonElement} */ (button).disabled)) {
      const step = Number(/** @type {HTMLElement} */ (button).dataset.monthStep);
      const [year, month] = String(daily.dataset.month).split("-").map(Number);
      const shown = addMonths({ year, month }, step);
      daily.dataset.month = `${shown.year}-${String(shown.month).padStart(2, "0")}`;
      drawCharts(page);
      // The buttons were drawn again: keep the focus where the player was.
      const again = /** @type {HTMLButtonElement} */ (daily.querySelector(`[data-month-step="${step}"]`));
      (again.disabled ? /** @type {HTMLElement} */ (daily.querySelector(`[data-month-step="${-step}"]`)) : again).focus();
      return;
    }
    const day = target.closest("[role=radio]");
    if (day) return choose(String(day.getAttribute("data-date")), true);
    const play = target.closest("[data-testid=calendar-play]");
    if (play) {
      /** @type {HTMLDialogElement} */ (daily.closest("dialog")).close();
      playDay(String(daily.dataset.day));
    }
  });
  daily.addEventListener("keydown", (e) => {
    const day = /** @type {Element} */ (e.target).closest("[role=radio]");
    if (!day) return;
    const open = Array.from(daily.querySelectorAll("[role=radio]"), (el) => String(el.getAttribute("data-date")));
    const date = String(day.getAttribute("data-date"));
    const next = dayAfterKey(e.key, date, open);
    if (e.key === " " || e.key === "Enter") choose(date, true);
    else if (next) choose(next, true);
    else return;
    e.preventDefault();
  });
}
