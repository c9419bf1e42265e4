// Chromium over the DevTools protocol and Firefox over WebDriver BiDi, both
// through puppeteer-core, each the browser installed on the machine.
import puppeteer from "puppeteer-core";
import { TAKE_ERRORS, WATCH_ERRORS, call, pause, which } from "./driver-common.mjs";

// A tap, and the pause between the two of a double tap, as WebDriver actions.
const TAP = [{ type: "pointerDown", button: 0 }, { type: "pointerUp", button: 0 }];
const PAUSE = { type: "pause", duration: 60 };

/** @param {import("puppeteer-core").Browser} browser @param {string} engine @returns {import("./driver-common.mjs").Browser} */
function puppeteerBrowser(browser, engine, version) {
  return {
    version,
    close: () => browser.close(),
    async open(size) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const touch = size.phone; // both drivers send touch events
      await page.setViewport({
        width: size.width,
        height: size.height,
        deviceScaleFactor: size.phone ? 2 : 1,
        isMobile: size.phone,
        hasTouch: size.phone,
      });
      /** @type {string[]} */
      const errors = [];
      page.on("pageerror", (err) => errors.push(String(err.message || err)));
      page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
      page.on("workercreated", (worker) => {
        // Chromium's workers speak on their own (Firefox's reach the page's console).
        worker.on?.("console", (message) => message.type() === "error" && errors.push(message.text()));
      });
      await page.evaluateOnNewDocument(WATCH_ERRORS);
      const run = (source, ...args) => page.evaluate(call(source, args));
      const collect = async () => {
        try {
          errors.push(...(await run(TAKE_ERRORS)));
        } catch {
          // the page is going or gone: what it saw is also on the console
        }
      };
      return {
        engine,
        touch,
        run,
        async goto(url) {
          await collect();
          await page.goto(url, { waitUntil: "load" });
        },
        async reload() {
          await collect();
          await page.reload({ waitUntil: "load" });
        },
        async tap(x, y) {
          if (touch) await page.touchscreen.tap(x, y);
          else await page.mouse.click(x, y);
        },
        // Both taps in one message, timed by the browser: two round trips to a
        // busy browser could leave them further apart than a double tap's.
        async doubleTap(x, y) {
          if (!touch) return page.mouse.click(x, y, { count: 2 });
          const context = page.mainFrame().browsingContext; // WebDriver BiDi's (Firefox)
          if (context) return context.performActions([{ type: "pointer", id: "finger", parameters: { pointerType: "touch" },
            actions: [{ type: "pointerMove", x: Math.round(x), y: Math.round(y) }, ...TAP, PAUSE, ...TAP] }]);
          const cdp = await page.createCDPSession(); // DevTools' (Chromium): sent at once, in order
          const touches = [{ x, y }];
          await Promise.all(["touchStart", "touchEnd", "touchStart", "touchEnd"].map((type) =>
            cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : touches })));
          await cdp.detach();
        },
        async drag(points, hold) {
          const [[x, y], ...rest] = points;
          if (touch) {
            await page.touchscreen.touchStart(x, y);
            for (const [px, py] of rest) await page.touchscreen.touchMove(px, py);
            await pause(hold);
            await page.touchscreen.touchEnd();
            return;
          }
          await page.mouse.move(x, y);
          await page.mouse.down();
          for (const [px, py] of rest) await page.mouse.move(px, py);
          await pause(hold);
          await page.mouse.up();
        },
        choose: async (selector, value) => void (await page.select(selector, value)),
        screenshot: async (file) => void (await page.screenshot({ path: file })),
        async errors() {
          await collect();
          return errors.splice(0);
        },
        close: () => context.close(),
      };
    },
  };
}

function chromiumPath() {
  if (process.env.SEAHAVEN_CHROMIUM) return process.env.SEAHAVEN_CHROMIUM;
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    const path = which(name);
    if (path) return path;
  }
  return null;
}

/** @type {import("./driver-common.mjs").Engine} */
export const chromium = {
  name: "chromium",
  touch: true,
  missing: chromiumPath() ? null : "Chromium is not installed (apt-get install chromium)",
  async launch() {
    const browser = await puppeteer.launch({
      browser: "chrome",
      executablePath: /** @type {string} */ (chromiumPath()),
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-component-update"],
    });
    return puppeteerBrowser(browser, "chromium", await browser.version());
  },
};

const firefoxPath = () => process.env.SEAHAVEN_FIREFOX || which("firefox-esr") || which("firefox");

/** @type {import("./driver-common.mjs").Engine} */
export const firefox = {
  name: "firefox",
  touch: true,
  missing: firefoxPath() ? null : "Firefox is not installed (apt-get install firefox-esr)",
  async launch() {
    const browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: /** @type {string} */ (firefoxPath()),
      headless: true,
    });
    return puppeteerBrowser(browser, "firefox", await browser.version());
  },
};
