// Game links (#R1-…: a deal and its moves, seahaven/share.py): the review's
// "Share this game" offers one, and a link followed or typed opens straight
// into the review. The solver's worker reads the link (web/solver_worker.py
// `read_link`: a link of 5,000 moves takes about a second to read, which
// would freeze the page) and the controller loads its moves (`open_line`, a
// tenth of that); without the worker the controller reads it (`link`,
// `open_link`). A bad or damaged link is refused with what is wrong and
// changes nothing, and a link never replaces a game in progress without asking.
import { find } from "../find.js";
import { amount, quoted, t } from "../i18n.js";
import { consequence } from "../deals/replace.js";
import { shareLink } from "../deals/share.js";
import { hashCode } from "../deals/url-hash.js";
import { EVENT } from "../events.js";
import { MAX_REVIEW_MOVES } from "./review-run.js";

/**
 * What a link holds: its moves' texts when the solver's worker read it, null when the engine read it here.
 * @typedef {{ok: true, code: string, count: number, moves: string[]}
 *   | {ok: true, code: string | null, count: number | null, moves: null}} LinkRead
 */

// Why a link was refused, in the page's language (the engine's key picks the sentence).
/** @param {import("#build/engine-api.js").Refusal} error */
function reason(error) {
  const key = `review.${error.key}`;
  const text = t(key, quoted(error.params));
  return text === key ? error.message : text;
}

// What a link holds: {ok, code, count, moves (texts; null when the engine
// read it here)} or {ok: false, error}.
/**
 * @param {import("../create-page.js").Api} api @param {string} text
 * @returns {Promise<LinkRead | import("#build/engine-api.js").Refused>}
 */
async function read(api, text) {
  try {
    await api.solver.ready();
    const answer = await api.solver.readLink({ text });
    if (answer.ok === false) return answer;
    return { ok: true, code: answer.code, count: answer.moves.length, moves: answer.moves };
  } catch {
    const answer = api.do("link", { text }, { quiet: true }); // no worker: read here
    if (answer.ok === false) return answer;
    return { ok: true, code: answer.code, count: answer.moves, moves: null };
  }
}

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const { api, events, state } = page;
  const dialog = find(page.root, "#link-dialog", HTMLDialogElement);
  // The hash follows the game once it is drawn: the link the page was opened with is read now.
  const startHash = hashCode();
  /** @type {{text: string, link: LinkRead} | null} */
  let waiting = null; // the link the player is asked about

  const inProgress = (/** @type {import("#build/engine-api.js").View} */ view) => view.moves > 0 && !view.won;

  function putBackHash() {
    if (state.view && state.view.code) history.replaceState(null, "", `#${state.view.code}`);
  }


  // Whether the game in progress is the link's already (its whole line).
  /** @param {string} text @param {LinkRead} link */
  function showing(text, link) {
    if (!state.view || state.view.code !== link.code) return false;
    if (!link.moves) {
      const shared = api.do("shareLink", null, { quiet: true });
      return shared.ok && shared.text === text.trim().replace(/^#/, "");
    }
    const answer = api.do("line", null, { quiet: true });
    if (answer.ok === false) return false;
    const line = answer.moves;
    return line.length === link.count && line.every((move, i) => move.text === link.moves[i]);
  }

  // Open the link's game at its deal, its moves to redo, into the review; a
  // game too long to review opens without it (Redo steps through it).
  /** @param {string} text @param {LinkRead} link */
  function openLink(text, link) {
    const opened = { quiet: true, reason: /** @type {const} */ ("deal") };
    const answer = link.moves
      ? api.do("openLine", { code: link.code, moves: link.moves }, opened)
      : api.do("openLink", { text }, opened);
    if (answer.ok === false) return api.toast(t("review.badLink", { reason: reason(answer.error) }), 6000);
    if ((link.count ?? 0) > MAX_REVIEW_MOVES) api.toast(t("review.tooLong", { count: link.count, limit: amount(MAX_REVIEW_MOVES) }), 8000);
    else events.emit(EVENT.review, { shared: true });
  }

  // A link the player followed: refused, asked about, or opened into the review.
  /** @param {string} text */
  async function follow(text) {
    const link = await read(api, text);
    if (link.ok === false) {
      putBackHash();
      return api.toast(t("review.badLink", { reason: reason(link.error) }), 6000);
    }
    if (showing(text, link)) return events.emit(EVENT.review, { shared: true });
    if (!state.view || !inProgress(state.view)) return openLink(text, link);
    putBackHash();
    waiting = { text, link };
    const holds = t("review.linkReplace", { code: link.code, count: link.count });
    find(page.root, "#link-text", HTMLElement).textContent = `${holds} ${consequence("link", state.view, state.stats)}`;
    api.openDialog("#link-dialog");
  }

  events.on(EVENT.ready, () => {
    if (startHash && api.do("link", { text: startHash, read: false }).link) follow(startHash);
  });
  events.on(EVENT.link, ({ text }) => follow(text));

  find(page.root, "[data-testid=link-open]", HTMLElement).addEventListener("click", () => {
    const asked = waiting;
    dialog.close();
    if (asked) openLink(asked.text, asked.link);
  });
  dialog.addEventListener("close", () => (waiting = null));

  find(page.root, "[data-testid=review-share]", HTMLElement).addEventListener("click", () => {
    if (!state.view) return; // no game drawn yet: nothing to share
    const answer = api.do("shareLink", null, { quiet: true });
    if (answer.ok === false) return api.toast(t("review.badShare", { reason: reason(answer.error) }), 6000);
    shareLink(page, `${location.href.split("#")[0]}#${answer.text}`, t("review.shareText", { code: state.view.code }));
  });
}
