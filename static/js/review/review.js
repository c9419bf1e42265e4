// The review of the game: a timeline with one mark per move — ✓ it kept the
// game winnable, ✗ the move that lost it, ! played at a crossroads (a
// position where at most two choices kept it winnable), · the game was lost
// already, ? too hard to tell — and a slider, Previous and Next to step
// through the positions on the real board, read-only meanwhile. On the move
// that lost the game, the winning alternative is shown like a hint. "Play
// from here" goes back (or forward) to the position shown: the later moves
// stay on the redo list. The review covers the game's whole line: its moves
// and its redo list (web/controller.py `line`).
//
// It opens from the toolbar's menu, from the win, "no move left" and "cannot
// be won" dialogs (buttons marked data-review), and after a shared game link
// is opened (game-link.js emits "review" with {shared: true}). The verdicts
// come from the solver's worker in slices (review-run.js), with the progress
// shown; closing the review or any change of the game cancels it. Stepping
// needs no solver: without one, the positions can still be looked at.
//
// Step s shows the position after s moves and the move played next from it
// (move s + 1), so the ✗ mark shows the position where the game was lost,
// with the move that lost it and the one that would have won. Test hooks
// (design §6): the panel is data-testid="review", each move's mark carries
// data-review-ply (the ply the move led to, as in `review --json`),
// data-verdict (that ply's verdict), data-critical (whether the move was
// chosen at a crossroads: the ply before it is critical) and, on the move
// that lost the game, data-lost-here.
import { NOT_WINNABLE, WINNABLE } from "#build/facts.js";
import { amount, cardShort, label, placeName, t } from "../i18n.js";
import { MAX_REVIEW_MOVES, runReview } from "./review-run.js";
import { EVENT } from "../events.js";
import { afterPaint } from "../after-paint.js";
import { setAttr, setText } from "../dom-writes.js";

const GLYPHS = { kept: "✓", critical: "!", lost: "✗", after: "·", unknown: "?", pending: "…" };
const LABELS = {
  kept: "review.markKept",
  critical: "review.markCritical",
  lost: "review.markLost",
  after: "review.markAfter",
  unknown: "review.markUnknown",
  pending: "review.markPending",
};
const HIGHLIGHTS = ["review-from", "review-to", "review-lost", "hint-from", "hint-to"];
// How many marks are given their words (what a screen reader says of each) in
// one task: a hundred at once, with the panel shown, held a phone's frame for
// 150-300 ms at CPU ×4; so the panel is shown with its marks, and their words
// follow, a slice after each frame (bench/review_page.py).
const WORDS_PER_TASK = 12;

// The open review: {line, step, result, run, touched, words, drawn, scrolled};
// `words`: each move's words, as stepWords says them, once found; `drawn`: what
// each mark shows (its kind and verdict), so only what changes is written.
/** @typedef {{line: any, step: number, result: any, run: any, touched: boolean, words: string[], drawn: any[], scrolled: number | null}} Review */

// -- words -------------------------------------------------------------------------
const moveWords = (m) => t("review.move", { card: cardShort(m.card), from: placeName(m.from), to: placeName(m.to) });

/** The kind of mark of move k (1-based), from the review so far. @param {Review} review @param {number} k */
export function kind(review, k) {
  const result = review.result;
  if (!result) return "pending";
  const ply = result.plies[k];
  if (result.lostAt === k) return "lost";
  if (ply.verdict === WINNABLE) return result.plies[k - 1].critical ? "critical" : "kept";
  if (ply.verdict === NOT_WINNABLE) return "after";
  return "unknown";
}

/** @param {Review} review @param {number} step */
export function stepWords(review, step) {
  const n = review.line.moves.length;
  if (step >= n) return t("review.stepEnd", { count: n });
  return t("review.stepMove", { k: label(step + 1), n: label(n), move: moveWords(review.line.moves[step]) });
}

/**
 * What the review says about the move played from step `step` (or the game, at the end).
 * @param {Review} review
 * @param {number} step
 * @param {import("../board/board.js").Drawn | null} view the position drawn (the board's)
 */
export function verdictWords(review, step, view) {
  const result = review.result;
  const n = review.line.moves.length;
  if (!result) return "";
  const plies = result.plies;
  if (step >= n) return endWords(result, n, view);
  const k = step + 1;
  const before = plies[step];
  const counts = { count: before.keeps, legal: before.legal };
  if (result.lostAt === k) {
    const alt = result.alternativeMove;
    const cards = alt && view ? view.places[alt.from] : null;
    const card = cards ? cards[cards.length - alt.n] : null;
    if (!card) return t("review.lostHere");
    return `${t("review.lostHere")} ${t("review.instead", { move: moveWords({ ...alt, card }) })}`;
  }
  const verdict = plies[k].verdict;
  if (verdict === WINNABLE) {
    if (before.keeps === null) return t("review.keptPlain");
    return t(before.critical ? "review.keptCritical" : "review.kept", counts);
  }
  if (verdict === NOT_WINNABLE) return t(before.verdict === NOT_WINNABLE ? "review.alreadyLost" : "review.lost");
  return t("review.unknown");
}

