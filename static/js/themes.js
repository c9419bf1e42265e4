// Themes: auto (follows prefers-color-scheme), light, dark, high contrast.
// The choice is a player setting (settings.js); the colours live in
// static/css/themes.css, keyed on <html data-scheme> (the theme shown).
import { emit } from "./hub.js";
import { THEMES, loadSettings, saveSettings } from "./settings.js";

const BAR_COLOUR = { light: "#0b5d36", dark: "#0c1a13", contrast: "#000000" };
const darkScheme = matchMedia("(prefers-color-scheme: dark)");
const moreContrast = matchMedia("(prefers-contrast: more)");
const select = document.querySelector("#theme-select");
let theme = loadSettings().theme;

function applyTheme() {
  if (!THEMES.includes(theme)) theme = "auto";
  // "auto" follows the system: high contrast when asked for, else dark or light.
  const contrast = theme === "auto" && moreContrast.matches;
  document.documentElement.dataset.theme = contrast ? "contrast" : theme;
  const shown = contrast ? "contrast" : theme === "auto" ? (darkScheme.matches ? "dark" : "light") : theme;
  document.documentElement.dataset.scheme = shown;
  document.querySelector("meta[name=theme-color]")?.setAttribute("content", BAR_COLOUR[shown]);
  if (select) select.value = theme;
}

darkScheme.addEventListener("change", applyTheme);
moreContrast.addEventListener("change", applyTheme);
select?.addEventListener("change", () => {
  theme = select.value;
  // Saved here and told to the page's own copy of the settings (app.js).
  const settings = loadSettings();
  settings.theme = theme;
  saveSettings(settings);
  emit("setting", { theme });
  applyTheme();
});
applyTheme();
