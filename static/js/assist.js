// Help from the solver: the Hint button, the winnable mark, "only winnable
// deals" for the New game dialog (winnableDeal), and Show me (the winning line
// played step by step). The solver is page.api.solver (solver.js), started
// once the board is playable; the board stays fully playable whatever its state.
// Every search asked for a position is cancelled when the position changes.
import { afterPaint } from "./after-paint.js";
import { entropy } from "./engine.js";
import { cardShort, placeName, t } from "./i18n.js";

const STEP_MS = 450;
// About 1 Hard deal in 40 is winnable: 1000 tries all fail once in ~10^11.
const MAX_DEAL_TRIES = 1000;

const MARKS = {
  winnable: ["✓", "solver.winnable"],
  "not winnable": ["✗", "solver.lost"],
  unknown: ["?", "solver.unknown"],
  thinking: ["…", "solver.thinking"],
  waiting: ["…", "solver.loading"],
};

// Why the solver cannot answer now, in the page's language.
function problemText(solver) {
  if (solver.state === "failed" && solver.problem) return t(solver.problem.key, solver.problem.params);
  return t("solver.loading");
}

const positionText = (page) => page.api.engine("position").text;

// "Move 7♥ from column 3 to column 5": a solver move, named for the player.
function describe(move, view) {
  const cards = view.places[move.from];
  const card = cards[cards.length - move.n];
  return t("solver.hintMove", { card: cardShort(card), from: placeName(move.from), to: placeName(move.to) });
}

// A deal code of `cells` cells the solver proved winnable, or null to deal at random.
export async function winnableDeal(page, cells, status) {
  const { api } = page;
  if (api.solver.state !== "ready") {
    api.toast(problemText(api.solver), 4000);
    return null;
  }
  status.textContent = t("solver.searching");
  try {
    for (let i = 0; i < MAX_DEAL_TRIES; i++) {
      const deal = api.engine("preview", { cells, entropy: entropy() });
      const result = await api.solver.solve(deal.text);
      if (result && result.status === "winnable") return deal.code;
    }
  } finally {
    status.textContent = "";
  }
  api.toast(t("solver.noneFound"), 5000);
  return null;
}

