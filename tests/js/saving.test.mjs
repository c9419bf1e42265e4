// The game and its statistics saved together and safely across tabs (static/js/saving/saving.js),
// several "tabs" sharing one stand-in localStorage.
import assert from "node:assert/strict";
import { test } from "node:test";
import { GAME_KEY } from "../../static/js/saving/saved-game.js";
import { createSaving } from "../../static/js/saving/saving.js";
import { STATS_KEY } from "../../static/js/stats/stats-rules.js";
import { createStore } from "../../static/js/saving/store.js";

const CODE = "SH1-C4-AAAAAJ2";
const OTHER = "SH1-C4-AAAAAJ3";

// A localStorage of `quota` characters (keys and values), as browsers count it.
function memory(quota = Infinity) {
  const data = new Map();
  const used = () => [...data].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    data,
    quota,
    getItem: (key) => (data.has(key) ? data.get(key) : null),
    setItem(key, value) {
      const text = String(value);
      const size = used() - (data.has(key) ? key.length + data.get(key).length : 0) + key.length + text.length;
      if (size > this.quota) throw Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });
      data.set(key, text);
    },
    removeItem: (key) => data.delete(key),
  };
}

// One tab: its engine's game (a save() record and a clock), its saver, and the statuses it went through.
// `clock` (milliseconds) is the tab's time; `storage` may be a function, as the page's is.
function tab(storage, name, { clock = () => 0 } = {}) {
  const t = { game: null, elapsed: 0, statuses: [] };
  t.store = createStore(typeof storage === "function" ? storage : () => storage, { warn: () => {} });
  t.saving = createSaving(t.store, {
    tab: name,
    current: () => (t.game ? { game: t.game, elapsed: t.elapsed, view: t.view() } : null),
    onStatus: (s) => t.statuses.push(s),
    warn: () => {},
    clock,
  });
  // Start as the page does: restore what is stored, or deal `code`.
  t.open = (code = CODE) => {
    const { saved, notes } = t.saving.open();
    t.game = saved ? saved.game : save(code);
    t.notes = notes;
    t.record("opened");
    return t;
  };
  // The view of the game as it is now, as far as the statistics look at it.
  t.view = (extra = {}) => ({ code: t.game.code, cells: 4, moves: t.game.moves.length, score: 5 * t.game.moves.length, won: false, canRedo: false, ...extra });
  // A stats event for the game as it is now.
  t.record = (type, extra = {}) => {
    const view = t.view(extra);
    t.saving.record(type === "opened" ? { type, view, seconds: t.elapsed } : { type: "shown", view, previous: null, reason: type, seconds: t.elapsed });
  };
  t.move = (text, extra) => {
    t.game = { ...t.game, moves: [...t.game.moves, text], undone: [] };
    t.record("move", extra);
    return t.saving.flush();
  };
  return t;
}

const save = (code, moves = []) => ({ v: 1, code, moves, undone: [] });
const stored = (storage, key) => JSON.parse(storage.getItem(key));
const easy = (storage) => stored(storage, STATS_KEY).levels["4"];

test("a tab left behind never overwrites the newer game, and says so", () => {
  const storage = memory();
  const a = tab(storage, "A").open();
  a.move("t1-t7");
  const b = tab(storage, "B").open(); // restores A's game: opening writes nothing
  assert.equal("A", stored(storage, GAME_KEY).tab);
  for (const m of ["t2-t8", "t3-f1", "t4-t9"]) assert.equal("ok", a.move(m));
  assert.equal("stale", b.saving.check()); // the storage event
  b.elapsed = 99; // its clock ran on: it would have saved every 15 s
  assert.equal("stale", b.saving.flush());
  assert.equal("stale", b.move("t5-t6"));
  const game = stored(storage, GAME_KEY);
  assert.deepEqual(["t1-t7", "t2-t8", "t3-f1", "t4-t9"], game.game.moves);
  assert.deepEqual([4, "A"], [game.rev, game.tab]);
  assert.deepEqual(["stale"], b.statuses);
  assert.equal(CODE, b.saving.storedCode());
});

