// Run a Python script under MicroPython (the build the page uses), with the
// seahaven/ package copied into its file system.
// Usage: node tools/mpy_run.mjs SCRIPT.py [FILE...]
// Each FILE is copied into MicroPython's file system at the same absolute path,
// and sys.argv is [SCRIPT.py, FILE...] (absolute paths), so the script can read them.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const script = process.argv[2];
if (!script) {
  console.error("usage: node tools/mpy_run.mjs SCRIPT.py");
  process.exit(2);
}
let out = "";
const mp = await loadMicroPython({ stdout: (s) => { out += s + "\n"; process.stdout.write(s + "\n"); }, stderr: (s) => process.stderr.write(s + "\n") });
// The package and its subpackages (seahaven/solver/), sources only.
function copyTree(from, to) {
  mp.FS.mkdir(to);
  for (const name of readdirSync(from)) {
    const path = join(from, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copyTree(path, `${to}/${name}`);
    } else if (name.endsWith(".py")) mp.FS.writeFile(`${to}/${name}`, readFileSync(path));
  }
}
copyTree(join(root, "seahaven"), "/seahaven");
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
  mp.runPython("import sys\nsys.path.insert(0, '/')\nsys.argv[:] = " + argv + "\n" + readFileSync(script, "utf8"));
} catch (err) {
  console.error(String(err.message || err));
  process.exit(1);
}
