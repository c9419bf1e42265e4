// The game's own dialogs: New game (difficulty, a typed code, only winnable
// deals, the kind of deal, restart: each asks first before it replaces a game
// in progress), the win (and a won game's result when it is opened again),
// and "no move left". Every [data-close] button closes its dialog.
import { winnableDeal } from "./solver/assist.js";
import { formatTime } from "./clock.js";
import { entropy } from "./engine.js";
import { label, refusal, t } from "./i18n.js";
import { showTier, tieredDeal } from "./deals/tiers.js";
import { EVENT } from "./events.js";

/**
 * @param {import("./create-page.js").Page} page
 * @param {{confirmReplace: (question?: {kind?: string, title?: string}) => Promise<boolean>}} services
 *   replace.js's question before the game in progress is replaced
 */
export function init(page, { confirmReplace }) {
  const { api, events, state } = page;
  const $ = (sel) => page.root.querySelector(sel);
  const newDialog = $("#new-dialog");
  const onlyWinnable = $("#only-winnable");

  function openNewGame() {
    const cells = state.view ? state.view.cells : state.settings.cells;
    newDialog.querySelector(`input[name=cells][value="${cells}"]`).checked = true;
    onlyWinnable.checked = state.settings.onlyWinnable;
    showTier(page);
    $("#code-input").value = "";
    $("#code-error").textContent = "";
    api.openDialog("#new-dialog");
  }

  // "Only winnable deals" is a setting, on for a new player (a kind of deal holds it on meanwhile).
  onlyWinnable.addEventListener("change", () => api.setting({ onlyWinnable: onlyWinnable.checked }));
  $("[data-testid=new-game]").addEventListener("click", openNewGame);

  $("#new-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const action = e.submitter ? e.submitter.value : "start";
    if (action === "cancel") return newDialog.close();
    // Nothing replaces the game in progress without asking (replace.js); "Keep my game" goes back to this dialog.
    if (action === "restart") {
      if (!(await confirmReplace({ kind: "restart" }))) return;
      const answer = api.engine.restart();
      newDialog.close();
      if (answer.ok) api.showDeal(answer);
      return;
    }
    let code = $("#code-input").value.trim();
    const cells = Number(new FormData(e.target).get("cells"));
    const tier = code ? "any" : $("#tier-select").value;
    const typed = code ? api.engine.preview({ code }) : null;
    if (typed && typed.ok === false) {
      $("#code-error").textContent = refusal(typed.error);
      return;
    }
    if (!(await confirmReplace({ kind: "deal" }))) return;
    if (tier !== "any") {
      const deal = $("[data-testid=deal]");
      deal.disabled = true;
      const stopped = () => !newDialog.open;
      code = await tieredDeal(page, cells, tier, $("#deal-status"), stopped).finally(() => (deal.disabled = false));
      if (!code) return; // none found, or the dialog was closed: nothing is dealt
    } else if (!code && onlyWinnable.checked) {
      const deal = $("[data-testid=deal]");
      deal.disabled = true;
      code = (await winnableDeal(page, cells, $("#deal-status")).finally(() => (deal.disabled = false))) || "";
      if (!newDialog.open) return; // closed while searching: nothing is dealt
    }
    const answer = api.engine.new(code ? { code } : { cells, entropy: entropy() });
    if (answer.ok === false) {
      $("#code-error").textContent = refusal(answer.error);
      return;
    }
    api.setting({ cells: answer.view.cells });
    newDialog.close();
    api.showDeal(answer);
    if (tier !== "any") events.emit(EVENT.dealt, { code: answer.view.code, tier, date: null, par: null });
  });

  // The win is celebrated when it happens, not when a won game is opened again.
  events.on(EVENT.state, ({ view, previous, reason }) => {
    if (view.won && previous && !previous.won && reason !== "deal") {
      $("#win-summary").textContent = t("win.summary", {
        score: label(view.score),
        count: view.moves,
        time: formatTime(api.clock.seconds()),
      });
      api.openDialog("#win-dialog");
    }
    if (view.stuck && (!previous || !previous.stuck)) api.openDialog("#stuck-dialog");
  });

  // A won game with nothing left to play — opened again on a return visit, or
  // looked at once the win dialog is closed — shows its result over the empty
  // tableau, with New game and Review (the review hides it while open).
  const wonPanel = $("#won-panel");
  function showWon() {
    const view = state.view;
    wonPanel.hidden = !(view && view.won) || $("#win-dialog").open;
    if (wonPanel.hidden) return;
    $("#won-summary").textContent = t("win.summary", {
      score: label(view.score),
      count: view.moves,
      time: formatTime(api.clock.seconds()),
    });
  }
  // On a return visit, once the saved game's clock is restored (storage.js); said aloud too.
  events.on(EVENT.ready, () =>
    queueMicrotask(() => {
      showWon();
      if (!wonPanel.hidden) api.announce(`${t("win.title")} ${$("#won-summary").textContent}`);
    }),
  );
  events.on(EVENT.state, ({ view }) => view.won || (wonPanel.hidden = true));
  events.on(EVENT.language, () => wonPanel.hidden || showWon());
  $("#win-dialog").addEventListener("close", showWon);
  $("#won-new").addEventListener("click", openNewGame);

  $("#win-new").addEventListener("click", () => {
    $("#win-dialog").close();
    openNewGame();
  });
  $("#stuck-undo").addEventListener("click", () => {
    $("#stuck-dialog").close();
    api.act(api.engine.undo());
  });
  $("#stuck-new").addEventListener("click", () => {
    $("#stuck-dialog").close();
    openNewGame();
  });
  for (const btn of page.root.querySelectorAll("[data-close]")) {
    btn.addEventListener("click", () => btn.closest("dialog").close());
  }
}
