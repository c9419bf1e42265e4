// The start-up guard: the player is told the truth while the board loads.
// - A file on the board's start path fails (PyScript's files, MicroPython or
//   its wasm, the engine's modules, the page's script, the server going away
//   mid-load), or nothing at all arrives for STALL_MS (a request that will
//   not answer): a message in their language with a Retry button
//   (data-testid="load-error") instead of "Loading…" for ever, and never
//   PyScript's developer banner. Retry asks the server again for every file
//   this start asked for, past the HTTP cache, before it reloads: GitHub
//   Pages lets a browser keep a file for ten minutes, so a file cut short,
//   or of a deploy half-way there, would otherwise come back as it was.
// - Still loading after SLOW_MS while bytes keep arriving (a slow link):
//   "still loading (slow connection)" with what has arrived so far
//   (data-testid="load-slow"), never "could not be loaded".
// What arrives is counted from the files that finished (Resource Timing) and,
// as they stream in, the bodies fetched with fetch() (MicroPython's wasm, the
// engine's image, the strings): the guard wraps fetch until the board is ready.
// tools/generate.py writes this file into index.html itself (its hash allowed
// by the page's CSP), with the "load.*" strings of every language before it
// as LOAD_STRINGS, so it works when nothing else of the site arrives. It
// watches until the board is ready (body[data-ready]); a board that gets
// ready after all takes the message away.
(() => {
  const STALL_MS = 6000; // nothing arrived for this long, still no board: a request will not answer
  const SLOW_MS = 6000; // still loading this long after the page opened: the connection is slow
  const REFETCH_MS = 8000; // Retry reloads after this long even if a file it asks for again has not come
  const strings = typeof LOAD_STRINGS === "object" ? LOAD_STRINGS : {};
  const ready = () => Boolean(document.body && document.body.dataset.ready);
  /** @type {HTMLElement | null} */
  let box = null;
  /** @type {HTMLElement | null} */
  let slow = null;
  let lastArrival = performance.now();
  /** @type {Map<string, number>} URL → bytes of it arrived so far */
  const arrived = new Map();

  // The player's language as the page picks it: ?lang=, the saved choice, the browser's.
  function language() {
    const tags = [new URLSearchParams(location.search).get("lang")];
    try {
      tags.push(JSON.parse(localStorage.getItem("seahaven.settings") || "null").language);
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

  const said = () => ({ ...strings.en, ...strings[language()] });

  /** @param {string} why */
  function show(why) {
    if (ready() || box) return;
    if (!document.body) return document.addEventListener("DOMContentLoaded", () => show(why), { once: true });
    console.warn(`seahaven: the game could not start: ${why}`);
    const words = said();
    if (slow) slow.remove();
    box = document.createElement("div");
    box.className = "load-error";
    box.dataset.testid = "load-error";
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;inset:30% 1rem auto;margin:auto;max-width:28rem;padding:1rem;text-align:center;"
      + "background:#fff;color:#111;border-radius:8px;box-shadow:0 4px 16px #0006;z-index:1000;font:1rem/1.4 sans-serif";
    const text = document.createElement("p");
    text.textContent = `${words["load.failed"] || "The game could not be loaded."} ${words["load.hint"] || ""}`.trim();
    const retry = document.createElement("button");
    retry.type = "button";
    retry.dataset.testid = "load-retry";
    retry.style.cssText = "font:inherit;padding:0.5rem 1.5rem;min-height:44px";
    retry.textContent = words["load.retry"] || "Retry";
    retry.addEventListener("click", () => {
      retry.disabled = true;
      refetched().finally(() => location.reload());
    });
    box.append(text, retry);
    document.body.append(box);
    for (const loading of document.querySelectorAll(".loading")) /** @type {HTMLElement} */ (loading).hidden = true;
    retry.focus();
  }

  const failed = (/** @type {string} */ why) => !ready() && show(why);

  // Every file of the site this start asked for (the page, what it loaded or
  // tried to, what its head links), fetched again past the HTTP cache: the
  // reload that follows finds them there as the server has them now.
  function refetched() {
    const urls = new Set([location.href.split("#")[0]]);
    for (const entry of performance.getEntriesByType("resource")) urls.add(entry.name);
    for (const el of document.querySelectorAll("script[src], link[href]")) {
      urls.add(/** @type {HTMLScriptElement} */ (el).src || /** @type {HTMLLinkElement} */ (el).href);
    }
    const ours = [...urls].filter((url) => new URL(url, location.href).origin === location.origin);
    const again = ours.map((url) =>
      nativeFetch.call(window, url, { cache: "reload", credentials: "same-origin" }).then((res) => res.arrayBuffer()),
    );
    return Promise.race([Promise.allSettled(again), new Promise((resolve) => setTimeout(resolve, REFETCH_MS))]);
  }

  // "Still loading (slow connection)… 412 KB so far", kept up to date.
  function showSlow() {
    if (box || !document.body) return;
    if (!slow) {
      slow = document.createElement("p");
      slow.dataset.testid = "load-slow";
      slow.setAttribute("role", "status");
      slow.style.cssText = "position:fixed;inset:auto 1rem 1rem;margin:auto;max-width:28rem;padding:0.5rem 1rem;"
        + "text-align:center;background:#fff;color:#111;border-radius:8px;box-shadow:0 2px 8px #0004;z-index:999;"
        + "font:0.9rem/1.4 sans-serif";
      document.body.append(slow);
    }
    let bytes = 0;
    for (const size of arrived.values()) bytes += size;
    const lang = language();
    const size = `${Math.round(bytes / 1000).toLocaleString(lang)} KB`;
    slow.textContent = (said()["load.slow"] || "Still loading (slow connection)… {size} so far").replace("{size}", size);
  }

  /** @param {string} url @param {number} bytes @param {boolean} [whole] */
  function arrive(url, bytes, whole = false) {
    arrived.set(url, whole ? bytes : (arrived.get(url) || 0) + bytes);
    lastArrival = performance.now();
  }

  // Files that finished: their whole size.
  /** @type {PerformanceObserver | null} */
  let finished = null;
  if (typeof PerformanceObserver === "function") {
    finished = new PerformanceObserver((list) => {
      for (const entry of /** @type {PerformanceResourceTiming[]} */ (list.getEntries())) {
        arrive(entry.name, entry.decodedBodySize || entry.encodedBodySize || 0, true);
      }
    });
    try {
      finished.observe({ type: "resource", buffered: true });
    } catch {
      finished = null;
    }
  }

  // Bodies fetched with fetch(), counted as they stream in: a copy of each
  // body (tee) is read here, the other is the caller's, unread until it reads.
  // The files index.html preloads for fetch() (MicroPython's wasm, the
  // engine's image) are taken up here as soon as their <link> is added to the
  // head (by entries/late-start.js, after the first paint, maybe after DOMContentLoaded), so
  // their bytes are counted from the first, and handed to the first fetch()
  // of each: one download each, streamed as before.
  const nativeFetch = window.fetch;
  /** @type {Map<string, Promise<Response>>} URL → the Response promise kept for its first fetch() */
  const adopted = new Map();

  /** @param {string} href @param {Response} res */
  function counted(href, res) {
    lastArrival = performance.now(); // the server answered
    if (!res.body) return res;
    const [mine, theirs] = res.body.tee();
    const reader = mine.getReader();
    /** @returns {Promise<void>} */
    const read = () =>
      reader.read().then(({ done, value }) => {
        if (done) return;
        arrive(href, value.byteLength);
        return read();
      });
    read().catch(() => {}); // the caller hears of a failed body itself
    const copy = new Response(theirs, { status: res.status, statusText: res.statusText, headers: res.headers });
    Object.defineProperty(copy, "url", { value: res.url });
    return copy;
  }

  /** @param {RequestInfo | URL} input @param {RequestInit} [init] @returns {Promise<Response>} */
  function countingFetch(input, init) {
    const plain = typeof input === "string" && (!init || Object.keys(init).every((k) => k === "credentials"));
    const href = plain ? new URL(input, location.href).href : null;
    if (href && adopted.has(href)) {
      const kept = /** @type {Promise<Response>} */ (adopted.get(href));
      adopted.delete(href);
      return kept;
    }
    return nativeFetch.call(window, input, init).then((res) => (ready() ? res : counted(res.url, res)));
  }

  const preloads = new MutationObserver((changes) => {
    for (const change of changes) {
      for (const link of /** @type {NodeListOf<HTMLLinkElement>} */ (change.addedNodes)) {
        if (link.nodeName !== "LINK" || link.rel !== "preload" || link.as !== "fetch" || adopted.has(link.href)) continue;
        const kept = nativeFetch.call(window, link.href).then((res) => counted(link.href, res));
        kept.catch(() => {}); // told when it is fetched
        adopted.set(link.href, kept);
      }
    }
  });
  if (typeof nativeFetch === "function" && typeof ReadableStream === "function") {
    window.fetch = countingFetch;
    // The head's own children only: the whole document would hand this a record
    // for each of the early board's hundreds of elements, before its first paint.
    preloads.observe(document.head, { childList: true });
  }

  // A script that did not load (PyScript, MicroPython, the page's script): its error does not bubble.
  /** @param {Event} e */
  function onError(e) {
    if (e.target instanceof HTMLScriptElement) failed(`${e.target.src} did not load`);
    else if (e instanceof ErrorEvent) failed(e.message);
  }
  const onRejection = (/** @type {PromiseRejectionEvent} */ e) => failed(String((e.reason && e.reason.message) || e.reason));
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
      failed(banner.textContent || "");
      banner.remove();
    }
    if (ready()) disarm();
  });

  // Twice a second: nothing arrived for STALL_MS is a failure; a long load is a slow one.
  const watch = setInterval(() => {
    if (ready()) return disarm();
    const now = performance.now();
    if (now - lastArrival > STALL_MS) failed(`nothing arrived for ${Math.round((now - lastArrival) / 1000)} s`);
    else if (now > SLOW_MS) showSlow();
  }, 500);

  function disarm() {
    clearInterval(watch);
    banners.disconnect();
    if (finished) finished.disconnect();
    if (window.fetch === countingFetch) window.fetch = nativeFetch;
    preloads.disconnect();
    adopted.clear();
    removeEventListener("error", onError, true);
    removeEventListener("unhandledrejection", onRejection);
    console.error = consoleError;
    if (box) box.remove();
    if (slow) slow.remove();
  }

  function observe() {
    banners.observe(document.body, { childList: true, attributes: true, attributeFilter: ["data-ready"] });
  }
  if (document.body) observe();
  else document.addEventListener("DOMContentLoaded", observe, { once: true });
})();
