// Where a drag or a keyboard pick-up may land: the view's dests (static/js/board/tap-policy.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { destsOf } from "../../static/js/board/tap-policy.js";

test("the destinations of a place's top cards are the view's, by their number", () => {
  const view = /** @type {any} */ ({ dests: { t3: { 1: ["f2", "c1"], 3: ["t7"] } } });
  assert.deepEqual(destsOf(view, "t3", 1), ["f2", "c1"]);
  assert.deepEqual(destsOf(view, "t3", 3), ["t7"]);
  assert.deepEqual(destsOf(view, "t3", 2), []); // part of a run goes nowhere
  assert.deepEqual(destsOf(view, "t4", 1), []);
  assert.deepEqual(destsOf({ places: {} }, "t3", 1), []); // the early board's view has none
  assert.deepEqual(destsOf(null, "t3", 1), []);
});
