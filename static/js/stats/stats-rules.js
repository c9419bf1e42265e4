// Statistics per difficulty (4, 2 or 1 cells) as stored (key "seahaven.stats"),
// and the rules that update them, written as events applied to a statistics
// object. A game is counted when it ends: played and won at its win, played
// and lost when it is left unwon after a move (new game, another deal), which
// ends the streak. The game in progress (`current`) is in no count until then.
// A game the solver helped with (a hint shown, or Show me) that is then won
// counts as "won with help": not a win, so it ends the streak too, and sets no
// best. Each level also keeps its last games (`recent`, for the charts), wins
// per tier of the deals dealt by tier (`tiers`), and today's deal's result per
// date (`daily`, daily-results.js: the calendar's months day by day, older
// days folded into `dailyBefore`). Per deal (`deals`, the MAX_DEALS most
// recently played): how often it was played and the fewest moves of a win
// without help, so a deal played again can be compared. Every count stays
// within MAX_GAMES, so it is always a safe integer. Pure, so it is tested
// without a browser.
import { CELL_COUNTS, LEVELS as DIFFICULTY, MAX_MOVES, TIERS } from "#build/facts.js";
import { MAX_SCORE, isCode, isCount, isObject, isSeconds } from "../saving/bounds.js";
import { isDate } from "../deals/days.js";
import { foldDays } from "./daily-results.js";

/** @typedef {import("#build/engine-api.js").View} View */
/** @typedef {import("../saving/bounds.js").Stored} Stored */
/** A game of a level's last games (the charts'). @typedef {{result: "won" | "lost" | "helped", seconds: number | null, tier: string | null}} RecentGame */
/**
 * Today's deal's result on a date: its code, tier and par, won (with or
 * without help), in how many moves and seconds, and whether it was won after its day.
 * @typedef {{code: string, tier: string | null, par: number | null, won: boolean, helped: boolean,
 *   moves: number | null, seconds: number | null, late?: boolean}} Day
 */
/** @typedef {{played: number, won: number}} TierCounts */
/**
 * A level's statistics (4, 2 or 1 cells).
 * @typedef {{played: number, won: number, helped: number, streak: number, bestStreak: number,
 *   bestScore: number | null, fastest: number | null, recent: RecentGame[], tiers: Record<string, TierCounts>,
 *   daily: Record<string, Day>}} Level
 */
/**
 * The game in progress: its deal, whether a move was made, won, helped; its
 * tier, the date whose daily deal it is (late: played after that day), and
 * `uncounted` while played and in no count yet.
 * @typedef {{code: string, cells: number, played: boolean, won: boolean, helped: boolean, tier?: string,
 *   daily?: string, late?: boolean, uncounted?: boolean}} Current
 */
/** A deal's record: how often it was played, the fewest moves of a win without help. @typedef {{played: number, best: number | null}} DealRecord */
/** The daily deals' streak carried by the days folded away, until a date. @typedef {{until: string, streak: number}} DailyBefore */
/**
 * The statistics as stored (page.state.stats).
 * @typedef {{v: number, levels: Record<string, Level>, current: Current | null, deals: Record<string, DealRecord>,
 *   dailyBefore: DailyBefore | null}} Stats
 */
/**
 * An event applyStatsEvent applies (its comment says what each means).
 * @typedef {{type: "opened", view: View, seconds: number, today?: string}
 *   | {type: "shown", view: View, previous: View | null, reason: string, seconds: number}
 *   | {type: "helped"}
 *   | {type: "dealt", code: string | null, tier: string | null, date?: string | null, par?: number | null, today?: string}
 *   | {type: "reset"}
 *   | {type: "imported", levels: Record<string, Level>, dailyBefore: DailyBefore | null, today?: string}
 *   | {type: "won", view: View, seconds: number, helped: boolean}} StatsEvent
 */

