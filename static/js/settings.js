// Player settings kept in localStorage under a versioned key. Anything
// unreadable is ignored with a console warning and the defaults are used.
import { LANGUAGES } from "../build/languages.js"; // site.toml [languages], written by the build
export const THEMES = ["auto", "light", "dark", "contrast"];
const KEY = "seahaven.settings";
const VERSION = 1;
const DEFAULTS = { language: null, fourColour: false, animations: true, cells: 4, theme: "auto", winnableMark: true };

function readJSON(key) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch (err) {
    console.warn(`seahaven: ignoring saved ${key}: ${err.message}`);
    return null;
  }
}

export function loadSettings() {
  const data = readJSON(KEY);
  const settings = { ...DEFAULTS };
  if (data === null) return settings;
  if (typeof data !== "object" || data.v !== VERSION) {
    console.warn(`seahaven: ignoring saved settings of another version or shape`);
    return settings;
  }
  if (LANGUAGES.includes(data.language)) settings.language = data.language;
  if (typeof data.fourColour === "boolean") settings.fourColour = data.fourColour;
  if (typeof data.animations === "boolean") settings.animations = data.animations;
  if (THEMES.includes(data.theme)) settings.theme = data.theme;
  if (typeof data.winnableMark === "boolean") settings.winnableMark = data.winnableMark;
  if ([4, 2, 1].includes(data.cells)) settings.cells = data.cells;
  return settings;
}

export function saveSettings(settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ v: VERSION, ...settings }));
  } catch (err) {
    console.warn(`seahaven: settings not saved: ${err.message}`);
  }
}

// ?lang=xx, else the saved choice, else the browser's languages, else English.
export function chooseLanguage(settings) {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && LANGUAGES.includes(asked.toLowerCase())) return asked.toLowerCase();
  if (settings.language) return settings.language;
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}
