// The game page as one object, as lichess's chessground builds its board:
// createPage(root, engine) returns {root, state, api, events}. Feature modules
// get this object in their init(page) and use only what is written here; none
// of them acts on import (static/js/entries/page.js creates the page and calls them).
// The page holds no rule of the game: the engine (web/controller.py) says what
// may move (view.lift), where (the "targets" intent), and what a tap does.
//
// state — plain data, read by anyone, written where noted:
//   view      the state last drawn (controller view_of), null until the engine is connected (show)
//   ready     true once the engine has answered and the first game is drawn (handshake.js)
//   settings  the player's settings (settings.js record); change them with api.setting
//   saved     the stored game read at start-up, {game, elapsed, view?} or null (storage.js)
//   startup   what the engine said of the first game: {hash, saved, link} (handshake.js,
//             web/controller.py first_game), before "ready"
//   stats     the statistics as stored with the events not stored yet (stats.js, through the
//             saver), null before stats.js starts or when they are of a newer format
//   focus     the place that holds the board's one tab stop (api.focusPlace)
//
// events — page.events.on(type, fn(detail)), page.events.emit(type, detail):
//   "state"    {view, previous, reason, move} after every state drawn; reason is
//              "move", "deal" (a new or restarted game), "show-me" or "redraw";
//              move is the answer's {text, from, to, n} when cards moved, else null
//   "preview"  {view, seconds} a view given earlier (the saved game's) is drawn
//              before the engine is connected: shown, never played (api.preview)
//   "ready"    the first game is drawn and the engine answers
//   "language" {language} the strings of a language are in (first at start-up)
//   "setting"  {…changed fields} after api.setting, or another tab's change
//   "solver"   {state, problem} the solver's worker changed state (solver.js)
//   "helped"   the solver showed the way in the game in progress (api.markHelped)
//   "finish"   {place} the player asked to finish (a double tap on a foundation; finish.js)
//   "dealt"    {code, tier, date, par} the deal just shown is of this tier (or
//              null), and today's deal of `date` (or null; par: its par line's moves)
//   "stats-import" {levels} the player imports a statistics file's levels
//   "save"     save the game now: the page is about to reload (storage.js listens)
//   "saving"   {status} saving changed: "ok", "stale" (another tab stored a newer game),
//              "full" (storage full), "unsaved" (written, not kept), "denied"
//              (saving.js; save-notices.js tells the player)
//
// api — functions and the page's parts:
//   engine(name, args)             the controller's answer to one intent (engine.js)
//   act(name, args, options)       engine(), then show() the answer when it is ok
//   show(answer, {animate, reason}) draw an answer's view and emit "state"
//   showDeal(answer)               show a new or restarted game: the clock starts over
//   preview(view, seconds)         draw a view kept from an earlier visit until the engine is ready
//   setting(changes)               change and store settings, emit "setting"
//   markHelped()                   emit "helped"
//   toast(text, ms)                a short message that does not block play
//   announce(text)                 say it in the polite live region
//   openDialog(selector)           open a modal dialog (once)
//   focusPlace(name), focusBoard(), rove()   the board's roving tab stop
//   board    the Board (board.js): draws, lays out, highlights, shakes
//   clock    the game clock (clock.js): seconds(), start(), stop(), reset()
//   store    the browser storage (store.js): read(key), write(key, value)
//   solver   the solver (solver.js): start(), solve(text) → Promise, state
//   set by features:
//   saver    the game and its statistics saved safely across tabs (storage.js, saving.js):
//            record(statsEvent), stats(), status
//   confirmReplace({kind, title}) → Promise<boolean>: may a link, a new deal, today's
//            deal or a restart (kind) replace the game in progress? asks the player
//            when there is one, saying how it will be counted (replace.js)
import { createAnnouncer } from "./announcer.js";
import { Board } from "./board/board.js";
import { createClock } from "./clock.js";
import { createEvents } from "./events.js";
import { t } from "./i18n.js";
import { SETTINGS_KEY, mergedRecord, readSettings } from "./settings/settings.js";
import { createSolver } from "./solver/solver.js";
import { createStore } from "./saving/store.js";
import { createToast } from "./toast.js";

export function createPage(root, engine) {
  const doc = root.ownerDocument || root;
  const $ = (sel) => root.querySelector(sel);
  const events = createEvents();
  const state = { view: null, ready: false, settings: null, saved: null, startup: null, stats: null, focus: "t1" };

  // Storage that throws is told once, when the board is up (strings are in by then).
  const store = createStore(() => localStorage, {
    onBroken: () => whenReady(() => api.toast(t("storage.unavailable"), 5000)),
  });
  state.settings = readSettings(store.read(SETTINGS_KEY));

  const board = new Board($("#board"));
  const clock = createClock(() => performance.now());
  const solver = createSolver({ onChange: (detail) => events.emit("solver", detail), online: () => navigator.onLine });

  function whenReady(fn) {
    if (state.ready) fn();
    else events.on("ready", () => setTimeout(fn, 0), { once: true });
  }

  function rove() {
    if (!board.places.has(state.focus)) state.focus = "t1";
    for (const [name, el] of board.places) el.tabIndex = name === state.focus ? 0 : -1;
  }

  const api = {
    board,
    clock,
    store,
    solver,
    toast: createToast($("#toast")),
    announce: createAnnouncer(doc.body),

    engine(name, args) {
      return engine.call(name, args);
    },

    act(name, args, options) {
      const answer = api.engine(name, args);
      if (answer.ok) api.show(answer, options);
      return answer;
    },

    show(answer, { animate = true, reason = "move" } = {}) {
      const previous = state.view;
      const view = answer.view;
      state.view = view;
      board.render(view, { animate });
      // The clock runs from the first move while the page is visible, and stops at the win.
      if (view.won) clock.stop();
      else if (view.moves > 0 && !doc.hidden) clock.start();
      events.emit("state", { view, previous, reason, move: answer.move || null });
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
      events.emit("preview", { view, seconds });
    },

    setting(changes) {
      Object.assign(state.settings, changes);
      store.write(SETTINGS_KEY, mergedRecord(store.read(SETTINGS_KEY), changes, state.settings));
      events.emit("setting", changes);
    },

    markHelped() {
      events.emit("helped");
    },

    openDialog(sel) {
      const dialog = $(sel);
      if (!dialog.open) dialog.showModal();
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
    events.emit("setting", changes);
  });

  doc.addEventListener("visibilitychange", () => {
    if (doc.hidden) clock.stop();
    else if (state.view && state.view.moves > 0 && !state.view.won) clock.start();
  });

  return { root, state, api, events };
}
