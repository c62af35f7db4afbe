/** The FAQ accordion in Chromium against the built home page, with and without JavaScript. */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadContent } from "../../build/content/load.ts";
import { DESKTOP, PHONE } from "../../testing/browser.ts";
import { holdScripts, watchConsole } from "../../testing/islands.ts";
import { browserAndSitePerFile } from "../../testing/browser-suite.ts";

const faq = loadContent("content").faq;
const env = browserAndSitePerFile();

const question = (page: Page, i: number) => page.getByRole("button", { name: faq[i].question });
const answer = (page: Page, i: number) => page.getByRole("region", { name: faq[i].question });
const openAnswers = (page: Page) =>
  page.$$eval("#faq section", (els) => els.filter((el) => el.checkVisibility()).map((el) => el.id));

describe("FAQ accordion", () => {
  it("opens one item at a time; opening another closes the first; clicking the open one closes it", async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const problems = watchConsole(page);
    await page.goto(env.site.url + "/");
    // Hold the island's React back, so the first click lands before the island is awake.
    const release = await holdScripts(page);
    await page.locator("#faq").scrollIntoViewIfNeeded();
    expect(await page.locator("#faq h3 button").count()).toBe(faq.length);
    expect(await openAnswers(page)).toEqual([]);

    // The loader opens it at once, sign and all; the island, once awake, starts from it.
    await question(page, 0).click();
    const shown = async () => [
      await question(page, 0).getAttribute("aria-expanded"),
      await question(page, 0).innerText(),
      await openAnswers(page),
    ];
    expect(await page.$$eval("[data-island][data-hydrated]", (els) => els.length)).toBe(0);
    expect(await shown()).toEqual(["true", `${faq[0].question}\n−`, ["faq-a-0"]]);
    release();
    await page.waitForSelector('[data-island="Faq"][data-hydrated="true"]', { state: "attached" });
    expect(await shown()).toEqual(["true", `${faq[0].question}\n−`, ["faq-a-0"]]);
    expect(await answer(page, 0).innerText()).toBe(faq[0].answer);

    await question(page, 3).click();
    expect(await openAnswers(page)).toEqual(["faq-a-3"]);
    expect(await question(page, 0).getAttribute("aria-expanded")).toBe("false");

    await question(page, 3).click();
    expect(await openAnswers(page)).toEqual([]);
    expect(await question(page, 3).getAttribute("aria-expanded")).toBe("false");

    // From the keyboard too.
    await question(page, 5).focus();
    await page.keyboard.press("Enter");
    expect(await openAnswers(page)).toEqual(["faq-a-5"]);
    await page.keyboard.press("Space");
    expect(await openAnswers(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("without JavaScript", () => {
  it("every FAQ answer can be read", async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(env.site.url + "/");
    expect(await openAnswers(page)).toHaveLength(faq.length);
    for (let i = 0; i < faq.length; i++) expect(await answer(page, i).innerText()).toBe(faq[i].answer);
    await context.close();
  });
});
