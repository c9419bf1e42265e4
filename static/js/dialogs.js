// The game's own dialogs: New game (difficulty, a typed code, only winnable
// deals, the kind of deal, restart: each asks first before it replaces a game
// in progress), the win (and a won game's result when it is opened again),
// and "no move left". Every [data-close] button closes its dialog.
import { winnableDeal } from "./solver/assist.js";
import { find } from "./find.js";
import { formatTime } from "./clock.js";
import { entropy } from "./engine.js";
import { label, t } from "./i18n.js";
import { tieredDeal } from "./deals/tiers.js";
import { createTypedCode } from "./deals/typed-code.js";
import { EVENT } from "./events.js";

/**
 * @param {import("./create-page.js").Page} page
 * @param {{confirmReplace: (question?: {kind?: string, title?: string}) => Promise<boolean>,
 *   cascade: {shown: () => Promise<void>}}} services replace.js's question before the game in
 *   progress is replaced; the win's show (win-cascade.js), which the win dialog lets be seen first
 */
export function init(page, { confirmReplace, cascade }) {
  const openNewGame = initNewGame(page, confirmReplace);
  initWin(page, cascade, openNewGame);
  initStuck(page, openNewGame);
  for (const btn of page.root.querySelectorAll("[data-close]")) {
    btn.addEventListener("click", () => btn.closest("dialog")?.close());
  }
}

/**
 * New game: difficulty, a typed code (typed-code.js), only winnable deals, the
 * kind of deal, restart. Returns what opens it.
 * @param {import("./create-page.js").Page} page
 * @param {(question?: {kind?: string, title?: string}) => Promise<boolean>} confirmReplace
 * @returns {() => void}
 */
function initNewGame(page, confirmReplace) {
  const { api, events, state } = page;
  const newDialog = find(page.root, "#new-dialog", HTMLDialogElement);
  const onlyWinnable = find(page.root, "#only-winnable", HTMLInputElement);
  const typedCode = createTypedCode(page);

  function openNewGame() {
    const cells = state.view ? state.view.cells : state.settings.cells;
    find(newDialog, `input[name=cells][value="${cells}"]`, HTMLInputElement).checked = true;
    onlyWinnable.checked = state.settings.onlyWinnable;
    typedCode.reset();
    api.openDialog("#new-dialog");
  }

  // Restart this deal: its moves are taken back (Redo plays them again). Not
  // the form's submit: Enter in the code field deals the code typed there.
  async function restartDeal() {
    // Nothing replaces the game in progress without asking (replace.js); "Keep my game" goes back to this dialog.
    if (!(await confirmReplace({ kind: "restart" }))) return;
    newDialog.close();
    api.do("restart", null, { reason: "deal" });
  }

  // "Only winnable deals" is a setting, on for a new player (a kind of deal holds it on meanwhile).
  onlyWinnable.addEventListener("change", () => api.setting({ onlyWinnable: onlyWinnable.checked }));
  api.commands.newGame = openNewGame;
  find(page.root, "[data-testid=new-game]", HTMLElement).addEventListener("click", openNewGame);
  find(page.root, "[data-testid=restart]", HTMLElement).addEventListener("click", restartDeal);

  // Deal: the button, or Enter in the form (its one submit button): the code typed, else a new deal.
  find(page.root, "#new-form", HTMLFormElement).addEventListener("submit", async (e) => {
    e.preventDefault();
    /** @type {string | null} */
    let code = find(page.root, "#code-input", HTMLInputElement).value.trim();
    const cells = Number(new FormData(/** @type {HTMLFormElement} */ (e.target)).get("cells"));
    const tier = code ? "any" : find(page.root, "#tier-select", HTMLSelectElement).value;
    const typed = code ? api.do("preview", { code }, { quiet: true }) : null;
    if (typed && typed.ok === false) {
      typedCode.refuse(typed.error);
      return;
    }
    if (!(await confirmReplace({ kind: "deal" }))) return;
    if (tier !== "any") {
      const deal = find(page.root, "[data-testid=deal]", HTMLButtonElement);
      deal.disabled = true;
      const stopped = () => !newDialog.open;
      code = await tieredDeal(page, cells, tier, find(page.root, "#deal-status", HTMLElement), stopped).finally(() => (deal.disabled = false));
      if (!code) return; // none found, or the dialog was closed: nothing is dealt
    } else if (!code && onlyWinnable.checked) {
      const deal = find(page.root, "[data-testid=deal]", HTMLButtonElement);
      deal.disabled = true;
      code = (await winnableDeal(page, cells, find(page.root, "#deal-status", HTMLElement)).finally(() => (deal.disabled = false))) || "";
      if (!newDialog.open) return; // closed while searching: nothing is dealt
    }
    const answer = api.do("new", code ? { code } : { cells, entropy: entropy() }, { quiet: true, reason: "deal" });
    if (answer.ok === false) {
      typedCode.refuse(answer.error);
      return;
    }
    api.setting({ cells: answer.view.cells });
    newDialog.close();
    if (tier !== "any") events.emit(EVENT.dealt, { code: answer.view.code, tier, date: null, par: null });
  });
  return openNewGame;
}

