// Interface strings: one JSON file per language under static/i18n/; the page
// asks for keys and fills named {placeholders}. English is the fallback.
// Everything but loadLanguage and applyStatic works without a browser.
import { RANKS, SUIT_SYMBOL, foundationSuit, rankNumber } from "./cards.js";

const strings = { current: {}, fallback: {} };
export let language = "en";

// Use these strings (what loadLanguage fetched; tests pass their own).
export function useStrings(lang, current, fallback = current) {
  strings.current = current;
  strings.fallback = fallback;
  language = lang;
}

async function fetchStrings(lang) {
  const res = await fetch(`./static/i18n/${lang}.json`);
  if (!res.ok) throw new Error(`no strings for ${lang}`);
  return res.json();
}

export async function loadLanguage(lang = "en") {
  const fallback = Object.keys(strings.fallback).length ? strings.fallback : fetchStrings("en");
  const current = lang === "en" ? fallback : fetchStrings(lang);
  const [english, chosen] = await Promise.all([fallback, current]);
  useStrings(lang, chosen, english);
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

// "7H" → "7♥" with the language's rank letters (J, Q, K are not universal).
export function cardShort(code) {
  const key = `rankShort.${rankNumber(code)}`;
  const label = t(key);
  return (label === key ? code[0].replace("T", "10") : label) + SUIT_SYMBOL[code[1]];
}

// "7H" → "seven of hearts", for screen readers.
export function cardName(code) {
  return t("a11y.card", { rank: t(`rank.${rankNumber(code)}`), suit: t(`suit.${code[1]}`) });
}

// "t3" → "column 3", "f2" → "hearts foundation".
export function placeName(place) {
  const n = Number(place.slice(1));
  const suit = place[0] === "f" ? foundationSuit(place) : "";
  return t(`place.${place[0]}`, { n, suit: suit && t(`suit.${suit}`) });
}

// A refusal from the engine: its key picks the translated sentence; card
// codes in its params are shown as short localized cards.
const CARD = new RegExp(`^[${RANKS}][SHDC]$`);
export function refusal(error) {
  if (!error) return "";
  const prefix = error.key.startsWith("code-") ? "code." : "refuse.";
  const key = prefix + error.key;
  if (!(key in strings.fallback)) return error.message;
  const params = { ...(error.params || {}) };
  for (const name of ["card", "target", "need"]) {
    if (CARD.test(params[name] || "")) params[name] = cardShort(params[name]);
  }
  return t(key, params);
}
