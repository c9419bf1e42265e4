// The built site (_site/) served as GitHub Pages serves it (tools/serve.py), on
// a port of its own: each engine and size plays on its own origin, so its
// storage and service worker start empty. Stopping it takes the site offline.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../tools/micropython.mjs";

// The project's Python (the Makefile's virtual environment; SEAHAVEN_PYTHON overrides).
const PYTHON = process.env.SEAHAVEN_PYTHON || join(ROOT, ".venv", "bin", "python");

/** @typedef {{url: string, stop: () => Promise<void>}} Site */

/** @returns {Promise<Site>} */
export async function serveSite() {
  if (!existsSync(join(ROOT, "_site", "index.html"))) throw new Error("_site/ is missing: run `make build` first");
  const server = spawn(PYTHON, [join(ROOT, "tools", "serve.py"), "--port", "0"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const url = await new Promise((resolve, reject) => {
    let said = "";
    server.stdout.on("data", (chunk) => {
      said += chunk;
      const found = /http:\/\/127\.0\.0\.1:\d+\//.exec(said);
      if (found) resolve(found[0]);
    });
    server.once("exit", (code) => reject(new Error(`tools/serve.py stopped (${code}) before serving: ${said}`)));
  });
  return {
    url,
    async stop() {
      if (server.exitCode === null && server.signalCode === null) server.kill();
      await exited;
    },
  };
}
