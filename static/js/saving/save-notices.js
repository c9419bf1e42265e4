// What the player is told about saving (storage.js, saving.js):
// - another tab has stored a newer game: a dialog says so and holds the board
//   (nothing more is saved here) until the player chooses "Play here", which
//   reloads this tab with the game as stored;
// - storage is full, or does not keep what is written: a notice that stays
//   while saving fails, and a word once saving works again;
// - at start-up, what was set aside: a saved game too large, unreadable or
//   that did not replay, statistics that could not be read (each kept aside
//   under its key + ".aside", said once), a game or statistics of a newer
//   version (kept as they are, not saved over: a notice until closed).
import { questionDialog } from "../dialog-parts.js";
import { amount, t } from "../i18n.js";
import { EVENT } from "../events.js";

// A modal dialog that only its own button closes.
function elsewhereDialog(root) {
  const { dialog, title, text, buttons } = questionDialog(root, "elsewhere", ["play-here"]);
  dialog.addEventListener("cancel", (e) => e.preventDefault());
  return { dialog, title, text, here: buttons[0] };
}

// The notice at the foot of the page, shown while there is something to say.
function notice(root) {
  const bar = Object.assign(document.createElement("div"), { className: "update-notice saving-notice", hidden: true });
  bar.dataset.testid = "saving-notice";
  bar.setAttribute("role", "alert");
  const text = document.createElement("span");
  const close = Object.assign(document.createElement("button"), { type: "button" });
  close.addEventListener("click", () => (bar.hidden = true));
  bar.append(text, close);
  root.body.append(bar);
  return {
    show(reason, key, closable) {
      bar.dataset.reason = reason;
      text.textContent = t(key);
      close.textContent = t("saving.close");
      close.hidden = !closable;
      bar.hidden = false;
    },
    hide(reason) {
      if (bar.dataset.reason === reason) bar.hidden = true;
    },
  };
}

// The toast for a stored game set aside at start-up, or null.
function setAside(startup, notes) {
  const big = notes.find((n) => n.kind === "oversized");
  if (big) return t("saving.tooLarge");
  if (notes.some((n) => n.kind === "unreadable-game")) return t("saving.notRestored");
  const problem = startup && startup.saved;
  if (!problem) return notes.some((n) => n.kind === "unreadable-stats") ? t("saving.statsAside") : null;
  if (problem.key === "save-too-big") {
    const { count, limit } = problem.params;
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

  let full = false;
  events.on(EVENT.saving, ({ status }) => {
    doc.body.dataset.saving = status;
    if (status === "stale") {
      if (state.ready) takenOver();
      else events.on(EVENT.ready, () => setTimeout(takenOver, 0), { once: true }); // strings and board first
    }
    const failing = status === "full" || status === "unsaved";
    if (failing) bar.show("full", status === "full" ? "saving.full" : "saving.unsaved", false);
    else {
      bar.hide("full");
      if (full && status === "ok") api.toast(t("saving.resumed"), 4000);
    }
    full = failing;
  });

  events.on(EVENT.ready, () => {
    const notes = saver.notes;
    const aside = setAside(state.startup, notes);
    if (aside) api.toast(aside, 8000);
    if (notes.some((n) => n.kind === "newer-game")) bar.show("newer", "saving.newerGame", true);
    else if (notes.some((n) => n.kind === "newer-stats")) bar.show("newer", "saving.newerStats", true);
  });
}
