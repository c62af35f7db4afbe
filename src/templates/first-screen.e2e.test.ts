/**
 * What a visitor sees first, in Chromium (decision 0087):
 * - the home page's first screen drawn by its inline CSS alone exactly as with its whole stylesheet,
 *   which arrives without holding up the first paint (and, without script, as an ordinary stylesheet);
 * - the header at 200% text on a 320 px screen, and at 137.5% on a 390 px one: usable, and never over
 *   what keyboard focus is on, on the home page, a service page and the quote page;
 * - every kind of page at 200% text on a 320 px screen no wider than the screen (WCAG 2.2's 1.4.4 Resize
 *   Text with 1.4.10 Reflow, decision 0105), read on the same visits.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../build/content/load.ts";
import { onePerKind } from "../content/routes.ts";
import { PHONE, setTextSize } from "../testing/browser.ts";
import { browserAndSitePerFile } from "../testing/browser-suite.ts";
import { focusStops, type FocusStop } from "../testing/focus.ts";
import { brokenWords, reflow, type Reflow } from "../testing/reflow.ts";
import { visitAddress } from "../testing/site.ts";

const env = browserAndSitePerFile();
const DESKTOP = { width: 1280, height: 800 };
/** The home page's whole stylesheet, the one its inline CSS stands in for until it arrives. */
const LATER = /\/assets\/css\/.*\.css$/;
const PAGES = ["/", "/services/bond-cleaning-brisbane/", "/quote/"];
/** One page of each kind (home, a service, about, contact, quote, a suburb, the legal pages, 404). */
const KINDS = onePerKind(loadContent("content")).map(visitAddress);

/**
 * Every element of the home page's first screen (the header and the hero, as the build reads it: the
 * mobile menu and the desktop menus' lists stay hidden), and a few below it: where each is and how it
 * looks.
 */
function drawn(page: Page) {
  return page.evaluate(() => {
    const look = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return [
        Math.round(r.x),
        Math.round(r.y),
        Math.round(r.width),
        Math.round(r.height),
        s.color,
        s.backgroundColor,
        s.backgroundImage,
        s.fontSize,
        s.fontWeight,
        s.borderTopColor,
        s.boxShadow,
        s.visibility,
      ].join(" ");
    };
    // What is painted: a desktop menu's panel is there, out of sight, until asked for.
    const first = [...document.querySelectorAll("header *, #home, #home *")].filter(
      (el) => !el.closest("[popover], [data-menu-list]") && getComputedStyle(el).visibility !== "hidden",
    );
    // Below it, how a few things look, not where: without script the FAQ shows every answer.
    const style = (el: Element) => look(el).split(" ").slice(4).join(" ");
    return {
      first: first.map((el) => `${el.tagName} ${look(el)}`),
      below: [...document.querySelectorAll("#faq, #faq h2, #suburbs a, footer")].map(style),
    };
  });
}

const seen: Record<string, Awaited<ReturnType<typeof drawn>>> = {};
const large: Record<string, { header: string; bar: string; wide: number; stops: FocusStop[] }> = {};
/** Each kind of page's width at 200% text on a 320 px screen, and the words it breaks. */
const zoomed: Record<string, Reflow & { broken: string[] }> = {};
let medium: { overlaps: boolean; nameLines: number; width: number };
/** The call bar's visibility at 390 px, before and while a form field has focus. */
let barWhileTyping: string[];
/** The contact form's controls at 390 px, each with its height. */
let heights: string[];

