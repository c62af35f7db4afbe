/**
 * What a visitor who got a field wrong reads, in Chromium on a phone's screen: one visit to the home
 * page's quote form, followed from Send to the fixed field (decision 0086). The words themselves, and the
 * relay's page for a post without script, are field-errors.test.ts's and page.test.ts's.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axe } from "../../testing/axe.ts";
import { PHONE } from "../../testing/browser.ts";
import { browserAndSitePerFile } from "../../testing/browser-suite.ts";

const env = browserAndSitePerFile();
const FORM = "#home form";

/** Where an element is on the screen, and whether the sticky header or anything else lies over it. */
const onScreen = (page: Page, selector: string) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    const header = document.querySelector("header")!.getBoundingClientRect();
    const x = r.left + Math.min(r.width / 2, 20);
    const seen = (y: number) => {
      const hit = document.elementFromPoint(x, y);
      return !!hit && (hit === el || el.contains(hit));
    };
    return {
      belowHeader: r.top >= header.bottom - 0.5,
      inView: r.top >= 0 && r.bottom <= innerHeight,
      uncovered: seen(r.top + 2) && seen(r.bottom - 2),
    };
  });

/** Until the page has stopped scrolling: focus glides to what it moves to (html's scroll-behavior). */
const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const at = scrollY;
        setTimeout(() => requestAnimationFrame(() => resolve(scrollY === at)), 100);
      }),
    null,
    { timeout: 5_000, polling: 50 },
  );

/** What the visit saw, read in order in beforeAll. */
let woken: { before: boolean; after: boolean };
let focused: string;
let summary: Awaited<ReturnType<typeof onScreen>>;
let firstField: Awaited<ReturnType<typeof onScreen>>;
let tree: string;
let marks: { name: string; invalid: string | null; describedBy: string | null; said: string | null }[];
let violations: string[];
let followed: { focused: string; field: Awaited<ReturnType<typeof onScreen>> };
let afterFix: { items: string[]; emailInvalid: string | null; emailSaid: boolean };

beforeAll(async () => {
  const page = await env.browser.newPage({ viewport: PHONE });
  await page.goto(env.site.url + "/", { waitUntil: "load" });
  const noValidate = () => page.$eval(FORM, (f) => (f as HTMLFormElement).noValidate);
  const before = await noValidate();
  // A wrong email and no name; a phone from another country. Then Tab from the message box to Send, and
  // Enter within 100 ms, while the page still glides to the button.
  await page.focus(`${FORM} [name=email]`);
  await page.waitForSelector("[data-island=QuoteForm][data-hydrated=true]", { timeout: 15_000 });
  await page.fill(`${FORM} [name=email]`, "mia@");
  await page.fill(`${FORM} [name=phone]`, "+44 20 7946 0958");
  await page.evaluate(() => scrollTo(0, 0));
  await page.focus(`${FORM} [name=message]`);
  await page.keyboard.press("Tab");
  await page.waitForTimeout(60);
  await page.keyboard.press("Enter");
  const summarySelector = `${FORM} [tabindex="-1"]:has([role=alert])`;
  await page.waitForFunction((s) => document.activeElement === document.querySelector(s), summarySelector, {
    timeout: 5_000,
  });
  await settled(page);
  woken = { before, after: await noValidate() };
  focused = await page.evaluate(() => document.activeElement!.textContent!);
  summary = await onScreen(page, summarySelector);
  firstField = await onScreen(page, "#quote-name");
  tree = await page.locator(FORM).ariaSnapshot();
  marks = await page.$$eval(`${FORM} input:not([type=hidden]):not([name=website]), ${FORM} textarea`, (els) =>
    els.map((el) => {
      const describedBy = el.getAttribute("aria-describedby");
      return {
        name: (el as HTMLInputElement).name,
        invalid: el.getAttribute("aria-invalid"),
        describedBy,
        said: describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null,
      };
    }),
  );
  violations = await axe(page, [FORM]);

  // The summary's second link: the page glides to the email box, and focus follows once it is still.
  await page.click(`${summarySelector} li:nth-child(2) a`);
  await page.waitForFunction(() => document.activeElement?.id === "quote-email", null, { timeout: 5_000 });
  await settled(page);
  followed = {
    focused: await page.evaluate(() => document.activeElement!.id),
    field: await onScreen(page, "#quote-email"),
  };
  // Fixed as the visitor types: its words go, the summary keeps the name's.
  await page.fill("#quote-email", "mia@example.com");
  afterFix = {
    items: await page.$$eval(`${summarySelector} li`, (lis) => lis.map((li) => li.textContent!)),
    emailInvalid: await page.getAttribute("#quote-email", "aria-invalid"),
    emailSaid: (await page.$("#quote-email-error")) !== null,
  };
  await page.close();
}, 60_000);

describe("a wrong email and an empty name on the home page's quote form, sent with Enter at once", () => {
  it("are checked by the island once awake, and by the browser's own bubbles before", () => {
    expect(woken).toEqual({ before: false, after: true });
  });

  it("give a message under each field and a summary at the top that takes focus, clear of the sticky header", () => {
    expect(focused).toBe("Please fix 2 fieldsEnter your full nameEnter an email such as name@example.com");
    expect(summary).toEqual({ belowHeader: true, inView: true, uncovered: true });
    // The first field to fix is on the screen too, under the summary.
    expect(firstField).toEqual({ belowHeader: true, inView: true, uncovered: true });
  });

  it("mark each field for a screen reader, and only those: invalid, described by its message", () => {
    expect(marks).toEqual([
      { name: "name", invalid: "true", describedBy: "quote-name-error", said: "Enter your full name" },
      {
        name: "email",
        invalid: "true",
        describedBy: "quote-email-error",
        said: "Enter an email such as name@example.com",
      },
      // A phone from another country is taken as typed.
      { name: "phone", invalid: null, describedBy: null, said: null },
      { name: "address", invalid: null, describedBy: null, said: null },
      { name: "message", invalid: null, describedBy: null, said: null },
    ]);
  });

  it("read in the accessibility tree as an alert with a link to each field, and the fields as invalid", () => {
    expect(tree).toContain("- alert:\n  - paragraph: Please fix 2 fields");
    expect(tree).toContain('- link "Enter your full name"');
    expect(tree).toContain('- link "Enter an email such as name@example.com"');
    expect(tree).toContain('- textbox "Full Name" [invalid]');
    expect(tree).toContain('- textbox "Email Address" [invalid]: mia@');
    expect(tree).not.toContain('- textbox "Phone" [invalid]');
  });

  it("pass axe with the messages showing", () => {
    expect(violations).toEqual([]);
  });

  it("lead from the summary to the field, focused once the page is still, not under the header", () => {
    expect(followed).toEqual({
      focused: "quote-email",
      field: { belowHeader: true, inView: true, uncovered: true },
    });
  });

  it("let a field fixed while typing lose its message, and leave the rest", () => {
    expect(afterFix).toEqual({ items: ["Enter your full name"], emailInvalid: null, emailSaid: false });
  });
});
