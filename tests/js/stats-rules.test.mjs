// The statistics and the rules that update them (static/js/stats/stats-rules.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { addDays } from "../../static/js/deals/days.js";
import { MAX_DEALS, MAX_GAMES, RECENT, applyStatsEvent, emptyStats, inProgress, leaving, readStats } from "../../static/js/stats/stats-rules.js";
import { dailyStreak, dayState, foldDays, keptFrom } from "../../static/js/stats/daily-results.js";

const CODE = "SH1-C4-AAAAAJ2";

// A view as the controller sends it, with only what the statistics read.
function view(fields = {}) {
  return { code: CODE, cells: 4, moves: 0, score: 0, won: false, canRedo: false, ...fields };
}

// Statistics after the board came up with `first` and then showed `steps` ([view, reason]).
function play(first, steps, stats = emptyStats()) {
  applyStatsEvent(stats, { type: "opened", view: first, seconds: 0 });
  let previous = first;
  for (const [next, reason = "move", seconds = 100] of steps) {
    applyStatsEvent(stats, { type: "shown", view: next, previous, reason, seconds });
    previous = next;
  }
  return stats;
}

test("a game counts as played when it ends: a win once, with its score and time", () => {
  const stats = play(view(), [
    [view({ moves: 1, score: 10 })],
    [view({ moves: 80, score: 540, won: true }), "move", 300],
    [view({ moves: 79, score: 530 })], // undo, then the win again
    [view({ moves: 80, score: 540, won: true }), "move", 320],
  ]);
  const { recent, tiers, daily, ...easy } = stats.levels["4"];
  assert.deepEqual(
    { played: 1, won: 1, helped: 0, streak: 1, bestStreak: 1, bestScore: 540, fastest: 300 },
    easy,
  );
  assert.deepEqual([[{ result: "won", seconds: 300, tier: null }], {}], [recent, daily]);
  assert.equal(0, tiers.relaxed.won); // a deal of no known tier
  assert.deepEqual({ code: CODE, cells: 4, played: true, won: true, helped: false }, stats.current);
});

test("no move yet: not played; a game left after a move is a loss that ends the streak", () => {
  const stats = emptyStats();
  stats.levels["4"].streak = 3;
  stats.levels["4"].bestStreak = 3;
  play(view(), [[view({ code: "SH1-C4-AAAAAJ3" }), "deal"]], stats);
  assert.equal(0, stats.levels["4"].played);
  assert.equal(3, stats.levels["4"].streak);
  play(view({ code: "SH1-C4-AAAAAJ3" }), [[view({ code: "SH1-C4-AAAAAJ3", moves: 1 })], [view({ code: "SH1-C1-AAAAAJ4", cells: 1 }), "deal"]], stats);
  assert.deepEqual([1, 0, 3], [stats.levels["4"].played, stats.levels["4"].streak, stats.levels["4"].bestStreak]);
  assert.deepEqual({ code: "SH1-C1-AAAAAJ4", cells: 1, played: false, won: false, helped: false }, stats.current);
});

test("the best score comes only from a won game: a game left, or won with help, sets none", () => {
  const stats = play(view(), [
    [view({ moves: 3, score: 15 })],
    [view({ code: "SH1-C4-AAAAAJ3" }), "deal"],
  ]);
  assert.equal(null, stats.levels["4"].bestScore);
  play(view({ code: "SH1-C4-AAAAAJ3" }), [
    [view({ code: "SH1-C4-AAAAAJ3", moves: 80, score: 540, won: true })],
    [view({ code: "SH1-C4-AAAAAJ4" }), "deal"],
    [view({ code: "SH1-C4-AAAAAJ4", moves: 60, score: 900 })],
  ], stats);
  assert.equal(540, stats.levels["4"].bestScore);
});

