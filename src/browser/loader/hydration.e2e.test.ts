/**
 * Islands hydrate cleanly and only when woken. That every page's islands
 * hydrate without a mismatch (React reports one in the console, through
 * hydrate.ts's onRecoverableError) is read on every-page.test.ts's one visit to
 * each page, at 390 px; here the home page at 1280 px too, and a page that
 * loads no React until a visitor reaches for an island.
 */

import { describe, expect, it } from "vitest";
import { DESKTOP } from "../../testing/browser.ts";
import { fetchedScripts, wakeIslands, watchConsole } from "../../testing/islands.ts";
import { browserAndSitePerFile } from "../../testing/browser-suite.ts";

const env = browserAndSitePerFile();

describe("hydration", () => {
  it("at desktop width too, the home page's islands hydrate cleanly", async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const problems = watchConsole(page);
    await page.goto(env.site.url + "/", { waitUntil: "load" });
    expect(await wakeIslands(page)).toEqual(expect.arrayContaining(["NavMenu", "MobileMenu", "QuoteForm"]));
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a page loads no React until an island wakes", async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const scripts = fetchedScripts(page);
    const hasReact = async () =>
      (await scripts()).some((code) => /react\.(transitional\.)?element/.test(code));
    await page.goto(env.site.url + "/about-us/", { waitUntil: "networkidle" });
    expect((await scripts()).length).toBeGreaterThan(0);
    expect(await hasReact()).toBe(false);
    expect(await page.$$eval("[data-hydrated]", (els) => els.length)).toBe(0);
    await page.hover('nav[aria-label="Main"]');
    await page.waitForSelector('[data-island="NavMenu"][data-hydrated="true"]');
    expect(await hasReact()).toBe(true);
    await page.close();
  });
});
