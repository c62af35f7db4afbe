import path from "node:path";
import { defineConfig } from "vitest/config";
import SummaryReporter from "./src/testing/summary-reporter.ts";

// Node keeps the code it compiles for each module here, so every Node process the run starts after
// the first (the workers, wrangler for each of leads-d1.test's D1 statements, the relays and scripts
// the tests start) skips compiling what an earlier one already did: about 0.5 s of CPU a wrangler
// start. Set before the workers start, so they and every process they start inherit it;
// node_modules/ keeps it out of git.
process.env.NODE_COMPILE_CACHE ??= path.resolve("node_modules/.cache/node-compile-cache");

export default defineConfig({
  // JSX as the production build compiles it (react/jsx-runtime's jsx, not jsx-dev-runtime's jsxDEV,
  // which React's production build does not have): the workers render with it (react-production.ts).
  oxc: { jsx: { development: false } },
  test: {
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    globalSetup: ["src/testing/global-setup.ts"],
    setupFiles: ["src/testing/react-production.ts"],
    // Scripts the tests start with `node --import tsx` read TypeScript with the shared options, as
    // `npm run` gives them with --tsconfig: tsconfig.json only lists the projects (README: Folders).
    env: { TSX_TSCONFIG_PATH: "tsconfig.base.json" },
    reporters: ["default", new SummaryReporter()],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Three on the 2-core machine: the form and relay tests spend much of their time waiting (the spam
    // check's 3 s, retries, a slow Telegram), and a third worker fills it (about 260 s instead of 290;
    // docs/performance.md, "Test time"). More than three only adds contention.
    maxWorkers: 3,
    // A worker runs file after file in one process with the modules it has already loaded, instead of
    // a fresh process per file (75 s of imports in a full run). Nothing here mocks modules, stubs
    // globals or changes the environment, and each file closes what it opens in afterAll.
    isolate: false,
  },
});
