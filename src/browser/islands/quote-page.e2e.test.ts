/**
 * The quote page (/quote/, issue 42) in Chromium against the built site, the
 * real Node relay and a Telegram stand-in: the repository's build, without a
 * price table, and a build of content/ with the docs' example table filled
 * in as the owner would (contentWithPricing), with and without script.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../build/build.ts";
import { loadContent } from "../../build/content/load.ts";
import { asPriceTable } from "../../content/schema/pricing.ts";
import { startNodeRelay, type NodeRelay } from "../../relay/node/node.ts";
import { standInConfig, tempLeadsDb } from "../../relay/testing/leads.ts";
import { FACTS } from "../../relay/testing/business.ts";
import { startTelegramStandIn, type StandIn } from "../../relay/testing/telegram-stand-in.ts";
import type { PriceTable } from "../../shared/pricing/table.ts";
import { axe } from "../../testing/axe.ts";
import { budgetViolations, measureSite } from "../../testing/budgets.ts";
import { DESKTOP, PHONE, releaseTestBrowser, testBrowser } from "../../testing/browser.ts";
import { contentWithPricing } from "../../testing/content-problems.ts";
import { startSite } from "../../testing/site.ts";
import { fetchedScripts, watchConsole } from "../../testing/islands.ts";

const SITE_PHONE = loadContent("content").site.phone;
const FORM = "[data-island=QuotePageForm] form";

let tg: StandIn;
let browser: Browser;
let prices: PriceTable;
/** The site built with the price table. */
let pricedRoot: string;
const sites: Record<"plain" | "priced", { url: string; close: () => Promise<void>; relay: NodeRelay }> =
  {} as never;
const cleanup: (() => void)[] = [];

beforeAll(async () => {
  tg = await startTelegramStandIn();
  const contentDir = contentWithPricing();
  const outDir = (pricedRoot = mkdtempSync(path.join(tmpdir(), "priced-site-")));
  cleanup.push(
    () => rmSync(contentDir, { recursive: true, force: true }),
    () => rmSync(outDir, { recursive: true, force: true }),
  );
  prices = asPriceTable(loadContent(contentDir).pricing!);
  await build({ contentDir, outDir });
  for (const [name, root, table] of [
    ["plain", undefined, undefined],
    ["priced", outDir, prices],
  ] as const) {
    const db = tempLeadsDb();
    cleanup.push(db.remove);
    const relay = await startNodeRelay({
      config: standInConfig(tg, db.file),
      // The site's services, as npm run serve tells the relay (scripts/site-facts.ts): the notice names them.
      site: { phone: SITE_PHONE, services: FACTS.services, ...(table ? { prices: table } : {}) },
      log: () => {},
      pollMs: 200,
    });
    const site = await startSite({ relay: relay.relay, ...(root ? { root } : {}) });
    sites[name] = { ...site, relay };
  }
  browser = await testBrowser();
}, 120_000);
afterAll(async () => {
  await releaseTestBrowser(browser);
  for (const s of Object.values(sites)) {
    await s.close();
    await s.relay.close();
  }
  await tg?.close();
  cleanup.forEach((c) => c());
});
afterEach(() => tg.reset());

async function open(
  site: keyof typeof sites,
  address: string,
  { js = true, viewport = PHONE } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport, javaScriptEnabled: js });
  const page = await context.newPage();
  await page.goto(sites[site].url + address);
  return page;
}

/** Wakes the form as a visitor does, by reaching into it. */
async function wake(page: Page) {
  await page.focus("#quote-name");
  await page.waitForSelector("[data-island=QuotePageForm][data-hydrated=true]", { timeout: 15_000 });
}

/** What every control holds: a radio group or tick box what is checked ("" for none). */
const chosen = (page: Page) =>
  page.$$eval(
    `${FORM} input:not([type=hidden]):not([name=website]), ${FORM} select, ${FORM} textarea`,
    (els) =>
      els.map((e) => {
        const input = e as HTMLInputElement;
        return [
          input.name,
          input.type === "radio" || input.type === "checkbox"
            ? input.checked
              ? input.value
              : ""
            : input.value,
        ];
      }),
  );

