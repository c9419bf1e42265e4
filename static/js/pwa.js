// Offline play: registers the service worker (sw.js at the site root, made by
// `make build`) once the board and the solver are up, and shows a small "new version"
// notice when an update has been downloaded; the version this page runs (pageVersion). The new version takes over only
// when the player accepts (the page then reloads; the game is saved), or once
// every tab of the old one has closed. Without a service worker (an old
// browser, file://, sw.js missing) the page works as before: at most a warning.
import { t } from "./i18n.js";
import { EVENT } from "./events.js";
import { find } from "./find.js";

const SW_URL = "./sw.js";

// The version of the game this page runs, as the service worker serving it
// knows it (service-worker/sw.js "PAGE_VERSION"): the solver's worker asks for
// this version's files by it, even after another tab took a newer version
// on. Null when no worker serves the page, or it does not answer within `ms`.
export function pageVersion(ms = 1000) {
  const sw = "serviceWorker" in navigator ? navigator.serviceWorker.controller : null;
  if (!sw) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), ms);
    channel.port1.onmessage = (e) => {
      clearTimeout(timer);
      resolve(e.data && typeof e.data.version === "string" ? e.data.version : null);
    };
    sw.postMessage({ type: "PAGE_VERSION" }, [channel.port2]);
  });
}

/** @param {import("./create-page.js").Page} page */
export function init(page) {
  /** @type {Promise<ServiceWorkerRegistration | null> | null} */
  let registering = null;
  let accepted = false;
  /** @type {HTMLElement | null} */
  let notice = null;

  /** @param {ServiceWorker | null} worker the version waiting, or null: another tab's took over */
  function showNotice(worker) {
    if (!notice) {
      const made = document.createElement("div");
      notice = made;
      notice.className = "update-notice";
      notice.setAttribute("role", "status");
      notice.dataset.testid = "update-notice";
      const text = document.createElement("span");
      const reload = document.createElement("button");
      reload.type = "button";
      reload.className = "primary";
      reload.dataset.testid = "update-reload";
      const later = document.createElement("button");
      later.type = "button";
      later.dataset.testid = "update-later";
      later.addEventListener("click", () => (made.hidden = true));
      notice.append(text, reload, later);
      document.body.append(notice);
    }
    find(notice, "span", HTMLElement).textContent = t("update.ready");
    const reload = find(notice, "[data-testid=update-reload]", HTMLButtonElement);
    reload.textContent = t("update.reload");
    find(notice, "[data-testid=update-later]", HTMLButtonElement).textContent = t("update.later");
    reload.onclick = () => {
      accepted = true;
      page.events.emit(EVENT.save);
      if (worker && worker.state === "installed") worker.postMessage({ type: "SKIP_WAITING" });
      else location.reload(); // already active (another tab accepted): just load it
    };
    notice.hidden = false;
  }

  /** @param {ServiceWorkerRegistration | undefined} registration */
  function watch(registration) {
    const sw = navigator.serviceWorker;
    if (!registration) return; // registration blocked (some test browsers)
    // Only an update waits: the very first worker takes control at once.
    if (registration.waiting && sw.controller) showNotice(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && sw.controller) showNotice(worker);
      });
    });
    let hadController = Boolean(sw.controller);
    sw.addEventListener("controllerchange", () => {
      if (accepted) location.reload();
      else if (hadController) showNotice(null); // another tab switched versions: offer to follow
      hadController = true;
    });
    // A page left open for days (an installed app) still hears of new versions.
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) registration.update().catch(() => {});
    });
  }

  function registerServiceWorker() {
    if (registering) return registering;
    if (!("serviceWorker" in navigator) || !window.isSecureContext) {
      registering = Promise.resolve(null);
      return registering;
    }
    registering = navigator.serviceWorker
      .register(SW_URL)
      .then((registration) => {
        watch(registration);
        return registration;
      })
      .catch((err) => {
        console.warn(`seahaven: offline play is not available: ${err.message}`);
        return null;
      });
    return registering;
  }

  // Register once the board is playable and the solver has started (or could
  // not), so that the precache never slows either, and finds in the HTTP cache
  // the files they loaded; at the latest a few seconds after the board, and
  // also when Python failed to start at all.
  page.events.on(EVENT.solver, ({ state }) => state !== "loading" && setTimeout(registerServiceWorker, 300));
  page.events.on(EVENT.ready, () => setTimeout(registerServiceWorker, 3000), { once: true });
  page.events.on(EVENT.ready, () => pageVersion(), { once: true }); // the worker lets the caches no tab runs go
  addEventListener("load", () => setTimeout(registerServiceWorker, 10000), { once: true });
}