test("leaving a game counts it lost once played and not won; else not at all", () => {
  const played = play(view(), [[view({ moves: 2 })]]);
  assert.equal("lost", leaving(played, view({ moves: 2 })));
  assert.equal("lost", leaving(played, view({ moves: 0, canRedo: true })), "restarted: still played");
  assert.equal(null, leaving(play(view(), []), view()), "no move yet");
  assert.equal(null, leaving(play(view(), [[view({ moves: 9, won: true })]]), view({ moves: 9, won: true })));
  assert.equal(null, leaving(null, view({ moves: 2 })), "statistics of a newer version: not counted here");
});

test("restarting the deal keeps the same game", () => {
  const stats = play(view(), [
    [view({ moves: 3, score: 10 })],
    [view({ moves: 0, canRedo: true }), "deal"],
  ]);
  assert.equal(0, stats.levels["4"].played);
  assert.ok(stats.current.played && inProgress(stats, view()));
});

test("a game in progress is in no count until it ends, won or left", () => {
  const stats = play(view(), [[view({ moves: 1 })], [view({ moves: 40 })]]);
  const easy = () => [stats.levels["4"].played, stats.levels["4"].won, stats.levels["4"].recent.length];
  assert.deepEqual([0, 0, 0], easy());
  assert.ok(inProgress(stats, view({ moves: 40 })));
  applyStatsEvent(stats, { type: "shown", view: view({ moves: 41, won: true }), previous: view(), reason: "move", seconds: 9 });
  assert.deepEqual([1, 1, 1], easy());
  assert.ok(!inProgress(stats, view({ moves: 41, won: true })));
  // Stored by an earlier version, which counted a game at its first move: not counted again.
  const earlier = readStats({ v: 1, levels: { 4: { played: 1 } }, current: { code: CODE, cells: 4, played: true, won: false, helped: false } });
  applyStatsEvent(earlier, { type: "shown", view: view({ moves: 70, won: true }), previous: view(), reason: "move", seconds: 9 });
  assert.deepEqual([1, 1], [earlier.levels["4"].played, earlier.levels["4"].won]);
});

test("counting stops at MAX_GAMES; a count beyond it is not read", () => {
  const stats = emptyStats();
  Object.assign(stats.levels["4"], { played: MAX_GAMES, won: MAX_GAMES - 1, streak: 5, bestStreak: 5 });
  for (let i = 0; i < 3; i++) {
    play(view({ code: `SH1-C4-AAAAAA${i}` }), [[view({ code: `SH1-C4-AAAAAA${i}`, moves: 9, won: true })]], stats);
  }
  const { played, won } = stats.levels["4"];
  assert.deepEqual([MAX_GAMES, MAX_GAMES - 1], [played, won]);
  assert.ok(Number.isSafeInteger(played + 1));
  const warnings = [];
  const near = readStats({ v: 1, levels: { 4: { played: 2 ** 53 - 2, won: 0 } } }, (w) => warnings.push(w));
  assert.equal(0, near.levels["4"].played);
  assert.match(warnings[0], /4\.played/);
});

test("a win after the solver helped counts apart and ends the streak", () => {
  const stats = emptyStats();
  stats.levels["4"].streak = 2;
  applyStatsEvent(stats, { type: "opened", view: view(), seconds: 0 });
  assert.ok(applyStatsEvent(stats, { type: "helped" }));
  applyStatsEvent(stats, { type: "shown", view: view({ moves: 1, score: 5 }), previous: view(), reason: "show-me", seconds: 9 });
  applyStatsEvent(stats, { type: "shown", view: view({ moves: 90, score: 600, won: true }), previous: view(), reason: "show-me", seconds: 99 });
  const easy = stats.levels["4"];
  assert.deepEqual([1, 0, 1, 0, null, null], [easy.played, easy.won, easy.helped, easy.streak, easy.bestScore, easy.fastest]);
});

test("help after the win, or with no game, changes nothing", () => {
  const stats = emptyStats();
  assert.equal(false, applyStatsEvent(stats, { type: "helped" }));
  play(view(), [[view({ moves: 1, won: true })]], stats);
  assert.equal(false, applyStatsEvent(stats, { type: "helped" }));
  assert.equal(false, stats.current.helped);
});