test("the same game stored by another tab (its clock) is followed, not fought over, heard before this tab's move or not", () => {
  for (const heardFirst of [true, false]) {
    const storage = memory();
    const a = tab(storage, "A").open();
    a.move("t1-t7");
    const b = tab(storage, "B").open();
    b.elapsed = 20;
    assert.equal("ok", b.saving.flush()); // only its clock changed
    if (heardFirst) assert.equal("ok", a.saving.check()); // else A moves before its "storage" event comes
    assert.equal("ok", a.move("t2-t8")); // A writes over B's record: A's move is the newer game
    assert.equal("stale", b.saving.check());
    assert.deepEqual(["t1-t7", "t2-t8"], stored(storage, GAME_KEY).game.moves);
    assert.deepEqual([[], ["stale"]], [a.statuses, b.statuses]);
  }
});

test("statistics are events merged into what is stored: two wins in two tabs count as two", () => {
  const storage = memory();
  const a = tab(storage, "A").open();
  a.move("t1-t7");
  a.move("t2-t8", { won: true });
  assert.deepEqual([1, 1, 1], [easy(storage).played, easy(storage).won, easy(storage).streak]);
  const b = tab(storage, "B").open(); // the won game
  b.game = save(OTHER);
  b.record("deal");
  b.move("t1-t7");
  b.move("t2-t8", { won: true });
  assert.deepEqual([2, 2, 2], [easy(storage).played, easy(storage).won, easy(storage).streak]);
  // A, left behind, is stale: its events are not counted over B's
  assert.equal("stale", a.saving.check());
  a.record("deal");
  assert.equal("stale", a.saving.flush());
  assert.deepEqual([2, 2, 2], [easy(storage).played, easy(storage).won, easy(storage).streak]);
});

test("what another tab counted meanwhile is kept: each write reads the statistics first", () => {
  const storage = memory();
  const a = tab(storage, "A").open();
  a.move("t1-t7");
  const b = tab(storage, "B").open();
  a.move("t2-t8", { won: true }); // B becomes stale, but has not heard yet
  b.saving.record({ type: "helped" }); // a statistics-only event
  assert.equal("stale", b.saving.flush());
  assert.equal(1, easy(storage).won);
  a.saving.record({ type: "reset" });
  a.saving.flush();
  assert.equal(0, easy(storage).won);
});

test("a reload is not a new game played", () => {
  const storage = memory();
  const a = tab(storage, "A").open();
  a.move("t1-t7");
  a.move("t2-t8");
  let t;
  for (const name of ["A2", "B2", "A3", "B3"]) {
    t = tab(storage, name).open();
    assert.deepEqual(["t1-t7", "t2-t8"], t.game.moves);
    assert.equal("ok", t.saving.flush());
  }
  assert.deepEqual([0, true], [easy(storage).played, stored(storage, STATS_KEY).current.played]); // in progress
  assert.equal("A", stored(storage, GAME_KEY).tab); // nothing changed, nothing written
  t.game = save(OTHER);
  t.record("deal");
  t.saving.flush();
  assert.deepEqual([1, 0], [easy(storage).played, easy(storage).streak]); // left: played once, lost
});

test("a move that changes no statistics neither parses nor writes them", () => {
  const storage = memory();
  const a = tab(storage, "A").open();
  a.move("t1-t7"); // the first move: the game in progress is played
  const reads = [];
  const writes = [];
  const { read, write } = a.store;
  a.store.read = (key, options) => (reads.push(key), read(key, options));
  a.store.write = (key, value) => (writes.push(key), write(key, value));
  for (const m of ["t2-t8", "t3-t9", "t4-t10"]) assert.equal("ok", a.move(m));
  assert.equal(0, a.saving.stats().levels["4"].played);
  assert.deepEqual([[], [GAME_KEY, GAME_KEY, GAME_KEY]], [reads.filter((key) => key === STATS_KEY), writes]);
  // Another tab's write is read at the next flush, and what this one counts adds to it.
  const b = tab(storage, "B");
  b.saving.open();
  b.saving.record({ type: "helped" });
  b.saving.flush();
  assert.ok(stored(storage, STATS_KEY).current.helped);
  assert.equal("ok", a.move("t5-t6", { won: true }));
  assert.deepEqual([1, 0, 1], [easy(storage).played, easy(storage).won, easy(storage).helped]);
  assert.deepEqual([STATS_KEY], reads.filter((key) => key === STATS_KEY));
});

