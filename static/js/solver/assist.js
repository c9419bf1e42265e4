// Help from the solver: the Hint button, the winnable mark, the bar that says
// at once when the game can no longer be won (offering to undo back to the
// last winnable position, and the review), "only winnable deals" for the New
// game dialog (winnableDeal), and Show me (the winning line played step by
// step). The solver is page.api.solver (solver.js), started once the board is
// playable; the board stays fully playable whatever its state. Every search
// asked for a position is cancelled when the position changes.
//
// Hint and Show me follow one winning line: the line the solver gave is kept,
// and while the position is on it (the player played the hinted move, Show
// me played it, or an undo came back to a position of it) the next hint is
// its next move. A fresh search is made only when the position has left the
// line. So following Hint wins, never coming back to a position (the worker's
// lines pass no position twice), where two fresh searches could each undo
// the other's move for ever. Nothing here knows a rule: the line is the
// worker's, and a position is known by its text or by the move the engine
// said it played.
import { NOT_WINNABLE, UNKNOWN, WINNABLE } from "#build/facts.js";
import { afterPaint } from "../after-paint.js";
import { entropy } from "../engine.js";
import { cardShort, placeName, t } from "../i18n.js";
import { hashCode } from "../deals/url-hash.js";
import { EVENT } from "../events.js";

const STEP_MS = 450;
// About 1 Hard deal in 40 is winnable: 1000 tries all fail once in ~10^11.
const MAX_DEAL_TRIES = 1000;
const BACK_LIMIT = 60; // moves walked back looking for the last winnable position

const MARKS = {
  [WINNABLE]: ["✓", "solver.winnable"],
  [NOT_WINNABLE]: ["✗", "solver.lost"],
  [UNKNOWN]: ["?", "solver.unknown"],
  thinking: ["…", "solver.thinking"],
  waiting: ["…", "solver.loading"],
};

// Why the solver cannot answer now, in the page's language.
function problemText(solver) {
  if (solver.state === "failed" && solver.problem) return t(solver.problem.key, solver.problem.params);
  return t("solver.loading");
}

// The position drawn, as the engine gave it with the state.
const positionText = (page) => page.state.game.position;

// "Move 7♥ from column 3 to column 5", "Move 7♥ and the 4 cards on it to
// column 3": a solver move, named for the player, with how many cards go.
function describe(move, view) {
  const cards = view.places[move.from];
  const card = cardShort(cards[cards.length - move.n]);
  if (move.n > 1) return t("solver.hintRun", { card, count: move.n - 1, to: placeName(move.to) });
  return t("solver.hintMove", { card, from: placeName(move.from), to: placeName(move.to) });
}

// A deal code of `cells` cells the solver proved winnable, or null to deal at random.
export async function winnableDeal(page, cells, status) {
  const { api } = page;
  if (api.solver.state !== "ready") {
    api.toast(problemText(api.solver), 4000);
    return null;
  }
  if (status) status.textContent = t("solver.searching");
  try {
    for (let i = 0; i < MAX_DEAL_TRIES; i++) {
      const deal = api.do("preview", { cells, entropy: entropy() });
      const result = await api.solver.solve({ text: deal.text });
      if (result.ok && result.status === WINNABLE) return deal.code;
    }
  } finally {
    if (status) status.textContent = "";
  }
  api.toast(t("solver.noneFound"), 5000);
  return null;
}

// The winning line followed: its moves, `at` the index of the position shown
// (-1 when the position is off the line), and the texts of its positions seen
// so far (an undo or a restart that comes back to one finds its place again).
function createLine(text, moves) {
  return { moves, at: 0, texts: new Map([[text, 0]]) };
}

/**
 * The state the parts of this feature share, and the line followed. Each part
 * (the mark, the hint, the loss bar, Show me) adds its functions here, which
 * the others call when they need them.
 * @param {import("../create-page.js").Page} page
 */
