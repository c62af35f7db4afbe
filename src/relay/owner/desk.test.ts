/**
 * The owner's desk (issue 52) on a clock the test sets, against a real lead store file and the
 * Telegram stand-in: one morning message for a Monday's ten due reminders, a lead going stale
 * through its second reminder to Lost (No answer) or Keep, /find by a phone written three ways, a
 * long /leads paged in place. The commands through a running relay's doors (polling, the webhook):
 * node/desk.test.ts; on the Worker: worker/desk.e2e.test.ts.
 */
import { describe, expect, it } from "vitest";
import { QuoteBody } from "../testing/services.ts";
import { sendParts } from "../leads/send.ts";
import { quoteNotices } from "../telegram/notice.ts";
import { TELEGRAM_MAX_TEXT } from "../telegram/markdown.ts";
import { ownerBench } from "../testing/owner-bench.ts";
import { brisbaneAt } from "../testing/owner-day.ts";
import { CLOCK, HOURS } from "../testing/business.ts";
import { noticeButtons } from "./stage-buttons.ts";
import { handleUpdate } from "./presses.ts";
import { ownerTick } from "./owner.ts";
import { PAGE_LINES } from "./desk.ts";

/** A moment in Brisbane: "2026-11-30T08:00" (a Monday). */
const at = brisbaneAt;

// Room for a test's two dozen notices within a minute of real time; pacing is owner.test.ts's.
const bench = ownerBench({ groupMessagesPerMinute: 100 }, { followUpDays: 3, staleDays: 2 });
const { options, telegram } = bench;

/** A quote request received at `receivedAt`, its notice delivered a second later; its id. */
async function lead(name: string, receivedAt: number, phone = "0412 345 678"): Promise<string> {
  const id = `lead-${name.replace(/\W/g, "")}`;
  const body = QuoteBody.parse({ name, email: "a@example.com", phone });
  const parts = quoteNotices(body, new Date(receivedAt), { clock: CLOCK });
  await bench.leads.store.add({ id, form: "quote", fields: body, parts, receivedAt });
  const sent = await sendParts(bench.leads.store, (await bench.leads.store.get(id))!, telegram(), {
    buttons: noticeButtons,
    clock: CLOCK,
    now: () => receivedAt + 1_000,
  });
  expect(sent).toEqual({ done: true });
  return id;
}

/** The update the stand-in made last, handled by the relay at `when`. */
const handled = (when: number) =>
  handleUpdate(bench.tg.updates.at(-1), {
    store: bench.leads.store,
    telegram: telegram(),
    hours: HOURS,
    log: () => {},
    now: () => when,
  });
const since = (n: number) => bench.tg.delivered.slice(n);

describe("the morning message", () => {
  it("a Monday with ten reminders due at opening: one message first, with who is waiting, their ages and the week's figures; none of the ten reminded on its own; a lead of the day still is", async () => {
    // Saturday after closing and Sunday (closed): ten quote requests, each due for its reminder at Monday's
    // opening.
    for (let i = 0; i < 10; i++) await lead(`Weekend ${i}`, at("2026-11-28T17:00") + i * 3 * 3_600_000);
    await bench.leads.store.settings.write("digest-last-day", "2026-11-28");
    const before = bench.tg.delivered.length;
    await ownerTick(options(), at("2026-11-30T08:00"));
    const [morning, ...rest] = since(before);
    expect(rest, "nothing after the morning message: the ten reminders are folded into it").toEqual([]);
    const lines = morning.shown.split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "Leads of the last 2 days",
      "10 quote requests, 0 contact messages",
      "Waiting: 10 · Called: 0 · Quoted: 0 · Booked: 0 · Lost: 0 · Not a job: 0",
      "",
      "Still waiting, oldest first (10):",
    ]);
    expect(lines[5]).toMatch(
      /^- Weekend 0, \+61 412 345 678, quote, waiting 1 day 15 h \(since 5:00 pm, 28 Nov\) https:\/\/t\.me\/c\/1234567890\/\d+$/,
    );
    expect(lines.filter((l) => l.startsWith("- Weekend"))).toHaveLength(10);
    expect(morning.shown).toContain("\nLast week (23 Nov to 29 Nov)\nLeads: 10 (10 quote, 0 contact)\n");
    expect(morning.shown.length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT);

    // Through the day: no reminder for the ten (they were folded), but a lead of the day gets its own.
    await lead("Monday Morning", at("2026-11-30T09:00"));
    for (const time of ["2026-11-30T08:01", "2026-11-30T09:31", "2026-11-30T12:00"])
      await ownerTick(options(), at(time));
    expect(since(before + 2).map((d) => d.shown.split(",")[0])).toEqual(["Reminder: Monday Morning"]);
  });
});

