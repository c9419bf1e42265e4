// Cards going home without a tap each. Finish (the button, the F key, or a
// double tap on a foundation: the command api.commands.finish) plays the engine's
// finishing moves once foundation moves alone win (view.finish; the moves come
// with the state drawn); with "Send cards home automatically" on, the cards
// the state's answer names go home after each move the player makes (none
// after an undo or a redo). Each
// is an ordinary move played through the "play" intent: scored, undoable and
// drawn sliding, one after the other. Any other state drawn (a tap, an undo, a
// new deal) ends what is left of a run of them.
import { find } from "./find.js";
import { t } from "./i18n.js";
import { EVENT } from "./events.js";

const STEP_MS = 120;

/** @param {import("./create-page.js").Page} page */
export function init(page) {
  const { api, events, state } = page;
  const button = find(page.root, "[data-testid=finish]", HTMLElement);
  const toggle = find(page.root, "#auto-home", HTMLInputElement);
  /** @type {{moves: import("#build/engine-api.js").Move[], timer: number} | null} */
  let run = null; // { moves, timer } while cards are going home
  let ours = false; // the state being drawn is one of the run's moves

  function showButton() {
    button.hidden = !(state.view && state.view.finish) || run !== null;
  }

  function stop() {
    if (run) clearTimeout(run.timer);
    run = null;
  }

  /** @param {import("#build/engine-api.js").Move[]} moves @param {number} delay */
  function start(moves, delay) {
    stop();
    run = { moves: [...moves], timer: setTimeout(step, delay) };
    showButton();
  }

  function step() {
    const move = run && run.moves.shift();
    if (!run || !move) return; // stopped meanwhile: its timer is cleared, so never
    ours = true;
    let answer;
    try {
      answer = api.do("play", { move: move.text });
    } finally {
      ours = false;
    }
    if (answer.ok && run && run.moves.length) run.timer = setTimeout(step, api.board.animate ? STEP_MS : 0);
    else {
      run = null;
      showButton();
    }
  }

  // The engine's finishing moves came with the state drawn (none while a card needs another kind of move).
  /** @param {string | null} [place] */
  function finish(place) {
    const moves = state.game ? state.game.finishing : [];
    if (moves.length) return start(moves, 0);
    if (place) api.board.shake(place);
    api.toast(t("refuse.finish-not-yet"));
  }

  events.on(EVENT.state, ({ reason, autoplay: moves }) => {
    if (!ours) {
      stop();
      // The answer names the cards that go home after a move the player made (none after an undo or a redo).
      if (reason === "move" && state.settings.autoHome) {
        // The player's own move slides first; then its consequences.
        if (moves.length) start(moves, api.board.animate ? STEP_MS : 0);
      }
    }
    showButton();
  });
  api.commands.finish = finish;
  button.addEventListener("click", () => finish(null));

  toggle.checked = state.settings.autoHome;
  toggle.addEventListener("change", () => api.setting({ autoHome: toggle.checked }));
  events.on(EVENT.language, () => (button.title = t("finish.title")));
}
