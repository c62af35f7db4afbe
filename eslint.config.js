// ESLint: the field's standard rules for TypeScript, React hooks and accessibility, and the
// boundaries between where code runs (README: Folders). `npm run lint`; CI runs it.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import patterns for each side of a boundary (README: Folders). */
const NODE = ["node:*", "libsql", "sharp", "esbuild", "@tailwindcss/*", "lightningcss", "js-yaml", "yaml"];
const SERVER = ["**/build/**", "**/server/**", "**/relay/**", "**/content/**", "**/templates/**"];
const BROWSER = ["**/browser/**"];
/**
 * zod imported by name (`{ z }`, or its default) is a namespace bundlers cannot shake: the Worker
 * carried every one of zod's locales, 845 KB against 267 (decision 0053).
 */
const ZOD_BY_NAME = {
  selector: "ImportDeclaration[source.value='zod'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
  message: 'Import zod as a namespace, `import * as z from "zod"`, so a bundle keeps only what it uses (decision 0053).',
};
const restrict = (group, message) => ({ "no-restricted-imports": ["error", { patterns: [{ group, message }] }] });

export default tseslint.config(
  { ignores: ["dist/", ".tsbuild/", ".dist-*/", "node_modules/", ".reports/", "**/.wrangler/", "schemas/", ".data/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  { files: ["**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  reactHooks.configs.flat.recommended,
  {
    rules: {
      "no-restricted-syntax": ["error", ZOD_BY_NAME],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  // Tests read untyped JSON (built pages' data, schemas, relay answers) and poke at it.
  { files: ["**/*.test.ts", "**/*.test.tsx"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  // The dev server's reload snippet is plain browser JavaScript.
  { files: ["src/browser/dev-reload.js"], languageOptions: { globals: globals.browser } },
  {
    files: ["src/shared/**"],
    ignores: ["**/*.test.*"],
    rules: restrict([...NODE, ...SERVER, ...BROWSER], "Shared code runs in the browser and on the server: it imports only src/shared/ (README: Folders)."),
  },
  {
    files: ["src/browser/**"],
    ignores: ["**/*.test.*"],
    rules: restrict([...NODE, ...SERVER], "Browser code must not import server code (README: Folders)."),
  },
  {
    files: ["src/templates/**"],
    ignores: ["**/*.test.*"],
    rules: restrict(
      [...NODE, "**/build/**", "**/server/**", "**/relay/**", "**/browser/loader/**", "**/browser/forms/**"],
      "Templates are pure, and of the browser's code render only its islands: the build reads files and hands them data (README: Folders).",
    ),
  },
  {
    files: ["src/content/**"],
    ignores: ["**/*.test.*"],
    rules: restrict([...NODE, "**/build/**", "**/server/**", "**/relay/**", "**/templates/**", ...BROWSER], "The content model is pure: schemas and types, no files, no pages (README: Folders)."),
  },
  {
    // The build bundles the browser's code by path (bundle.ts); importing it would run it in Node.
    files: ["src/build/**", "src/server/**"],
    ignores: ["**/*.test.*"],
    rules: restrict([...BROWSER], "Server code must not import browser code; the build bundles it by path (README: Folders)."),
  },
  {
    files: ["src/relay/**"],
    ignores: ["**/*.test.*", "src/relay/testing/**", "src/relay/node/**"],
    rules: restrict([...NODE, "**/build/**", "**/server/**", "**/templates/**", "**/content/**", ...BROWSER], "The Worker bundles this file: web-standard APIs only; Node code goes in src/relay/node/ (README: Folders)."),
  },
  {
    files: ["src/relay/node/**"],
    ignores: ["**/*.test.*"],
    rules: restrict(["**/worker/**", "**/build/**", "**/templates/**", ...BROWSER], "The relay's Node host imports the relay and Node, nothing of the build or the browser."),
  },
);