/** A bond clean of a two-storey house, 3 bedrooms and 2 bathrooms, with 3 rooms of carpet and an oven. */
async function chooseHouse(page: Page, { bedrooms = "3" } = {}) {
  await page.selectOption("#quote-service", "bond-cleaning");
  await page.check("input[name=propertyType][value=house]");
  await page.fill("#quote-bedrooms", bedrooms);
  await page.fill("#quote-bathrooms", "2");
  await page.fill("#quote-storeys", "2");
  await page.fill("#quote-date", "2026-12-12");
  await page.check("input[name=timeWindow][value=morning]");
  await page.fill("#quote-addon-carpet-steam", "3");
}

/**
 * chooseHouse(), `more`, a name and an email, sent with JavaScript off: a plain form post through the relay,
 * whose page says it was sent.
 */
async function sendWithoutScript(
  site: keyof typeof sites,
  more: (page: Page) => Promise<unknown> = async () => {},
) {
  const page = await open(site, "/quote/", { js: false });
  await chooseHouse(page);
  await more(page);
  await page.fill("#quote-name", "No Script");
  await page.fill("#quote-email", "noscript@example.com");
  await page.click(`${FORM} button[type=submit]`);
  await page.waitForURL(/\/api\/quote/);
  expect(await page.locator("h1").innerText()).toBe("Quote Request Sent!");
  await expect.poll(() => tg.delivered.length, { timeout: 10_000 }).toBe(1);
  await page.context().close();
}

const notice = () => tg.delivered.map((d) => d.shown).join("\n");

describe("the quote page without a price table (as the repository ships)", () => {
  it("preselects ?service= as it loads, chooses nothing else, shows no price, offers the add-ons that fit, and the details reach the notice", async () => {
    const page = await open("plain", "/quote/?service=bond-cleaning");
    const scripts = fetchedScripts(page);
    expect(await page.inputValue("#quote-service")).toBe("bond-cleaning");
    expect(
      (await chosen(page)).filter(([name]) => name !== "service").every(([, value]) => value === ""),
    ).toBe(true);
    expect(await page.locator("main").innerText()).not.toMatch(/\$\s?\d/);
    expect(await page.locator("#estimate-title").count()).toBe(0);

    await wake(page);
    await page.selectOption("#quote-service", "house-cleaning");
    expect(await page.isHidden("#quote-addon-carpet-steam")).toBe(true);
    expect(await page.isVisible("#quote-addon-oven")).toBe(true);
    // No add-on fits an oven and BBQ clean: the whole group goes.
    await page.selectOption("#quote-service", "oven-bbq-cleaning");
    expect(await page.getByText("Add-ons", { exact: true }).isHidden()).toBe(true);
    await chooseHouse(page);
    await page.check("#quote-addon-garage");
    await page.fill("#quote-name", "Ana Silva");
    await page.fill("#quote-email", "ana@example.com");
    await page.click(`${FORM} button[type=submit]`);
    await page.locator(`${FORM} [role=status]`).getByText("Quote Request Sent!").waitFor({ timeout: 20_000 });
    await expect.poll(() => tg.delivered.length, { timeout: 10_000 }).toBe(1);
    expect(notice()).toContain(
      "Service: Bond Cleaning Brisbane\nDetails: House · 3 bed · 2 bath · 2 storeys · move-out Sat 12 Dec, morning · add-ons: carpet ×3, garage\n",
    );
    expect(notice()).not.toContain("Estimate:");
    expect((await chosen(page)).every(([, value]) => value === "")).toBe(true);
    // The estimate's code (its "Minimum charge" line) was never fetched.
    expect((await scripts()).filter((code) => code.includes("Minimum charge"))).toEqual([]);
    await page.context().close();
  });

  it("without JavaScript posts the details through the relay, whose page says it was sent", async () => {
    await sendWithoutScript("plain");
    expect(notice()).toContain(
      "Details: House · 3 bed · 2 bath · 2 storeys · move-out Sat 12 Dec, morning · add-ons: carpet ×3\n",
    );
  });
});

