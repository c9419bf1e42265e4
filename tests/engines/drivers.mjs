// Each engine through its own driver, behind one small interface the steps
// play (steps.mjs): Chromium over the DevTools protocol and Firefox over
// WebDriver BiDi, both through puppeteer-core; WebKit through WebKitGTK's
// WebDriver (WebKitWebDriver, W3C WebDriver classic) and selenium-webdriver,
// its MiniBrowser in a virtual X display (xvfb-run). Only browsers installed
// on the machine are used, never a downloaded build.
import { spawn } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import puppeteer from "puppeteer-core";
import { Builder, Origin } from "selenium-webdriver";

/**
 * What a step drives: one page of one engine at one size.
 * @typedef {object} Driver
 * @property {string} engine
 * @property {boolean} touch whether its pointer is a finger (else a mouse)
 * @property {(url: string) => Promise<void>} goto navigate, back once the page has loaded
 * @property {() => Promise<void>} reload
 * @property {(source: string, ...args: any[]) => Promise<any>} run call a function (its source) in the page, awaited
 * @property {(x: number, y: number) => Promise<void>} tap
 * @property {(x: number, y: number) => Promise<void>} doubleTap
 * @property {(points: Array<[number, number]>, hold: number) => Promise<void>} drag press at the first point,
 *   let go at the last after `hold` ms there
 * @property {(selector: string, value: string) => Promise<void>} choose pick an option of a select
 * @property {(file: string) => Promise<void>} screenshot
 * @property {() => Promise<string[]>} errors the errors seen since the last call
 * @property {() => Promise<void>} close
 */

/**
 * @typedef {{width: number, height: number, phone: boolean}} Size
 * @typedef {{open: (size: Size) => Promise<Driver>, version: string, close: () => Promise<void>}} Browser
 * @typedef {{name: string, touch: boolean, missing: string | null, launch: () => Promise<Browser>}} Engine
 *   touch: whether its driver sends touch events (a phone's size is played with them)
 */

// Installed before the page's own scripts where the driver can (Chromium,
// Firefox), after each load where it cannot (WebKit): errors the window is
// told of (an exception, or none: a ResizeObserver loop), rejections nobody
// handled, and what the page says through console.error.
const WATCH_ERRORS = `(() => {
  if (window.engineErrors) return;
  const seen = (window.engineErrors = []);
  const text = (value) => (value && value.stack ? \`\${value}\n\${value.stack}\` : String(value)); // WebKit's stack has no message
  addEventListener("error", (e) => seen.push(e.error ? text(e.error) : e.message));
  addEventListener("unhandledrejection", (e) => seen.push("unhandled rejection: " + text(e.reason)));
  const said = console.error;
  console.error = function (...args) {
    seen.push(args.map(text).join(" "));
    return said.apply(this, args);
  };
  // The last input the page was given, for a step that fails.
  const input = (window.engineInput = []);
  for (const type of ["pointerdown", "pointerup", "pointercancel", "click", "dblclick"]) {
    addEventListener(type, (e) => {
      const el = e.target instanceof Element ? e.target.closest("[data-testid], [data-card], [data-place]") : null;
      const what = el ? el.dataset.testid || el.dataset.card || el.dataset.place : e.target.nodeName;
      input.push(\`\${Math.round(e.timeStamp)} \${type} \${e.pointerType || ""} \${what}\`);
      if (input.length > 40) input.shift();
    }, true);
  }
})()`;
const TAKE_ERRORS = "() => (window.engineErrors || []).splice(0)";
// A tap, and the pause between the two of a double tap, as WebDriver actions.
const TAP = [{ type: "pointerDown", button: 0 }, { type: "pointerUp", button: 0 }];
const PAUSE = { type: "pause", duration: 60 };

function which(name) {
  for (const dir of (process.env.PATH || "").split(delimiter)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not here
    }
  }
  return null;
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const call = (source, args) => `(${source})(...${JSON.stringify(args)})`;

// -- Chromium and Firefox: puppeteer-core ------------------------------------

/** @param {import("puppeteer-core").Browser} browser @param {string} engine @returns {Browser} */
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

