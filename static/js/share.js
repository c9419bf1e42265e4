// Copying the deal's code and sharing a link to it (the system share sheet
// where there is one, else the clipboard).
import { t } from "./i18n.js";

export function init(page) {
  const { api, state } = page;
  const $ = (sel) => page.root.querySelector(sel);

  async function copyText(text, message) {
    try {
      await navigator.clipboard.writeText(text);
      api.toast(message);
    } catch {
      api.toast(t("status.copyFailed", { text }), 6000);
    }
  }

  $("[data-testid=copy-code]").addEventListener("click", () => {
    const view = state.view;
    if (!view || !view.code) return;
    copyText(view.code, t("status.copied", { text: view.code }));
  });

  $("[data-testid=share]").addEventListener("click", async () => {
    const code = state.view.code;
    const url = location.href.split("#")[0] + `#${code}`;
    if (navigator.share) {
      try {
        await navigator.share({ title: t("app.title"), text: code, url });
        return;
      } catch (err) {
        if (err.name === "AbortError") return;
      }
    }
    copyText(url, t("status.linkCopied"));
  });
}