export const STATS_KEY = "seahaven.stats";
export const LEVELS = CELL_COUNTS.map(String); // the statistics' keys: a record per cell count
export const LEVEL_NAMES = Object.fromEntries(LEVELS.map((cells) => [cells, `stats.${DIFFICULTY[/** @type {keyof typeof DIFFICULTY} */ (cells)]}`])); // i18n keys
export { TIERS };
export const RECENT = 50; // games kept per level for the charts
export const VERSION = 1;
// More games than a lifetime of play reaches (one a minute, day and night,
// for 190 years): a count read or imported beyond it is wrong, and counting
// stops there, far below 2^53 (Number.MAX_SAFE_INTEGER).
export const MAX_GAMES = 100000000;
/** @type {("played" | "won" | "helped" | "streak" | "bestStreak")[]} */
const COUNTERS = ["played", "won", "helped", "streak", "bestStreak"];
const RESULTS = ["won", "lost", "helped"];
export const MAX_DEALS = 200;

const isGames = (/** @type {Stored} */ x) => isCount(x, MAX_GAMES);
const isMovesOrNull = (/** @type {Stored} */ x) => x === null || isCount(x, MAX_MOVES);
const isSecondsOrNull = (/** @type {Stored} */ x) => x === null || isSeconds(x);
const isTierOrNull = (/** @type {Stored} */ x) => x === null || TIERS.includes(x);
// The bests, null until there is one, each with what a stored value may be.
/** @type {{bestScore: (x: Stored) => boolean, fastest: (x: Stored) => boolean}} */
const BESTS = { bestScore: (x) => isCount(x, MAX_SCORE), fastest: isSeconds };

/** @returns {Record<string, TierCounts>} */
function emptyTiers() {
  return Object.fromEntries(TIERS.map((tier) => [tier, { played: 0, won: 0 }]));
}

/** @returns {Level} */
function emptyLevel() {
  return {
    played: 0,
    won: 0,
    helped: 0,
    streak: 0,
    bestStreak: 0,
    bestScore: null,
    fastest: null,
    recent: [], // {result: "won" | "lost" | "helped", seconds, tier}, oldest first, at most RECENT
    tiers: emptyTiers(), // tier → {played, won}
    daily: {}, // "2026-12-24" → {code, tier, par, won, helped, moves, seconds, late?}
  };
}

// A game of the `recent` list as stored, or null if it is not one.
/** @param {Stored} x @returns {RecentGame | null} */
function readGame(x) {
  if (!isObject(x) || !RESULTS.includes(x.result) || !isSecondsOrNull(x.seconds) || !isTierOrNull(x.tier)) return null;
  return { result: x.result, seconds: x.seconds, tier: x.tier };
}

// A day's result as stored, or null if it is not one.
/** @param {Stored} x @returns {Day | null} */
function readDay(x) {
  const ok =
    isObject(x) &&
    isCode(x.code) &&
    isTierOrNull(x.tier) &&
    isMovesOrNull(x.par) &&
    typeof x.won === "boolean" &&
    typeof x.helped === "boolean" &&
    isMovesOrNull(x.moves) &&
    isSecondsOrNull(x.seconds) &&
    (x.late === undefined || typeof x.late === "boolean");
  if (!ok) return null;
  const { code, tier, par, won, helped, moves, seconds } = x;
  return x.late ? { code, tier, par, won, helped, moves, seconds, late: true } : { code, tier, par, won, helped, moves, seconds };
}

// The game in progress as stored, or null if it is not one. `uncounted`: it
// was played (a move made) and is not in its level's counts yet; a record
// without it, played, was counted at its first move (as this page did before
// counting games when they end).
/** @param {Stored} x @returns {Current | null} */
function readCurrent(x) {
  const ok =
    isObject(x) &&
    isCode(x.code) &&
    LEVELS.includes(String(x.cells)) &&
    ["played", "won", "helped"].every((k) => typeof x[k] === "boolean") &&
    (x.tier === undefined || TIERS.includes(x.tier)) &&
    (x.daily === undefined || isDate(x.daily)) &&
    [x.late, x.uncounted].every((flag) => flag === undefined || typeof flag === "boolean");
  if (!ok) return null;
  /** @type {Current} */
  const current = { code: x.code, cells: x.cells, played: x.played, won: x.won, helped: x.helped };
  if (x.tier) current.tier = x.tier;
  if (x.daily) current.daily = x.daily;
  if (x.daily && x.late) current.late = true;
  if (x.played && !x.won && x.uncounted) current.uncounted = true;
  return current;
}

