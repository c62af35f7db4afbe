/**
 * When islands wake, in Chromium against the built site: an untouched page
 * (even one that is scrolled) runs no React and fetches little script; what
 * a visitor types while a form is waking is kept exactly, caret and all.
 * (A form sent before it wakes: src/browser/islands/forms.e2e.test.ts.)
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BUDGETS, gzipSize, kb, REACT } from "../../testing/budgets.ts";
import { DESKTOP, PHONE } from "../../testing/browser.ts";
import { holdScripts, watchConsole } from "../../testing/islands.ts";
import { browserAndSitePerFile } from "../../testing/browser-suite.ts";

const env = browserAndSitePerFile();

/**
 * Whether React has taken over any island: the loader's mark, React's own property on the root, or the
 * hydrated mark.
 */
const reactRan = (page: Page) =>
  page.$$eval("[data-island]", (els) =>
    els.some(
      (el) =>
        "woken" in (el as HTMLElement).dataset ||
        "hydrated" in (el as HTMLElement).dataset ||
        Object.keys(el).some((k) => k.startsWith("__react")),
    ),
  );

describe("an untouched page", () => {
  it("runs no React, even scrolled to the bottom and back; fetches at most 20 KB gzip of script in its first 5 s; then fetches the islands' code without running it", async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const problems = watchConsole(page);
    const scripts: { url: string; at: number; code: Promise<string> }[] = [];
    const started = Date.now();
    page.on("response", (r) => {
      if (r.url().endsWith(".js")) scripts.push({ url: r.url(), at: Date.now() - started, code: r.text() });
    });
    await page.goto(env.site.url + "/", { waitUntil: "load" });
    // Scrolling is not an interaction: every island, FAQ and forms included, passes through the viewport.
    for (let y = 0; y < 12; y++) {
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(50);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    // Wait out the 5 s (this checks what happened, not how fast).
    await page.waitForTimeout(Math.max(0, 4_500 - (Date.now() - started)));
    const early = scripts.filter((s) => s.at < 4_500);
    const codes = await Promise.all(early.map((s) => s.code));
    const gzip = codes.reduce((n, c) => n + gzipSize(c), 0);
    expect(early.length).toBeGreaterThan(0);
    expect(gzip, `${early.map((s) => s.url).join(", ")}: ${kb(gzip)}`).toBeLessThanOrEqual(
      BUDGETS.loadScriptGzip,
    );
    expect(codes.some((c) => REACT.test(c))).toBe(false);
    expect(await reactRan(page)).toBe(false);

    // Past 5 s idle the page fetches React and the islands' chunks at low priority, and still runs none of
    // it.
    await expect
      .poll(async () => (await Promise.all(scripts.map((s) => s.code))).some((c) => REACT.test(c)), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.waitForTimeout(500);
    expect(await reactRan(page)).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  }, 30_000);
});

describe("a form waking while the visitor types", () => {
  it("keeps what was typed before it woke, the caret where it was, and every key typed during the wake exactly once", async () => {
    const context = await env.browser.newContext({ viewport: PHONE, hasTouch: true });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const cdp = await context.newCDPSession(page);
    await page.goto(env.site.url + "/", { waitUntil: "load" });
    // After the loader's own imports have arrived.
    const release = await holdScripts(page);

    await page.locator("#quote-name").tap();
    await page.keyboard.type("John Smith", { delay: 20 });
    await page.locator("#quote-message").tap();
    await page.keyboard.type("Bond clean, 3 bedrooms", { delay: 20 });
    // Back to the name, caret after "John ".
    await page.locator("#quote-name").tap();
    await page.evaluate(() =>
      (document.getElementById("quote-name") as HTMLInputElement).setSelectionRange(5, 5),
    );
    expect(await reactRan(page)).toBe(false);

    // A slow phone makes the wake long enough to type into. Only for the wake: Chromium's throttling keeps
    // a core about 85 % busy for as long as it is on, even with the page idle.
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    // Keys a little over the wake's pause apart, so each lands while the island is waking.
    release();
    let typed = "";
    for (let i = 0; i < 40 && !(await page.$("[data-island=QuoteForm][data-hydrated=true]")); i++) {
      const key = String.fromCharCode(65 + (i % 26));
      await page.keyboard.type(key);
      typed += key;
      await page.waitForTimeout(320);
    }
    await page.waitForSelector("[data-island=QuoteForm][data-hydrated=true]", {
      state: "attached",
      timeout: 15_000,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await page.keyboard.type("xyz");
    typed += "xyz";

    const name = await page.$eval("#quote-name", (el) => {
      const input = el as HTMLInputElement;
      return [input.value, input.selectionStart, input.selectionEnd, document.activeElement === input];
    });
    expect(typed.length).toBeGreaterThan(3);
    expect(name).toEqual([`John ${typed}Smith`, 5 + typed.length, 5 + typed.length, true]);
    expect(await page.inputValue("#quote-message")).toBe("Bond clean, 3 bedrooms");
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
