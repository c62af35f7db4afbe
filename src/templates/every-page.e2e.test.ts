/**
 * Every page once in Chromium, at the phone width most visitors have and with
 * its script, and what is checked on every page read from that one visit, as a
 * visit is most of a browser check's cost (docs/performance.md, "Test time"):
 * - its width laid out at 320 px (WCAG 2.2's Reflow: nothing scrolls sideways);
 * - axe-core's WCAG 2.2 A and AA rules on the page as it loads. Until a visitor
 *   reaches for an island nothing hydrates, and the islands' loader changes
 *   nothing in the page, so this is the page as the server sends it
 *   (a11y.test.ts checks it at 1280 px, opened menus and keyboard focus);
 * - the header's call button and the call bar (issue 21; the bar's other
 *   checks are CallBar.test.ts's), and axe on the bar once it is on screen, on
 *   the first page of each kind that has it (the bar is the same markup on
 *   every page);
 * - then every island woken, none reporting a hydration mismatch or any other
 *   error or warning, a Content-Security-Policy violation included (React
 *   reports a mismatch in the console, through hydrate.ts's
 *   onRecoverableError, and Chromium a blocked style or script), and axe on
 *   the first page of each set of islands, hydrated (a hydrated island's
 *   markup is its server markup plus what waking adds, the same on every
 *   page). No island reads the screen's width to render, so hydrating at
 *   390 px checks the same markup as at 1280 (hydration.e2e.test.ts wakes the home
 *   page there too; a11y.e2e.test.ts runs axe on hydrated pages at 1280 px).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../build/content/load.ts";
import { islandLoaders } from "../browser/islands/list.ts";
import { hasCallBar, onePerKind, routes } from "../content/routes.ts";
import { telHref } from "../shared/phone.ts";
import { axe } from "../testing/axe.ts";
import { PHONE } from "../testing/browser.ts";
import { browserAndSitePerFile } from "../testing/browser-suite.ts";
import { atPhoneWidth, looks } from "../testing/call-bar.ts";
import { firstOfEachIslandSet, wakeIslands, watchConsole } from "../testing/islands.ts";
import { visitAddress } from "../testing/site.ts";
import { reflow } from "../testing/reflow.ts";

const content = loadContent("content");
const CALL = `Call ${content.site.phone}`;
const all = routes(content);
const env = browserAndSitePerFile();
/** Where axe also reads the call bar on screen, and the page hydrated. */
const barChecked = new Set(onePerKind(content).filter(hasCallBar).map(visitAddress));
const hydratedChecked = new Set(firstOfEachIslandSet(all).map(visitAddress));

/** What each page showed and said on its one visit, in route order. */
const visits: {
  path: string;
  withBar: boolean;
  /** How wide the page was laid out at REFLOW's width; what reached past the screen when it was wider. */
  reflowed: string;
  /** axe's violations as the page loaded, one line each. */
  violations: string[];
  seen: Awaited<ReturnType<typeof atPhoneWidth>>;
  /** Whether each of the call bar's two links showed, uncovered, once scrolled. */
  barLinks?: string[];
  /** axe's violations on the call bar once scrolled into view, where it was checked. */
  barViolations?: string[];
  woken: string[];
  /** axe's violations with every island woken, where it was checked. */
  hydratedViolations?: string[];
  problems: string[];
}[] = [];

/**
 * WCAG 2.2's 1.4.10 Reflow: content at 320 CSS px wide without scrolling sideways (and a small phone's
 * width).
 */
const REFLOW = { width: 320, height: PHONE.height };

/**
 * Pages visited at the same time, each lane a browser context (so a renderer process) of its own taking the
 * next route: one page's waits (its load, the islands' 300 ms pause before React runs) are another's work.
 */
const LANES = 2;

