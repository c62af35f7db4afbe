/**
 * `npm run test:unit`: every test vitest.config.ts runs but the end-to-end files (E2E), which read
 * the built site, drive Chromium or start another process. With none of them in the run, the global
 * setup builds nothing (src/testing/global-setup.ts).
 */
import { configDefaults, defineConfig, mergeConfig } from "vitest/config";
import all, { E2E } from "./vitest.config.ts";

export default mergeConfig(all, defineConfig({ test: { exclude: [...configDefaults.exclude, ...E2E] } }));
