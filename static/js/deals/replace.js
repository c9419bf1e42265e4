// Nothing replaces a game in progress without asking. init returns confirmReplace({kind, title}), which
// resolves true when the player chooses to go on (a link's deal, a new deal,
// today's deal, the deal restarted), false to keep the game in progress; at
// once true when there is no game in progress (no move made, or won). The
// question says truthfully how the game left will be counted (stats-rules.js
// `leaving`): lost once played and not won; a restart keeps the same game,
// its moves on the redo list. Every action that would replace the game asks
// it: a link (url-hash.js), Deal and Restart in the New game dialog
// (dialogs.js), Today (daily.js); a game link asks the same in its own
// dialog (game-link.js).
import { questionDialog } from "../dialog-parts.js";
import { t } from "../i18n.js";
import { leaving } from "../stats/stats-rules.js";

// Per kind of action: the question's title and the button that goes on.
/** @type {Record<string, {title: string, go: string}>} */
const KINDS = {
  link: { title: "replace.title", go: "replace.open" },
  deal: { title: "replace.dealNew", go: "replace.deal" },
  daily: { title: "replace.daily", go: "replace.play" },
  restart: { title: "replace.restartTitle", go: "replace.restart" },
};

/** @param {Document} doc */
function build(doc) {
  const { dialog, title, text, buttons } = questionDialog(doc, "replace", ["replace-keep", "replace-open"]);
  const [keep, open] = buttons;
  return { dialog, title, text, keep, open };
}

// What the player is told happens to the game shown in `view` (game-link.js says it too).
/**
 * @param {string} kind
 * @param {import("#build/engine-api.js").View} view
 * @param {import("../stats/stats-rules.js").Stats | null} stats
 */
export function consequence(kind, view, stats) {
  const count = view.moves;
  if (kind === "restart") return t("replace.restartText", { count });
  return t(leaving(stats, view) === "lost" ? "replace.text" : "replace.textUncounted", { count });
}

/**
 * @param {import("../create-page.js").Page} page
 */
export function init(page) {
  const { api, state } = page;
  const doc = page.root.ownerDocument || page.root;
  /** @type {ReturnType<typeof build> | null} */
  let parts = null;
  /** @type {((value: boolean) => void) | null} */
  let answer = null; // resolves the question on screen

  /** @param {boolean} value */
  function settle(value) {
    const resolve = answer;
    answer = null;
    if (parts && parts.dialog.open) parts.dialog.close();
    if (resolve) resolve(value);
  }

  /**
   * May a link, a new deal, today's deal or a restart (`kind`) replace the game in progress?
   * @param {{kind?: string, title?: string}} [question]
   * @returns {Promise<boolean>}
   */
  const confirmReplace = ({ kind = "link", title } = {}) => {
    const view = state.view;
    if (!view || view.won || (view.moves === 0 && (kind === "restart" || !view.canRedo))) return Promise.resolve(true);
    if (!parts) {
      parts = build(doc);
      parts.keep.addEventListener("click", () => settle(false));
      parts.open.addEventListener("click", () => settle(true));
      // Escape keeps the game (a dialog already open again asks a newer question)
      const { dialog } = parts;
      dialog.addEventListener("close", () => dialog.open || settle(false));
    }
    if (answer) settle(false); // a newer question is asked instead
    const words = KINDS[kind] || KINDS.link;
    parts.dialog.dataset.kind = kind;
    parts.title.textContent = title || t(words.title);
    parts.text.textContent = consequence(kind, view, state.stats);
    parts.keep.textContent = t("replace.keep");
    parts.open.textContent = t(words.go);
    api.openDialog("#replace-dialog");
    parts.keep.focus();
    return new Promise((resolve) => (answer = resolve));
  };
  return { confirmReplace };
}
