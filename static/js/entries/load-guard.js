// The start-up guard: if anything on the board's start path fails (PyScript's
// files, MicroPython or its wasm, the engine's modules, the page's script, the
// server going away mid-load), the player gets a message in their language
// with a Retry button (data-testid="load-error") instead of "Loading…" for
// ever, and never PyScript's developer banner. tools/generate.py writes this
// file into index.html itself (its hash allowed by the page's CSP), with the
// "load.*" strings of every language before it as LOAD_STRINGS, so it works
// when nothing else of the site arrives. It watches until the board is ready
// (body[data-ready]); a board that gets ready after all takes the message away.
(() => {
  const LATE_MS = 30000; // no failure seen, still no board: say so all the same
  const strings = typeof LOAD_STRINGS === "object" ? LOAD_STRINGS : {};
  const ready = () => Boolean(document.body && document.body.dataset.ready);
  let box = null;

  // The player's language as the page picks it: ?lang=, the saved choice, the browser's.
  function language() {
    const tags = [new URLSearchParams(location.search).get("lang")];
    try {
      tags.push(JSON.parse(localStorage.getItem("seahaven.settings")).language);
    } catch {
      // no saved choice, or storage denied
    }
    tags.push(...(navigator.languages || [navigator.language]));
    for (const tag of tags) {
      const code = String(tag || "").slice(0, 2).toLowerCase();
      if (strings[code]) return code;
    }
    return "en";
  }

  function show(why) {
    if (ready() || box) return;
    if (!document.body) return document.addEventListener("DOMContentLoaded", () => show(why), { once: true });
    console.warn(`seahaven: the game could not start: ${why}`);
    const said = { ...strings.en, ...strings[language()] };
    box = document.createElement("div");
    box.className = "load-error";
    box.dataset.testid = "load-error";
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;inset:30% 1rem auto;margin:auto;max-width:28rem;padding:1rem;text-align:center;"
      + "background:#fff;color:#111;border-radius:8px;box-shadow:0 4px 16px #0006;z-index:1000;font:1rem/1.4 sans-serif";
    const text = document.createElement("p");
    text.textContent = `${said["load.failed"] || "The game could not be loaded."} ${said["load.hint"] || ""}`.trim();
    const retry = document.createElement("button");
    retry.type = "button";
    retry.dataset.testid = "load-retry";
    retry.style.cssText = "font:inherit;padding:0.5rem 1.5rem;min-height:44px";
    retry.textContent = said["load.retry"] || "Retry";
    retry.addEventListener("click", () => location.reload());
    box.append(text, retry);
    document.body.append(box);
    for (const loading of document.querySelectorAll(".loading")) loading.hidden = true;
    retry.focus();
  }

  const failed = (why) => !ready() && show(why);

  // A script that did not load (PyScript, MicroPython, the page's script): its error does not bubble.
  function onError(e) {
    if (e.target instanceof HTMLScriptElement) failed(`${e.target.src} did not load`);
    else if (e instanceof ErrorEvent) failed(e.message);
  }
  const onRejection = (e) => failed(String((e.reason && e.reason.message) || e.reason));
  addEventListener("error", onError, true);
  addEventListener("unhandledrejection", onRejection);

  // PyScript and Python report through console.error (a file that did not
  // load, a traceback): before the board is ready, any of it is a failure.
  const consoleError = console.error;
  console.error = (...args) => {
    consoleError.apply(console, args);
    failed(args.map(String).join(" "));
  };

  // PyScript's own banner (a configuration it cannot read) is for developers: never shown.
  const banners = new MutationObserver(() => {
    for (const banner of document.querySelectorAll(".py-error")) {
      failed(banner.textContent);
      banner.remove();
    }
    if (ready()) disarm();
  });
  const late = setTimeout(() => failed("still not ready"), LATE_MS);

  function disarm() {
    clearTimeout(late);
    banners.disconnect();
    removeEventListener("error", onError, true);
    removeEventListener("unhandledrejection", onRejection);
    console.error = consoleError;
    if (box) box.remove();
  }

  function watch() {
    banners.observe(document.body, { childList: true, attributes: true, attributeFilter: ["data-ready"] });
  }
  if (document.body) watch();
  else document.addEventListener("DOMContentLoaded", watch, { once: true });
})();
