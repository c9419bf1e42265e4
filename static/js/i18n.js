// Interface strings: one JSON file per language under static/i18n/; the page
// asks for keys and fills named {placeholders}. English is the fallback.
// A counted string has one key per plural form of its language ("solver.undoTo.one",
// "solver.undoTo.other"): t("solver.undoTo", {count}) picks the form by the
// language's plural rules (Intl.PluralRules), ".other" when the language has
// no key for that form. A string that shows more counts gives each its own
// forms inline ("{played, plural, one {# game} other {# games}}"). Every
// number a string shows is a count, except those passed as label(n). Everything but loadLanguage, applyStatic and
// staticStrings works without a browser.
import { placeKind } from "#build/facts.js";
import { RANKS, SUITS, SUIT_SYMBOL, foundationSuit, rankNumber } from "./board/cards.js";

/** A language's strings by key, as its JSON file holds them. @typedef {Record<string, string>} Strings */
/**
 * What a string's {placeholders} are filled with: a count (a number, or the
 * text of one), or a label (label(n): shown as it is, agreeing with no word).
 * @typedef {Record<string, unknown>} Params
 */

/** @type {{current: Strings, fallback: Strings}} */
const strings = { current: {}, fallback: {} };
export let language = "en";
// The spoken names of the cards in the strings in use: every place's cards are
// named again after each move (a11y.js), three lookups and a fill each.
/** @type {Map<string, string>} */
let cardNames = new Map();

// Use these strings (what loadLanguage fetched; tests pass their own).
/** @param {string} lang @param {Strings} current @param {Strings} [fallback] */
export function useStrings(lang, current, fallback = current) {
  strings.current = current;
  strings.fallback = fallback;
  language = lang;
  cardNames = new Map();
}

/** @param {string} lang @returns {Promise<Strings>} */
async function fetchStrings(lang) {
  const res = await fetch(`./static/i18n/${lang}.json`);
  if (res.ok === false) throw new Error(`no strings for ${lang}`);
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

// The plural rules of the strings' language: our Portuguese is Portugal's, where 0 is plural.
/** @type {Record<string, string>} */
const PLURAL_LOCALE = { pt: "pt-PT" };
/** @type {Map<string, Intl.PluralRules>} */
const pluralRules = new Map();

/** @param {string} lang @param {number} count */
export function pluralForm(lang, count) {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(PLURAL_LOCALE[lang] || lang)));
  return rules.select(count);
}

// {text, counted} of `table` for `key`, or for the plural form of `count`
// when the key is counted; undefined when the table has neither.
/** @param {Strings} table @param {string} lang @param {string} key @param {unknown} count */
function lookup(table, lang, key, count) {
  if (key in table) return { text: table[key], counted: false };
  if (typeof count !== "number") return undefined;
  const text = table[`${key}.${pluralForm(lang, count)}`] ?? table[`${key}.other`];
  return text === undefined ? undefined : { text, counted: true };
}

// A number a string shows as a name or a measure, not as a count of things
// ("column {n}", "Score {score}", "par ({par})"): label(3) is shown as it is
// and agrees with no word. Any other number a string shows is a count.
/** @param {unknown} value @returns {{label: string}} */
export function label(value) {
  return { label: String(value) };
}

// A quantity that agrees with no word ("more than the {limit} a game can hold"):
// written as the language writes numbers, as a count is.
/** @param {number} value */
export function amount(value) {
  return label(number(value));
}

// Params quoted from elsewhere (the engine, a file): their text is shown as
// it is, whatever it holds (a character typed, "2" for a format); numbers stay counts.
/** @param {Params} [params] @returns {Params} */
export function quoted(params = {}) {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === "string" ? label(value) : value]));
}

