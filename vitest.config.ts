import path from "node:path";
import { defineConfig } from "vitest/config";
import LongestFirst from "./src/testing/longest-first.ts";
import SummaryReporter from "./src/testing/summary-reporter.ts";

// Node keeps the code it compiles for each module here, so a Node process the run starts after the
// first (the workers, wrangler for each of leads-d1's D1 statements, the relays and scripts the tests
// start) reuses what an earlier one compiled instead of compiling it again. Set before the workers
// start, so they and every process they start inherit it; node_modules/ keeps it out of git.
process.env.NODE_COMPILE_CACHE ??= path.resolve("node_modules/.cache/node-compile-cache");

export const TESTS = ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"];
/**
 * A test that needs more than its own process is named *.e2e.test.ts: it reads or serves the built
 * site (built once, by the global setup), drives Chromium, or starts a second process (a script as
 * npm runs it, wrangler, workerd, a relay killed mid-delivery). A relay or Node HTTP server started
 * in the test's own process does not count. Every other test is a unit test, in `npm run test:unit`.
 */
export const E2E = ["src/**/*.e2e.test.{ts,tsx}", "scripts/**/*.e2e.test.ts"];

export default defineConfig({
  // JSX as the production build compiles it (react/jsx-runtime's jsx, not jsx-dev-runtime's jsxDEV,
  // which React's production build does not have): the workers render with it (react-production.ts).
  oxc: { jsx: { development: false } },
  test: {
    // One project for every test, so a worker goes on from end-to-end files to unit files with the
    // modules it has loaded, and each module is compiled once: two projects (unit, e2e) each had their
    // own workers and module graph, and the whole run took 24 core-seconds more (decision 0103).
    // `npm run test:unit` is vitest.unit.config.ts: this, without the e2e files.
    include: TESTS,
    // Builds the site for the e2e files; a run with none of them (test:unit, one unit file) skips it.
    globalSetup: ["src/testing/global-setup.ts"],
    setupFiles: ["src/testing/react-production.ts"],
    // Scripts the tests start with `node --import tsx` read TypeScript with the shared options, as
    // `npm run` gives them with --tsconfig: tsconfig.json only lists the projects (README: Folders).
    env: { TSX_TSCONFIG_PATH: "tsconfig.base.json" },
    reporters: ["default", new SummaryReporter()],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two workers more than the 2-core machine has cores: the form, relay and wrangler tests spend much
    // of their time waiting (the spam check's time trap, retries, a slow Telegram, a process starting),
    // and with one project a waiting worker's core goes to a unit file. Fresh clones one after the
    // other: four workers 176.7 and 182.9 s, three 189.4 and 202.0 s, the same core-seconds (0103).
    maxWorkers: 4,
    // A worker runs file after file in one process with the modules it has already loaded, instead of
    // importing them all again for each file. Nothing here mocks modules, stubs globals or changes the
    // environment, and each file closes what it opens in afterAll.
    isolate: false,
    // Vitest keeps each module as it compiled it in node_modules/.experimental-vitest-cache, keyed by the
    // file's content and the configuration, so a later run (a second `npm run test:unit`, a watch
    // session's start) reads it instead of compiling again: test:unit 32.5 -> 28.1 core-s, 23.0 -> 20.2 s
    // (farm-bench, medians of five pairs). A fresh clone compiles as before and writes the cache, for
    // the same time within the noise (decision 0103). Vitest 5 turns it on by default.
    experimental: { fsModuleCache: true },
    // The slowest files start first, on a fresh clone too (longest-first.ts), so the workers end together.
    sequence: { sequencer: LongestFirst },
  },
});
