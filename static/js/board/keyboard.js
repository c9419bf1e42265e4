// Keyboard play: the board is one tab stop (a roving tabindex over the
// places), arrows move between places, Enter or Space taps (twice quickly: a
// double tap, as tap-policy.js decides for the pointer too), P picks up a
// card or run that Enter drops elsewhere; letters run the page's commands
// (site.toml [keys] lists them all for the ? dialog), the same functions
// their buttons call (page.api.commands). Every move goes to the engine as
// the same intents the pointer sends; how many cards may be picked up is the
// view's `lift`, where they may go its `dests`. No rule lives here.
import { COLUMNS, placeKind } from "#build/facts.js";
import { cardName, placeName, t } from "../i18n.js";
import { createTapPolicy, destsOf } from "./tap-policy.js";
import { EVENT } from "../events.js";

/** Whether a key goes to a field the player types in. */
export function typing(target) {
  return target instanceof Element && !!target.closest("input, select, textarea, [contenteditable]");
}

/**
 * The letter a key names: its own on a Latin layout (AZERTY's A is "a"), and
 * on a layout of another script the one its place has on a US keyboard, so
 * every command keeps a key.
 * @param {{key: string, code: string}} e
 */
export function letterOf(e) {
  const lower = e.key.length === 1 ? e.key.toLowerCase() : "";
  if (/^[a-z]$/.test(lower)) return lower;
  return /^\p{L}$/u.test(lower) && /^Key[A-Z]$/.test(e.code) ? e.code.slice(3).toLowerCase() : "";
}

const LETTERS = { u: "undo", r: "redo", n: "newGame", h: "hint", s: "showMe", f: "finish" };

/**
 * What a key pressed anywhere on the page asks for: a command's name
 * (page.api.commands), "keys" (the keyboard's help), "drop" (Escape lets go
 * of a card held), a column to focus ("t1" … "t10"), or null for none.
 * @param {{key: string, code: string, ctrlKey: boolean, metaKey: boolean, altKey: boolean, shiftKey: boolean}} e
 * @param {boolean} holding a card or run is held
 * @returns {string | null}
 */
export function pageKeyAction(e, holding) {
  const key = e.key;
  const lower = letterOf(e) || (key.length === 1 ? key.toLowerCase() : key);
  if (key === "Escape" && holding) return "drop";
  if (e.ctrlKey || e.metaKey) {
    if (e.altKey) return null;
    if (lower === "z" && !e.shiftKey) return "undo";
    if (lower === "y" || (lower === "z" && e.shiftKey)) return "redo";
    return null;
  }
  if (e.altKey) return null;
  if (key === "?") return "keys";
  if (e.shiftKey && /^[a-z]$/.test(lower)) return null;
  if (Object.hasOwn(LETTERS, lower)) return LETTERS[lower];
  const digit = /^[0-9]$/.test(key) ? key : /^(Digit|Numpad)[0-9]$/.test(e.code) ? e.code.slice(-1) : null;
  return digit === null ? null : COLUMNS.at(Number(digit) - 1); // 1 … 9, and 0 the last column
}

/**
 * The place an arrow, Home or End leads to from `current`: along its row
 * (the columns, or the top row `top`), or to the nearest place of the other
 * row by `centreX`.
 * @param {string} key
 * @param {string} current
 * @param {string[]} top the top row's places, left to right
 * @param {(name: string) => number} centreX
 */
export function stepFrom(key, current, top, centreX) {
  const inTop = placeKind(current) !== "column";
  const row = inTop ? top : COLUMNS;
  const i = row.indexOf(current);
  const nearest = (names) =>
    names.reduce((best, name) => (Math.abs(centreX(name) - centreX(current)) < Math.abs(centreX(best) - centreX(current)) ? name : best));
  if (key === "ArrowLeft") return row[Math.max(0, i - 1)];
  if (key === "ArrowRight") return row[Math.min(row.length - 1, i + 1)];
  if (key === "Home") return row[0];
  if (key === "End") return row[row.length - 1];
  if (key === "ArrowUp" && !inTop) return nearest(top);
  if (key === "ArrowDown" && inTop) return nearest(COLUMNS);
  return current;
}

/**
 * A card or run held from the keyboard (P), dropped elsewhere with Enter.
 * @param {import("../create-page.js").Page} page
 */
function createHold({ api, state }) {
  const board = api.board;
  let picked = null; // { src, n } while a card or run is held
  const liftable = (place) => (state.view ? state.view.lift[place] || 0 : 0);

  // The cards held marked, and where they may go outlined (the view's dests).
  function mark() {
    for (const el of document.querySelectorAll(".card.picked")) el.classList.remove("picked");
    board.highlight([]);
    if (!picked) return [];
    for (const card of state.view.places[picked.src].slice(-picked.n)) board.cards.get(card).classList.add("picked");
    const targets = destsOf(state.view, picked.src, picked.n);
    board.highlight(targets);
    return targets;
  }

  function say(targets) {
    const cards = state.view.places[picked.src];
    const card = cardName(cards[cards.length - picked.n]);
    const said = picked.n === 1 ? t("a11y.picked", { card }) : t("a11y.pickedGroup", { count: picked.n, card });
    const where = targets.length ? t("a11y.targets", { places: targets.map(placeName).join(", ") }) : t("a11y.noTargets");
    api.announce(`${said}, ${where}`);
  }

  return {
    get picked() {
      return picked;
    },
    pickUp(place) {
      if (!liftable(place)) return api.toast(t("refuse.empty-source"));
      picked = { src: place, n: 1 };
      say(mark());
    },
    resize(delta) {
      const n = Math.max(1, Math.min(liftable(picked.src), picked.n + delta));
      if (n === picked.n) return;
      picked.n = n;
      say(mark());
    },
    putDown(said = true) {
      if (!picked) return;
      picked = null;
      mark();
      if (said) api.announce(t("a11y.dropped"));
    },
    // Played, the state drawn lets go of the cards (init); refused, they stay held.
    drop(dst) {
      const { src, n } = picked;
      if (api.do("drop", { src, dst, n }).ok === false) board.shake(dst);
    },
  };
}