/** @returns {Stats} */
export function emptyStats() {
  return { v: VERSION, levels: Object.fromEntries(LEVELS.map((k) => [k, emptyLevel()])), current: null, deals: {}, dailyBefore: null };
}

// Statistics from a stored value (null: none), field by field: a wrong field
// falls back to its default (with a warning), the rest is kept.
/** @param {Stored} data @param {(message: string) => void} [warn] @returns {Stats} */
export function readStats(data, warn = console.warn) {
  if (data === null || data === undefined) return emptyStats();
  if (!isObject(data) || data.v !== VERSION) {
    warn(`seahaven: ignoring saved statistics: not version ${VERSION} of the format`);
    return emptyStats();
  }
  const { stats, wrong } = parseStats(data);
  if (wrong.length) warn(`seahaven: ignoring unreadable statistics: ${wrong.join(", ")}`);
  return stats;
}

// The statistics of a value of this version, and the names of its wrong fields.
/** @param {Stored} data @returns {{stats: Stats, wrong: string[]}} */
export function parseStats(data) {
  const stats = emptyStats();
  /** @type {string[]} */
  const wrong = [];
  for (const level of LEVELS) {
    const saved = isObject(data.levels) ? data.levels[level] : undefined;
    if (saved === undefined) continue;
    if (!isObject(saved)) {
      wrong.push(level);
      continue;
    }
    for (const name of COUNTERS) {
      if (isGames(saved[name])) stats.levels[level][name] = saved[name];
      else if (saved[name] !== undefined) wrong.push(`${level}.${name}`);
    }
    for (const [name, readable] of /** @type {["bestScore" | "fastest", (x: Stored) => boolean][]} */ (Object.entries(BESTS))) {
      if (readable(saved[name]) || saved[name] === null) stats.levels[level][name] = saved[name];
      else if (saved[name] !== undefined) wrong.push(`${level}.${name}`);
    }
    readLists(saved, stats.levels[level], `${level}.`, wrong);
    balance(stats.levels[level], `${level}.`, wrong);
  }
  stats.current = readCurrent(data.current);
  if (!stats.current && data.current !== null && data.current !== undefined) wrong.push("current");
  if (isObject(data.deals)) {
    for (const [code, deal] of Object.entries(data.deals)) {
      if (isCode(code) && isObject(deal) && isGames(deal.played) && isMovesOrNull(deal.best)) {
        stats.deals[code] = { played: deal.played, best: deal.best };
      } else wrong.push(`deals.${code.slice(0, 64)}`);
    }
  } else if (data.deals !== undefined) {
    wrong.push("deals");
  }
  const before = data.dailyBefore;
  if (isObject(before) && isDate(before.until) && isGames(before.streak)) {
    stats.dailyBefore = { until: before.until, streak: before.streak };
  } else if (before !== null && before !== undefined) {
    wrong.push("dailyBefore");
  }
  return { stats, wrong };
}

// A level's recent games, tiers and days from `saved` into `level`; what is
// wrong is named in `wrong` (prefixed) and left at its default.
/** @param {Record<string, Stored>} saved @param {Level} level @param {string} prefix @param {string[]} wrong */
function readLists(saved, level, prefix, wrong) {
  if (Array.isArray(saved.recent)) {
    const games = saved.recent.map(readGame);
    if (games.includes(null)) wrong.push(`${prefix}recent`);
    level.recent = /** @type {RecentGame[]} */ (games.filter(Boolean)).slice(-RECENT);
  } else if (saved.recent !== undefined) {
    wrong.push(`${prefix}recent`);
  }
  if (isObject(saved.tiers)) {
    for (const tier of TIERS) {
      const counts = saved.tiers[tier];
      if (counts === undefined) continue;
      if (isObject(counts) && isGames(counts.played) && isGames(counts.won)) {
        level.tiers[tier] = { played: counts.played, won: counts.won };
      } else {
        wrong.push(`${prefix}tiers.${tier}`);
      }
    }
  } else if (saved.tiers !== undefined) {
    wrong.push(`${prefix}tiers`);
  }
  if (isObject(saved.daily)) {
    for (const [date, value] of Object.entries(saved.daily)) {
      const day = isDate(date) ? readDay(value) : null;
      if (day) level.daily[date] = day;
      else wrong.push(`${prefix}daily.${date.slice(0, 10)}`);
    }
  } else if (saved.daily !== undefined) {
    wrong.push(`${prefix}daily`);
  }
}

