/**
 * One generator, any business (decision 0088): the second business in the repository,
 * fixtures/window-cleaning, built by the global setup from the same code as the site. A window
 * cleaner in a city with daylight saving: three services (one that takes no property details), five
 * suburbs without facts, its own hours, colours and logo, no price table. Every page is valid HTML
 * and passes axe, read on one visit each; every page reads and looks like this business and never
 * like the repository's own; its forms and its relay offer its services and nothing else.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outputFile, routes } from "../content/routes.ts";
import { relayFor } from "../testing/content-relay.ts";
import { axe } from "../testing/axe.ts";
import { PHONE, releaseTestBrowser, testBrowser } from "../testing/browser.ts";
import { DIST_DIR, SECOND_BUSINESS } from "../testing/dist-dir.ts";
import { visibleText } from "../testing/html.ts";
import { filesIn, htmlErrors } from "../testing/html-validity.ts";
import { wakeIslands, watchConsole } from "../testing/islands.ts";
import { startSite, visitAddress } from "../testing/site.ts";
import { ADMIN_DIR } from "./cms/admin.ts";
import { loadContent } from "./content/load.ts";

const content = loadContent(SECOND_BUSINESS.content);
const own = loadContent("content");
const all = routes(content);
const built = (file: string) => readFileSync(path.join(SECOND_BUSINESS.dist, file), "utf8");
const pageOf = (route: (typeof all)[number]) => built(outputFile(route));

describe("the second business's pages", () => {
  it("are one per route, each valid HTML, beside the editor's page at admin/", async () => {
    // The CMS's page is the owner's tool, not a page of the site (src/build/cms/admin.ts).
    const admin = path.join(SECOND_BUSINESS.dist, ADMIN_DIR, "index.html");
    const pages = filesIn(SECOND_BUSINESS.dist, ".html").filter((file) => file !== admin);
    expect(pages.map((p) => path.relative(SECOND_BUSINESS.dist, p)).sort()).toEqual(
      all.map(outputFile).sort(),
    );
    expect(filesIn(SECOND_BUSINESS.dist, ".html")).toContain(admin);
    expect(await htmlErrors(pages)).toEqual([]);
  });

  it("each name the business, and none the repository's business, its city, numbers, address or suburbs", () => {
    const theirs = [
      own.site.name,
      own.site.phone,
      own.site.landline,
      new URL(own.site.url).host,
      own.site.location.locality,
      ...own.suburbs.map((s) => s.name),
    ];
    for (const route of all) {
      const html = pageOf(route);
      expect(html, route.path).toContain(content.site.name);
      const words = visibleText(html);
      for (const word of theirs)
        expect(
          new RegExp(`\\b${word.replace(/[.()+]/g, "\\$&")}\\b`).test(words),
          `${route.path}: ${word}`,
        ).toBe(false);
    }
  });

  it("are drawn in its own colours, with its own logo and icons", () => {
    const home = built("index.html");
    const [brand, theirs] = [content.site.colours.brand, own.site.colours.brand];
    expect(home).toContain(`<meta name="theme-color" content="${brand.shade700}"/>`);
    // The hero's gradient and the banners' dark blue; none of the site's teal.
    expect(home).toContain(brand.shade800);
    expect(home).not.toContain(theirs.shade800);
    expect(JSON.parse(built("site.webmanifest"))).toMatchObject({
      name: content.site.name,
      theme_color: brand.shade700,
    });
    for (const icon of ["images/icon.svg", "images/icon-512.png", "favicon.ico"])
      expect(readFileSync(path.join(SECOND_BUSINESS.dist, icon)), icon).toEqual(
        readFileSync(path.join(SECOND_BUSINESS.content, icon.replace(/^favicon/, "images/favicon"))),
      );
    expect(readFileSync(path.join(SECOND_BUSINESS.dist, "images/icon.svg"))).not.toEqual(
      readFileSync(path.join(DIST_DIR, "images/icon.svg")),
    );
  });

  it("list its three services in the header, the footer, both forms and the sitemap, and its suburbs' pages", () => {
    const names = content.services.map((s) => s.name);
    expect(names).toHaveLength(3);
    const home = visibleText(built("index.html"));
    const footer = home.slice(home.lastIndexOf("Quick Links"));
    for (const name of names) {
      expect(home.split(name).length - 1, name).toBeGreaterThanOrEqual(2);
      expect(footer).toContain(name);
    }
    const options = (file: string) =>
      [...built(file).matchAll(/<option value="([^"]+)">/g)].map(([, value]) => value);
    const values = content.services.map((s) => s.formValue);
    expect(options("contact-us/index.html")).toEqual(values);
    expect(options("quote/index.html")).toEqual(values);
    const sitemap = built("sitemap.xml");
    for (const s of content.services) expect(sitemap).toContain(`/services/${s.slug}/</loc>`);
    expect(sitemap.match(/<loc>/g)).toHaveLength(all.length - 1);
    // A suburb without facts: its page quotes no figure, so it has no list of sources.
    const suburb = pageOf(all.find((r) => r.kind === "suburb")!);
    expect(suburb).toContain("<h1");
    expect(suburb).not.toContain("Sources for the figures");
    expect(visibleText(suburb)).toContain("Window Cleaning Sandy Bay 7005");
  });
});

describe("the second business in a browser", () => {
  let page: Page;
  let close = async () => {};
  const violations = new Map<string, string[]>();
  const problems: string[] = [];

  beforeAll(async () => {
    const site = await startSite({ root: SECOND_BUSINESS.dist });
    close = site.close;
    const context = await (await testBrowser()).newContext({ viewport: PHONE });
    page = await context.newPage();
    const said = watchConsole(page);
    // Every page once: axe on it as it loads; the quote page's checks below continue its visit.
    for (const route of all) {
      await page.goto(site.url + visitAddress(route), { waitUntil: "load" });
      violations.set(route.path, await axe(page));
    }
    problems.push(...said.filter((p) => !/status of 404/.test(p)));
    await page.goto(`${site.url}/quote/`, { waitUntil: "load" });
  }, 120_000);
  afterAll(async () => {
    await releaseTestBrowser(await testBrowser());
    await close();
  });

  it("passes axe's WCAG 2.2 A and AA rules on every page", () => {
    expect([...violations.values()].flat()).toEqual([]);
    expect(violations.size).toBe(all.length);
    expect(problems).toEqual([]);
  });

  it("offers each service's own add-ons on the quote page, and no property details for a shopfront", async () => {
    const shown = (selector: string) => page.locator(selector).first().isVisible();
    await wakeIslands(page);
    await page.selectOption("#quote-service", "home-windows");
    await expect.poll(() => shown("#quote-addon-downpipes")).toBe(false);
    expect(await shown("#quote-addon-flyscreens")).toBe(true);
    expect(await shown("#quote-bedrooms")).toBe(true);
    await page.selectOption("#quote-service", "shopfront-windows");
    await expect.poll(() => shown("#quote-bedrooms")).toBe(false);
    expect(await shown("input[name=propertyType]")).toBe(false);
    expect(await page.locator("#quote-storeys").isDisabled()).toBe(true);
    // Its add-ons: none fits a shopfront, so the box is hidden.
    expect(await shown("#quote-addon-flyscreens")).toBe(false);
  });
});

describe("the second business's relay", () => {
  it("takes its services and add-ons, names them in the owner's notice, and refuses the site's", async () => {
    const relay = relayFor(content);
    try {
      expect((await relay.post("quote", { service: "home-windows", "addOn.flyscreens": "3" })).status).toBe(
        200,
      );
      const [notice] = await relay.notices();
      expect(notice).toContain("*Service:* Home Window Cleaning Hobart\n");
      expect(notice).toContain("add-ons: screens ×3");
      expect((await relay.post("quote", { service: "bond-cleaning" })).status).toBe(400);
      expect((await relay.post("quote", { service: "home-windows", "addOn.downpipes": "2" })).status).toBe(
        400,
      );
    } finally {
      relay.remove();
    }
  });
});
