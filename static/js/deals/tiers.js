// Deals of a chosen kind (Relaxed, Balanced, Tricky: design §8) in the New
// game dialog: random deals are graded by the solver's worker (its `grade`
// export, seahaven/grade.py) until one is of that kind. Such deals are always
// winnable, so a kind ticks "Only winnable deals". The choice is a setting.
import { entropy } from "../engine.js";
import { find } from "../find.js";
import { t } from "../i18n.js";

// About 1 Hard deal in 150 is of a given kind: 3000 tries all fail once in ~10^9.
const MAX_TRIES = 3000;
const SHOW_EVERY = 5; // deals graded between two updates of the progress shown

// Why the worker gave no answer, in the page's language.
/** @param {import("../saving/bounds.js").Stored} problem a worker's refusal or an Error */
export function problemText(problem) {
  if (problem && problem.key) return t(problem.key, problem.params);
  return String((problem && problem.message) || problem);
}

// A deal code of `cells` cells and `tier`, or null: none found, no solver,
// or stopped() turned true (the dialog was closed) before one was.
/**
 * @param {import("../create-page.js").Page} page
 * @param {number} cells
 * @param {string} tier
 * @param {HTMLElement} status
 * @param {() => boolean} stopped
 */
export async function tieredDeal(page, cells, tier, status, stopped) {
  const { api } = page;
  const kind = t(`tier.${tier}`);
  status.textContent = t("tier.searching", { tier: kind, count: 0 });
  try {
    await api.solver.ready();
    for (let i = 1; i <= MAX_TRIES && !stopped(); i++) {
      const deal = api.do("preview", { cells, entropy: entropy() });
      if (deal.ok === false) throw deal.error; // said below, rather than a grade asked for no code
      const grade = await api.solver.grade({ code: deal.code });
      if (grade.ok && grade.tier === tier) return deal.code;
      if (i % SHOW_EVERY === 0) status.textContent = t("tier.searching", { tier: kind, count: i });
    }
    if (!stopped()) api.toast(t("tier.noneFound", { tier: kind }), 5000);
  } catch (problem) {
    api.toast(problemText(problem), 5000);
  } finally {
    status.textContent = "";
  }
  return null;
}

// The dialog shows the kind chosen last; "Only winnable deals" is ticked for
// a kind, else shows the player's setting.
/** @param {import("../create-page.js").Page} page */
export function showTier(page) {
  const select = /** @type {HTMLSelectElement | null} */ (page.root.querySelector("#tier-select"));
  if (!select) return;
  const onlyWinnable = find(page.root, "#only-winnable", HTMLInputElement);
  select.value = page.state.settings.tier;
  const tiered = select.value !== "any";
  onlyWinnable.checked = tiered || page.state.settings.onlyWinnable;
  onlyWinnable.disabled = tiered;
}

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const select = /** @type {HTMLSelectElement | null} */ (page.root.querySelector("#tier-select"));
  if (!select) return;
  select.addEventListener("change", () => {
    page.api.setting({ tier: select.value });
    showTier(page);
  });
}
