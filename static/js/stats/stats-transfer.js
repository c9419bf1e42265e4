// Statistics to a file and back (the Statistics dialog's Export and Import),
// so a player moving to another device keeps them. Importing replaces the
// statistics here once the player says yes; a file that is not a whole
// statistics file (stats-file.js) is refused with the reason, and nothing
// changes. The game in progress stays as it is either way.
import { afterPaint } from "../after-paint.js";
import { today } from "../deals/days.js";
import { quoted, t } from "../i18n.js";
import { MAX_FILE_BYTES, fileName, readStatsFile, statsFile } from "./stats-file.js";
import { LEVELS } from "./stats-rules.js";
import { EVENT } from "../events.js";
import { find } from "../find.js";

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const { api, events, state } = page;
  const found = page.root.querySelector("#stats-dialog");
  if (!found) return;
  const dialog = found;
  const $ = (/** @type {string} */ selector) => find(dialog, selector, HTMLElement);
  const importButton = $("[data-testid=stats-import]");
  const input = find(dialog, "#stats-import-file", HTMLInputElement);
  const error = $("[data-testid=stats-file-error]");
  const confirm = $(".stats-import-confirm");
  /** @type {import("./stats-file.js").StatsFile | null} the file's statistics, waiting for the player's yes */
  let chosen = null;

  function exportStats() {
    const name = fileName(today());
    if (!state.stats) return; // statistics of a newer format: not shown, not exported
    const text = JSON.stringify(statsFile(state.stats, new Date().toISOString()), null, 1);
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: name, hidden: true });
    dialog.append(link);
    link.click(); // eslint-disable-line no-restricted-syntax -- the browser's download, no command
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    error.textContent = "";
    api.toast(t("statsFile.exported", { name }), 4000);
  }

  function settle() {
    chosen = null;
    confirm.hidden = true;
  }

  /** @param {{key: string, params?: Record<string, string>}} problem @param {string} name */
  function refuse(problem, name) {
    settle();
    error.textContent = t(problem.key, { ...quoted(problem.params), name }); // the file's words, as they are
  }

  /** @param {File} file */
  async function read(file) {
    const name = file.name.slice(0, 80);
    if (file.size > MAX_FILE_BYTES) return refuse({ key: "statsFile.tooBig" }, name);
    let text;
    try {
      text = await file.text();
    } catch {
      return refuse({ key: "statsFile.unreadable" }, name);
    }
    const answer = readStatsFile(text, today());
    if ("error" in answer) return refuse(answer.error, name);
    chosen = answer;
    error.textContent = "";
    const played = LEVELS.reduce((sum, level) => sum + answer.levels[level].played, 0);
    $("#stats-import-text").textContent = t("statsFile.confirm", { name, count: played });
    confirm.hidden = false;
    $("[data-testid=stats-import-no]").focus();
  }

  $("[data-testid=stats-export]").addEventListener("click", exportStats);
  importButton.addEventListener("click", () => {
    settle();
    error.textContent = "";
    input.value = "";
    input.click(); // eslint-disable-line no-restricted-syntax -- the browser's file picker, no command
  });
  input.addEventListener("change", () => input.files?.length && read(input.files[0]));
  $("[data-testid=stats-import-no]").addEventListener("click", () => {
    settle();
    importButton.focus();
  });
  $("[data-testid=stats-import-yes]").addEventListener("click", () => {
    const file = chosen;
    settle();
    if (!file) return;
    events.emit(EVENT.statsImport, { levels: file.levels, dailyBefore: file.dailyBefore });
    // Once the statistics redrawn are painted: placing the toast measures the page, a frame's layout.
    afterPaint(() => api.toast(t("statsFile.imported"), 3000));
    importButton.focus();
  });
  dialog.addEventListener("close", () => {
    settle();
    error.textContent = "";
  });
}
