// The tap / double-tap machine shared by the pointer and the keyboard (static/js/board/taps.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { DOUBLE_TAP_MS, createTaps } from "../../static/js/board/taps.js";

// A hand-driven clock and timers: time moves only when the test says so.
function fakeTime() {
  let now = 0;
  const timers = new Map();
  let next = 1;
  return {
    now: () => now,
    later(fn, ms) {
      timers.set(next, { fn, at: now + ms });
      return next++;
    },
    cancel(id) {
      timers.delete(id);
    },
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.fn();
        }
      }
    },
  };
}

// A tapper whose single taps move (or not) as `moves` says, recording what happened.
function recorder(time, moves) {
  const taps = createTaps(time);
  const log = [];
  const tap = (place, n = 1) =>
    taps.tap(place, {
      single() {
        const moved = moves(place);
        log.push(`single ${place}${moved ? " moved" : ""}`);
        return { moved, n, refuse: () => log.push(`refused ${place}`) };
      },
      double(first) {
        log.push(`double ${place} n=${first.n}`);
      },
    });
  return { taps, tap, log };
}

test("a second tap on the same place within the window is a double tap", () => {
  const time = fakeTime();
  const { tap, log } = recorder(time, () => false);
  assert.equal("single", tap("t3", 2));
  time.advance(150);
  assert.equal("double", tap("t3"));
  assert.deepEqual(["single t3", "double t3 n=2"], log);
});

test("a refused single tap is shown only once no second tap came", () => {
  const time = fakeTime();
  const { tap, log } = recorder(time, () => false);
  tap("t3");
  time.advance(DOUBLE_TAP_MS - 1);
  assert.deepEqual(["single t3"], log);
  time.advance(1);
  assert.deepEqual(["single t3", "refused t3"], log);
});

test("a double tap drops the first tap's refusal", () => {
  const time = fakeTime();
  const { tap, log } = recorder(time, () => false);
  tap("t3");
  time.advance(100);
  tap("t3");
  time.advance(1000);
  assert.deepEqual(["single t3", "double t3 n=1"], log);
});

test("taps on two places, or too far apart, are single taps", () => {
  const time = fakeTime();
  const { tap, log } = recorder(time, () => false);
  tap("t3");
  time.advance(100);
  tap("t4"); // the first tap's refusal still comes
  time.advance(DOUBLE_TAP_MS);
  tap("t4");
  assert.deepEqual(["single t3", "single t4", "refused t3", "refused t4", "single t4"], log);
});

test("a third quick tap starts over: single, double, single", () => {
  const time = fakeTime();
  const { tap } = recorder(time, () => false);
  assert.deepEqual(
    ["single", "double", "single"],
    ["t1", "t1", "t1"].map((place) => {
      time.advance(50);
      return tap(place);
    }),
  );
});

test("disarm forgets the last tap and its refusal", () => {
  const time = fakeTime();
  const { taps, tap, log } = recorder(time, () => false);
  tap("t3");
  taps.disarm();
  time.advance(100);
  tap("t3");
  time.advance(1000);
  assert.deepEqual(["single t3", "single t3", "refused t3"], log);
});

test("a tap that moved a card arms no double tap: the next tap is a new single tap", () => {
  const time = fakeTime();
  let home = 2; // the ace, then the two below it, can go home
  const { tap, log } = recorder(time, () => home-- > 0);
  assert.equal("single", tap("t7"));
  time.advance(150);
  assert.equal("single", tap("t7"));
  time.advance(150);
  assert.equal("single", tap("t7")); // nothing more goes home: this one arms a double tap
  time.advance(100);
  assert.equal("double", tap("t7"));
  assert.deepEqual(["single t7 moved", "single t7 moved", "single t7", "double t7 n=1"], log);
});

test("a moving tap elsewhere ends the wait for a double tap, but not the refusal shown", () => {
  const time = fakeTime();
  const { tap, log } = recorder(time, (place) => place === "t3");
  tap("t4");
  time.advance(50);
  tap("t3");
  time.advance(50);
  assert.equal("single", tap("t4"));
  time.advance(1000);
  assert.deepEqual(["single t4", "single t3 moved", "single t4", "refused t4", "refused t4"], log);
});

test("taps are told apart by when they were made, not when they are handled", () => {
  const time = fakeTime();
  const taps = createTaps(time);
  const played = [];
  const tap = (at) => taps.tap("t1", { single: () => (played.push("single"), { moved: false }), double: () => played.push("double") }, at);
  tap(1000);
  time.advance(DOUBLE_TAP_MS + 300); // a busy main thread handles the second tap late
  tap(1000 + DOUBLE_TAP_MS - 100); // made soon after the first
  assert.deepEqual(played, ["single", "double"]);
  tap(5000);
  tap(5000 + DOUBLE_TAP_MS + 1); // made too late: two single taps
  assert.deepEqual(played, ["single", "double", "single", "single"]);
});