test("storage full: the game and its statistics are stored both or neither, and again when there is room", () => {
  const storage = memory();
  const a = tab(storage, "A").open();
  a.move("t1-t7");
  const stats = storage.getItem(STATS_KEY);
  const game = storage.getItem(GAME_KEY);
  // room for the statistics, not for the longer game
  storage.quota = [...storage.data].reduce((n, [k, v]) => n + k.length + v.length, 0) + 2;
  assert.equal("full", a.move("t2-t8", { won: true }));
  assert.deepEqual([stats, game], [storage.getItem(STATS_KEY), storage.getItem(GAME_KEY)]);
  assert.equal("full", a.move("t3-t9"));
  assert.equal(1, a.saving.stats().levels["4"].won); // what the dialog shows: the events not stored yet too
  storage.quota = Infinity; // space freed
  assert.equal("ok", a.saving.flush());
  assert.deepEqual(["t1-t7", "t2-t8", "t3-t9"], stored(storage, GAME_KEY).game.moves);
  assert.deepEqual([1, 1], [easy(storage).played, easy(storage).won]);
  assert.deepEqual(["full", "ok"], a.statuses);
});

// Make `storage` throw `name` (a DOMException) on every access to `keys` (all when omitted) while `refusing.on`.
function refusing(storage, name = "UnknownError", keys = null) {
  const refusing = { on: false };
  for (const method of ["getItem", "setItem", "removeItem"]) {
    const native = storage[method];
    storage[method] = function (key, ...rest) {
      if (refusing.on && (keys === null || keys.includes(key))) throw new DOMException("The operation failed.", name);
      return native.call(this, key, ...rest);
    };
  }
  return refusing;
}

test("a write refused in passing is tried again: the game and its statistics are stored once it works", () => {
  const storage = memory();
  const refused = refusing(storage);
  const a = tab(storage, "A").open();
  a.move("t1-t7");
  const [stats, game] = [storage.getItem(STATS_KEY), storage.getItem(GAME_KEY)];
  refused.on = true;
  assert.equal("refused", a.move("t2-t8", { won: true }));
  assert.equal("refused", a.saving.flush()); // the retry, still refused
  refused.on = false;
  assert.deepEqual([stats, game], [storage.getItem(STATS_KEY), storage.getItem(GAME_KEY)]);
  assert.equal("ok", a.saving.flush());
  assert.deepEqual(["t1-t7", "t2-t8"], stored(storage, GAME_KEY).game.moves);
  assert.deepEqual([1, 1], [easy(storage).played, easy(storage).won]);
  assert.deepEqual(["refused", "ok"], a.statuses);
});

test("only a refusal that repeats, over three flushes and ten seconds, is \"denied\"; saving goes on trying", () => {
  const storage = memory();
  const refused = refusing(storage);
  let now = 0;
  const a = tab(storage, "A", { clock: () => now }).open();
  a.move("t1-t7");
  refused.on = true;
  assert.equal("refused", a.move("t2-t8"));
  for (now = 3000; now <= 9000; now += 3000) assert.equal("refused", a.saving.flush()); // four in a row, 9 s
  now = 12000;
  assert.equal("denied", a.saving.flush());
  assert.equal("denied", a.move("t3-t9"));
  refused.on = false;
  assert.equal("ok", a.move("t4-t10"));
  assert.deepEqual(["t1-t7", "t2-t8", "t3-t9", "t4-t10"], stored(storage, GAME_KEY).game.moves);
  assert.deepEqual(["refused", "denied", "ok"], a.statuses);
});

test("a refused read of the statistics is not taken for none: they are never begun again from this tab's events", () => {
  const storage = memory();
  const refused = refusing(storage, "UnknownError", [STATS_KEY]);
  const a = tab(storage, "A").open();
  a.move("t1-t7");
  const stats = storage.getItem(STATS_KEY);
  refused.on = true;
  assert.equal("refused", a.move("t2-t8", { won: true }));
  refused.on = false;
  assert.equal(stats, storage.getItem(STATS_KEY));
  assert.equal("ok", a.saving.flush());
  assert.deepEqual([1, 1], [easy(storage).played, easy(storage).won]); // the game opened, then won: nothing lost
});

