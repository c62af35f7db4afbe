/**
 * Every island's server markup hydrates without a mismatch: each route of the
 * built site is loaded in Chromium, every island is woken, and the console
 * must stay free of errors and warnings (React reports a mismatch there,
 * through hydrate.ts's onRecoverableError).
 */

import { describe, expect, it } from "vitest";
import { loadContent } from "../../build/content/load.ts";
import { islandLoaders } from "../islands/list.ts";
import { routes } from "../../content/routes.ts";
import { DESKTOP, PHONE } from "../../testing/browser.ts";
import { wakeIslands, watchConsole } from "../../testing/islands.ts";
import { browserAndSitePerFile } from "../../testing/browser-suite.ts";

const all = routes(loadContent("content"));
const env = browserAndSitePerFile();

describe("hydration", () => {
  it("every page loads, wakes all its islands and logs no error or warning; every island is hydrated somewhere", async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const problems = watchConsole(page);
    const woken = new Set<string>();
    for (const route of all) {
      await page.goto(env.site.url + route.path, { waitUntil: "load" });
      const names = await wakeIslands(page);
      expect(names, route.path).toEqual(expect.arrayContaining(["NavMenu", "MobileMenu"]));
      for (const n of names) woken.add(n);
      expect(problems, route.path).toEqual([]);
    }
    expect([...woken].sort()).toEqual(Object.keys(islandLoaders).sort());
    await page.close();
  }, 180_000);

  it("at phone width too, the home page's islands hydrate cleanly", async () => {
    const page = await env.browser.newPage({ viewport: PHONE });
    const problems = watchConsole(page);
    await page.goto(env.site.url + "/", { waitUntil: "load" });
    await wakeIslands(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a page loads no React until an island wakes", async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const scripts: Promise<string>[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith(".js")) scripts.push(r.text());
    });
    const hasReact = async () => (await Promise.all(scripts)).some((code) => /react\.(transitional\.)?element/.test(code));
    await page.goto(env.site.url + "/about-us/", { waitUntil: "networkidle" });
    expect(scripts.length).toBeGreaterThan(0);
    expect(await hasReact()).toBe(false);
    expect(await page.$$eval("[data-hydrated]", (els) => els.length)).toBe(0);
    await page.hover('nav[aria-label="Main"]');
    await page.waitForSelector('[data-island="NavMenu"][data-hydrated="true"]');
    expect(await hasReact()).toBe(true);
    await page.close();
  });
});
