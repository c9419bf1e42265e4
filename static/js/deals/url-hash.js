// The URL's hash follows the game (#SH1-C4-AAAAAJ2, a link to this deal); a
// hash typed or followed later opens that deal, and a bad one says why and
// puts the current code back. A game link (#R1-…) is game-link.js's
// ("link"). A link never replaces a game in progress
// without asking (confirmReplace, replace.js): at start-up the
// engine keeps the saved game open and names the link's deal
// (state.startup.link); after it, the same question.
import { refusal, t } from "../i18n.js";
import { EVENT } from "../events.js";
import { afterPaint } from "../after-paint.js";

// The longest hash read: a deal code has 14 characters and a game link about
// one per move. Anything longer is refused unread: handed to MicroPython, a
// hash of a megabyte exhausts its memory and the board would never start.
export const MAX_HASH_CHARS = 16384;

// The URL's hash: {text} decoded (a malformed %-escape kept as it is), or {text: "", tooLong: length}.
export function readHash(hash = location.hash) {
  const raw = hash.slice(1);
  if (raw.length > MAX_HASH_CHARS) return { text: "", tooLong: raw.length };
  try {
    return { text: decodeURIComponent(raw) };
  } catch {
    return { text: raw };
  }
}

// The hash as typed, for the first game ("" when it is too long to be a link).
export function hashCode() {
  return readHash().text;
}

/**
 * @param {import("../create-page.js").Page} page
 * @param {{confirmReplace: (question?: {kind?: string, title?: string}) => Promise<boolean>}} services
 *   replace.js's question before the game in progress is replaced
 */
export function init(page, { confirmReplace }) {
  const { api, events, state } = page;
  const atStart = readHash();

  const putBack = () => state.view && history.replaceState(null, "", `#${state.view.code}`);

  function tooLong() {
    api.toast(t("replace.linkTooLong"), 6000);
    putBack();
  }

  // Open the deal `code` names, once the player agrees to leave the game in progress.
  /** @param {string} code */
  async function openDeal(code) {
    const deal = api.do("preview", { code }, { quiet: true });
    if (deal.ok === false) {
      api.toast(t("status.badHash", { reason: refusal(deal.error) }), 5000);
      return putBack();
    }
    if (state.view && deal.code === state.view.code) return putBack();
    if (!(await confirmReplace({ title: t("replace.dealTitle", { code: deal.code }) }))) return putBack();
    api.do("new", { code: deal.code }, { reason: "deal" });
  }

  // The address names the game shown, once its frame is painted (the
  // browser's history call took 5 ms, 20 ms at a phone's CPU, of the task
  // that shows the first game); an address changed meanwhile is left to
  // "hashchange", which opens it.
  let shownAt = "";
  const nameGame = () => {
    const code = state.view && state.view.code;
    if (code && location.hash === shownAt && location.hash.slice(1) !== code) history.replaceState(null, "", `#${code}`);
  };
  events.on(EVENT.state, () => {
    shownAt = location.hash;
    afterPaint(nameGame);
  });

  events.on(EVENT.ready, () => {
    if (atStart.tooLong) tooLong();
    if (state.startup && state.startup.link) openDeal(state.startup.link);
  });

  window.addEventListener("hashchange", () => {
    const { text: code, tooLong: long } = readHash();
    if (!state.ready) return;
    if (long) return tooLong();
    if (code && api.do("link", { text: code, read: false }).link) return events.emit(EVENT.link, { text: code });
    if (code) openDeal(code);
  });
}
