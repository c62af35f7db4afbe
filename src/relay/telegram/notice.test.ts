/**
 * A notice stays within Telegram's 4,096 characters (after parsing:
 * https://core.telegram.org/bots/api#sendmessage) through everything added
 * to it after it is made: markNotice's two flags when it is sent late and
 * again, then the stage at its top and a line per press below, up to the most
 * it lists, by people with Telegram's longest names (64 + 64 characters).
 */
import { describe, expect, it } from "vitest";
import type { Press } from "../leads/stages.ts";
import { parseLegacyMarkdown, parseLegacyMarkdownEntities, render, TELEGRAM_MAX_TEXT } from "./markdown.ts";
import { contactNotices, markNotice, partMax, quoteNotices } from "./notice.ts";
import { HISTORY_SHOWN, historyLines, noticeWithHistory } from "./notice-history.ts";
import { ContactBody, QuoteBody } from "../testing/services.ts";
import { LIMITS } from "../../shared/forms/fields.ts";
import { CLOCK } from "../testing/business.ts";

const PART_MAX = partMax(CLOCK);

/** 12:59:59 pm, 28 September 2026 in Brisbane: the longest date both clocks write. */
const RECEIVED = Date.parse("2026-09-28T12:59:59+10:00");
const shown = (markdown: string) => {
  const parsed = parseLegacyMarkdown(markdown);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed.text;
};

/**
 * The notice as the owner finally sees it: flagged when sent a day late as a possible repeat, then
 * more presses than it lists the next day, from Lost (Not our service) to Not a job and Undos,
 * the longest lines a press and an Undo make.
 */
function edited(part: string, byName: string): string {
  const sent = markNotice(
    part,
    {
      receivedAt: RECEIVED,
      sentAt: RECEIVED + 86_400_000,
      possibleRepeat: true,
    },
    CLOCK,
  );
  const pressed: Press[] = Array.from({ length: 2 * HISTORY_SHOWN + 1 }, (_, i) => ({
    seq: i + 1,
    at: RECEIVED + 86_400_000 + i,
    from: "lost",
    fromReason: "not-our-service",
    to: "not-a-job",
    byName,
    undoes: i % 2 ? i : null,
  }));
  return noticeWithHistory(sent, "not-a-job", pressed, RECEIVED, CLOCK);
}

const LONGEST_NAME = `${"Ｗ".repeat(63)}🎉 ${"_".repeat(64)}`;

