// The statistics as a file the player keeps or takes to another device
// (Statistics → Export, Import): what is written, and reading a file back,
// which refuses anything but such a file, whole. The game in progress is not
// in it: it belongs to the device it is played on. Pure, so it is tested
// without a browser.
import { foldDays } from "./daily-results.js";
import { parseStats } from "./stats-rules.js";

/**
 * The levels a statistics file holds, and the streak of the days folded away.
 * @typedef {{levels: Record<string, import("./stats-rules.js").Level>, dailyBefore: import("./stats-rules.js").DailyBefore | null}} StatsFile
 */

export const FILE_KIND = "seahaven-statistics";
const FILE_VERSION = 1;
// The statistics keep 397 days of daily results at most (daily-results.js):
// written as an export writes them, on every level, with every other list
// full, about 260 KB. Twice that leaves room for a hand's edits, and reading
// it costs a phone no more than a frame or two.
export const MAX_FILE_BYTES = 512 * 1024;

const isObject = (/** @type {import("../saving/bounds.js").Stored} */ x) => typeof x === "object" && x !== null && !Array.isArray(x);

// The file's content for `stats`, exported at `exported` (an ISO time); the
// days before the calendar's reach only as their streak (dailyBefore), when there were any.
/** @param {import("./stats-rules.js").Stats} stats @param {string} exported */
export function statsFile(stats, exported) {
  /** @type {{kind: string, v: number, exported: string, levels: Record<string, import("./stats-rules.js").Level>, dailyBefore?: import("./stats-rules.js").DailyBefore}} */
  const file = { kind: FILE_KIND, v: FILE_VERSION, exported, levels: stats.levels };
  if (stats.dailyBefore) file.dailyBefore = stats.dailyBefore;
  return file;
}

// "seahaven-statistics-2026-12-24.json"
/** @param {string} date */
export function fileName(date) {
  return `${FILE_KIND}-${date}.json`;
}

// The levels of a file's text: {levels, dailyBefore}, or {error: {key, params}}
// saying what is wrong (i18n keys statsFile.*). A format is a whole number
// from 1: anything else in `v` (1e400 is Infinity to JSON.parse) is not
// such a file. With `today`, the days the calendar no longer reaches on that
// date are folded (daily-results.js): what is imported is as bounded as what
// the page keeps.
/**
 * @param {unknown} text
 * @param {string | null} [today]
 * @returns {StatsFile | {error: {key: string, params: Record<string, string>}}}
 */
export function readStatsFile(text, today = null) {
  const refuse = (/** @type {string} */ key, /** @type {Record<string, string>} */ params = {}) => ({ error: { key: `statsFile.${key}`, params } });
  if (typeof text !== "string" || text.length > MAX_FILE_BYTES) return refuse("tooBig");
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return refuse("notJson");
  }
  if (!isObject(data) || data.kind !== FILE_KIND || !Number.isSafeInteger(data.v) || data.v < 1) return refuse("notStats");
  if (data.v !== FILE_VERSION) return refuse("version", { version: String(data.v) });
  if (!isObject(data.levels)) return refuse("damaged", { fields: "levels" });
  const { stats, wrong } = parseStats({ levels: data.levels, current: null, dailyBefore: data.dailyBefore });
  if (wrong.length) return refuse("damaged", { fields: wrong.slice(0, 3).join(", ") + (wrong.length > 3 ? ", …" : "") });
  if (today) foldDays(stats, today);
  return { levels: stats.levels, dailyBefore: stats.dailyBefore };
}
