// Game links (#R1-…: a deal and its moves, seahaven/share.py): the review's
// "Share this game" offers one, and a link followed or typed opens straight
// into the review. The engine reads the link (web/controller.py `link`,
// `open_link`); a bad or damaged one is refused with what is wrong and changes
// nothing, and a link never replaces a game in progress without asking.
import { t } from "../i18n.js";
import { shareLink } from "../deals/share.js";
import { hashCode } from "../deals/url-hash.js";

export function init(page) {
  const { api, events, state } = page;
  const $ = (sel) => page.root.querySelector(sel);
  const dialog = $("#link-dialog");
  // The hash follows the game once it is drawn: the link the page was opened with is read now.
  const startHash = hashCode();
  let waiting = null; // the link the player is asked about

  // Why a link was refused, in the page's language (the engine's key picks the sentence).
  function reason(error) {
    const key = `review.${error.key}`;
    const text = t(key, error.params || {});
    return text === key ? error.message : text;
  }

  const inProgress = (view) => view.moves > 0 && !view.won;

  function putBackHash() {
    if (state.view && state.view.code) history.replaceState(null, "", `#${state.view.code}`);
  }

  function openLink(text) {
    const answer = api.engine("open_link", { text });
    if (!answer.ok) return api.toast(t("review.badLink", { reason: reason(answer.error) }), 6000);
    api.showDeal(answer);
    events.emit("review", { shared: true });
  }

  // A link the player followed: refused, asked about, or opened into the review.
  function follow(text) {
    const answer = api.engine("link", { text });
    if (!answer.ok) {
      putBackHash();
      return api.toast(t("review.badLink", { reason: reason(answer.error) }), 6000);
    }
    const shared = api.engine("share_link");
    if (shared.ok && shared.text === text.trim().replace(/^#/, "")) return events.emit("review", { shared: true });
    if (!state.view || !inProgress(state.view)) return openLink(text);
    putBackHash();
    waiting = text;
    $("#link-text").textContent = t("review.linkReplace", {
      code: answer.code,
      moves: answer.moves,
      current: state.view.moves,
    });
    api.openDialog("#link-dialog");
  }

  events.on("ready", () => {
    if (startHash && api.engine("link", { text: startHash }).link) follow(startHash);
  });
  events.on("link", ({ text }) => follow(text));

  $("[data-testid=link-open]").addEventListener("click", () => {
    const text = waiting;
    dialog.close();
    if (text) openLink(text);
  });
  dialog.addEventListener("close", () => (waiting = null));

  $("[data-testid=review-share]").addEventListener("click", () => {
    const answer = api.engine("share_link");
    if (!answer.ok) return api.toast(t("review.badShare", { reason: reason(answer.error) }), 6000);
    shareLink(page, `${location.href.split("#")[0]}#${answer.text}`, t("review.shareText", { code: state.view.code }));
  });
}
