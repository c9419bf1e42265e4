// Copying the deal's code and sharing a link to it (the system share sheet
// where there is one, else the clipboard). shareLink is also how a whole
// game's link is shared (game-link.js).
import { find } from "../find.js";
import { t } from "../i18n.js";

/** @param {import("../create-page.js").Api} api @param {string} text @param {string} message */
async function copyText(api, text, message) {
  try {
    await navigator.clipboard.writeText(text);
    api.toast(message);
  } catch {
    api.toast(t("status.copyFailed", { text }), 6000);
  }
}

// Offer `url` through the system's share sheet, or copy it and say so.
/** @param {import("../create-page.js").Page} page @param {string} url @param {string} text */
export async function shareLink(page, url, text) {
  if (navigator.share) {
    try {
      await navigator.share({ title: t("app.title"), text, url });
      return;
    } catch (err) {
      if (err instanceof Error && err.name === "AbortError") return;
    }
  }
  copyText(page.api, url, t("status.linkCopied"));
}

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const { api, state } = page;

  find(page.root, "[data-testid=copy-code]", HTMLElement).addEventListener("click", () => {
    const view = state.view;
    if (!view || !view.code) return;
    copyText(api, view.code, t("status.copied", { text: view.code }));
  });

  find(page.root, "[data-testid=share]", HTMLElement).addEventListener("click", () => {
    const view = state.view;
    if (!view || !view.code) return; // no deal drawn yet, or none with a code: no link to it
    const code = view.code;
    shareLink(page, location.href.split("#")[0] + `#${code}`, code);
  });
}
