// The game page as one object, as lichess's chessground builds its board:
// createPage(root, engine) returns {root, state, api, events} (the Page type
// below, which the compiler checks every feature against). Feature modules
// get this object in their init(page) and use only what is written here; a
// feature that provides a service to others returns it from its init, and the
// composition root (static/js/entries/page.js) hands it on. None of them acts
// on import. The page holds no rule of the game: the engine
// (web/controller.py) says what may move (view.lift), where (view.dests), and
// what a tap does.
//
// state — plain data, read by anyone, written where noted (State below); the
//   data-* hooks CSS and the tests read are written from it, here (api.set).
// events — page.events.on(EVENT.x, fn(detail)), page.events.emit(EVENT.x, detail):
//   each event and its detail are declared in events.js (EventMap). They are
//   for listeners that may come and go: what must happen, in order, is called.
// api — functions and the page's parts (Api below): the one way to the engine
//   (api.do: one crossing, its answer shown through one fixed pipeline), the
//   commands buttons, keys and features run, settings, messages, dialogs,
//   focus, and the board, clock, storage and solver. api.engine is the raw
//   bridge: only this module calls it (eslint.config.js holds that).
/** @typedef {import("./engine.js").Engine} Engine */
/** @typedef {import("#build/engine-api.js").View} View */
/** @typedef {import("#build/engine-api.js").Played} Played */
/** @typedef {import("#build/engine-api.js").Refused} Refused */
/** @typedef {import("#build/engine-api.js").Refusal} Refusal */
/** @typedef {import("#build/engine-api.js").SavedGame} SavedGame */
/** @typedef {import("#build/engine-api.js").EngineApi} EngineApi */

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
 * @property {Early | null} early what the early board (entries/early-board.js) handed over: the view it
 *   drew, the input it kept, the new deal it drew; null when it drew nothing
 * @property {boolean} preview a view kept from an earlier visit is drawn until the engine is ready (body[data-preview])
 * @property {string} solver the solver's state (solver.js; body[data-solver])
 * @property {string | null} hint the move Hint outlines, or "finish" (assist.js; body[data-hint])
 * @property {boolean} review the review is open (review.js; body[data-review])
 * @property {string | null} saving the saver's status, null until it has one (storage.js; body[data-saving])
 */

/**
 * The early board's hand-over, read once (window.seahavenEarly, set by entries/early-board.js).
 * @typedef {object} Early
 * @property {import("./saving/bounds.js").StoredView} view what it drew: what the places let go until the engine is ready
 * @property {Event[]} events the input it kept before the page's script ran
 * @property {(kind: "pointer" | "key") => void} stop keep no more input of that kind
 * @property {string | null} dealt the code of the new deal a first visit drew (the engine opens it)
 */

/** The state fields written as body[data-*] hooks for CSS and the tests, and how. */
const HOOKS = {
  preview: (value) => (value ? "1" : null),
  solver: (value) => value,
  hint: (value) => value,
  review: (value) => (value ? "open" : null),
  saving: (value) => value,
};

/**
 * What showing an answer does after drawing it, in this order, whatever order
 * the features started in: the saver takes the game (storage.js), then the
 * statistics count it (stats.js). The listeners of "state" hear it after both.
 * At start-up, `restored` (the saved game's clock) comes before `opened` (counted).
 * @typedef {object} Pipeline
 * @property {(detail: import("./events.js").StateDetail) => void} save
 * @property {(detail: import("./events.js").StateDetail) => void} count
 * @property {() => void} restored
 * @property {() => void} opened
 * @property {() => void} helped
 */

/**
 * The commands a button, a key or a feature runs: functions, never a click.
 * Undo and Redo are the page's; the others are given by the feature that owns them.
 * @typedef {object} Commands
 * @property {() => void} undo take back the last move (when there is one)
 * @property {() => void} redo play again the move undone last (when there is one)
 * @property {() => void} newGame open the New game dialog (dialogs.js)
 * @property {() => void} hint outline the next move of a winning line (assist.js)
 * @property {() => void} showMe play the winning line step by step (assist.js)
 * @property {() => void} stopShowMe stop Show me (assist.js)
 * @property {(place?: string | null) => void} finish play Finish's moves, or say why not yet; `place`, a
 *   foundation double-tapped, shakes then (finish.js)
 */

/**
 * How an answer is drawn: `animate` slides the cards, `reason` is the "state" event's.
 * @typedef {{animate?: boolean, reason?: import("./events.js").StateDetail["reason"]}} ShowOptions
 */

