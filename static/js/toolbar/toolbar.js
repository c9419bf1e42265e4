// The toolbar's numbers (score, moves, time, the deal's code) and its Undo and
// Redo buttons, kept in step with the state drawn.
import { formatTime } from "../clock.js";
import { EVENT } from "../events.js";

// Show a view's score, moves and code (and, given, the seconds played) in the
// toolbar under `root`: the page's and the early board's (early-board.js).
export function showNumbers(root, view, seconds = null) {
  root.querySelector("[data-testid=score]").textContent = view.score;
  root.querySelector("[data-testid=moves]").textContent = view.moves;
  root.querySelector("[data-testid=game-code]").textContent = view.code || "—";
  if (seconds !== null) root.querySelector("[data-testid=time]").textContent = formatTime(seconds);
}

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const { api, events } = page;
  const $ = (sel) => page.root.querySelector(sel);
  const time = $("[data-testid=time]");
  const tick = () => (time.textContent = formatTime(api.clock.seconds()));

  events.on(EVENT.state, ({ view }) => {
    showNumbers(page.root, view);
    $("[data-testid=undo]").disabled = !view.canUndo;
    $("[data-testid=redo]").disabled = !view.canRedo;
    tick();
  });
  events.on(EVENT.preview, ({ view, seconds }) => showNumbers(page.root, view, seconds));
  // The saved game's clock is restored once the first game is drawn: show it before the next frame.
  events.on(EVENT.ready, () => queueMicrotask(tick));
  setInterval(tick, 1000);

  $("[data-testid=undo]").addEventListener("click", () => api.act(api.engine.undo()));
  $("[data-testid=redo]").addEventListener("click", () => api.act(api.engine.redo()));
}
