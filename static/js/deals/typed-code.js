// The New game dialog's code field: a code typed there is what Deal (or
// Enter, a phone keyboard's Go) deals. Before it is dealt the dialog says
// what it is: its difficulty, from the engine (the code names its cells,
// whatever difficulty is ticked), then, from the solver's worker as it comes,
// whether it can be won and its kind (design §8); the choices that do not
// apply to a typed code are turned off meanwhile. An error about the code
// stays while the code is still wrong, saying what is wrong now, and goes
// once it reads. Nothing waits on the solver: Deal deals at once.
import { LEVELS as DIFFICULTY, NOT_WINNABLE, UNKNOWN, WINNABLE } from "#build/facts.js";
import { find } from "../find.js";
import { refusal, t } from "../i18n.js";
import { showTier } from "./tiers.js";
import { EVENT } from "../events.js";

/** The words of each difficulty, by its cells (the New game dialog's own). */
const levelKey = (/** @type {number} */ cells) => `new.${DIFFICULTY[/** @type {keyof typeof DIFFICULTY} */ (String(cells))]}`; // i18n
/** What the solver's grade says of a deal (seahaven/grade.py statuses). */
const VERDICTS = { [WINNABLE]: "typed.winnable", [NOT_WINNABLE]: "typed.lost", [UNKNOWN]: "typed.unknown" };

/**
 * @param {import("../create-page.js").Page} page
 * @returns {{reset: () => void, refuse: (error: import("#build/engine-api.js").Refusal) => void}}
 */
export function createTypedCode(page) {
  const { api, events } = page;
  const field = find(page.root, "#code-input", HTMLInputElement);
  const error = find(page.root, "#code-error", HTMLElement);
  const info = find(page.root, "#code-info", HTMLElement);
  let asking = new AbortController(); // the grade asked for the code described, aborted when it changes
  let described = ""; // the code the info line is about

  // The difficulty, "Only winnable deals" and the kind of deal are for a random deal.
  /** @param {boolean} on */
  function choose(on) {
    find(page.root, "#new-form fieldset", HTMLFieldSetElement).disabled = !on;
    find(page.root, "#tier-select", HTMLSelectElement).disabled = !on;
    if (on) showTier(page);
    else find(page.root, "#only-winnable", HTMLInputElement).disabled = true;
  }

  function forget() {
    asking.abort();
    described = "";
    info.textContent = "";
    delete info.dataset.verdict;
    choose(true);
  }

  /** @param {...string} parts the words of the info line, those known so far */
  const say = (...parts) => (info.textContent = parts.filter(Boolean).join(" · "));

  // What the field holds now, said as the player types.
  async function describe() {
    const code = field.value.trim();
    const answer = code ? api.do("preview", { code }, { quiet: true }) : null;
    if (!answer || answer.ok === false) {
      // Still wrong: what is wrong now, when an error is shown (nothing is said while the code is typed).
      error.textContent = answer && answer.ok === false && error.textContent ? refusal(answer.error) : "";
      if (described) forget();
      return;
    }
    error.textContent = "";
    if (answer.code === described) return;
    asking.abort();
    asking = new AbortController();
    described = answer.code;
    delete info.dataset.verdict;
    choose(false);
    const level = t(levelKey(answer.cells));
    if (api.solver.state !== "ready") return say(level);
    say(level, t("typed.checking"));
    const { signal } = asking;
    try {
      const grade = await api.solver.grade({ code: answer.code }, { signal });
      if (signal.aborted) return;
      const tier = grade.ok && grade.tier ? t(`tier.${grade.tier}`) : "";
      const status = grade.ok ? grade.status : UNKNOWN;
      info.dataset.verdict = status;
      say(level, tier, t(VERDICTS[status] || "typed.unknown"));
    } catch {
      if (!signal.aborted) say(level); // no solver after all: the difficulty alone
    }
  }

  field.addEventListener("input", describe);
  find(page.root, "#new-dialog", HTMLDialogElement).addEventListener("close", () => asking.abort());
  events.on(EVENT.language, () => {
    if (!described) return;
    described = "";
    describe();
  });

  return {
    /** An empty field, no error, every choice on: the dialog as it opens. */
    reset() {
      field.value = "";
      error.textContent = "";
      forget();
    },
    /** Say why the code typed cannot be dealt (it stays in the field to be fixed). */
    refuse(refused) {
      error.textContent = refusal(refused);
    },
  };
}
