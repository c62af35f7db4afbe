/**
 * Reminders and the morning digest on a clock the test sets (ownerTick takes
 * the time), against a real lead store file and the Telegram stand-in. The
 * hours are content/site.yaml's: Mon-Fri 8 am to 6 pm, Sat 9 to 4, Sun closed.
 */
import { describe, expect, it } from "vitest";
import { quoteNotices, contactNotices } from "../telegram/notice.ts";
import { TELEGRAM_MAX_TEXT } from "../telegram/markdown.ts";
import { ownerTick, type OwnerOptions } from "./owner.ts";
import { noticeLink } from "./digest.ts";
import { reminderText, waitedFor } from "./reminder-text.ts";
import { showSpam, SPAM_LISTED } from "./spam-review.ts";
import { sendOnce } from "../telegram/client.ts";
import { ownerBench } from "../testing/owner-bench.ts";
import { startTelegramStandIn } from "../testing/telegram-stand-in.ts";
import { handleUpdate } from "./presses.ts";
import { ContactBody, QuoteBody } from "../testing/services.ts";
import { LIMITS } from "../../shared/forms/fields.ts";
import { PHONE_IN_LINE_MAX } from "../telegram/phone.ts";
import { CLOCK, HOURS } from "../testing/business.ts";
import { businessHours, clockIn } from "../clock.ts";

/** A moment in Brisbane: "2026-11-24T10:00" (a Tuesday). */
const at = (local: string) => Date.parse(`${local}:00+10:00`);

// Room for a test's 28 notices and its digest within a minute of real time ("fits one message"); the 20 a
// minute to a group is "pacing what a run sends"'s own stand-in's.
const bench = ownerBench({ groupMessagesPerMinute: 40 });
const { logs, options } = bench;

/** A lead received at `receivedAt`, its notice delivered a second later (or kept as spam). */
async function lead(
  name: string,
  receivedAt: number,
  {
    form = "quote",
    status = "delivered",
    phone = "0412 345 678",
  }: { form?: "quote" | "contact"; status?: "delivered" | "spam"; phone?: string } = {},
) {
  const id = `lead-${name.replace(/\W/g, "")}`;
  const body =
    form === "quote"
      ? QuoteBody.parse({ name, email: "a@example.com", phone })
      : ContactBody.parse({ name, email: "a@example.com", message: "Hello there" });
  const parts =
    form === "quote"
      ? quoteNotices(body as QuoteBody, new Date(receivedAt), { clock: CLOCK })
      : contactNotices(body as ContactBody, new Date(receivedAt), { clock: CLOCK });
  await bench.leads.store.add({
    id,
    form,
    fields: body,
    parts,
    receivedAt,
    status: status === "spam" ? "spam" : "pending",
    spamReason: status === "spam" ? "honeypot filled" : undefined,
  });
  if (status === "delivered") await bench.noticeSent(id, parts[0], receivedAt + 1_000);
  return id;
}

const reminders = () => bench.tg.delivered.filter((d) => d.shown.startsWith("Reminder:"));
/**
 * The day's morning message already went (a relay restarted after opening): what falls due at opening
 * then comes on its own, not folded into it (the folding: desk.test.ts).
 */
const morningGone = (date: string) => bench.leads.store.settings.advance("digest-last-day", date);

describe("Brisbane business hours", () => {
  it("are open 8 to 6 on a weekday, closed on Sunday, and the next opening after a Saturday evening is Monday 8 am", () => {
    expect(HOURS.isOpen(at("2026-11-24T08:00"))).toBe(true);
    expect(HOURS.isOpen(at("2026-11-24T18:00"))).toBe(false);
    expect(HOURS.isOpen(at("2026-11-29T12:00"))).toBe(false);
    expect(HOURS.nextOpenAt(at("2026-11-28T17:00"))).toBe(at("2026-11-30T08:00"));
    expect(HOURS.openMinutesBetween(at("2026-11-24T17:30"), at("2026-11-25T08:45"))).toBe(75);
  });

  it("in a time zone with daylight saving keep the wall clock's hours on both sides of each change", () => {
    // Hobart moves from AEST (UTC+10) to AEDT (UTC+11) at 2 am on Sunday 4 October 2026, and back at 3 am
    // on Sunday 5 April 2026.
    const hobart = businessHours(HOURS.lines, clockIn("Australia/Hobart"));
    const utc = (iso: string) => Date.parse(`${iso}Z`);
    expect(hobart.nextOpenAt(utc("2026-10-03T08:00"))).toBe(utc("2026-10-04T21:00"));
    expect(hobart.isOpen(utc("2026-10-05T21:30"))).toBe(true);
    expect(hobart.isOpen(utc("2026-10-02T21:30"))).toBe(false);
    // Friday 2 October 5:30 pm AEST to Monday 5 October 8:45 am AEDT: 30 minutes, Saturday's 7 hours, 45.
    expect(hobart.openMinutesBetween(utc("2026-10-02T07:30"), utc("2026-10-04T21:45"))).toBe(30 + 420 + 45);
    expect(hobart.clock.local(utc("2026-10-04T21:00"))).toEqual({
      date: "2026-10-05",
      day: "Monday",
      midnight: utc("2026-10-04T13:00"),
    });
    expect(hobart.clock.time(utc("2026-04-05T22:00"))).toBe("8:00 am, 6 Apr");
    // Saturday 4 April, 10 am AEDT: the next business day opens Monday at 8 am AEST.
    expect(hobart.openingAfterBusinessDays(utc("2026-04-03T23:00"), 1)).toBe(utc("2026-04-05T22:00"));
  });
});

