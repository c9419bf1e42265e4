// The statistics as a file the player keeps or takes to another device
// (Statistics → Export, Import): what is written, and reading a file back,
// which refuses anything but such a file, whole. The game in progress is not
// in it: it belongs to the device it is played on. Pure, so it is tested
// without a browser.
import { parseStats } from "./stats-rules.js";

export const FILE_KIND = "seahaven-statistics";
const FILE_VERSION = 1;
export const MAX_FILE_BYTES = 2 * 1024 * 1024; // years of daily results take a few hundred KB

const isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);

// The file's content for `stats`, exported at `exported` (an ISO time).
export function statsFile(stats, exported) {
  return { kind: FILE_KIND, v: FILE_VERSION, exported, levels: stats.levels };
}

// "seahaven-statistics-2026-12-24.json"
export function fileName(date) {
  return `${FILE_KIND}-${date}.json`;
}

// The levels of a file's text: {levels}, or {error: {key, params}} saying
// what is wrong (i18n keys statsFile.*).
export function readStatsFile(text) {
  const refuse = (key, params = {}) => ({ error: { key: `statsFile.${key}`, params } });
  if (typeof text !== "string" || text.length > MAX_FILE_BYTES) return refuse("tooBig");
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return refuse("notJson");
  }
  if (!isObject(data) || data.kind !== FILE_KIND) return refuse("notStats");
  if (data.v !== FILE_VERSION) return refuse("version", { version: String(data.v).slice(0, 12) });
  if (!isObject(data.levels)) return refuse("damaged", { fields: "levels" });
  const { stats, wrong } = parseStats({ levels: data.levels, current: null });
  if (wrong.length) return refuse("damaged", { fields: wrong.slice(0, 3).join(", ") + (wrong.length > 3 ? ", …" : "") });
  return { levels: stats.levels };
}
