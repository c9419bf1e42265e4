// The game played in one engine (drivers.mjs) at a phone's and a desktop's
// size, step by step (steps.mjs), each size on a fresh site of its own: one
// browser per engine, one page per size. A step fails on any error the page
// or its workers report (what each driver can see: driver-common.mjs, driver-webkit.mjs).
//
// An engine missing from this machine is skipped with one line saying what
// to install; with SEAHAVEN_ALL_ENGINES=1 (CI: .ci/run) it fails instead.
//
// In Node rather than under pytest: both drivers' clients are npm's (Firefox
// speaks WebDriver BiDi to puppeteer-core with no geckodriver, which Debian
// does not package), and so are the page's own words (static/js/i18n.js) and
// the engine under MicroPython (tools/micropython.mjs) that the steps use.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { ROOT } from "../../tools/micropython.mjs";
import { ENGINES } from "./drivers.mjs";
import { Player } from "./player.mjs";
import { findScenario } from "./scenario.mjs";
import { serveSite } from "./site.mjs";
import { STEPS } from "./steps.mjs";

/** @type {Array<import("./driver-common.mjs").Size & {name: string}>} */
export const SIZES = [
  { name: "phone", width: 390, height: 844, phone: true },
  { name: "desktop", width: 1280, height: 800, phone: false },
];
// Where the screenshots go: the same position in every engine at each size. Not
// test-results/, which pytest-playwright empties as it starts, beside these.
const SHOTS = join(ROOT, "test-results-engines");
const SHOT_AFTER = "undo and redo";

/** Play every step in `name`'s engine. */
export function playEngine(name) {
  const engine = ENGINES[name];
  const required = process.env.SEAHAVEN_ALL_ENGINES === "1";
  const skip = engine.missing && !required ? `${name} skipped: ${engine.missing}` : false;
  describe(name, { skip }, () => {
    /** @type {import("./driver-common.mjs").Browser} */
    let browser;
    let facts;
    before(async () => {
      if (engine.missing) assert.fail(`${name}: ${engine.missing}, and every engine must play here`);
      [browser, facts] = await Promise.all([engine.launch(), findScenario()]);
      console.log(`${name}: ${browser.version}`);
    });
    after(() => browser && browser.close());
    for (const size of SIZES) {
      const pointer = size.phone && engine.touch ? "touch" : size.phone ? "mouse: its driver sends no touch" : "mouse";
      describe(`${size.name} ${size.width}×${size.height}, ${pointer}`, () => {
        /** @type {Player} */
        let p;
        /** @type {import("./site.mjs").Site} */
        let site;
        let failed = false;
        before(async () => {
          site = await serveSite();
          p = new Player(await browser.open(size), site.url);
          p.site = site;
        });
        after(async () => {
          if (p) await p.driver.close();
          if (site) await site.stop();
        });
        for (const step of STEPS) {
          // The steps build on each other: after a failure the rest of the size is skipped.
          test(step.name, async (t) => {
            if (failed) return t.skip("an earlier step failed");
            try {
              await step.play(p, facts, size);
              assert.deepEqual([], await p.driver.errors(), "errors on the page");
              if (step.name === SHOT_AFTER) {
                mkdirSync(SHOTS, { recursive: true });
                await p.driver.screenshot(join(SHOTS, `${size.name}-${name}.png`));
              }
            } catch (err) {
              failed = true;
              mkdirSync(SHOTS, { recursive: true });
              await p.driver.screenshot(join(SHOTS, `failed-${size.name}-${name}.png`)).catch(() => {});
              const input = await p.run("() => window.engineInput || []").catch(() => []);
              t.diagnostic(`the page's last input: ${input.join(", ")}`);
              throw err;
            }
          });
        }
      });
    }
  });
}
