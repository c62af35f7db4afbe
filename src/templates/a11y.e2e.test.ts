/**
 * Accessibility in a real browser: axe-core's WCAG 2.2 A and AA rules on the
 * first page of each kind as the server sends it at desktop width (at the
 * phone width most visitors have, every page is checked on every-page.test.ts's
 * one visit to each page), then with its islands hydrated on the first page of
 * each set of islands (the home page's quote form, FAQ and menus; the contact
 * page's form and menus; the menus alone), opened menus at both widths, and
 * keyboard focus at 1280 px. What a service or suburb page says differs from
 * page to page, and that is all checked at 390 px; how it is laid out is one
 * template per kind, checked at 1280 px on the first. Likewise a hydrated
 * island's markup is its server markup plus what waking adds, the same on
 * every page, and the content that differs from page to page is all in the
 * served checks; at 390 px the hydrated pages are every-page.test.ts's, and
 * focus is CallBar.test.ts's (seen and not under the bar, on every stop).
 * The desktop visits also read that the call bar, markup and CSS alone, is
 * gone at 1280 px once scrolled, where a phone would show it.
 * The same page loads check that the Content-Security-Policy the server sends
 * (from dist/_headers) blocks nothing the site itself needs, and that keyboard
 * focus is always visible. That every page hydrates without an error is
 * every-page.test.ts's check.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { islandLoaders } from "../browser/islands/list.ts";
import { loadContent } from "../build/content/load.ts";
import { hasCallBar, onePerKind, routes } from "../content/routes.ts";
import { axe } from "../testing/axe.ts";
import { DESKTOP, PHONE, releaseTestBrowser, testBrowser } from "../testing/browser.ts";
import { scrollScreens } from "../testing/call-bar.ts";
import { focusStops } from "../testing/focus.ts";
import { firstOfEachIslandSet, wakeIslands } from "../testing/islands.ts";
import { startSite, visitAddress } from "../testing/site.ts";

// A pass over the desktop pages takes about 10 s on two cores; leave room for a busy machine.
const PASS_TIMEOUT = 240_000;
const content = loadContent("content");
/**
 * At desktop width: the first page of each kind stands for the layout of all of that kind (each costs a
 * second of CPU, and there are 29 suburbs and 6 services).
 */
const desktopRoutes = onePerKind(content);
const hydratedPaths = firstOfEachIslandSet(routes(content)).map(visitAddress);

interface Problems {
  csp: string[];
  errors: string[];
}

