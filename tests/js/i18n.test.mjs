// Interface strings and the names of cards and places (static/js/i18n.js), with the real string files.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { cardName, cardShort, headingStart, label, number, placeName, quoted, rankLetters, refusal, t, useSavedStrings, useStrings } from "../../static/js/i18n.js";
import { LANGUAGES } from "../../static/js/settings/languages.js";

const strings = (lang) => JSON.parse(readFileSync(new URL(`../../static/i18n/${lang}.json`, import.meta.url)));
const EN = strings("en");

test("t fills named placeholders and leaves unknown ones", () => {
  useStrings("en", { "x.hello": "Hello {name}, {other}" });
  assert.equal("Hello Ana, {other}", t("x.hello", { name: "Ana" }));
  assert.equal("x.missing", t("x.missing"));
});

test("a key missing in a language falls back to English", () => {
  useStrings("es", {}, EN);
  assert.equal(EN["toolbar.undo"], t("toolbar.undo"));
});

test("a heading starts with a capital, in the language's own case, and the rest is left as written", () => {
  useStrings("es", strings("es"), EN);
  assert.equal("Diciembre de 2026", headingStart("diciembre de 2026"));
  useStrings("de", strings("de"), EN);
  assert.equal("Dezember 2026", headingStart("Dezember 2026"));
  assert.equal("", headingStart(""));
});

test("cards: short with the language's rank letters, and spoken", () => {
  useStrings("en", EN, EN);
  assert.equal("10♦", cardShort("TD"));
  assert.equal("A♠", cardShort("AS"));
  assert.equal(`${EN["rankShort.13"]}♥`, cardShort("KH"));
  assert.equal(t("a11y.card", { rank: EN["rank.7"], suit: EN["suit.H"] }), cardName("7H"));
  const de = strings("de");
  useStrings("de", de, EN);
  assert.equal(`${de["rankShort.12"]}♣`, cardShort("QC"));
  assert.equal(t("a11y.card", { rank: de["rank.7"], suit: de["suit.H"] }), cardName("7H")); // named anew
  assert.notEqual(EN["rank.7"], de["rank.7"]);
});

test("the rank letters and the toolbar's words go out with a save and come back as the only strings the early board has", () => {
  const fr = strings("fr");
  useStrings("fr", fr, EN);
  const letters = rankLetters();
  assert.deepEqual(Array.from({ length: 13 }, (_, i) => fr[`rankShort.${i + 1}`]), letters);
  useStrings("en", {}, {});
  useSavedStrings(letters);
  assert.equal(`${fr["rankShort.13"]}♠`, cardShort("KS"));
  assert.equal("10♦", cardShort("TD"));
  // with the toolbar's words kept beside them
  useSavedStrings(letters, { "toolbar.new": fr["toolbar.new"] });
  assert.equal(fr["toolbar.new"], t("toolbar.new"));
  assert.equal(`${fr["rankShort.13"]}♠`, cardShort("KS"));
});

test("places: columns and cells by number, foundations by suit", () => {
  useStrings("en", EN, EN);
  assert.equal("column 3", placeName("t3"));
  assert.equal("cell 1", placeName("c1"));
  assert.equal(EN["place.f"].replace("{suit}", EN["suit.H"]), placeName("f2"));
  assert.equal(EN["place.f"].replace("{suit}", EN["suit.C"]), placeName("f4"));
});

test("a refusal picks its sentence by key and shows its cards in the language", () => {
  useStrings("en", EN, EN);
  const error = { key: "tap-nothing", params: { place: "t1", card: "7H", need: "3H" }, message: "t1: 7H cannot go home before 3H" };
  assert.equal("7♥ cannot go home before 3♥", refusal(error));
  const onto = Object.keys(EN).find((k) => k.startsWith("refuse.") && EN[k].includes("{card}"));
  const said = refusal({ key: onto.slice("refuse.".length), params: { card: "TD", target: "JS" }, message: "" });
  assert.ok(said.includes("10♦"), said);
  assert.equal("", refusal(null));
});

