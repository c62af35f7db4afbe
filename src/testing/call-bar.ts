/**
 * Reading the header's call button and the call bar in Chromium, each in one
 * call to the browser (each call costs CPU, and these run on every page):
 * for every-page.e2e.test.ts's visit to every page, CallBar.e2e.test.ts and a11y.e2e.test.ts.
 */
import type { Page } from "playwright-core";

/**
 * Scrolls so the page's top is `screens` screen heights up. (What the tests read next lays the page out
 * afresh; no frame is waited for, as none comes without JavaScript.)
 */
export const scrollScreens = (page: Page, screens: number) =>
  page.evaluate((screens) => scrollTo(0, innerHeight * screens), screens);

/** An element to look at: the `index`-th that `selector` matches. */
export interface Look {
  selector: string;
  index?: number;
  /**
   * First scroll so its bottom edge is on the screen's (the worst place for a bar at the foot of the screen),
   * then `lift` px further down the page.
   */
  toBottomEdge?: boolean;
  lift?: number;
}

/**
 * For each look in turn, in one call to the browser: whether what the screen
 * shows at the element's centre and towards its four corners (a quarter in,
 * inside rounded ones) is the element, not something drawn over it, with it
 * on screen ("shown", or what is wrong); and whether its box overlaps the
 * call bar's. A link broken over two lines: its first.
 */
export const looks = (page: Page, list: Look[]) =>
  page.evaluate((list) => {
    return list.map(({ selector, index = 0, toBottomEdge = false, lift = 0 }) => {
      const el = document.querySelectorAll(selector)[index];
      if (toBottomEdge) scrollBy(0, el.getBoundingClientRect().bottom - innerHeight + lift);
      const r = el.getClientRects()[0];
      const b = document.querySelector(".call-bar")?.getBoundingClientRect();
      const e = el.getBoundingClientRect();
      const overlapsBar =
        !!b && b.width > 0 && e.left < b.right && b.left < e.right && e.top < b.bottom && b.top < e.bottom;
      if (r.top < -0.5 || r.bottom > innerHeight + 0.5)
        return { shown: `off screen (${r.top}..${r.bottom} of ${innerHeight})`, overlapsBar };
      const [dx, dy] = [r.width / 4, r.height / 4];
      const points = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + dx, r.top + dy],
        [r.right - dx, r.top + dy],
        [r.left + dx, r.bottom - dy],
        [r.right - dx, r.bottom - dy],
      ];
      const covered = points
        .map(([x, y]) => document.elementFromPoint(x, y))
        .find((hit) => !hit || !(el === hit || el.contains(hit)));
      return {
        shown: covered === undefined ? "shown" : `covered by ${covered?.outerHTML.slice(0, 80)}`,
        overlapsBar,
      };
    });
  }, list);

/** Whether the element is on screen and nothing is drawn over it, as `looks` says. */
export const shownUncovered = async (page: Page, selector: string, index = 0) =>
  (await looks(page, [{ selector, index }]))[0].shown;

/**
 * What a page shows at 390 px, read in one call: the header's visible links and buttons named
 * `call` and "Menu", whether the mobile menu shows, and the call bar's box, then again after a
 * screen and a quarter's scroll, with its links. A name is the element's aria-label or its text, as
 * Chromium's accessible name is for these; CallBar.e2e.test.ts checks that on the home page.
 */
export const atPhoneWidth = (page: Page, call: string) =>
  page.evaluate((call) => {
    const box = (el: Element | null | undefined) => {
      if (!el) return undefined;
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const name = (el: Element) =>
      (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim();
    const shown = (selector: string) =>
      [...document.querySelectorAll(selector)].filter((el) => el.checkVisibility());
    const calls = shown("header a").filter((a) => name(a) === call);
    const menus = shown("header button").filter((b) => name(b) === "Menu");
    const bar = document.querySelector(".call-bar");
    const top = box(bar);
    scrollTo(0, innerHeight * 1.25);
    return {
      calls: calls.map((a) => ({ href: a.getAttribute("href"), box: box(a)! })),
      menu: box(menus[0]),
      menuCount: menus.length,
      mobileMenuShown: document.querySelector("#mobile-menu")!.checkVisibility(),
      bar: bar && {
        top: top!,
        scrolled: box(bar)!,
        links: [...bar.querySelectorAll("a")].map((a) => [name(a), a.getAttribute("href")]),
      },
    };
  }, call);