describe("reminders", () => {
  it("reminds once, as a reply to the notice, 30 minutes after a lead arrived in business hours", async () => {
    const id = await lead("Ann Lee", at("2026-11-24T10:00"));
    await ownerTick(options(), at("2026-11-24T10:29"));
    expect(reminders()).toHaveLength(0);
    await ownerTick(options(), at("2026-11-24T10:31"));
    await ownerTick(options(), at("2026-11-24T10:45"));
    expect(reminders()).toHaveLength(1);
    const notice = (await bench.leads.store.get(id))!.noticeMessageId!;
    expect(bench.tg.messages.get(reminders()[0].messageId)?.replyTo).toBe(notice);
    expect(reminders()[0].shown).toBe(
      "Reminder: Ann Lee, +61 412 345 678, waiting 31 min (since 10:00 am). Ring them, then press Called.",
    );
    // The notice's buttons, on the lock screen's reply too: a press there moves the lead and edits its
    // notice.
    const buttons = reminders()[0].replyMarkup!.inline_keyboard;
    expect(buttons.flat().map((b) => b.text)).toEqual([
      "Copy +61 412 345 678",
      "Called",
      "Quoted",
      "Booked",
      "Lost",
      "Not a job",
      "Later (in 2 hours)",
      "Later (tomorrow morning)",
    ]);
    await bench.tg.press(reminders()[0].messageId, buttons[1][0].callback_data!);
    await handleUpdate(bench.tg.updates.at(-1), {
      store: bench.leads.store,
      telegram: options().telegram,
      hours: HOURS,
      log: () => {},
      now: () => at("2026-11-24T10:46"),
    });
    expect((await bench.leads.store.get(id))?.stage).toBe("called");
    expect(bench.tg.messages.get(notice)!.shown).toMatch(/^Stage: Called\n[^]+\nCalled by Sam at 10:46 am$/);
  });

  it("says how long a lead has waited, and what to do without a number", async () => {
    expect(["35 min", "2 h", "2 h 5 min", "1 day", "1 day 3 h", "3 days"]).toEqual(
      [35, 120, 125, 1440, 1620, 4320].map((m) => waitedFor(m * 60_000)),
    );
    const shown = (markdown: string) => markdown.replace(/\\(.)/g, "$1").replace(/\*/g, "");
    expect(
      shown(
        reminderText(
          { name: "Bo  O_Neil\n", phone: "" },
          at("2026-11-23T17:00"),
          at("2026-11-24T08:00"),
          CLOCK,
        ),
      ),
    ).toBe(
      "Reminder: Bo O_Neil, no phone given, waiting 15 h (since 5:00 pm, 23 Nov). Email them, then press Called.",
    );
  });

  it("does not remind at night: a lead that arrives at 9 pm is in the morning message at 8, its reminder folded in", async () => {
    await lead("Night Owl", at("2026-11-24T21:00"));
    for (const time of ["2026-11-24T21:31", "2026-11-24T23:59", "2026-11-25T03:00", "2026-11-25T07:59"])
      await ownerTick({ ...options(), hours: HOURS }, at(time));
    expect(bench.tg.delivered).toHaveLength(1);
    await ownerTick(options(), at("2026-11-25T08:00"));
    await ownerTick(options(), at("2026-11-25T09:00"));
    expect(reminders()).toHaveLength(0);
    expect(bench.tg.delivered.at(-1)!.shown).toContain(
      "- Night Owl, +61 412 345 678, quote, waiting 11 h (since 9:00 pm, 24 Nov)",
    );
  });

  it("does not remind a lead the owner has already pressed a stage for", async () => {
    const id = await lead("Quick Call", at("2026-11-24T10:00"));
    await bench.leads.store.stages.set(id, "called", at("2026-11-24T10:05"), { name: "Sam" });
    await ownerTick(options(), at("2026-11-24T11:00"));
    expect(reminders()).toHaveLength(0);
  });
});