describe("a notice's room for what is added later", () => {
  it("a one-part notice of the longest length, with both flags, its stage and a full history by 64 + 64-character names, is at most 4,096 characters", () => {
    // The longest message that still makes one part, with Markdown specials (escaped in the Markdown, counted
    // once after parsing).
    const notice = (n: number) =>
      contactNotices(
        ContactBody.parse({
          name: "N".repeat(200),
          email: "a@example.com",
          message: "a_*`[é".repeat(2_000).slice(0, n),
        }),
        new Date(RECEIVED),
        { clock: CLOCK },
      );
    let [one, two] = [1, 10_000];
    while (two - one > 1) {
      const mid = Math.floor((one + two) / 2);
      if (notice(mid).length === 1) one = mid;
      else two = mid;
    }
    const [part] = notice(one);
    expect(shown(part).length).toBe(PART_MAX);

    const final = shown(edited(part, LONGEST_NAME));
    expect(final).toContain("Delayed: received 28 September 2026 at 12:59:59 pm AEST\n(possible repeat)\n");
    expect(final).toMatch(/^Stage: Not a job\n\nDelayed: /);
    // As many presses as fit, at least the HISTORY_SHOWN the room is kept for, the newest last.
    expect(final).toMatch(
      new RegExp(
        `\\n… \\d earlier presses: npm run leads -- show\\n(.+\\n){${HISTORY_SHOWN - 1},}Lost \\(Not our service\\) → Not a job by .+ at 12:59 pm, 29 Sept?$`,
      ),
    );
    expect(final.length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT);
  });

  it("so does every part of a message split across several", () => {
    const parts = quoteNotices(
      QuoteBody.parse({ name: "Long Message", email: "a@example.com", message: "word 🧽 _x_ ".repeat(900) }),
      new Date(RECEIVED),
      { clock: CLOCK },
    );
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts)
      expect(shown(edited(part, LONGEST_NAME)).length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT);
  });

  it("fills every part but the last, the longest fields and message a form takes included: the later parts, with only the name, hold more of the message", () => {
    const long = {
      name: "N".repeat(LIMITS.name),
      email: `${"e".repeat(64)}@${"d".repeat(63)}.${"d".repeat(63)}.${"d".repeat(50)}.com`,
      phone: "9".repeat(LIMITS.phone),
      message: "word ".repeat(LIMITS.message / 5),
    };
    for (const parts of [
      contactNotices(ContactBody.parse(long), new Date(RECEIVED), { clock: CLOCK }),
      quoteNotices(QuoteBody.parse({ ...long, address: "A".repeat(LIMITS.address) }), new Date(RECEIVED), {
        clock: CLOCK,
      }),
    ]) {
      const lengths = parts.map((part) => shown(part).length);
      // chunk cuts each part in the last fifth of its room, at a space.
      for (const length of lengths.slice(0, -1)) expect(length).toBeGreaterThan(PART_MAX * 0.8);
      expect(Math.max(...lengths)).toBeLessThanOrEqual(PART_MAX);
      expect(
        parts
          .map(
            (part) =>
              shown(part).match(/^(?:.*\n\n[^]*?Message(?: \(continued\))?:\n)([^]*)\n\nSubmitted: /)![1],
          )
          .join("")
          .trim(),
      ).toBe(long.message.trim());
    }
  });

  it("a press's line keeps 32 characters of a long name, never half an emoji", () => {
    const line = render(
      historyLines(
        [
          {
            seq: 1,
            at: RECEIVED,
            from: null,
            to: "called",
            byName: `${"S".repeat(31)}🎉 Longname`,
            undoes: null,
          },
        ],
        RECEIVED,
        CLOCK,
      ),
    ).shown;
    expect(line).toBe(`Called by ${"S".repeat(31)} at 12:59 pm`);
  });

  it("a Lost press says why, and the stage line asks for a reason until one is given", () => {
    const presses: Press[] = [
      { seq: 1, at: RECEIVED, from: "quoted", to: "lost", byName: "Sam", undoes: null },
    ];
    expect(shown(noticeWithHistory("Notice", "lost", presses, RECEIVED, CLOCK))).toBe(
      "Stage: Lost (why? press a reason below)\n\nNotice\nQuoted → Lost by Sam at 12:59 pm",
    );
    presses.push({
      seq: 2,
      at: RECEIVED + 60_000,
      from: "lost",
      to: "lost",
      fromReason: null,
      reason: "price",
      byName: "Sam",
      undoes: null,
    });
    presses.push({
      seq: 3,
      at: RECEIVED + 120_000,
      from: "lost",
      to: "booked",
      fromReason: "price",
      reason: null,
      byName: "Kim",
      undoes: null,
    });
    presses.push({
      seq: 4,
      at: RECEIVED + 70_000,
      from: "booked",
      to: "lost",
      fromReason: null,
      reason: "price",
      byName: "Kim",
      undoes: 3,
    });
    expect(shown(noticeWithHistory("Notice", "lost", presses, RECEIVED, CLOCK))).toBe(
      "Stage: Lost (Price)\n\nNotice\nQuoted → Lost by Sam at 12:59 pm\nLost: Price by Sam at 1:00 pm\nLost (Price) → Booked by Kim at 1:01 pm\nUndo by Kim at 1:01 pm (back to Lost (Price))",
    );
  });

  it("a press says what it moved from, an Undo what it went back to", () => {
    const by = { byName: "Sam", undoes: null };
    const presses: Press[] = [
      { seq: 1, at: RECEIVED, from: null, to: "not-a-job", ...by },
      { seq: 2, at: RECEIVED + 60_000, from: "not-a-job", to: "booked", ...by },
      { seq: 3, at: RECEIVED + 120_000, from: "booked", to: "not-a-job", byName: "Kim", undoes: 2 },
    ];
    expect(shown(noticeWithHistory("*Notice*", "not-a-job", presses, RECEIVED, CLOCK))).toBe(
      "Stage: Not a job\n\nNotice\nNot a job by Sam at 12:59 pm\nNot a job → Booked by Sam at 1:00 pm\nUndo by Kim at 1:01 pm (back to Not a job)",
    );
  });
});

