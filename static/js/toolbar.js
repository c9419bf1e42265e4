// The toolbar's numbers (score, moves, time, the deal's code) and its Undo and
// Redo buttons, kept in step with the state drawn.
import { formatTime } from "./clock.js";

export function init(page) {
  const { api, events } = page;
  const $ = (sel) => page.root.querySelector(sel);
  const time = $("[data-testid=time]");
  const tick = () => (time.textContent = formatTime(api.clock.seconds()));

  function numbers(view) {
    $("[data-testid=score]").textContent = view.score;
    $("[data-testid=moves]").textContent = view.moves;
    $("[data-testid=game-code]").textContent = view.code || "—";
  }
  events.on("state", ({ view }) => {
    numbers(view);
    $("[data-testid=undo]").disabled = !view.canUndo;
    $("[data-testid=redo]").disabled = !view.canRedo;
    tick();
  });
  events.on("preview", ({ view, seconds }) => {
    numbers(view);
    time.textContent = formatTime(seconds);
  });
  // The saved game's clock is restored once the first game is drawn: show it before the next frame.
  events.on("ready", () => queueMicrotask(tick));
  setInterval(tick, 1000);

  $("[data-testid=undo]").addEventListener("click", () => api.act("undo"));
  $("[data-testid=redo]").addEventListener("click", () => api.act("redo"));
}
