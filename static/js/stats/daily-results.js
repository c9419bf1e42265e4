// Today's deal's results as the statistics keep them (stats-rules.js): per
// difficulty and date (a level's `daily`), each day's result, solved on its
// own day or later (`late`: an earlier day's deal played from the calendar).
// The calendar and the streak read them whatever the difficulty: a day is
// solved when any difficulty's deal of that day was. Only the days the
// calendar reaches are kept one by one (this month and the MONTHS_KEPT before
// it); older ones are folded into `dailyBefore` ({until, streak}: the last
// day folded, and the days solved on their own day in a row up to it), so the
// record stays bounded and the streak survives. Pure, so it is tested without
// a browser.
import { addDays, addMonths, firstDate, monthOf } from "../deals/days.js";

/** @typedef {import("./stats-rules.js").Stats} Stats */
/** @typedef {import("./stats-rules.js").Day} Day */

export const MONTHS_KEPT = 12;

// The first date kept day by day on `today`: the first of the month MONTHS_KEPT before today's.
/** @param {string} today @returns {string} */
export function keptFrom(today) {
  return firstDate(addMonths(monthOf(today), -MONTHS_KEPT));
}

const solvedOnItsDay = (/** @type {Day | undefined} */ day) => Boolean(day && day.won && !day.late);

// The results of the deals of `date`, one per difficulty played that day: [{cells, day}], Easy first.
/** @param {Stats} stats @param {string} date @returns {{cells: string, day: Day}[]} */
export function dayResults(stats, date) {
  return Object.entries(stats.levels)
    .filter(([, level]) => level.daily[date])
    .map(([cells, level]) => ({ cells, day: level.daily[date] }))
    .sort((a, b) => Number(b.cells) - Number(a.cells));
}

// How `date` went, all difficulties together: "solved" on its day, solved "late",
// "tried" (played, not solved), or "none".
/** @param {Stats} stats @param {string} date @returns {"solved" | "late" | "tried" | "none"} */
export function dayState(stats, date) {
  const days = dayResults(stats, date).map(({ day }) => day);
  if (days.some(solvedOnItsDay)) return "solved";
  if (days.some((day) => day.won)) return "late";
  return days.length ? "tried" : "none";
}

const solvedOn = (/** @type {Stats} */ stats, /** @type {string} */ date) => Object.values(stats.levels).some((level) => solvedOnItsDay(level.daily[date]));

// Days solved on their own day in a row up to `date` (today), any difficulty:
// today not solved yet leaves the streak of the days before it standing.
/** @param {Stats} stats @param {string} date @returns {number} */
export function dailyStreak(stats, date) {
  const before = stats.dailyBefore;
  let day = solvedOn(stats, date) ? date : addDays(date, -1);
  let count = 0;
  for (;;) {
    if (before && day <= before.until) return count + (day === before.until ? before.streak : 0);
    if (!solvedOn(stats, day)) return count;
    count += 1;
    day = addDays(day, -1);
  }
}

// Fold the days before keptFrom(today) into stats.dailyBefore and drop them
// (changed in place); true when there were any. A record this page writes then
// holds at most the days from keptFrom(today) to today per difficulty: 397
// (this month's 31 and the 366 of twelve months with a leap day).
/** @param {Stats} stats @param {string} today @returns {boolean} */
export function foldDays(stats, today) {
  const from = keptFrom(today);
  const solved = new Set(); // the days folded that were solved on their own day
  let folded = false;
  for (const level of Object.values(stats.levels)) {
    for (const date of Object.keys(level.daily)) {
      if (date >= from) continue;
      if (solvedOnItsDay(level.daily[date])) solved.add(date);
      delete level.daily[date];
      folded = true;
    }
  }
  const before = stats.dailyBefore;
  const until = addDays(from, -1);
  if (!folded || (before && before.until >= until)) return folded;
  let streak = 0;
  for (let day = until; ; day = addDays(day, -1)) {
    if (before && day <= before.until) {
      streak += day === before.until ? before.streak : 0;
      break;
    }
    if (!solved.has(day)) break;
    streak += 1;
  }
  stats.dailyBefore = { until, streak };
  return true;
}