describe("the owner's words and the whole history on the notice", () => {
  const press = (seq: number, byName = "Sam"): Press => ({
    seq,
    at: RECEIVED + seq * 60_000,
    from: seq === 1 ? null : seq % 2 ? "quoted" : "called",
    to: seq % 2 ? "called" : "quoted",
    byName,
    undoes: null,
  });

  it("shows the quote under the stage, the notes below the text, then every press that fits, oldest first", () => {
    const presses = Array.from({ length: 12 }, (_, i) => press(i + 1));
    const notes = [
      { at: RECEIVED + 30_000, byName: "Kim", text: "wants Saturday" },
      { at: RECEIVED + 90_000, byName: "Sam", text: "bond due 3 Dec\ngate code at the side" },
    ];
    const text = shown(
      noticeWithHistory("*Notice*", "quoted", presses, RECEIVED, CLOCK, { quoteCents: 38_000, notes }),
    );
    expect(text.split("\n").slice(0, 4)).toEqual(["Stage: Quoted", "Quote: $380", "", "Notice"]);
    expect(text).toContain(
      "\nNotice\nNote by Kim at 1:00 pm: wants Saturday\nNote by Sam at 1:01 pm: bond due 3 Dec\ngate code at the side\n\nCalled by Sam at 1:00 pm\nCalled → Quoted by Sam at 1:01 pm\n",
    );
    expect(text.match(/ by Sam at /g)).toHaveLength(13);
    expect(text).not.toContain("earlier");
    expect(text.endsWith("Called → Quoted by Sam at 1:11 pm")).toBe(true);
  });

  it("a reply alone (no press yet) shows the lead waiting, with the quote", () => {
    expect(shown(noticeWithHistory("Notice", null, [], RECEIVED, CLOCK, { quoteCents: 125_050 }))).toBe(
      "Stage: waiting\nQuote: $1,250.50\n\nNotice\n",
    );
  });

  it("keeps the newest within Telegram's 4,096 characters and says how many earlier ones are left out: presses first, down to the latest, then notes", () => {
    const [part] = contactNotices(
      ContactBody.parse({ name: "Long", email: "a@example.com", message: "x".repeat(3_400) }),
      new Date(RECEIVED),
      { clock: CLOCK },
    );
    const presses = Array.from({ length: 40 }, (_, i) => press(i + 1, LONGEST_NAME));
    const notes = Array.from({ length: 4 }, (_, i) => ({
      at: RECEIVED + i,
      byName: "Kim",
      text: `note ${i + 1} ${"n".repeat(60)}`,
    }));
    const text = shown(
      noticeWithHistory(part, "quoted", presses, RECEIVED, CLOCK, { quoteCents: 38_000, notes }),
    );
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT);
    expect(text.startsWith("Stage: Quoted\nQuote: $380\n\n")).toBe(true);
    const kept = text.match(/ → /g)?.length ?? 0;
    expect(kept).toBeGreaterThan(0);
    expect(text).toContain(`\n… ${40 - kept} earlier presses: npm run leads -- show\n`);
    // Every note still fits: presses go before any note does.
    expect(text).toContain("Note by Kim at 12:59 pm: note 1 ");
    expect(text).toContain("Note by Kim at 12:59 pm: note 4 ");
    // Longer notes: they go too, oldest first, and only the latest press stays.
    const long = notes.map((n) => ({ ...n, text: `${n.text} ${"m".repeat(180)}` }));
    const tight = shown(
      noticeWithHistory(part, "quoted", presses, RECEIVED, CLOCK, { quoteCents: 38_000, notes: long }),
    );
    expect(tight.length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT);
    expect(tight).toContain("\n… 39 earlier presses: npm run leads -- show\n");
    expect(tight).toMatch(/\n… \d earlier notes: npm run leads -- show\n/);
    expect(tight).toContain("note 4 ");
    expect(tight).not.toContain("note 1 ");
  });

  it("keeps a note's Markdown as the owner typed it: escaped, so it formats nothing and breaks nothing", () => {
    const note = {
      at: RECEIVED,
      byName: "K_m*",
      text: "*not bold* _x_ [link](https://example.com) `code` \\",
    };
    const markdown = noticeWithHistory("Notice", null, [], RECEIVED, CLOCK, { notes: [note] });
    const parsed = parseLegacyMarkdownEntities(markdown);
    if ("error" in parsed) throw new Error(parsed.error);
    expect(parsed.text).toBe(`Stage: waiting\n\nNotice\nNote by K_m* at 12:59 pm: ${note.text}`);
    // Only the template's own bold stage line is formatted.
    expect(parsed.entities).toEqual([{ type: "bold", offset: 0, length: "Stage: waiting".length }]);
  });
});