/** @param {unknown} value @returns {value is {label: string}} */
const isLabel = (value) => typeof value === "object" && value !== null && "label" in value;
// A value that holds a number: a number, or text that is one ("1", "1,234").
const NUMERIC = /^-?\d[\d\s.,'\u00a0\u202f]*$/;
const holdsNumber = (/** @type {unknown} */ value) => typeof value === "number" || (typeof value === "string" && NUMERIC.test(value.trim()));

// A number as the language writes it ("1,234" in English, "1.234" in German).
// The first number Intl formats in a page costs its set-up (tens of ms on a
// phone), in the task that shows the first game (its names for screen readers
// count cards); 0 to 999 are written alike in every
// language the game speaks (tests/js/i18n.test.mjs checks), so they skip it.
/** @param {number} value */
export function number(value) {
  return Number.isInteger(value) && value >= 0 && value < 1000 ? String(value) : value.toLocaleString(language);
}

/**
 * Words that begin a heading, as the language writes them there: the first
 * letter a capital ("diciembre de 2026", from Intl, heads a calendar as
 * "Diciembre de 2026"), the rest as they are (CSS capitalising gave
 * "Diciembre De 2026").
 * @param {string} text
 */
export function headingStart(text) {
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}

// A count is written as the language writes numbers; a label as it is.
const shown = (/** @type {unknown} */ value) => (isLabel(value) ? value.label : typeof value === "number" ? number(value) : String(value));

// "{n, plural, one {# move} other {# moves}}": the form for n's number in
// `lang` ("=0" … before the language's forms, "other" as the last resort),
// "#" being the number. Each count a string shows agrees with its own words.
/** @param {string} text @param {Params} params @param {string} lang */
function plurals(text, params, lang) {
  const start = /\{(\w+), *plural *,/g;
  let out = "";
  let from = 0;
  for (let m = start.exec(text); m; m = start.exec(text)) {
    /** @type {Record<string, string>} */
    const forms = {};
    let i = start.lastIndex;
    for (;;) {
      while (text[i] === " ") i++;
      if (text[i] === "}" || i >= text.length) break;
      const name = /^=?\w+/.exec(text.slice(i));
      if (!name) break;
      i += name[0].length;
      while (text[i] === " ") i++;
      let depth = 0;
      const open = i;
      do {
        if (text[i] === "{") depth++;
        else if (text[i] === "}") depth--;
        i++;
      } while (depth > 0 && i < text.length);
      forms[name[0]] = text.slice(open + 1, i - 1);
    }
    const value = params[m[1]];
    const n = Number(isLabel(value) ? value.label : value);
    const form = forms[`=${n}`] ?? forms[pluralForm(lang, n)] ?? forms.other ?? "";
    out += text.slice(from, m.index) + form.replaceAll("#", value === undefined ? "#" : shown(value));
    from = i + 1;
    start.lastIndex = from;
  }
  return out + text.slice(from);
}

// Every number a string shows is plural-correct: the count its forms were
// chosen by (a counted key, t(key, {count})), or in a plural block of its own.
// A number shown any other way (a translation that writes "{played} games")
// is said on the console, once per key, which fails the page's tests.
const told = new Set();
/** @param {string} key @param {string} text @param {Params} params @param {boolean} counted */
function checkCounts(key, text, params, counted) {
  for (const [, name] of text.matchAll(/\{(\w+)\}/g)) {
    const value = params[name];
    if (!holdsNumber(value) || (counted && Number(value) === params.count) || told.has(key)) continue;
    told.add(key);
    console.error(`seahaven: the string ${key} shows the number {${name}} without the plural forms it needs`);
  }
}

/** @param {string} key @param {Params} [params] @returns {string} */
export function t(key, params = {}) {
  const own = lookup(strings.current, language, key, params.count);
  const found = own ?? lookup(strings.fallback, "en", key, params.count);
  if (!found) return key;
  // Most strings hold no braces, so nothing to choose, check or fill: 52 corner
  // labels drawn before the first paint, the toolbar's words, the places' names.
  if (!found.text.includes("{")) return found.text;
  const text = plurals(found.text, params, own ? language : "en");
  checkCounts(key, text, params, found.counted);
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? shown(params[name]) : m));
}

// The static texts under `root`, as [element, attribute or null for its text,
// key]: data-i18n="key" is the element's text, data-i18n-attr="aria-label:key;title:key" its attributes.
/** @param {ParentNode} root @returns {Generator<[HTMLElement, string | null, string]>} */
function* staticTexts(root) {
  const all = (/** @type {string} */ selector) => /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(selector));
  for (const el of all("[data-i18n]")) yield [el, null, String(el.dataset.i18n)];
  for (const el of all("[data-i18n-attr]")) {
    for (const pair of String(el.dataset.i18nAttr).split(";")) {
      const [attr, key] = pair.split(":").map((part) => part.trim());
      yield [el, attr, key];
    }
  }
}

