// The statistics and the rules that update them (static/js/stats-rules.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_DEALS, applyStatsEvent, emptyStats, readStats } from "../../static/js/stats-rules.js";

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

test("a game counts as played at its first move, a win once, with its score and time", () => {
  const stats = play(view(), [
    [view({ moves: 1, score: 10 })],
    [view({ moves: 80, score: 540, won: true }), "move", 300],
    [view({ moves: 79, score: 530 })], // undo, then the win again
    [view({ moves: 80, score: 540, won: true }), "move", 320],
  ]);
  const easy = stats.levels["4"];
  assert.deepEqual(
    { played: 1, won: 1, helped: 0, streak: 1, bestStreak: 1, bestScore: 540, fastest: 300 },
    easy,
  );
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

test("restarting the deal keeps the same game", () => {
  const stats = play(view(), [
    [view({ moves: 3, score: 10 })],
    [view({ moves: 0, canRedo: true }), "deal"],
  ]);
  assert.equal(1, stats.levels["4"].played);
  assert.ok(stats.current.played);
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

test("reset empties every level but keeps the game in progress played", () => {
  const stats = play(view(), [[view({ moves: 1, score: 10 })]]);
  stats.levels["1"].won = 7;
  assert.ok(applyStatsEvent(stats, { type: "reset" }));
  assert.deepEqual(emptyStats().levels["1"], stats.levels["1"]);
  assert.equal(1, stats.levels["4"].played);
  assert.equal(null, stats.levels["4"].bestScore);
});

test("stored statistics are read field by field; wrong fields are named in one warning", () => {
  const warnings = [];
  const stats = readStats(
    { v: 1, levels: { 4: { played: "many", won: -1, streak: 2, fastest: null }, 2: 7 }, current: 5 },
    (w) => warnings.push(w),
  );
  assert.equal(2, stats.levels["4"].streak);
  assert.equal(0, stats.levels["4"].played);
  assert.equal(null, stats.current);
  assert.deepEqual(["seahaven: ignoring unreadable statistics: 4.played, 4.won, 2, current"], warnings);
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
