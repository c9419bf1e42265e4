// What the player is told about saving (storage.js, saving.js):
// - another tab has stored a newer game: a dialog says so and holds the board
//   (nothing more is saved here) until the player chooses "Play here", which
//   reloads this tab with the game as stored;
// - storage is full, refuses a write, or does not keep what is written: a
//   notice that stays until a write succeeds, and a word once it does; storage
//   this browser mode denies: a notice the player may close (saving is still
//   tried, and said when it works);
// - at start-up, what was set aside: a saved game too large, unreadable or
//   that did not replay, statistics that could not be read (each kept aside
//   under its key + ".aside", said once), a game or statistics of a newer
//   version (kept as they are, not saved over: a notice until closed).
import { questionDialog } from "../dialog-parts.js";
import { amount, t } from "../i18n.js";
import { EVENT } from "../events.js";

// The notice of each status in which the game is not being saved, and whether the player may close it.
/** @type {Record<string, {key: string, closable: boolean}>} */
const FAILING = {
  full: { key: "saving.full", closable: false },
  refused: { key: "saving.refused", closable: false },
  unsaved: { key: "saving.unsaved", closable: false },
  denied: { key: "storage.unavailable", closable: true },
};

// A modal dialog that only its own button closes.
/** @param {Document} root */
function elsewhereDialog(root) {
  const { dialog, title, text, buttons } = questionDialog(root, "elsewhere", ["play-here"]);
  dialog.addEventListener("cancel", (e) => e.preventDefault());
  return { dialog, title, text, here: buttons[0] };
}

// The notice at the foot of the page, shown while there is something to say.
/** @param {Document} root */
function notice(root) {
  const bar = Object.assign(document.createElement("div"), { className: "update-notice saving-notice", hidden: true });
  bar.dataset.testid = "saving-notice";
  bar.setAttribute("role", "alert");
  const text = document.createElement("span");
  const close = Object.assign(document.createElement("button"), { type: "button" });
  close.addEventListener("click", () => (bar.hidden = true));
  bar.append(text, close);
  root.body.append(bar);
  let shown = "";
  const say = () => {
    text.textContent = t(shown);
    close.textContent = t("saving.close");
  };
  return {
    /** @param {string} reason @param {string} key @param {boolean} closable */
    show(reason, key, closable) {
      bar.dataset.reason = reason;
      shown = key;
      say();
      close.hidden = !closable;
      bar.hidden = false;
    },
    /** @param {string} reason */
    hide(reason) {
      if (bar.dataset.reason === reason) bar.hidden = true;
    },
    // In the language now chosen.
    retell() {
      if (!bar.hidden) say();
    },
  };
}

// The toast for a stored game set aside at start-up, or null.
/**
 * @param {import("../create-page.js").State["startup"]} startup
 * @param {import("./saving.js").Note[]} notes
 */
function setAside(startup, notes) {
  const big = notes.find((n) => n.kind === "oversized");
  if (big) return t("saving.tooLarge");
  if (notes.some((n) => n.kind === "unreadable-game")) return t("saving.notRestored");
  const problem = startup && startup.saved;
  if (!problem) return notes.some((n) => n.kind === "unreadable-stats") ? t("saving.statsAside") : null;
  if (problem.key === "save-too-big") {
    const { count, limit } = /** @type {{count: number, limit: number}} */ (problem.params);
    return t("saving.tooManyMoves", { count, limit: amount(limit) }); // "more than the 10,000 a game can hold"
  }
  return t("saving.notRestored");
}

/**
 * @param {import("../create-page.js").Page} page
 * @param {{saver: import("./saving.js").Saver}} services the saver (storage.js)
 */
export function init(page, { saver }) {
  const { api, events, state } = page;
  const doc = page.root.ownerDocument || page.root;
  const bar = notice(doc);
  /** @type {ReturnType<typeof elsewhereDialog> | null} */
  let elsewhere = null;

  function takenOver() {
    api.clock.stop();
    // This tab's address now names the game that goes on, so a reload opens it.
    const code = saver.storedCode();
    history.replaceState(null, "", code ? `#${code}` : location.pathname + location.search);
    if (!elsewhere) {
      elsewhere = elsewhereDialog(doc);
      elsewhere.here.addEventListener("click", () => location.reload());
    }
    elsewhere.title.textContent = t("saving.elsewhereTitle");
    elsewhere.text.textContent = t("saving.elsewhereText");
    elsewhere.here.textContent = t("saving.playHere");
    for (const open of doc.querySelectorAll("dialog[open]")) {
      if (open !== elsewhere.dialog) /** @type {HTMLDialogElement} */ (open).close();
    }
    if (!elsewhere.dialog.open) elsewhere.dialog.showModal();
    elsewhere.here.focus();
  }

  // Whether the game is being saved, told from the board's start (the strings are in by then).
  let failing = false;
  /** @param {string} status */
  function tell(status) {
    const notice = FAILING[status];
    if (notice) bar.show("failing", notice.key, notice.closable);
    else {
      bar.hide("failing");
      if (failing && status === "ok") api.toast(t("saving.resumed"), 4000);
    }
    failing = Boolean(notice);
  }

  events.on(EVENT.saving, ({ status }) => {
    if (status === "stale") {
      if (state.ready) takenOver();
      else events.on(EVENT.ready, () => setTimeout(takenOver, 0), { once: true }); // strings and board first
    }
    if (state.ready) tell(status);
  });
  events.on(EVENT.language, () => bar.retell());

  events.on(EVENT.ready, () => {
    tell(saver.status); // what the saver found before there was a board to tell it on
    const notes = saver.notes;
    const aside = setAside(state.startup, notes);
    if (aside) api.toast(aside, 8000);
    if (notes.some((n) => n.kind === "newer-game")) bar.show("newer", "saving.newerGame", true);
    else if (notes.some((n) => n.kind === "newer-stats")) bar.show("newer", "saving.newerStats", true);
  });
}
