// ESLint for bohn's browser code: the game, lobby and replay pages
// (bohn/server/static) and a ruleset's own client code (bohn/rulesets/*/client.js),
// plain ES modules run in the browser; the unit tests (tests/js) run in Node.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["bohn/server/static/**/*.js", "bohn/rulesets/*/client.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: globals.browser },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node, ...globals.browser } },
  },
];
