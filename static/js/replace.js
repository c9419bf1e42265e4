// Asking before a link replaces the game in progress. page.api.confirmReplace({title})
// resolves true when the player chooses to open what the link names, false
// to keep the game in progress (which then is not counted as lost); at once
// true when there is no game in progress (no move made, or won). url-hash.js
// asks it for a deal's link; any other link that opens a game asks it too,
// with its own title (in the player's language).
import { questionDialog } from "./dialog-parts.js";
import { t } from "./i18n.js";

function build(doc) {
  const { dialog, title, text, buttons } = questionDialog(doc, "replace", ["replace-keep", "replace-open"]);
  const [keep, open] = buttons;
  return { dialog, title, text, keep, open };
}

export function init(page) {
  const { api, state } = page;
  const doc = page.root.ownerDocument || page.root;
  let parts = null;
  let answer = null; // resolves the question on screen

  function settle(value) {
    const resolve = answer;
    answer = null;
    if (parts.dialog.open) parts.dialog.close();
    if (resolve) resolve(value);
  }

  api.confirmReplace = ({ title = t("replace.title") } = {}) => {
    const view = state.view;
    if (!view || view.won || (view.moves === 0 && !view.canRedo)) return Promise.resolve(true);
    if (!parts) {
      parts = build(doc);
      parts.keep.addEventListener("click", () => settle(false));
      parts.open.addEventListener("click", () => settle(true));
      // Escape keeps the game (a dialog already open again asks a newer question)
      parts.dialog.addEventListener("close", () => parts.dialog.open || settle(false));
    }
    if (answer) settle(false); // a newer link asks instead
    parts.title.textContent = title;
    parts.text.textContent = t("replace.text", { count: view.moves });
    parts.keep.textContent = t("replace.keep");
    parts.open.textContent = t("replace.open");
    api.openDialog("#replace-dialog");
    parts.keep.focus();
    return new Promise((resolve) => (answer = resolve));
  };
}
