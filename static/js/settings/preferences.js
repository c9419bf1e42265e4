// The player's settings applied to the page (four-colour deck, animations)
// and the Settings dialog's controls for them and for the language. The
// strings of the chosen language are loaded at start-up; "language" is
// emitted each time a language's strings are in, the first time even when
// none could be loaded (the page then shows its keys' English defaults).
import { language, loadLanguage } from "../i18n.js";
import { pickLanguage } from "./settings.js";
import { EVENT } from "../events.js";
import { find } from "../find.js";

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const { api, events, state } = page;
  const input = (/** @type {string} */ selector) => find(page.root, selector, HTMLInputElement);
  const languages = find(page.root, "#language-select", HTMLSelectElement);
  const settings = state.settings;
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

  function apply() {
    document.body.classList.toggle("four-colour", settings.fourColour);
    api.board.animate = settings.animations && !reducedMotion.matches;
    input("#four-colour").checked = settings.fourColour;
    input("#animations").checked = settings.animations;
  }
  reducedMotion.addEventListener("change", apply);
  apply();
  events.on(EVENT.setting, apply); // another tab's four-colour deck or animations, too

  find(page.root, "[data-testid=settings]", HTMLElement).addEventListener("click", () => {
    languages.value = language;
    api.openDialog("#settings-dialog");
  });
  input("#four-colour").addEventListener("change", (e) => {
    api.setting({ fourColour: /** @type {HTMLInputElement} */ (e.target).checked });
    apply();
  });
  input("#animations").addEventListener("change", (e) => {
    api.setting({ animations: /** @type {HTMLInputElement} */ (e.target).checked });
    apply();
  });
  languages.addEventListener("change", async () => {
    api.setting({ language: languages.value });
    await loadLanguage(settings.language || undefined);
    shown();
  });

  // Redraw every text made from the strings (at start-up possibly after the
  // board was drawn, or when the player picks another language).
  function shown() {
    find(page.root, "[data-testid=rules]", HTMLAnchorElement).href = `./help/${language}/rules.html`;
    api.board.relabel();
    if (state.game) api.show({ ...state.game, move: null }, { animate: false, reason: "redraw" });
    events.emit(EVENT.language, { language });
  }

  // ?lang=xx, else the saved choice, else the browser's languages, else English.
  const asked = new URLSearchParams(location.search).get("lang");
  const browser = navigator.languages || [navigator.language];
  loadLanguage(pickLanguage([asked, settings.language, ...browser]) || "en")
    .catch((err) => {
      console.warn(`seahaven: strings not loaded: ${err.message}`);
      return loadLanguage("en");
    })
    .catch((err) => console.warn(`seahaven: no strings at all: ${err.message}`))
    .then(shown);
}
