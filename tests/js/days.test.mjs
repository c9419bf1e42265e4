// Days as the daily deal counts them (static/js/deals/days.js): UTC dates, months.
import assert from "node:assert/strict";
import { test } from "node:test";
import { addDays, addMonths, isDate, monthDates, monthOf, today, weekday } from "../../static/js/deals/days.js";

test("today is the UTC date, whatever the time of day", () => {
  assert.equal("2026-12-24", today(Date.UTC(2026, 11, 24, 23, 59, 59)));
  assert.equal("2026-12-25", today(Date.UTC(2026, 11, 25, 0, 0, 0)));
});

test("only real days written YYYY-MM-DD are dates", () => {
  assert.ok(isDate("2028-02-29"));
  assert.ok(isDate("2000-02-29") && isDate("2026-12-31") && isDate("0001-01-01"));
  for (const text of ["2026-02-29", "1900-02-29", "2026-04-31", "2026-00-10", "2026-12-00", "2026-13-01", "2026-1-01", "24/12/2026", "", null, 20261224]) {
    assert.equal(false, isDate(text), String(text));
  }
});

test("days and weekdays as the daily deal counts them (1970-01-01 was a Thursday)", () => {
  assert.equal("2026-02-28", addDays("2026-03-01", -1));
  assert.equal("2027-01-01", addDays("2026-12-31", 1));
  assert.equal(3, weekday("1970-01-01"));
  assert.equal(3, weekday("2026-12-24"));
  assert.equal(0, weekday("2026-12-21"));
});

test("months: their dates, and stepping across years", () => {
  assert.deepEqual({ year: 2026, month: 12 }, monthOf("2026-12-24"));
  assert.deepEqual({ year: 2027, month: 1 }, addMonths({ year: 2026, month: 12 }, 1));
  assert.deepEqual({ year: 2025, month: 11 }, addMonths({ year: 2026, month: 1 }, -2));
  const february = monthDates({ year: 2028, month: 2 });
  assert.deepEqual(["2028-02-01", "2028-02-29"], [february[0], february.at(-1)]);
  assert.equal(29, february.length);
  assert.equal(31, monthDates({ year: 2026, month: 12 }).length);
});
