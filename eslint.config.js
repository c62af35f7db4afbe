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
  selector:
    "ImportDeclaration[source.value='zod'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
  message:
    'Import zod as a namespace, `import * as z from "zod"`, so a bundle keeps only what it uses (decision 0053).',
};
const restrict = (group, message) => ({
  "no-restricted-imports": ["error", { patterns: [{ group, message }] }],
});

/**
 * The relay (README: Folders): its core, bundled into the Worker and run by Node, is web-standard and
 * knows neither host; only compose.ts puts its concerns together (decision 0058), so intake/ (HTTP),
 * telegram/, owner/ and leads/ (the store and delivery policy) do not import it, intake/ and owner/ do
 * not import each other, and leads/ imports neither.
 */
const WEB_STANDARD = {
  group: [...NODE, "**/build/**", "**/server/**", "**/templates/**", "**/content/**", ...BROWSER],
  message:
    "The Worker bundles this file: web-standard APIs only; Node code goes in src/relay/node/ (README: Folders).",
};
const NO_HOST = {
  group: ["**/node/**", "**/worker/**", "**/testing/**"],
  message:
    "The relay's core knows neither host: the hosts (node/, worker/) import it, not the other way (README: Folders).",
};
const relayRule = (...patterns) => ({
  "no-restricted-imports": ["error", { patterns: [WEB_STANDARD, NO_HOST, ...patterns] }],
});
const COMPOSE = {
  group: ["**/compose.ts"],
  message: "Only compose.ts puts the relay's concerns together, and none of them imports it (decision 0058).",
};
const concern = (group, message) => relayRule(COMPOSE, { group, message: `${message} (decision 0058).` });

export default tseslint.config(
  {
    ignores: [
      "dist/",
      ".tsbuild/",
      ".dist-*/",
      "node_modules/",
      ".reports/",
      "**/.wrangler/",
      "schemas/",
      ".cache/",
      ".data/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  { files: ["**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  reactHooks.configs.flat.recommended,
  {
    rules: {
      "no-restricted-syntax": ["error", ZOD_BY_NAME],
      // Prettier (.prettierrc.json) lays code out at 110; this catches what it cannot wrap, comments
      // above all. A string or a URL may run on: splitting a sentence a test or a person searches
      // for costs more than a long line (decision 0071).
      "max-len": [
        "error",
        {
          code: 120,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
        },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  // Written by the build, byte for byte (src/build/generated.ts).
  {
    files: [
      "src/relay/email/confirmation-markup.ts",
      "src/relay/intake/result-markup.ts",
      "src/relay/booking/markup.ts",
    ],
    rules: { "max-len": "off" },
  },
  // Tests read untyped JSON (built pages' data, schemas, relay answers) and poke at it.
  { files: ["**/*.test.ts", "**/*.test.tsx"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  // Plain JavaScript Node runs without a loader: the script launcher and what it imports, the workers.
  { files: ["scripts/*.mjs", "src/build/**/*.mjs"], languageOptions: { globals: globals.node } },
  // The dev server's reload snippet is plain browser JavaScript.
  { files: ["src/browser/dev-reload.js"], languageOptions: { globals: globals.browser } },
  {
    files: ["src/shared/**"],
    ignores: ["**/*.test.*"],
    rules: restrict(
      [...NODE, ...SERVER, ...BROWSER],
      "Shared code runs in the browser and on the server: it imports only src/shared/ (README: Folders).",
    ),
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
    rules: restrict(
      [...NODE, "**/build/**", "**/server/**", "**/relay/**", "**/templates/**", ...BROWSER],
      "The content model is pure: schemas and types, no files, no pages (README: Folders).",
    ),
  },
  {
    // The build bundles the browser's code by path (bundle.ts); importing it would run it in Node.
    files: ["src/build/**", "src/server/**"],
    ignores: ["**/*.test.*"],
    rules: restrict(
      [...BROWSER],
      "Server code must not import browser code; the build bundles it by path (README: Folders).",
    ),
  },
  {
    files: ["src/relay/**"],
    ignores: ["**/*.test.*", "src/relay/testing/**", "src/relay/node/**", "src/relay/worker/**"],
    rules: relayRule(),
  },
  {
    files: ["src/relay/intake/**"],
    ignores: ["**/*.test.*"],
    rules: concern(
      ["**/owner/**"],
      "The HTTP intake reads, checks, stores and answers; the owner's features are not its",
    ),
  },
  {
    files: ["src/relay/telegram/**"],
    ignores: ["**/*.test.*"],
    rules: concern(["**/intake/**"], "Telegram's side of the relay does not reach into the HTTP intake"),
  },
  {
    files: ["src/relay/owner/**"],
    ignores: ["**/*.test.*"],
    rules: concern(["**/intake/**"], "The owner's features do not reach into the HTTP intake"),
  },
  {
    files: ["src/relay/leads/**"],
    ignores: ["**/*.test.*"],
    rules: concern(
      ["**/intake/**", "**/owner/**"],
      "The lead store and delivery policy sit under the features that use them",
    ),
  },
  {
    files: ["src/relay/booking/**"],
    ignores: ["**/*.test.*"],
    rules: concern(
      ["**/intake/**", "**/owner/**"],
      "A booking's parts (the link, the days, the page and emails) sit under the intake and the owner's features that use them",
    ),
  },
  {
    files: ["src/relay/email/**"],
    ignores: ["**/*.test.*"],
    rules: concern(
      ["**/intake/**", "**/owner/**", "**/telegram/**"],
      "Email is a channel of its own, beside Telegram: the delivery policy uses it, it uses neither the intake, the owner's features nor Telegram",
    ),
  },
  {
    files: ["src/relay/worker/**"],
    ignores: ["**/*.test.*"],
    rules: restrict(
      [...WEB_STANDARD.group, "**/node/**", "**/testing/**"],
      "The relay's Workers host: web-standard APIs and the Workers runtime, nothing of Node or of the Node host (README: Folders).",
    ),
  },
  {
    files: ["src/relay/node/**"],
    ignores: ["**/*.test.*"],
    rules: restrict(
      ["**/worker/**", "**/build/**", "**/templates/**", ...BROWSER],
      "The relay's Node host imports the relay and Node, nothing of the build or the browser.",
    ),
  },
);
