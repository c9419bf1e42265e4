// The one object the page's modules share: app.js fills it in at start-up, and
// feature modules (storage, keyboard, solver, …) use it instead of importing
// app.js. It dispatches "state" (detail: {view, previous, reason}) after every
// change drawn, "ready" once the engine answers, and "language" when the
// strings of a language have been applied.
export const hub = new EventTarget();

hub.engine = null; // (name, args) → answer object; set when Python is ready
hub.view = null; // the state last drawn
hub.show = null; // (answer, {animate}) → draw an engine answer
hub.toast = null; // (text, ms) → a short non-blocking message
hub.openDialog = null; // (selector) → open a modal dialog
hub.board = null; // the Board instance
hub.announce = null; // (text) → say it in the polite live region (a11y.js; toasts are said too)
hub.focusBoard = null; // () → keyboard focus back to the board's current place (keyboard.js)

export function emit(type, detail) {
  hub.dispatchEvent(new CustomEvent(type, { detail }));
}

// Run `fn` once the frame that shows the latest change has been painted: work
// the player does not see (saving, the winnable mark) then never delays a move
// on screen. Calls with the same `fn` before that
// frame run it once.
const waiting = new Set();
export function afterPaint(fn) {
  if (waiting.has(fn)) return;
  waiting.add(fn);
  const run = () => {
    waiting.delete(fn);
    fn();
  };
  if (document.hidden) setTimeout(run, 0); // no frames while hidden
  else requestAnimationFrame(() => setTimeout(run, 0));
}
