// help/index.html: go to the rules in the player's language (?lang=xx, the
// game's saved setting, the browser's languages), else stay on the list.
import { SETTINGS_KEY, pickLanguage, readSettings } from "../settings/settings.js";
import { createStore } from "../saving/store.js";

const saved = readSettings(createStore(() => localStorage).read(SETTINGS_KEY)).language;
const asked = new URLSearchParams(location.search).get("lang");
const lang = pickLanguage([asked, saved, ...(navigator.languages || [navigator.language])]);
if (lang) location.replace(`./${lang}/rules.html${location.hash}`);
