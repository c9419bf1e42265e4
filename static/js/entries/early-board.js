// A return visit shows the player's board in the page's first paint. The
// build inlines this script into index.html right after the board's markup,
// so it runs before any other script has loaded: it draws the last view the
// controller sent, kept with the saved game (storage.js), with the rank
// letters it was drawn with, and the toolbar's numbers, in its words, fitted
// to the row as the page will fit it (toolbar-fit.js). It only draws: no
// rule runs here, input waits for the engine, and the page's board
// (create-page.js) adopts these elements, so the engine's first view replaces
// this one in place and nothing moves when they agree. Not when the URL names
// another deal, and never at the cost of the page: anything unexpected and
// the page starts as it would without it.
import { afterPaint } from "../after-paint.js";
import { Board } from "../board/board.js";
import { applyStatic, staticKeys, useSavedStrings } from "../i18n.js";
import { GAME_KEY, MAX_RECORD_CHARS, readGameRecord } from "../saving/saved-game.js";
import { opensSaved } from "../saving/saved-view.js";
import { showNumbers } from "../toolbar/toolbar.js";
import { createFit } from "../toolbar/toolbar-fit.js";

function savedRecord() {
  const text = localStorage.getItem(GAME_KEY);
  if (!text || text.length > MAX_RECORD_CHARS) return null;
  return readGameRecord(JSON.parse(text), () => {});
}

function draw() {
  const saved = savedRecord();
  if (!saved || !saved.view || !saved.ranks || !opensSaved(saved.view)) return;
  useSavedStrings(saved.ranks, saved.words);
  // The toolbar first, in the saved words when they are all there (an older
  // save, or a page with new words, keeps the markup's until the strings are
  // in), fitted: its row sets the board's size, and fitting it lays out the
  // page before the cards are in it, when that costs little.
  showNumbers(document, saved.view, saved.elapsed);
  const bar = document.querySelector(".toolbar");
  if (saved.words && Array.from(staticKeys(bar)).every((key) => key in saved.words)) applyStatic(bar);
  createFit(document)();
  // Then the board, laid out once for the size it takes now: the browser lays
  // the cards out only for the first paint.
  const board = new Board(document.getElementById("board"), { watch: false });
  if (saved.labelEm && saved.stackedEm) board.useLabelEm(saved.labelEm, saved.stackedEm);
  else board.measureLabels();
  board.render(saved.view, { animate: false });
  document.body.dataset.preview = "1";
  afterPaint(() => performance.mark("saved-board-painted"));
}

try {
  draw();
} catch (err) {
  console.warn(`seahaven: the saved board was not drawn early: ${err.message}`);
}
