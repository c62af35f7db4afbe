/**
 * The worker's Chromium (testBrowser) and one site server for a browser test
 * file: ready before its tests; after them the site stops and the file's
 * browser contexts close. Read them as `env.browser` and `env.site`.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { releaseTestBrowser, testBrowser } from "./browser.ts";
import { startSite } from "./site.ts";

export interface BrowserSuite {
  browser: Browser;
  site: Awaited<ReturnType<typeof startSite>>;
}

export function browserAndSitePerFile(): BrowserSuite {
  const env = {} as BrowserSuite;
  beforeAll(async () => {
    [env.browser, env.site] = await Promise.all([testBrowser(), startSite()]);
  });
  afterAll(async () => {
    await releaseTestBrowser(env.browser);
    await env.site?.close();
  });
  return env;
}