// What cannot be together in a level's counts, each named in `wrong` and put
// back to its default: more games won than played (1,000,000 wins of one game
// is not a record this page wrote), a streak longer than the wins, a best
// without a game, more of a tier than in all, more recent games than played.
/** @param {Level} level @param {string} prefix @param {string[]} wrong */
function balance(level, prefix, wrong) {
  /** @type {(ok: boolean, name: string, reset: () => void) => void} */
  const check = (ok, name, reset) => {
    if (ok) return;
    wrong.push(prefix + name);
    reset();
  };
  check(level.won + level.helped <= level.played, "won", () => Object.assign(level, { won: 0, helped: 0 }));
  check(level.streak <= level.bestStreak && level.bestStreak <= level.won, "bestStreak", () =>
    Object.assign(level, { streak: 0, bestStreak: 0 }),
  );
  check(level.bestScore === null || level.played > 0, "bestScore", () => (level.bestScore = null));
  check(level.fastest === null || level.won > 0, "fastest", () => (level.fastest = null));
  const tiers = Object.values(level.tiers);
  const sum = (/** @type {"played" | "won"} */ field) => tiers.reduce((n, counts) => n + counts[field], 0);
  const tiersFit = tiers.every((counts) => counts.won <= counts.played) && sum("played") <= level.played && sum("won") <= level.won;
  check(tiersFit, "tiers", () => (level.tiers = emptyTiers()));
  const recentWon = level.recent.filter((game) => game.result === "won").length;
  check(level.recent.length <= level.played && recentWon <= level.won, "recent", () => (level.recent = []));
  const daysWon = Object.values(level.daily).filter((day) => day.won).length;
  check(daysWon <= level.won, "daily", () => (level.daily = {}));
}

const levelOf = (/** @type {Stats} */ stats, /** @type {number} */ cells) => stats.levels[String(cells)] || stats.levels["4"];

// A deal's record, moved to the most recent end; the oldest beyond MAX_DEALS are dropped.
/** @param {Stats} stats @param {string} code */
function dealOf(stats, code) {
  const deal = stats.deals[code] || { played: 0, best: null };
  delete stats.deals[code];
  stats.deals[code] = deal;
  const codes = Object.keys(stats.deals);
  for (const old of codes.slice(0, Math.max(0, codes.length - MAX_DEALS))) delete stats.deals[old];
  return deal;
}

/** @param {Stats} stats @param {View} view */
function begin(stats, view) {
  stats.current = { code: view.code || "", cells: view.cells, played: false, won: false, helped: false };
}

// A game ended (won, won with help, or left unwon): the charts' last games.
/** @param {Level} level @param {RecentGame["result"]} result @param {number | null} seconds @param {string | undefined} tier */
function remember(level, result, seconds, tier) {
  level.recent.push({ result, seconds, tier: tier || null });
  if (level.recent.length > RECENT) level.recent.splice(0, level.recent.length - RECENT);
}

// The game in progress ends: counted as played (with its tier) unless it was
// at its first move (a record of an earlier version). False when its level
// has counted MAX_GAMES games already: it is counted no further.
/** @param {Level} level @param {Current} cur */
function countPlayed(level, cur) {
  if (!cur.uncounted) return true;
  delete cur.uncounted;
  if (level.played >= MAX_GAMES) return false;
  level.played += 1;
  if (cur.tier) level.tiers[cur.tier].played += 1;
  return true;
}

// The game in progress is left behind: unwon after a move, it is a loss.
/** @param {Stats} stats */
function abandon(stats) {
  const cur = stats.current;
  if (cur && cur.played && !cur.won) {
    const level = levelOf(stats, cur.cells);
    countPlayed(level, cur);
    level.streak = 0;
    remember(level, "lost", null, cur.tier);
  }
  stats.current = null;
}