describe("a lead going stale", () => {
  it("is reminded once, a second time two business days on, then offered Lost (No answer) or Keep; Lost (No answer) closes it", async () => {
    const id = await lead("Quiet Quinn", at("2026-11-24T10:00"));
    const notice = (await bench.leads.store.get(id))!.noticeMessageId!;
    const about = () =>
      bench.tg.delivered.filter((d) => bench.tg.messages.get(d.messageId)?.replyTo === notice);
    await ownerTick(options(), at("2026-11-24T10:31"));
    expect(about().map((d) => d.shown.split(":")[0])).toEqual(["Reminder"]);
    // Wednesday is the first business day after it, Thursday the second: its opening.
    for (const time of ["2026-11-25T08:00", "2026-11-25T17:00", "2026-11-26T07:59"])
      await ownerTick(options(), at(time));
    expect(about()).toHaveLength(1);
    await ownerTick(options(), at("2026-11-26T08:00"));
    await ownerTick(options(), at("2026-11-26T08:01"));
    expect(about().map((d) => d.shown)).toEqual([
      expect.stringMatching(/^Reminder: /),
      "Second reminder: Quiet Quinn, +61 412 345 678, waiting 1 day 22 h (since 10:00 am, 24 Nov). Ring them, then press Called.",
    ]);
    expect(
      about()[1]
        .replyMarkup!.inline_keyboard.flat()
        .map((b) => b.text),
    ).toContain("Called");
    // Friday and Saturday (open 9 to 4): the offer at Saturday's opening.
    await ownerTick(options(), at("2026-11-28T08:59"));
    expect(about()).toHaveLength(2);
    await ownerTick(options(), at("2026-11-28T09:00"));
    const offer = about()[2];
    expect(offer.shown).toBe(
      "Still waiting: Quiet Quinn, +61 412 345 678, 3 days 23 h (since 10:00 am, 24 Nov), reminded twice. No answer? Close it as Lost, or keep it open.",
    );
    expect(offer.replyMarkup!.inline_keyboard.flat().map((b) => b.text)).toEqual([
      "Lost (No answer)",
      "Keep",
    ]);

    await bench.tg.press(offer.messageId, offer.replyMarkup!.inline_keyboard[0][0].callback_data!);
    await handled(at("2026-11-28T09:05"));
    expect(bench.tg.answers.at(-1)?.text).toBe("Marked Lost: No answer.");
    expect(await bench.leads.store.stages.lostReason(id)).toBe("no-answer");
    expect(bench.tg.messages.get(notice)!.shown).toMatch(/^Stage: Lost \(No answer\)\n/);
    // Nothing more about it, ever.
    for (const time of ["2026-11-30T08:00", "2026-12-02T08:00", "2026-12-09T08:00"])
      await ownerTick(options(), at(time));
    expect(about()).toHaveLength(3);
  });

  it("Keep ends the reminders, takes the offer's buttons away, and the lead stays in /leads with its age; off with LEAD_STALE_DAYS=0", async () => {
    const kept = await lead("Kept Kim", at("2026-11-24T10:00"));
    await lead("Never Nudged", at("2026-11-24T10:00"), "0412 000 111");
    const nudges = () =>
      bench.tg.delivered.filter((d) => /^(Second reminder|Still waiting): Kept Kim/.test(d.shown));
    for (const time of ["2026-11-24T10:31", "2026-11-26T08:00", "2026-11-28T09:00"])
      await ownerTick({ ...options(), staleDays: 0 }, at(time));
    expect(bench.tg.delivered.filter((d) => /^(Second reminder|Still waiting):/.test(d.shown))).toEqual([]);
    // Turned on: the second reminder is due (Thursday's opening is past), then the offer two business days on.
    await ownerTick(options(), at("2026-11-28T10:00"));
    await ownerTick(options(), at("2026-12-01T08:00"));
    const offer = nudges().at(-1)!;
    expect(offer.shown).toMatch(/^Still waiting: Kept Kim,/);
    await bench.tg.press(offer.messageId, offer.replyMarkup!.inline_keyboard[0][1].callback_data!);
    await handled(at("2026-12-01T08:10"));
    expect(bench.tg.answers.at(-1)?.text).toBe("Kept open: no more reminders. /leads lists it.");
    expect(bench.tg.messages.get(offer.messageId)!.replyMarkup).toEqual({ inline_keyboard: [] });
    const count = nudges().length;
    for (const time of ["2026-12-03T08:00", "2026-12-08T08:00"]) await ownerTick(options(), at(time));
    expect(nudges()).toHaveLength(count);
    expect((await bench.leads.store.get(kept))!.stage).toBeNull();
    await bench.tg.write("/leads");
    await handled(at("2026-12-08T09:00"));
    expect(bench.tg.delivered.at(-1)!.shown).toContain(
      "1. Kept Kim, +61 412 345 678, waiting, 13 days 23 h https://t.me/c/",
    );
  });
});

