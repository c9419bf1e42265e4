// The page: waits for the Python engine (MicroPython, started by PyScript),
// then wires the board, the toolbar and the dialogs to it. Every intent goes
// to the engine through `engine(name, args)`; this file holds no rule.
import { Board } from "./board.js";
import { emit, hub } from "./hub.js";
import { PointerInput } from "./input.js";
import { language, loadLanguage, refusal, t } from "./i18n.js";
import { chooseLanguage, loadSettings, saveSettings } from "./settings.js";
import { savedGame } from "./storage.js";

const $ = (sel) => document.querySelector(sel);
const board = new Board($("#board"));
const settings = loadSettings();
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
const applyMotion = () => (board.animate = settings.animations && !reducedMotion.matches);
reducedMotion.addEventListener("change", applyMotion);

let engineCall = null;
let view = null;
// Settles (never rejects) once the strings are in, or once even English failed:
// page.js lets the board boot only then, so it is drawn in the player's language.
export const stringsReady = loadLanguage(chooseLanguage(settings))
  .catch((err) => {
    console.warn(`seahaven: strings not loaded: ${err.message}`);
    return loadLanguage("en");
  })
  .catch((err) => console.warn(`seahaven: no strings at all: ${err.message}`));

function engine(name, args = {}) {
  return JSON.parse(engineCall(name, JSON.stringify(args)));
}

// -- messages ---------------------------------------------------------------