// The game in progress is won (`seconds` after its start): a win, or a win
// with help, with the bests and today's deal's day (the first win of a day
// stands). Never more wins than games played: a win counts only when its game
// does (not beyond MAX_GAMES).
/** @param {Stats} stats @param {View} view @param {number} seconds */
function win(stats, view, seconds) {
  const cur = /** @type {Current} */ (stats.current);
  const level = levelOf(stats, cur.cells);
  cur.won = true;
  if (!countPlayed(level, cur) || level.won + level.helped >= level.played) return;
  const day = cur.daily ? level.daily[cur.daily] : null;
  if (cur.helped) {
    level.helped += 1;
    level.streak = 0;
    remember(level, "helped", seconds, cur.tier);
    if (day && !day.won) day.helped = true;
    return;
  }
  level.won += 1;
  level.streak += 1;
  level.bestStreak = Math.max(level.bestStreak, level.streak);
  if (cur.tier) level.tiers[cur.tier].won += 1;
  if (level.fastest === null || seconds < level.fastest) level.fastest = seconds;
  if (level.bestScore === null || view.score > level.bestScore) level.bestScore = view.score;
  remember(level, "won", seconds, cur.tier);
  if (day && !day.won) Object.assign(day, { won: true, moves: view.moves, seconds }, cur.late ? { late: true } : {});
  if (cur.code) {
    const deal = dealOf(stats, cur.code);
    if (deal.best === null || view.moves < deal.best) deal.best = view.moves;
  }
}

// The game in progress as drawn now: played (a move made), won. True when that changed anything.
/** @param {Stats} stats @param {View} view @param {number} seconds */
function follow(stats, view, seconds) {
  const cur = /** @type {Current} */ (stats.current);
  let changed = false;
  if (view.moves > 0 && !cur.played) {
    cur.played = true;
    cur.uncounted = true;
    if (cur.code) {
      const deal = dealOf(stats, cur.code);
      deal.played = Math.min(MAX_GAMES, deal.played + 1);
    }
    changed = true;
  }
  if (view.won && !cur.won) {
    win(stats, view, seconds);
    changed = true;
  }
  return changed;
}

// After the statistics were replaced (reset, imported): the game in progress,
// played already, is in none of their counts.
/** @param {Stats} stats */
function uncount(stats) {
  const cur = stats.current;
  if (cur && cur.played && !cur.won) cur.uncounted = true;
}

// Apply one event to `stats`, changed in place; true when it changed anything
// (there is something to store), false when it left `stats` exactly as it was.
//   {type: "opened", view, seconds, today}   the board came up with this game
//                      (today: the date, UTC; the days the calendar no longer
//                      reaches are folded, daily-results.js)
//   {type: "shown", view, previous, reason, seconds}   a state was drawn (page "state" event)
//   {type: "helped"}   the solver showed the way in the game in progress
//   {type: "dealt", code, tier, date, par, today}   the deal just drawn, not yet
//                      played, is of this tier (or null); with a date, it is
//                      that day's deal (par: the moves of its par line, or
//                      null), played on its day or later (today)
//   {type: "reset"}    the player erased the statistics
//   {type: "imported", levels, dailyBefore, today}   the levels of a statistics
//                      file (readStatsFile) replace these; the game in progress is kept
//   {type: "won", view, seconds, helped}   a win a tab showed after another tab
//                      stored a newer game (lastingEvents): counted once, for the
//                      game in progress when it is that deal, else on its own
/** @param {Stats} stats @param {StatsEvent} event @returns {boolean} */
export function applyStatsEvent(stats, event) {
  if (!Object.hasOwn(ON, event.type)) throw new Error(`seahaven: no statistics event ${event.type}`);
  // Each event's own function (ON's type pairs them): TypeScript cannot follow the pair through a union.
  const apply = /** @type {(stats: Stats, event: StatsEvent) => boolean} */ (ON[event.type]);
  return apply(stats, event);
}

