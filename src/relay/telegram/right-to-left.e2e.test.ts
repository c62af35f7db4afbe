/**
 * A name in a right-to-left script (Arabic, Hebrew) ahead of a phone number on a line the owner
 * rings from: the notice's first line, a reminder, a follow-up. Laid out by Chromium's Unicode
 * Bidirectional Algorithm, as a phone lays out a message (each paragraph's direction from its
 * first strong letter), the number's groups must read in their order from left to right. Without
 * the name isolated (isolateDirection, src/shared/text.ts) they read "678 345 412 +61".
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuoteBody } from "../testing/services.ts";
import { releaseTestBrowser, testBrowser } from "../../testing/browser.ts";
import { followUpText, reminderText } from "../owner/reminder-text.ts";
import { parseLegacyMarkdown } from "./markdown.ts";
import { quoteNotices } from "./notice.ts";
import { CLOCK } from "../testing/business.ts";

const RECEIVED = Date.UTC(2026, 10, 23, 23, 0);
const PHONE = "0412 345 678";
const GROUPS = ["+61", "412", "345", "678"];

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await testBrowser();
  page = await (await browser.newContext()).newPage();
});
afterAll(() => releaseTestBrowser(browser));

/** The message's first line as Telegram shows it (its Markdown parsed away). */
function firstLine(markdown: string): string {
  const parsed = parseLegacyMarkdown(markdown);
  if (!("text" in parsed)) throw new Error(parsed.error);
  return parsed.text.split("\n")[0];
}

/** The number's groups in the order a reader meets them, left to right, on `line` as laid out. */
function groupsAsShown(line: string): Promise<string[]> {
  return page.evaluate(
    ([text, groups]) => {
      const div = document.createElement("div");
      // plaintext: the paragraph takes its direction from its first strong letter, as a chat app's bubble
      // does.
      div.style.cssText = "font: 16px sans-serif; white-space: pre; unicode-bidi: plaintext";
      div.textContent = text;
      document.body.replaceChildren(div);
      const at = (group: string) => {
        const range = document.createRange();
        const start = text.lastIndexOf(group);
        range.setStart(div.firstChild!, start);
        range.setEnd(div.firstChild!, start + group.length);
        return range.getBoundingClientRect().left;
      };
      return [...groups].sort((a, b) => at(a) - at(b));
    },
    [line, GROUPS] as const,
  );
}

describe.each([
  ["Arabic", "سارة أحمد"],
  ["Hebrew", "שרה כהן"],
  ["Latin and Arabic", "Sara سارة"],
])("a name in %s script", (_, name) => {
  const fields = { name, email: "s@example.com", phone: PHONE };
  it.each([
    [
      "the notice's first line",
      () => firstLine(quoteNotices(QuoteBody.parse(fields), new Date(RECEIVED), { clock: CLOCK })[0]),
    ],
    ["a reminder", () => firstLine(reminderText(fields, RECEIVED, RECEIVED + 3 * 60 * 60_000, CLOCK))],
    [
      "a follow-up",
      () => firstLine(followUpText(fields, RECEIVED, RECEIVED + 2 * 86_400_000, CLOCK, 38_000)),
    ],
  ])("%s shows the phone number in its order", async (_, line) => {
    const text = line();
    expect(text).toContain(name);
    expect(text).toContain("+61 412 345 678");
    expect(await groupsAsShown(text)).toEqual(GROUPS);
  });
});

it("a name in Latin script is left as typed", () => {
  expect(
    firstLine(
      quoteNotices(
        QuoteBody.parse({ name: "Ann Lee", email: "a@example.com", phone: PHONE }),
        new Date(RECEIVED),
        { clock: CLOCK },
      )[0],
    ),
  ).toBe("New Quote Request: Ann Lee, +61 412 345 678");
});