test("the board coming up with another game than the one followed: that one was left", () => {
  const stats = play(view(), [[view({ moves: 2 })]]);
  stats.levels["4"].streak = 4;
  applyStatsEvent(stats, { type: "opened", view: view({ code: "SH1-C2-AAAAAJ5", cells: 2 }), seconds: 0 });
  assert.equal(0, stats.levels["4"].streak);
  assert.equal("SH1-C2-AAAAAJ5", stats.current.code);
  // The same game again (a reload): nothing is counted twice.
  applyStatsEvent(stats, { type: "opened", view: view({ code: "SH1-C2-AAAAAJ5", cells: 2 }), seconds: 0 });
  assert.equal(0, stats.levels["2"].played);
});

test("reset empties every level; the game in progress is counted when it ends", () => {
  const stats = play(view(), [[view({ moves: 1, score: 10 })]]);
  stats.levels["1"].won = 7;
  assert.ok(applyStatsEvent(stats, { type: "reset" }));
  assert.deepEqual(emptyStats().levels["1"], stats.levels["1"]);
  assert.equal(0, stats.levels["4"].played);
  assert.equal(null, stats.levels["4"].bestScore);
  applyStatsEvent(stats, { type: "shown", view: view({ code: "SH1-C4-AAAAAJ3" }), previous: view(), reason: "deal", seconds: 0 });
  assert.equal(1, stats.levels["4"].played);
});

test("stored statistics are read field by field; wrong fields are named in one warning", () => {
  const warnings = [];
  const stats = readStats(
    { v: 1, levels: { 4: { played: 3, won: "many", helped: -1, fastest: null }, 2: 7 }, current: 5 },
    (w) => warnings.push(w),
  );
  assert.equal(3, stats.levels["4"].played);
  assert.equal(0, stats.levels["4"].won);
  assert.equal(null, stats.current);
  assert.deepEqual(["seahaven: ignoring unreadable statistics: 4.won, 4.helped, 2, current"], warnings);
});

test("counts that cannot be together are named and put back, the rest kept", () => {
  const warnings = [];
  const level = (counts) => ({ v: 1, levels: { 4: counts }, current: null });
  const cases = [
    [{ played: 1, won: 1000000 }, "4.won", { played: 1, won: 0 }],
    [{ played: 5, won: 2, helped: 4 }, "4.won", { played: 5, won: 0, helped: 0 }],
    [{ played: 9, won: 3, streak: 4, bestStreak: 4 }, "4.bestStreak", { won: 3, streak: 0, bestStreak: 0 }],
    [{ played: 9, won: 3, streak: 3, bestStreak: 2 }, "4.bestStreak", { streak: 0, bestStreak: 0 }],
    [{ played: 0, bestScore: 500 }, "4.bestScore", { bestScore: null }],
    [{ played: 4, won: 0, fastest: 60 }, "4.fastest", { fastest: null }],
    [{ played: 4, won: 1, tiers: { relaxed: { played: 5, won: 1 } } }, "4.tiers", { played: 4 }],
    [{ played: 4, won: 1, tiers: { relaxed: { played: 1, won: 2 } } }, "4.tiers", { won: 1 }],
    [{ played: 1, won: 1, recent: [{ result: "won", seconds: 9, tier: null }, { result: "lost", seconds: null, tier: null }] }, "4.recent", { recent: [] }],
    [{ played: 3, won: 0, daily: { "2026-12-24": { code: CODE, tier: null, par: null, won: true, helped: false, moves: 90, seconds: 60 } } }, "4.daily", { daily: {} }],
  ];
  for (const [counts, wrong, kept] of cases) {
    warnings.length = 0;
    const read = readStats(level(counts), (w) => warnings.push(w)).levels["4"];
    assert.deepEqual([`seahaven: ignoring unreadable statistics: ${wrong}`], warnings, JSON.stringify(counts));
    for (const [field, value] of Object.entries(kept)) assert.deepEqual(value, read[field], `${wrong} ${field}`);
  }
  // a best score may be large: a card sent home, taken off and sent home again scores again
  readStats(level({ played: 1, won: 1, bestScore: 100000, streak: 1, bestStreak: 1 }), () => assert.fail("within bounds"));
});

