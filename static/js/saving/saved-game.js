// The game in progress as stored (key "seahaven.game"): a versioned record of
// the engine's save() data, the clock's seconds, which write of the game it
// is (`rev`, counted up at every write, and `tab`, the id of the tab that
// wrote it: saving.js writes only over the revision it knows) and the last
// view the controller sent with the rank letters it was drawn with (drawn on
// the next visit before anything else has loaded: early-board.js; never
// trusted as the game). Reading checks the record within the bounds of
// bounds.js (the view's places and cards, every size); the engine replays and
// validates the game itself (web/controller.py first_game). Pure, so it is
// tested without a browser.
import { RANKS } from "#build/facts.js";
import { isObject, readView, viewProblem } from "./bounds.js";
import { MAX_SECONDS } from "../clock.js";

/** @typedef {import("./bounds.js").Stored} Stored */
/**
 * The early board's part of a record: the view drawn, its rank letters, their
 * widths beside and stacked over the suit, and the toolbar's words.
 * @typedef {{view?: import("./bounds.js").StoredView, ranks?: string[], labelEm?: number, stackedEm?: number,
 *   words?: Record<string, string>}} EarlyParts
 */
/**
 * A record of the game in progress, as read: the engine's save() data, the
 * seconds played, the write it is (rev, tab), and the early board's parts.
 * @typedef {{game: Record<string, Stored>, elapsed: number, rev: number, tab: string} & EarlyParts} GameRecord
 */

export const GAME_KEY = "seahaven.game";
export const VERSION = 1;
// The longest record read: a game holds at most 10,000 moves (the engine's
// MAX_MOVES), about 120,000 characters. Anything longer is not a game this
// page wrote, and handing it to MicroPython would exhaust its memory.
export const MAX_RECORD_CHARS = 200000;

// The record to store for the engine's save() data, the seconds played, the
// write it is, the view drawn, its rank letters (i18n rankLetters), how
// wide the widest of them is, beside its suit and stacked over it (the board's
// labelEm and stackedEm, so the early board need not measure them again) and
// the toolbar's words in the same language (i18n staticStrings, so the early
// board labels and fits the toolbar as the page will).
/**
 * @param {import("#build/engine-api.js").SavedGame} save
 * @param {number} elapsed
 * @param {{rev?: number, tab?: string, view?: import("./bounds.js").StoredView | null, ranks?: string[] | null,
 *   labelEm?: number | null, stackedEm?: number | null, words?: Record<string, string> | null}} [parts]
 */
export function gameRecord(save, elapsed, { rev = 0, tab = "", view = null, ranks = null, labelEm = null, stackedEm = null, words = null } = {}) {
  /** @type {{v: number, game: import("#build/engine-api.js").SavedGame, elapsed: number, rev: number, tab: string} & EarlyParts} */
  const record = { v: VERSION, game: save, elapsed, rev, tab };
  if (view) record.view = view;
  if (view && ranks) record.ranks = ranks;
  if (view && ranks && labelEm) record.labelEm = labelEm;
  if (view && ranks && stackedEm) record.stackedEm = stackedEm;
  if (view && ranks && words) record.words = words;
  return record;
}

// Thirteen short labels, ace to king.
const isRanks = (/** @type {Stored} */ ranks) => Array.isArray(ranks) && ranks.length === RANKS.length && ranks.every((/** @type {Stored} */ r) => typeof r === "string" && r.length <= 3);

// A label's width in em of its font: "10♦" is about two.
const isLabelEm = (/** @type {Stored} */ em) => Number.isFinite(em) && em > 0.5 && em < 5;

// A few dozen strings by key ("toolbar.new": "Nouvelle").
const isWords = (/** @type {Stored} */ words) =>
  isObject(words) &&
  Object.keys(words).length <= 64 &&
  Object.entries(words).every(([key, text]) => /^[\w.]{1,64}$/.test(key) && typeof text === "string" && text.length <= 200);

// {game, elapsed, rev, tab, view, ranks, labelEm, stackedEm, words} from a stored value (no view
// when there is none within bounds (said with a warning), no ranks without a view or when not 13 labels,
// no labelEm, stackedEm or words without ranks or when not a label's width or a few
// strings by key), or null (with a warning) when it is not a record of this version.
/** @param {Stored} data @param {(message: string) => void} [warn] @returns {GameRecord | null} */
export function readGameRecord(data, warn = console.warn) {
  if (data === null || data === undefined) return null;
  if (!isObject(data) || data.v !== VERSION) {
    warn(`seahaven: ignoring the saved game: not version ${VERSION} of the format`);
    return null;
  }
  if (!isObject(data.game)) {
    warn("seahaven: ignoring the saved game: no game in it");
    return null;
  }
  let elapsed = data.elapsed;
  if (!Number.isFinite(elapsed) || elapsed < 0 || elapsed > MAX_SECONDS) {
    warn("seahaven: ignoring the saved game's time: not a number of seconds a game takes");
    elapsed = 0;
  }
  const rev = Number.isSafeInteger(data.rev) && data.rev >= 0 ? data.rev : 0;
  const tab = typeof data.tab === "string" && data.tab.length <= 64 ? data.tab : "";
  /** @type {GameRecord} */
  const record = { game: data.game, elapsed, rev, tab };
  const view = readView(data.view);
  if (data.view != null && !view) warn(`seahaven: not drawing the saved view early: ${viewProblem(data.view)} is out of bounds`);
  if (view) {
    record.view = view;
    if (isRanks(data.ranks)) record.ranks = data.ranks;
    if (record.ranks && isLabelEm(data.labelEm)) record.labelEm = data.labelEm;
    if (record.ranks && isLabelEm(data.stackedEm)) record.stackedEm = data.stackedEm;
    if (record.ranks && isWords(data.words)) record.words = data.words;
  }
  return record;
}

const sameList = (/** @type {Stored} */ a, /** @type {Stored} */ b) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((/** @type {Stored} */ x, /** @type {number} */ i) => x === b[i]);

// Whether two save() records are the same game: deal, moves and redo list.
/** @param {Stored} a @param {Stored} b */
export function sameGame(a, b) {
  return (
    isObject(a) &&
    isObject(b) &&
    a.code === b.code &&
    a.start === b.start &&
    sameList(a.moves, b.moves) &&
    sameList(a.undone, b.undone)
  );
}
