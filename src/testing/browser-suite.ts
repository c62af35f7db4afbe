/**
 * One Chromium and one site server for a browser test file: started before
 * its tests, stopped after them. Read them as `env.browser` and `env.site`.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser.ts";
import { startSite } from "./site.ts";

export interface BrowserSuite {
  browser: Browser;
  site: Awaited<ReturnType<typeof startSite>>;
}

export function browserAndSitePerFile(): BrowserSuite {
  const env = {} as BrowserSuite;
  beforeAll(async () => {
    [env.browser, env.site] = await Promise.all([launchBrowser(), startSite()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.site?.close();
  });
  return env;
}