async function newContext(
  browser: Browser,
  viewport: typeof PHONE,
  problems: Problems,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(
        `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  context.on("console", (m) => {
    if (m.type() !== "error") return;
    // The 404 page answers with status 404 on purpose; Chromium logs that as a failed load.
    if (/status of 404/.test(m.text()) && m.location().url.includes("/no-such-page/")) return;
    (/CSP violation|Content Security Policy/.test(m.text()) ? problems.csp : problems.errors).push(
      `${m.location().url}: ${m.text()}`,
    );
  });
  context.on("weberror", (e) => problems.errors.push(String(e.error())));
  return context;
}

let browser: Browser;
let url = "";
let close = async () => {};
beforeAll(async () => {
  ({ url, close } = await startSite());
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseTestBrowser(browser);
  await close();
});

describe("the axe check", () => {
  it("reports low contrast, an unlabelled field and a small target, so a clean run means something; on some elements only, theirs", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.setContent(
      '<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><main><h1>t</h1>' +
        '<p style="color:#999;background:#fff">faint</p><input type="text"><a href="/" style="display:inline-block;width:12px;height:12px;font-size:8px">x</a> <a href="/" style="display:inline-block;width:12px;height:12px;font-size:8px">y</a></main></body></html>',
    );
    const ids = new Set((await axe(page)).map((v) => v.split(" ")[0]));
    // Told to look at some elements only (as the opened-menu check is), it reports theirs and no other.
    const scoped = new Set((await axe(page, ["p", "input"])).map((v) => v.split(" ")[0]));
    await page.close();
    expect(ids).toEqual(new Set(["color-contrast", "label", "target-size"]));
    expect(scoped).toEqual(new Set(["color-contrast", "label"]));
  });
});

describe("the CSP check", () => {
  it("catches an inline style and an inline script the policy does not allow", async () => {
    const problems: Problems = { csp: [], errors: [] };
    const context = await newContext(browser, PHONE, problems);
    const csp = (await fetch(url + "/")).headers.get("content-security-policy")!;
    await context.route("http://csp.test/", (route) =>
      route.fulfill({
        contentType: "text/html",
        headers: { "Content-Security-Policy": csp },
        body: "<!DOCTYPE html><style>p{color:red}</style><script>1</script><p>x</p>",
      }),
    );
    const page = await context.newPage();
    await page.goto("http://csp.test/");
    await expect.poll(() => problems.csp.length).toBeGreaterThanOrEqual(2);
    await context.close();
  });
});

/**
 * Opens each visible menu, dropdown (and, with `faqAnswers`, FAQ answer) of the home page in turn
 * and runs axe on what opening changed: the toggle and the panel it controls (the rest of the page
 * is the served and hydrated checks'). Returns how many it opened and what axe found.
 */
async function openedMenus(page: Page, faqAnswers: boolean): Promise<{ opened: number; found: string[] }> {
  await page.goto(url + "/", { waitUntil: "load" });
  await wakeIslands(page);
  const toggles = page.locator("button[aria-expanded]");
  const found: string[] = [];
  let opened = 0;
  for (let i = 0; i < (await toggles.count()); i++) {
    const toggle = toggles.nth(i);
    if (!(await toggle.isVisible()) || (await toggle.getAttribute("aria-expanded")) === "true") continue;
    if (!faqAnswers && (await toggle.evaluate((el) => el.closest("#faq") !== null))) continue;
    await toggle.click();
    await page.waitForFunction(
      (el) => el?.getAttribute("aria-expanded") === "true",
      await toggle.elementHandle(),
      { timeout: 5_000 },
    );
    opened++;
    const name = (await toggle.getAttribute("aria-label")) ?? (await toggle.innerText()).trim().slice(0, 40);
    const panel = await toggle.getAttribute("aria-controls");
    for (const v of await axe(page, [`[aria-controls="${panel}"]`, `#${panel}`]))
      found.push(`${name} open: ${v}`);
    await toggle.click();
  }
  return { opened, found };
}

describe("at 390 px wide", () => {
  // Every page as served, the hydrated pages and the call bar on screen are every-page.test.ts's axe checks,
  // on its one visit to each page; keyboard focus is CallBar.test.ts's. The FAQ's answers, opened, are
  // checked here: the same markup and colours at every width, only roomier wider.
  it(
    "every menu and dropdown and FAQ answer, opened, has no axe violation",
    async () => {
      const context = await browser.newContext({ viewport: PHONE });
      const { opened, found } = await openedMenus(await context.newPage(), true);
      await context.close();
      // The menu button and the FAQ's ten answers.
      expect(opened).toBeGreaterThanOrEqual(11);
      expect(found).toEqual([]);
    },
    PASS_TIMEOUT,
  );

  it(
    "keeps every button's edge where the visitor's own colours replace the site's (forced colours)",
    async () => {
      const context = await browser.newContext({ viewport: PHONE, forcedColors: "active" });
      const page = await context.newPage();
      // A service page has every kind: the header's call and menu buttons, the banner's and the band's, the
      // call bar's.
      await page.goto(`${url}/services/bond-cleaning-brisbane/`, { waitUntil: "load" });
      await page.evaluate(() => scrollTo(0, innerHeight * 2));
      const edgeless = await page.$$eval("a.rounded-lg, button.rounded-lg", (els) =>
        els
          .filter(
            (el) =>
              el.getBoundingClientRect().width > 1 && parseFloat(getComputedStyle(el).borderTopWidth) < 1,
          )
          .map(
            (el) =>
              `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 30)}"`,
          ),
      );
      await context.close();
      // Shadows and backgrounds are the visitor's colours there: without a border a button is bare text.
      expect(edgeless).toEqual([]);
    },
    PASS_TIMEOUT,
  );
});

