// The Statistics dialog's charts, per difficulty: the last games won and lost,
// the time each win took, wins per kind of deal, and the calendar of today's
// deal with the streak of days solved. Plain inline SVG drawn from the saved
// statistics (page.state.stats) and coloured by the theme (static/css/daily.css).
// Screen readers get a text table for each picture instead of the picture.
import { formatTime } from "../clock.js";
import { addMonths, monthDates, monthOf, today, weekday } from "../deals/days.js";
import { headingStart, language, number, t } from "../i18n.js";
import { RECENT, TIERS, dailyStreak } from "./stats-rules.js";

const SVG = "http://www.w3.org/2000/svg";
const SLOT = 6; // one game's width in the bar charts (viewBox units)
const HALF = 24; // a win rises this high above the middle line, a loss falls as low
const TIME_H = 40; // the height of the slowest win
const DAY_W = 40;
const DAY_H = 32;
const HEAD_H = 20; // the calendar's weekday letters

function element(name, attrs = {}, text = "") {
  const el = document.createElement(name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  if (text) el.textContent = text;
  return el;
}

function svgElement(name, attrs = {}, text = "") {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  if (text) el.textContent = text;
  return el;
}

// A picture screen readers skip (its table says the same).
function picture(width, height) {
  return svgElement("svg", { viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true", focusable: "false" });
}

// A table only screen readers see (wrapped: a table is as wide as its content,
// whatever its own width).
function unseen(el) {
  const box = element("div", { class: "visually-hidden" });
  box.append(el);
  return box;
}

// A table of `rows` (arrays of text) under `heads`, captioned.
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

const tierName = (tier) => (tier ? t(`tier.${tier}`) : t("tier.any"));
const resultName = { won: "chart.won", lost: "chart.lost", helped: "chart.helped" };

// -- the last games: won above the line, lost below, won with help half up ---
function resultsFigure(games) {
  const count = (result) => games.filter((g) => g.result === result).length;
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
function timesFigure(games) {
  const times = games.filter((g) => g.result === "won" && g.seconds !== null).map((g) => g.seconds);
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
function tiersTable(level) {
  const rows = TIERS.map((tier) => [tierName(tier), number(level.tiers[tier].won), number(level.tiers[tier].played)]);
  return table(t("chart.tiers"), [t("tier.label"), t("stats.won"), t("stats.played")], rows, {
    class: "tier-table",
    "data-testid": "tier-wins",
  });
}

// -- today's deal: the month's calendar ------------------------------------------
function dayState(day) {
  if (!day) return "none";
  return day.won ? "solved" : "tried";
}

function dayText(date, day) {
  const name = new Intl.DateTimeFormat(language, { day: "numeric", month: "long", timeZone: "UTC" }).format(
    Date.parse(`${date}T00:00:00Z`),
  );
  if (!day) return name;
  if (day.won) return t("calendar.daySolved", { day: name, count: day.moves });
  return t(day.helped ? "calendar.dayHelped" : "calendar.dayTried", { day: name });
}

function againstPar(day) {
  if (!day.won || day.par === null) return t("stats.none");
  const diff = day.moves - day.par;
  return diff > 0 ? `+${number(diff)}` : diff < 0 ? `−${number(-diff)}` : "0";
}

function calendarPicture(dates, days, date) {
  const first = weekday(dates[0]);
  const rows = Math.ceil((first + dates.length) / 7);
  const svg = picture(7 * DAY_W, HEAD_H + rows * DAY_H);
  const letter = new Intl.DateTimeFormat(language, { weekday: "narrow", timeZone: "UTC" });
  for (let i = 0; i < 7; i++) {
    const monday = Date.UTC(2024, 0, 1 + i); // 2024-01-01 was a Monday
    svg.append(svgElement("text", { class: "weekday", x: i * DAY_W + DAY_W / 2, y: 14 }, letter.format(monday)));
  }
  dates.forEach((d, i) => {
    const cell = first + i;
    const x = (cell % 7) * DAY_W;
    const y = HEAD_H + Math.floor(cell / 7) * DAY_H;
    const kind = dayState(days[d]);
    const when = d === date ? " today" : d > date ? " future" : "";
    const group = svgElement("g", { class: `day ${kind}${when}`, "data-date": d, "data-day": kind });
    group.append(svgElement("title", {}, dayText(d, days[d])));
    group.append(svgElement("rect", { x: x + 3, y: y + 2, width: DAY_W - 6, height: DAY_H - 4, rx: 7 }));
    group.append(svgElement("text", { x: x + DAY_W / 2, y: y + DAY_H / 2 + 5 }, number(Number(d.slice(8)))));
    svg.append(group);
  });
  return svg;
}

function calendarTable(dates, days, monthName) {
  const played = dates.filter((d) => days[d]);
  const rows = played.map((d) => {
    const day = days[d];
    const result = t(day.won ? "calendar.solved" : day.helped ? "chart.helped" : "calendar.tried");
    return [
      new Intl.DateTimeFormat(language, { day: "numeric", month: "long", timeZone: "UTC" }).format(Date.parse(`${d}T00:00:00Z`)),
      result,
      day.won ? number(day.moves) : t("stats.none"),
      day.par === null ? t("stats.none") : number(day.par),
      againstPar(day),
      day.won ? formatTime(day.seconds) : t("stats.none"),
    ];
  });
  const heads = [t("calendar.date"), t("chart.result"), t("calendar.moves"), t("calendar.par"), t("calendar.vsPar"), t("chart.time")];
  const caption = played.length ? t("calendar.caption", { month: monthName }) : t("calendar.nonePlayed", { month: monthName });
  return unseen(table(caption, heads, rows, { "data-testid": "calendar-table" }));
}

// The earliest month the calendar may show: that of the first day played.
function firstMonth(days, date) {
  const dates = Object.keys(days).sort();
  return monthOf(dates.length ? dates[0] : date);
}

const monthKey = ({ year, month }) => year * 12 + month;

function calendarFigure(level, month, date) {
  const dates = monthDates(month);
  const monthName = new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    Date.parse(`${dates[0]}T00:00:00Z`),
  );
  const figure = element("figure", { class: "calendar", "data-testid": "daily-calendar" });
  const caption = element("figcaption");
  caption.append(element("span", { class: "calendar-title" }, t("daily.button")));
  caption.append(element("span", { "data-testid": "daily-streak" }, t("daily.streak", { count: dailyStreak(level, date) })));
  figure.append(caption);
  const nav = element("div", { class: "calendar-nav" });
  const prev = element("button", { type: "button", "data-month-step": "-1", "aria-label": t("calendar.previous") }, "‹");
  const next = element("button", { type: "button", "data-month-step": "1", "aria-label": t("calendar.next") }, "›");
  prev.disabled = monthKey(month) <= monthKey(firstMonth(level.daily, date));
  next.disabled = monthKey(month) >= monthKey(monthOf(date));
  nav.append(prev, element("span", { class: "month", "aria-live": "polite" }, headingStart(monthName)), next);
  figure.append(nav);
  figure.append(calendarPicture(dates, level.daily, date));
  const legend = element("p", { class: "legend", "aria-hidden": "true" });
  legend.append(element("span", { class: "key solved" }), t("calendar.solved"), element("span", { class: "key tried" }), t("calendar.tried"));
  figure.append(legend);
  figure.append(calendarTable(dates, level.daily, monthName));
  return figure;
}

// -- the dialog's part -----------------------------------------------------------
const sectionOf = (page) => page.root.querySelector(".stats-charts");

// Draw the charts of the difficulty chosen, for the month shown.
export function drawCharts(page) {
  const section = sectionOf(page);
  const stats = page.state.stats;
  if (!section || !stats) return;
  const cells = section.querySelector("input[name=chart-level]:checked").value;
  const level = stats.levels[cells];
  const date = today();
  const [year, month] = (section.dataset.month || date.slice(0, 7)).split("-").map(Number);
  section.querySelector(".charts-body").replaceChildren(
    resultsFigure(level.recent),
    timesFigure(level.recent),
    gamesTable(level.recent),
    tiersTable(level),
    calendarFigure(level, { year, month }, date),
  );
}

// As the dialog opens: the difficulty of the game in progress, this month.
export function showCharts(page) {
  const section = sectionOf(page);
  if (!section) return;
  const cells = page.state.view ? page.state.view.cells : page.state.settings.cells;
  section.querySelector(`input[name=chart-level][value="${cells}"]`).checked = true;
  section.dataset.month = today().slice(0, 7);
  drawCharts(page);
}

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const section = sectionOf(page);
  if (!section) return;
  for (const radio of section.querySelectorAll("input[name=chart-level]")) {
    radio.addEventListener("change", () => drawCharts(page));
  }
  section.addEventListener("click", (e) => {
    const button = e.target.closest("[data-month-step]");
    if (!button || button.disabled) return;
    const step = Number(button.dataset.monthStep);
    const [year, month] = section.dataset.month.split("-").map(Number);
    const shown = addMonths({ year, month }, step);
    section.dataset.month = `${shown.year}-${String(shown.month).padStart(2, "0")}`;
    drawCharts(page);
    // The buttons were drawn again: keep the focus where the player was.
    const again = section.querySelector(`[data-month-step="${step}"]`);
    (again.disabled ? section.querySelector(`[data-month-step="${-step}"]`) : again).focus();
  });
}