test("statistics of another version are ignored with a warning; none stored is empty", () => {
  const warnings = [];
  assert.deepEqual(emptyStats(), readStats({ v: "1" }, (w) => warnings.push(w)));
  assert.match(warnings[0], /not version 1/);
  assert.deepEqual(emptyStats(), readStats(null));
});

test("a stored game in progress is kept", () => {
  const current = { code: CODE, cells: 2, played: true, won: false, helped: true };
  assert.deepEqual(current, readStats({ v: 1, levels: {}, current }).current);
});

test("per deal: how often it was played and its fewest moves of a win without help", () => {
  const other = "SH1-C4-AAAAAJ3";
  const stats = play(view(), [
    [view({ moves: 1 })],
    [view({ moves: 96, won: true })],
    [view({ code: other }), "deal"],
    [view({ code: other, moves: 1 })],
    [view(), "deal"], // the first deal again
    [view({ moves: 1 })],
    [view({ moves: 0, canRedo: true }), "deal"], // restarted: the same game, not another play
    [view({ moves: 1 })],
    [view({ moves: 88, won: true })],
  ]);
  assert.deepEqual({ [other]: { played: 1, best: null }, [CODE]: { played: 2, best: 88 } }, stats.deals);
  applyStatsEvent(stats, { type: "shown", view: view({ code: other, moves: 0 }), previous: view(), reason: "deal" });
  applyStatsEvent(stats, { type: "helped" });
  applyStatsEvent(stats, { type: "shown", view: view({ code: other, moves: 50, won: true }), previous: view(), reason: "move" });
  assert.deepEqual({ played: 2, best: null }, stats.deals[other], "a win with help is no best");
  assert.deepEqual(stats.deals, readStats(JSON.parse(JSON.stringify(stats))).deals);
});

test("only the most recent deals are kept; an unreadable deal record is dropped with a warning", () => {
  const stats = emptyStats();
  for (let i = 0; i <= MAX_DEALS; i++) play(view({ code: `SH1-C4-${i}` }), [[view({ code: `SH1-C4-${i}`, moves: 1 })]], stats);
  assert.equal(MAX_DEALS, Object.keys(stats.deals).length);
  assert.ok(!("SH1-C4-0" in stats.deals) && `SH1-C4-${MAX_DEALS}` in stats.deals);
  const warnings = [];
  const read = readStats({ v: 1, deals: { [CODE]: { played: 2, best: 80 }, bad: { played: -1, best: 3 } } }, (w) => warnings.push(w));
  assert.deepEqual({ [CODE]: { played: 2, best: 80 } }, read.deals);
  assert.match(warnings[0], /deals\.bad/);
});

// The board came up with a fresh deal of `code`, which the page then says is of `tier` (and the deal of `date`).
function dealt(stats, code, { tier = null, date = null, par = null, cells = 4, today = date } = {}) {
  const fresh = view({ code, cells });
  applyStatsEvent(stats, { type: "shown", view: fresh, previous: stats.current && view(), reason: "deal", seconds: 0 });
  return applyStatsEvent(stats, { type: "dealt", code, tier, date, par, today });
}

function move(stats, fields, seconds = 60) {
  const next = view({ code: stats.current.code, cells: stats.current.cells, ...fields });
  applyStatsEvent(stats, { type: "shown", view: next, previous: next, reason: "move", seconds });
}