function endWords(result, n, view) {
  const last = result.plies[n];
  if (view && view.won) {
    return result.par === null ? t("review.endWon", { count: n }) : t("review.endWonPar", { count: n, par: label(result.par) });
  }
  if (result.lostAt !== null) return t("review.endLost", { k: label(result.lostAt) });
  if (result.plies[0].verdict === NOT_WINNABLE) return t("review.endNever");
  if (last.verdict === WINNABLE) return t("review.endOpen");
  return t("review.unknown");
}

/** The review's result in one line: where it was lost, the crossroads, par. */
export function summary(result) {
  const parts = [];
  const critical = result.plies.filter((p) => p.critical).length;
  if (result.lostAt !== null) parts.push(t("review.sumLost", { k: label(result.lostAt) }));
  else if (result.plies[0].verdict === NOT_WINNABLE) parts.push(t("review.sumNever"));
  parts.push(t("review.sumCritical", { count: critical }));
  if (result.par !== null) parts.push(t("review.par", { count: result.par }));
  return parts.join(" · ");
}

// -- the timeline: one mark per move -------------------------------------------------
/** @param {HTMLElement} marks @param {Review} review @param {() => Review | null} current */
function buildMarks(marks, review, current) {
  const items = review.line.moves.map((m, i) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.tabIndex = -1; // the slider is the keyboard's way through; marks are for pointing
    button.dataset.reviewPly = String(i + 1);
    item.append(button);
    return item;
  });
  marks.replaceChildren(...items);
  review.words = [];
  review.drawn = [];
  drawMarks(marks, review);
  nameMarks(marks, review, current);
}

// Mark i's words for a screen reader: its move, then its kind.
function nameMark(marks, review, i, what) {
  const words = review.words[i];
  if (words) setAttr(marks.children[i].firstChild, "aria-label", `${words}, ${t(LABELS[what])}`);
}

// Give the marks of `review` their words, a slice a task, each after a frame, while it is the one open.
function nameMarks(marks, review, current) {
  if (current() !== review) return;
  const from = review.words.length;
  const to = Math.min(review.line.moves.length, from + WORDS_PER_TASK);
  for (let i = from; i < to; i++) {
    review.words[i] = stepWords(review, i);
    nameMark(marks, review, i, review.drawn[i].kind);
  }
  if (to < review.line.moves.length) afterPaint(() => nameMarks(marks, review, current));
}

// Each mark as the review so far says: only what changed is written.
function drawMarks(marks, review) {
  const result = review.result;
  review.line.moves.forEach((m, i) => {
    const k = i + 1;
    const what = kind(review, k);
    const verdict = result ? result.plies[k].verdict : null;
    const critical = result ? String(result.plies[i].critical) : null;
    const lost = Boolean(result && result.lostAt === k);
    const was = review.drawn[i];
    if (was && was.kind === what && was.verdict === verdict && was.critical === critical && was.lost === lost) return;
    review.drawn[i] = { kind: what, verdict, critical, lost };
    const button = marks.children[i].firstChild;
    setText(button, GLYPHS[what]);
    button.dataset.kind = what;
    if (verdict !== null) {
      button.dataset.verdict = verdict;
      button.dataset.critical = critical;
    }
    button.toggleAttribute("data-lost-here", lost);
    nameMark(marks, review, i, what);
  });
}

// The words of every mark again (the language changed), at once.
function renameMarks(marks, review) {
  review.words = review.line.moves.map((m, i) => stepWords(review, i));
  review.line.moves.forEach((m, i) => nameMark(marks, review, i, review.drawn[i].kind));
}

// The move played from the step shown outlined on the board, and on the losing move the one that would have won.
function highlight(board, review) {
  for (const el of board.places.values()) el.classList.remove(...HIGHLIGHTS);
  const { line, step, result } = review;
  const next = line.moves[step];
  if (!next) return;
  const lost = result && result.lostAt === step + 1;
  board.places.get(next.from)?.classList.add("review-from", ...(lost ? ["review-lost"] : []));
  board.places.get(next.to)?.classList.add("review-to", ...(lost ? ["review-lost"] : []));
  const alt = lost && result.alternativeMove;
  if (alt) {
    board.places.get(alt.from)?.classList.add("hint-from");
    board.places.get(alt.to)?.classList.add("hint-to");
  }
}

/**
 * The review's parts on the page, and the review open (null when none).
 * @param {import("../create-page.js").Page} page
 */
