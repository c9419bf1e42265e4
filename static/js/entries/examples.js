// Examples pages: draw each position with the game's own Board, still (no
// input, no animation). A position comes from the JSON file named by the
// element's data-view, written by tools/make_examples.py from the engine.
//   <div class="example-board board" data-view="../../static/examples/worked.json">
//     <div class="top-row"></div><div class="tableau"></div></div>
// Card corners use the page language's rank letters, as the text does.
import { Board } from "../board/board.js";
import { COLUMNS, RANKS } from "#build/facts.js";
import { find } from "../find.js";

/** @param {string} lang @returns {Promise<Record<string, string> | null>} */
async function rankLetters(lang) {
  try {
    const res = await fetch(new URL(`../i18n/${lang}.json`, import.meta.url)); // bundled: static/build/examples.js
    if (res.ok === false) return null;
    const strings = await res.json();
    return Object.fromEntries([...RANKS].map((r, i) => [r, strings[`rankShort.${i + 1}`]]));
  } catch {
    return null;
  }
}

/** @param {HTMLElement} root @param {Record<string, string> | null} letters */
function relabel(root, letters) {
  if (!letters) return;
  for (const card of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-card]"))) {
    const rank = /** @type {Text} */ (find(card, ".corner", HTMLElement).firstChild); // the rank's text, before the suit
    const label = letters[String(card.dataset.card)[0]];
    if (label) rank.data = label;
  }
}

/** @param {HTMLElement} root @param {Promise<Record<string, string> | null>} letters */
async function draw(root, letters) {
  const res = await fetch(String(root.dataset.view));
  if (res.ok === false) throw new Error(`${root.dataset.view}: ${res.status}`);
  const data = await res.json();
  const board = new Board(root);
  board.animate = false;
  board.render({ cells: data.cells, places: data.places }, { animate: false });
  COLUMNS.forEach((name, i) => {
    const column = /** @type {HTMLElement | null} */ (root.querySelector(`[data-place="${name}"]`));
    if (column) column.dataset.label = String(i + 1);
  });
  for (const place of (root.dataset.mark || "").split(/\s+/).filter(Boolean)) {
    const el = root.querySelector(`[data-place="${place}"]`);
    if (el) el.classList.add("mark");
  }
  relabel(root, await letters);
}

const letters = rankLetters(document.documentElement.lang || "en");
for (const root of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".example-board[data-view]"))) {
  draw(root, letters).catch((err) => {
    console.warn(`seahaven: example not drawn: ${err.message}`);
    const note = document.createElement("p");
    note.className = "board-error";
    note.textContent = "⚠";
    root.append(note);
  });
}
