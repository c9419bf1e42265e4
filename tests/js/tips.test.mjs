// How often a tip is told (static/js/board/tips.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { FIRST_TIPS, TIP_EVERY, createTip } from "../../static/js/board/tips.js";

test("a tip is told the first few times, then once every so many occasions", () => {
  const tip = createTip();
  const told = [];
  for (let i = 1; i <= 40; i++) if (tip.due()) told.push(i);
  assert.deepEqual([1, 2, 3, 13, 23, 33], told);
  assert.equal(3, FIRST_TIPS);
  assert.equal(10, TIP_EVERY);
});

test("each kind of tip counts its own occasions", () => {
  const a = createTip({ first: 1, every: 2 });
  const b = createTip({ first: 1, every: 2 });
  assert.deepEqual([true, false, true], [a.due(), a.due(), a.due()]);
  assert.equal(true, b.due());
});