/**
 * Keys on a focused place: moving, tapping, picking up and dropping.
 * @param {import("../create-page.js").Page} page
 * @param {ReturnType<typeof createHold>} hold
 * @param {ReturnType<typeof createTapPolicy>} taps
 */
function createBoardKeys({ api, state }, hold, taps) {
  const board = api.board;
  const topRow = () => Array.from(board.places.keys()).filter((name) => placeKind(name) !== "column");
  const centreX = (name) => {
    const r = board.places.get(name).getBoundingClientRect();
    return r.left + r.width / 2;
  };

  // Enter or Space: a tap, and twice quickly a double tap. Enter on a held card
  // or run puts it down; twice quickly, the run is double-tapped (n = its size).
  function press(place, time) {
    const held = hold.picked ? hold.picked.n : 0;
    const kind = taps.tap(place, held || 1, time, held > 0);
    hold.putDown(kind === "single");
  }

  /** @param {KeyboardEvent} e @returns {boolean} whether the key was used */
  return function boardKey(e) {
    const place = /** @type {HTMLElement} */ (e.target).dataset.place;
    state.focus = place;
    const key = e.key;
    const plain = !(e.shiftKey || e.ctrlKey || e.altKey || e.metaKey);
    if (hold.picked && e.shiftKey && (key === "ArrowUp" || key === "ArrowDown")) {
      hold.resize(key === "ArrowUp" ? 1 : -1);
      return true;
    }
    if (key.startsWith("Arrow") || key === "Home" || key === "End") {
      if (plain) api.focusPlace(stepFrom(key, state.focus, topRow(), centreX));
      return plain;
    }
    if (key === "Enter" || key === " ") {
      if (e.repeat) return true;
      if (!hold.picked || hold.picked.src === place) press(place, e.timeStamp);
      else hold.drop(place);
      return true;
    }
    if (key.toLowerCase() !== "p" || e.ctrlKey || e.metaKey || e.altKey) return false;
    if (e.repeat) return true;
    if (hold.picked && hold.picked.src === place) hold.putDown();
    else {
      taps.disarm();
      hold.pickUp(place);
    }
    return true;
  };
}

/**
 * @param {import("../create-page.js").Page} page
 * @param {{early: ReturnType<typeof import("./early-input.js").init>}} services
 */
export function init(page, { early }) {
  const { api, events, state } = page;
  const $ = (sel) => page.root.querySelector(sel);
  const hold = createHold(page);
  const boardKey = createBoardKeys(page, hold, createTapPolicy(page));
  const openKeys = () => api.openDialog("#keys-dialog");

  // Keys anywhere on the page (not in a dialog, not while typing).
  function pageKey(e) {
    const action = pageKeyAction(e, Boolean(hold.picked));
    if (action === null) return false;
    if (action === "drop") hold.putDown();
    else if (action === "keys") openKeys();
    else if (placeKind(action) === "column") {
      if (!state.view) return false;
      api.focusPlace(action);
    } else api.commands[action]();
    return true;
  }

  /** @param {KeyboardEvent} e */
  function onKey(e) {
    if (document.querySelector("dialog[open]")) return;
    const onPlace = e.target instanceof Element && e.target.matches("[data-place]");
    if ((onPlace && boardKey(e)) || pageKey(e)) e.preventDefault();
  }

  // A key pressed on a board drawn before the engine is ready is kept, with
  // taps and drags, and played in order once it is (early-input.js).
  /** @param {KeyboardEvent} e */
  function onKeydown(e) {
    if (e.defaultPrevented || typing(e.target)) return;
    if (!early.waiting) {
      if (state.view) onKey(e);
      return;
    }
    if (e.repeat || ["Tab", "Shift", "Control", "Alt", "Meta"].includes(e.key)) return;
    const place = e.target instanceof HTMLElement && e.target.matches("[data-place]") ? e.target.dataset.place : null;
    early.keep(place, () => state.view && onKey(e));
  }
  document.addEventListener("keydown", onKeydown);
  for (const e of early.kept("key")) onKeydown(/** @type {KeyboardEvent} */ (e));
  $("#keys-open")?.addEventListener("click", openKeys);

  // Keep the tab stop and a held card in step with what is drawn.
  events.on(EVENT.state, () => {
    hold.putDown(false);
    api.rove();
  });
  document.addEventListener("focusin", (e) => {
    const target = /** @type {HTMLElement} */ (e.target);
    if (target.dataset?.place && api.board.places.get(target.dataset.place) === target) {
      state.focus = target.dataset.place;
      api.rove();
    }
  });
  // A pointer on the board lets go of a card held from the keyboard.
  $("#board").addEventListener("pointerdown", () => hold.putDown(false), true);
}
