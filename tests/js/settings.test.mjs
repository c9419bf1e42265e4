// The player's settings as stored, and the language chosen (static/js/settings/settings.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { mergedRecord, pickLanguage, readSettings, settingsRecord } from "../../static/js/settings/settings.js";

const DEFAULTS = {
  language: null,
  fourColour: false,
  animations: true,
  cells: 4,
  theme: "auto",
  winnableMark: true,
  autoHome: false,
  tier: "any",
  lossNotice: true,
  onlyWinnable: true,
};

test("nothing saved: the defaults", () => {
  assert.deepEqual(DEFAULTS, readSettings(null));
});

test("a stored record round-trips", () => {
  const mine = {
    language: "sv",
    fourColour: true,
    animations: false,
    cells: 1,
    theme: "contrast",
    winnableMark: false,
    autoHome: true,
    tier: "tricky",
    lossNotice: false,
    onlyWinnable: false,
  };
  assert.deepEqual({ v: 1, ...mine }, settingsRecord(mine));
  assert.deepEqual(mine, readSettings(JSON.parse(JSON.stringify(settingsRecord(mine)))));
});

test("each unreadable field keeps its default; the rest is kept", () => {
  const read = readSettings({ v: 1, language: "xx", fourColour: "yes", cells: 3, theme: "dark", winnableMark: 0, autoHome: 1, tier: "hard", lossNotice: "no", onlyWinnable: null });
  assert.deepEqual({ ...DEFAULTS, theme: "dark" }, read);
});

test("a newer version's record is read as far as its keys are known", () => {
  assert.deepEqual({ ...DEFAULTS, theme: "dark" }, readSettings({ v: 2, theme: "dark", sound: "loud" }, () => assert.fail("no warning")));
});

test("a change is merged per key into what is stored: another tab's or version's settings are kept", () => {
  const mine = readSettings(null); // this tab's, read before another tab turned on the four-colour deck
  const stored = { v: 1, ...mine, fourColour: true };
  assert.deepEqual({ ...stored, cells: 2 }, mergedRecord(stored, { cells: 2 }, mine));
  const newer = { v: 2, theme: "dark", sound: "loud" }; // a newer version's record, its keys and version kept
  assert.deepEqual({ v: 2, theme: "dark", sound: "loud", cells: 1 }, mergedRecord(newer, { cells: 1 }, mine));
  for (const unreadable of [null, "dark", { v: 0, theme: "dark" }]) {
    assert.deepEqual({ v: 1, ...mine, cells: 1 }, mergedRecord(unreadable, { cells: 1 }, mine)); // nothing to keep: written whole
  }
});

test("another shape is ignored with a warning", () => {
  for (const data of [{ v: "2", theme: "dark" }, { theme: "dark" }, "dark", 7]) {
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
