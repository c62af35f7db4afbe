/**
 * `npm run test:unit`: the fast run, every test that needs no built site, no
 * browser, no photo build and no second runtime or process (workerd,
 * wrangler, a killed relay). Which those are is read from each test file's
 * imports, so a new test lands on the right side without a list to keep.
 * `npm test` (vitest.config.ts) runs everything, these included.
 */
import { globSync, readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

const INCLUDE = ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"];
/** What a test needs that the fast run does not give: the built site, Chromium, photos, workerd, wrangler, child processes (leads-script starts one). */
const NEEDS_MORE = /\b(startSite|launchBrowser|browserAndSitePerFile|DIST_DIR|testing\/photos|leads-script|miniflare|wrangler|node:child_process)\b/;

const slow = INCLUDE.flatMap((pattern) => globSync(pattern)).filter((file) => NEEDS_MORE.test(readFileSync(file, "utf8")));

// No global setup: nothing here reads the built site.
const { globalSetup: _build, ...test } = base.test ?? {};
export default defineConfig({ ...base, test: { ...test, exclude: [...slow, "**/node_modules/**"] } });
