// The one reader and writer of the browser's storage (static/js/saving/store.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Oversized, Unparsed, createStore, fromNewerVersion } from "../../static/js/saving/store.js";

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
  assert.ok(store.read("seahaven.stats") instanceof Unparsed); // not a record, yet not nothing
  assert.equal(1, warnings.length);
  assert.match(warnings[0], /seahaven\.stats: not JSON/);
  assert.equal(null, store.failure);
});

test("storage denied outright (a SecurityError) says \"denied\", warning once for each failure", () => {
  const warnings = [];
  const denied = () => {
    throw new DOMException("The operation is insecure.", "SecurityError");
  };
  const store = createStore(denied, { warn: (w) => warnings.push(w) });
  assert.equal(null, store.read("seahaven.settings"));
  assert.equal(null, store.read("seahaven.settings")); // asked again: not warned again
  assert.equal(false, store.write("seahaven.game", {}));
  assert.equal("denied", store.failure);
  assert.deepEqual(
    ["seahaven: could not read seahaven.settings: The operation is insecure.", "seahaven: could not save seahaven.game: The operation is insecure."],
    warnings,
  );
});

test("any other error is a refusal in passing, cleared by the next write that works", () => {
  const storage = memory();
  let failing = true;
  const setItem = storage.setItem;
  const getItem = storage.getItem;
  storage.setItem = (key, value) => {
    if (failing) throw new DOMException("The operation failed for an unknown transient reason.", "UnknownError");
    setItem(key, value);
  };
  storage.getItem = (key) => {
    if (failing) throw new DOMException("The operation failed for an unknown transient reason.", "UnknownError");
    return getItem(key);
  };
  const store = createStore(() => storage, { warn: () => {} });
  const refused = {};
  assert.equal(refused, store.read("seahaven.game", { refused })); // not "nothing stored"
  assert.equal(false, store.write("seahaven.game", { v: 1 }));
  assert.equal("refused", store.failure);
  failing = false;
  assert.ok(store.write("seahaven.game", { v: 1 }));
  assert.equal(null, store.failure);
  assert.deepEqual({ v: 1 }, store.read("seahaven.game", { refused }));
});

test("a full storage refuses the write and says it is full, not broken", () => {
  const storage = memory();
  let full = true;
  const setItem = storage.setItem;
  storage.setItem = (key, value) => {
    if (full) throw Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });
    setItem(key, value);
  };
  const store = createStore(() => storage, { warn: () => {} });
  assert.equal(false, store.write("seahaven.game", { v: 1 }));
  assert.equal("full", store.failure);
  full = false; // space freed
  assert.ok(store.write("seahaven.game", { v: 1 }));
  assert.equal(null, store.failure);
});

test("a value longer than the reader allows is not parsed", () => {
  const warnings = [];
  const store = createStore(() => memory({ "seahaven.game": `"${"x".repeat(5000)}"` }), { warn: (w) => warnings.push(w) });
  const value = store.read("seahaven.game", { limit: 1000 });
  assert.ok(value instanceof Oversized);
  assert.equal(5002, value.length);
  assert.match(warnings[0], /5002 characters, more than the 1000/);
  assert.equal(5000, store.read("seahaven.game").length);
});

test("a record of a newer format is told apart from one that is merely wrong", () => {
  assert.ok(fromNewerVersion({ v: 2 }, 1));
  for (const data of [{ v: 1 }, { v: "2" }, { v: null }, null, [2], { v: Infinity }]) assert.ok(!fromNewerVersion(data, 1), data);
});

test("a record that cannot be used is kept aside as it was, replacing an earlier one", () => {
  const warnings = [];
  const storage = memory({ "seahaven.game": "{oops", "seahaven.game.aside": "older" });
  const store = createStore(() => storage, { warn: (w) => warnings.push(w) });
  assert.equal(true, store.keepAside("seahaven.game"));
  assert.equal("{oops", storage.getItem("seahaven.game.aside"));
  assert.equal("{oops", storage.getItem("seahaven.game")); // the caller's next write replaces it
  assert.equal(false, store.keepAside("seahaven.stats")); // nothing there
  assert.match(warnings.join(), /seahaven\.game\.aside/);
});
