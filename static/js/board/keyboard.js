// Keyboard play: the board is one tab stop (a roving tabindex over the
// places), arrows move between places, Enter or Space taps (twice quickly: a
// double tap, as taps.js decides for the pointer too), P picks up a card or
// run that Enter drops elsewhere; letters run the toolbar's commands (site.toml
// [keys] lists them all for the ? dialog), the same functions their buttons
// call. Every move goes to the engine as the same intents the pointer sends;
// how many cards may be picked up is the view's `lift`. No rule lives here.
import { COLUMNS, placeKind } from "#build/facts.js";
import { cardName, placeName, refusal, t } from "../i18n.js";
import { tapWords } from "./refusals.js";
import { createTaps } from "./taps.js";
import { EVENT } from "../events.js";
import { keptEarly } from "./early-input.js";


function typing(target) {
  return target instanceof Element && !!target.closest("input, select, textarea, [contenteditable]");
}

// The letter a key names: its own on a Latin layout (AZERTY's A is "a"), and
// on a layout of another script the one its place has on a US keyboard, so
// every command keeps a key.
function letterOf(e) {
  const lower = e.key.length === 1 ? e.key.toLowerCase() : "";
  if (/^[a-z]$/.test(lower)) return lower;
  return /^\p{L}$/u.test(lower) && /^Key[A-Z]$/.test(e.code) ? e.code.slice(3).toLowerCase() : "";
}

/**
 * @param {import("../create-page.js").Page} page
 * @param {{early: ReturnType<typeof import("./early-input.js").init>, showMe: () => void, finishGame: () => void}} services
 *   Show me (solver/assist.js) and Finish (finish.js)
 */
