// WebKit through WebKitGTK's WebDriver (WebKitWebDriver, W3C WebDriver
// classic) and selenium-webdriver, its MiniBrowser in a virtual X display
// (xvfb-run): Debian's webkit2gtk-driver and xvfb.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Builder, Origin } from "selenium-webdriver";
import { TAKE_ERRORS, WATCH_ERRORS, pause, which } from "./driver-common.mjs";

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

/** @type {import("./driver-common.mjs").Engine} */
export const webkit = {
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