export function init(page) {
  const { api, events, state } = page;
  const solver = api.solver;
  const $ = (sel) => page.root.querySelector(sel);
  const hintButton = $("[data-testid=hint]");
  const mark = $("[data-testid=winnable]");
  const markToggle = $("#winnable-mark");
  const bar = $("#showme-bar");
  let position = new AbortController(); // aborted when the position changes: its searches are not wanted
  const wanted = (err) => err && err.name === "AbortError";

  // -- start the worker only once the board is playable ------------------------
  events.on("ready", () => {
    const start = () => solver.start();
    if ("requestIdleCallback" in window) requestIdleCallback(start, { timeout: 1500 });
    else setTimeout(start, 400);
  });

  function showSolverState() {
    document.body.dataset.solver = solver.state;
    hintButton.dataset.state = solver.state;
    hintButton.title = solver.state === "ready" ? t("solver.hint") : problemText(solver);
  }
  events.on("solver", () => {
    showSolverState();
    refreshMark();
  });
  events.on("language", showSolverState);

  // -- the winnable mark: ✓ winnable, ✗ not any more, … thinking --------------
  function showMark(status) {
    const [glyph, key] = MARKS[status] || ["", ""];
    mark.textContent = glyph;
    mark.dataset.status = status;
    mark.title = key ? t(key) : "";
    mark.setAttribute("aria-label", mark.title);
  }

  async function checkWinnable() {
    const text = positionText(page);
    const known = solver.cached(text);
    if (known) return showMark(known.status);
    if (solver.state !== "ready") return showMark(solver.state === "failed" ? "off" : "waiting");
    showMark("thinking");
    try {
      showMark((await solver.solve(text, { signal: position.signal })).status);
    } catch (err) {
      if (!wanted(err)) showMark("off");
    }
  }

  function refreshMark() {
    const on = state.settings.winnableMark !== false;
    mark.hidden = !on;
    if (on && state.view) checkWinnable();
  }

  events.on("state", ({ reason }) => {
    position.abort();
    position = new AbortController();
    clearHint();
    if (reason !== "show-me" && showing) stopShowMe();
    afterPaint(refreshMark);
  });

  if (markToggle) {
    markToggle.checked = state.settings.winnableMark !== false;
    markToggle.addEventListener("change", () => {
      api.setting({ winnableMark: markToggle.checked });
      refreshMark();
    });
  }

  // -- hint ---------------------------------------------------------------------
  function clearHint() {
    for (const el of document.querySelectorAll(".hint-from, .hint-to")) el.classList.remove("hint-from", "hint-to");
    delete document.body.dataset.hint;
  }

  // The solver's answer for the position on the board, or null once the position has changed.
  async function solveHere() {
    const { signal } = position;
    try {
      return await solver.solve(positionText(page), { signal });
    } catch (err) {
      if (wanted(err)) return null;
      throw err;
    }
  }

  async function hint() {
    if (solver.state !== "ready") return api.toast(problemText(solver));
    api.toast(t("solver.thinking"), 8000);
    const result = await solveHere();
    if (!result) return;
    if (result.status === "winnable" && result.moves.length) {
      const move = result.moves[0];
      clearHint();
      api.board.places.get(move.from).classList.add("hint-from");
      api.board.places.get(move.to).classList.add("hint-to");
      document.body.dataset.hint = move.text;
      api.toast(describe(move, state.view), 4000);
    } else if (result.status === "not winnable") {
      offerUndo();
    } else {
      api.toast(t("solver.unknown"));
    }
  }

  // Walk back through the moves played until a position can be won again.
  async function offerUndo() {
    const { signal } = position;
    const back = api.engine("positions_back", { limit: 60 }).texts;
    for (let i = 0; i < back.length; i++) {
      let result;
      try {
        result = await solver.solve(back[i], { signal });
      } catch (err) {
        if (wanted(err)) return;
        throw err;
      }
      if (result.status === "winnable") {
        const count = i + 1;
        $("#lost-text").textContent = t("solver.lostOffer", { count });
        const button = $("#lost-undo");
        button.textContent = t("solver.undoTo", { count });
        button.onclick = () => {
          $("#lost-dialog").close();
          for (let k = 0; k < count; k++) api.act("undo");
        };
        api.openDialog("#lost-dialog");
        return;
      }
    }
    api.toast(t("solver.lost"));
  }

  hintButton.addEventListener("click", hint);

  // -- show me --------------------------------------------------------------------
  let showing = null; // {moves, index, timer, paused}

  async function showMe() {
    if (solver.state !== "ready") return api.toast(problemText(solver));
    const result = await solveHere();
    if (!result) return;
    if (result.status !== "winnable") return hint();
    showing = { moves: result.moves, index: 0, timer: 0, paused: false };
    api.markHelped();
    bar.hidden = false;
    $("#showme-pause").textContent = t("solver.pause");
    step();
  }

  function step() {
    if (!showing || showing.paused) return;
    if (showing.index >= showing.moves.length) return stopShowMe();
    const move = showing.moves[showing.index++];
    const answer = api.engine("play", { move: move.text });
    if (!answer.ok) return stopShowMe();
    api.show(answer, { reason: "show-me" });
    showing.timer = setTimeout(step, STEP_MS);
  }

  function stopShowMe() {
    if (!showing) return;
    clearTimeout(showing.timer);
    showing = null;
    bar.hidden = true;
  }

  $("[data-testid=show-me]").addEventListener("click", showMe);
  $("#showme-pause").addEventListener("click", () => {
    if (!showing) return;
    showing.paused = !showing.paused;
    $("#showme-pause").textContent = t(showing.paused ? "solver.resume" : "solver.pause");
    if (!showing.paused) step();
  });
  $("#showme-stop").addEventListener("click", stopShowMe);
}
