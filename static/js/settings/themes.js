// Themes: auto (follows prefers-color-scheme), light, dark, high contrast.
// The choice is a player setting; the colours live in static/css/themes.css,
// keyed on <html data-scheme> (the theme shown).
import { THEMES } from "./settings.js";

/** @type {Record<string, string>} */
const BAR_COLOUR = { light: "#0b5d36", dark: "#0c1a13", contrast: "#000000" };

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const { api, state } = page;
  const darkScheme = matchMedia("(prefers-color-scheme: dark)");
  const moreContrast = matchMedia("(prefers-contrast: more)");
  const select = /** @type {HTMLSelectElement | null} */ (page.root.querySelector("#theme-select"));

  function apply() {
    const theme = THEMES.includes(state.settings.theme) ? state.settings.theme : "auto";
    // "auto" follows the system: high contrast when asked for, else dark or light.
    const contrast = theme === "auto" && moreContrast.matches;
    document.documentElement.dataset.theme = contrast ? "contrast" : theme;
    const shown = contrast ? "contrast" : theme === "auto" ? (darkScheme.matches ? "dark" : "light") : theme;
    document.documentElement.dataset.scheme = shown;
    document.querySelector("meta[name=theme-color]")?.setAttribute("content", BAR_COLOUR[shown]);
    if (select) select.value = theme;
  }

  darkScheme.addEventListener("change", apply);
  moreContrast.addEventListener("change", apply);
  select?.addEventListener("change", () => {
    api.setting({ theme: select.value });
    apply();
  });
  apply();
}