test("a refused read of the game is not taken for none: another tab's newer game is never written over", () => {
  const storage = memory();
  const refused = refusing(storage, "UnknownError", [GAME_KEY]);
  const a = tab(storage, "A").open();
  a.move("t1-t7");
  const b = tab(storage, "B").open();
  b.game = save(OTHER); // B deals a new game
  b.record("deal");
  assert.equal("ok", b.saving.flush());
  const game = storage.getItem(GAME_KEY);
  refused.on = true;
  assert.equal("refused", a.move("t2-t8"));
  refused.on = false;
  assert.equal("stale", a.saving.flush()); // A reads B's game: it was left behind
  assert.equal(game, storage.getItem(GAME_KEY));
});

test("storage denied outright (a SecurityError, as with storage turned off) is \"denied\" from the start", () => {
  const denied = () => {
    throw new DOMException("The operation is insecure.", "SecurityError");
  };
  const a = tab(denied, "A").open();
  assert.equal("denied", a.move("t1-t7"));
  assert.deepEqual(["denied"], a.statuses);
});

test("records of a newer format are kept, never replaced", () => {
  const storage = memory();
  const newerGame = JSON.stringify({ v: 2, games: [save(CODE, ["t1-t7"])] });
  const newerStats = JSON.stringify({ v: 3, levels: "elsewhere" });
  storage.setItem(GAME_KEY, newerGame);
  storage.setItem(STATS_KEY, newerStats);
  const a = tab(storage, "A").open(OTHER);
  assert.deepEqual([{ kind: "newer-game" }, { kind: "newer-stats" }], a.notes);
  assert.equal(OTHER, a.game.code);
  a.move("t1-t7", { won: true });
  a.saving.record({ type: "reset" });
  a.saving.flush();
  assert.deepEqual([newerGame, newerStats], [storage.getItem(GAME_KEY), storage.getItem(STATS_KEY)]);
  assert.equal(null, a.saving.stats());
  assert.deepEqual({ game: true, stats: true }, a.saving.newer);
});

test("a newer version's tab storing the game makes this one stale", () => {
  const storage = memory();
  const a = tab(storage, "A").open();
  a.move("t1-t7");
  storage.setItem(GAME_KEY, JSON.stringify({ v: 2 }));
  assert.equal("stale", a.saving.check());
});

test("a stored game too long to be one is set aside (and replaced) with a note", () => {
  const storage = memory();
  storage.setItem(GAME_KEY, JSON.stringify({ v: 1, game: save(CODE, Array(300000).fill("t1-t7")), elapsed: 0 }));
  const a = tab(storage, "A").open(OTHER);
  assert.equal("oversized", a.notes[0].kind);
  assert.ok(a.notes[0].length > 1e6);
  assert.equal(OTHER, a.game.code);
  assert.equal("ok", a.saving.flush());
  assert.equal(OTHER, stored(storage, GAME_KEY).game.code);
});

test("storage cleared mid-game: the game, its statistics and the next game are written again", () => {
  for (const cleared of ["everything", "the statistics"]) {
    const storage = memory();
    const a = tab(storage, "A").open();
    for (const m of ["t1-t7", "t2-t8", "t3-t9"]) a.move(m);
    if (cleared === "everything") storage.data.clear(); // "Clear site data", or another tab
    else storage.removeItem(STATS_KEY);
    assert.equal("ok", a.move("t4-t10"), cleared);
    assert.deepEqual(["t1-t7", "t2-t8", "t3-t9", "t4-t10"], stored(storage, GAME_KEY).game.moves);
    assert.deepEqual([0, CODE, true], [easy(storage).played, stored(storage, STATS_KEY).current.code, stored(storage, STATS_KEY).current.played]);
    a.game = save(OTHER); // a new game
    a.record("deal");
    assert.equal("ok", a.saving.flush());
    assert.equal(1, easy(storage).played, cleared); // the game left, counted once
    assert.equal(OTHER, tab(storage, "A2").open().game.code);
    assert.deepEqual([], a.statuses);
  }
});

test("a game record cleared while nothing changes is written again at the next flush", () => {
  const storage = memory();
  const a = tab(storage, "A").open();
  a.move("t1-t7");
  storage.data.clear();
  assert.equal("ok", a.saving.check()); // the "storage" event of the clear
  assert.equal("ok", a.saving.flush()); // the clock's
  assert.deepEqual(["t1-t7"], stored(storage, GAME_KEY).game.moves);
  assert.equal(CODE, stored(storage, STATS_KEY).current.code);
});

