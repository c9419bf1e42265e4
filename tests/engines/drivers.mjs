// Each engine through its own driver, behind one small interface the steps
// play (steps.mjs; the interface: driver-common.mjs): Chromium over the
// DevTools protocol and Firefox over WebDriver BiDi, both through
// puppeteer-core (driver-puppeteer.mjs); WebKit through WebKitGTK's WebDriver
// and selenium-webdriver (driver-webkit.mjs). Only browsers installed on the
// machine are used, never a downloaded build.
import { chromium, firefox } from "./driver-puppeteer.mjs";
import { webkit } from "./driver-webkit.mjs";

/** @type {Record<string, import("./driver-common.mjs").Engine>} */
export const ENGINES = { chromium, firefox, webkit };
