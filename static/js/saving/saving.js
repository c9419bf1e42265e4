// The game in progress and the statistics, saved together and safely across
// the player's tabs. Every tab of the game shares one stored game
// (saved-game.js) and one statistics record (stats-rules.js):
// - The game record says which write it is (`rev`, `tab`). A tab writes only
//   over the record it last read or wrote. Once another tab has stored a
//   different game, this tab is "stale": it writes nothing more (the page
//   says so until the player chooses), so a tab left behind never overwrites
//   a newer game; only a win it has already shown is still counted
//   (lastingEvents: statistics are events). When the other tab stored the same game (its clock), or
//   the game this tab has just moved on from, this tab follows that record
//   silently.
// - Statistics change by events (applyStatsEvent), each applied at the time
//   of writing to the statistics stored then: what two tabs count adds up.
// - The events and the game they come with are stored together, both or
//   neither: when storage is full the statistics just written are put back,
//   the events wait, and the next flush tries again.
// - A record of a newer format is left as it is: the game, or the
//   statistics, go unsaved rather than replace it. A record that cannot be
//   read (bounds.js) is kept aside (store.keepAside), never wiped, and the
//   game starts without it.
// - A record that went missing (site data cleared, by the player or another
//   tab) is written again at the next flush, and a flush is "ok" only once
//   the game it wrote reads back.
// - A record is parsed and checked only when its stored text changed (another
//   tab wrote it): a move reads two strings and compares them with the last
//   ones, and writes the statistics only when its events changed them.
// - Storage that refuses a read or a write in passing ("refused") is tried
//   again at the next flush, and nothing read while it refuses is taken for
//   missing; only a refusal that repeats (REPEATS flushes over REPEATED_MS),
//   or storage denied outright, makes the status "denied". Flushes go on
//   meanwhile: storage that comes back is written to again.
// Pure apart from the store it is given (store.js), so it is tested without a browser.
import { GAME_KEY, MAX_RECORD_CHARS, VERSION as GAME_VERSION, gameRecord, readGameRecord, sameGame } from "./saved-game.js";
import { STATS_KEY, VERSION as STATS_VERSION, applyStatsEvent, lastingEvents, readStats } from "../stats/stats-rules.js";
import { Oversized, Unparsed, fromNewerVersion } from "./store.js";

/** @typedef {import("./bounds.js").Stored} Stored */
/** @typedef {import("../stats/stats-rules.js").Stats} Stats */
/** @typedef {import("../stats/stats-rules.js").StatsEvent} StatsEvent */
/**
 * The game in progress as the page has it (`current()`): the engine's save()
 * data, the seconds played, and what the next visit's early board draws.
 * @typedef {{game: import("#build/engine-api.js").SavedGame, elapsed: number, view?: import("#build/engine-api.js").View | null,
 *   ranks?: string[], labelEm?: number, stackedEm?: number, words?: Record<string, string>}} Playing
 */
/** The game to restore at start-up. @typedef {{game: Record<string, Stored>, elapsed: number, view?: import("./bounds.js").StoredView}} Saved */
/**
 * The stored game as read.
 * @typedef {{kind: "none" | "refused" | "unreadable" | "newer"} | {kind: "oversized", length: number}
 *   | {kind: "record", record: import("./saved-game.js").GameRecord}} Found
 */
/**
 * What the player is told about what open() found (save-notices.js).
 * @typedef {{kind: "oversized", length: number} | {kind: "unreadable-game" | "newer-game" | "newer-stats" | "unreadable-stats"}} Note
 */
/** The statistics as last read or written, and their text. @typedef {{text: string | null, stats: Stats, wrong: boolean}} StatsSeen */
/** @typedef {"ok" | "stale" | "full" | "refused" | "denied" | "unsaved"} Status */

/** @type {(...args: any[]) => void} */
const quiet = () => {};
/** @type {unique symbol} */
const REFUSED = Symbol("refused"); // what a read gives when storage refuses it: not "nothing stored"
const REPEATS = 3; // refused flushes in a row, over at least REPEATED_MS, that make storage "denied"
const REPEATED_MS = 10000;