test("deals of a tier count per tier: played when they end, won at the win", () => {
  const stats = emptyStats();
  assert.ok(dealt(stats, "SH1-C4-AAAAAJ3", { tier: "tricky" }));
  assert.equal(0, stats.levels["4"].tiers.tricky.played);
  move(stats, { moves: 1 });
  move(stats, { moves: 90, won: true }, 240);
  dealt(stats, "SH1-C4-AAAAAJ4", { tier: "tricky" });
  move(stats, { moves: 1 });
  dealt(stats, "SH1-C4-AAAAAJ5"); // no tier: counted in no tier
  move(stats, { moves: 1 });
  dealt(stats, "SH1-C4-AAAAAJ6", { tier: "relaxed" });
  assert.deepEqual(
    { relaxed: { played: 0, won: 0 }, balanced: { played: 0, won: 0 }, tricky: { played: 2, won: 1 } },
    stats.levels["4"].tiers,
  );
  assert.deepEqual(
    [
      { result: "won", seconds: 240, tier: "tricky" },
      { result: "lost", seconds: null, tier: "tricky" },
      { result: "lost", seconds: null, tier: null },
    ],
    stats.levels["4"].recent,
  );
});

test("a tier is told only for the deal just drawn and not yet played", () => {
  const stats = emptyStats();
  assert.equal(false, applyStatsEvent(stats, { type: "dealt", code: CODE, tier: "relaxed" }));
  dealt(stats, CODE);
  move(stats, { moves: 1 });
  assert.equal(false, applyStatsEvent(stats, { type: "dealt", code: CODE, tier: "relaxed" }));
  assert.equal(false, applyStatsEvent(stats, { type: "dealt", code: "SH1-C4-AAAAAJ3", tier: "relaxed" }));
  assert.equal(undefined, stats.current.tier);
});

test("the last games are kept up to the last fifty, oldest first", () => {
  const stats = emptyStats();
  for (let i = 0; i < RECENT + 5; i++) {
    dealt(stats, `SH1-C2-AAAA${String(i).padStart(3, "A")}`, { cells: 2 });
    move(stats, { moves: 1 });
    if (i % 2) move(stats, { moves: 80, won: true }, i);
  }
  dealt(stats, CODE);
  const recent = stats.levels["2"].recent;
  assert.equal(RECENT, recent.length);
  assert.deepEqual({ result: "won", seconds: 5, tier: null }, recent[0]);
  assert.deepEqual({ result: "lost", seconds: null, tier: null }, recent.at(-1));
});

test("today's deal: its result per date, its par, a win with help not solved", () => {
  const stats = emptyStats();
  dealt(stats, "SH1-C1-OV3VUSW", { cells: 1, tier: "balanced", date: "2026-12-24", par: 74 });
  assert.deepEqual(
    { code: "SH1-C1-OV3VUSW", tier: "balanced", par: 74, won: false, helped: false, moves: null, seconds: null },
    stats.levels["1"].daily["2026-12-24"],
  );
  move(stats, { moves: 1 });
  move(stats, { moves: 91, won: true }, 400);
  assert.deepEqual(
    { code: "SH1-C1-OV3VUSW", tier: "balanced", par: 74, won: true, helped: false, moves: 91, seconds: 400 },
    stats.levels["1"].daily["2026-12-24"],
  );
  // The same deal again the same day: the first win stands.
  dealt(stats, "SH1-C1-OV3VUSW", { cells: 1, tier: "balanced", date: "2026-12-24", par: 74 });
  move(stats, { moves: 1 });
  move(stats, { moves: 80, won: true }, 200);
  assert.equal(91, stats.levels["1"].daily["2026-12-24"].moves);
  // The next day, won with the solver's help: tried, not solved.
  dealt(stats, "SH1-C1-AJUSBN2", { cells: 1, tier: "tricky", date: "2026-12-25", par: 76 });
  applyStatsEvent(stats, { type: "helped" });
  move(stats, { moves: 1 });
  move(stats, { moves: 76, won: true });
  const day = stats.levels["1"].daily["2026-12-25"];
  assert.deepEqual([false, true], [day.won, day.helped]);
});

const day = (won, late = false) => ({ code: CODE, tier: null, par: null, won, helped: false, moves: null, seconds: null, ...(late ? { late } : {}) });

