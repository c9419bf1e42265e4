// Keyboard play: the board is one tab stop (a roving tabindex over the
// places), arrows move between places, Enter or Space taps (twice quickly: a
// double tap), P picks up a card or run that Enter drops elsewhere. Every move
// goes to the engine as the same intents the pointer sends; no rule lives here.
import { hub } from "./hub.js";
import { DOUBLE_TAP_MS } from "./input.js";
import { cardName, placeName, refusal, t } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);
let current = "t1"; // the place that holds the board's tab stop
let picked = null; // { src, n } while a card or run is held
let lastPress = null; // { place, time, moved, n, timer } for the double press
let dropping = false; // a state drawn by our own drop keeps nothing held

const places = () => (hub.board ? hub.board.places : new Map());

function topRowNames() {
  return Array.from(places().keys()).filter((name) => name[0] !== "t");
}

function columnNames() {
  return Array.from({ length: 10 }, (_, i) => `t${i + 1}`);
}

// -- focus -------------------------------------------------------------------

function rove() {
  if (!places().has(current)) current = "t1";
  for (const [name, el] of places()) el.tabIndex = name === current ? 0 : -1;
}

function focusPlace(name) {
  const el = places().get(name);
  if (!el) return;
  current = name;
  rove();
  el.focus();
}
hub.focusBoard = () => {
  rove();
  focusPlace(current);
};

function centreX(name) {
  const r = places().get(name).getBoundingClientRect();
  return r.left + r.width / 2;
}

function nearest(names, x) {
  let best = names[0];
  for (const name of names) if (Math.abs(centreX(name) - x) < Math.abs(centreX(best) - x)) best = name;
  return best;
}

function step(key) {
  const inTop = current[0] !== "t";
  const row = inTop ? topRowNames() : columnNames();
  const i = row.indexOf(current);
  if (key === "ArrowLeft") return row[Math.max(0, i - 1)];
  if (key === "ArrowRight") return row[Math.min(row.length - 1, i + 1)];
  if (key === "Home") return row[0];
  if (key === "End") return row[row.length - 1];
  if (key === "ArrowUp" && !inTop) return nearest(topRowNames(), centreX(current));
  if (key === "ArrowDown" && inTop) return nearest(columnNames(), centreX(current));
  return current;
}

// -- pick up and drop ----------------------------------------------------------

function maxRun(place) {
  const view = hub.view;
  if (!view || !(view.places[place] || []).length) return 0;
  return place[0] === "t" ? view.runs[place] : 1;
}

function markPicked() {
  for (const el of document.querySelectorAll(".card.picked")) el.classList.remove("picked");
  hub.board.highlight([]);
  if (!picked) return [];
  const cards = hub.view.places[picked.src].slice(-picked.n);
  for (const card of cards) hub.board.cards.get(card).classList.add("picked");
  const targets = hub.engine("targets", { src: picked.src, n: picked.n }).targets;
  hub.board.highlight(targets);
  return targets;
}

function sayPicked(targets) {
  const cards = hub.view.places[picked.src];
  const card = cardName(cards[cards.length - picked.n]);
  const said = picked.n === 1 ? t("a11y.picked", { card }) : t("a11y.pickedGroup", { count: picked.n, card });
  const where = targets.length ? t("a11y.targets", { places: targets.map(placeName).join(", ") }) : t("a11y.noTargets");
  hub.announce?.(`${said}, ${where}`);
}

function pickUp(place) {
  if (lastPress) clearTimeout(lastPress.timer);
  lastPress = null;
  if (!maxRun(place)) {
    hub.toast(t("refuse.empty-source"));
    return;
  }
  picked = { src: place, n: 1 };
  sayPicked(markPicked());
}

function resize(delta) {
  const n = Math.max(1, Math.min(maxRun(picked.src), picked.n + delta));
  if (n === picked.n) return;
  picked.n = n;
  sayPicked(markPicked());
}

function putDown(say = true) {
  if (!picked) return;
  picked = null;
  markPicked();
  if (say) hub.announce?.(t("a11y.dropped"));
}