beforeAll(async () => {
  const found: (typeof visits)[number][] = [];
  let next = 0;
  const lane = async () => {
    const context = await env.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = watchConsole(page);
    for (let i = next++; i < all.length; i = next++) {
      const route = all[i];
      const path = visitAddress(route);
      const before = problems.length;
      await page.goto(env.site.url + path, { waitUntil: "load" });
      await page.setViewportSize(REFLOW);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      // Only a page that scrolls sideways is searched for what sticks out (reflow.ts reads every element).
      const reflowed = width > REFLOW.width ? `${width} px: ${(await reflow(page)).widest}` : "";
      await page.setViewportSize(PHONE);
      const violations = await axe(page);
      const seen = await atPhoneWidth(page, CALL);
      const barLinks = seen.bar
        ? (
            await looks(
              page,
              [0, 1].map((index) => ({ selector: ".call-bar a", index })),
            )
          ).map((l) => l.shown)
        : undefined;
      const barViolations = barChecked.has(path) ? await axe(page, [".call-bar"]) : undefined;
      const woken = await wakeIslands(page);
      const hydratedViolations = hydratedChecked.has(path) ? await axe(page) : undefined;
      // The 404 page answers with status 404 on purpose; Chromium logs that as a failed load.
      const said = problems
        .slice(before)
        .filter((p) => !(route.kind === "notFound" && /status of 404/.test(p)));
      found[i] = {
        path,
        reflowed,
        violations,
        withBar: hasCallBar(route),
        seen,
        barLinks,
        barViolations,
        woken,
        hydratedViolations,
        problems: said,
      };
    }
    await context.close();
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  visits.push(...found);
  // About 1.5 s of a busy core a page.
}, 240_000);

describe("every page at 390 px, one visit each", () => {
  it("was visited: every route in the route list", () => {
    expect(visits.map((v) => v.path)).toEqual(all.map(visitAddress));
  });

  it("reflows at 320 px wide (WCAG 1.4.10): no page is wider than the screen, so none scrolls sideways", () => {
    expect(visits.filter((v) => v.reflowed).map((v) => `${v.path}: ${v.reflowed}`)).toEqual([]);
  });

  it("has no axe violation as it loads, before any island wakes", () => {
    expect(visits.flatMap(({ path, violations }) => violations.map((v) => `${path}: ${v}`))).toEqual([]);
  });

  it(`has no axe violation on the call bar once it is on screen (${[...barChecked].join(", ")}), nor with every island woken (${[...hydratedChecked].join(", ")})`, () => {
    const checked = (key: "barViolations" | "hydratedViolations") =>
      visits.filter((v) => v[key] !== undefined).map((v) => v.path);
    expect([checked("barViolations"), checked("hydratedViolations")]).toEqual([
      [...barChecked],
      [...hydratedChecked],
    ]);
    const found = visits.flatMap(({ path, barViolations = [], hydratedViolations = [] }) => [
      ...barViolations.map((v) => `${path}, bar: ${v}`),
      ...hydratedViolations.map((v) => `${path}, hydrated: ${v}`),
    ]);
    expect(found).toEqual([]);
  });

  it("shows the header's call button beside the menu button without opening the menu: one tel: link named by the number, a full 44 px target on the menu button's row just before it", () => {
    for (const { path, seen } of visits) {
      expect(
        seen.calls.map((c) => c.href),
        path,
      ).toEqual([telHref(content.site.phone)]);
      expect(seen.mobileMenuShown, path).toBe(false);
      const [c, m] = [seen.calls[0].box, seen.menu!];
      expect(c.y, path).toBeGreaterThanOrEqual(0);
      expect([c.width, c.height], path).toEqual([44, 44]);
      expect(Math.abs(c.y - m.y), path).toBeLessThan(1);
      expect(m.x - (c.x + c.width), path).toBeGreaterThanOrEqual(4);
      expect(m.x - (c.x + c.width), path).toBeLessThanOrEqual(16);
    }
  });

  it("has the call bar on every home, service and suburb page and no other: below the screen at first, at its foot once scrolled a screen, with Call and Get a Quote shown uncovered", () => {
    for (const { path, withBar, seen, barLinks } of visits) {
      if (!withBar) {
        expect(seen.bar, path).toBeNull();
        continue;
      }
      expect(seen.bar!.top.y, `${path} at the top`).toBeGreaterThanOrEqual(PHONE.height);
      const box = seen.bar!.scrolled;
      expect([box.x, box.y + box.height, box.width], path).toEqual([0, PHONE.height, PHONE.width]);
      expect(seen.bar!.links, path).toEqual([
        [CALL, telHref(content.site.phone)],
        ["Get a Quote", "/quote/"],
      ]);
      expect(barLinks, path).toEqual(["shown", "shown"]);
    }
    expect(visits.filter((v) => v.seen.bar).length).toBe(all.filter(hasCallBar).length);
  });

  it("wakes every island, the menus on every page, with no error or warning in the console (a CSP violation is one); every island is hydrated somewhere", () => {
    const woken = new Set<string>();
    for (const { path, woken: names, problems } of visits) {
      expect(names, path).toEqual(expect.arrayContaining(["NavMenu", "MobileMenu"]));
      expect(problems, path).toEqual([]);
      for (const n of names) woken.add(n);
    }
    expect([...woken].sort()).toEqual(Object.keys(islandLoaders).sort());
  });
});
