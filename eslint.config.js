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
    rules: {
      // Small functions: pure logic pulled out (and tested under Node), no page function over 80 lines.
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }],
      // Features never hold the raw engine: every intent goes through api.do (create-page.js),
      // and a command is a function (api.commands), never a button's click.
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='api'][property.name='engine']",
          message: "Call the engine through api.do (create-page.js), never api.engine.",
        },
        {
          selector: "MemberExpression[object.property.name='api'][property.name='engine']",
          message: "Call the engine through api.do (create-page.js), never api.engine.",
        },
        {
          selector: "CallExpression[callee.property.name='click'][arguments.length=0]",
          message: "Run a command as a function (api.commands), not by clicking its button.",
        },
      ],
    },
  },
  {
    // createSolver is being cut into small functions on its own branch (the solver's seam).
    files: ["static/js/solver/solver.js"],
    rules: { "max-lines-per-function": "off" },
  },
  {
    // The page object owns the bridge; the handshake connects it (once).
    files: ["static/js/create-page.js", "static/js/handshake.js"],
    rules: { "no-restricted-syntax": "off" },
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
