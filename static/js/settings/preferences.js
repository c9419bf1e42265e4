// The player's settings applied to the page (four-colour deck, animations)
// and the Settings dialog's controls for them and for the language. The
// strings of the chosen language are loaded at start-up; "language" is
// emitted each time a language's strings are in, the first time even when
// none could be loaded (the page then shows its keys' English defaults).
import { language, loadLanguage } from "../i18n.js";
import { pickLanguage } from "./settings.js";
import { EVENT } from "../events.js";

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const { api, events, state } = page;
  const $ = (sel) => page.root.querySelector(sel);
  const settings = state.settings;
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

  function apply() {
    document.body.classList.toggle("four-colour", settings.fourColour);
    api.board.animate = settings.animations && !reducedMotion.matches;
    $("#four-colour").checked = settings.fourColour;
    $("#animations").checked = settings.animations;
  }
  reducedMotion.addEventListener("change", apply);
  apply();
  events.on(EVENT.setting, apply); // another tab's four-colour deck or animations, too

  $("[data-testid=settings]").addEventListener("click", () => {
    $("#language-select").value = language;
    api.openDialog("#settings-dialog");
  });
  $("#four-colour").addEventListener("change", (e) => {
    api.setting({ fourColour: e.target.checked });
    apply();
  });
  $("#animations").addEventListener("change", (e) => {
    api.setting({ animations: e.target.checked });
    apply();
  });
  $("#language-select").addEventListener("change", async (e) => {
    api.setting({ language: e.target.value });
    await loadLanguage(settings.language);
    shown();
  });

  // Redraw every text made from the strings (at start-up possibly after the
  // board was drawn, or when the player picks another language).
  function shown() {
    $("[data-testid=rules]").href = `./help/${language}/rules.html`;
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