// Write the static texts in the strings in use. Only what differs is written:
// the markup's English, or the words the early board already put in, would
// otherwise be laid out again for nothing.
/** @param {ParentNode} [root] */
export function applyStatic(root = document) {
  for (const [el, attr, key] of staticTexts(root)) {
    const text = t(key);
    if (attr === null) {
      if (el.textContent !== text) el.textContent = text;
    } else if (el.getAttribute(attr) !== text) el.setAttribute(attr, text);
  }
  document.title = t("app.title");
}

// "7H" → "7♥" with the language's rank letters (J, Q, K are not universal).
/** @param {string} code */
export function cardShort(code) {
  const key = `rankShort.${rankNumber(code)}`;
  const label = t(key);
  return (label === key ? code[0].replace("T", "10") : label) + SUIT_SYMBOL[code[1]];
}

// The language's rank letters, ace to king: kept with the saved game so that the
// next visit draws its board (early-board.js) before the strings are in.
export function rankLetters() {
  return Array.from(RANKS, (rank) => cardShort(`${rank}S`).slice(0, -SUIT_SYMBOL.S.length));
}

// The keys of the static texts under `root`.
/** @param {ParentNode} root */
export function staticKeys(root) {
  return new Set(Array.from(staticTexts(root), ([, , key]) => key));
}

// The strings the static texts under `root` use, by key: the toolbar's are kept
// with the saved game, for the next visit's early board.
/** @param {ParentNode} root */
export function staticStrings(root) {
  return Object.fromEntries(Array.from(staticKeys(root), (key) => [key, t(key)]));
}

// Strings kept with a save, the rank letters and some words by key (the early
// board's; the page's come from loadLanguage).
/** @param {string[]} letters @param {Strings} [words] */
export function useSavedStrings(letters, words = {}) {
  useStrings(language, { ...words, ...Object.fromEntries(letters.map((letter, i) => [`rankShort.${i + 1}`, letter])) });
}

// "7H" → "seven of hearts", for screen readers.
/** @param {string} code */
export function cardName(code) {
  let name = cardNames.get(code);
  if (name === undefined) {
    name = t("a11y.card", { rank: t(`rank.${rankNumber(code)}`), suit: t(`suit.${code[1]}`) });
    cardNames.set(code, name);
  }
  return name;
}

// "t3" → "column 3", "f2" → "hearts foundation".
/** @param {string} place */
export function placeName(place) {
  const n = Number(place.slice(1));
  const suit = placeKind(place) === "foundation" ? foundationSuit(place) : "";
  return t(`place.${place[0]}`, { n: label(n), suit: suit && t(`suit.${suit}`) });
}

// A refusal from the engine: its key picks the translated sentence; card
// codes in its params are shown as short localized cards. A key with no
// sentence is one only the page's own requests meet (seahaven/errors.py
// catalogue, its internal keys: a bug, never a player's input): one sentence says it, and the
// engine's English message goes to the console.
const CARD = new RegExp(`^[${RANKS}][${SUITS}]$`);
/** @param {import("#build/engine-api.js").Refusal | null | undefined} error */
export function refusal(error) {
  if (!error) return "";
  const prefix = error.key.startsWith("code-") ? "code." : "refuse.";
  const key = prefix + error.key;
  /** @type {Params} */
  const params = { ...(error.params || {}) };
  // A limit the engine names is the count its sentence agrees with ("Only 1 card can move now").
  if (typeof params.limit === "number") params.count = params.limit;
  if (lookup(strings.fallback, "en", key, params.count) === undefined) {
    console.warn(`seahaven: refused (${error.key}): ${error.message}`);
    return t("refuse.internal");
  }
  for (const name of ["card", "target", "need"]) {
    const card = params[name];
    if (typeof card === "string" && CARD.test(card)) params[name] = cardShort(card);
  }
  return t(key, quoted(params));
}
