// Help from the solver: the Hint button, the winnable mark, "only winnable
// deals" in the New game dialog, and Show me (the winning line played step by
// step). The board stays fully playable whatever the solver's state.
import { afterPaint, emit, hub } from "./hub.js";
import { t } from "./i18n.js";
import { loadSettings } from "./settings.js";
import { markHelped } from "./stats.js";
import { checkWinnable, currentText, describe, moveParts, solve, solver, solverProblem, startSolver } from "./solver.js";

const $ = (sel) => document.querySelector(sel);
const STEP_MS = 450;
// About 1 Hard deal in 40 is winnable: 1000 tries all fail once in ~10^11.
const MAX_DEAL_TRIES = 1000;

const hintButton = $("[data-testid=hint]");
const mark = $("[data-testid=winnable]");
const markToggle = $("#winnable-mark");
let markOn = loadSettings().winnableMark !== false;

// -- start the worker only once the board is playable ------------------------

hub.addEventListener("ready", () => {
  const start = () => startSolver();
  if ("requestIdleCallback" in window) requestIdleCallback(start, { timeout: 1500 });
  else setTimeout(start, 400);
});

function showSolverState() {
  hintButton.dataset.state = solver.state;
  hintButton.title = solver.state === "ready" ? t("solver.hint") : solverProblem();
}

hub.addEventListener("solver", () => {
  showSolverState();
  refreshMark();
});
hub.addEventListener("language", showSolverState);

// -- the winnable mark --------------------------------------------------------

function refreshMark() {
  mark.hidden = !markOn;
  if (markOn && hub.view) checkWinnable(mark);
}

hub.addEventListener("state", (e) => {
  clearHint();
  if (e.detail.reason !== "show-me" && showing) stopShowMe();
  afterPaint(refreshMark);
});

if (markToggle) {
  markToggle.checked = markOn;
  markToggle.addEventListener("change", () => {
    markOn = markToggle.checked;
    emit("setting", { winnableMark: markOn });
    refreshMark();
  });
}

// -- hint ---------------------------------------------------------------------

function clearHint() {
  for (const el of document.querySelectorAll(".hint-from, .hint-to")) el.classList.remove("hint-from", "hint-to");
  delete document.body.dataset.hint;
}

async function hint() {
  if (solver.state !== "ready") return hub.toast(solverProblem());
  const text = currentText();
  hub.toast(t("solver.thinking"), 8000);
  const result = await solve(text);
  if (!result || currentText() !== text) return;
  if (result.status === "winnable" && result.moves.length) {
    const move = result.moves[0];
    const { from, to } = moveParts(move);
    clearHint();
    hub.board.places.get(from).classList.add("hint-from");
    hub.board.places.get(to).classList.add("hint-to");
    document.body.dataset.hint = move;
    hub.toast(describe(move, hub.view), 4000);
  } else if (result.status === "not winnable") {
    offerUndo(text);
  } else {
    hub.toast(t("solver.unknown"));
  }
}

// Walk back through the moves played until a position can be won again.
async function offerUndo(text) {
  const back = hub.engine("positions_back", { limit: 60 }).texts;
  for (let i = 0; i < back.length; i++) {
    const result = await solve(back[i]);
    if (currentText() !== text) return;
    if (result && result.status === "winnable") {
      const count = i + 1;
      $("#lost-text").textContent = t("solver.lostOffer", { count });
      const button = $("#lost-undo");
      button.textContent = t("solver.undoTo", { count });
      button.onclick = () => {
        $("#lost-dialog").close();
        for (let k = 0; k < count; k++) hub.show(hub.engine("undo"));
      };
      hub.openDialog("#lost-dialog");
      return;
    }
  }
  hub.toast(t("solver.lost"));
}

hintButton.addEventListener("click", hint);

// -- only winnable deals --------------------------------------------------------

const onlyWinnable = $("#only-winnable");
for (const radio of document.querySelectorAll("#new-form input[name=cells]")) {
  radio.addEventListener("change", () => (onlyWinnable.checked = radio.value !== "4"));
}
$("[data-testid=new-game]").addEventListener("click", () => {
  const cells = Number(new FormData($("#new-form")).get("cells"));
  onlyWinnable.checked = cells !== 4;
});

// Called by the New game dialog: a deal code proven winnable, or null to deal at random.
export async function winnableDeal(cells, entropy, status) {
  if (!onlyWinnable.checked) return null;
  if (solver.state !== "ready") {
    hub.toast(solverProblem(), 4000);
    return null;
  }
  status.textContent = t("solver.searching");
  try {
    for (let i = 0; i < MAX_DEAL_TRIES; i++) {
      const deal = hub.engine("preview", { cells, entropy: entropy() });
      const result = await solve(deal.text);
      if (result && result.status === "winnable") return deal.code;
    }
  } finally {
    status.textContent = "";
  }
  hub.toast(t("solver.noneFound"), 5000);
  return null;
}
hub.winnableDeal = winnableDeal;

// -- show me --------------------------------------------------------------------

let showing = null; // {moves, index, timer, paused}
const bar = $("#showme-bar");

async function showMe() {
  if (solver.state !== "ready") return hub.toast(solverProblem());
  const text = currentText();
  const result = await solve(text);
  if (!result || currentText() !== text) return;
  if (result.status !== "winnable") return hint();
  showing = { moves: result.moves, index: 0, timer: 0, paused: false };
  markHelped();
  bar.hidden = false;
  $("#showme-pause").textContent = t("solver.pause");
  step();
}

function step() {
  if (!showing || showing.paused) return;
  if (showing.index >= showing.moves.length) return stopShowMe();
  const move = showing.moves[showing.index++];
  const answer = hub.engine("play", { move });
  if (!answer.ok) return stopShowMe();
  hub.show(answer, { reason: "show-me" });
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
