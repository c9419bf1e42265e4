// Screen reader support: names for the places in the page's language, one
// polite live region for everything said aloud (moves, score, the win, and
// every toast), and dialogs that keep focus inside and give it back. Reads the
// state from the hub's "state" events; holds no rule.
import { hub } from "./hub.js";
import { cardName, placeName, t } from "./i18n.js";
import "./keyboard.js";
import "./themes.js";

const $ = (sel) => document.querySelector(sel);

// -- the live region ---------------------------------------------------------

const region = document.createElement("div");
region.id = "announcer";
region.className = "visually-hidden";
region.dataset.testid = "announcer";
region.setAttribute("role", "status");
region.setAttribute("aria-live", "polite");
region.setAttribute("aria-atomic", "true");
document.body.append(region);

let pending = [];
let flushTimer = 0;

// Everything said in the same moment is joined into one message; the region
// is emptied first so that the same words twice are still read twice.
export function announce(text) {
  if (!text) return;
  pending.push(text);
  if (flushTimer) return;
  region.textContent = "";
  flushTimer = setTimeout(() => {
    region.textContent = pending.join(". ");
    pending = [];
    flushTimer = 0;
  }, 60);
}
hub.announce = announce;

// The toast is only seen; what it says is read from the one live region.
const toastEl = $("#toast");
if (toastEl) {
  let lastToast = "";
  new MutationObserver(() => {
    const text = toastEl.hidden ? "" : toastEl.textContent;
    if (text && text !== lastToast) announce(text);
    lastToast = text;
  }).observe(toastEl, { childList: true, characterData: true, subtree: true, attributes: true });
}

// -- names of places ---------------------------------------------------------

function placeLabel(name, cards) {
  const n = Number(name.slice(1));
  const top = cards.length ? cardName(cards[cards.length - 1]) : "";
  const suit = t(`suit.${"SHDC"[n - 1]}`);
  if (name[0] === "t") {
    if (!cards.length) return t("a11y.columnEmpty", { n });
    if (cards.length === 1) return t("a11y.columnOne", { n, top });
    return t("a11y.column", { n, count: cards.length, top });
  }
  if (name[0] === "c") return cards.length ? t("a11y.cell", { n, top }) : t("a11y.cellEmpty", { n });
  return cards.length ? t("a11y.foundation", { suit, top }) : t("a11y.foundationEmpty", { suit });
}

function nameCards(cards) {
  for (const card of cards) {
    const el = hub.board.cards.get(card);
    if (el && el.getAttribute("aria-label") !== cardName(card)) {
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", cardName(card));
      // The corner and pip are the picture; the name says it in words.
      for (const part of el.children) part.setAttribute("aria-hidden", "true");
    }
  }
}

function label(view) {
  // The table is an application (every key goes to keyboard.js); each place
  // is a named group, "pile", holding its cards (named images).
  const table = $("#board .table");
  if (table) table.setAttribute("aria-roledescription", t("a11y.tableRole"));
  for (const [name, el] of hub.board.places) {
    const cards = view.places[name] || [];
    el.setAttribute("role", "group");
    el.setAttribute("aria-roledescription", t("a11y.pileRole"));
    el.setAttribute("aria-label", placeLabel(name, cards));
    // A column's whole content, bottom card first: every card is face up.
    if (name[0] === "t" && cards.length > 1) {
      el.setAttribute("aria-description", t("a11y.cards", { cards: cards.map(cardName).join(", ") }));
    } else {
      el.removeAttribute("aria-description");
    }
    nameCards(cards);
  }
}

// -- what changed, said once per drawn state ---------------------------------

function moved(previous, view) {
  let dst = null;
  let count = 0;
  for (const [name, cards] of Object.entries(view.places)) {
    const before = (previous.places[name] || []).length;
    if (cards.length > before && cards.length - before > count) {
      dst = name;
      count = cards.length - before;
    }
  }
  if (!dst) return "";
  const cards = view.places[dst];
  const to = placeName(dst);
  if (count === 1) return t("a11y.moved", { card: cardName(cards[cards.length - 1]), to });
  return t("a11y.movedGroup", { count, card: cardName(cards[cards.length - count]), to });
}

hub.addEventListener("state", (e) => {
  const { view, previous, reason } = e.detail;
  label(view);
  if (reason === "deal") {
    if (previous) announce(t("status.newDeal", { code: view.code }));
    return;
  }
  if (reason !== "move" || !previous) return;
  const said = [moved(previous, view)];
  if (view.score !== previous.score) said.push(t("a11y.scoreNow", { score: view.score }));
  announce(said.filter(Boolean).join(", "));
  if (view.won && !previous.won) announce(t("a11y.won"));
});

// -- modal dialogs: focus goes in, stays in, and comes back ------------------

const FOCUSABLE = "button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])";

function focusables(dialog) {
  return Array.from(dialog.querySelectorAll(FOCUSABLE)).filter(
    (el) => !el.disabled && el.getClientRects().length && getComputedStyle(el).visibility !== "hidden",
  );
}

let lastOutside = null;
document.addEventListener("focusin", (e) => {
  if (!e.target.closest("dialog")) lastOutside = e.target;
});

document.addEventListener("keydown", (e) => {
  if (e.key !== "Tab") return;
  const dialog = Array.from(document.querySelectorAll("dialog[open]")).filter((d) => d.matches(":modal")).pop();
  if (!dialog) return;
  const items = focusables(dialog);
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  const inside = dialog.contains(document.activeElement);
  if (e.shiftKey && (!inside || document.activeElement === first)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (!inside || document.activeElement === last)) {
    e.preventDefault();
    first.focus();
  }
});

for (const dialog of document.querySelectorAll("dialog")) {
  dialog.addEventListener("close", () => {
    // The browser gives focus back to the opener; when the opener is gone
    // (the top row is rebuilt for another number of cells) the board has it.
    setTimeout(() => {
      if (document.querySelector("dialog[open]")) return;
      const active = document.activeElement;
      if (active && active !== document.body) return;
      if (lastOutside && lastOutside.isConnected) lastOutside.focus();
      else hub.focusBoard?.();
    }, 0);
  });
}
