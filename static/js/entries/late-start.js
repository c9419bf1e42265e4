// The page's start, requested once its first frame is painted: PyScript and
// its chunks, MicroPython and its wasm, the engine's image, pyscript.json and
// the page's script. Lighthouse's simulation of a slow link counts every
// request that ended before the first paint as one the paint waited for; on a
// fast link the preloads in the head end before the early board's frame, so
// a phone on slow 4G was simulated waiting for MicroPython's 197 KB of wasm
// before it saw any card. Requested here, they start once the board's frame
// is painted and are still fetched at once, in the order given; the module
// scripts run once the document is parsed. tools/generate.py (board_start)
// writes this file into index.html in the early board's own script, so the
// frame asked for below is the board's, after LATE_FILES: [kind, path, low
// priority] for each file of generate.preloads,
// kind "modulepreload", "fetch" (a preload for fetch()) or "module" (a module
// script, run in order as the head's would be).
(() => {
  const files = typeof LATE_FILES === "object" ? LATE_FILES : [];
  /** @param {string} rel @param {string} href @param {boolean} low */
  function preload(rel, href, low) {
    const el = document.createElement("link");
    el.rel = rel;
    if (rel === "preload") {
      el.as = "fetch";
      el.crossOrigin = "anonymous";
    }
    if (low) el.fetchPriority = "low";
    el.href = href;
    document.head.append(el);
  }
  function start() {
    /** @type {HTMLScriptElement[]} */
    const modules = [];
    for (const [kind, href, low] of files) {
      if (kind === "fetch") preload("preload", href, low);
      else preload("modulepreload", href, low);
      if (kind !== "module") continue;
      const script = document.createElement("script");
      script.type = "module";
      script.async = false; // in order, as module scripts in the head
      script.src = href;
      modules.push(script);
    }
    // Run once the document is parsed, as the head's module scripts (their
    // files are fetched meanwhile): the page's script needs all of it, which
    // a slow link may still be bringing.
    const run = () => document.head.append(...modules);
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run, { once: true });
    else run();
  }
  if (document.hidden) setTimeout(start, 0); // no frames while hidden
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
