// The game page as one object, as lichess's chessground builds its board:
// createPage(root, engine) returns {root, state, api, events} (the Page type
// below, which the compiler checks every feature against). Feature modules
// get this object in their init(page) and use only what is written here; a
// feature that provides a service to others returns it from its init, and the
// composition root (static/js/entries/page.js) hands it on, so the order is
// visible in code. None of them acts on import. The page holds no rule of the
// game: the engine (web/controller.py) says what may move (view.lift), where
// (the "targets" intent), and what a tap does.
//
// state — plain data, read by anyone, written where noted (State below).
// events — page.events.on(EVENT.x, fn(detail)), page.events.emit(EVENT.x, detail):
//   each event and its detail are declared in events.js (EventMap).
// api — functions and the page's parts (Api below): the engine's typed intents
//   (api.engine, written by the build from the controller: one call, one answer),
//   showing an answer, settings, messages, dialogs, focus, and the board, clock,
//   storage and solver.

/** @typedef {import("./engine.js").Engine} Engine */
/** @typedef {import("#build/engine-api.js").View} View */
/** @typedef {import("#build/engine-api.js").Played} Played */
/** @typedef {import("#build/engine-api.js").Refused} Refused */
/** @typedef {import("#build/engine-api.js").Refusal} Refusal */
/** @typedef {import("#build/engine-api.js").SavedGame} SavedGame */

/**
 * @typedef {object} State
 * @property {View | null} view the state last drawn (controller view_of), null until the engine is connected
 * @property {Played | null} game the engine's last answer about the game drawn: its view, position text,
 *   save record, Finish's and autoplay's moves (api.show)
 * @property {boolean} ready true once the engine has answered and the first game is drawn (handshake.js)
 * @property {import("./settings/settings.js").Settings} settings the player's settings; change them with api.setting
 * @property {import("./saving/saving.js").Saved | null} saved the stored game read at start-up (storage.js)
 * @property {{hash: Refusal | null, saved: Refusal | null, link: string | null} | null} startup what the
 *   engine said of the first game (handshake.js, web/controller.py first_game), before "ready"
 * @property {import("./stats/stats-rules.js").Stats | null} stats the statistics as stored with the events not stored yet (stats.js, through the
 *   saver), null before stats.js starts or when they are of a newer format; read only
 * @property {boolean} helped the game drawn had the solver's help (a hint, Show me): its win is a win
 *   with help (stats.js)
 * @property {string} focus the place that holds the board's one tab stop (api.focusPlace)
 */

/**
 * How an answer is drawn: `animate` slides the cards, `reason` is the "state" event's.
 * @typedef {{animate?: boolean, reason?: import("./events.js").StateDetail["reason"]}} ShowOptions
 */

/**
 * The page's API: its parts, and what features do with the page.
 * @typedef {object} Api
 * @property {Engine} engine the engine's intents, one function each (engine.js, #build/engine-api.js)
 * @property {<A extends Played | Refused>(answer: A, options?: ShowOptions) => A} act show an engine's
 *   answer when it played; either way, return it
 * @property {(answer: Played, options?: ShowOptions) => void} show draw an answer's view and emit "state"
 *   with everything the answer carries
 * @property {(answer: Played) => void} showDeal show a new or restarted game: the clock starts over
 * @property {(view: import("./saving/bounds.js").StoredView, seconds: number) => void} preview draw a view kept
 *   from an earlier visit until the engine is ready
 * @property {(changes: Partial<import("./settings/settings.js").Settings>) => void} setting change and store
 *   settings, emit "setting"
 * @property {() => void} markHelped emit "helped"
 * @property {(text: string, ms?: number) => () => void} toast a short message that does not block play
 *   (it returns what takes it away)
 * @property {(text: string) => void} announce say it in the polite live region
 * @property {(selector: string) => HTMLDialogElement} openDialog open a modal dialog (once)
 * @property {(name: string) => void} focusPlace give a place the board's one tab stop, and the focus
 * @property {() => void} focusBoard focus the place that holds the tab stop
 * @property {() => void} rove keep the tab stop where it is (the top row may have been rebuilt)
 * @property {Board} board draws, lays out, highlights, shakes (board/board.js)
 * @property {ReturnType<typeof createClock>} clock the game clock (clock.js)
 * @property {ReturnType<typeof createStore>} store the browser storage (saving/store.js)
 * @property {ReturnType<typeof createSolver>} solver the solver's worker (solver/solver.js)
 */

import { createAnnouncer } from "./announcer.js";
import { Board } from "./board/board.js";
import { createClock } from "./clock.js";
import { setAttr } from "./dom-writes.js";
import { EVENT, createEvents } from "./events.js";
import { SETTINGS_KEY, mergedRecord, readSettings } from "./settings/settings.js";
import { createInputPause } from "./solver/input-pause.js";
import { createSolver } from "./solver/solver.js";
import { createStore } from "./saving/store.js";
import { createToast } from "./toast.js";

/**
 * @param {Document} root
 * @param {Engine} engine
 * @returns {Page}
 */
