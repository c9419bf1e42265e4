// Run a Python script under MicroPython (the build the page uses), with the
// seahaven/ package copied into its file system.
// Usage: node tools/mpy_run.mjs SCRIPT.py [FILE...]
// Each FILE is copied into MicroPython's file system at the same absolute path,
// and sys.argv is [SCRIPT.py, FILE...] (absolute paths), so the script can read them.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { loadEngine } from "./micropython.mjs";

const script = process.argv[2];
if (!script) {
  console.error("usage: node tools/mpy_run.mjs SCRIPT.py [FILE...]");
  process.exit(2);
}
const mp = await loadEngine();
const files = process.argv.slice(3).map((name) => resolve(name));
for (const file of files) {
  let dir = "";
  for (const part of dirname(file).split("/").filter(Boolean)) {
    dir += "/" + part;
    try { mp.FS.mkdir(dir); } catch { /* already there */ }
  }
  mp.FS.writeFile(file, readFileSync(file));
}
const argv = JSON.stringify([resolve(script), ...files]);
try {
  mp.runPython("import sys\nsys.argv[:] = " + argv + "\n" + readFileSync(script, "utf8"));
} catch (err) {
  console.error(String(err.message || err));
  process.exit(1);
}
