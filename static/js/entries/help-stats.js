// Questions page: fills <span data-stat="winnable-4"> (and -2, -1) with the
// share of winnable deals from static/examples/stats.json, when measured.
// The file maps the number of cells to a share between 0 and 1, or to
// {"share": 0.97, "deals": 10000}; null (or no file) keeps the page's
// "being measured" text.
/** @param {unknown} value a share, or {share, deals} @returns {number | null} */
function share(value) {
  if (typeof value === "number") return value;
  const measured = /** @type {{share?: unknown} | null} */ (value);
  if (measured && typeof measured.share === "number") return measured.share;
  return null;
}

async function fill() {
  const spans = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-stat^='winnable-']"));
  if (!spans.length) return;
  const res = await fetch(new URL("../examples/stats.json", import.meta.url)); // bundled: static/build/help-stats.js
  if (res.ok === false) return;
  const stats = await res.json();
  const format = new Intl.NumberFormat(document.documentElement.lang || "en", {
    style: "percent",
    maximumFractionDigits: 1,
  });
  for (const span of spans) {
    const value = share(stats[String(span.dataset.stat).slice("winnable-".length)]);
    if (value === null || !(value >= 0 && value <= 1)) continue;
    span.textContent = format.format(value);
    span.classList.add("measured");
  }
}

fill().catch((err) => console.warn(`seahaven: statistics not shown: ${err.message}`));
