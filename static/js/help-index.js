// help/index.html: go to the rules in the player's language (?lang=xx, the
// game's saved setting, the browser's languages), else stay on the list.
import { LANGUAGES } from "../build/languages.js"; // site.toml [languages], written by the build

function saved() {
  try {
    const data = JSON.parse(localStorage.getItem("seahaven.settings") || "null");
    return data && data.language;
  } catch {
    return null;
  }
}

function choose() {
  const asked = (new URLSearchParams(location.search).get("lang") || "").toLowerCase();
  const tags = [asked, saved() || "", ...(navigator.languages || [navigator.language || ""])];
  for (const tag of tags) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(base)) return base;
  }
  return null;
}

const lang = choose();
if (lang) location.replace(`./${lang}/rules.html${location.hash}`);