test("the streak of days solved runs up to today, or to yesterday while today is still open", () => {
  const stats = emptyStats();
  const level = stats.levels["4"];
  level.daily = { "2026-12-20": day(true), "2026-12-22": day(true), "2026-12-23": day(true), "2026-12-24": day(false) };
  assert.equal(2, dailyStreak(stats, "2026-12-24"));
  level.daily["2026-12-24"] = day(true);
  assert.equal(3, dailyStreak(stats, "2026-12-24"));
  assert.equal(0, dailyStreak(stats, "2026-12-26"));
  level.daily["2026-12-21"] = day(true);
  assert.equal(5, dailyStreak(stats, "2026-12-25"));
});

test("the streak counts days solved on their own day, on any difficulty", () => {
  const stats = emptyStats();
  stats.levels["4"].daily = { "2026-12-20": day(true), "2026-12-23": day(false) };
  stats.levels["2"].daily = { "2026-12-21": day(true), "2026-12-23": day(true) };
  stats.levels["1"].daily = { "2026-12-22": day(true, true) }; // solved on the 24th, from the calendar
  assert.equal(1, dailyStreak(stats, "2026-12-24"));
  stats.levels["4"].daily["2026-12-22"] = day(true);
  assert.equal(4, dailyStreak(stats, "2026-12-24"));
  const states = ["2026-12-19", "2026-12-20", "2026-12-21", "2026-12-23"].map((d) => dayState(stats, d));
  assert.deepEqual(["none", "solved", "solved", "solved"], states);
  stats.levels["4"].daily["2026-12-22"] = day(false);
  stats.levels["4"].daily["2026-12-19"] = day(false);
  assert.deepEqual(["late", "tried"], [dayState(stats, "2026-12-22"), dayState(stats, "2026-12-19")]);
});

test("an earlier day's deal played from the calendar is solved late: marked so, and out of the streak", () => {
  const stats = emptyStats();
  dealt(stats, "SH1-C4-AJUSBN2", { tier: "tricky", date: "2026-12-20", par: 76, today: "2026-12-24" });
  assert.ok(stats.current.late);
  move(stats, { moves: 1 });
  move(stats, { moves: 80, won: true }, 300);
  assert.deepEqual({ code: "SH1-C4-AJUSBN2", tier: "tricky", par: 76, won: true, helped: false, moves: 80, seconds: 300, late: true }, stats.levels["4"].daily["2026-12-20"]);
  assert.equal("late", dayState(stats, "2026-12-20"));
  assert.equal(0, dailyStreak(stats, "2026-12-21"));
  assert.equal(1, stats.levels["4"].won); // a win like any other
  assert.deepEqual(stats, readStats(JSON.parse(JSON.stringify(stats))));
  // Today's own deal dealt from the calendar is played on its day.
  dealt(stats, "SH1-C4-AJUSBN3", { date: "2026-12-24", today: "2026-12-24" });
  assert.equal(undefined, stats.current.late);
});

test("days the calendar no longer reaches are folded into the streak, which goes on across them", () => {
  const stats = emptyStats();
  const today = "2027-12-03";
  assert.equal("2026-12-01", keptFrom(today));
  for (let date = "2026-11-20"; date <= "2026-12-02"; date = addDays(date, 1)) stats.levels["2"].daily[date] = day(true);
  stats.levels["4"].daily["2026-10-01"] = day(true);
  stats.levels["4"].daily["2027-12-02"] = day(true);
  assert.ok(foldDays(stats, today));
  assert.deepEqual({ until: "2026-11-30", streak: 11 }, stats.dailyBefore);
  assert.deepEqual(["2026-12-01", "2026-12-02"], Object.keys(stats.levels["2"].daily));
  assert.deepEqual(["2027-12-02"], Object.keys(stats.levels["4"].daily));
  assert.equal(false, foldDays(stats, today), "nothing more to fold");
  // Every day solved from then to yesterday: the streak reaches back into the days folded.
  for (let date = "2026-12-03"; date < today; date = addDays(date, 1)) stats.levels["1"].daily[date] = day(true);
  assert.equal(11 + 367, dailyStreak(stats, today));
  for (const level of Object.values(stats.levels)) Object.assign(level, { played: 400, won: 400 }); // as many wins
  // A month later the days of December 2026 are folded too, and the streak stays.
  assert.ok(foldDays(stats, "2028-01-02"));
  assert.equal("2026-12-31", stats.dailyBefore.until);
  assert.equal(11 + 367, dailyStreak(stats, today));
  assert.deepEqual(stats, readStats(JSON.parse(JSON.stringify(stats))));
  // The board coming up folds them: a record stays within the calendar's reach.
  const opened = emptyStats();
  opened.levels["4"].daily["2020-01-01"] = day(true);
  assert.ok(applyStatsEvent(opened, { type: "opened", view: view(), seconds: 0, today }));
  assert.deepEqual([{}, { until: "2026-11-30", streak: 0 }], [opened.levels["4"].daily, opened.dailyBefore]);
});

