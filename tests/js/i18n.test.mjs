// Interface strings and the names of cards and places (static/js/i18n.js), with the real string files.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { cardName, cardShort, placeName, refusal, t, useStrings } from "../../static/js/i18n.js";

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

test("cards: short with the language's rank letters, and spoken", () => {
  useStrings("en", EN, EN);
  assert.equal("10♦", cardShort("TD"));
  assert.equal("A♠", cardShort("AS"));
  assert.equal(`${EN["rankShort.13"]}♥`, cardShort("KH"));
  assert.equal(t("a11y.card", { rank: EN["rank.7"], suit: EN["suit.H"] }), cardName("7H"));
  const de = strings("de");
  useStrings("de", de, EN);
  assert.equal(`${de["rankShort.12"]}♣`, cardShort("QC"));
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
  const error = { key: "tap-nothing", params: { place: "t1" }, message: "tap nothing" };
  assert.equal(EN["refuse.tap-nothing"], refusal(error));
  const onto = Object.keys(EN).find((k) => k.startsWith("refuse.") && EN[k].includes("{card}"));
  const said = refusal({ key: onto.slice("refuse.".length), params: { card: "TD", target: "JS" }, message: "" });
  assert.ok(said.includes("10♦"), said);
  assert.equal("no such key", refusal({ key: "made-up", params: {}, message: "no such key" }));
  assert.equal("", refusal(null));
});
