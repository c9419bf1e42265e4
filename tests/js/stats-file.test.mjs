// The statistics file (static/js/stats/stats-file.js): written, read back, refused.
import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_FILE_BYTES, fileName, readStatsFile, statsFile } from "../../static/js/stats/stats-file.js";
import { emptyStats } from "../../static/js/stats/stats-rules.js";

function sample() {
  const stats = emptyStats();
  Object.assign(stats.levels["2"], { played: 80, won: 31, bestScore: 560, fastest: 402 });
  stats.levels["2"].recent = [{ result: "won", seconds: 402, tier: "tricky" }];
  stats.levels["2"].tiers.tricky = { played: 4, won: 1 };
  stats.levels["2"].daily["2026-12-24"] = {
    code: "SH1-C2-AIH774Q", tier: "balanced", par: 81, won: true, helped: false, moves: 95, seconds: 610,
  };
  stats.current = { code: "SH1-C2-AIH774Q", cells: 2, played: true, won: false, helped: false };
  return stats;
}

test("a written file reads back to the same levels, without the game in progress", () => {
  const stats = sample();
  const text = JSON.stringify(statsFile(stats, "2026-12-24T10:00:00.000Z"));
  assert.ok(!text.includes("current"));
  assert.deepEqual({ levels: stats.levels, dailyBefore: null }, readStatsFile(text));
  assert.equal("seahaven-statistics-2026-12-24.json", fileName("2026-12-24"));
});

test("anything else is refused, saying what is wrong", () => {
  const good = statsFile(sample(), "2026-12-24T10:00:00.000Z");
  const damaged = structuredClone(good);
  damaged.levels["4"].played = -3;
  damaged.levels["2"].daily["2026-12-24"].won = "yes";
  const impossible = structuredClone(good);
  Object.assign(impossible.levels["4"], { played: 1, won: 1000000 });
  const nearSafe = structuredClone(good);
  Object.assign(nearSafe.levels["2"], { played: 2 ** 53 - 2, won: 2 ** 53 - 3 });
  const cases = [
    ["{\"kind\": ", "statsFile.notJson", {}],
    ["[1, 2]", "statsFile.notStats", {}],
    [JSON.stringify({ v: 1, levels: {}, current: null }), "statsFile.notStats", {}],
    [JSON.stringify({ ...good, v: 2 }), "statsFile.version", { version: "2" }],
    [JSON.stringify({ ...good, levels: [] }), "statsFile.damaged", { fields: "levels" }],
    [JSON.stringify(damaged), "statsFile.damaged", { fields: "4.played, 2.daily.2026-12-24" }],
    [" ".repeat(MAX_FILE_BYTES + 1), "statsFile.tooBig", {}],
    [JSON.stringify(impossible), "statsFile.damaged", { fields: "4.won" }], // 1,000,000 wins of 1 game played
    // Not a format number: Infinity (1e400 to JSON.parse), a fraction, a string, none before 1.
    [JSON.stringify(good).replace('"v":1', '"v":1e400'), "statsFile.notStats", {}],
    [JSON.stringify({ ...good, v: 1.5 }), "statsFile.notStats", {}],
    [JSON.stringify({ ...good, v: "1" }), "statsFile.notStats", {}],
    [JSON.stringify({ ...good, v: 0 }), "statsFile.notStats", {}],
    [JSON.stringify(nearSafe), "statsFile.damaged", { fields: "2.played, 2.won, 2.bestScore, …" }], // more than a lifetime of games
  ];
  for (const [text, key, params] of cases) {
    assert.deepEqual({ error: { key, params } }, readStatsFile(text), text.slice(0, 40));
  }
});