function createShared(page) {
  const { api, state } = page;
  const solver = api.solver;
  const shared = {
    position: new AbortController(), // aborted when the position changes: its searches are not wanted
    line: null,
    loss: { shown: false, dismissed: false }, // the bar, and whether the player closed it for this loss
    firstDeal: null, // a new player's first deal: dealt at random before the solver could check it
    $: (sel) => page.root.querySelector(sel),
    wanted: (err) => err && err.name === "AbortError",
    markOn: () => state.settings.winnableMark !== false,
    lossOn: () => state.settings.lossNotice !== false,
    refresh: async () => {},
    offerUndo: /** @type {(how: {asked: boolean}) => Promise<void>} */ (async () => {}),
    hideLoss: () => {},
    clearHint: () => {},
    stopShowMe: () => {},
    showing: () => false,

    // A state was drawn: still on the line when the move drawn is the line's next one.
    follow(move) {
      const line = shared.line;
      if (!line) return;
      const next = line.at >= 0 ? line.moves[line.at] : null;
      line.at = next && move && move.text === next.text ? line.at + 1 : -1;
    },

    // Where the position `text` (the one shown) lies on the line: its index, or -1.
    locate(text) {
      const line = shared.line;
      if (!line) return -1;
      if (line.at >= 0) line.texts.set(text, line.at);
      else line.at = line.texts.has(text) ? line.texts.get(text) : -1;
      return line.at;
    },

    // The solver's answer for a position, or null once the position has changed
    // or the solver failed (said to the player: a search that stops is not an
    // answer, and the game goes on).
    async ask(text, signal) {
      try {
        const answer = await solver.solve({ text }, { signal });
        if (answer.ok !== false) return answer;
        console.warn(`seahaven: the solver refused the position: ${answer.error.message}`);
        return null;
      } catch (err) {
        if (shared.wanted(err)) return null;
        console.warn(`seahaven: the solver failed: ${err && err.message}`);
        api.toast(t("solver.failed"));
        return null;
      }
    },

    // The next move of the line from the position `text`, searching afresh when
    // the position is off it; null (said to the player) when there is none.
    async nextMove(text) {
      if (shared.locate(text) >= 0 && shared.line.at < shared.line.moves.length) return shared.line.moves[shared.line.at];
      const thinking = solver.cached(text) ? null : api.toast(t("solver.thinking"), 8000);
      const result = await shared.ask(text, shared.position.signal);
      if (thinking) thinking();
      if (!result) return null;
      if (result.status === WINNABLE && result.moves.length) {
        shared.line = createLine(text, result.moves);
        return shared.line.moves[0];
      }
      if (result.status === NOT_WINNABLE) shared.offerUndo({ asked: true });
      else if (result.status !== WINNABLE) api.toast(t("solver.unknown"));
      return null;
    },
  };
  return shared;
}

/**
 * Gives the commands hint, showMe and stopShowMe (page.api.commands).
 * @param {import("../create-page.js").Page} page
 */
export function init(page) {
  const { api, events, state } = page;
  const solver = api.solver;
  const shared = createShared(page);
  const linked = Boolean(hashCode()); // read now: the hash follows the game once it is drawn
  initMark(page, shared);
  initHint(page, shared);
  initLoss(page, shared);
  initShowMe(page, shared);

  // -- start the worker only once the board is playable ------------------------
  events.on(EVENT.ready, () => {
    if (!state.saved && !linked) shared.firstDeal = state.view.code;
    const start = () => solver.start({ quietly: true }); // in pauses of the player's taps (solver.js)
    if ("requestIdleCallback" in window) requestIdleCallback(start, { timeout: 1500 });
    else setTimeout(start, 400);
  });

  const hintButton = shared.$("[data-testid=hint]");
  function showSolverState() {
    api.set({ solver: solver.state });
    hintButton.dataset.state = solver.state;
    hintButton.title = solver.state === "ready" ? t("solver.hint") : problemText(solver);
  }
  events.on(EVENT.solver, () => {
    showSolverState();
    shared.refresh();
  });
  events.on(EVENT.language, showSolverState);

  events.on(EVENT.state, ({ reason, move }) => {
    shared.position.abort();
    shared.position = new AbortController();
    shared.clearHint();
    if (reason !== "show-me" && shared.showing()) shared.stopShowMe();
    shared.follow(move);
    if (reason === "deal") shared.loss.dismissed = false;
    if (shared.loss.shown) shared.$("#lost-undo").disabled = true; // its count is the last position's, until counted again
    if (state.view.stuck) shared.$("#lost-bar").hidden = true; // "No move left" says it now (dialogs.js)
    afterPaint(shared.refresh);
  });
}

/**
 * The winnable mark: ✓ winnable, ✗ not any more, … thinking; and "only winnable
 * deals" for a new player's first deal.
 * @param {import("../create-page.js").Page} page
 * @param {ReturnType<typeof createShared>} shared
 */