// store: createStore(…); tab: this tab's id; current(): the game in progress
// now as {game (engine save()), elapsed (seconds), view (the last view drawn,
// or null), ranks (its rank letters), labelEm and stackedEm (their widest,
// board.labelEm and stackedEm),
// words (the toolbar's strings)},
// or null before there is one; onStatus(status) when the status changes:
//   "ok"      saving works
//   "stale"   another tab has stored a different game: nothing more is saved here
//   "full"    storage had no room for the last flush; the next one tries again
//   "refused" storage refused the last flush with another error; the next one tries again
//   "denied"  storage refuses to work here (a browser mode or setting, or a
//             refusal that repeats); flushes still try, and "ok" follows one that works
//   "unsaved" storage took the last flush without keeping it (it did not
//             read back); the next one tries again
// clock(): milliseconds, for how long refusals have repeated.
/**
 * @param {ReturnType<typeof import("./store.js").createStore>} store
 * @param {{tab: string, current: () => Playing | null, onStatus?: (status: Status) => void,
 *   warn?: (message: string) => void, clock?: () => number}} options
 */
export function createSaving(store, { tab, current, onStatus = quiet, warn = console.warn, clock = Date.now }) {
  const s = {
    store, tab, current, onStatus, warn, clock,
    known: null, // {rev, tab} of the stored game this tab last read or wrote, or null
    last: null, // {game, elapsed} last read or written: an unchanged game is not written again
    pending: [], // statistics events not stored yet
    status: "ok",
    notes: /** @type {Note[]} */ ([]),
    gameSeen: null, // {text, found}: the stored game as last read, and its text
    statsSeen: null, // {text, stats, wrong}: the statistics as last read or written, and their text
    merged: null, // {seen, events, count, stats}: statsSeen's statistics with the pending events (stats())
    newer: { game: false, stats: false }, // stored in a newer format: kept, not written
    refusals: 0, // flushes refused in a row
    refusedSince: 0, // when the first of them was
  };
  return {
    get status() {
      return s.status;
    },
    get newer() {
      return { ...s.newer };
    },
    // What open() found for the player to be told (below).
    get notes() {
      return s.notes;
    },
    // At start: the game to restore ({game, elapsed, view?} or null) and what the
    // player should be told: [{kind: "oversized", length} | {kind: "newer-game"} | {kind: "newer-stats"}].
    open: () => open(s),
    // The engine could not restore the stored game (it did not replay): keep
    // it aside before this tab's first write replaces it.
    keepAside() {
      if (storedGame(s).kind !== "none") store.keepAside(GAME_KEY);
    },
    // A statistics event (stats-rules.js), stored at the next flush.
    /** @param {StatsEvent} event */
    record(event) {
      if (s.newer.stats) return;
      if (s.status === "stale") s.pending.push(...lastingEvents([event]));
      else s.pending.push(event);
    },
    // Store what changed: the statistics' events, then the game; both or neither. Returns the status.
    flush: () => flush(s),
    // Another tab changed the storage (the page's "storage" event): follow the same game, or become stale.
    check() {
      if (s.status === "stale") return s.status;
      const found = storedGame(s);
      if (found.kind === "newer" && !s.newer.game) return become(s, "stale");
      if (found.kind === "record" && !isKnown(s, found.record)) return heard(s, found.record);
      return s.status;
    },
    // The code of the game stored now (what another tab plays), or null.
    storedCode() {
      const found = storedGame(s);
      return found.kind === "record" && typeof found.record.game.code === "string" ? found.record.game.code : null;
    },
    // The statistics as stored, with the events not stored yet; null when
    // they are of a newer format. Read only: the object is the saver's own.
    stats: () => mergedStats(s),
  };
}

/** @typedef {any} SavingState the saver's state (createSaving `s`) */

/** @param {SavingState} s @param {string} next */
function become(s, next) {
  if (next === "ok") s.refusals = 0;
  if (next === "stale" && s.status !== "stale") s.pending = lastingEvents(s.pending);
  if (next !== s.status) {
    s.status = next;
    s.onStatus(next);
  }
  return s.status;
}

// The stored game: {kind: "none" | "refused" | "unreadable" | "oversized" | "newer" | "record", record, length}.
function storedGame(s, say = quiet) {
  const text = s.store.text(GAME_KEY, { refused: REFUSED });
  if (text === REFUSED) return { kind: "refused" };
  if (s.gameSeen && text === s.gameSeen.text) return s.gameSeen.found;
  const found = readGame(s.store, say);
  if (found.kind !== "refused") s.gameSeen = { text, found };
  return found;
}