function createReviewUi(page) {
  const $ = (sel) => page.root.querySelector(sel);
  const panel = $("#review-panel");
  const part = (id) => panel.querySelector(`[data-testid=review-${id}]`);
  return {
    $, panel, part,
    marks: part("marks"),
    slider: part("slider"),
    readOnly: () => [$("#board"), $(".toolbar .actions")].filter(Boolean),
    /** @type {Review | null} */
    review: null,
    sharedCode: null, // the deal of a game opened from a link, while it is the game
  };
}

/**
 * Stepping through the positions: the words, the slider, the board.
 * @param {import("../create-page.js").Page} page
 * @param {ReturnType<typeof createReviewUi>} ui
 */
function createStepping({ api }, ui) {
  const { part, marks, slider } = ui;

  function describe() {
    const review = ui.review;
    const step = review.step;
    const words = stepWords(review, step);
    const verdict = verdictWords(review, step, api.board.view);
    setText(part("step"), words);
    setText(part("verdict"), verdict);
    setAttr(slider, "aria-valuetext", [words, verdict].filter(Boolean).join(". "));
    part("prev").disabled = step === 0;
    part("next").disabled = step === review.line.moves.length;
    marks.querySelector("[aria-current]")?.removeAttribute("aria-current");
    marks.children[step]?.firstChild.setAttribute("aria-current", "step");
    if (review.scrolled !== step) afterPaint(scrollToStep);
  }

  // The mark of the step shown, scrolled into sight once that step is drawn
  // (not again as verdicts come in): read after the frame, when the page's
  // layout is done, it costs no layout of its own.
  function scrollToStep() {
    const review = ui.review;
    if (!review || review.scrolled === review.step) return;
    review.scrolled = review.step;
    marks.children[review.step]?.scrollIntoView({ block: "nearest", inline: "center" });
  }

  // Show step `step` on the board: the position after that many moves.
  function go(step, { animate = true } = {}) {
    const review = ui.review;
    step = Math.max(0, Math.min(review.line.moves.length, step));
    const answer = api.do("viewAt", { ply: step }, { quiet: true });
    if (answer.ok === false) return;
    api.board.render(answer.view, { animate: animate && Math.abs(step - review.step) === 1 });
    review.step = step;
    slider.value = String(step);
    highlight(api.board, review);
    describe();
  }
  return { describe, go };
}

/**
 * The verdicts, computed by the solver's worker in slices (review-run.js).
 * @param {import("../create-page.js").Page} page
 * @param {ReturnType<typeof createReviewUi>} ui
 * @param {ReturnType<typeof createStepping>} stepping
 */
function createComputing({ api }, ui, { describe, go }) {
  const { panel, part, marks } = ui;

  function showProgress(answer) {
    if (answer.state === "done") performance.mark("review-verdicts"); // par may follow
    ui.review.result = answer.review;
    const { done, total } = answer.progress;
    part("progress").value = total ? done / total : 0;
    setText(part("status"), t("review.computing", { percent: label(Math.round((100 * done) / (total || 1))) }));
    drawMarks(marks, ui.review);
    describe();
  }

  function finished(current, result) {
    if (ui.review !== current || !result) return;
    current.result = result;
    part("progress").value = 1;
    part("status").textContent = summary(result);
    drawMarks(marks, current);
    // Unless the player has stepped meanwhile, the review goes to the position
    // where the game was lost: drawn in a frame of its own, after the marks'.
    const toLost = () => !current.touched && result.lostAt !== null;
    const done = () => {
      if (ui.review !== current) return;
      if (toLost()) go(result.lostAt - 1, { animate: false });
      panel.dataset.state = "done";
      performance.mark("review-done");
    };
    if (toLost()) return afterPaint(done);
    highlight(api.board, current);
    describe();
    done();
  }

  return function compute() {
    const solver = api.solver;
    solver.start(); // wanted now: a start under way stops waiting for a pause in the input
    if (solver.state !== "ready") {
      panel.dataset.state = solver.state === "failed" ? "unavailable" : "waiting";
      part("status").textContent =
        solver.state === "failed" && solver.problem ? t(solver.problem.key, solver.problem.params) : t("review.waiting");
      return;
    }
    const current = ui.review;
    panel.dataset.state = "working";
    part("status").textContent = t("review.computing", { percent: label(0) });
    performance.mark("review-start");
    current.run = runReview(solver, { code: current.line.code, moves: current.line.moves.map((m) => m.text) }, {
      onProgress: (answer) => ui.review === current && showProgress(answer),
    });
    current.run.done.then(
      (result) => finished(current, result),
      (err) => {
        if (ui.review !== current) return;
        console.warn(`seahaven: the review stopped: ${err && err.message}`);
        panel.dataset.state = "unavailable";
        part("status").textContent = t("review.failed");
      },
    );
  };
}