function drop(dst) {
  const { src, n } = picked;
  const answer = hub.engine("drop", { src, dst, n });
  if (!answer.ok) {
    hub.board.shake(dst);
    hub.toast(refusal(answer.error));
    return;
  }
  picked = null;
  markPicked();
  dropping = true;
  hub.show(answer);
  dropping = false;
}

// -- Enter or Space: tap, and twice quickly a double tap ---------------------
// Like the pointer: the first press taps at once; a second press on the same
// place within the double-tap window is a double tap, unless the first one
// moved a card. Enter on a held card or run puts it down; twice quickly, the
// run is double-tapped (n = its size), as a double tap on its head would.

function press(place) {
  const now = performance.now();
  const last = lastPress;
  if (last && last.place === place && now - last.time < DOUBLE_TAP_MS) {
    lastPress = null;
    clearTimeout(last.timer);
    if (last.moved) return; // the first press already sent the card home
    if (picked) putDown(false);
    const answer = hub.engine("double_tap", { place, n: last.n });
    if (answer.ok) hub.show(answer);
    else refuse(place, answer.error);
    return;
  }
  if (picked) {
    lastPress = { place, time: now, moved: false, n: picked.n, timer: 0 };
    putDown();
    return;
  }
  const answer = hub.engine("tap", { place });
  if (answer.ok) hub.show(answer);
  lastPress = { place, time: now, moved: answer.ok, n: 1, timer: 0 };
  // A refused tap is shown once no second press follows.
  if (!answer.ok) lastPress.timer = setTimeout(() => refuse(place, answer.error), DOUBLE_TAP_MS);
}

function refuse(place, error) {
  hub.board.shake(place);
  hub.toast(refusal(error));
}

// -- keys --------------------------------------------------------------------

function typing(target) {
  return target instanceof Element && !!target.closest("input, select, textarea, [contenteditable]");
}

function click(sel) {
  const el = $(sel);
  if (el && !el.disabled && !el.hidden) el.click();
}

// Keys on a focused place: moving, tapping, picking up and dropping.
function boardKey(e) {
  const place = e.target.dataset.place;
  current = place;
  const key = e.key;
  if (key.startsWith("Arrow") && e.shiftKey && picked && (key === "ArrowUp" || key === "ArrowDown")) {
    resize(key === "ArrowUp" ? 1 : -1);
    return true;
  }
  if (key.startsWith("Arrow") || key === "Home" || key === "End") {
    if (e.shiftKey || e.ctrlKey || e.altKey || e.metaKey) return false;
    focusPlace(step(key));
    return true;
  }
  if (key === "Enter" || key === " ") {
    if (e.repeat) return true;
    if (!picked || picked.src === place) press(place);
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
  const lower = key.length === 1 ? key.toLowerCase() : key;
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
  const digit = /^[0-9]$/.test(key) ? key : /^(Digit|Numpad)[0-9]$/.test(e.code) ? e.code.slice(-1) : null;
  if (digit !== null && hub.view) {
    focusPlace(`t${digit === "0" ? 10 : digit}`);
    return true;
  }
  return false;
}

document.addEventListener("keydown", (e) => {
  if (e.defaultPrevented || !hub.view || typing(e.target)) return;
  if (document.querySelector("dialog[open]")) return;
  const onPlace = e.target instanceof Element && e.target.matches("[data-place]");
  if ((onPlace && boardKey(e)) || pageKey(e)) e.preventDefault();
});

// -- the keyboard help dialog ------------------------------------------------

function openKeys() {
  hub.openDialog("#keys-dialog");
}
$("#keys-open")?.addEventListener("click", openKeys);

// -- keep the tab stop and a held card in step with what is drawn -------------

hub.addEventListener("state", () => {
  if (picked && !dropping) putDown(false);
  rove();
});

document.addEventListener("focusin", (e) => {
  if (e.target.dataset?.place && places().get(e.target.dataset.place) === e.target) {
    current = e.target.dataset.place;
    rove();
  }
});

// A pointer on the board lets go of a card held from the keyboard.
$("#board").addEventListener("pointerdown", () => putDown(false), true);