/**
 * The win, celebrated when it happens, not when a won game is opened again:
 * its dialog comes once the cards' show has been seen (win-cascade.js),
 * saying each fact once — score, moves and time here, whether it was won with
 * help (Hint or Show me: the statistics' own record of the game), par and
 * today's deal in their own lines (win-par.js, daily.js). A won game with
 * nothing left to play — opened again on a return visit, or looked at once
 * the win dialog is closed — shows its result over the empty tableau, with
 * New game and Review (the review hides it while open).
 * @param {import("./create-page.js").Page} page
 * @param {{shown: () => Promise<void>}} cascade
 * @param {() => void} openNewGame
 */
function initWin(page, cascade, openNewGame) {
  const { api, events, state } = page;
  const summary = (/** @type {import("#build/engine-api.js").View} */ view) =>
    t("win.summary", { score: label(view.score), count: view.moves, time: formatTime(api.clock.seconds()) });
  // "Won with help": the buttons that help, by the names they have on the page.
  const sayHelped = () =>
    (find(page.root, "#win-help", HTMLElement).textContent = t("win.helped", { hint: t("toolbar.hint"), showMe: t("solver.showMe") }));

  events.on(EVENT.state, ({ view, previous, reason }) => {
    if (!view.won || !previous || previous.won || reason === "deal") return;
    find(page.root, "#win-summary", HTMLElement).textContent = summary(view);
    const current = state.stats && state.stats.current;
    find(page.root, "#win-help", HTMLElement).hidden = !(current && current.helped);
    sayHelped();
    cascade.shown().then(() => state.view === view && api.openDialog("#win-dialog"));
  });
  events.on(EVENT.language, sayHelped);

  const wonPanel = find(page.root, "#won-panel", HTMLElement);
  function showWon() {
    const view = state.view;
    wonPanel.hidden = !(view && view.won) || find(page.root, "#win-dialog", HTMLDialogElement).open;
    if (view && !wonPanel.hidden) find(page.root, "#won-summary", HTMLElement).textContent = summary(view);
  }
  // On a return visit, once the saved game's clock is restored (storage.js); said aloud too.
  events.on(EVENT.ready, () =>
    queueMicrotask(() => {
      showWon();
      if (!wonPanel.hidden) api.announce(`${t("win.title")} ${find(page.root, "#won-summary", HTMLElement).textContent}`);
    }),
  );
  events.on(EVENT.state, ({ view }) => view.won || (wonPanel.hidden = true));
  events.on(EVENT.language, () => wonPanel.hidden || showWon());
  find(page.root, "#win-dialog", HTMLDialogElement).addEventListener("close", showWon);
  find(page.root, "#won-new", HTMLElement).addEventListener("click", openNewGame);
  find(page.root, "#win-new", HTMLElement).addEventListener("click", () => {
    find(page.root, "#win-dialog", HTMLDialogElement).close();
    openNewGame();
  });
}

/**
 * No move left: one message. Its Undo takes back one move until the solver
 * has counted the way back to the last position that can be won (assist.js,
 * "way-back"): then it undoes that many, and is the first choice; a deal lost
 * from its start says so.
 * @param {import("./create-page.js").Page} page
 * @param {() => void} openNewGame
 */
function initStuck(page, openNewGame) {
  const { api, events, state } = page;
  const dialog = find(page.root, "#stuck-dialog", HTMLDialogElement);
  const undo = find(page.root, "#stuck-undo", HTMLElement);
  const fresh = find(page.root, "#stuck-new", HTMLElement);
  let stuck = { back: 1, text: "stuck.text" }; // what the dialog offers and says, drawn again in another language

  function draw() {
    const { back, text } = stuck;
    find(page.root, "#stuck-text", HTMLElement).textContent = t(text);
    undo.textContent = text === "stuck.textBack" ? t("solver.undoTo", { count: back }) : t("stuck.undo");
    const first = text === "stuck.textBack" ? undo : fresh; // the primary choice, last in the row
    undo.classList.toggle("primary", first === undo);
    fresh.classList.toggle("primary", first === fresh);
    first.parentElement?.append(first);
  }

  events.on(EVENT.state, ({ view, previous }) => {
    if (!view.stuck || (previous && previous.stuck)) return;
    stuck = { back: 1, text: "stuck.text" };
    draw();
    api.openDialog("#stuck-dialog");
  });
  events.on(EVENT.wayBack, ({ count, start }) => {
    if (!dialog.open || !state.view || !state.view.stuck) return;
    if (count) stuck = { back: count, text: "stuck.textBack" };
    else if (start) stuck = { back: 1, text: "stuck.textStart" };
    draw();
  });
  events.on(EVENT.language, () => dialog.open && draw());
  undo.addEventListener("click", () => {
    dialog.close();
    api.do("undo", { count: stuck.back });
  });
  fresh.addEventListener("click", () => {
    dialog.close();
    openNewGame();
  });
}
