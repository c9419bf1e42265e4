// The player's settings as stored, and the language chosen (static/js/settings.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { pickLanguage, readSettings, settingsRecord } from "../../static/js/settings.js";

const DEFAULTS = { language: null, fourColour: false, animations: true, cells: 4, theme: "auto", winnableMark: true, tier: "any" };

test("nothing saved: the defaults", () => {
  assert.deepEqual(DEFAULTS, readSettings(null));
});

test("a stored record round-trips", () => {
  const mine = { language: "sv", fourColour: true, animations: false, cells: 1, theme: "contrast", winnableMark: false, tier: "tricky" };
  assert.deepEqual({ v: 1, ...mine }, settingsRecord(mine));
  assert.deepEqual(mine, readSettings(JSON.parse(JSON.stringify(settingsRecord(mine)))));
});

test("each unreadable field keeps its default; the rest is kept", () => {
  const read = readSettings({ v: 1, language: "xx", fourColour: "yes", cells: 3, theme: "dark", winnableMark: 0, tier: "hard" });
  assert.deepEqual({ ...DEFAULTS, theme: "dark" }, read);
});

test("another version or shape is ignored with a warning", () => {
  for (const data of [{ v: 2, theme: "dark" }, "dark", 7]) {
    const warnings = [];
    assert.deepEqual(DEFAULTS, readSettings(data, (w) => warnings.push(w)));
    assert.equal(1, warnings.length);
  }
});

test("the language: the first tag the game speaks, by its first two letters", () => {
  assert.equal("es", pickLanguage([null, null, "es-MX", "en"]));
  assert.equal("fr", pickLanguage(["FR", "de"]));
  assert.equal("de", pickLanguage(["nl", undefined, "", "de-AT"]));
  assert.equal(null, pickLanguage(["nl", "ja"]));
});
