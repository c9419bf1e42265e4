// Drive the solver's worker under MicroPython as the page runs it and calls
// it: the build's worker script (_site/static/build/worker.py, its modules
// precompiled in worker.romfs), and one exported function at a time, Python
// returning to JavaScript in between (when MicroPython's webassembly port
// collects its garbage). After each call, one line "CALL {json}": the call,
// its milliseconds, what memory() says (used, grown), the reading memory()
// gave before (the heap's span and the room for one more area,
// gc.mem_alloc() + gc.mem_free()), and the bytes of the WebAssembly memory,
// which only JavaScript sees. Used by bench/worker_memory.py and
// tests/web/test_solver_worker.py; run `make build` first.
//
// Usage: node bench/worker_memory.mjs CALLS.json
// CALLS.json: [[name, {args}], …], e.g. [["grade", {"code": "SH1-C4-3LK2JDH"}]]: the worker's
// requests (web/solver_worker.py REQUESTS), asked through its one export, handle.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { ROOT } from "../tools/micropython.mjs";

const SITE = join(ROOT, "_site");
const { WORKER } = await import(pathToFileURL(join(ROOT, "build", "worker.js")).href);
const { loadMicroPython } = await import(pathToFileURL(join(SITE, WORKER.interpreter)).href);

const calls = JSON.parse(readFileSync(process.argv[2], "utf8"));
const mp = await loadMicroPython({ stdout: (s) => process.stderr.write(s + "\n") });
for (const [served, target] of Object.entries(WORKER.files)) mp.FS.writeFile(target, readFileSync(join(SITE, served)));
mp.runPython(readFileSync(join(SITE, WORKER.script), "utf8"));
mp.runPython("import gc\ndef _reading():\n    return gc.mem_alloc() + gc.mem_free()");
const reading = mp.globals.get("_reading");
const wasm = () => mp._module.HEAPU8.buffer.byteLength;
const handle = mp.globals.get("handle");

function report(name, args, ms) {
  const { used, grown } = JSON.parse(handle("memory", "{}"));
  console.log("CALL " + JSON.stringify({ name, args, ms: Math.round(ms), used, grown, reading: reading(), wasm: wasm() }));
}

report("start", {}, 0);
for (const [name, args] of calls) {
  const began = performance.now();
  handle(name, JSON.stringify(args));
  report(name, args, performance.now() - began);
}