describe("follow-ups and Later", () => {
  const press = async (messageId: number, data: string, pressedAt: number) => {
    await bench.tg.press(messageId, data);
    await handleUpdate(bench.tg.updates.at(-1), {
      store: bench.leads.store,
      telegram: options().telegram,
      log: () => {},
      now: () => pressedAt,
      hours: HOURS,
    });
  };
  const followUps = () => bench.tg.delivered.filter((d) => d.shown.startsWith("Follow up:"));
  const opts = () => ({ ...options(), followUpDays: 3 });

  it("a lead Quoted on Monday and not Booked or Lost is followed up once at Thursday's opening, as a reply with its buttons; Later puts it off to Friday's", async () => {
    const id = await lead("Quote Follow", at("2026-11-23T09:00"));
    await bench.leads.store.stages.set(id, "quoted", at("2026-11-23T10:05"), { name: "Sam" });
    for (const time of ["2026-11-24T10:00", "2026-11-26T07:59", "2026-11-25T17:59"])
      await ownerTick(opts(), at(time));
    expect(followUps()).toHaveLength(0);
    await morningGone("2026-11-26");
    await ownerTick(opts(), at("2026-11-26T08:00"));
    await ownerTick(opts(), at("2026-11-26T08:01"));
    expect(followUps()).toHaveLength(1);
    expect(followUps()[0].shown).toBe(
      "Follow up: Quote Follow, +61 412 345 678, quoted 10:05 am, 23 Nov, not booked yet. Ring them, then press Booked or Lost.",
    );
    const notice = (await bench.leads.store.get(id))!.noticeMessageId!;
    expect(bench.tg.messages.get(followUps()[0].messageId)?.replyTo).toBe(notice);
    const buttons = followUps()[0].replyMarkup!.inline_keyboard.flat();
    expect(buttons.map((b) => b.text)).toEqual([
      "Copy +61 412 345 678",
      "Called",
      "✓ Quoted",
      "Booked",
      "Lost",
      "Not a job",
      "Later (in 2 hours)",
      "Later (tomorrow morning)",
    ]);

    await press(followUps()[0].messageId, buttons.at(-1)!.callback_data!, at("2026-11-26T10:00"));
    expect(bench.tg.answers.at(-1)?.text).toBe("Later: reminded again at 8:00 am, 27 Nov.");
    await ownerTick(opts(), at("2026-11-26T17:00"));
    expect(followUps()).toHaveLength(1);
    await morningGone("2026-11-27");
    await ownerTick(opts(), at("2026-11-27T08:00"));
    await ownerTick(opts(), at("2026-11-27T09:00"));
    expect(followUps()).toHaveLength(2);
  });

  it("none for a lead Booked or Lost since, or with follow-ups off; a quote on Thursday is followed up on Monday (Saturday is open, Sunday is not)", async () => {
    const booked = await lead("Booked Since", at("2026-11-23T09:00"));
    await bench.leads.store.stages.set(booked, "quoted", at("2026-11-23T10:00"), { name: "Sam" });
    await bench.leads.store.stages.set(booked, "booked", at("2026-11-24T10:00"), { name: "Sam" });
    const thursday = await lead("Thursday Quote", at("2026-11-26T09:00"));
    await bench.leads.store.stages.set(thursday, "quoted", at("2026-11-26T10:00"), { name: "Sam" });
    await ownerTick({ ...opts(), followUpDays: 0 }, at("2026-12-01T10:00"));
    expect(followUps()).toHaveLength(0);
    await ownerTick(opts(), at("2026-11-28T15:00"));
    expect(followUps()).toHaveLength(0);
    await ownerTick(opts(), at("2026-11-30T08:00"));
    expect(followUps().map((f) => f.shown.split(",")[0])).toEqual(["Follow up: Thursday Quote"]);
  });

  it("Later on a waiting lead's reminder reminds again at the next morning's opening, once; on a lead that moved on it says so", async () => {
    const id = await lead("Late Caller", at("2026-11-24T16:00"));
    await ownerTick(opts(), at("2026-11-24T16:31"));
    expect(reminders()).toHaveLength(1);
    const later = reminders()[0].replyMarkup!.inline_keyboard.flat().at(-1)!.callback_data!;
    expect(later).toBe(`later:${id}`);
    await press(reminders()[0].messageId, later, at("2026-11-24T16:40"));
    expect(bench.tg.answers.at(-1)?.text).toBe("Later: reminded again at 8:00 am, 25 Nov.");
    await ownerTick(opts(), at("2026-11-24T17:59"));
    expect(reminders()).toHaveLength(1);
    await morningGone("2026-11-25");
    await ownerTick(opts(), at("2026-11-25T08:00"));
    await ownerTick(opts(), at("2026-11-25T08:30"));
    expect(reminders()).toHaveLength(2);
    expect(reminders()[1].shown).toMatch(
      /^Reminder: Late Caller, \+61 412 345 678, waiting 16 h \(since 4:00 pm, 24 Nov\)/,
    );

    // Put off while waiting, then Quoted: the follow-up comes three business days after the quote, not at the
    // time put off to.
    await press(reminders()[1].messageId, later, at("2026-11-25T08:40"));
    await bench.leads.store.stages.set(id, "quoted", at("2026-11-25T08:50"), { name: "Sam" });
    await ownerTick(opts(), at("2026-11-26T08:00"));
    expect(followUps()).toHaveLength(0);
    await bench.leads.store.stages.set(id, "booked", at("2026-11-26T09:00"), { name: "Sam" });
    await press(reminders()[1].messageId, later, at("2026-11-26T09:10"));
    expect(bench.tg.answers.at(-1)?.text).toBe(
      "Nothing to remind: this lead has moved on (or is not in the store).",
    );
    // A forged Later for a lead that is not there changes nothing either.
    await press(
      reminders()[1].messageId,
      "later:form-0123456789abcdef0123456789abcdef",
      at("2026-11-25T09:11"),
    );
    expect(bench.tg.answers.at(-1)?.text).toBe(
      "Nothing to remind: this lead has moved on (or is not in the store).",
    );
  });

  it("Later (in 2 hours) on a reminder reminds again two hours on, once; a made-up Later is not the relay's", async () => {
    const id = await lead("Soon Caller", at("2026-11-25T09:00"));
    await ownerTick(opts(), at("2026-11-25T09:31"));
    expect(reminders()).toHaveLength(1);
    const buttons = reminders()[0].replyMarkup!.inline_keyboard.flat();
    const soon = buttons.find((b) => b.text === "Later (in 2 hours)")!.callback_data!;
    expect(soon).toBe(`later:2h:${id}`);
    await press(reminders()[0].messageId, soon, at("2026-11-25T09:40"));
    expect(bench.tg.answers.at(-1)?.text).toMatch(/^Later: reminded again at 11:40 am/);
    await ownerTick(opts(), at("2026-11-25T11:39"));
    expect(reminders()).toHaveLength(1);
    await ownerTick(opts(), at("2026-11-25T11:40"));
    await ownerTick(opts(), at("2026-11-25T11:41"));
    expect(reminders()).toHaveLength(2);
    await press(reminders()[1].messageId, `later:3h:${id}`, at("2026-11-25T11:45"));
    expect(bench.tg.answers.at(-1)?.text).toBe("This button is not one of the relay's.");
  });

  it("Later (in 2 hours) pressed near closing names the time the reminder really comes: the next opening", async () => {
    // Closing at 6 pm: two hours from 4:51 pm fall after it, so the reminder comes at 8 the next morning.
    await lead("Late Afternoon", at("2026-11-25T16:00"));
    await ownerTick(opts(), at("2026-11-25T16:31"));
    const soon = reminders()[0]
      .replyMarkup!.inline_keyboard.flat()
      .find((b) => b.text === "Later (in 2 hours)")!;
    await press(reminders()[0].messageId, soon.callback_data!, at("2026-11-25T16:51"));
    expect(bench.tg.answers.at(-1)?.text).toBe("Later: reminded again at 8:00 am, 26 Nov.");
    await ownerTick(opts(), at("2026-11-25T17:59"));
    await ownerTick(opts(), at("2026-11-26T07:59"));
    expect(reminders()).toHaveLength(1);
    await morningGone("2026-11-26");
    await ownerTick(opts(), at("2026-11-26T08:00"));
    expect(reminders()).toHaveLength(2);
  });
});

