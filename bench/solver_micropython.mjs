// Time seahaven.solver.solve under MicroPython as the page loads it (the build's
// _site/static/vendor/micropython/, from npm, with tools/build.py's changes), one
// position after another in one interpreter, as the solver's worker would.
//
//   node bench/solver_micropython.mjs (--source | --mpy DIR) --budget SECONDS < positions.jsonl
//
// stdin: one JSON object per line with a "text" (a position text, design §5).
// stdout: first {"import_ms": …} (importing seahaven.solver), then one line per
// position: {"i", "status", "nodes", "length", "wall_ms", "cpu_ms"}; a Python
// exception becomes status "error" with its message. --source loads seahaven/*.py
// (MicroPython compiles them on import), --mpy DIR the precompiled DIR/seahaven/**/*.mpy.
// The heap is MicroPython's default (1 MiB, growing on demand), as PyScript starts it.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const built = join(root, "_site", "static", "vendor", "micropython", "micropython.mjs");
if (!existsSync(built)) throw new Error("run `make build` first: the page's MicroPython is " + built);
const { loadMicroPython } = await import(pathToFileURL(built).href);

function options(argv) {
  const opts = { source: false, mpy: null, budget: 10 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--source") opts.source = true;
    else if (argv[i] === "--mpy") opts.mpy = argv[++i];
    else if (argv[i] === "--budget") opts.budget = Number(argv[++i]);
    else throw new Error("unknown argument " + argv[i]);
  }
  if (opts.source === Boolean(opts.mpy) || !(opts.budget > 0)) {
    throw new Error("usage: node bench/solver_micropython.mjs (--source | --mpy DIR) --budget SECONDS < positions.jsonl");
  }
  return opts;
}

// The solver reads its clock from time.perf_counter, which MicroPython lacks;
// this harness gives it one built on ticks_ms (wrap-safe through ticks_diff).
const SETUP = `
import sys
import time
sys.path.insert(0, "/")
_T0 = time.ticks_ms()
time.perf_counter = lambda: time.ticks_diff(time.ticks_ms(), _T0) / 1000
`;

const RUN = `
from seahaven.solver import solve

def run(text, budget):
    try:
        r = solve(text, budget_seconds=budget)
    except Exception as exc:
        return "error|0|0|%s: %s" % (type(exc).__name__, exc)
    return "%s|%d|%d|" % (r.status, r.nodes, len(r.moves))
`;

const opts = options(process.argv.slice(2));
const mp = await loadMicroPython({
  stdout: (s) => process.stderr.write(s + "\n"),
  stderr: (s) => process.stderr.write(s + "\n"),
});
function copyTree(from, to, ext) {
  mp.FS.mkdir(to);
  for (const name of readdirSync(from)) {
    const path = join(from, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copyTree(path, `${to}/${name}`, ext);
    } else if (name.endsWith(ext)) mp.FS.writeFile(`${to}/${name}`, readFileSync(path));
  }
}
copyTree(opts.source ? join(root, "seahaven") : join(opts.mpy, "seahaven"), "/seahaven", opts.source ? ".py" : ".mpy");
mp.runPython(SETUP);
let t = performance.now();
mp.runPython(RUN);
process.stdout.write(JSON.stringify({ import_ms: performance.now() - t }) + "\n");
const run = mp.globals.get("run");

const lines = readFileSync(0, "utf8").split("\n").filter((line) => line.trim());
for (let i = 0; i < lines.length; i++) {
  const { text } = JSON.parse(lines[i]);
  const cpu = process.cpuUsage();
  t = performance.now();
  const answer = String(run(text, opts.budget));
  const wall = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const [status, nodes, length, message] = answer.split("|");
  const row = { i, status, nodes: Number(nodes), length: Number(length), wall_ms: wall, cpu_ms: (used.user + used.system) / 1000 };
  if (message) row.message = message;
  process.stdout.write(JSON.stringify(row) + "\n");
}
