// Screen reader support: names for the places in the page's language, what
// each move did said once through the live region (from the answer's move,
// never by comparing boards), every toast said there too, and dialogs that
// keep focus inside and give it back.
import { placeKind } from "#build/facts.js";
import { foundationSuit } from "./board/cards.js";
import { cardName, label, placeName, t } from "./i18n.js";
import { EVENT } from "./events.js";
import { setAttr } from "./dom-writes.js";

/** @typedef {import("#build/engine-api.js").View} View */
/** @typedef {import("#build/engine-api.js").Move} Move */

const FOCUSABLE = "button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])";

const sameCards = (/** @type {string[]} */ a, /** @type {string[]} */ b = []) => a.length === b.length && a.every((card, i) => card === b[i]);

/** @param {string} name @param {string[]} cards */
function placeLabel(name, cards) {
  const n = Number(name.slice(1));
  const top = cards.length ? cardName(cards[cards.length - 1]) : "";
  const kind = placeKind(name);
  if (kind === "column") {
    if (!cards.length) return t("a11y.columnEmpty", { n: label(n) });
    return t("a11y.column", { n: label(n), count: cards.length, top });
  }
  if (kind === "cell") return cards.length ? t("a11y.cell", { n: label(n), top }) : t("a11y.cellEmpty", { n: label(n) });
  const suit = t(`suit.${foundationSuit(name)}`);
  return cards.length ? t("a11y.foundation", { suit, top }) : t("a11y.foundationEmpty", { suit });
}

// "Moved seven of hearts to column 3": the head of the cards that moved, where they went.
/** @param {Move} move @param {View} view */
function moved(move, view) {
  const cards = view.places[move.to] || [];
  const card = cards[cards.length - move.n];
  if (!card) return "";
  const to = placeName(move.to);
  if (move.n === 1) return t("a11y.moved", { card: cardName(card), to });
  return t("a11y.movedGroup", { count: move.n, card: cardName(card), to });
}

/** @param {import("./create-page.js").Page} page */
export function init(page) {
  sayToasts(page);
  sayStates(page);
  keepFocusInDialogs(page);
}

// The toast is only seen; what it says is read from the one live region.
/** @param {import("./create-page.js").Page} page */
function sayToasts({ root, api }) {
  const toastEl = /** @type {HTMLElement | null} */ (root.querySelector("#toast"));
  if (!toastEl) return;
  let lastToast = "";
  new MutationObserver(() => {
    const text = toastEl.hidden ? "" : toastEl.textContent;
    if (text && text !== lastToast) api.announce(text);
    lastToast = text;
  }).observe(toastEl, { childList: true, characterData: true, subtree: true, attributes: true });
}

// Names of places and cards, and what changed, said once per drawn state.
/** @param {import("./create-page.js").Page} page */
function sayStates({ root, api, events }) {
  const board = api.board;

  /** @param {string[]} cards */
  function nameCards(cards) {
    for (const card of cards) {
      const el = board.cards.get(card);
      if (el && el.getAttribute("aria-label") !== cardName(card)) {
        el.setAttribute("role", "img");
        el.setAttribute("aria-label", cardName(card));
        // The corner and pip are the picture; the name says it in words.
        for (const part of el.children) part.setAttribute("aria-hidden", "true");
      }
    }
  }

  // After a move only the places whose cards changed are named again, and a
  // name is written only when it changes (naming all 18 places at every tap
  // showed in bench/taps.py); any other state drawn (a deal, the strings
  // of another language) names them all.
  /** @param {View} view @param {View | null} [previous] */
  function namePlaces(view, previous = null) {
    // The table is an application (every key goes to keyboard.js); each place
    // is a named group, "pile", holding its cards (named images).
    const table = root.querySelector("#board .table");
    if (table) setAttr(table, "aria-roledescription", t("a11y.tableRole"));
    for (const [name, el] of board.places) {
      const cards = view.places[name] || [];
      if (previous && sameCards(cards, previous.places[name])) continue;
      setAttr(el, "role", "group");
      setAttr(el, "aria-roledescription", t("a11y.pileRole"));
      setAttr(el, "aria-label", placeLabel(name, cards));
      // A column's whole content, bottom card first: every card is face up.
      const all = placeKind(name) === "column" && cards.length > 1 ? t("a11y.cards", { cards: cards.map(cardName).join(", ") }) : null;
      setAttr(el, "aria-description", all);
      nameCards(cards);
    }
  }

  // Nothing here is seen: it waits for the frame that shows the state (events.js later).
  events.later(EVENT.state, ({ view, previous, reason, move }) => {
    namePlaces(view, reason === "move" ? previous : null);
    if (reason === "deal") {
      if (previous) api.announce(t("status.newDeal", { code: view.code }));
      return;
    }
    if (reason !== "move" || !previous) return;
    const said = [move ? moved(move, view) : ""];
    if (view.score !== previous.score) said.push(t("a11y.scoreNow", { score: label(view.score) }));
    api.announce(said.filter(Boolean).join(", "));
    if (view.won && !previous.won) api.announce(t("a11y.won"));
  });
}

/** @param {Element} dialog @returns {HTMLElement[]} */
function focusables(dialog) {
  return Array.from(dialog.querySelectorAll(FOCUSABLE))
    .filter((el) => el instanceof HTMLElement)
    .filter((el) => !("disabled" in el && el.disabled) && el.getClientRects().length && getComputedStyle(el).visibility !== "hidden");
}

// Modal dialogs: focus goes in, stays in, and comes back.
/** @param {import("./create-page.js").Page} page */
function keepFocusInDialogs({ root, api }) {
  /** @type {HTMLElement | null} */
  let lastOutside = null;
  document.addEventListener("focusin", (e) => {
    if (e.target instanceof HTMLElement && !e.target.closest("dialog")) lastOutside = e.target;
  });

  document.addEventListener("keydown", (e) => {
    if (e.key !== "Tab") return;
    const dialog = Array.from(document.querySelectorAll("dialog[open]"))
      .filter((d) => d.matches(":modal"))
      .pop();
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

  for (const dialog of root.querySelectorAll("dialog")) {
    dialog.addEventListener("close", () => {
      // The browser gives focus back to the opener; when the opener is gone
      // (the top row is rebuilt for another number of cells) the board has it.
      setTimeout(() => {
        if (document.querySelector("dialog[open]")) return;
        const active = document.activeElement;
        if (active && active !== document.body) return;
        if (lastOutside && lastOutside.isConnected) lastOutside.focus();
        else api.focusBoard();
      }, 0);
    });
  }
}
