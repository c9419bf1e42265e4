// The facts the steps play (scenario.py), found by the engine under MicroPython.
import { readFileSync } from "node:fs";
import { loadEngine } from "../../tools/micropython.mjs";

/** @returns {Promise<any>} */
export async function findScenario() {
  const mp = await loadEngine();
  mp.runPython(readFileSync(new URL("./scenario.py", import.meta.url), "utf8"));
  return JSON.parse(mp.globals.get("found"));
}
