// Drive a review under MicroPython the way the page's worker does: JavaScript
// calls Python once per slice (review.work), so Python returns to JavaScript
// between slices, as it must in a worker (and MicroPython's webassembly port
// collects garbage only then). Used by bench/review.py.
//
// Usage: node bench/review_worker.mjs SETUP.py COUNT
// SETUP.py defines start(i) (begin the review of game i, par left out),
// step() (one slice; sets `finished`), par() (par_line of the deal, as the
// page computes it once per game) and describe() (the game's figures as JSON
// text in `row`). Prints one line "ROW {json}" per game with the CPU and wall
// seconds measured here: the review in slices ("cpu", "wall", "slices") and
// par ("cpu_par", "wall_par").
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { loadEngine } from "../tools/micropython.mjs";

const [setup, count] = process.argv.slice(2);
const mp = await loadEngine();
mp.runPython(readFileSync(setup, "utf8"));

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
function timed(code) {
  const c0 = cpu(), w0 = performance.now();
  mp.runPython(code);
  return [cpu() - c0, (performance.now() - w0) / 1000];
}
for (let i = 0; i < Number(count); i++) {
  const figures = { cpu: 0, wall: 0, slices: 0 };
  mp.runPython(`start(${i})`);
  while (!mp.globals.get("finished")) {
    const [c, w] = timed("step()");
    figures.cpu += c;
    figures.wall += w;
    figures.slices += 1;
  }
  [figures.cpu_par, figures.wall_par] = timed("par()");
  mp.runPython("describe()");
  console.log("ROW " + JSON.stringify(Object.assign(JSON.parse(mp.globals.get("row")), figures)));
}
