// Statistics per difficulty (4, 2 or 1 cells) as stored (key "seahaven.stats"),
// and the rules that update them, written as events applied to a statistics
// object. A game counts as played at its first move; a win counts once; a game
// left unwon after a move (new game, another deal) is a loss and ends the
// streak. A game the solver helped with that is then won counts as "won with
// help": not a win, so it ends the streak too. Pure, so it is tested without a
// browser.
import { MAX_SECONDS } from "./clock.js";

export const STATS_KEY = "seahaven.stats";
export const LEVELS = ["4", "2", "1"];
export const VERSION = 1;
const COUNTERS = ["played", "won", "helped", "streak", "bestStreak"];
const isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);
const isCount = (x) => Number.isSafeInteger(x) && x >= 0;
// The bests, null until there is one, each with what a stored value may be.
const BESTS = { bestScore: isCount, fastest: (x) => isCount(x) && x <= MAX_SECONDS };

function emptyLevel() {
  return { played: 0, won: 0, helped: 0, streak: 0, bestStreak: 0, bestScore: null, fastest: null };
}

export function emptyStats() {
  return { v: VERSION, levels: Object.fromEntries(LEVELS.map((k) => [k, emptyLevel()])), current: null };
}

// Statistics from a stored value (null: none), field by field: a wrong field
// falls back to its default (with a warning), the rest is kept.
export function readStats(data, warn = console.warn) {
  const stats = emptyStats();
  if (data === null || data === undefined) return stats;
  if (!isObject(data) || data.v !== VERSION) {
    warn(`seahaven: ignoring saved statistics: not version ${VERSION} of the format`);
    return stats;
  }
  const wrong = [];
  for (const level of LEVELS) {
    const saved = isObject(data.levels) ? data.levels[level] : undefined;
    if (saved === undefined) continue;
    if (!isObject(saved)) {
      wrong.push(level);
      continue;
    }
    for (const name of COUNTERS) {
      if (isCount(saved[name])) stats.levels[level][name] = saved[name];
      else if (saved[name] !== undefined) wrong.push(`${level}.${name}`);
    }
    for (const [name, readable] of Object.entries(BESTS)) {
      if (readable(saved[name]) || saved[name] === null) stats.levels[level][name] = saved[name];
      else if (saved[name] !== undefined) wrong.push(`${level}.${name}`);
    }
  }
  const cur = data.current;
  if (
    isObject(cur) &&
    typeof cur.code === "string" &&
    LEVELS.includes(String(cur.cells)) &&
    ["played", "won", "helped"].every((k) => typeof cur[k] === "boolean")
  ) {
    stats.current = { code: cur.code, cells: cur.cells, played: cur.played, won: cur.won, helped: cur.helped };
  } else if (cur !== null && cur !== undefined) {
    wrong.push("current");
  }
  if (wrong.length) warn(`seahaven: ignoring unreadable statistics: ${wrong.join(", ")}`);
  return stats;
}

const levelOf = (stats, cells) => stats.levels[String(cells)] || stats.levels["4"];

function begin(stats, view) {
  stats.current = { code: view.code || "", cells: view.cells, played: false, won: false, helped: false };
}

// The game in progress is left behind: unwon after a move, it is a loss.
function abandon(stats) {
  const cur = stats.current;
  if (cur && cur.played && !cur.won) levelOf(stats, cur.cells).streak = 0;
  stats.current = null;
}

// The game in progress as drawn now: played, best score, won.
function follow(stats, view, seconds) {
  const cur = stats.current;
  const level = levelOf(stats, cur.cells);
  if (view.moves > 0 && !cur.played) {
    cur.played = true;
    level.played += 1;
  }
  if (!cur.helped && cur.played && (level.bestScore === null || view.score > level.bestScore)) {
    level.bestScore = view.score;
  }
  if (view.won && !cur.won) {
    cur.won = true;
    if (cur.helped) {
      level.helped += 1;
      level.streak = 0;
    } else {
      level.won += 1;
      level.streak += 1;
      level.bestStreak = Math.max(level.bestStreak, level.streak);
      if (level.fastest === null || seconds < level.fastest) level.fastest = seconds;
    }
  }
}

// Apply one event to `stats` (changed in place); true when there is something to store.
//   {type: "opened", view, seconds}   the board came up with this game
//   {type: "shown", view, previous, reason, seconds}   a state was drawn (page "state" event)
//   {type: "helped"}   the solver showed the way in the game in progress
//   {type: "reset"}    the player erased the statistics
export function applyStatsEvent(stats, event) {
  switch (event.type) {
    case "opened": {
      const { view } = event;
      const cur = stats.current;
      if (!cur || cur.code !== view.code || cur.cells !== view.cells) {
        abandon(stats);
        begin(stats, view);
      }
      follow(stats, view, event.seconds);
      return true;
    }
    case "shown": {
      const { view, previous, reason } = event;
      if (reason === "deal") {
        // "Restart this deal" keeps the same game (its moves can be redone).
        const restart = previous && previous.code === view.code && view.moves === 0 && view.canRedo;
        if (!restart || !stats.current) {
          abandon(stats);
          begin(stats, view);
        }
      }
      follow(stats, view, event.seconds);
      return true;
    }
    case "helped":
      if (!stats.current || stats.current.won) return false;
      stats.current.helped = true;
      return true;
    case "reset": {
      stats.levels = emptyStats().levels;
      const cur = stats.current;
      if (cur && cur.played && !cur.won) levelOf(stats, cur.cells).played = 1;
      return true;
    }
    default:
      throw new Error(`seahaven: no statistics event ${event.type}`);
  }
}