test("a refusal with no sentence of its own (a bug of the page's) is said in the language, its message on the console", (context) => {
  const warned = context.mock.method(console, "warn", () => {});
  const fr = strings("fr");
  useStrings("fr", fr, EN);
  assert.equal(fr["refuse.internal"], refusal({ key: "bad-request", params: { intent: "tap", argument: "place" }, message: "tap needs place" }));
  assert.match(warned.mock.calls[0].arguments[0], /bad-request.*tap needs place/);
});

// Counted strings: one key per plural form. In each language 1 takes the
// singular ("one") form; in French 0 does too; in Portugal's Portuguese 0 is plural.
const LANGS = ["en", "es", "it", "pt", "sv", "fr", "de"];
const SINGULAR = { en: [1], es: [1], it: [1], pt: [1], sv: [1], fr: [0, 1], de: [1] };
const COUNTED = Object.keys(EN)
  .filter((k) => k.endsWith(".other"))
  .map((k) => k.slice(0, -".other".length));

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (m, name) => (params[name].label ?? String(params[name])));
}

test("every counted string reads right with 0, 1, 2 and 5 in every language", () => {
  assert.ok(COUNTED.includes("solver.undoTo") && COUNTED.includes("a11y.column"), COUNTED.join());
  const said = errorsOf(() => everyCountedString());
  assert.deepEqual([], said, "every number they show agrees with its words");
});

function everyCountedString() {
  for (const lang of LANGS) {
    const table = strings(lang);
    useStrings(lang, table, EN);
    for (const key of COUNTED) {
      for (const count of [0, 1, 2, 5]) {
        const params = { count, limit: count, n: label(3), top: "7♥", card: "7♥", to: "column 5", score: label(120), time: "3:05",
          par: label(74), tier: "Balanced", won: 1, helped: 0, lost: 1, legal: 4, played: 2, current: 1, code: "SH1-C4-AAAAAJ2",
          name: "a.json", day: "December 1", level: "Easy" };
        const form = SINGULAR[lang].includes(count) ? "one" : "other";
        const said = t(key, params);
        const raw = table[`${key}.${form}`];
        if (!raw.includes(", plural,")) assert.equal(fill(raw, params), said, `${lang} ${key} ${count}`);
        assert.ok(said.includes(String(count)) && !said.includes("{"), `${lang} ${key} ${count}: ${said}`);
      }
    }
  }
}

test("English counts agree: 1 move, 2 moves; a refusal's limit is its count, and says what limits it", () => {
  useStrings("en", EN, EN);
  assert.equal("Undo 1 move", t("solver.undoTo", { count: 1 }));
  assert.equal("Undo 2 moves", t("solver.undoTo", { count: 2 }));
  const tooBig = (limit, free, empty) => refusal({ key: "group-too-big", params: { limit, free, empty }, message: "" });
  assert.equal("Only 1 card can move now: 0 free cells and 0 empty columns to spare", tooBig(1, 0, 0));
  assert.equal("Only 4 cards can move now: 1 free cell and 1 empty column to spare", tooBig(4, 1, 1));
});

test("a language without a key for a form falls back to its .other form, then to English", () => {
  useStrings("fr", { "x.n.other": "{count} choses" }, { "y.n.one": "{count} thing", "y.n.other": "{count} things" });
  assert.equal("1 choses", t("x.n", { count: 1 }));
  assert.equal("1 thing", t("y.n", { count: 1 }));
  assert.equal("x.n", t("x.n"));
});

// Runs `fn` and returns what it said on the console's error channel.
function errorsOf(fn) {
  const said = [];
  const real = console.error;
  console.error = (text) => said.push(text);
  try {
    fn();
  } finally {
    console.error = real;
  }
  return said;
}

