import { describe, expect, it } from "vitest";
import { ContactBody, QuoteBody, TEST_SERVICES } from "../testing/services.ts";
import { chunk, escapeMarkdown, parseLegacyMarkdown } from "./markdown.ts";
import { contactNotices, quoteNotices } from "./notice.ts";
import { CLOCK } from "../testing/business.ts";

const HOSTILE = [
  "john_smith@example.com",
  "5 * 3 = 15, `rm -rf`, [link](http://x) and _half",
  "ends with a backslash \\",
  "\\_ \\* \\` \\[ already escaped",
  "**bold** __it__ ```pre``` ]]] ))) \\\\",
  "emoji 🧽🫧✨ and a lone high surrogate-free 👩‍👩‍👧",
  "مرحبا، أريد تنظيف الشقة",
  "你好，我需要清洁服务",
  "line one\nline two\r\n\n  indented",
];

const shown = (markdown: string) => {
  const parsed = parseLegacyMarkdown(markdown);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed.text;
};

describe("legacy Markdown escaping", () => {
  it("the stand-in parser refuses what Telegram refuses", () => {
    expect(parseLegacyMarkdown("*Email:* john_smith@example.com")).toEqual({
      error: "Can't find end of the entity starting at byte offset 13",
    });
    expect(parseLegacyMarkdown("*Name:* Zoë *")).toEqual({
      error: "Can't find end of the entity starting at byte offset 13",
    });
  });

  it.each(HOSTILE)("%j reaches the owner exactly as typed (on one line in a one-line field)", (text) => {
    expect(shown(escapeMarkdown(text))).toBe(text);
    const quote = quoteNotices(
      QuoteBody.parse({ name: text, email: "a@b.co", phone: text, address: text, message: text }),
      new Date(),
      { clock: CLOCK },
    );
    expect(quote).toHaveLength(1);
    const oneLine = text.replace(/[\r\n]+/g, " ");
    const notice = shown(quote[0]);
    for (const label of ["Name", "Phone", "Property Address"])
      expect(notice).toContain(`${label}: ${oneLine}\n`);
    expect(notice).toContain(`Message:\n${text}\n`);
  });

  it("a value ending in a backslash cannot swallow the next label", () => {
    const [text] = quoteNotices(QuoteBody.parse({ name: "Ann\\", email: "a@b.co" }), new Date(), {
      clock: CLOCK,
    });
    expect(shown(text)).toContain("Name: Ann\\\nEmail: a@b.co\n");
  });
});

describe("notices", () => {
  const at = new Date("2025-03-12T05:04:05Z");

  it("formats the time in Brisbane, in Australian English long format", () => {
    expect(CLOCK.long(+at)).toBe("12 March 2025 at 3:04:05 pm AEST");
  });

  it("quote: every field, and the spec's words for empty optional ones", () => {
    const [text] = quoteNotices(
      QuoteBody.parse({ name: "Ann Lee", email: "ann@example.com", phone: "", address: " " }),
      at,
      { clock: CLOCK },
    );
    expect(shown(text)).toBe(
      "New Quote Request: Ann Lee, no phone given\n\nName: Ann Lee\nEmail: ann@example.com\nPhone: Not provided\nProperty Address: Not provided\nMessage:\nNo additional message\n\nSubmitted: 12 March 2025 at 3:04:05 pm AEST\n",
    );
  });

  it("contact: headed New Contact Form Submission with who and the number to ring, in international form, and the chosen service's label", () => {
    const [text] = contactNotices(
      ContactBody.parse({
        name: "Bo",
        email: "bo@example.com",
        phone: "0491 570 156",
        service: "oven-bbq-cleaning",
        message: "Hi",
      }),
      at,
      { clock: CLOCK, site: TEST_SERVICES },
    );
    expect(shown(text)).toBe(
      "New Contact Form Submission: Bo, +61 491 570 156\n\nName: Bo\nEmail: bo@example.com\nPhone: +61 491 570 156\nService: Oven & BBQ Cleaning Brisbane\nMessage:\nHi\n\nSubmitted: 12 March 2025 at 3:04:05 pm AEST\n",
    );
    const [none] = contactNotices(
      ContactBody.parse({ name: "Bo", email: "bo@example.com", message: "Hi" }),
      at,
      { clock: CLOCK },
    );
    expect(shown(none)).not.toContain("Service");
    // A service the site no longer offers (an old lead's, or a relay told of none) is named as it was posted.
    const [retired] = contactNotices(
      ContactBody.parse({ name: "Bo", email: "bo@example.com", message: "Hi", service: "oven-bbq-cleaning" }),
      at,
      { clock: CLOCK },
    );
    expect(shown(retired)).toContain("\nService: oven-bbq-cleaning\n");
  });

  it("splits a 10,000-character message into marked parts that fit and join back in order", () => {
    const message = Array.from({ length: 10_000 }, (_, i) => "ab_*`[\\ 🧽\n"[i % 11])
      .join("")
      .slice(0, 10_000);
    const body = ContactBody.parse({ name: "N_*", email: "n@example.com", message });
    const parts = contactNotices(body, at, { clock: CLOCK }).map(shown);
    expect(parts.length).toBe(3);
    parts.forEach((p, i) => {
      expect(p.length).toBeLessThanOrEqual(4096);
      expect(p.startsWith(`New Contact Form Submission (${i + 1}/3): N_*, no phone given\n\n`)).toBe(true);
    });
    const pieces = parts.map((p) => /Message(?: \(continued\))?:\n([\s\S]*)\n\nSubmitted: /.exec(p)![1]);
    expect(pieces.join("")).toBe(message);
  });

  it("never cuts a surrogate pair", () => {
    const text = "🧽".repeat(50);
    for (const size of [7, 10, 33]) {
      const chunks = chunk(text, size);
      expect(chunks.join("")).toBe(text);
      for (const c of chunks) expect(c.length).toBeLessThanOrEqual(size);
      for (const c of chunks) expect(c).toMatch(/^(🧽)+$/);
    }
  });
});
