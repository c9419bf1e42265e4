// The one reader and writer of the browser's storage (static/js/store.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { createStore } from "../../static/js/store.js";

function memory(items = {}) {
  const data = new Map(Object.entries(items));
  return {
    getItem: (key) => (data.has(key) ? data.get(key) : null),
    setItem: (key, value) => data.set(key, String(value)),
    data,
  };
}

test("values go in and come out as JSON", () => {
  const storage = memory();
  const store = createStore(() => storage);
  assert.equal(null, store.read("seahaven.game"));
  assert.ok(store.write("seahaven.game", { v: 1, moves: ["t1-t7"] }));
  assert.equal('{"v":1,"moves":["t1-t7"]}', storage.data.get("seahaven.game"));
  assert.deepEqual({ v: 1, moves: ["t1-t7"] }, store.read("seahaven.game"));
});

test("a value that is not JSON is ignored with a warning naming its key", () => {
  const warnings = [];
  const store = createStore(() => memory({ "seahaven.stats": "{oops" }), { warn: (w) => warnings.push(w) });
  assert.equal(null, store.read("seahaven.stats"));
  assert.equal(1, warnings.length);
  assert.match(warnings[0], /seahaven\.stats: not JSON/);
  assert.equal(false, store.broken);
});

test("storage that throws is reported once and the page goes on", () => {
  const warnings = [];
  let told = 0;
  const denied = () => {
    throw new Error("The operation is insecure.");
  };
  const store = createStore(denied, { warn: (w) => warnings.push(w), onBroken: () => told++ });
  assert.equal(null, store.read("seahaven.settings"));
  assert.equal(false, store.write("seahaven.game", {}));
  assert.equal(1, told);
  assert.ok(store.broken);
  assert.deepEqual(
    ["seahaven: could not read seahaven.settings: The operation is insecure.", "seahaven: could not save seahaven.game: The operation is insecure."],
    warnings,
  );
});

test("a full storage refuses the write", () => {
  const storage = memory();
  storage.setItem = () => {
    throw new Error("The quota has been exceeded.");
  };
  let told = 0;
  const store = createStore(() => storage, { warn: () => {}, onBroken: () => told++ });
  assert.equal(false, store.write("seahaven.game", { v: 1 }));
  assert.equal(1, told);
});
