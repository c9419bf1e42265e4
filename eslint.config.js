// The linter of the page's JavaScript, the tools' and the Node tests' (`make
// test`: eslint): ESLint's recommended rules, with each file's own globals.
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: ["node_modules/", ".venv/", "_site/", "test-results/", "test-results-engines/"],
  },
  js.configs.recommended,
  {
    files: ["static/js/**/*.js"],
    ignores: ["static/js/service-worker/"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Inlined by the build after its strings (tools/generate.py load_guard).
    files: ["static/js/entries/load-guard.js"],
    languageOptions: { globals: { LOAD_STRINGS: "readonly" } },
  },
  {
    // Inlined by the build after its list of files (tools/generate.py late_start).
    files: ["static/js/entries/late-start.js"],
    languageOptions: { globals: { LATE_FILES: "readonly" } },
  },
  {
    // A service worker's scope, after what tools/sw.py writes before it (build.d.ts).
    files: ["static/js/service-worker/**/*.js"],
    languageOptions: { globals: { ...globals.serviceworker, VERSION: "readonly", PRECACHE: "readonly" } },
  },
  {
    files: ["**/*.mjs", "eslint.config.js"],
    languageOptions: { globals: { ...globals.node } },
  },
];
