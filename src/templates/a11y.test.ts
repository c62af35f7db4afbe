/**
 * Accessibility in a real browser: axe-core's WCAG 2.2 A and AA rules on every
 * page as the server sends it at desktop width, but for the second and later
 * suburb pages (at the phone width most visitors have, every page is checked
 * on every-page.test.ts's one visit to each), then with its islands hydrated
 * on the first page of each set of islands (the home page's quote form, FAQ
 * and menus; the contact page's form and menus; the menus alone) at both
 * widths. What a suburb page says differs from suburb to suburb, and that is
 * all checked at 390 px; how it is laid out is one template, checked at
 * 1280 px on the first. Likewise a hydrated island's markup is its server
 * markup (every-page.test.ts holds every page to that) plus what waking adds,
 * the same on every page, and the content that differs from page to page is
 * all in the served checks.
 * The same page loads check that the Content-Security-Policy the server sends
 * (from dist/_headers) blocks nothing the site itself needs, and that keyboard
 * focus is always visible. That every page hydrates without an error is
 * every-page.test.ts's check.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { islandLoaders } from "../browser/islands/list.ts";
import { loadContent } from "../build/content/load.ts";
import { scanMarkup } from "../build/css.ts";
import { outputFile, routes } from "../content/routes.ts";
import { axe } from "../testing/axe.ts";
import { DESKTOP, PHONE, releaseTestBrowser, testBrowser } from "../testing/browser.ts";
import { DIST_DIR } from "../testing/dist-dir.ts";
import { wakeIslands } from "../testing/islands.ts";
import { startSite, visitAddress } from "../testing/site.ts";

// A pass over the 13 desktop pages takes about 10 s on two cores; leave room for a busy machine.
const PASS_TIMEOUT = 240_000;
const content = loadContent("content");
const all = routes(content);
const firstSuburb = all.find((r) => r.kind === "suburb");
/** At desktop width: one suburb page stands for the layout of all (each costs a second of CPU, and there are 29). */
const desktopPaths = all.filter((r) => r.kind !== "suburb" || r === firstSuburb).map(visitAddress);
/** The first page of each set of islands, as the build wrote them. */
const islandSets = new Map<string, string>();
for (const r of all) {
  const key = [...scanMarkup(readFileSync(path.join(DIST_DIR, outputFile(r)), "utf8")).islands].sort().join(" ");
  if (!islandSets.has(key)) islandSets.set(key, visitAddress(r));
}
const hydratedPaths = [...islandSets.values()];

interface Problems {
  csp: string[];
  errors: string[];
}

async function newContext(browser: Browser, viewport: typeof PHONE, problems: Problems): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  context.on("console", (m) => {
    if (m.type() !== "error") return;
    // The 404 page answers with status 404 on purpose; Chromium logs that as a failed load.
    if (/status of 404/.test(m.text()) && m.location().url.includes("/no-such-page/")) return;
    (/CSP violation|Content Security Policy/.test(m.text()) ? problems.csp : problems.errors).push(`${m.location().url}: ${m.text()}`);
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
      route.fulfill({ contentType: "text/html", headers: { "Content-Security-Policy": csp }, body: "<!DOCTYPE html><style>p{color:red}</style><script>1</script><p>x</p>" }),
    );
    const page = await context.newPage();
    await page.goto("http://csp.test/");
    await expect.poll(() => problems.csp.length).toBeGreaterThanOrEqual(2);
    await context.close();
  });
});

describe.each([
  // At 390 px every page as served is every-page.test.ts's axe check, on its one visit to each page. The FAQ's
  // answers, opened, are checked there too: the same markup and colours at every width, only roomier wider.
  ["390 px", PHONE, undefined, true],
  ["1280 px", DESKTOP, desktopPaths, false],
] as const)("at %s wide", (_label, viewport, served, faqAnswers) => {
  const problems: Problems = { csp: [], errors: [] };
  let noScript: BrowserContext | undefined;
  let live: BrowserContext;
  beforeAll(async () => {
    if (served) {
      noScript = await newContext(browser, viewport, problems);
      // The page as the server sends it: the islands' script answers empty, so nothing hydrates.
      await noScript.route(/\/assets\/islands-[^/]+\.js$/, (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
    }
    live = await newContext(browser, viewport, problems);
  });
  afterAll(async () => {
    await noScript?.close();
    await live?.close();
  });

  if (served)
    it(`every page but the later suburb pages as served (${served.length}) has no axe violation`, async () => {
      const page = await noScript!.newPage();
      const found: string[] = [];
      for (const p of served) {
        await page.goto(url + p, { waitUntil: "load" });
        for (const v of await axe(page)) found.push(`${p}: ${v}`);
      }
      await page.close();
      expect(found).toEqual([]);
    }, PASS_TIMEOUT);

  it(`the first page of each set of islands (${hydratedPaths.join(", ")}), hydrated, has no axe violation; no page had a CSP violation or a script error`, async () => {
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
  }, PASS_TIMEOUT);

  it(`every menu and dropdown${faqAnswers ? " and FAQ answer" : ""}, opened, has no axe violation`, async () => {
    const page = await live.newPage();
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
      await page.waitForFunction((el) => el?.getAttribute("aria-expanded") === "true", await toggle.elementHandle(), { timeout: 5_000 });
      opened++;
      const name = (await toggle.getAttribute("aria-label")) ?? (await toggle.innerText()).trim().slice(0, 40);
      // What opening changed: the toggle and the panel it controls (the rest of the page is the hydrated pass's).
      const panel = await toggle.getAttribute("aria-controls");
      const changed = [`[aria-controls="${panel}"]`, `#${panel}`];
      for (const v of await axe(page, changed)) found.push(`${name} open: ${v}`);
      await toggle.click();
    }
    await page.close();
    // The header's two lists at 1280 px; the menu button and the FAQ's ten answers at 390.
    expect(opened).toBeGreaterThanOrEqual(faqAnswers ? 11 : 2);
    expect(found).toEqual([]);
  }, PASS_TIMEOUT);

  it("shows where keyboard focus is on every stop of the home page", async () => {
    const page = await live.newPage();
    await page.goto(url + "/", { waitUntil: "load" });
    const unseen: string[] = [];
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press("Tab");
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const s = getComputedStyle(el);
        const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2;
        const ring = s.boxShadow !== "none";
        return { name: `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || el.getAttribute("name") || "").trim().slice(0, 40)}"`, visible: outline || ring };
      });
      if (focus && !focus.visible) unseen.push(focus.name);
    }
    await page.close();
    expect(unseen).toEqual([]);
  });
});
