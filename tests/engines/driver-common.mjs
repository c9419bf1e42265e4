// What the engines' drivers share (drivers.mjs): the interface a step plays,
// what is watched for on the page, and where a program is installed.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

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
export const WATCH_ERRORS = `(() => {
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
export const TAKE_ERRORS = "() => (window.engineErrors || []).splice(0)";
// Where `name` is installed on the PATH, or null.
export function which(name) {
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

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const call = (source, args) => `(${source})(...${JSON.stringify(args)})`;