test("a number a string shows without its plural forms is said, whatever its name, also as text", () => {
  useStrings("en", { "x.played": "({played} games played)", "x.also": "{n} moves" });
  const said = errorsOf(() => {
    assert.equal("(1 games played)", t("x.played", { played: "1" })); // "1": a number given as text
    t("x.played", { played: "2" }); // said once per string
    t("x.also", { n: 3 });
  });
  assert.equal(2, said.length);
  assert.match(said[0], /x\.played.*\{played\}/);
  assert.match(said[1], /x\.also.*\{n\}/);
});

test("a counted string's own count, a label and quoted text are not counts to agree with", () => {
  useStrings("en", {
    "x.won.one": "Score {score} in {count} move",
    "x.won.other": "Score {score} in {count} moves",
    "x.limit.one": "Only {limit} card",
    "x.limit.other": "Only {limit} cards",
    "x.char": "not “{char}”",
  });
  const said = errorsOf(() => {
    assert.equal("Score 555 in 1 move", t("x.won", { score: label(555), count: 1 }));
    assert.equal("Score 1234 in 1,234 moves", t("x.won", { score: label(1234), count: 1234 }));
    assert.equal("Only 1 card", t("x.limit", { limit: 1, count: 1 }));
    assert.equal("not “1”", t("x.char", quoted({ char: "1" })));
  });
  assert.deepEqual([], said);
});

test("a plural block gives each count of a string its own form, by the language's rules", () => {
  const text = "{count} of {legal, plural, one {# move} other {# moves}}, {played, plural, =0 {no game} other {# games}}";
  useStrings("en", { "x.kept.one": text, "x.kept.other": text });
  const said = errorsOf(() => {
    assert.equal("1 of 1 move, no game", t("x.kept", { count: 1, legal: 1, played: 0 }));
    assert.equal("2 of 5 moves, 3 games", t("x.kept", { count: 2, legal: 5, played: 3 }));
  });
  assert.deepEqual([], said);
  const block = "{n, plural, one {# partie} other {# parties}}";
  useStrings("fr", { "x.fr": block });
  assert.equal("0 partie", t("x.fr", { n: 0 })); // French: 0 is singular
  useStrings("pt", { "x.pt": "{n, plural, one {# jogo} other {# jogos}}" });
  assert.equal("0 jogos", t("x.pt", { n: 0 })); // Portugal's Portuguese: 0 is plural
});

test("the real strings: the statistics import question agrees with its count in every language", () => {
  for (const lang of ["en", "fr", "de", "es", "it", "pt", "sv"]) {
    const mine = strings(lang);
    useStrings(lang, mine, EN);
    const said = errorsOf(() => {
      const one = t("statsFile.confirm", { name: "a.json", count: 1 });
      const two = t("statsFile.confirm", { name: "a.json", count: 2 });
      assert.ok(one.includes("1") && two.includes("2"), lang);
      assert.notEqual(one.replace("1", "2"), two, `${lang}: one game and two games differ in their words`);
    });
    assert.deepEqual([], said, lang);
  }
});

test("a count is written as its language writes numbers; a label as it is", () => {
  useStrings("de", { "x.games.one": "{count} Spiel", "x.games.other": "{count} Spiele", "x.deal": "Spiel {n}, {moves, plural, one {# Zug} other {# Züge}}" });
  assert.equal("12.345 Spiele", t("x.games", { count: 12345 }));
  assert.equal("Spiel 12345, 1.500 Züge", t("x.deal", { n: label(12345), moves: 1500 }));
  useStrings("en", { "x.games.other": "{count} games" });
  assert.equal("12,345 games", t("x.games", { count: 12345 }));
});

test("numbers below 1000 are written as every language writes them, without asking Intl", () => {
  for (const lang of LANGUAGES) {
    useStrings(lang, {}, EN);
    for (const n of [0, 1, 7, 42, 999, 1000, 1234, 1234567, -3, 2.5]) assert.equal(n.toLocaleString(lang), number(n), `${lang} ${n}`);
    for (let n = 0; n < 1000; n++) assert.equal(n.toLocaleString(lang), String(n), `${lang} ${n}`);
  }
});
