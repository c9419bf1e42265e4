// The game page's JavaScript, in the order its parts must run; tools/build.py
// bundles this module and everything it imports into static/build/page.js,
// the one script index.html loads (one request instead of sixteen).
import { stringsReady } from "./app.js";
import "./a11y.js";
import "./assist.js";
import "./stats.js";
import "./pwa.js";

// For tests and the console: the page's own shared objects, by importing this bundle.
export { hub } from "./hub.js";
export { markHelped } from "./stats.js";

// Every listener is in place and the strings are in: web/main.py may boot the
// board now. PyScript is started first so the interpreter loads while these
// modules run and the strings arrive; Python waits for this signal when it is
// ready sooner.
stringsReady.then(() => {
  window.seahavenLoaded = true;
  window.dispatchEvent(new Event("seahaven-loaded"));
});