function initMark(page, shared) {
  const { api, state } = page;
  const solver = api.solver;
  const mark = shared.$("[data-testid=winnable]");
  const markToggle = shared.$("#winnable-mark");

  function showMark(status) {
    const [glyph, said] = MARKS[status] || ["", ""];
    // A deal lost before any move was never winnable: it says so, not "any more".
    const key = status === NOT_WINNABLE && state.view && !state.view.moves ? "solver.lostStart" : said;
    mark.textContent = glyph;
    mark.dataset.status = status;
    mark.title = key ? t(key) : "";
    mark.setAttribute("aria-label", mark.title);
  }

  // The verdict of the position shown, for the mark and the loss bar: a
  // position on the line is winnable without a search.
  shared.refresh = async () => {
    mark.toggleAttribute("data-off", !shared.markOn()); // unseen, its room kept (game.css)
    if (!state.view) return;
    if (!shared.markOn() && !shared.lossOn() && !shared.loss.shown) return;
    const text = positionText(page);
    let status = shared.locate(text) >= 0 ? WINNABLE : null;
    const known = status ? null : solver.cached(text);
    if (known) status = known.status;
    if (!status && solver.state !== "ready") return showMark(solver.state === "failed" ? "off" : "waiting");
    if (!status) {
      showMark("thinking");
      try {
        const answer = await solver.solve({ text }, { signal: shared.position.signal });
        status = answer.ok ? answer.status : UNKNOWN;
      } catch (err) {
        if (!shared.wanted(err)) showMark("off");
        return;
      }
    }
    showMark(status);
    if (status === NOT_WINNABLE && dealAgain()) return;
    if (status === WINNABLE) shared.hideLoss();
    else if (status === NOT_WINNABLE && !state.view.won && shared.lossOn() && !shared.loss.dismissed) {
      shared.offerUndo({ asked: false });
    }
  };

  // "Only winnable deals" covers a new player's first deal too: proved lost
  // before any move, it is replaced by a winnable one (and the player told).
  function dealAgain() {
    const view = state.view;
    const fresh = view.code === shared.firstDeal && !view.moves && !view.canRedo;
    if (!shared.firstDeal || !fresh || !state.settings.onlyWinnable) return false;
    shared.firstDeal = null;
    winnableDeal(page, view.cells, null).then((code) => {
      if (!code || state.view.code !== view.code || state.view.moves || state.view.canRedo) return;
      if (api.do("new", { code }, { quiet: true, reason: "deal" }).ok) api.toast(t("solver.dealtAgain"), 5000);
    });
    return true;
  }

  if (markToggle) {
    markToggle.checked = shared.markOn();
    markToggle.addEventListener("change", () => {
      api.setting({ winnableMark: markToggle.checked });
      shared.refresh();
    });
  }
}

/**
 * Hint: the next move of the line outlined and named, or Finish pointed to.
 * @param {import("../create-page.js").Page} page
 * @param {ReturnType<typeof createShared>} shared
 */
function initHint(page, shared) {
  const { api, state } = page;
  const solver = api.solver;
  // The hint's outline and its words go together, once the position it was for has changed.
  let hideHintWords = () => {};
  shared.clearHint = () => {
    if (state.hint === null) return; // no hint shown: nothing to look for on every move
    for (const el of document.querySelectorAll(".hint-from, .hint-to, .hint-run")) {
      el.classList.remove("hint-from", "hint-to", "hint-run");
    }
    api.set({ hint: null });
    hideHintWords();
  };

  // Near the end, when foundation moves alone win, Hint points to Finish
  // rather than to each of the last foundation moves in turn. It is a hint
  // shown all the same: the win is a win with help.
  function hintFinish() {
    shared.clearHint();
    shared.$("[data-testid=finish]").classList.add("hint-to");
    api.set({ hint: "finish" });
    hideHintWords = api.toast(t("solver.hintFinish", { finish: t("finish.button") }), 4000);
    api.markHelped();
  }

  async function hint() {
    if (state.view && state.view.finish && !state.view.won) return hintFinish();
    if (solver.state !== "ready") {
      solver.start(); // asked for: a start waiting for a pause in the taps goes on at once
      return api.toast(problemText(solver));
    }
    if (!state.view || state.view.won) return;
    const move = await shared.nextMove(positionText(page));
    if (!move) return;
    shared.clearHint();
    api.board.places.get(move.from).classList.add("hint-from");
    api.board.places.get(move.to).classList.add("hint-to");
    // A run is outlined whole, from the card the words name.
    if (move.n > 1) {
      for (const card of state.view.places[move.from].slice(-move.n)) api.board.cards.get(card).classList.add("hint-run");
    }
    api.set({ hint: move.text });
    hideHintWords = api.toast(describe(move, state.view), 4000);
    api.markHelped(); // a win after a hint is a win with help, as after Show me
  }

  api.commands.hint = hint;
  shared.$("[data-testid=hint]").addEventListener("click", hint);
}

/**
 * The game can no longer be won: the bar, with the undo back to the last
 * winnable position (one intent, however many moves), and its setting.
 * @param {import("../create-page.js").Page} page
 * @param {ReturnType<typeof createShared>} shared
 */
