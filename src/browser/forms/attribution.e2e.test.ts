/**
 * Where a lead came from, and taps on phone numbers, as a visitor makes them
 * in Chromium against the built site, the real relay and the Telegram
 * stand-in: the visit remembered in sessionStorage until a form is sent,
 * nothing sent before, a page recorded without JavaScript too.
 */
import { describe, expect, it } from "vitest";
import { PHONE } from "../../testing/browser.ts";
import { withFullStack } from "../../testing/full-stack.ts";
import { CLOCK } from "../../relay/testing/business.ts";
import { loadContent } from "../../build/content/load.ts";
import { siteFacts } from "../../content/site-facts.ts";

// The site's pages and numbers, as npm run serve gives them: a tap is counted for those only.
const stack = withFullStack({ site: siteFacts(loadContent("content")) });

describe("every lead says where it came from", () => {
  it("landing on a suburb page from Google with ?utm_source=gbp, then sending the home page's quote form: all of it reaches the notice and the store", async () => {
    const context = await stack.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const sent: string[] = [];
    page.on("request", (r) => r.method() === "POST" && sent.push(new URL(r.url()).pathname));
    await page.goto(`${stack.site.url}/suburbs/annerley/?utm_source=gbp&fbclid=nope`, {
      referer: "https://www.google.com/search?q=bond+cleaning+annerley",
    });
    await page.goto(`${stack.site.url}/`);
    // Nothing has left the browser: the visit waits in this tab's sessionStorage, with the referrer's host
    // and not its address.
    expect(sent).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("jacaranda-visit")))!)).toEqual({
      landing: "/suburbs/annerley/",
      landingName: "Bond Cleaning Annerley 4103",
      referrer: "www.google.com",
      utm_source: "gbp",
    });

    await page.fill("#quote-name", "Ann From Google");
    await page.fill("#quote-email", "ann@example.com");
    await page.locator("#home button[type=submit]").tap();
    await page.locator("#home [role=status]").getByText("Quote Request Sent!").waitFor({ timeout: 15_000 });
    await expect
      .poll(() => stack.tg.delivered.length, { timeout: 10_000, message: "the notice arrives" })
      .toBe(1);
    expect(stack.tg.delivered[0].shown).toContain(
      "From: Bond Cleaning Annerley 4103 page · Google search · utm gbp · sent from /\n",
    );
    const [lead] = await stack.relay.opened.store.list({ statuses: ["pending", "delivered"] });
    expect(lead.attribution).toEqual({
      page: "/",
      landing: "/suburbs/annerley/",
      landingName: "Bond Cleaning Annerley 4103",
      source: "Google search",
      utm_source: "gbp",
    });
    await context.close();
  });

  it("keeps a campaign tag cut to 200 UTF-16 units without half an emoji: one that does not fit whole is left out", async () => {
    const context = await stack.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(
      `${stack.site.url}/suburbs/annerley/?utm_campaign=${"c".repeat(199)}${encodeURIComponent("🎉")}`,
    );
    const visit = JSON.parse(
      (await page.evaluate(() => sessionStorage.getItem("jacaranda-visit")))!,
    ) as Record<string, string>;
    expect(visit.utm_campaign).toBe("c".repeat(199));
    await context.close();
  });

  it("without JavaScript, the lead still records the page it was sent from", async () => {
    const context = await stack.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${stack.site.url}/contact-us/`);
    await page.fill("#contact-name", "No Script Sam");
    await page.fill("#contact-email", "sam@example.com");
    await page.fill("#contact-message", "Quote for a 3 bed house please");
    await Promise.all([page.waitForNavigation(), page.click("#main form button[type=submit]")]);
    await expect
      .poll(
        async () =>
          (await stack.relay.opened.store.list()).find((l) => l.fields?.name === "No Script Sam")
            ?.attribution,
        { timeout: 5_000, message: "the lead is stored" },
      )
      .toEqual({ page: "/contact-us/" });
    await context.close();
  });
});

describe("taps on phone numbers", () => {
  it("counts a tap once for its page and number, without delaying the call", async () => {
    // A phone's browser: headless Chromium says "HeadlessChrome", which the relay takes for a bot and does
    // not count.
    const userAgent =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
    const context = await stack.browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      userAgent,
    });
    const page = await context.newPage();
    await page.goto(`${stack.site.url}/suburbs/annerley/`);
    const link = page.locator('a[href^="tel:"]').first();
    const number = (await link.getAttribute("href"))!.slice(4);
    // The call is the link's own default action: nothing may cancel it.
    await page.evaluate(() =>
      window.addEventListener(
        "click",
        (e) => ((window as unknown as { cancelled: boolean }).cancelled = e.defaultPrevented),
      ),
    );
    const beacon = page.waitForRequest((r) => r.url().endsWith("/api/call"));
    await link.dispatchEvent("click");
    expect((await beacon).method()).toBe("POST");
    expect(await page.evaluate(() => (window as unknown as { cancelled: boolean }).cancelled)).toBe(false);
    const today = CLOCK.local(Date.now()).date;
    await expect
      .poll(() => stack.relay.opened.store.callTaps(today, today), {
        timeout: 5_000,
        message: "the tap is counted",
      })
      .toEqual([{ page: "/suburbs/annerley/", number, count: 1 }]);
    await context.close();
  });
});