/** @type {Engine} */
const chromium = {
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

/** @type {Engine} */
const firefox = {
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

// -- WebKit: WebKitWebDriver and selenium-webdriver --------------------------

// Debian's MiniBrowser: /usr/lib/<architecture>/webkit2gtk-4.1/MiniBrowser.
function miniBrowser() {
  if (process.env.SEAHAVEN_MINIBROWSER) return process.env.SEAHAVEN_MINIBROWSER;
  for (const arch of readdirSync("/usr/lib")) {
    for (const api of ["webkit2gtk-4.1", "webkit2gtk-4.0"]) {
      const path = join("/usr/lib", arch, api, "MiniBrowser");
      if (existsSync(path)) return path;
    }
  }
  return null;
}

function webkitMissing() {
  if (!which("WebKitWebDriver")) return "WebKitWebDriver is not installed (apt-get install webkit2gtk-driver)";
  if (!miniBrowser()) return "WebKitGTK's MiniBrowser is not installed (apt-get install libwebkit2gtk-4.1-0)";
  if (!which("xvfb-run")) return "xvfb-run is not installed (apt-get install xvfb)";
  return null;
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// MiniBrowser's own toolbar keeps its window 447 px wide or more; GTK styles
// that shrink its controls let the window be as narrow as a phone.
function narrowGtk() {
  const home = mkdtempSync(join(tmpdir(), "seahaven-webkit-"));
  mkdirSync(join(home, "gtk-3.0"));
  writeFileSync(join(home, "gtk-3.0", "gtk.css"), "* { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; }\n");
  return home;
}

async function startWebKitDriver() {
  const port = await freePort();
  const child = spawn("xvfb-run", ["-a", "-s", "-screen 0 1600x1200x24", "WebKitWebDriver", `--port=${port}`], {
    detached: true, // its own process group: xvfb-run, Xvfb, the driver and MiniBrowser end together
    stdio: "ignore",
    env: { ...process.env, XDG_CONFIG_HOME: narrowGtk() },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/status`)).ok) break;
    } catch {
      await pause(50);
    }
  }
  return { url, stop: () => process.kill(-(/** @type {number} */ (child.pid)), "SIGTERM") };
}

/** @type {Engine} */
const webkit = {
  name: "webkit",
  touch: false, // WebKitGTK's driver sends a mouse, whatever the size
  missing: webkitMissing(),
  async launch() {
    const server = await startWebKitDriver();
    const driver = await new Builder()
      .usingServer(server.url)
      .withCapabilities({
        browserName: "MiniBrowser",
        pageLoadStrategy: "normal", // "eager" left later script calls hanging
        "webkitgtk:browserOptions": { binary: miniBrowser(), args: ["--automation"] },
      })
      .build();
    const version = (await driver.getCapabilities()).get("browserVersion");
    const run = (source, ...args) => driver.executeScript(`return (${source})(...arguments)`, ...args);
    const at = (x, y) => ({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT });
    /** @type {string[]} */
    const errors = [];
    // WebDriver classic runs no script before the page's own: the watch starts
    // once a page has loaded. What comes before is the page's own to report
    // (its load guard shows any error until the engine is ready: steps.mjs
    // checks it stays hidden); errors in workers are not seen.
    const collect = async () => {
      try {
        errors.push(...(await run(`() => { ${WATCH_ERRORS}; return (${TAKE_ERRORS})(); }`)));
      } catch {
        // no page yet
      }
    };
    return {
      version: `WebKitGTK ${version}`,
      async close() {
        await driver.quit();
        server.stop();
      },
      async open(size) {
        // The window sized so that the page's viewport is the size asked for.
        await driver.manage().window().setRect({ width: size.width, height: size.height });
        for (let i = 0; i < 3; i++) {
          const [width, height] = await run("() => [innerWidth, innerHeight]");
          if (width === size.width && height === size.height) break;
          const rect = await driver.manage().window().getRect();
          await driver.manage().window().setRect({
            width: rect.width + size.width - width,
            height: rect.height + size.height - height,
          });
        }
        return {
          engine: "webkit",
          touch: false,
          run,
          async goto(url) {
            await collect();
            await driver.get(url);
            await collect();
          },
          async reload() {
            await collect();
            await driver.navigate().refresh();
            await collect();
          },
          tap: (x, y) => driver.actions({ async: true }).move(at(x, y)).press().release().perform(),
          doubleTap: (x, y) =>
            driver.actions({ async: true }).move(at(x, y)).press().release().press().release().perform(),
          async drag(points, hold) {
            const [first, ...rest] = points;
            let actions = driver.actions({ async: true }).move(at(...first)).press();
            for (const point of rest) actions = actions.move({ ...at(...point), duration: 16 });
            await actions.pause(hold).release().perform();
          },
          async choose(selector, value) {
            const option = await driver.findElement({ css: `${selector} option[value="${value}"]` });
            await option.click();
          },
          async screenshot(file) {
            writeFileSync(file, Buffer.from(await driver.takeScreenshot(), "base64"));
          },
          async errors() {
            await collect();
            return errors.splice(0);
          },
          async close() {
            await collect();
            await driver.get("about:blank"); // the next size plays on another origin
          },
        };
      },
    };
  },
};

/** @type {Record<string, Engine>} */
export const ENGINES = { chromium, firefox, webkit };