test("a day's deal dealt with another code than the day holds starts that day again", () => {
  const stats = emptyStats();
  stats.levels["4"].daily["2026-12-24"] = { ...day(false), code: "SH1-C4-ZZZZZZZZZZ" }; // a code the engine refuses
  dealt(stats, CODE, { date: "2026-12-24", par: 70, today: "2026-12-24" });
  assert.deepEqual({ ...day(false), par: 70 }, stats.levels["4"].daily["2026-12-24"]);
});

test("the tier and today's deal of the game in progress survive a reload", () => {
  const stats = emptyStats();
  dealt(stats, CODE, { tier: "tricky", date: "2026-12-24", par: 70 });
  const again = readStats(JSON.parse(JSON.stringify(stats)));
  assert.deepEqual(stats, again);
  assert.deepEqual({ code: CODE, cells: 4, played: false, won: false, helped: false, tier: "tricky", daily: "2026-12-24" }, again.current);
});

test("wrong recent games, tiers and days are named and dropped, the rest kept", () => {
  const warnings = [];
  const good = { result: "won", seconds: 99, tier: "relaxed" };
  const stats = readStats(
    {
      v: 1,
      levels: {
        4: {
          played: 5,
          won: 3,
          recent: [good, { result: "drawn", seconds: 1, tier: null }],
          tiers: { relaxed: { played: 3, won: 2 }, tricky: { played: -1, won: 0 } },
          daily: { "2026-12-24": { code: CODE, won: true }, "2026-02-30": {} },
        },
        2: { recent: "many", daily: [] },
      },
      current: null,
    },
    (w) => warnings.push(w),
  );
  assert.deepEqual([good], stats.levels["4"].recent);
  assert.deepEqual({ played: 3, won: 2 }, stats.levels["4"].tiers.relaxed);
  assert.deepEqual({ played: 0, won: 0 }, stats.levels["4"].tiers.tricky);
  assert.deepEqual({}, stats.levels["4"].daily);
  assert.deepEqual(
    ["seahaven: ignoring unreadable statistics: 4.recent, 4.tiers.tricky, 4.daily.2026-12-24, 4.daily.2026-02-30, 2.recent, 2.daily"],
    warnings,
  );
});

test("imported levels replace these; the game in progress stays, counted when it ends", () => {
  const stats = emptyStats();
  dealt(stats, CODE, { tier: "relaxed" });
  move(stats, { moves: 3 });
  const levels = emptyStats().levels;
  levels["4"].played = 40;
  levels["4"].won = 30;
  levels["4"].tiers.relaxed = { played: 10, won: 9 };
  assert.ok(applyStatsEvent(stats, { type: "imported", levels, dailyBefore: null }));
  assert.deepEqual([40, 30, 10], [stats.levels["4"].played, stats.levels["4"].won, stats.levels["4"].tiers.relaxed.played]);
  assert.equal(40, levels["4"].played); // the file's own object is left alone
  move(stats, { moves: 50, won: true });
  assert.deepEqual({ played: 11, won: 10 }, stats.levels["4"].tiers.relaxed);
});
