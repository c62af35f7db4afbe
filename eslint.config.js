// ESLint: the field's standard rules for TypeScript, React hooks and accessibility, and the
// boundaries between where code runs (README: Folders). `npm run lint`; CI runs it.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Code that runs in the browser must not reach server code, or Node. */
const SERVER = ["**/relay/**", "**/build/**", "**/server/**", "**/content/**", "**/dev/**", "**/seo/**", "node:*"];
/** What the Worker bundles (the relay, but not its Node-only files) must not import Node. */
const NODE_ONLY = ["node:*", "libsql"];

export default tseslint.config(
  { ignores: ["dist/", ".dist-*/", "node_modules/", ".reports/", ".wrangler/", "schemas/", ".data/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  { files: ["**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  reactHooks.configs.flat.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  // Tests read untyped JSON (built pages' data, schemas, relay answers) and poke at it.
  { files: ["**/*.test.ts", "**/*.test.tsx"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  // The dev server's reload snippet is plain browser JavaScript.
  { files: ["src/dev/client.js"], languageOptions: { globals: globals.browser } },
  {
    files: ["src/islands/**", "src/client/**", "src/forms/**"],
    ignores: ["**/*.test.*"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: SERVER, message: "Browser code must not import server code (README: Folders)." }] }] },
  },
  {
    files: ["src/relay/**"],
    ignores: ["**/*.test.*", "src/relay/testing/**", "src/relay/node.ts", "src/relay/leads/sqlite.ts", "src/relay/leads/import-outbox.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: NODE_ONLY, message: "The Worker bundles this file: no Node-only imports (keep them in node.ts, leads/sqlite.ts, leads/import-outbox.ts)." }] }] },
  },
);
