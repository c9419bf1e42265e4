// The game in progress as stored (static/js/saving/saved-game.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { gameRecord, readGameRecord, sameGame } from "../../static/js/saving/saved-game.js";

const SAVE = { v: 1, code: "SH1-C4-AAAAAJ2", moves: ["t1-t7"], undone: ["t3-f1"] };

test("a record round-trips, with which write of the game it is", () => {
  const record = gameRecord(SAVE, 42, { rev: 7, tab: "tab-1" });
  assert.deepEqual({ v: 1, game: SAVE, elapsed: 42, rev: 7, tab: "tab-1" }, record);
  assert.deepEqual({ game: SAVE, elapsed: 42, rev: 7, tab: "tab-1" }, readGameRecord(JSON.parse(JSON.stringify(record))));
  // a record written before revisions: the first one, of no tab
  assert.deepEqual({ game: SAVE, elapsed: 42, rev: 0, tab: "" }, readGameRecord({ v: 1, game: SAVE, elapsed: 42 }));
});

// A view as the controller sends it: the 52 cards dealt over the places of four cells.
const DECK = [..."SHDC"].flatMap((suit) => [..."A23456789TJQK"].map((rank) => rank + suit));
const PLACES = {
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`t${i + 1}`, DECK.filter((_, k) => k < 50 && k % 10 === i)])),
  c1: [DECK[50]], c2: [DECK[51]], c3: [], c4: [], f1: [], f2: [], f3: [], f4: [],
};
const LIFT = Object.fromEntries(Object.entries(PLACES).map(([name, cards]) => [name, Math.min(1, cards.length)]));
const VIEW = { code: "SH1-C4-AAAAAJ2", cells: 4, places: PLACES, moves: 1, score: 0, lift: LIFT };

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
  // and stacked, rank over suit
  const stacked = JSON.parse(JSON.stringify(gameRecord(SAVE, 42, { view: VIEW, ranks: FRENCH, labelEm: 2.1, stackedEm: 1.3 })));
  assert.equal(1.3, readGameRecord(stacked).stackedEm);
  for (const stackedEm of [0, 99, "1.3", null]) {
    assert.equal(undefined, readGameRecord({ ...stacked, stackedEm }).stackedEm);
  }
  assert.equal(undefined, readGameRecord({ ...stacked, ranks: undefined }).stackedEm);
  // no letters without a view, and none that are not thirteen short labels
  assert.equal(undefined, gameRecord(SAVE, 42, { ranks: FRENCH }).ranks);
  for (const ranks of [FRENCH.slice(1), [...FRENCH.slice(1), 1], [...FRENCH.slice(1), "roi!"], "AKQ"]) {
    const read = readGameRecord({ v: 1, game: SAVE, elapsed: 42, view: VIEW, ranks });
    assert.deepEqual({ game: SAVE, elapsed: 42, rev: 0, tab: "", view: VIEW }, read);
  }
});

test("a view out of the rules' bounds is left out with a warning, and the game kept", () => {
  const { c1, ...noCell } = PLACES;
  const hostile = [
    null,
    "t1",
    { code: "x", cells: 4 },
    { ...VIEW, places: { t1: [1, 2] } },
    { ...VIEW, cells: "4" },
    { ...VIEW, cells: 10000000 }, // would build a million cells
    { ...VIEW, cells: 0 },
    { ...VIEW, cells: 3 }, // no game has 3 cells (seahaven/position.py CELL_COUNTS)
    { ...VIEW, places: noCell }, // a place missing
    { ...VIEW, places: { ...noCell, zz: c1 } }, // a place unknown
    { ...VIEW, places: JSON.parse(`{"__proto__": ${JSON.stringify(c1)}, ${JSON.stringify(noCell).slice(1)}`) },
    { ...VIEW, places: { ...PLACES, c3: ["AS"] } }, // a card twice
    { ...VIEW, places: { ...PLACES, c1: ["1X"] } }, // a card unknown
    { ...VIEW, places: { ...PLACES, c1: [] } }, // 51 cards
    { ...VIEW, places: { ...PLACES, c1: [c1[0], "AS"] } }, // two cards in a cell
    { ...VIEW, moves: -1 },
    { ...VIEW, score: 1e300 },
    { ...VIEW, code: "x".repeat(65) },
  ];
  for (const view of hostile) {
    const warnings = [];
    const read = readGameRecord({ v: 1, game: SAVE, elapsed: 42, view, ranks: FRENCH }, (w) => warnings.push(w));
    assert.deepEqual({ game: SAVE, elapsed: 42, rev: 0, tab: "" }, read, JSON.stringify(view).slice(0, 80));
    assert.equal(view === null ? 0 : 1, warnings.length); // none stored, none said
  }
});

test("only the drawn part of a stored view is kept, copied, with what each place lets go within its cards", () => {
  const stored = { ...VIEW, lift: { t1: 99, t2: 1, c1: "1", __proto__: { t3: 1 } }, extra: "x".repeat(100) };
  // t1 lets go of more than it holds, c1's count is text, t3's is not the record's own
  const { view } = readGameRecord({ v: 1, game: SAVE, elapsed: 42, view: stored });
  const lift = Object.fromEntries(Object.keys(VIEW.places).map((name) => [name, name === "t2" ? 1 : 0]));
  assert.deepEqual({ ...VIEW, lift }, view);
  assert.notEqual(stored.places.t1, view.places.t1);
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