describe("at 1280 px wide", () => {
  const problems: Problems = { csp: [], errors: [] };
  let noScript: BrowserContext;
  let live: BrowserContext;
  beforeAll(async () => {
    noScript = await newContext(browser, DESKTOP, problems);
    // The page as the server sends it: the islands' script answers empty, so nothing hydrates.
    await noScript.route(/\/assets\/islands-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
    );
    live = await newContext(browser, DESKTOP, problems);
  });
  afterAll(async () => {
    await noScript?.close();
    await live?.close();
  });

  it(
    `the first page of each kind as served (${desktopRoutes.length}) has no axe violation, and no call bar once scrolled`,
    async () => {
      const page = await noScript.newPage();
      const found: string[] = [];
      const barShown: string[] = [];
      let scrolled = 0;
      for (const route of desktopRoutes) {
        const p = visitAddress(route);
        await page.goto(url + p, { waitUntil: "load" });
        for (const v of await axe(page)) found.push(`${p}: ${v}`);
        if (!hasCallBar(route)) continue;
        // Where a phone shows the bar: a screen and a half down.
        await scrollScreens(page, 1.5);
        scrolled++;
        if (await page.locator(".call-bar").isVisible()) barShown.push(p);
      }
      await page.close();
      expect(found).toEqual([]);
      expect(scrolled).toBe(desktopRoutes.filter(hasCallBar).length);
      expect(barShown).toEqual([]);
    },
    PASS_TIMEOUT,
  );

  it(
    `the first page of each set of islands (${hydratedPaths.join(", ")}), hydrated, has no axe violation; no page had a CSP violation or a script error`,
    async () => {
      const page = await live.newPage();
      const found: string[] = [];
      const hydrated = new Set<string>();
      for (const p of hydratedPaths) {
        await page.goto(url + p, { waitUntil: "load" });
        const islands = await wakeIslands(page);
        islands.forEach((name) => hydrated.add(name));
        if (islands.length > 0) for (const v of await axe(page)) found.push(`${p}: ${v}`);
      }
      await page.close();
      expect([...hydrated].sort()).toEqual(Object.keys(islandLoaders).sort());
      expect(found).toEqual([]);
      expect(problems.csp).toEqual([]);
      expect(problems.errors).toEqual([]);
    },
    PASS_TIMEOUT,
  );

  it(
    "every menu and dropdown, opened, has no axe violation",
    async () => {
      const page = await live.newPage();
      const { opened, found } = await openedMenus(page, false);
      await page.close();
      // The header's two lists.
      expect(opened).toBeGreaterThanOrEqual(2);
      expect(found).toEqual([]);
    },
    PASS_TIMEOUT,
  );

  it("shows where keyboard focus is on every stop of the home page", async () => {
    const page = await live.newPage();
    await page.goto(url + "/", { waitUntil: "load" });
    const stops = await focusStops(page);
    await page.close();
    expect(stops.length).toBeGreaterThan(20);
    expect(stops.filter((s) => !s.ring).map((s) => s.name)).toEqual([]);
    expect(
      stops
        .filter((s) => s.ringContrast !== null && s.ringContrast < 3)
        .map((s) => `${s.name}: ${s.ringContrast}:1`),
    ).toEqual([]);
    // Every stop, the form's fields included, shows the site's outline: a shadow alone, which forced colours
    // removes, is not enough.
    expect(stops.filter((s) => s.ringContrast === null).map((s) => s.name)).toEqual([]);
  });
});