function readGame(store, say) {
  const data = store.read(GAME_KEY, { limit: MAX_RECORD_CHARS, refused: REFUSED });
  if (data === REFUSED) return { kind: "refused" };
  if (data === null) return { kind: "none" };
  if (data instanceof Oversized) return { kind: "oversized", length: data.length };
  if (data instanceof Unparsed) return { kind: "unreadable" };
  if (fromNewerVersion(data, GAME_VERSION)) return { kind: "newer" };
  const record = readGameRecord(data, say);
  return record ? { kind: "record", record } : { kind: "unreadable" };
}

const isKnown = (s, record) => s.known !== null && record.rev === s.known.rev && record.tab === s.known.tab;

// A record this tab did not write or read. Followed when it holds this tab's
// game, or the game this tab last read or wrote and has moved on from since
// (another tab stored its clock just before this tab's move: this tab's game
// is the newer one). Any other game makes this tab stale.
function heard(s, record) {
  const holds = (mine) => mine && sameGame(record.game, mine.game);
  if (holds(s.current()) || holds(s.last)) { // before the engine answers, `last` is the game it will restore
    s.known = { rev: record.rev, tab: record.tab };
    return s.status;
  }
  return become(s, "stale");
}

// Storage failed this flush (`why`: store.failure): "full" and a passing
// refusal are tried again; one that keeps repeating is taken as "denied".
function failed(s, why = s.store.failure) {
  if (why === "full") return become(s, "full");
  if (why === "denied") return become(s, "denied");
  if (!s.refusals++) s.refusedSince = s.clock();
  return become(s, s.refusals >= REPEATS && s.clock() - s.refusedSince >= REPEATED_MS ? "denied" : "refused");
}

// Left behind: the wins this tab has shown are still counted (the game is
// not written); kept for the next flush when storage refuses them.
function storeLasting(s) {
  const stored = s.pending.length && !s.newer.stats ? storedStats(s) : null;
  if (stored && stored !== REFUSED) {
    for (const event of s.pending) applyStatsEvent(stored.stats, event);
    if (writeStats(s, stored)) s.pending = [];
  }
  return s.status;
}

// The statistics' text as it was before this flush (null: none) stored again.
function putBack(s, text) {
  s.statsSeen = null;
  if (text === null) s.store.remove(STATS_KEY);
  else s.store.write(STATS_KEY, JSON.parse(text));
}

// The statistics as stored: {text, stats, wrong} (wrong: what could not be
// read, left at its default), null when they are of a newer format, REFUSED
// when storage refused to read them. Parsed only when their text changed;
// the object is kept, and a flush changes its statistics in place and
// writes them (writeStats).
function storedStats(s, say = quiet) {
  const text = s.store.text(STATS_KEY, { refused: REFUSED });
  if (text === REFUSED) return REFUSED;
  if (s.statsSeen && text === s.statsSeen.text) return s.statsSeen;
  s.statsSeen = null;
  const data = s.store.read(STATS_KEY, { refused: REFUSED });
  if (data === REFUSED) return REFUSED;
  if (fromNewerVersion(data, STATS_VERSION)) {
    s.newer.stats = true;
    return null;
  }
  let wrong = false;
  const stats = readStats(data, (warning) => {
    wrong = true;
    say(warning);
  });
  s.statsSeen = { text, stats, wrong };
  return s.statsSeen;
}

// Store `stored`'s statistics (changed in place); false when storage refused them.
function writeStats(s, stored) {
  if (!s.store.write(STATS_KEY, stored.stats)) {
    s.statsSeen = null; // changed, and not stored: read again
    return false;
  }
  Object.assign(stored, { text: s.store.text(STATS_KEY), wrong: false });
  return true;
}

// Whether the game this tab just wrote is what storage now holds.
function readsBack(s, rev) {
  const found = storedGame(s);
  return found.kind === "record" && found.record.rev === rev && found.record.tab === s.tab;
}