describe("/find and /leads", () => {
  it("/find matches a phone however it is written, and a name whatever its case; nothing found says so", async () => {
    await lead("Ann Lee", at("2026-11-24T10:00"), "0412 345 678");
    await lead("Annie Other", at("2026-11-25T10:00"), "+61 400 111 222");
    await lead("Bob Chan", at("2026-11-25T11:00"), "(07) 3123 4567");
    const found = async (query: string) => {
      await bench.tg.write(`/find ${query}`);
      await handled(at("2026-11-26T09:00"));
      return bench.tg.delivered.at(-1)!.shown.split("\n");
    };
    for (const phone of ["0412 345 678", "+61412345678", "(04) 1234-5678"])
      expect(await found(phone), phone).toEqual([
        `Found 1 lead for ${phone}`,
        "1. Ann Lee, +61 412 345 678, waiting, quote, 24 Nov 2026 https://t.me/c/1234567890/1",
        "",
      ]);
    expect((await found("ANN")).filter((l) => /^\d\./.test(l)).map((l) => l.split(",")[0])).toEqual([
      "1. Annie Other",
      "2. Ann Lee",
    ]);
    expect(await found("3123 4567")).toContain(
      "1. Bob Chan, +61 7 3123 4567, waiting, quote, 25 Nov 2026 https://t.me/c/1234567890/3",
    );
    expect((await found("Zed"))[1]).toBe("Nothing: try part of the name, or the phone's last 6 digits.");
    // What is shown back is one line, without controls or direction marks (a forged line, a reversed text).
    expect((await found("ann\u0007\u202e\nPhone: 000"))[0]).toBe("Found 0 leads for ann Phone: 000");
    // No name or phone: what the commands are.
    await bench.tg.write("/find");
    await handled(at("2026-11-26T09:00"));
    expect(bench.tg.delivered.at(-1)!.shown).toMatch(
      /^\/find needs a name or a phone: \/find Ann\n\nThe commands\n\/leads: /,
    );
  });

  it("a long /leads is paged, oldest first: Next and Previous edit the one message in place, each page within Telegram's limits", async () => {
    for (let i = 0; i < 23; i++)
      await lead(`Lead ${String(i).padStart(2, "0")}`, at("2026-11-20T09:00") + i * 60_000);
    await bench.tg.write("/leads");
    await handled(at("2026-11-26T09:00"));
    const answer = bench.tg.delivered.at(-1)!;
    const page = () => bench.tg.messages.get(answer.messageId)!;
    const names = () => [...page().shown.matchAll(/^\d+\. (Lead \d+),/gm)].map((m) => m[1]);
    const nav = () => page().replyMarkup!.inline_keyboard.at(-1)!;
    expect(page().shown.split("\n")[0]).toBe("Open leads (23), oldest first");
    expect(names()).toHaveLength(PAGE_LINES);
    expect(names()[0]).toBe("Lead 00");
    expect(nav().map((b) => b.text)).toEqual(["1 of 3", "Next ›"]);
    const sent = bench.tg.delivered.length;
    const turn = async (text: string) => {
      await bench.tg.press(answer.messageId, nav().find((b) => b.text === text)!.callback_data!);
      await handled(at("2026-11-26T09:01"));
    };
    await turn("Next ›");
    expect(names()[0]).toBe("Lead 10");
    expect(nav().map((b) => b.text)).toEqual(["‹ Previous", "2 of 3", "Next ›"]);
    await turn("Next ›");
    expect(names()).toEqual(["Lead 20", "Lead 21", "Lead 22"]);
    expect(page().shown).toMatch(
      /^23\. Lead 22, \+61 412 345 678, waiting, 5 days 23 h https:\/\/t\.me\/c\/1234567890\/23$/m,
    );
    expect(nav().map((b) => b.text)).toEqual(["‹ Previous", "3 of 3"]);
    await turn("‹ Previous");
    expect(names()[0]).toBe("Lead 10");
    // The page pressed again: nothing to change, nothing sent.
    await turn("2 of 3");
    expect(bench.tg.answers.at(-1)?.text).toBe("Page 2 of 3");
    // A made-up page past the last (or leads closed since the button was made): the last page.
    await bench.tg.press(answer.messageId, "page:leads:99");
    await handled(at("2026-11-26T09:02"));
    expect(names()).toEqual(["Lead 20", "Lead 21", "Lead 22"]);
    expect(bench.tg.delivered.length, "turning pages sends no message").toBe(sent);
    expect(page().shown.length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT);
  });
});