export function createPage(root, engine) {
  const doc = root.ownerDocument || root;
  /** @type {(sel: string) => any} */
  const $ = (sel) => root.querySelector(sel);
  const events = createEvents();
  /** @type {State} */
  const state = {
    view: null, game: null, ready: false, settings: readSettings(null), saved: null, startup: null, stats: null, helped: false,
    focus: "t1",
  };

  // Storage that refuses is told by the saver's status (saving/save-notices.js).
  const store = createStore(() => localStorage);
  state.settings = readSettings(store.read(SETTINGS_KEY));

  const board = new Board($("#board"));
  const clock = createClock(() => performance.now());
  const solver = createSolver({
    onChange: (detail) => events.emit(EVENT.solver, detail),
    online: () => navigator.onLine,
    pause: createInputPause(doc),
  });
  // The back/forward cache keeps the page (Back from a help page is instant)
  // only while its solver's worker holds no Web Lock.
  addEventListener("pagehide", (e) => e.persisted && solver.suspend());
  addEventListener("pageshow", (e) => e.persisted && solver.resume());

  // The clock counts the time spent playing: from the first move to the win,
  // while the page is seen (the help is another page) and no dialog is open
  // over the board (Review, Statistics, Settings, New game…).
  function runClock() {
    const view = state.view;
    if (!view) return;
    if (view.won || doc.hidden || doc.querySelector("dialog[open]")) clock.stop();
    else if (view.moves > 0) clock.start();
  }

  // A dialog opens at its top, its title in view: the browser focuses its first
  // control and scrolls to it, which in a tall dialog (Statistics on a
  // landscape phone) is far down. When that control is out of view from the
  // top, the title takes the focus instead (Tab goes on from there).
  /** @param {HTMLDialogElement} dialog */
  function showTop(dialog) {
    dialog.scrollTop = 0;
    const focused = doc.activeElement;
    if (!focused || !dialog.contains(focused)) return;
    const box = dialog.getBoundingClientRect();
    const at = focused.getBoundingClientRect();
    if (at.top >= box.top && at.bottom <= box.bottom) return;
    const title = doc.getElementById(dialog.getAttribute("aria-labelledby") || "");
    if (!title) return;
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
  }

  function rove() {
    if (!board.places.has(state.focus)) state.focus = "t1";
    for (const [name, el] of board.places) setAttr(el, "tabindex", name === state.focus ? "0" : "-1"); // -1: by a click, not Tab
  }

  /** @type {Api} */
  const api = {
    board,
    clock,
    store,
    solver,
    toast: createToast($("#toast")),
    announce: createAnnouncer(doc.body),

    engine,

    act(answer, options) {
      if (answer.ok) api.show(/** @type {Played} */ (answer), options);
      return answer;
    },

    show(answer, { animate = true, reason = /** @type {ShowOptions["reason"]} */ ("move") } = {}) {
      const previous = state.view;
      const { view } = answer;
      state.view = view;
      state.game = answer;
      // A place that had the focus and is drawn no more (a deal with fewer cells,
      // maybe drawn once graded, after its dialog gave the focus back) hands it to the board.
      const focused = board.root.contains(doc.activeElement);
      board.render(view, { animate });
      if (focused && !board.root.contains(doc.activeElement)) api.focusBoard();
      runClock();
      const { move, position, save, finishing, autoplay } = answer;
      events.emit(EVENT.state, { view, previous, reason, move, position, save, finishing, autoplay });
    },

    showDeal(answer) {
      clock.reset();
      api.show(answer, { animate: false, reason: "deal" });
    },

    // Only the board and the numbers: state.view stays null, so nothing reads
    // it as the engine's and no input acts on it; the engine's own view then
    // replaces it (drawn in place: nothing moves when they agree).
    preview(view, seconds) {
      board.render(view, { animate: false });
      events.emit(EVENT.preview, { view, seconds });
    },

    setting(changes) {
      Object.assign(state.settings, changes);
      store.write(SETTINGS_KEY, mergedRecord(store.read(SETTINGS_KEY), changes, state.settings));
      events.emit(EVENT.setting, changes);
    },

    markHelped() {
      events.emit(EVENT.helped);
    },

    openDialog(sel) {
      const dialog = $(sel);
      if (!dialog.open) {
        dialog.showModal();
        showTop(dialog);
      }
      return dialog;
    },

    rove,

    focusPlace(name) {
      const el = board.places.get(name);
      if (!el) return;
      state.focus = name;
      rove();
      el.focus();
    },

    focusBoard() {
      rove();
      api.focusPlace(state.focus);
    },
  };

  // Another tab changed a setting: this one follows it ("setting" says which).
  addEventListener("storage", (e) => {
    if (e.key !== SETTINGS_KEY || e.newValue === null) return; // cleared: this tab keeps its own
    const stored = readSettings(store.read(SETTINGS_KEY), () => {});
    const changes = Object.fromEntries(Object.entries(stored).filter(([key, value]) => state.settings[key] !== value));
    if (!Object.keys(changes).length) return;
    Object.assign(state.settings, changes);
    events.emit(EVENT.setting, changes);
  });

  doc.addEventListener("visibilitychange", runClock);
  // A dialog opened or closed, however (showModal, show, close, Escape).
  new MutationObserver(runClock).observe(doc.body, { subtree: true, attributeFilter: ["open"] });

  return { root, state, api, events };
}

/**
 * The page object every feature's init gets.
 * @typedef {object} Page
 * @property {Document} root
 * @property {State} state
 * @property {Api} api
 * @property {import("./events.js").Events} events
 */