describe("replies to a reminder or a follow-up", () => {
  const update = (pressedAt: number) =>
    handleUpdate(bench.tg.updates.at(-1), {
      store: bench.leads.store,
      telegram: options().telegram,
      log: () => {},
      now: () => pressedAt,
      hours: HOURS,
    });
  const notes = () => bench.leads.store.notes;
  const confirmations = () => bench.tg.delivered.filter((d) => /^(Quote recorded|Note added)/.test(d.shown));

  it("count for the lead as a reply to its notice does: the quote and a note recorded, each confirmed, and the notice shows them", async () => {
    const id = await lead("Ann Lee", at("2026-11-24T10:00"));
    const notice = (await bench.leads.store.get(id))!.noticeMessageId!;
    await ownerTick({ ...options(), followUpDays: 3 }, at("2026-11-24T10:31"));
    const reminder = reminders()[0].messageId;
    // The owner on a lock screen swipes the reminder, the message that arrived last.
    await bench.tg.reply(reminder, "$380");
    expect(await update(at("2026-11-24T10:40"))).toBe(true);
    expect(await notes().quote(id)).toBe(38_000);
    await bench.tg.reply(reminder, "wants *Saturday*\u0007\u202e", { first_name: "Kim" });
    await update(at("2026-11-24T10:41"));
    expect(await notes().notes(id)).toEqual([
      { at: at("2026-11-24T10:41"), byName: "Kim", text: "wants *Saturday*" },
    ]);
    expect(confirmations().map((d) => d.shown)).toEqual([
      "Quote recorded for Ann Lee: $380. Press Quoted on the notice once they have it.",
      "Note added to Ann Lee's lead.",
    ]);
    expect(confirmations().every((d) => bench.tg.messages.get(d.messageId)!.replyTo !== reminder)).toBe(true);
    // The lead's notice, not the reminder, shows them: the stage on top, the quote under it, the note below
    // the text.
    expect(bench.tg.messages.get(notice)!.shown).toMatch(
      /^Stage: waiting\nQuote: \$380\n\nNew Quote Request: Ann Lee, [^]+\nNote by Kim at 10:41 am: wants \*Saturday\*$/,
    );
    expect(bench.tg.messages.get(reminder)!.shown).toMatch(/^Reminder: /);

    // A follow-up too.
    await bench.leads.store.stages.set(id, "quoted", at("2026-11-24T11:00"), { name: "Sam" });
    await morningGone("2026-11-27");
    await ownerTick({ ...options(), followUpDays: 3 }, at("2026-11-27T08:00"));
    const followUp = bench.tg.delivered.find((d) => d.shown.startsWith("Follow up:"))!.messageId;
    await bench.tg.reply(followUp, "$420");
    await update(at("2026-11-27T08:05"));
    expect(await notes().quote(id)).toBe(42_000);
    expect(bench.tg.messages.get(notice)!.shown).toMatch(/^Stage: Quoted\nQuote: \$420\n/);
  });

  it("only from the owner's chat, by a person, to the relay's own message about a lead; the same update twice counts once", async () => {
    const id = await lead("Bo Tran", at("2026-11-24T10:00"));
    await ownerTick(options(), at("2026-11-24T10:31"));
    const reminder = reminders()[0].messageId;
    await bench.tg.reply(reminder, "$999", {}, "-1009999999999");
    await update(at("2026-11-24T10:40"));
    await bench.tg.reply(reminder, "$999", { is_bot: true, first_name: "Other Bot" });
    await update(at("2026-11-24T10:40"));
    // The owner's own message in the chat, and one of the relay's that is about no lead.
    const own = await bench.tg.reply(reminder, "call after 5");
    expect(own).toBeUndefined();
    await update(at("2026-11-24T10:41"));
    const ownMessage = bench.tg.updates.at(-1)!.message!.message_id;
    await bench.tg.reply(ownMessage, "$999");
    await update(at("2026-11-24T10:42"));
    await bench.tg.reply(confirmations()[0].messageId, "$999");
    await update(at("2026-11-24T10:43"));
    expect(await notes().quote(id)).toBeNull();
    expect(await notes().notes(id)).toHaveLength(1);
    // Replayed: handled once.
    expect(await update(at("2026-11-24T10:44"))).toBe(false);
    expect(confirmations()).toHaveLength(1);
  });
});