function open(s) {
  const { store, warn } = s;
  const found = storedGame(s, warn);
  s.notes = [];
  let saved = null;
  if (found.kind === "record") {
    const { game, elapsed, rev, tab: writer, view } = found.record;
    saved = view ? { game, elapsed, view } : { game, elapsed };
    s.known = { rev, tab: writer };
    s.last = saved;
  } else if (found.kind === "oversized" || found.kind === "unreadable") {
    store.keepAside(GAME_KEY);
    s.notes.push(found.kind === "oversized" ? { kind: "oversized", length: found.length } : { kind: "unreadable-game" });
  } else if (found.kind === "newer") {
    warn("seahaven: the saved game is of a newer version of the format: kept as it is, and not saved over");
    s.newer.game = true;
    s.notes.push({ kind: "newer-game" });
  }
  const stats = storedStats(s, warn); // says once what is unreadable; the rest is read again at each write
  if (!stats) {
    warn("seahaven: the statistics are of a newer version of the format: kept as they are, and not counted");
    s.notes.push({ kind: "newer-stats" });
  } else if (stats !== REFUSED && stats.wrong) {
    store.keepAside(STATS_KEY);
    s.notes.push({ kind: "unreadable-stats" });
  }
  if (store.failure) failed(s);
  return { saved, notes: s.notes };
}

// The statistics' events stored: {ok: false} when storage refused them, else
// {before}: their text before this flush when it changed them (undefined if not).
function flushStats(s) {
  if (!s.pending.length || s.newer.stats) return { ok: true, before: undefined };
  const stored = storedStats(s);
  if (stored === REFUSED) return { ok: false };
  if (!stored) return { ok: true, before: undefined };
  if (stored.wrong) s.store.keepAside(STATS_KEY);
  let changed = stored.text === null || stored.wrong;
  for (const event of s.pending) changed = applyStatsEvent(stored.stats, event) || changed;
  if (!changed) return { ok: true, before: undefined };
  const before = stored.text;
  return writeStats(s, stored) ? { ok: true, before } : { ok: false };
}

function flush(s) {
  const { store } = s;
  if (s.status === "stale") return storeLasting(s);
  const found = storedGame(s);
  if (found.kind === "refused") return failed(s);
  if (found.kind === "newer" && !s.newer.game) {
    become(s, "stale"); // a newer version's tab took the game on
    return storeLasting(s);
  }
  if (found.kind === "record" && !isKnown(s, found.record) && heard(s, found.record) === "stale") return storeLasting(s);
  if (found.kind === "unreadable" || found.kind === "oversized") store.keepAside(GAME_KEY); // another page wrote it
  const now = s.current();
  const missing = found.kind !== "record"; // cleared (site data, another tab) or set aside: written again
  const changed = now && !s.newer.game && (missing || !(s.last && sameGame(s.last.game, now.game) && s.last.elapsed === now.elapsed));
  // Statistics cleared meanwhile are begun again with the game in progress.
  if (now && now.view && !s.pending.length && !s.newer.stats && store.text(STATS_KEY, { refused: REFUSED }) === null) {
    s.pending.push({ type: "opened", view: now.view, seconds: now.elapsed });
  }
  const statsDone = flushStats(s);
  if (!statsDone.ok) return failed(s);
  const before = statsDone.before; // the statistics' text as it was, when this flush changed them
  if (changed) {
    const rev = (s.known ? s.known.rev : 0) + 1;
    if (!store.write(GAME_KEY, gameRecord(now.game, now.elapsed, { rev, tab: s.tab, view: now.view, ranks: now.ranks, labelEm: now.labelEm, stackedEm: now.stackedEm, words: now.words }))) {
      const why = store.failure; // (putting the statistics back clears it)
      if (before !== undefined) putBack(s, before);
      return failed(s, why);
    }
    if (!readsBack(s, rev)) {
      s.warn("seahaven: the game was written but does not read back: not saved");
      if (before !== undefined) putBack(s, before);
      return become(s, "unsaved");
    }
    s.known = { rev, tab: s.tab };
    s.last = now;
  }
  s.pending = [];
  return become(s, "ok");
}

function mergedStats(s) {
  const stored = s.newer.stats ? null : storedStats(s);
  if (!stored) return null;
  if (stored === REFUSED) {
    const own = readStats(null); // unreadable now: this tab's own events
    for (const event of s.pending) applyStatsEvent(own, event);
    return own;
  }
  if (!s.pending.length) return stored.stats;
  const merged = s.merged;
  const fresh = merged && merged.seen === stored && merged.text === stored.text && merged.events === s.pending;
  if (!fresh || merged.count !== s.pending.length) {
    const stats = structuredClone(stored.stats);
    for (const event of s.pending) applyStatsEvent(stats, event);
    s.merged = { seen: stored, text: stored.text, events: s.pending, count: s.pending.length, stats };
  }
  return s.merged.stats;
}

/** @typedef {ReturnType<typeof createSaving>} Saver */
