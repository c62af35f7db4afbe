/**
 * A notice stays within Telegram's 4,096 characters (after parsing:
 * https://core.telegram.org/bots/api#sendmessage) through everything added
 * to it after it is made: markNotice's two flags when it is sent late and
 * again, then a line per stage the owner presses (as updates.ts edits it), by
 * people with Telegram's longest names (64 + 64 characters).
 */
import { describe, expect, it } from "vitest";
import { STAGES } from "./stages.ts";
import { parseLegacyMarkdown, render } from "./markdown.ts";
import { contactNotices, markNotice, PART_MAX, quoteNotices, stageLines, TELEGRAM_MAX_TEXT } from "./notice.ts";
import { ContactBody, QuoteBody } from "../../shared/forms/schema.ts";

/** 12:59:59 pm, 28 September 2026 in Brisbane: the longest date both clocks write. */
const RECEIVED = Date.parse("2026-09-28T12:59:59+10:00");
const shown = (markdown: string) => {
  const parsed = parseLegacyMarkdown(markdown);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed.text;
};

/** The notice as the owner finally sees it: flagged when sent a day late as a possible repeat, then all four stages pressed the next day. */
function edited(part: string, byName: string): string {
  const sent = markNotice(part, { receivedAt: RECEIVED, sentAt: RECEIVED + 86_400_000, possibleRepeat: true });
  const pressed = STAGES.map((s, i) => ({ stage: s.key, at: RECEIVED + 86_400_000 + i, byName }));
  return `${sent}\n${render(stageLines(pressed, RECEIVED)).markdown}`;
}

const LONGEST_NAME = `${"Ｗ".repeat(63)}🎉 ${"_".repeat(64)}`;

describe("a notice's room for what is added later", () => {
  it("a one-part notice of the longest length, with both flags and four stage lines by 64 + 64-character names, is at most 4,096 characters", () => {
    // The longest message that still makes one part, with Markdown specials (escaped in the Markdown, counted once after parsing).
    const notice = (n: number) => contactNotices(ContactBody.parse({ name: "N".repeat(200), email: "a@example.com", message: "a_*`[é".repeat(2_000).slice(0, n) }), new Date(RECEIVED));
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
    expect(final).toMatch(/\nNot a job by .+ at 12:59 pm, 29 Sept?$/);
    expect(final.length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT);
  });

  it("so does every part of a message split across several", () => {
    const parts = quoteNotices(QuoteBody.parse({ name: "Long Message", email: "a@example.com", message: "word 🧽 _x_ ".repeat(900) }), new Date(RECEIVED));
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(shown(edited(part, LONGEST_NAME)).length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT);
  });

  it("a stage line keeps 32 characters of a long name, never half an emoji", () => {
    const line = render(stageLines([{ stage: "called", at: RECEIVED, byName: `${"S".repeat(31)}🎉 Longname` }], RECEIVED)).shown;
    expect(line).toBe(`Called by ${"S".repeat(31)} at 12:59 pm`);
  });
});