export function init(page, { early, showMe, finishGame }) {
  const { api, events, state } = page;
  const board = api.board;
  const $ = (sel) => page.root.querySelector(sel);
  const taps = createTaps({ now: () => performance.now(), later: setTimeout, cancel: clearTimeout });
  let picked = null; // { src, n } while a card or run is held

  // -- moving between places ---------------------------------------------------
  const topRow = () => Array.from(board.places.keys()).filter((name) => placeKind(name) !== "column");

  function centreX(name) {
    const r = board.places.get(name).getBoundingClientRect();
    return r.left + r.width / 2;
  }

  function nearest(names, x) {
    let best = names[0];
    for (const name of names) if (Math.abs(centreX(name) - x) < Math.abs(centreX(best) - x)) best = name;
    return best;
  }

  function step(key) {
    const current = state.focus;
    const inTop = placeKind(current) !== "column";
    const row = inTop ? topRow() : COLUMNS;
    const i = row.indexOf(current);
    if (key === "ArrowLeft") return row[Math.max(0, i - 1)];
    if (key === "ArrowRight") return row[Math.min(row.length - 1, i + 1)];
    if (key === "Home") return row[0];
    if (key === "End") return row[row.length - 1];
    if (key === "ArrowUp" && !inTop) return nearest(topRow(), centreX(current));
    if (key === "ArrowDown" && inTop) return nearest(COLUMNS, centreX(current));
    return current;
  }

  // -- pick up and drop ----------------------------------------------------------
  const liftable = (place) => (state.view ? state.view.lift[place] || 0 : 0);

  function markPicked() {
    for (const el of document.querySelectorAll(".card.picked")) el.classList.remove("picked");
    board.highlight([]);
    if (!picked) return [];
    const cards = state.view.places[picked.src].slice(-picked.n);
    for (const card of cards) board.cards.get(card).classList.add("picked");
    const found = api.engine.targets({ src: picked.src, n: picked.n });
    const targets = found.ok === false ? [] : found.targets;
    board.highlight(targets);
    return targets;
  }

  function sayPicked(targets) {
    const cards = state.view.places[picked.src];
    const card = cardName(cards[cards.length - picked.n]);
    const said = picked.n === 1 ? t("a11y.picked", { card }) : t("a11y.pickedGroup", { count: picked.n, card });
    const where = targets.length
      ? t("a11y.targets", { places: targets.map(placeName).join(", ") })
      : t("a11y.noTargets");
    api.announce(`${said}, ${where}`);
  }

  function pickUp(place) {
    taps.disarm();
    if (!liftable(place)) {
      api.toast(t("refuse.empty-source"));
      return;
    }
    picked = { src: place, n: 1 };
    sayPicked(markPicked());
  }

  function resize(delta) {
    const n = Math.max(1, Math.min(liftable(picked.src), picked.n + delta));
    if (n === picked.n) return;
    picked.n = n;
    sayPicked(markPicked());
  }

  function putDown(say = true) {
    if (!picked) return;
    picked = null;
    markPicked();
    if (say) api.announce(t("a11y.dropped"));
  }

  function drop(dst) {
    const { src, n } = picked;
    const answer = api.engine.drop({ src, dst, n });
    if (answer.ok === false) {
      board.shake(dst);
      api.toast(refusal(answer.error));
      return;
    }
    picked = null;
    markPicked();
    api.show(answer);
  }

  /** Shake `place` and say why nothing moved (refusals.js). */
  function refuse(place, words) {
    board.shake(place);
    if (words) api.toast(words, 3500);
  }

  // -- Enter or Space: tap, and twice quickly a double tap ---------------------
  // Enter on a held card or run puts it down; twice quickly, the run is
  // double-tapped (n = its size), as a double tap on its head would.
  function press(place, time) {
    taps.tap(place, {
      single() {
        if (picked) {
          const n = picked.n;
          putDown();
          return { moved: false, n };
        }
        const view = state.view;
        const answer = api.act(api.engine.tap({ place }));
        // A refused tap is shown once no second press follows.
        return { moved: answer.ok, n: 1, refuse: () => answer.ok === false && refuse(place, tapWords(answer, view)) };
      },
      double(first) {
        if (picked) putDown(false);
        // A double press on a foundation asks to finish the game.
        if (placeKind(place) === "foundation") return events.emit(EVENT.finish, { place });
        const answer = api.act(api.engine.doubleTap({ place, n: first.n }));
        if (answer.ok === false) refuse(place, refusal(answer.error));
      },
    }, time);
  }

  // -- keys --------------------------------------------------------------------
  function click(sel) {
    const el = $(sel);
    if (el && !el.disabled && !el.hidden) el.click();
  }

  // Keys on a focused place: moving, tapping, picking up and dropping.
  function boardKey(e) {
    const place = e.target.dataset.place;
    state.focus = place;
    const key = e.key;
    if (key.startsWith("Arrow") && e.shiftKey && picked && (key === "ArrowUp" || key === "ArrowDown")) {
      resize(key === "ArrowUp" ? 1 : -1);
      return true;
    }
    if (key.startsWith("Arrow") || key === "Home" || key === "End") {
      if (e.shiftKey || e.ctrlKey || e.altKey || e.metaKey) return false;
      api.focusPlace(step(key));
      return true;
    }
    if (key === "Enter" || key === " ") {
      if (e.repeat) return true;
      if (!picked || picked.src === place) press(place, e.timeStamp);
      else drop(place);
      return true;
    }
    if (key.toLowerCase() === "p" && !e.ctrlKey && !e.metaKey && !e.altKey) {
      if (e.repeat) return true;
      if (picked && picked.src === place) putDown();
      else pickUp(place);
      return true;
    }
    return false;
  }

  // Keys anywhere on the page (not in a dialog, not while typing).
  function pageKey(e) {
    const key = e.key;
    const lower = letterOf(e) || (key.length === 1 ? key.toLowerCase() : key);
    const ctrl = e.ctrlKey || e.metaKey;
    if (key === "Escape" && picked) {
      putDown();
      return true;
    }
    if (ctrl && !e.altKey) {
      if (lower === "z" && !e.shiftKey) return click("[data-testid=undo]"), true;
      if (lower === "y" || (lower === "z" && e.shiftKey)) return click("[data-testid=redo]"), true;
      return false;
    }
    if (e.altKey) return false;
    if (key === "?") return openKeys(), true;
    if (e.shiftKey && /^[a-z]$/.test(lower)) return false;
    if (lower === "u") return click("[data-testid=undo]"), true;
    if (lower === "r") return click("[data-testid=redo]"), true;
    if (lower === "n") return click("[data-testid=new-game]"), true;
    if (lower === "h") return click("[data-testid=hint]"), true;
    if (lower === "s") return showMe(), true;
    if (lower === "f") return finishGame(), true;
    const digit = /^[0-9]$/.test(key) ? key : /^(Digit|Numpad)[0-9]$/.test(e.code) ? e.code.slice(-1) : null;
    if (digit !== null && state.view) {
      api.focusPlace(COLUMNS.at(Number(digit) - 1)); // 1 … 9, and 0 the last column
      return true;
    }
    return false;
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
  for (const e of keptEarly("key")) onKeydown(/** @type {KeyboardEvent} */ (e));

  // -- the keyboard help dialog ------------------------------------------------
  const openKeys = () => api.openDialog("#keys-dialog");
  $("#keys-open")?.addEventListener("click", openKeys);

  // -- keep the tab stop and a held card in step with what is drawn -------------
  events.on(EVENT.state, () => {
    if (picked) putDown(false);
    api.rove();
  });

  document.addEventListener("focusin", (e) => {
    const target = /** @type {HTMLElement} */ (e.target);
    if (target.dataset?.place && board.places.get(target.dataset.place) === target) {
      state.focus = target.dataset.place;
      api.rove();
    }
  });

  // A pointer on the board lets go of a card held from the keyboard.
  $("#board").addEventListener("pointerdown", () => putDown(false), true);
}
