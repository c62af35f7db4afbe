/**
 * `npm run test:unit`: every test vitest.config.ts runs but the end-to-end files (E2E), which read
 * the built site, drive Chromium or start another process. With none of them in the run, the global
 * setup builds nothing (src/testing/global-setup.ts).
 */
import { configDefaults, defineConfig, mergeConfig } from "vitest/config";
import all, { E2E } from "./vitest.config.ts";

export default mergeConfig(
  all,
  defineConfig({
    test: {
      exclude: [...configDefaults.exclude, ...E2E],
      // Six workers on the 2-core machine, where the whole run has four: the unit files that take longest
      // wait in real time on purpose (a Telegram answering in 4.5 s, an attempt never answered, a press that
      // hangs), and more workers fill those waits with other files. 19.9 s against 22.2 with four, 19.5 with
      // eight (farm-bench, medians of four pairs, 7 December 2026; docs/performance-log.md).
      maxWorkers: 6,
    },
  }),
);
