// The engine's facts as the build writes them for the page (#build/facts.js,
// tools/generate.py facts_module): the places and their kinds, and what the
// page derives from them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CELLS, COLUMNS, FOUNDATIONS, SUITS, placeKind } from "#build/facts.js";
import { foundationSuit } from "../../static/js/board/cards.js";
import { placeNames } from "../../static/js/saving/bounds.js";

test("placeKind names each place's kind, and no kind for what is no place", () => {
  assert.deepEqual(["column", "column", "cell", "foundation"], ["t1", "t10", "c4", "f2"].map(placeKind));
  for (const name of ["t0", "t11", "c5", "f5", "x1", "", "T1", "toString", "__proto__"]) assert.equal(null, placeKind(name));
  assert.equal(10 + 4 + 4, new Set([...COLUMNS, ...CELLS, ...FOUNDATIONS]).size);
});

test("a game's places, in the notation's order, and each foundation's suit", () => {
  assert.deepEqual([...COLUMNS, "c1", "c2", ...FOUNDATIONS], placeNames(2));
  assert.deepEqual([...SUITS], FOUNDATIONS.map(foundationSuit));
});
