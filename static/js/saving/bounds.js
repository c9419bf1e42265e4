// The bounds every stored record is read within, taken from the rules
// (design §1, §5): 52 known cards, ten columns, one to four cells, four
// foundations, no more moves than a game holds. Storage is shared by every
// page of the origin (on GitHub Pages every project site of a user), so a
// record may be anything: the early board (early-board.js), the saver
// (saving.js, through saved-game.js), the statistics and their importer
// (stats-rules.js, stats-file.js) all read through these checks before a
// value is used. They check a record's shape and sizes, never a rule: the
// engine replays and judges the game itself. Pure, so it is tested without a browser.
import { CELLS, CELL_COUNTS, COLUMNS, FOUNDATIONS, MAX_MOVES, MOST_POINTS, RANKS, SUITS, placeKind } from "#build/facts.js";
import { MAX_SECONDS } from "../clock.js";

export const MAX_SCORE = MOST_POINTS * MAX_MOVES; // each move scores at most MOST_POINTS (design §4)
export const MAX_CODE_CHARS = 64; // a deal code is 14; room for a later format
export const CARDS = new Set(Array.from(SUITS, (suit) => Array.from(RANKS, (rank) => rank + suit)).flat());

/**
 * A value as read from storage or a file: anything JSON holds, until these
 * checks say what it is.
 * @typedef {any} Stored
 */

/** @param {Stored} x @returns {x is Record<string, Stored>} */
export const isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);
/** @param {Stored} x @param {number} [most] @returns {x is number} */
export const isCount = (x, most = Number.MAX_SAFE_INTEGER) => Number.isSafeInteger(x) && x >= 0 && x <= most;
/** @param {Stored} x @returns {x is number} */
export const isSeconds = (x) => isCount(x, MAX_SECONDS);
/** @param {Stored} x @returns {x is string} */
export const isCode = (x) => typeof x === "string" && x.length <= MAX_CODE_CHARS;
/** @param {Stored} x @returns {x is number} */
export const isCells = (x) => CELL_COUNTS.includes(x);

// The places of a game with `cells` cells, in the notation's order: t1…t10, c1…, f1…f4.
/** @param {number} cells */
export function placeNames(cells) {
  return [...COLUMNS, ...CELLS.slice(0, cells), ...FOUNDATIONS];
}

// How many cards a place may hold: a cell one, a foundation a suit, a column any.
/** @type {Record<string, number>} */
const ROOM = { cell: 1, foundation: RANKS.length, column: CARDS.size };
const room = (/** @type {string} */ name) => {
  const kind = placeKind(name);
  return kind === null ? 0 : ROOM[kind];
};

// Why a stored view cannot be drawn, or null when it can: its code, cell
// count, score and moves within bounds, and exactly the places of its cells,
// which hold the 52 cards once each.
/** @param {Stored} view @returns {string | null} */
export function viewProblem(view) {
  if (!isObject(view)) return "not a view";
  if (!isCode(view.code)) return "its code";
  if (!isCells(view.cells)) return "its cells";
  if (!isCount(view.score, MAX_SCORE) || !isCount(view.moves, MAX_MOVES)) return "its score or moves";
  const places = view.places;
  const names = placeNames(view.cells);
  if (!isObject(places) || Object.keys(places).length !== names.length) return "its places";
  const seen = new Set();
  for (const name of names) {
    const cards = Object.hasOwn(places, name) ? places[name] : null;
    if (!Array.isArray(cards) || cards.length > room(name)) return `place ${name}`;
    for (const card of cards) {
      if (!CARDS.has(card) || seen.has(card)) return `place ${name}`;
      seen.add(card);
    }
  }
  return seen.size === CARDS.size ? null : "not 52 cards";
}

// The drawn part of a view that is within bounds (a copy: nothing else of a
// stored value is used), or null; with how many cards each place lets go
// (`lift`, for a drag on the early board: none where the record says no count
// within the place's cards).
/**
 * The part of a view a board is drawn from, as a save keeps it.
 * @typedef {Pick<import("#build/engine-api.js").View, "code" | "cells" | "score" | "moves" | "places" | "lift">} StoredView
 */
/** @param {Stored} view @returns {StoredView | null} */
export function readView(view) {
  if (viewProblem(view) !== null) return null;
  const { code, cells, score, moves } = view;
  const names = placeNames(cells);
  const places = Object.fromEntries(names.map((name) => [name, [...view.places[name]]]));
  const stored = isObject(view.lift) ? view.lift : {};
  const lifts = (/** @type {string} */ name) => (Object.hasOwn(stored, name) && isCount(stored[name], places[name].length) ? stored[name] : 0);
  const lift = Object.fromEntries(names.map((name) => [name, lifts(name)]));
  return { code, cells, score, moves, places, lift };
}
