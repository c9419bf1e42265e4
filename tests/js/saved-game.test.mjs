// The game in progress as stored (static/js/saved-game.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { gameRecord, readGameRecord, sameGame } from "../../static/js/saved-game.js";

const SAVE = { v: 1, code: "SH1-C4-AAAAAJ2", moves: ["t1-t7"], undone: ["t3-f1"] };

test("a record round-trips, with which write of the game it is", () => {
  const record = gameRecord(SAVE, 42, { rev: 7, tab: "tab-1" });
  assert.deepEqual({ v: 1, game: SAVE, elapsed: 42, rev: 7, tab: "tab-1" }, record);
  assert.deepEqual({ game: SAVE, elapsed: 42, rev: 7, tab: "tab-1" }, readGameRecord(JSON.parse(JSON.stringify(record))));
  // a record written before revisions: the first one, of no tab
  assert.deepEqual({ game: SAVE, elapsed: 42, rev: 0, tab: "" }, readGameRecord({ v: 1, game: SAVE, elapsed: 42 }));
});

const VIEW = { code: "SH1-C4-AAAAAJ2", cells: 4, places: { t1: ["AS", "KH"], c1: [] }, moves: 1, score: 0 };

test("the view drawn is kept with the game, to be drawn before the engine is ready", () => {
  const record = JSON.parse(JSON.stringify(gameRecord(SAVE, 42, { rev: 3, tab: "tab-1", view: VIEW })));
  assert.deepEqual({ game: SAVE, elapsed: 42, rev: 3, tab: "tab-1", view: VIEW }, readGameRecord(record));
});

const FRENCH = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R"];

test("the toolbar's words are kept with the letters, for the early board", () => {
  const words = { "toolbar.new": "Nouvelle", "toolbar.score": "Points" };
  const record = JSON.parse(JSON.stringify(gameRecord(SAVE, 42, { view: VIEW, ranks: FRENCH, words })));
  assert.deepEqual(words, readGameRecord(record).words);
  assert.equal(undefined, gameRecord(SAVE, 42, { view: VIEW, words }).words); // not without the letters
  assert.equal(undefined, readGameRecord({ ...record, ranks: undefined }).words);
  const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, "x"]));
  for (const bad of [[], "Nouvelle", { "toolbar.new": 1 }, { "bad key!": "x" }, { k: "x".repeat(201) }, many]) {
    assert.equal(undefined, readGameRecord({ ...record, words: bad }).words);
  }
});

test("the view keeps the rank letters it was drawn with, for the early board", () => {
  const record = JSON.parse(JSON.stringify(gameRecord(SAVE, 42, { view: VIEW, ranks: FRENCH })));
  assert.deepEqual(FRENCH, readGameRecord(record).ranks);
  // with how wide the widest is, so the early board need not measure them
  const measured = JSON.parse(JSON.stringify(gameRecord(SAVE, 42, { view: VIEW, ranks: FRENCH, labelEm: 2.1 })));
  assert.equal(2.1, readGameRecord(measured).labelEm);
  for (const labelEm of [0, -1, 99, "2", null]) {
    assert.equal(undefined, readGameRecord({ ...measured, labelEm }).labelEm);
  }
  assert.equal(undefined, readGameRecord({ ...measured, ranks: undefined }).labelEm);
  // no letters without a view, and none that are not thirteen short labels
  assert.equal(undefined, gameRecord(SAVE, 42, { ranks: FRENCH }).ranks);
  for (const ranks of [FRENCH.slice(1), [...FRENCH.slice(1), 1], [...FRENCH.slice(1), "roi!"], "AKQ"]) {
    const read = readGameRecord({ v: 1, game: SAVE, elapsed: 42, view: VIEW, ranks });
    assert.deepEqual({ game: SAVE, elapsed: 42, rev: 0, tab: "", view: VIEW }, read);
  }
});

test("a view that cannot be drawn is left out, and the game kept", () => {
  for (const view of [null, "t1", { code: "x", cells: 4 }, { ...VIEW, places: { t1: [1, 2] } }, { ...VIEW, cells: "4" }]) {
    assert.deepEqual({ game: SAVE, elapsed: 42, rev: 0, tab: "" }, readGameRecord({ v: 1, game: SAVE, elapsed: 42, view }));
  }
});

test("nothing stored: no game, no warning", () => {
  assert.equal(null, readGameRecord(null, () => assert.fail("no warning")));
});

test("a record of another version, or without a game, is ignored with a warning", () => {
  for (const [data, said] of [
    [{ v: 2, game: SAVE }, "not version 1"],
    [[1, 2, 3], "not version 1"],
    [{ v: 1, game: "t1-t7" }, "no game"],
  ]) {
    const warnings = [];
    assert.equal(null, readGameRecord(data, (w) => warnings.push(w)));
    assert.match(warnings.join(), new RegExp(said));
  }
});

test("a bad time keeps the game and starts the clock from zero", () => {
  for (const elapsed of ["long", -5, null, Infinity, 1e300, 3600 * 1000]) {
    const warnings = [];
    assert.deepEqual({ game: SAVE, elapsed: 0, rev: 0, tab: "" }, readGameRecord({ v: 1, game: SAVE, elapsed }, (w) => warnings.push(w)));
    assert.match(warnings.join(), /time/);
  }
});

test("the same game: deal, moves and redo list", () => {
  assert.ok(sameGame(SAVE, JSON.parse(JSON.stringify(SAVE))));
  assert.ok(!sameGame(SAVE, { ...SAVE, moves: [] }));
  assert.ok(!sameGame(SAVE, { ...SAVE, undone: [] }));
  assert.ok(!sameGame(SAVE, { ...SAVE, code: "SH1-C1-AAAAAJ3" }));
  assert.ok(!sameGame(SAVE, null));
});