beforeAll(async () => {
  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    const page = await env.browser.newPage({ viewport });
    await page.goto(env.site.url + "/", { waitUntil: "load" });
    seen[label] = await drawn(page);
    // The same page with its whole stylesheet held back: the first screen as it is first painted.
    // (The parser waits at the stylesheet, after the footer: the page never finishes loading meanwhile.)
    await page.route(LATER, () => {});
    await page.reload({ waitUntil: "commit" });
    await page.waitForSelector("footer");
    await page.evaluate(() => new Promise(requestAnimationFrame));
    seen[`${label}, inline CSS only`] = await drawn(page);
    await page.close();
  }
  const context = await env.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(env.site.url + "/", { waitUntil: "load" });
  seen["phone, without script"] = await drawn(plain);
  // The call bar, before and while a form field has focus: CSS alone.
  const bar = () => plain.$eval(".call-bar", (b) => getComputedStyle(b).visibility);
  const before = await bar();
  await plain.focus("#quote-name");
  barWhileTyping = [before, await bar()];
  // The contact form's text boxes and its list, side by side from 640 px: one height.
  await plain.goto(env.site.url + "/contact-us/", { waitUntil: "load" });
  heights = await plain.$$eval(
    "main form :is(input:not([type=hidden]):not([tabindex='-1']), select)",
    (els) => els.map((el) => `${el.tagName.toLowerCase()} ${el.getBoundingClientRect().height}`),
  );
  await context.close();

  // 200% text on a 320 px screen, with reduced motion so focus lands at once.
  const page = await env.browser.newPage({ viewport: { width: 320, height: 844 }, reducedMotion: "reduce" });
  await setTextSize(page, 200);
  for (const path of KINDS) {
    await page.goto(env.site.url + path, { waitUntil: "load" });
    zoomed[path] = { ...(await reflow(page)), broken: await brokenWords(page) };
    if (!PAGES.includes(path)) continue;
    const header = await page.$eval("header", (h) => getComputedStyle(h).position);
    const bar = await page.evaluate(() => {
      const range = document.querySelector(".call-bar-range");
      return range ? getComputedStyle(range).display : "no bar on this page";
    });
    const wide = await page.$eval("header", (h) =>
      Math.max(...[...h.querySelectorAll("*")].map((e) => e.getBoundingClientRect().right)),
    );
    const stops = await focusStops(page, 120);
    large[path] = { header, bar, wide, stops };
  }
  await page.close();

  // 137.5% text on a 390 px phone: the size at which the name ran under the header's buttons.
  const phone = await env.browser.newPage({ viewport: PHONE });
  await setTextSize(phone, 137.5);
  await phone.goto(env.site.url + "/", { waitUntil: "load" });
  medium = await phone.evaluate(() => {
    const name = document.querySelector("header a[href='/'] span")!;
    const box = name.getBoundingClientRect();
    const buttons = [...document.querySelectorAll("header a[href^='tel:'], header button[popovertarget]")]
      .map((b) => b.getBoundingClientRect())
      .filter((b) => b.width > 0);
    const lineHeight = parseFloat(getComputedStyle(name).lineHeight);
    return {
      overlaps: buttons.some(
        (b) => b.left < box.right && box.left < b.right && b.top < box.bottom && box.top < b.bottom,
      ),
      nameLines: Math.round(box.height / lineHeight),
      width: document.documentElement.scrollWidth,
    };
  });
  await phone.close();
}, 180_000);

describe("the home page's first screen", () => {
  it.each(["phone", "desktop"])(
    "at the %s's width is drawn by its inline CSS exactly as by the whole stylesheet",
    (label) => {
      expect(seen[label].first.length).toBeGreaterThan(50);
      expect(seen[`${label}, inline CSS only`].first).toEqual(seen[label].first);
      // The hold really held the rest back: below the first screen, the page is not yet styled.
      expect(seen[`${label}, inline CSS only`].below).not.toEqual(seen[label].below);
    },
  );

  it("is styled whole without script: the stylesheet loads as an ordinary one", () => {
    const plain = seen["phone, without script"];
    expect(plain.first).toEqual(seen.phone.first);
    expect(plain.below).toEqual(seen.phone.below);
  });
});

describe.each(PAGES)("%s at 200% text on a 320 px screen", (path) => {
  it("has a header that scrolls away with the page, its buttons and name on the screen, and no call bar", () => {
    expect(large[path].header).toBe("static");
    expect(large[path].wide).toBeLessThanOrEqual(320);
    expect(large[path].bar).toBe(path === "/quote/" ? "no bar on this page" : "none");
  });

  it("never has anything over what keyboard focus is on, form fields included", () => {
    const { stops } = large[path];
    expect(stops.length).toBeGreaterThan(path === "/" ? 20 : 10);
    expect(stops.filter((s) => !s.whole).map((s) => s.name)).toEqual([]);
  });
});

describe("every kind of page at 200% text on a 320 px screen", () => {
  it.each(KINDS)("%s is no wider than the screen: nothing scrolls sideways", (path) => {
    const { width, viewport, widest } = zoomed[path];
    expect(viewport).toBe(320);
    expect({ width, widest }).toEqual({ width: viewport, widest: "" });
  });

  // A word breaks only where it is longer than a good part of the screen's line: not because a box
  // beside it (stars, an icon, a radio button, a second column) left it a few letters' room.
  it.each(KINDS)("%s breaks no short word a letter or two at a time", (path) => {
    expect(zoomed[path].broken).toEqual([]);
  });

  it("covers the pages the header is read on", () => {
    expect(KINDS).toEqual(expect.arrayContaining(PAGES));
  });
});

describe("the form controls", () => {
  it("stand one height, the list as tall as the text boxes", () => {
    expect(heights).toEqual(["input 46", "input 46", "input 46", "select 46"]);
  });
});

describe("the call bar", () => {
  it("hides while a form field has focus: on a phone the keyboard has half the screen", () => {
    expect(barWhileTyping).toEqual(["visible", "hidden"]);
  });
});

describe("the header at 137.5% text on a 390 px phone", () => {
  it("keeps the name clear of its buttons, on a line of its own, and the page no wider than the screen", () => {
    expect(medium).toEqual({ overlaps: false, nameLines: 1, width: 390 });
  });
});