let toastTimer = 0;
function toast(text, ms = 2600) {
  const el = $("#toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), ms);
}

// -- clock: counts from the first move while the page is visible -----------

const clock = {
  elapsed: 0,
  since: null,
  start() {
    if (this.since === null && !document.hidden) this.since = performance.now();
  },
  stop() {
    if (this.since !== null) this.elapsed += performance.now() - this.since;
    this.since = null;
  },
  reset() {
    this.elapsed = 0;
    this.since = null;
  },
  seconds() {
    return Math.floor((this.elapsed + (this.since === null ? 0 : performance.now() - this.since)) / 1000);
  },
};

function formatTime(seconds) {
  const m = Math.floor(seconds / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function tick() {
  $("[data-testid=time]").textContent = formatTime(clock.seconds());
}
setInterval(tick, 1000);
document.addEventListener("visibilitychange", () => {
  if (document.hidden) clock.stop();
  else if (view && view.moves > 0 && !view.won) clock.start();
});

// -- showing a new state -----------------------------------------------------

function show(answer, { animate = true, reason = "move" } = {}) {
  const previous = view;
  view = answer.view;
  hub.view = view;
  board.render(view, { animate });
  $("[data-testid=score]").textContent = view.score;
  $("[data-testid=moves]").textContent = view.moves;
  $("[data-testid=game-code]").textContent = view.code || "—";
  $("[data-testid=undo]").disabled = !view.canUndo;
  $("[data-testid=redo]").disabled = !view.canRedo;
  if (view.code && location.hash.slice(1) !== view.code) history.replaceState(null, "", `#${view.code}`);
  if (view.won) {
    clock.stop();
    tick();
    if (previous && !previous.won && reason !== "deal") openWin();
  } else if (view.moves > 0) {
    clock.start();
  }
  if (view.stuck && (!previous || !previous.stuck)) openDialog("#stuck-dialog");
  emit("state", { view, previous, reason });
}

function newDeal(answer) {
  clock.reset();
  tick();
  show(answer, { animate: false, reason: "deal" });
}

// -- intents -----------------------------------------------------------------

function act(name, args) {
  const answer = engine(name, args);
  if (answer.ok) show(answer);
  return answer;
}

new PointerInput(board, {
  tap(place, count) {
    if (count !== 1) return { moved: false, refuse: () => board.shake(place) };
    const answer = act("tap", { place });
    return { moved: answer.ok, refuse: () => board.shake(place) };
  },
  doubleTap(place, count) {
    const answer = act("double_tap", { place, n: count });
    if (!answer.ok) board.shake(place);
  },
  canLift(place, count) {
    if (!view) return false;
    if (place.startsWith("t")) return count <= view.runs[place];
    return count === 1;
  },
  dragStart(place, count) {
    board.highlight(engine("targets", { src: place, n: count }).targets);
  },
  drop(place, count, target, cardEls) {
    board.highlight([]);
    const before = board.snapshot();
    for (const el of cardEls) {
      el.classList.remove("dragging");
      el.style.transform = "";
    }
    if (target && target !== place) {
      const answer = engine("drop", { src: place, dst: target, n: count });
      if (answer.ok) {
        show(answer, { animate: false });
        board.slide(before, 90);
        return;
      }
      toast(refusal(answer.error));
    }
    board.slide(before, 160);
  },
});

// -- toolbar -----------------------------------------------------------------

$("[data-testid=undo]").addEventListener("click", () => act("undo"));
$("[data-testid=redo]").addEventListener("click", () => act("redo"));
$("[data-testid=new-game]").addEventListener("click", () => openNewGame());

async function copyText(text, message) {
  try {
    await navigator.clipboard.writeText(text);
    toast(message);
  } catch {
    toast(t("status.copyFailed", { text }), 6000);
  }
}

$("[data-testid=copy-code]").addEventListener("click", () => {
  if (!view || !view.code) return;
  const shareHidden = getComputedStyle($("[data-testid=share]")).display === "none";
  if (shareHidden && navigator.share) return $("[data-testid=share]").click();
  copyText(view.code, t("status.copied", { text: view.code }));
});
$("[data-testid=share]").addEventListener("click", async () => {
  const url = location.href.split("#")[0] + `#${view.code}`;
  if (navigator.share) {
    try {
      await navigator.share({ title: t("app.title"), text: view.code, url });
      return;
    } catch (err) {
      if (err.name === "AbortError") return;
    }
  }
  copyText(url, t("status.linkCopied"));
});

// -- settings ----------------------------------------------------------------

function applySettings() {
  document.body.classList.toggle("four-colour", settings.fourColour);
  applyMotion();
  $("#four-colour").checked = settings.fourColour;
  $("#animations").checked = settings.animations;
}
applySettings();

$("[data-testid=settings]").addEventListener("click", () => {
  $("#language-select").value = language;
  openDialog("#settings-dialog");
});
$("#four-colour").addEventListener("change", (e) => {
  settings.fourColour = e.target.checked;
  saveSettings(settings);
  applySettings();
});
$("#animations").addEventListener("change", (e) => {
  settings.animations = e.target.checked;
  saveSettings(settings);
  applySettings();
});
$("#language-select").addEventListener("change", async (e) => {
  settings.language = e.target.value;
  saveSettings(settings);
  await loadLanguage(settings.language);
  languageShown();
});

// Feature modules change settings through the hub ("setting" with the changed fields).
hub.addEventListener("setting", (e) => {
  Object.assign(settings, e.detail);
  saveSettings(settings);
});

// The strings of a language have arrived (at start-up, possibly after the board
// was drawn, or when the player picks another): redraw every text made from them.
function languageShown() {
  $("[data-testid=rules]").href = `./help/${language}/rules.html`;
  board.relabel();
  if (view) show({ view }, { animate: false, reason: "redraw" });
  emit("language", { language });
}
stringsReady.then(languageShown);

// -- dialogs -----------------------------------------------------------------

function openDialog(sel) {
  const dialog = $(sel);
  if (!dialog.open) dialog.showModal();
  return dialog;
}

function openNewGame() {
  const dialog = $("#new-dialog");
  const cells = view ? view.cells : settings.cells;
  dialog.querySelector(`input[name=cells][value="${cells}"]`).checked = true;
  $("#code-input").value = "";
  $("#code-error").textContent = "";
  openDialog("#new-dialog");
}

function entropy() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return words[0] * 8 + (words[1] & 7);
}

$("#new-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const action = e.submitter ? e.submitter.value : "start";
  const dialog = $("#new-dialog");
  if (action === "cancel") return dialog.close();
  if (action === "restart") {
    const answer = engine("restart");
    dialog.close();
    return newDeal(answer);
  }
  let code = $("#code-input").value.trim();
  const cells = Number(new FormData(e.target).get("cells"));
  if (!code && hub.winnableDeal) {
    const deal = $("[data-testid=deal]");
    deal.disabled = true;
    code = (await hub.winnableDeal(cells, entropy, $("#deal-status")).finally(() => (deal.disabled = false))) || "";
  }
  const answer = engine("new", code ? { code } : { cells, entropy: entropy() });
  if (!answer.ok) {
    $("#code-error").textContent = refusal(answer.error);
    return;
  }
  settings.cells = answer.view.cells;
  saveSettings(settings);
  dialog.close();
  newDeal(answer);
});

function openWin() {
  $("#win-summary").textContent = t("win.summary", {
    score: view.score,
    moves: view.moves,
    time: formatTime(clock.seconds()),
  });
  openDialog("#win-dialog");
}

$("#win-new").addEventListener("click", () => {
  $("#win-dialog").close();
  openNewGame();
});
$("#stuck-undo").addEventListener("click", () => {
  $("#stuck-dialog").close();
  act("undo");
});
$("#stuck-new").addEventListener("click", () => {
  $("#stuck-dialog").close();
  openNewGame();
});
for (const btn of document.querySelectorAll("[data-close]")) {
  btn.addEventListener("click", () => btn.closest("dialog").close());
}

// -- the URL hash follows the game; a typed hash opens that deal -------------

window.addEventListener("hashchange", () => {
  const code = decodeURIComponent(location.hash.slice(1));
  if (!engineCall || !code || (view && code.toUpperCase() === view.code)) return;
  const answer = engine("new", { code });
  if (answer.ok) newDeal(answer);
  else {
    toast(t("status.badHash", { reason: refusal(answer.error) }), 5000);
    history.replaceState(null, "", `#${view.code}`);
  }
});

// -- start: called from web/main.py once the engine is loaded ----------------

window.seahavenStartup = () => {
  let hash = "";
  try {
    hash = decodeURIComponent(location.hash.slice(1));
  } catch {
    hash = location.hash.slice(1);
  }
  return JSON.stringify({ hash, entropy: entropy(), cells: settings.cells, saved: savedGame() });
};
Object.assign(hub, { engine, show, toast, openDialog, board, clock, newDeal });

window.seahavenBoot = (problem) => {
  engineCall = window.seahavenEngine;
  newDeal(engine("state"));
  emit("ready", {});
  stringsReady.then(() => {
    if (problem) toast(t("status.badHash", { reason: refusal(JSON.parse(problem)) }), 6000);
  });
};