// What each event does to the statistics: true when it changed them.
/** @type {{[K in StatsEvent["type"]]: (stats: Stats, event: Extract<StatsEvent, {type: K}>) => boolean}} */
const ON = {
  opened(stats, event) {
    const { view } = event;
    const cur = stats.current;
    const folded = isDate(event.today) && foldDays(stats, event.today);
    if (!cur || cur.code !== view.code || cur.cells !== view.cells) {
      abandon(stats);
      begin(stats, view);
      follow(stats, view, event.seconds);
      return true;
    }
    return follow(stats, view, event.seconds) || folded;
  },
  shown(stats, event) {
    const { view, previous, reason } = event;
    let changed = false;
    if (reason === "deal") {
      // "Restart this deal" keeps the same game (its moves can be redone).
      const restart = previous && previous.code === view.code && view.moves === 0 && view.canRedo;
      if (!restart || !stats.current) {
        abandon(stats);
        begin(stats, view);
        changed = true;
      }
    }
    if (!stats.current) {
      begin(stats, view); // the statistics were cleared during this game
      changed = true;
    }
    return follow(stats, view, event.seconds) || changed;
  },
  helped(stats) {
    if (!stats.current || stats.current.won || stats.current.helped) return false;
    stats.current.helped = true;
    return true;
  },
  dealt(stats, event) {
    const cur = stats.current;
    if (!cur || cur.code !== event.code || cur.played) return false;
    const before = JSON.stringify(cur);
    if (event.tier !== null && TIERS.includes(event.tier)) cur.tier = event.tier;
    let changed = false;
    if (isDate(event.date)) {
      cur.daily = event.date;
      if (isDate(event.today) && event.date < event.today) cur.late = true;
      else delete cur.late;
      if (isDate(event.today)) changed = foldDays(stats, event.today);
      const days = levelOf(stats, cur.cells).daily;
      const day = days[event.date];
      if (!day || day.code !== cur.code) {
        // A day's code that is not the deal dealt for it was not this page's: the day starts again.
        const par = isCount(event.par, MAX_MOVES) ? event.par : null;
        days[event.date] = { code: cur.code, tier: cur.tier || null, par, won: false, helped: false, moves: null, seconds: null };
        changed = true;
      }
    }
    return changed || JSON.stringify(cur) !== before;
  },
  reset(stats) {
    stats.levels = emptyStats().levels;
    stats.deals = {};
    stats.dailyBefore = null;
    uncount(stats);
    const cur = stats.current;
    if (cur && cur.played && !cur.won && cur.code) dealOf(stats, cur.code).played = 1;
    return true;
  },
  imported(stats, event) {
    stats.levels = structuredClone(event.levels);
    stats.dailyBefore = event.dailyBefore ? { ...event.dailyBefore } : null;
    if (isDate(event.today)) foldDays(stats, event.today);
    uncount(stats);
    return true;
  },
  won(stats, event) {
    const { view } = event;
    const cur = stats.current;
    if (cur && cur.code === view.code && cur.cells === view.cells) {
      const helped = event.helped && !cur.won && !cur.helped;
      if (helped) cur.helped = true;
      return follow(stats, view, event.seconds) || helped;
    }
    // The other tab has moved on to another deal: this game is counted on its
    // own (played, as it may not have been stored yet, and won).
    stats.current = { code: view.code || "", cells: view.cells, played: false, won: false, helped: Boolean(event.helped) }; // as begin() keeps it
    follow(stats, view, event.seconds);
    stats.current = cur;
    return true;
  },
};

// The events that still count once the tab that recorded them is left behind
// by another (saving.js): a win it has shown to the player, as a "won" event,
// never lost to the race of two tabs. The rest is the other tab's to count.
/** @param {StatsEvent[]} events @returns {StatsEvent[]} */
export function lastingEvents(events) {
  const helped = events.some((event) => event.type === "helped");
  const shown = /** @type {Extract<StatsEvent, {type: "shown"}>[]} */ (events.filter((e) => e.type === "shown"));
  const wins = shown.filter((e) => e.view.won && !(e.previous && e.previous.won));
  return wins.map(({ view, seconds }) => ({ type: "won", view, seconds, helped }));
}

// What leaving the game `view` shows would count as: "lost" (played and not
// won), or null (not counted: no move yet, won, or statistics not kept here).
/** @param {Stats | null} stats @param {View} view @returns {"lost" | null} */
export function leaving(stats, view) {
  return inProgress(stats, view) ? "lost" : null;
}

// Whether `view` shows the game in progress, played (a move made) and not won:
// counted in no level's counts until it ends.
/** @param {Stats | null} stats @param {View} view */
export function inProgress(stats, view) {
  const cur = stats && stats.current;
  const same = cur && cur.code === (view.code || "") && cur.cells === view.cells;
  return Boolean(same && cur.played && !cur.won);
}