/**
 * Opening and closing the review, and playing on from the position shown.
 * @param {import("../create-page.js").Page} page
 * @param {ReturnType<typeof createReviewUi>} ui
 * @param {ReturnType<typeof createStepping>} stepping
 * @param {() => void} compute
 */
function createOpening({ api, state }, ui, { describe }, compute) {
  const { panel, part, marks, slider } = ui;

  function open({ shared = false } = {}) {
    if (!state.view) return;
    if (ui.review) return slider.focus();
    const line = api.do("line", null, { quiet: true });
    if (line.ok === false) return;
    if (!line.moves.length) return api.toast(t("review.nothing"));
    const count = line.moves.length;
    if (count > MAX_REVIEW_MOVES) return api.toast(t("review.tooLong", { count, limit: amount(MAX_REVIEW_MOVES) }), 8000);
    api.commands.stopShowMe(); // Show me would change the game under the review
    if (shared) ui.sharedCode = line.code;
    const review = { line, step: line.at, result: null, run: null, touched: false, words: [], drawn: [], scrolled: null };
    ui.review = review;
    slider.max = String(line.moves.length);
    buildMarks(marks, review, () => ui.review);
    for (const el of ui.readOnly()) el.inert = true;
    api.set({ review: true });
    part("progress").value = 0;
    // The board shows the game as it is, the review's first step: nothing to
    // ask the engine or draw. Shown once its words are written (showing it lays
    // the page out, to focus it), and the worker asked once that frame is painted.
    slider.value = String(line.at);
    highlight(api.board, review);
    describe();
    panel.show();
    slider.focus({ preventScroll: true });
    afterPaint(() => ui.review === review && compute());
  }

  // Close the review; `restore` draws the game as it is (not when a new state is drawn anyway).
  function close({ restore = true } = {}) {
    if (!ui.review) return;
    if (ui.review.run) ui.review.run.cancel();
    ui.review = null;
    for (const el of api.board.places.values()) el.classList.remove(...HIGHLIGHTS);
    for (const el of ui.readOnly()) el.inert = false;
    api.set({ review: false });
    panel.dataset.state = "idle";
    panel.close();
    if (restore && state.view) api.board.render(state.view, { animate: false });
  }

  function playFromHere() {
    const { step, line } = ui.review;
    // Moves of someone else's game (a shared link) replayed for the player are help.
    if (ui.sharedCode === line.code && step > line.at) api.markHelped();
    close({ restore: false });
    api.do("rewind", { ply: step }, { animate: false, reason: "redraw", quiet: true });
    api.announce(t("review.playing", { count: step }));
    api.focusBoard();
  }
  return { open, close, playFromHere };
}

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const { api, events } = page;
  const ui = createReviewUi(page);
  const { panel, part, marks, slider } = ui;
  const stepping = createStepping(page, ui);
  const compute = createComputing(page, ui, stepping);
  const { open, close, playFromHere } = createOpening(page, ui, stepping, compute);
  const { go, describe } = stepping;

  events.on(EVENT.solver, ({ state: solverState }) => {
    if (ui.review && !ui.review.run && (solverState === "ready" || solverState === "failed")) compute();
  });
  // Any change of the game ends the review (its line is no longer the game's).
  events.on(EVENT.state, ({ view, reason }) => {
    if (reason === "deal" && view.code !== ui.sharedCode) ui.sharedCode = null;
    if (ui.review) close({ restore: false });
  });
  events.on(EVENT.review, (detail) => open({ shared: detail.shared }));
  events.on(EVENT.language, () => {
    if (!ui.review) return;
    renameMarks(marks, ui.review);
    describe();
    if (ui.review.result && panel.dataset.state === "done") part("status").textContent = summary(ui.review.result);
  });

  ui.$("[data-testid=review-open]").addEventListener("click", () => open());
  for (const button of page.root.querySelectorAll("[data-review]")) {
    button.addEventListener("click", () => {
      button.closest("dialog")?.close();
      open();
    });
  }
  // Stepping by the marks, the slider, Previous and Next.
  const step = (to, say = false) => {
    if (!ui.review) return;
    ui.review.touched = true;
    go(to(ui.review.step));
    if (say) api.announce(slider.getAttribute("aria-valuetext"));
  };
  marks.addEventListener("click", (e) => {
    const mark = e.target.closest("[data-review-ply]");
    if (mark) step(() => Number(mark.dataset.reviewPly) - 1);
  });
  slider.addEventListener("input", () => step(() => Number(slider.value)));
  part("prev").addEventListener("click", () => step((at) => at - 1, true));
  part("next").addEventListener("click", () => step((at) => at + 1, true));
  part("play").addEventListener("click", playFromHere);
  part("close").addEventListener("click", () => close());
  panel.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      e.preventDefault();
      close();
    }
  });
}