test("a write storage does not keep is not \"ok\": the game must read back", () => {
  const storage = memory();
  const a = tab(storage, "A").open();
  a.move("t1-t7");
  const setItem = storage.setItem;
  storage.setItem = (key, value) => key !== GAME_KEY && setItem.call(storage, key, value); // dropped without a word
  assert.equal("unsaved", a.move("t2-t8"));
  storage.setItem = setItem;
  assert.equal("ok", a.saving.flush());
  assert.deepEqual(["t1-t7", "t2-t8"], stored(storage, GAME_KEY).game.moves);
  assert.deepEqual(["unsaved", "ok"], a.statuses);
});

test("a stored game or statistics that cannot be read are kept aside, said once, and the game starts", () => {
  const storage = memory();
  const badStats = JSON.stringify({ v: 1, levels: { 4: { played: 1, won: 1000000 } } });
  storage.setItem(GAME_KEY, "{not JSON");
  storage.setItem(STATS_KEY, badStats);
  const a = tab(storage, "A").open(OTHER);
  assert.deepEqual([{ kind: "unreadable-game" }, { kind: "unreadable-stats" }], a.notes);
  assert.equal("ok", a.move("t1-t7"));
  assert.equal(OTHER, stored(storage, GAME_KEY).game.code);
  assert.deepEqual(["{not JSON", badStats], [storage.getItem(`${GAME_KEY}.aside`), storage.getItem(`${STATS_KEY}.aside`)]);
  assert.deepEqual([], tab(storage, "A2").open().notes); // once
  // another page of the origin writes over the game meanwhile: kept aside too, then replaced
  storage.setItem(GAME_KEY, JSON.stringify({ v: 1, game: "hostile" }));
  assert.equal("ok", a.move("t2-t8"));
  assert.equal("hostile", stored(storage, `${GAME_KEY}.aside`).game);
  assert.equal(OTHER, stored(storage, GAME_KEY).game.code);
});

test("a game the engine could not restore is kept aside before it is replaced", () => {
  const storage = memory();
  const record = JSON.stringify({ v: 1, game: save(CODE, ["t9-f1"]), elapsed: 0 });
  storage.setItem(GAME_KEY, record);
  const a = tab(storage, "A").open();
  a.saving.keepAside(); // what the page does when the engine says the save did not replay
  a.game = save(OTHER);
  a.record("deal");
  a.saving.flush();
  assert.deepEqual([record, OTHER], [storage.getItem(`${GAME_KEY}.aside`), stored(storage, GAME_KEY).game.code]);
});

test("a win shown in a tab another has just left behind is counted, once, whichever stores first", () => {
  for (const order of ["stored first", "heard first", "heard before the win", "other deal"]) {
    const storage = memory();
    const a = tab(storage, "A").open();
    a.move("t1-t7");
    const b = tab(storage, "B").open();
    b.move("t2-t8"); // both tabs on the same game, B's record known to A
    a.saving.check();
    // A's winning move and B's Undo, within a few milliseconds
    const win = () => {
      a.game = { ...a.game, moves: [...a.game.moves, "t3-f1"] };
      a.saving.record({ type: "shown", view: a.view({ won: true }), previous: a.view(), reason: "move", seconds: 60 });
    };
    if (order === "heard before the win") {
      b.game = { ...b.game, moves: ["t1-t7"], undone: ["t2-t8"] };
      b.record("move");
      b.saving.flush();
      assert.equal("stale", a.saving.check());
      win(); // a drag begun before the dialog came
    } else {
      win();
      if (order === "other deal") b.game = save(OTHER);
      else b.game = { ...b.game, moves: ["t1-t7"], undone: ["t2-t8"] };
      b.record(order === "other deal" ? "deal" : "move");
      assert.equal("ok", b.saving.flush()); // B stores before A does
      if (order === "heard first") assert.equal("stale", a.saving.check());
    }
    assert.equal("stale", a.saving.flush(), order);
    assert.equal(1, easy(storage).won, order);
    assert.ok(easy(storage).won <= easy(storage).played, order);
    a.saving.flush(); // A's clock, and a redraw of its won board
    a.saving.record({ type: "shown", view: a.view({ won: true }), previous: a.view({ won: true }), reason: "redraw", seconds: 61 });
    a.saving.flush();
    assert.equal(1, easy(storage).won, order);
    const current = stored(storage, STATS_KEY).current.code;
    assert.equal(order === "other deal" ? OTHER : CODE, current, order); // B's game goes on
  }
});
