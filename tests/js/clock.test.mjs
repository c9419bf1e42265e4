// The game clock and how time is written (static/js/clock.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { createClock, formatTime } from "../../static/js/clock.js";

test("formatTime writes minutes and seconds, and hours from one hour on", () => {
  assert.equal("0:00", formatTime(0));
  assert.equal("0:09", formatTime(9));
  assert.equal("1:15", formatTime(75));
  assert.equal("59:59", formatTime(3599));
  assert.equal("1:00:00", formatTime(3600));
  assert.equal("1:02:05", formatTime(3725));
});

test("the clock counts only while running, and keeps what it counted", () => {
  let now = 1000;
  const clock = createClock(() => now);
  clock.start();
  now += 2500;
  assert.equal(2, clock.seconds());
  clock.stop();
  now += 60000;
  assert.equal(2, clock.seconds());
  clock.start();
  clock.start(); // a second start does not restart the stretch
  now += 1500;
  assert.equal(4, clock.seconds());
  clock.reset();
  assert.equal(0, clock.seconds());
});