describe("pacing what a run sends", () => {
  it("a morning with 30 leads waiting never meets the 20-a-minute limit: 10 a run, a second apart; the rest at the next runs, each once", async () => {
    let clock = at("2026-11-23T21:00");
    const paced = await startTelegramStandIn({ now: () => clock });
    try {
      const telegram = { apiBase: paced.apiBase, token: paced.token, chatId: paced.chatId };
      const sleeps: number[] = [];
      const opts: OwnerOptions = {
        ...options(),
        telegram,
        pace: { sleep: async (ms) => void (sleeps.push(ms), (clock += ms)) },
      };
      // 30 quote requests overnight, a notice every 5 minutes.
      for (let i = 0; i < 30; i++) {
        clock = at("2026-11-23T21:00") + i * 5 * 60_000;
        const id = `lead-night-${i}`;
        const body = QuoteBody.parse({ name: `Night ${i}`, email: "a@example.com", phone: "0412 345 678" });
        const parts = quoteNotices(body, new Date(clock), { clock: CLOCK });
        await bench.leads.store.add({ id, form: "quote", fields: body, parts, receivedAt: clock });
        const sent = await sendOnce(parts[0], telegram);
        if (sent.kind !== "sent") throw new Error("the stand-in refused the notice");
        await bench.leads.store.partSent((await bench.leads.store.get(id))!, 0, clock + 1_000, {
          messageId: sent.messageId,
          text: parts[0],
        });
      }
      const before = paced.calls("sendMessage");
      const perRun: number[] = [];
      // The morning message folds the reminders due at opening (desk.test.ts): here it went before, as
      // after a restart, so the 30 reminders come on their own.
      await morningGone("2026-11-24");
      for (const minute of ["08:00", "08:01", "08:02", "08:03", "08:04"]) {
        clock = at(`2026-11-24T${minute}`);
        const [calls, slept] = [paced.calls("sendMessage"), sleeps.length];
        await ownerTick(opts, clock);
        perRun.push(paced.calls("sendMessage") - calls);
        // A second between two of a run's messages.
        expect(sleeps.slice(slept)).toEqual(Array(Math.max(0, perRun.at(-1)! - 1)).fill(1_000));
      }
      // 30 reminders, 10 a run; every request taken (no 429), nothing left for the fourth run.
      expect(perRun).toEqual([10, 10, 10, 0, 0]);
      expect(paced.delivered.length - 30).toBe(paced.calls("sendMessage") - before);
      const sentReminders = paced.delivered
        .filter((d) => d.shown.startsWith("Reminder:"))
        .map((d) => d.shown.split(",")[0]);
      expect(new Set(sentReminders).size).toBe(30);
      expect(sentReminders).toHaveLength(30);
      expect(logs.filter((l) => /could not|429/.test(l))).toEqual([]);
    } finally {
      await paced.close();
    }
  });

  it("a 429 ends the run: the lead it was for and the rest go at the next run, none twice", async () => {
    for (const name of ["A One", "B Two", "C Three", "D Four", "E Five"])
      await lead(name, at("2026-11-24T09:00"));
    const opts = options();
    bench.tg.next({ kind: "ok" }, { kind: "ok" }, { kind: "tooMany", retryAfter: 5 });
    const calls = bench.tg.calls("sendMessage");
    await ownerTick(opts, at("2026-11-24T10:00"));
    expect(bench.tg.calls("sendMessage") - calls).toBe(3);
    expect(reminders()).toHaveLength(2);
    await ownerTick(opts, at("2026-11-24T10:01"));
    await ownerTick(opts, at("2026-11-24T10:02"));
    expect(
      reminders()
        .map((d) => d.shown.split(",")[0])
        .sort(),
    ).toEqual([
      "Reminder: A One",
      "Reminder: B Two",
      "Reminder: C Three",
      "Reminder: D Four",
      "Reminder: E Five",
    ]);
  });
});

describe("the week in the chat", () => {
  it("on Monday at opening: last week's leads by form and source, time to first contact, outcomes, conversion, booked value and top pages; once; nothing for a week without leads", async () => {
    const opts = { ...options(), reminderMinutes: 0 };
    const a = await lead("Ann Week", at("2026-11-23T09:00"));
    const b = await lead("Bo Week", at("2026-11-24T10:00"), { form: "contact" });
    const c = await lead("Cy Week", at("2026-11-25T11:00"));
    await lead("Dee Week", at("2026-11-26T12:00"));
    await lead("Spam Week", at("2026-11-26T13:00"), { status: "spam" });
    await lead("Next Week", at("2026-11-30T07:00"));
    await bench.leads.store.stages.set(a, "quoted", at("2026-11-23T09:40"), { name: "Sam" });
    await bench.leads.store.stages.set(a, "booked", at("2026-11-24T09:00"), { name: "Sam" });
    await bench.leads.store.notes.setQuote(a, 38_000);
    await bench.leads.store.stages.set(b, "called", at("2026-11-24T10:20"), { name: "Sam" });
    await bench.leads.store.stages.move(c, "lost", at("2026-11-25T12:00"), { name: "Sam" }, "price");
    // On Monday the week's figures close the morning message (desk.test.ts shows it whole).
    const weekly = () =>
      bench.tg.delivered
        .filter((d) => d.shown.includes("Last week ("))
        .map((d) => ({ shown: d.shown.slice(d.shown.indexOf("Last week (")) }));

    await ownerTick(opts, at("2026-11-29T10:00"));
    await ownerTick(opts, at("2026-11-30T07:59"));
    expect(weekly()).toHaveLength(0);
    await ownerTick(opts, at("2026-11-30T08:00"));
    await ownerTick(opts, at("2026-11-30T08:01"));
    expect(weekly().map((d) => d.shown)).toEqual([
      [
        "Last week (23 Nov to 29 Nov)",
        "Leads: 4 (3 quote, 1 contact)",
        "From: (not known) 4",
        "First contact: median 30 min in business hours (2 of 4 contacted)",
        "Quoted 0 · Booked 1 · Lost 1 (Price 1)",
        "Conversion: 25% (1 booked of 4 real leads) · Booked value: $380 (1 of 1 with a quote)",
        "Top pages: (not known) 4",
        "",
      ].join("\n"),
    ]);
    // The next Monday, after a week without leads but one: that one only; then a week with none sends
    // nothing.
    await ownerTick(opts, at("2026-12-07T08:00"));
    expect(weekly()).toHaveLength(2);
    expect(weekly()[1].shown).toMatch(/^Last week \(30 Nov to 6 Dec\)\nLeads: 1 \(1 quote, 0 contact\)/);
    await ownerTick(opts, at("2026-12-14T08:00"));
    expect(weekly()).toHaveLength(2);
  });
});

