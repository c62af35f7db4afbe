/**
 * `npm run test:unit`: the fast run, every test that needs no built site, no
 * browser, no photo build and no second runtime or process (workerd,
 * wrangler, a killed relay). Which those are is read from each test file's
 * import statements, so a new test lands on the right side without a list to keep.
 * `npm test` (vitest.config.ts) runs everything, these included.
 */
import { globSync, readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

const INCLUDE = ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"];
/** What a test needs that the fast run does not give: the built site, Chromium, photos, workerd, child processes (wrangler is one; leads-script starts one). */
const NEEDS_MORE = /\b(startSite|launchBrowser|testBrowser|browserAndSitePerFile|DIST_DIR|testing\/photos|leads-script|miniflare|node:child_process)\b/;

/** A file's import statements: what it names in comments or test titles does not count. */
const imports = (source: string) => (source.match(/^import\s[^;]*?\sfrom\s+["'][^"']+["'];?$/gm) ?? []).join("\n");

const slow = INCLUDE.flatMap((pattern) => globSync(pattern)).filter((file) => NEEDS_MORE.test(imports(readFileSync(file, "utf8"))));

// No global setup: nothing here reads the built site.
const { globalSetup: _build, ...test } = base.test ?? {};
export default defineConfig({ ...base, test: { ...test, exclude: [...slow, "**/node_modules/**"] } });
