// Run a Python script under MicroPython (the build the page uses), with the
// seahaven/ package copied into its file system. Usage: node tools/mpy_run.mjs SCRIPT.py
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
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
try {
  mp.runPython("import sys\nsys.path.insert(0, '/')\n" + readFileSync(script, "utf8"));
} catch (err) {
  console.error(String(err.message || err));
  process.exit(1);
}
