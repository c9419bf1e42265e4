// The page's side of the engine (web/controller.py under MicroPython): the
// typed API the build writes from the controller's intents
// (#build/engine-api.js, written by the build), one function per intent, each one synchronous
// call across the bridge, JSON in and JSON out. Python hands over its
// function through the start-up handshake (handshake.js); until then the page
// can draw nothing and asks nothing. `crossings` counts the calls made, for
// the tests (one per tap) and the benchmarks.
import { engineApi } from "#build/engine-api.js";

/** @typedef {import("#build/engine-api.js").EngineApi} EngineApi */
/** @typedef {EngineApi & {readonly connected: boolean, readonly crossings: number, connect(fn: (name: string, args: string) => string): void}} Engine */

/** @returns {Engine} */
export function createEngine() {
  /** @type {((name: string, args: string) => string) | null} */
  let call = null;
  let crossings = 0;
  const api = engineApi((name, args) => {
    if (!call) throw new Error(`seahaven: the engine is not ready for ${name}`);
    crossings += 1;
    return call(name, args);
  });
  return /** @type {Engine} */ (Object.defineProperties(api, {
    connected: { get: () => call !== null },
    crossings: { get: () => crossings },
    connect: {
      /** @param {(name: string, args: string) => string} fn web/main.py's engine */
      value: (fn) => {
        call = fn;
      },
    },
  }));
}

// Randomness for a new deal, from the browser (the engine's own is MicroPython's).
export function entropy() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return words[0] * 8 + (words[1] & 7);
}
