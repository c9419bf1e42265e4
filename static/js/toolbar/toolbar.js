// The toolbar's numbers (score, moves, time, the deal's code) and its Undo and
// Redo buttons, kept in step with the state drawn.
import { formatTime } from "../clock.js";
import { EVENT } from "../events.js";
import { setText } from "../dom-writes.js";
import { find } from "../find.js";

// Show a view's score, moves and code (and, given, the seconds played) in the
// toolbar under `root`: the page's and the early board's (early-board.js).
/**
 * @param {ParentNode} root
 * @param {Pick<import("#build/engine-api.js").View, "score" | "moves" | "code">} view
 * @param {number | null} [seconds]
 */
export function showNumbers(root, view, seconds = null) {
  const $ = (/** @type {string} */ selector) => find(root, selector, HTMLElement);
  setText($("[data-testid=score]"), String(view.score));
  setText($("[data-testid=moves]"), String(view.moves));
  setText($("[data-testid=game-code]"), view.code || "—");
  if (seconds !== null) setText($("[data-testid=time]"), formatTime(seconds));
}

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const { api, events } = page;
  const time = find(page.root, "[data-testid=time]", HTMLElement);
  const undo = find(page.root, "[data-testid=undo]", HTMLButtonElement);
  const redo = find(page.root, "[data-testid=redo]", HTMLButtonElement);
  const tick = () => setText(time, formatTime(api.clock.seconds()));

  events.on(EVENT.state, ({ view }) => {
    showNumbers(page.root, view);
    if (undo.disabled !== !view.canUndo) undo.disabled = !view.canUndo;
    if (redo.disabled !== !view.canRedo) redo.disabled = !view.canRedo;
    tick();
  });
  events.on(EVENT.preview, ({ view, seconds }) => showNumbers(page.root, view, seconds));
  // The saved game's clock is restored once the first game is drawn: show it before the next frame.
  events.on(EVENT.ready, () => queueMicrotask(tick));
  setInterval(tick, 1000);

  undo.addEventListener("click", () => api.commands.undo());
  redo.addEventListener("click", () => api.commands.redo());
}