describe("the quote page with the owner's price table", () => {
  /**
   * The figure a hand calculation from the table gives for chooseHouse() plus an oven: base, house, storeys,
   * add-ons, rounded up.
   */
  const byHand = () => {
    const bond = prices.services.find((s) => s.service === "bond-cleaning")!;
    const base = bond.byRooms!.find((r) => r.bedrooms === 3 && r.bathrooms === 2)!.price;
    const addOn = (id: string) => bond.addOns.find((a) => a.id === id)!.price;
    const sum =
      base +
      bond.modifiers!.propertyType!.house +
      bond.modifiers!.storeys!.find((s) => s.storeys === 2)!.add +
      3 * addOn("carpet-steam") +
      addOn("oven");
    return Math.ceil(sum / prices.rounding.to) * prices.rounding.to;
  };

  it.each([
    ["390", PHONE],
    ["1280", DESKTOP],
  ])(
    "at %s px shows nothing ticked, what is still to choose, then the total a hand calculation gives; the notice's is the relay's, a forged one ignored",
    async (_, viewport) => {
      const page = await open("priced", "/quote/", { viewport });
      const problems = watchConsole(page);
      expect((await chosen(page)).every(([, value]) => value === "")).toBe(true);
      await wake(page);
      const box = page.locator("[aria-labelledby=estimate-title] [role=status]");
      await page.selectOption("#quote-service", "bond-cleaning");
      await expect
        .poll(() => box.innerText())
        .toBe("To see an estimate, choose the property type, bedrooms, bathrooms and storeys.");
      await chooseHouse(page);
      await page.fill("#quote-addon-oven", "1");
      const figure = `$${byHand().toLocaleString("en-AU")}`;
      await expect.poll(() => page.locator("[data-estimate-total]").innerText()).toBe(figure);
      expect(await box.innerText()).toContain("total, GST included");
      expect(await box.getByRole("link", { name: "Terms apply" }).getAttribute("href")).toBe("/terms/");
      expect(await axe(page, ["[aria-labelledby=estimate-title]", FORM])).toEqual([]);

      // A figure sent with the form is not read: the relay works out its own.
      await page.evaluate(
        (form) =>
          document
            .querySelector(form)!
            .insertAdjacentHTML("beforeend", '<input type="hidden" name="estimate" value="$1 incl. GST">'),
        FORM,
      );
      await page.fill("#quote-name", "Ana Silva");
      await page.fill("#quote-email", "ana@example.com");
      await page.click(`${FORM} button[type=submit]`);
      await page
        .locator(`${FORM} [role=status]`)
        .getByText("Quote Request Sent!")
        .waitFor({ timeout: 20_000 });
      await expect.poll(() => tg.delivered.length, { timeout: 10_000 }).toBe(1);
      expect(notice()).toContain(`Estimate: estimate ${figure} incl. GST, prices reviewed 1 Dec 2026\n`);
      // Hydrated without a mismatch, the estimate's code fetched and run without an error.
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it("keeps the page within its budgets with the table in it", () => {
    const [quote] = measureSite(pricedRoot).filter((p) => p.page === "quote/index.html");
    expect(budgetViolations([quote])).toEqual([]);
  });

  it("asks to call, with no figure, for 6 bedrooms", async () => {
    const page = await open("priced", "/quote/?service=bond-cleaning");
    await wake(page);
    await chooseHouse(page, { bedrooms: "6" });
    const box = page.locator("[aria-labelledby=estimate-title] [role=status]");
    await expect.poll(() => box.innerText()).toContain("Please call us for a quote (more than 4 bedrooms)");
    expect(await box.innerText()).not.toMatch(/\$\s?\d/);
    expect(await page.locator("[data-estimate-total]").count()).toBe(0);
    await page.context().close();
  });

  it("without JavaScript, the choices reach the notice with the relay's estimate", async () => {
    await sendWithoutScript("priced", (page) => page.fill("#quote-addon-oven", "1"));
    expect(notice()).toContain(`Estimate: estimate $${byHand()} incl. GST, prices reviewed 1 Dec 2026\n`);
  });
});
