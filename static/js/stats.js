// Statistics per difficulty (4, 2 or 1 cells), kept in localStorage, and the
// Statistics dialog. A game counts as played at its first move; a win counts
// once; a game left unwon after a move (new game, another deal) is a loss and
// ends the streak. A game the solver helped with (markHelped) that is then
// won counts as "won with help": not a win, so it ends the streak too.
import { hub } from "./hub.js";
import { language, t } from "./i18n.js";
import { readStored, writeStored } from "./storage.js";

const KEY = "seahaven.stats";
const VERSION = 1;
const LEVELS = ["4", "2", "1"];
const COUNTERS = ["played", "won", "helped", "streak", "bestStreak"];
const BESTS = ["bestScore", "fastest"]; // null until there is one

const isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);
const isCount = (x) => Number.isSafeInteger(x) && x >= 0;

function emptyLevel() {
  return { played: 0, won: 0, helped: 0, streak: 0, bestStreak: 0, bestScore: null, fastest: null };
}

function emptyStats() {
  return { v: VERSION, levels: Object.fromEntries(LEVELS.map((k) => [k, emptyLevel()])), current: null };
}

// Saved data, field by field: a wrong field falls back to its default (with a
// warning), the rest is kept.
function sanitize(data) {
  const stats = emptyStats();
  if (data === null) return stats;
  if (!isObject(data) || data.v !== VERSION) {
    console.warn(`seahaven: ignoring saved statistics: not version ${VERSION} of the format`);
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
  if (wrong.length) console.warn(`seahaven: ignoring unreadable statistics: ${wrong.join(", ")}`);
  return stats;
}

const stats = sanitize(readStored(KEY));
let started = false;

function store() {
  writeStored(KEY, stats);
}

const levelOf = (cells) => stats.levels[String(cells)] || stats.levels["4"];

function begin(view) {
  stats.current = { code: view.code || "", cells: view.cells, played: false, won: false, helped: false };
}

// The game in progress is left behind: unwon after a move, it is a loss.
function abandon() {
  const cur = stats.current;
  if (cur && cur.played && !cur.won) levelOf(cur.cells).streak = 0;
  stats.current = null;
}

function follow(view, clockSeconds) {
  const cur = stats.current;
  const level = levelOf(cur.cells);
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
      if (level.fastest === null || clockSeconds < level.fastest) level.fastest = clockSeconds;
    }
  }
}

hub.addEventListener("ready", () => {
  started = true;
  const view = hub.view;
  if (!stats.current || stats.current.code !== view.code || stats.current.cells !== view.cells) {
    abandon();
    begin(view);
  }
  follow(view, hub.clock.seconds());
  store();
});

hub.addEventListener("state", (e) => {
  if (!started) return;
  const { view, previous, reason } = e.detail;
  if (reason === "deal") {
    // "Restart this deal" keeps the same game (its moves can be redone).
    const restart = previous && previous.code === view.code && view.moves === 0 && view.canRedo;
    if (!restart || !stats.current) {
      abandon();
      begin(view);
    }
  }
  follow(view, hub.clock.seconds());
  store();
});

// The solver showed the way: a win of this game counts as won with help.
export function markHelped() {
  if (!stats.current || stats.current.won) return;
  stats.current.helped = true;
  store();
}

export function resetStats() {
  const fresh = emptyStats();
  stats.levels = fresh.levels;
  const cur = stats.current;
  if (cur && cur.played && !cur.won) levelOf(cur.cells).played = 1;
  store();
  render();
}

// A copy, for tests and for other modules.
export function statistics() {
  return JSON.parse(JSON.stringify(stats));
}

hub.markHelped = markHelped;

// -- the dialog ----------------------------------------------------------------

const dialog = document.querySelector("#stats-dialog");

function formatTime(seconds) {
  const m = Math.floor(seconds / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function cellsOf(level, field) {
  const none = t("stats.none");
  switch (field) {
    case "winRate":
      return level.played
        ? (level.won / level.played).toLocaleString(language, { style: "percent", maximumFractionDigits: 0 })
        : none;
    case "bestScore":
      return level.bestScore === null ? none : level.bestScore.toLocaleString(language);
    case "fastest":
      return level.fastest === null ? none : formatTime(level.fastest);
    default:
      return level[field].toLocaleString(language);
  }
}

const ROWS = [
  ["played", "stats.played"],
  ["won", "stats.won"],
  ["winRate", "stats.winRate"],
  ["streak", "stats.streak"],
  ["bestStreak", "stats.bestStreak"],
  ["bestScore", "stats.bestScore"],
  ["fastest", "stats.fastest"],
  ["helped", "stats.wonWithHelp"],
];

function render() {
  if (!dialog) return;
  const body = dialog.querySelector("tbody");
  body.replaceChildren();
  for (const [field, key] of ROWS) {
    const row = document.createElement("tr");
    row.dataset.stat = field;
    const head = document.createElement("th");
    head.scope = "row";
    head.textContent = t(key);
    row.append(head);
    for (const level of LEVELS) {
      const cell = document.createElement("td");
      cell.dataset.cells = level;
      cell.textContent = cellsOf(stats.levels[level], field);
      row.append(cell);
    }
    body.append(row);
  }
}

function confirming(on) {
  dialog.querySelector(".stats-confirm").hidden = !on;
  dialog.querySelector("[data-testid=stats-reset]").hidden = on;
}

if (dialog) {
  document.querySelector("[data-testid=stats]").addEventListener("click", () => {
    render();
    confirming(false);
    if (hub.openDialog) hub.openDialog("#stats-dialog");
    else dialog.showModal();
  });
  dialog.querySelector("[data-testid=stats-reset]").addEventListener("click", () => {
    confirming(true);
    dialog.querySelector("[data-testid=stats-reset-no]").focus();
  });
  dialog.querySelector("[data-testid=stats-reset-no]").addEventListener("click", () => confirming(false));
  dialog.querySelector("[data-testid=stats-reset-yes]").addEventListener("click", () => {
    resetStats();
    confirming(false);
  });
}