describe("the morning digest", () => {
  it("at opening time: yesterday's leads by stage, the ones still waiting with a link, and spam stopped with a button; once", async () => {
    const waiting = await lead("Wendy Wait", at("2026-11-23T09:00"));
    const called = await lead("Cal Called", at("2026-11-23T11:00"));
    const booked = await lead("Bo Booked", at("2026-11-23T14:00"), { form: "contact" });
    await lead("Spam One", at("2026-11-23T15:00"), { status: "spam" });
    await lead("Spam Two", at("2026-11-23T16:00"), { status: "spam" });
    await bench.leads.store.stages.set(called, "called", at("2026-11-23T11:10"), { name: "Sam" });
    await bench.leads.store.stages.set(booked, "booked", at("2026-11-23T15:10"), { name: "Sam" });
    const before = bench.tg.delivered.length;
    const opts = { ...options(), reminderMinutes: 0 };

    await ownerTick(opts, at("2026-11-24T07:59"));
    expect(bench.tg.delivered.length).toBe(before);
    await ownerTick(opts, at("2026-11-24T08:00"));
    await ownerTick(opts, at("2026-11-24T09:30"));
    const digests = bench.tg.delivered.slice(before);
    expect(digests).toHaveLength(1);
    const notice = (await bench.leads.store.get(waiting))!.noticeMessageId;
    expect(digests[0].shown).toBe(
      [
        "Yesterday's leads",
        "2 quote requests, 1 contact message",
        "Waiting: 1 · Called: 1 · Quoted: 0 · Booked: 1 · Lost: 0 · Not a job: 0",
        "",
        "Still waiting, oldest first (1):",
        `- Wendy Wait, +61 412 345 678, quote, waiting 23 h (since 9:00 am, 23 Nov) https://t.me/c/${bench.tg.chatId.slice(4)}/${notice}`,
        "",
        "Stopped as spam: 2 messages",
        "",
      ].join("\n"),
    );
    expect(digests[0].replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toEqual(["See them"]);

    // See them, then release one: it goes out as a lead.
    await bench.tg.press(digests[0].messageId, digests[0].replyMarkup!.inline_keyboard[0][0].callback_data!);
    await handleUpdate(bench.tg.updates.at(-1), {
      store: bench.leads.store,
      telegram: opts.telegram,
      hours: HOURS,
      log: () => {},
    });
    const shown = bench.tg.delivered.slice(before + 1);
    expect(shown).toHaveLength(1);
    expect(shown[0].shown).toBe(
      [
        "Stopped as spam (2, oldest first)",
        "",
        "1. Spam One <a@example.com>, honeypot filled, 3:00 pm, 23 Nov",
        "(no message)",
        "",
        "2. Spam Two <a@example.com>, honeypot filled, 4:00 pm, 23 Nov",
        "(no message)",
        "",
        "Not spam: N below sends message N to you as a lead.",
      ].join("\n"),
    );
    expect(shown[0].replyMarkup?.inline_keyboard.map((row) => row.map((b) => b.text))).toEqual([
      ["Not spam: 1"],
      ["Not spam: 2"],
    ]);
    await bench.tg.press(shown[0].messageId, shown[0].replyMarkup!.inline_keyboard[0][0].callback_data!);
    await handleUpdate(bench.tg.updates.at(-1), {
      store: bench.leads.store,
      telegram: opts.telegram,
      hours: HOURS,
      log: () => {},
    });
    expect(bench.tg.answers.map((a) => a.text)).toEqual([
      "Here they are.",
      "Released: it arrives as a lead in a moment.",
    ]);
    expect((await bench.leads.store.get("lead-SpamOne"))?.status).toBe("pending");
  });

  it("is marked sent only once Telegram has it: refused with 429, it goes at the next minute's run, once", async () => {
    await lead("Wendy Wait", at("2026-11-24T09:00"));
    const before = bench.tg.delivered.length;
    const opts = { ...options(), reminderMinutes: 0 };
    bench.tg.next({ kind: "tooMany", retryAfter: 1 });
    await ownerTick(opts, at("2026-11-25T08:00"));
    expect(bench.tg.delivered.length).toBe(before);
    expect(await bench.leads.store.settings.read("digest-last-day")).toBeUndefined();
    expect(logs.at(-1)).toBe(
      "relay: the morning digest could not be sent (429 Too Many Requests: retry after 1); trying again in a minute",
    );

    await ownerTick(opts, at("2026-11-25T08:01"));
    await ownerTick(opts, at("2026-11-25T08:02"));
    await ownerTick(opts, at("2026-11-25T12:00"));
    const digests = bench.tg.delivered.slice(before);
    expect(digests.map((d) => d.shown.split("\n")[0])).toEqual(["Yesterday's leads"]);
    expect(await bench.leads.store.settings.read("digest-last-day")).toBe("2026-11-25");
  });

  it("is sent by one run when runs overlap: at the same minute, or the next while the first waits for Telegram", async () => {
    await lead("Wendy Wait", at("2026-11-24T09:00"));
    const before = bench.tg.delivered.length;
    const opts = { ...options(), reminderMinutes: 0 };
    bench.tg.next({ kind: "ok", answerDelayMs: 300 });
    await Promise.all([
      ownerTick(opts, at("2026-11-25T08:00")),
      ownerTick(opts, at("2026-11-25T08:00")),
      ownerTick(opts, at("2026-11-25T08:01")),
    ]);
    await ownerTick(opts, at("2026-11-25T08:02"));
    expect(bench.tg.delivered.slice(before)).toHaveLength(1);
  });

  it("that got no answer is not sent again that day: Telegram may have it", async () => {
    await lead("Wendy Wait", at("2026-11-24T09:00"));
    const before = bench.tg.attempts;
    const opts = {
      ...options(),
      reminderMinutes: 0,
      telegram: { ...options().telegram, attemptTimeoutMs: 200 },
    };
    bench.tg.next({ kind: "hang" });
    await ownerTick(opts, at("2026-11-25T08:00"));
    await ownerTick(opts, at("2026-11-25T08:01"));
    expect(bench.tg.attempts - before).toBe(1);
    expect(logs.at(-1)).toMatch(
      /^relay: the morning digest may not have arrived \(network: no answer in time\); it is not sent again today$/,
    );
  });

  it("sends nothing on a day with nothing to say", async () => {
    await ownerTick(options(), at("2026-11-24T08:00"));
    expect(bench.tg.delivered).toHaveLength(0);
  });

  it("on the first morning of a fresh install, with leads only since midnight, sends nothing: their notices are there", async () => {
    await lead("Early Bird", at("2026-11-24T06:30"));
    const before = bench.tg.delivered.length;
    await ownerTick({ ...options(), reminderMinutes: 0 }, at("2026-11-24T08:00"));
    expect(bench.tg.delivered.slice(before)).toHaveLength(0);
  });

  it("fits one message with the longest names and phones a form takes, on a Monday with follow-ups and the week's figures: each line cuts them, the lists shorten", async () => {
    // Not Australian numbers, so shown as typed: a visitor can type anything in the phone box.
    const phone = `0412 345 678 ext. ${"1".repeat(LIMITS.phone - 18)}`;
    for (let i = 0; i < 16; i++)
      await lead(
        `${String.fromCharCode(65 + i)}${"x".repeat(LIMITS.name - 1)}`,
        at("2026-11-20T10:00") + i * 60_000,
        { phone },
      );
    // A dozen quotes of last week, each due for its follow-up: folded into Monday's message.
    for (let i = 0; i < 12; i++) {
      const id = await lead(
        `${String.fromCharCode(97 + i)}${"q".repeat(LIMITS.name - 1)}`,
        at("2026-11-24T09:00"),
        {
          phone,
        },
      );
      await bench.leads.store.stages.set(id, "quoted", at("2026-11-24T10:00") + i * 60_000, { name: "Sam" });
      await bench.leads.store.notes.setQuote(id, 99_999_99);
    }
    await bench.leads.store.settings.write("digest-last-day", "2026-11-29");
    const before = bench.tg.delivered.length;
    await ownerTick({ ...options(), reminderMinutes: 0, followUpDays: 3 }, at("2026-11-30T08:00"));
    const [digest, ...rest] = bench.tg.delivered.slice(before);
    expect(
      digest,
      "the digest arrives: Telegram refuses a message over 4,096 characters, and the relay tries it once a day",
    ).toBeDefined();
    expect(rest, "the follow-ups are folded into it").toEqual([]);
    expect(digest.shown.length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT);
    expect(digest.shown).toMatch(/\nStill waiting, oldest first \(the first \d+; \/leads has the rest\):\n/);
    expect(digest.shown).toMatch(/\nQuotes to follow up \(12, the first \d+; \/leads has the rest\):\n/);
    expect(digest.shown).toContain("\nLast week (23 Nov to 29 Nov)\n");
    const listed = digest.shown.split("\n").filter((l) => l.startsWith("- "));
    expect(listed.length).toBeGreaterThan(5);
    expect(listed[0]).toMatch(
      new RegExp(
        `^- Ax{63}, ${phone.slice(0, PHONE_IN_LINE_MAX)}, quote, waiting 9 days 22 h \\(since 10:00 am, 20 Nov\\) https://t\\.me/c/`,
      ),
    );
  });

  it("adds up: the list of those still waiting holds no lead received today, oldest first with phones; older ones still waiting are listed under no new leads", async () => {
    await lead("Old Wait", at("2026-11-20T10:00"));
    await bench.leads.store.settings.write("digest-last-day", "2026-11-24");
    await lead("Today One", at("2026-11-25T07:00"));
    await lead("Today Two", at("2026-11-25T07:30"), { form: "contact" });
    const before = bench.tg.delivered.length;
    await ownerTick({ ...options(), reminderMinutes: 0 }, at("2026-11-25T08:00"));
    const [digest] = bench.tg.delivered.slice(before);
    expect(digest.shown).toBe(
      [
        "Yesterday's leads",
        "No new leads.",
        "",
        "Still waiting, oldest first (1):",
        `- Old Wait, +61 412 345 678, quote, waiting 4 days 22 h (since 10:00 am, 20 Nov) https://t.me/c/${bench.tg.chatId.slice(4)}/${(await bench.leads.store.get("lead-OldWait"))!.noticeMessageId}`,
        "",
      ].join("\n"),
    );
  });

  it("links to a notice only where Telegram gives links (a supergroup or channel), none in a private chat or a basic group", () => {
    expect(noticeLink("-1001234567890", 42)).toBe("https://t.me/c/1234567890/42");
    expect(noticeLink("987654321", 42)).toBeUndefined();
    expect(noticeLink("-4567890", 42)).toBeUndefined();
  });

  it("on Monday covers Saturday and Sunday, when the business was closed on Sunday", async () => {
    await lead("Sat Lead", at("2026-11-28T10:00"));
    await bench.leads.store.stages.set("lead-SatLead", "called", at("2026-11-28T10:10"), { name: "Sam" });
    await ownerTick({ ...options(), reminderMinutes: 0 }, at("2026-11-28T09:00"));
    await lead("Sun Lead", at("2026-11-29T10:00"));
    await bench.leads.store.stages.set("lead-SunLead", "booked", at("2026-11-29T10:10"), { name: "Sam" });
    const before = bench.tg.delivered.length;
    await ownerTick({ ...options(), reminderMinutes: 0 }, at("2026-11-30T08:00"));
    // Monday's weekly summary aside.
    const digest = bench.tg.delivered.slice(before).filter((d) => !d.shown.startsWith("Last week"));
    expect(digest).toHaveLength(1);
    expect(digest[0].shown).toMatch(
      /^Leads of the last 2 days\n2 quote requests, 0 contact messages\nWaiting: 0 · Called: 1 · Quoted: 0 · Booked: 1/,
    );
  });
});

describe("the spam listing (the digest's See them)", () => {
  /** `n` messages stopped as spam on 23 November, with the longest name and address a form takes. */
  async function stopped(n: number, message: (i: number) => string) {
    const email = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.au`;
    for (let i = 0; i < n; i++) {
      const body = ContactBody.parse({
        name: `${"Ｎ".repeat(196)} ${String(i).padStart(3, "0")}`,
        email,
        message: message(i),
      });
      await bench.leads.store.add({
        id: `spam-${i}`,
        form: "contact",
        fields: body,
        parts: contactNotices(body, new Date(at("2026-11-23T10:00") + i), { clock: CLOCK }),
        receivedAt: at("2026-11-23T10:00") + i * 60_000,
        status: "spam",
        spamReason: "more than three links",
      });
    }
  }

  it("is one message however many were stopped, within Telegram's length, naming how many more and where to see them", async () => {
    await stopped(25, () => "Buy now https://a.example https://b.example ".repeat(200));
    const summary = await showSpam(
      bench.leads.store,
      options().telegram,
      CLOCK,
      at("2026-11-23T00:00"),
      at("2026-11-24T00:00"),
    );
    expect(bench.tg.delivered).toHaveLength(1);
    const [listing] = bench.tg.delivered;
    expect(listing.shown.length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT);
    const buttons = listing.replyMarkup!.inline_keyboard.map((row) => row.map((b) => b.text));
    expect(buttons.length).toBeGreaterThan(1);
    expect(buttons.length).toBeLessThanOrEqual(SPAM_LISTED);
    expect(buttons).toEqual(buttons.map((_, i) => [`Not spam: ${i + 1}`]));
    expect(listing.replyMarkup!.inline_keyboard.map((row) => row[0].callback_data)).toEqual(
      buttons.map((_, i) => `release:spam-${i}`),
    );
    expect(listing.shown).toMatch(
      new RegExp(`^Stopped as spam \\(the first ${buttons.length} of 25, oldest first\\)\n`),
    );
    expect(
      listing.shown.endsWith(
        `\n${25 - buttons.length} more not shown: npm run leads -- list --spam lists them all.`,
      ),
    ).toBe(true);
    expect(summary).toBe(
      `The first ${buttons.length} of 25 shown; npm run leads -- list --spam shows the rest.`,
    );
  });

  it("shows the first 200 characters of each message on one line, leaving out an emoji that does not fit whole", async () => {
    // Its line breaks made spaces, the emoji is the 200th and 201st UTF-16 units.
    await stopped(2, (i) => `${"m".repeat(197)}\n${i}🎉 and the rest`);
    expect(
      await showSpam(
        bench.leads.store,
        options().telegram,
        CLOCK,
        at("2026-11-23T00:00"),
        at("2026-11-24T00:00"),
      ),
    ).toBe("2 shown.");
    const lines = bench.tg.delivered[0].shown.split("\n");
    expect(lines[3]).toBe(`${"m".repeat(197)} 0`);
    expect(lines[6]).toBe(`${"m".repeat(197)} 1`);
  });
});

describe("the Undo's minute", () => {
  it("is up at the next minute tick: the notice is edited once to take the button away, its text unchanged; a notice still within it keeps it", async () => {
    const received = at("2026-11-24T10:00");
    const id = await lead("Undo Expiry", received);
    const other = await lead("Undo Fresh", received);
    const notice = async (leadId: string) =>
      bench.tg.messages.get((await bench.leads.store.get(leadId))!.noticeMessageId!)!;
    const press = async (leadId: string, pressedAt: number) => {
      const messageId = (await bench.leads.store.get(leadId))!.noticeMessageId!;
      await bench.tg.press(messageId, `stage:called:${leadId}`);
      const update = bench.tg.updates.at(-1)!;
      await handleUpdate(update, {
        store: bench.leads.store,
        telegram: options().telegram,
        hours: HOURS,
        log: () => {},
        now: () => pressedAt,
      });
    };
    await press(id, at("2026-11-24T10:05"));
    await press(other, at("2026-11-24T10:05") + 30_000);
    const undoButtons = async (leadId: string) =>
      (await notice(leadId)).replyMarkup!.inline_keyboard.flat().filter((b) => b.text === "Undo").length;
    expect(await undoButtons(id)).toBe(1);
    const text = (await notice(id)).shown;
    const edits = bench.tg.edits.length;

    await ownerTick(options(), at("2026-11-24T10:06"));
    expect(await undoButtons(id)).toBe(0);
    expect((await notice(id)).shown).toBe(text);
    expect(await undoButtons(other)).toBe(1);
    expect(bench.tg.edits).toHaveLength(edits + 1);
    await ownerTick(options(), at("2026-11-24T10:06") + 20_000);
    expect(bench.tg.edits).toHaveLength(edits + 1);
    await ownerTick(options(), at("2026-11-24T10:07"));
    expect(await undoButtons(other)).toBe(0);
    expect(bench.tg.edits).toHaveLength(edits + 2);
  });
});
