// The page's first paint shows a dealt board. A return visit: the player's
// saved board; a first visit: a new deal whose view the build computed with
// the engine (tools/generate.py first_deals), which the engine then opens
// (its hand-over names it, and body[data-dealt]; handshake.js startup). The
// build inlines this script into index.html right after the board's markup,
// so it runs before any other script has loaded: it draws the last view the
// controller sent, kept with the saved game (storage.js), with the rank
// letters it was drawn with, and, in the same frame, the toolbar's numbers,
// in its words, fitted to the row as the page will fit it (toolbar-fit.js,
// showToolbar). It only draws: no rule runs here, input on it is kept until
// the engine plays it (keepInput, board/early-input.js), and the page's board
// (create-page.js) adopts these elements, so the engine's first view replaces
// this one in place and nothing moves when they agree. Not when the URL names
// another deal, and never at the cost of the page: anything unexpected and
// the page starts as it would without it.
import { afterPaint } from "../after-paint.js";
import { find } from "../find.js";
import { Board } from "../board/board.js";
import { claimTouchMoves } from "../board/touch-moves.js";
import { applyStatic, staticKeys, useSavedStrings } from "../i18n.js";
import { GAME_KEY, MAX_RECORD_CHARS, readGameRecord } from "../saving/saved-game.js";
import { opensSaved } from "../saving/saved-view.js";
import { SETTINGS_KEY, pickLanguage, readSettings } from "../settings/settings.js";
import { showNumbers } from "../toolbar/toolbar.js";
import { createFit } from "../toolbar/toolbar-fit.js";

/**
 * What the early board draws: a saved game's record, or a first visit's new deal.
 * @typedef {import("../saving/saved-game.js").EarlyParts & {view: import("../saving/bounds.js").StoredView,
 *   ranks: string[], elapsed: number, dealt?: string}} Drawing
 */

function savedRecord() {
  const text = localStorage.getItem(GAME_KEY);
  if (!text || text.length > MAX_RECORD_CHARS) return null;
  return readGameRecord(JSON.parse(text), () => {});
}

// A first visit (no game saved, no deal in the URL, four cells): one of the
// build's new deals, with the rank letters of the language the page will speak.
/** @returns {Drawing | null} */
function newDeal() {
  if (localStorage.getItem(GAME_KEY) !== null || location.hash.length > 1) return null;
  const settings = readSettings(JSON.parse(localStorage.getItem(SETTINGS_KEY) || "null"), () => {});
  const data = JSON.parse(find(document, "#first-deals", HTMLScriptElement).text);
  if (settings.cells !== 4 || !data.deals.length) return null;
  const asked = new URLSearchParams(location.search).get("lang");
  const language = pickLanguage([asked, settings.language, ...(navigator.languages || [navigator.language])]) || "en";
  const deal = data.deals[Math.floor(Math.random() * data.deals.length)];
  document.body.dataset.dealt = deal.code; // a hook for the tests; the page reads its hand-over
  return { view: deal.view, ranks: data.ranks[language] || data.ranks.en, elapsed: 0, dealt: deal.code };
}

function draw() {
  const saved = savedRecord();
  const first = saved ? null : newDeal();
  if (first) return drawView(first, "first-board-painted");
  if (!saved || !saved.view || !saved.ranks || !opensSaved(saved.view)) return;
  drawView({ ...saved, view: saved.view, ranks: saved.ranks }, "saved-board-painted");
}

/** @param {Drawing} saved @param {string} mark */
function drawView(saved, mark) {
  useSavedStrings(saved.ranks, saved.words);
  // The toolbar first, fitted to its row before anything else is laid out:
  // its row is of fixed size, so the board's size does not wait for it.
  showToolbar(saved);
  // What the cards' layout needs is read in the next layout, which reading
  // the board's size forces, with the cards not yet in, when it costs least:
  // the board's size and, unless the save kept them, the labels' widths (a
  // probe the board adds before it).
  const board = new Board(find(document, "#board", HTMLElement), { watch: false });
  const readLabels = saved.labelEm && saved.stackedEm ? null : board.probeLabels();
  board.takeSize();
  if (readLabels) readLabels();
  else board.useLabelEm(/** @type {number} */ (saved.labelEm), /** @type {number} */ (saved.stackedEm)); // both kept: checked above
  // Then the cards, laid out once for the size the board takes: the browser
  // lays them out only for the first paint.
  board.render(saved.view, { animate: false });
  document.body.dataset.preview = "1";
  keepInput(board.root, saved.view, saved.dealt || null);
  afterPaint(() => {
    const startTime = performance.now(); // one frame: one time
    performance.mark(mark, { startTime });
    performance.mark("toolbar-painted", { startTime });
  });
}

// The toolbar, painted with the board: its numbers, its words (the saved ones
// when they are all there: an older save, or a page with new words, keeps the
// markup's until the strings are in), fitted to the row as the page will fit
// it. Not in a frame of its own after the board's: WebKit paints no second
// frame while the page loads, so the toolbar waited for the engine there.
/** @param {Drawing} saved */
function showToolbar(saved) {
  showNumbers(document, saved.view, saved.elapsed);
  const bar = /** @type {HTMLElement} */ (document.querySelector(".toolbar"));
  const words = saved.words;
  if (words && Array.from(staticKeys(bar)).every((key) => key in words)) applyStatic(bar);
  createFit(document)();
}

// Taps, drags and keys on this board before the page's script has run are
// kept for it (board/early-input.js keptEarly), which plays them once the engine is ready.
/** @param {HTMLElement} root @param {import("../saving/bounds.js").StoredView} view @param {string | null} dealt */
function keepInput(root, view, dealt) {
  /** @type {Event[]} */
  const events = [];
  const keep = (/** @type {Event} */ e) => events.push(e);
  const pointer = ["pointerdown", "pointermove", "pointerup", "pointercancel"];
  for (const type of pointer) root.addEventListener(type, keep);
  const unclaim = claimTouchMoves(root); // until the page's input claims them
  document.addEventListener("keydown", keep);
  // Handed over once: the page takes it into page.state.early (create-page.js).
  window.seahavenEarly = {
    view, // what it drew: what the places let go until the engine is ready
    dealt, // the new deal a first visit drew, which the engine opens (handshake.js startup)
    events,
    stop(kind) {
      if (kind === "key") {
        document.removeEventListener("keydown", keep);
      } else {
        for (const type of pointer) root.removeEventListener(type, keep);
        unclaim();
      }
    },
  };
}

try {
  performance.mark("early-board"); // where the parser reaches this script: a start's phases (bench/startup.py --trace)
  draw();
} catch (err) {
  console.warn(`seahaven: the saved board was not drawn early: ${err instanceof Error ? err.message : err}`);
} finally {
  // The board and the toolbar are shown from here on (game.css): a busy phone
  // may paint the markup before this script has fitted and drawn them, which
  // would then move under the player's eyes.
  document.body.dataset.early = "1";
}
