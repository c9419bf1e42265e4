// Interface strings: one JSON file per language under static/i18n/; the page
// asks for keys and fills named {placeholders}. English is the fallback.
const strings = { current: {}, fallback: {} };
export let language = "en";

async function fetchStrings(lang) {
  const res = await fetch(`./static/i18n/${lang}.json`);
  if (!res.ok) throw new Error(`no strings for ${lang}`);
  return res.json();
}

export async function loadLanguage(lang = "en") {
  if (!Object.keys(strings.fallback).length) strings.fallback = await fetchStrings("en");
  strings.current = lang === "en" ? strings.fallback : await fetchStrings(lang);
  language = lang;
  document.documentElement.lang = lang;
  applyStatic();
}

export function t(key, params = {}) {
  const text = strings.current[key] ?? strings.fallback[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

// Elements with data-i18n="key" get that text; data-i18n-attr="aria-label:key;title:key" set attributes.
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
  document.title = t("app.title");
}

// A refusal from the engine: its key picks the translated sentence.
export function refusal(error) {
  if (!error) return "";
  const prefix = error.key.startsWith("code-") ? "code." : "refuse.";
  const key = prefix + error.key;
  return key in strings.fallback ? t(key, error.params || {}) : error.message;
}
