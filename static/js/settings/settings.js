// The player's settings as stored (key "seahaven.settings", a versioned
// record): reading a stored value field by field, the record written back,
// and which language to show. Settings merge per key, as statistics do: a
// change writes only its own keys into what is stored now, so a setting
// changed in another tab, or by another version of the game (whose other
// keys and version are kept), is never reverted. Pure, so it is tested
// without a browser; the page keeps its copy in page.state.settings and
// changes it with page.api.setting (create-page.js).
export const SETTINGS_KEY = "seahaven.settings";
import { CELL_COUNTS, TIERS } from "#build/facts.js";
import { LANGUAGES } from "./languages.js";
export { LANGUAGES };
export const THEMES = ["auto", "light", "dark", "contrast"];
const VERSION = 1;
export const TIER_CHOICES = ["any", ...TIERS]; // the New game dialog's kinds of deal
// autoHome: "Send cards home automatically" (off: no card moves unless the player asks);
// lossNotice: the bar offering to undo once the game can no longer be won;
// onlyWinnable: the New game dialog deals only deals the solver proved winnable.
/**
 * The player's settings (page.state.settings).
 * @typedef {{language: string | null, fourColour: boolean, animations: boolean, cells: number, theme: string,
 *   winnableMark: boolean, autoHome: boolean, tier: string, lossNotice: boolean, onlyWinnable: boolean}} Settings
 */
/** @type {Settings} */
const DEFAULTS = {
  language: null,
  fourColour: false,
  animations: true,
  cells: CELL_COUNTS[0],
  theme: "auto",
  winnableMark: true,
  autoHome: false,
  tier: "any",
  lossNotice: true,
  onlyWinnable: true,
};

// The settings in a stored value (null: none saved); what is unreadable keeps its default.
/** @param {any} data parsed JSON @param {(message: string) => void} [warn] @returns {Settings} */
export function readSettings(data, warn = console.warn) {
  const settings = { ...DEFAULTS };
  if (data === null || data === undefined) return settings;
  if (!isRecord(data)) {
    warn("seahaven: ignoring saved settings of another version or shape");
    return settings;
  }
  if (LANGUAGES.includes(data.language)) settings.language = data.language;
  if (typeof data.fourColour === "boolean") settings.fourColour = data.fourColour;
  if (typeof data.animations === "boolean") settings.animations = data.animations;
  if (THEMES.includes(data.theme)) settings.theme = data.theme;
  if (typeof data.winnableMark === "boolean") settings.winnableMark = data.winnableMark;
  if (typeof data.autoHome === "boolean") settings.autoHome = data.autoHome;
  if (typeof data.lossNotice === "boolean") settings.lossNotice = data.lossNotice;
  if (typeof data.onlyWinnable === "boolean") settings.onlyWinnable = data.onlyWinnable;
  if (CELL_COUNTS.includes(data.cells)) settings.cells = data.cells;
  if (TIER_CHOICES.includes(data.tier)) settings.tier = data.tier;
  return settings;
}

// A settings record of this version or a newer one (whose keys are read as far as they are known).
const isRecord = (/** @type {any} */ data) => typeof data === "object" && data !== null && Number.isSafeInteger(data.v) && data.v >= VERSION;

// What is stored for `settings`.
/** @param {Settings} settings */
export function settingsRecord(settings) {
  return { v: VERSION, ...settings };
}

// What to store when `changes` are made: the record stored now (by any tab,
// of any version) with only those keys changed; when none can be read,
// this tab's `settings` with the changes.
/** @param {any} stored parsed JSON @param {Partial<Settings>} changes @param {Settings} settings */
export function mergedRecord(stored, changes, settings) {
  return isRecord(stored) ? { ...stored, ...changes } : settingsRecord({ ...settings, ...changes });
}

// The first of `tags` (language tags such as "es-MX", or null) whose language
// the game speaks, or null. The page asks with ?lang=, then the saved choice,
// then the browser's languages.
/** @param {readonly (string | null | undefined)[]} tags @returns {string | null} */
export function pickLanguage(tags) {
  for (const tag of tags) {
    const base = String(tag || "").slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(base)) return base;
  }
  return null;
}
