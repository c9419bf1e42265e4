// MicroPython under Node (the build the page uses) with the engine in its file
// system: the seahaven/ package and its subpackages, sources only, importable
// from "/". Shared by tools/mpy_run.mjs and the benchmarks that drive
// MicroPython from JavaScript (bench/review_worker.mjs). The page's own copy
// (_site/static/vendor/, with tools/build.py's changes) once `make build` has made
// it, else npm's.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const BUILT = join(ROOT, "_site", "static", "vendor", "micropython", "micropython.mjs");
const { loadMicroPython } = await import(
  existsSync(BUILT) ? pathToFileURL(BUILT).href : "@micropython/micropython-webassembly-pyscript"
);

function copyTree(mp, from, to) {
  mp.FS.mkdir(to);
  for (const name of readdirSync(from)) {
    const path = join(from, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copyTree(mp, path, `${to}/${name}`);
    } else if (name.endsWith(".py")) mp.FS.writeFile(`${to}/${name}`, readFileSync(path));
  }
}

// A MicroPython whose standard output and error go to this process's.
export async function loadEngine() {
  const mp = await loadMicroPython({
    stdout: (s) => process.stdout.write(s + "\n"),
    stderr: (s) => process.stderr.write(s + "\n"),
  });
  copyTree(mp, join(ROOT, "seahaven"), "/seahaven");
  mp.runPython("import sys\nsys.path.insert(0, '/')");
  return mp;
}
