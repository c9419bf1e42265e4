// Seahaven Towers service worker. The site's sw.js is this file after its
// VERSION and PRECACHE, which tools/sw.py writes before it (`make build`;
// declared in build.d.ts): edit this file, never sw.js.
//
// Every file the game needs is precached with a revision (the start of its
// content's SHA-256); one cache per version, named after the scope so two
// copies of the site on one origin never touch each other's caches.
//
// A deploy is atomic for a player. A version is installed only when every
// file's body is its revision: unchanged files are copied from an earlier
// version's cache (their bodies checked again), the others are fetched
// through the HTTP cache, which on a first visit already holds what the page
// loaded (so no file is downloaded twice), and from the server when what came
// is not that revision, a few times, spaced out (a deploy still reaching the
// server, a cache serving a stale file). Still not that revision, or its
// cache not whole at the end: the install fails and the version in place
// stays; the browser tries again later.
//
// An update never takes offline play away. A version installed and waiting
// is kept until it takes over or a newer one has installed: each install
// names itself ("installs.json": the version installing, the version
// installed last) before it makes its cache, and a clean-up keeps both while
// the registration has a worker installing or waiting. The version in place
// refills its own cache: any file missing from it (storage pressure, a
// cleaning tool, an older worker's clean-up) is fetched again, checked and
// put back when it takes over and at every navigation, so the next time the
// network answers.
//
// A page keeps its own version's files until it reloads: each window is
// remembered with the version that served it (a navigation, or the version
// in place when this worker took over), and what it asks for comes from that
// version's cache, which is kept while such a window is open. Its solver's
// worker, which asks as a client of its own, names the version in the path:
// "v/<version>/<file>" (static/js/solver/solver.js, after asking "PAGE_VERSION").
// A navigation to anything else, offline, is sent to the game's page.
// A new version waits until the page asks it to take over ("SKIP_WAITING",
// sent when the player accepts the reload notice) or every tab has closed.
// The webworker library types `self` as any worker's scope; this one is a service worker's.
const scope = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const BASE = new URL("./", scope.location.href).href;
const PREFIX = `seahaven-version ${BASE} `;
// Versions before this name had their caches under this one; their workers delete
// any cache under it that they do not run, a waiting version's included, so a
// version is cached under PREFIX, out of their reach. Their caches are still
// read (a tab running such a version, files to copy) and deleted when unused.
const LEGACY_PREFIX = `seahaven-precache ${BASE} `;
const CACHE = PREFIX + VERSION;
const WINDOWS = `seahaven-windows ${BASE}`; // the cache holding which version each window runs
const WINDOWS_KEY = `${BASE}windows.json`;
const INSTALLS_KEY = `${BASE}installs.json`; // written by installs only (one at a time)
const VERSIONED = `${BASE}v/`; // `${VERSIONED}<version>/<file>`: <file> as that version has it
const REVISION_HEADER = "x-seahaven-revision";
const KEPT_HEADERS = ["content-type", "last-modified"];
const REVISIONS = new Map(PRECACHE.map(([path, rev]) => [new URL(path, BASE).href, rev]));
const INDEX = new URL("index.html", BASE).href;
const PARALLEL = 6;
const RETRY_MS = [1000, 4000]; // a file that is not its revision is asked again after these pauses

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {ArrayBuffer} body */
async function revisionOf(body) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return Array.from(digest.slice(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** @param {Response} res @param {string} rev */
function keptHeaders(res, rev) {
  const headers = new Headers();
  for (const name of KEPT_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  headers.set(REVISION_HEADER, rev);
  return headers;
}

/**
 * `res`'s body as the cache entry of revision `rev`, or null when it is another body.
 * @param {Response} res @param {string} rev @returns {Promise<Response | null>}
 */
async function checked(res, rev) {
  const body = await res.arrayBuffer();
  return (await revisionOf(body)) === rev ? new Response(body, { status: 200, headers: keptHeaders(res, rev) }) : null;
}

/**
 * The version whose files the cache `name` holds, or null for a cache that is not one.
 * @param {string} name @returns {string | null}
 */
function versionIn(name) {
  for (const prefix of [PREFIX, LEGACY_PREFIX]) if (name.startsWith(prefix)) return name.slice(prefix.length);
  return null;
}

/**
 * The name of the cache holding `version`'s files, or null when there is none.
 * @param {string} version @returns {Promise<string | null>}
 */
async function cacheOf(version) {
  for (const name of [PREFIX + version, LEGACY_PREFIX + version]) if (await caches.has(name)) return name;
  return null;
}

/**
 * The file at revision `rev` from another version's cache, its body checked
 * (a cache filled before bodies were checked may hold another under that name).
 * @param {string} url @param {string} rev @returns {Promise<Response | null>}
 */
async function fromOldCache(url, rev) {
  for (const name of await caches.keys()) {
    if (versionIn(name) === null || name === CACHE) continue;
    const hit = await (await caches.open(name)).match(url);
    if (hit && hit.headers.get(REVISION_HEADER) === rev) {
      const copy = await checked(hit, rev);
      if (copy) return copy;
    }
  }
  return null;
}

/**
 * The page as the browser cached it when it was opened at the site's root.
 * @param {string} rev @returns {Promise<Response | null>}
 */
async function cachedRoot(rev) {
  try {
    const res = await fetch(BASE, { cache: "only-if-cached", mode: "same-origin", credentials: "same-origin" });
    if (res.ok) return await checked(res, rev);
  } catch {
    // not in the HTTP cache
  }
  return null;
}

/**
 * The file at its revision: from the HTTP cache if what it holds is that
 * revision, else from the server, asked again after each pause of `pauses`
 * while it sends another body. index.html may be cached as the site's root.
 * Throws when the file never comes at its revision.
 * @param {string} url @param {string} rev @param {number[]} pauses
 * @returns {Promise<Response>}
 */
async function download(url, rev, pauses) {
  const root = url === INDEX ? await cachedRoot(rev) : null;
  if (root) return root;
  let why = "";
  for (let attempt = 0; attempt <= pauses.length; attempt++) {
    if (attempt > 1) await sleep(pauses[attempt - 2]);
    try {
      const res = await fetch(url, { cache: attempt ? "reload" : "default", credentials: "same-origin" });
      const file = res.ok ? await checked(res, rev) : null;
      if (file) return file;
      why = res.ok ? "another body than its revision" : `HTTP ${res.status}`;
    } catch (err) {
      why = err instanceof Error ? err.message : String(err);
    }
  }
  throw new Error(`${url} did not come at revision ${rev} (${why})`);
}

/**
 * The precached files this version's cache lacks, as [url, revision].
 * @returns {Promise<[string, string][]>}
 */
async function missing() {
  const have = new Set((await (await caches.open(CACHE)).keys()).map((request) => request.url));
  return [...REVISIONS].filter(([url]) => !have.has(url));
}

/**
 * Put every file this version's cache lacks into it: copied from another
 * version's cache or downloaded. An install (`strict`) fails on the first file
 * that does not come; a refill gives up on a file at once and goes on (the
 * network is down: it is tried again at the next navigation).
 * @param {boolean} strict @returns {Promise<number>} how many files are still missing
 */
async function fill(strict) {
  const cache = await caches.open(CACHE);
  const todo = await missing();
  let failed = 0;
  async function worker() {
    while (todo.length) {
      const [url, rev] = /** @type {[string, string]} */ (todo.shift());
      try {
        await cache.put(url, (await fromOldCache(url, rev)) || (await download(url, rev, strict ? RETRY_MS : [])));
      } catch (err) {
        if (strict) throw err;
        failed++;
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return failed;
}

// -- installing ---------------------------------------------------------------
// {installing, installed}: the version that began installing last, and the
// version that finished installing last. Written only by installs, which the
// browser runs one at a time, and read by the clean-up (changeWindows).

/** @returns {Promise<{installing: string | null, installed: string | null}>} */
async function readInstalls() {
  const hit = await (await caches.open(WINDOWS)).match(INSTALLS_KEY);
  const data = hit ? await hit.json().catch(() => null) : null;
  return { installing: null, installed: null, ...(data && typeof data === "object" ? data : {}) };
}

/** @param {{installing?: string, installed?: string}} change */
async function writeInstalls(change) {
  const body = JSON.stringify({ ...(await readInstalls()), ...change });
  await (await caches.open(WINDOWS)).put(INSTALLS_KEY, new Response(body, { headers: { "content-type": "application/json" } }));
}

// Named as installing before its cache exists (a clean-up that sees the cache
// then sees the name), installed once the cache is whole.
async function install() {
  await writeInstalls({ installing: VERSION });
  await fill(true);
  const left = (await missing()).length;
  if (left) throw new Error(`${left} files went missing from the cache while it was filled`);
  await writeInstalls({ installed: VERSION });
}

let refilling = /** @type {Promise<number> | null} */ (null);

// This version's missing files fetched again, one refill at a time.
function refill() {
  refilling ||= fill(false)
    .catch(() => REVISIONS.size) // no cache storage at all: nothing to refill into
    .finally(() => (refilling = null));
  return refilling;
}

// -- which version each window runs -------------------------------------------
// {windows: {clientId: version}, active: the version in place last}, kept in a
// cache of its own: this worker may be stopped and started again at any time.

/** @returns {Promise<{windows: Record<string, string>, active: string | null}>} */
async function readWindows() {
  const hit = await (await caches.open(WINDOWS)).match(WINDOWS_KEY);
  const data = hit ? await hit.json().catch(() => null) : null;
  return data && typeof data.windows === "object" && data.windows ? data : { windows: {}, active: null };
}

/** @param {{windows: Record<string, string>, active: string | null}} data */
async function writeWindows(data) {
  const body = JSON.stringify(data);
  await (await caches.open(WINDOWS)).put(WINDOWS_KEY, new Response(body, { headers: { "content-type": "application/json" } }));
}

// The caches of versions nothing needs go: not this one, not one an open
// window runs, and not one installing or installed and waiting to take over.
// The caches are listed first: a version installing has named itself by then.
/** @param {Set<string>} running the versions open windows run */
async function sweep(running) {
  const names = await caches.keys();
  const registration = scope.registration;
  const coming = registration.installing || registration.waiting ? await readInstalls() : null;
  const kept = new Set([VERSION, ...running]);
  if (coming) for (const version of [coming.installing, coming.installed]) if (version) kept.add(version);
  for (const name of names) {
    const version = versionIn(name);
    const copy = version === VERSION && name !== CACHE; // this version under the old name: copied from already
    if (version !== null && (!kept.has(version) || copy)) await caches.delete(name);
  }
}

let windowsWork = Promise.resolve(); // one change at a time

/**
 * @param {(data: {windows: Record<string, string>, active: string | null}, open: Set<string>) => void} change
 */
function changeWindows(change) {
  windowsWork = windowsWork.then(async () => {
    const data = await readWindows();
    const open = new Set((await scope.clients.matchAll({ type: "window", includeUncontrolled: true })).map((c) => c.id));
    change(data, open);
    for (const id of Object.keys(data.windows)) if (!open.has(id)) delete data.windows[id];
    await writeWindows(data);
    await sweep(new Set(Object.values(data.windows)));
  });
  return windowsWork.catch((err) => console.warn(`seahaven: ${err.message}`));
}

/**
 * The version the window `id` runs (one whose cache is still here), or this one.
 * @param {string | undefined} id @returns {Promise<string>}
 */
async function versionOf(id) {
  if (!id) return VERSION;
  const version = (await readWindows()).windows[id];
  return version && (await cacheOf(version)) ? version : VERSION;
}

// Taking over: every window already open was served by the version in place
// before this one (or, on a first visit, by the server this worker came from).
async function takeOver() {
  await changeWindows((data, open) => {
    const before = data.active || VERSION;
    for (const id of open) if (!data.windows[id]) data.windows[id] = before;
    data.active = VERSION;
  });
}

// -- serving ------------------------------------------------------------------

/**
 * The cache key of a URL: without query or hash; a folder is its index.html.
 * @param {string} href @returns {string | null}
 */
function keyOf(href) {
  const url = new URL(href);
  let key = url.origin + url.pathname;
  if (key.endsWith("/")) key += "index.html";
  return REVISIONS.has(key) ? key : null;
}

/**
 * A precached file, from `version`'s cache; a file missing from this
 * version's cache is fetched again, checked and put back.
 * @param {string} key @param {Request} request @param {string} version
 * @returns {Promise<Response>}
 */
async function serve(key, request, version) {
  const theirs = version === VERSION ? null : await cacheOf(version);
  if (theirs) {
    const hit = await (await caches.open(theirs)).match(key);
    if (hit) return hit;
  }
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  if (hit) return hit;
  const res = await fetch(request);
  const file = res.ok ? await checked(res.clone(), /** @type {string} */ (REVISIONS.get(key))) : null;
  if (file) await cache.put(key, file);
  return res;
}

/**
 * "v/<version>/<file>": a solver worker's file, as its page's version has it.
 * @param {Request} request @returns {Promise<Response>}
 */
async function serveVersioned(request) {
  const rest = request.url.slice(VERSIONED.length);
  const slash = rest.indexOf("/");
  const version = rest.slice(0, slash);
  const key = keyOf(BASE + rest.slice(slash + 1));
  if (slash < 0 || !key) return new Response("Not part of the game", { status: 404 });
  const known = (await cacheOf(version)) ? version : VERSION;
  const res = await serve(key, new Request(key, { credentials: "same-origin" }), known);
  // A response of its own, with no URL: a module served here resolves its imports
  // against the versioned path it was asked by, not the cached file's.
  return new Response(res.body, { status: res.status, headers: res.headers });
}

/**
 * Offline, a page the cache does not hold opens the game: the site's own
 * folder (redirected, so the page's relative URLs find its cached files),
 * with the query and the hash the link had.
 * @param {Request} request @returns {Promise<Response>}
 */
async function navigateElsewhere(request) {
  try {
    return await fetch(request);
  } catch (err) {
    if (await (await caches.open(CACHE)).match(INDEX)) return Response.redirect(BASE + new URL(request.url).search, 302);
    throw err;
  }
}

/**
 * A navigation opens a window of this version; this version's missing files
 * are asked for again meanwhile.
 * @param {FetchEvent} event @param {string | null} key @returns {Promise<Response>}
 */
function navigate(event, key) {
  const id = event.resultingClientId;
  if (id) event.waitUntil(changeWindows((data) => void (data.windows[id] = VERSION)));
  event.waitUntil(refill());
  return key ? serve(key, event.request, VERSION) : navigateElsewhere(event.request);
}

scope.addEventListener("install", (event) => event.waitUntil(install()));

scope.addEventListener("activate", (event) => {
  event.waitUntil(takeOver().then(() => scope.clients.claim()).then(refill));
});

scope.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(BASE)) return;
  if (request.url.startsWith(VERSIONED)) return event.respondWith(serveVersioned(request));
  const key = keyOf(request.url);
  if (request.mode === "navigate") event.respondWith(navigate(event, key));
  else if (key) event.respondWith(versionOf(event.clientId).then((version) => serve(key, request, version)));
});

scope.addEventListener("message", (event) => {
  const { data, ports } = event;
  if (!data) return;
  if (data.type === "SKIP_WAITING") scope.skipWaiting();
  const reply = ports && ports[0];
  if (!reply) return;
  // A page's own version (for its solver worker's files: "v/<version>/…"),
  // asked once it has loaded; by then the windows that closed are gone, and
  // with them, the caches no window runs.
  if (data.type === "PAGE_VERSION") {
    const id = event.source && "id" in event.source ? event.source.id : undefined;
    event.waitUntil(
      versionOf(id).then(async (version) => {
        reply.postMessage({ version, current: VERSION });
        await changeWindows(() => {});
        await refill();
      }),
    );
  }
  // For tests and curious players: which version is this, and what does it hold?
  // Answered once the clean-up and the refill asked for before are done.
  if (data.type === "VERSION") {
    const done = Promise.all([windowsWork, refilling]);
    event.waitUntil(done.then(() => reply.postMessage({ version: VERSION, cache: CACHE, precache: PRECACHE })));
  }
});
