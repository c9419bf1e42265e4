// The solver worker's memory() (web/solver_worker.py) under the page's
// MicroPython, called from JavaScript as the page calls it. MicroPython's
// webassembly port collects a call's garbage only once the call has returned,
// so a call grows the heap by areas of garbage; the WebAssembly memory keeps
// that size for good, though the collection may free the areas again.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ROOT, loadEngine } from "../../tools/micropython.mjs";

test("memory(): grown counts every byte a call grew the WebAssembly memory by, never falls; used is the heap in use", async () => {
  const mp = await loadEngine();
  for (const name of ["solver_worker.py", "wire.py"]) mp.FS.writeFile(`/${name}`, readFileSync(join(ROOT, "web", name)));
  const worker = mp.pyimport("solver_worker");
  const call = (name, args = {}) => JSON.parse(worker.handle(name, JSON.stringify(args)));
  const wasm = () => mp._module.HEAPU8.buffer.byteLength;
  const start = { wasm: wasm(), ...call("memory") };
  assert.equal(0, start.grown);
  call("grade", { code: "SH1-C4-3LK2JDH" }); // node budgets: the same work on every machine
  const after = { wasm: wasm(), ...call("memory") };
  assert.ok(after.wasm - start.wasm > 40e6, `the WebAssembly memory grew by ${after.wasm - start.wasm} bytes`);
  assert.ok(after.grown >= after.wasm - start.wasm, `grown ${after.grown} counts the ${after.wasm - start.wasm} bytes kept`);
  assert.ok(after.grown > 40e6); // past the page's limit (static/js/solver/solver.js MEMORY_GROWTH)
  assert.ok(after.used > start.used && after.used < after.grown / 4, `used ${after.used}`); // the garbage is collected
  call("ping");
  assert.equal(after.grown, call("memory").grown); // the memory is kept: so is the count
});
