// Statistics per difficulty (4, 2 or 1 cells) as stored (key "seahaven.stats"),
// and the rules that update them, written as events applied to a statistics
// object. A game counts as played at its first move; a win counts once; a game
// left unwon after a move (new game, another deal) is a loss and ends the
// streak. A game the solver helped with that is then won counts as "won with
// help": not a win, so it ends the streak too. Per deal (`deals`, the
// MAX_DEALS most recently played): how often it was played and the fewest
// moves of a win without help, so a deal played again can be compared. Pure,
// so it is tested without a browser.
export const STATS_KEY = "seahaven.stats";
export const LEVELS = ["4", "2", "1"];
const VERSION = 1;
const COUNTERS = ["played", "won", "helped", "streak", "bestStreak"];
const BESTS = ["bestScore", "fastest"]; // null until there is one
export const MAX_DEALS = 200;

const isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);
const isCount = (x) => Number.isSafeInteger(x) && x >= 0;

function emptyLevel() {
  return { played: 0, won: 0, helped: 0, streak: 0, bestStreak: 0, bestScore: null, fastest: null };
}

export function emptyStats() {
  return { v: VERSION, levels: Object.fromEntries(LEVELS.map((k) => [k, emptyLevel()])), current: null, deals: {} };
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
    for (const name of BESTS) {
      if (isCount(saved[name]) || saved[name] === null) stats.levels[level][name] = saved[name];
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
  if (isObject(data.deals)) {
    for (const [code, deal] of Object.entries(data.deals)) {
      if (isObject(deal) && isCount(deal.played) && (deal.best === null || isCount(deal.best))) {
        stats.deals[code] = { played: deal.played, best: deal.best };
      } else wrong.push(`deals.${code}`);
    }
  } else if (data.deals !== undefined) {
    wrong.push("deals");
  }
  if (wrong.length) warn(`seahaven: ignoring unreadable statistics: ${wrong.join(", ")}`);
  return stats;
}

const levelOf = (stats, cells) => stats.levels[String(cells)] || stats.levels["4"];

// A deal's record, moved to the most recent end; the oldest beyond MAX_DEALS are dropped.
function dealOf(stats, code) {
  const deal = stats.deals[code] || { played: 0, best: null };
  delete stats.deals[code];
  stats.deals[code] = deal;
  const codes = Object.keys(stats.deals);
  for (const old of codes.slice(0, Math.max(0, codes.length - MAX_DEALS))) delete stats.deals[old];
  return deal;
}

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
    if (cur.code) dealOf(stats, cur.code).played += 1;
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
      if (cur.code) {
        const deal = dealOf(stats, cur.code);
        if (deal.best === null || view.moves < deal.best) deal.best = view.moves;
      }
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
      stats.deals = {};
      const cur = stats.current;
      if (cur && cur.played && !cur.won) levelOf(stats, cur.cells).played = 1;
      return true;
    }
    default:
      throw new Error(`seahaven: no statistics event ${event.type}`);
  }
}
