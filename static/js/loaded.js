// The last of the page's modules (index.html runs them in order): from here on
// every listener is in place, and web/main.py may boot the board. PyScript is
// started first so its interpreter loads while these modules run; Python waits
// for this signal if it is ready sooner.
window.seahavenLoaded = true;
window.dispatchEvent(new Event("seahaven-loaded"));
