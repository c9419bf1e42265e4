// The one object the page's modules share: app.js fills it in at start-up, and
// feature modules (storage, keyboard, solver, …) use it instead of importing
// app.js. It dispatches "state" (detail: {view, previous, reason}) after every
// change drawn, and "ready" once the engine answers.
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
