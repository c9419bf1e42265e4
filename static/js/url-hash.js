// The URL's hash follows the game (#SH1-C4-AAAAAJ2, a link to this deal); a
// hash typed or followed later opens that deal, and a bad one says why and
// puts the current code back. A game link (#R1-…) is game-link.js's ("link").
import { refusal, t } from "./i18n.js";

export function init(page) {
  const { api, events, state } = page;

  events.on("state", ({ view }) => {
    if (view.code && location.hash.slice(1) !== view.code) history.replaceState(null, "", `#${view.code}`);
  });

  window.addEventListener("hashchange", () => {
    const code = decodeURIComponent(location.hash.slice(1));
    if (!state.ready || !code || (state.view && code.toUpperCase() === state.view.code)) return;
    if (api.engine("link", { text: code }).link) return events.emit("link", { text: code });
    const answer = api.engine("new", { code });
    if (answer.ok) api.showDeal(answer);
    else {
      api.toast(t("status.badHash", { reason: refusal(answer.error) }), 5000);
      history.replaceState(null, "", `#${state.view.code}`);
    }
  });
}

// The hash as typed, for the first game (a malformed %-escape is kept as it is).
export function hashCode() {
  try {
    return decodeURIComponent(location.hash.slice(1));
  } catch {
    return location.hash.slice(1);
  }
}