function initLoss(page, shared) {
  const { api, events, state } = page;
  const { $, loss } = shared;
  const lostBar = $("#lost-bar");
  const lossToggle = $("#loss-notice");
  let offered = null; // {text, count, start}: the way back last offered, for the position `text`

  // Walk back through the moves played until a position can be won again, and
  // offer to undo that many; `asked`: the player pressed Hint (shown even when
  // the bar is turned off or was closed). When no move is left at all, the
  // "No move left" dialog is the one message (dialogs.js, told the count by
  // the "way-back" event); the bar comes once it is closed.
  shared.offerUndo = async ({ asked }) => {
    const { signal } = shared.position;
    const text = positionText(page);
    const moves = state.view.moves;
    const answer = api.do("positionsBack", { limit: BACK_LIMIT }, { quiet: true });
    const back = answer.ok ? answer.texts : [];
    let count = 0;
    for (let i = 0; i < back.length && !count; i++) {
      const result = await shared.ask(back[i], signal);
      if (!result) return;
      if (result.status === WINNABLE) count = i + 1;
    }
    if (signal.aborted) return;
    const way = { text, count, start: !count && back.length === moves }; // every position back to the deal is lost
    events.emit(EVENT.wayBack, { count: way.count, start: way.start });
    if (!asked && (!shared.lossOn() || loss.dismissed)) return;
    offered = way;
    if (!$("#stuck-dialog").open) showLoss(way);
  };

  // The bar for the position `way.text`: its words, and the undo back to the last winnable position.
  function showLoss({ count, start }) {
    const undo = $("#lost-undo");
    undo.hidden = !count;
    $("#lost-new").hidden = Boolean(count);
    undo.textContent = t("solver.undoTo", { count });
    undo.title = t("solver.undoToTitle");
    undo.disabled = false;
    undo.onclick = () => {
      shared.hideLoss();
      api.do("undo", { count });
    };
    $("#lost-text").textContent = t(start ? "solver.lostStart" : count ? "solver.lostUndo" : "solver.lostBar");
    const fresh = !loss.shown;
    lostBar.hidden = false;
    loss.shown = true;
    if (fresh) api.announce(`${$("#lost-text").textContent} ${count ? undo.textContent : ""}`.trim());
  }

  shared.hideLoss = () => {
    lostBar.hidden = true;
    loss.shown = false;
  };

  // The "No move left" dialog closed on the same position: the bar says the rest.
  $("#stuck-dialog").addEventListener("close", () => {
    if (offered && state.view && state.view.stuck && offered.text === positionText(page)) showLoss(offered);
  });
  $("#lost-close").addEventListener("click", () => {
    shared.hideLoss();
    loss.dismissed = true;
    api.focusBoard();
  });
  $("#lost-new").addEventListener("click", () => {
    shared.hideLoss();
    api.commands.newGame();
  });
  $("[data-testid=lost-review]").addEventListener("click", shared.hideLoss);
  if (lossToggle) {
    lossToggle.checked = shared.lossOn();
    lossToggle.addEventListener("change", () => {
      api.setting({ lossNotice: lossToggle.checked });
      if (!lossToggle.checked) shared.hideLoss();
      shared.refresh();
    });
  }
}

/**
 * Show me: the line played step by step, paused, resumed and stopped from its bar.
 * @param {import("../create-page.js").Page} page
 * @param {ReturnType<typeof createShared>} shared
 */
function initShowMe(page, shared) {
  const { api, state } = page;
  const solver = api.solver;
  const { $ } = shared;
  const bar = $("#showme-bar");
  let showing = null; // {timer, paused}

  async function showMe() {
    if (solver.state !== "ready") return api.toast(problemText(solver));
    if (!state.view || state.view.won) return;
    const move = await shared.nextMove(positionText(page));
    if (!move) return;
    showing = { timer: 0, paused: false };
    api.markHelped();
    bar.hidden = false;
    $("#showme-pause").textContent = t("solver.pause");
    step();
  }

  function step() {
    if (!showing || showing.paused) return;
    const line = shared.line;
    const move = line && line.at >= 0 ? line.moves[line.at] : null;
    if (!move) return stopShowMe();
    if (api.do("play", { move: move.text }, { quiet: true, reason: "show-me" }).ok === false) return stopShowMe();
    if (showing) showing.timer = setTimeout(step, STEP_MS);
  }

  function stopShowMe() {
    if (!showing) return;
    clearTimeout(showing.timer);
    showing = null;
    bar.hidden = true;
  }

  shared.stopShowMe = stopShowMe;
  shared.showing = () => showing !== null;
  api.commands.showMe = showMe;
  api.commands.stopShowMe = stopShowMe;
  $("[data-testid=show-me]").addEventListener("click", showMe);
  $("#showme-pause").addEventListener("click", () => {
    if (!showing) return;
    showing.paused = !showing.paused;
    $("#showme-pause").textContent = t(showing.paused ? "solver.resume" : "solver.pause");
    if (!showing.paused) step();
  });
  $("#showme-stop").addEventListener("click", stopShowMe);
}