/**
 * How api.do shows an answer: as api.show does (a "deal" starts the clock over, drawn
 * without sliding); `quiet`: a refusal is only returned, for the caller to say (a tap's,
 * once no second tap came), else it is said in the player's language.
 * @typedef {ShowOptions & {quiet?: boolean}} DoOptions
 */

/**
 * The page's API: its parts, and what features do with the page.
 * @typedef {object} Api
 * @property {Engine} engine the raw bridge (engine.js): only this module calls it; its `crossings` are counted
 * @property {<K extends keyof EngineApi>(intent: K, args?: Parameters<EngineApi[K]>[0] | null, options?: DoOptions)
 *   => ReturnType<EngineApi[K]>} do one intent, one crossing: an answer that plays is shown
 *   (api.show), a refusal said by its key unless `quiet`; either way it is returned
 * @property {(answer: Played, options?: ShowOptions) => void} show draw an answer's view, hand it to the
 *   pipeline (saved, counted) and emit "state" with everything the answer carries
 * @property {Commands} commands what buttons, keys and features run
 * @property {Pipeline} pipeline the steps after drawing, filled by the saver and the statistics
 * @property {(changes: Partial<State>) => void} set change state fields, writing their data-* hooks
 * @property {(view: import("./saving/bounds.js").StoredView, seconds: number) => void} preview draw a view kept
 *   from an earlier visit until the engine is ready
 * @property {(changes: Partial<import("./settings/settings.js").Settings>) => void} setting change and store
 *   settings, emit "setting"
 * @property {() => void} markHelped the game drawn had the solver's help: counted, then "helped" is emitted
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

import { COLUMNS } from "#build/facts.js";
import { createAnnouncer } from "./announcer.js";
import { Board } from "./board/board.js";
import { createClock } from "./clock.js";
import { setAttr } from "./dom-writes.js";
import { EVENT, createEvents } from "./events.js";
import { refusal } from "./i18n.js";
import { SETTINGS_KEY, mergedRecord, readSettings } from "./settings/settings.js";
import { createInputPause } from "./solver/input-pause.js";
import { createSolver } from "./solver/solver.js";
import { createStore } from "./saving/store.js";
import { createToast } from "./toast.js";

// The early board's hand-over (entries/early-board.js, inlined, ran before this
// script): read once, here, and no global afterwards.
function takeEarly() {
  const early = window.seahavenEarly || null;
  delete window.seahavenEarly;
  return early;
}

// Only a Played carries the game's save record (web/protocol.py): its answer is drawn.
const plays = (answer) => answer.ok === true && "save" in answer;

// A command no feature has given yet: says so loudly, instead of doing nothing.
const missing = (name) => () => {
  throw new Error(`seahaven: no feature gives the command ${name}`);
};

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
    focus: COLUMNS[0], early: takeEarly(), preview: false, solver: "off", hint: null, review: false, saving: null,
  };
  // The early board drew a view: its data-preview is the state's from here on.
  state.preview = Boolean(state.early) || Boolean(doc.body && doc.body.dataset.preview);

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
  const page = { root, state, events, api: /** @type {Api} */ (/** @type {unknown} */ (null)) };
  page.api = createApi(page, { engine, board, clock, store, solver, $ });
  listen(page, doc, clock);
  return page;
}

/**
 * The page's API over its parts.
 * @param {Page} page
 * @param {{engine: Engine, board: Board, clock: ReturnType<typeof createClock>,
 *   store: ReturnType<typeof createStore>, solver: ReturnType<typeof createSolver>,
 *   $: (sel: string) => any}} parts
 * @returns {Api}
 */
function createApi({ root, state, events }, { engine, board, clock, store, solver, $ }) {
  const doc = root.ownerDocument || root;
  /** @type {Pipeline} */
  const pipeline = { save() {}, count() {}, restored() {}, opened() {}, helped() {} };

  /** @type {Api} */
  const api = {
    board, clock, store, solver, engine, pipeline,
    toast: createToast($("#toast")),
    announce: createAnnouncer(doc.body),
    commands: {
      undo: () => state.view?.canUndo && api.do("undo"),
      redo: () => state.view?.canRedo && api.do("redo"),
      newGame: missing("newGame"), hint: missing("hint"), showMe: missing("showMe"),
      stopShowMe: missing("stopShowMe"), finish: missing("finish"),
    },

    do(intent, args, options = {}) {
      const answer = /** @type {any} */ (engine[intent])(args ?? undefined);
      if (answer.ok === false && !options.quiet) api.toast(refusal(answer.error));
      if (plays(answer)) {
        if (options.reason === "deal") clock.reset();
        api.show(answer, options.reason === "deal" ? { ...options, animate: false } : options);
      }
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
      runClock(state, doc, clock);
      const { move, position, save, finishing, autoplay } = answer;
      const detail = { view, previous, reason, move, position, save, finishing, autoplay };
      pipeline.save(detail);
      pipeline.count(detail);
      events.emit(EVENT.state, detail);
    },

    // Only the board and the numbers: state.view stays null, so nothing reads
    // it as the engine's and no input acts on it; the engine's own view then
    // replaces it (drawn in place: nothing moves when they agree).
    preview(view, seconds) {
      board.render(view, { animate: false });
      events.emit(EVENT.preview, { view, seconds });
    },

    set(changes) {
      Object.assign(state, changes);
      writeHooks(doc.body, changes);
    },

    setting(changes) {
      Object.assign(state.settings, changes);
      store.write(SETTINGS_KEY, mergedRecord(store.read(SETTINGS_KEY), changes, state.settings));
      events.emit(EVENT.setting, changes);
    },

    markHelped() {
      pipeline.helped();
      events.emit(EVENT.helped);
    },

    openDialog(sel) {
      const dialog = $(sel);
      if (!dialog.open) {
        dialog.showModal();
        showTop(doc, dialog);
      }
      return dialog;
    },

    ...createFocus(state, board),
  };
  return api;
}

// The data-* hooks of the state fields that changed (HOOKS), on the body.
function writeHooks(body, changes) {
  for (const key of Object.keys(changes)) {
    if (!(key in HOOKS)) continue;
    const value = HOOKS[key](changes[key]);
    if (value === null || value === undefined) delete body.dataset[key];
    else body.dataset[key] = value;
  }
}

// The board's one tab stop (a roving tabindex over the places), and the focus.
function createFocus(state, board) {
  function rove() {
    if (!board.places.has(state.focus)) state.focus = COLUMNS[0];
    for (const [name, el] of board.places) setAttr(el, "tabindex", name === state.focus ? "0" : "-1"); // -1: by a click, not Tab
  }
  function focusPlace(name) {
    const el = board.places.get(name);
    if (!el) return;
    state.focus = name;
    rove();
    el.focus();
  }
  return {
    rove,
    focusPlace,
    focusBoard() {
      rove();
      focusPlace(state.focus);
    },
  };
}

// The clock counts the time spent playing: from the first move to the win,
// while the page is seen (the help is another page) and no dialog is open
// over the board (Review, Statistics, Settings, New game…).
function runClock(state, doc, clock) {
  const view = state.view;
  if (!view) return;
  if (view.won || doc.hidden || doc.querySelector("dialog[open]")) clock.stop();
  else if (view.moves > 0) clock.start();
}

// A dialog opens at its top, its title in view: the browser focuses its first
// control and scrolls to it, which in a tall dialog (Statistics on a
// landscape phone) is far down. When that control is out of view from the
// top, the title takes the focus instead (Tab goes on from there).
/** @param {Document} doc @param {HTMLDialogElement} dialog */
function showTop(doc, dialog) {
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

// What the page follows of the browser: another tab's settings, the back/forward
// cache, the page hidden and dialogs opened (the clock).
function listen({ state, events, api }, doc, clock) {
  const { store, solver } = api;
  // The back/forward cache keeps the page (Back from a help page is instant)
  // only while its solver's worker holds no Web Lock.
  addEventListener("pagehide", (e) => e.persisted && solver.suspend());
  addEventListener("pageshow", (e) => e.persisted && solver.resume());
  // Another tab changed a setting: this one follows it ("setting" says which).
  addEventListener("storage", (e) => {
    if (e.key !== SETTINGS_KEY || e.newValue === null) return; // cleared: this tab keeps its own
    const stored = readSettings(store.read(SETTINGS_KEY), () => {});
    const changes = Object.fromEntries(Object.entries(stored).filter(([key, value]) => state.settings[key] !== value));
    if (!Object.keys(changes).length) return;
    Object.assign(state.settings, changes);
    events.emit(EVENT.setting, changes);
  });
  const run = () => runClock(state, doc, clock);
  doc.addEventListener("visibilitychange", run);
  // A dialog opened or closed, however (showModal, show, close, Escape).
  new MutationObserver(run).observe(doc.body, { subtree: true, attributeFilter: ["open"] });
}

/**
 * The page object every feature's init gets.
 * @typedef {object} Page
 * @property {Document} root
 * @property {State} state
 * @property {Api} api
 * @property {import("./events.js").Events} events
 */
