/**
 * The owner's day as the owner reads it, kept as a fixture a reviewer can read (owner-day.transcript.txt,
 * beside this file): the exact text and buttons of a new lead's notice, a press, a reminder, the owner's
 * replies to it and to the follow-up, the morning digest and the weekly summary, made on an injected clock
 * against the Telegram stand-in and a real lead store. A change to any of them shows here as a change to the
 * fixture; `UPDATE_TRANSCRIPT=1` writes it anew.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuoteBody } from "../../shared/forms/schema.ts";
import { sendParts } from "../leads/send.ts";
import { quoteNotices } from "../telegram/notice.ts";
import { noticeButtons, stageData } from "./stage-buttons.ts";
import { handleUpdate } from "./presses.ts";
import { tempLeadStore } from "../testing/leads.ts";
import { startTelegramStandIn, type StandIn } from "../testing/telegram-stand-in.ts";
import { ownerTick } from "./owner.ts";
import { CLOCK, HOURS } from "../testing/business.ts";

const FIXTURE = path.join(import.meta.dirname, "owner-day.transcript.txt");
const at = (local: string) => Date.parse(`${local}:00+10:00`);

let tg: StandIn;
let leads: ReturnType<typeof tempLeadStore>;
beforeAll(async () => {
  tg = await startTelegramStandIn();
  leads = tempLeadStore();
});
afterAll(async () => {
  leads.remove();
  await tg.close();
});

describe("the owner's day, as a transcript", () => {
  it("reads as owner-day.transcript.txt", async () => {
    const telegram = { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId };
    // The second between a run's messages (pace.ts) is not waited out here: owner.test.ts tests it.
    const options = {
      store: leads.store,
      telegram,
      hours: HOURS,
      reminderMinutes: 30,
      followUpDays: 3,
      log: () => {},
      pace: { sleep: async () => {} },
    };
    const out: string[] = [];
    const seen = new Set<number>();
    /** Every message sent or edited since the last look, as the chat shows it. */
    const look = (what: string) => {
      out.push(`=== ${what}`);
      for (const [id, m] of tg.messages) {
        const edited = tg.edits.some((e) => e.messageId === id);
        if (seen.has(id) && !edited) continue;
        seen.add(id);
        out.push(`--- message ${id}${m.replyTo ? `, a reply to ${m.replyTo}` : ""}`, m.shown);
        for (const row of m.replyMarkup?.inline_keyboard ?? [])
          out.push(`[ ${row.map((b) => b.text).join(" | ")} ]`);
      }
      tg.edits.length = 0;
      out.push("");
    };
    const press = async (messageId: number, data: string, pressedAt: number) => {
      await tg.press(messageId, data);
      await handleUpdate(tg.updates.at(-1), {
        store: leads.store,
        telegram,
        log: () => {},
        now: () => pressedAt,
        hours: HOURS,
      });
    };
    const reply = async (messageId: number, text: string, repliedAt: number) => {
      await tg.reply(messageId, text);
      await handleUpdate(tg.updates.at(-1), {
        store: leads.store,
        telegram,
        log: () => {},
        now: () => repliedAt,
        hours: HOURS,
      });
    };

    // Monday 23 November: a quote request at 9 pm, read at opening on Tuesday.
    const body = QuoteBody.parse({
      name: "Ann Lee",
      email: "ann@example.com",
      phone: "0412 345 678",
      address: "12 Jacaranda St, Annerley",
      message: "Bond clean, 2 bedrooms, keys back 3 Dec.",
    });
    const receivedAt = at("2026-11-23T21:00");
    await leads.store.add({
      id: "lead-ann",
      form: "quote",
      fields: body,
      parts: quoteNotices(body, new Date(receivedAt), { clock: CLOCK }),
      receivedAt,
    });
    expect(
      await sendParts(leads.store, (await leads.store.get("lead-ann"))!, telegram, {
        buttons: noticeButtons,
        clock: CLOCK,
        now: () => receivedAt + 1_000,
      }),
    ).toEqual({ done: true });
    look("A new lead at 9 pm Monday: the notice");
    const notice = (await leads.store.get("lead-ann"))!.noticeMessageId!;

    await ownerTick(options, at("2026-11-24T08:00"));
    look("Tuesday 8:00 am: the reminder at opening, and the morning digest");
    const reminder = [...tg.messages.values()].find((m) => m.shown.startsWith("Reminder:"))!.messageId;
    const followUp = () => [...tg.messages.values()].find((m) => m.shown.startsWith("Follow up:"))!.messageId;

    await press(notice, stageData("not-a-job", "lead-ann"), at("2026-11-24T08:05"));
    look("A mis-tap: Not a job");
    const undo = tg.messages
      .get(notice)!
      .replyMarkup!.inline_keyboard.flat()
      .find((b) => b.text === "Undo")!.callback_data!;
    await press(notice, undo, at("2026-11-24T08:05") + 20_000);
    await press(notice, stageData("called", "lead-ann"), at("2026-11-24T08:10"));
    await press(notice, stageData("quoted", "lead-ann"), at("2026-11-24T08:30"));
    await ownerTick(options, at("2026-11-24T08:32"));
    look("Undo, then Called and Quoted; the Undo's minute is up");

    // On the lock screen, the reminder is what the owner swipes to reply to.
    await reply(reminder, "$380", at("2026-11-24T08:33"));
    look("The owner replies $380 to the reminder: confirmed, and the notice shows the quote");

    await ownerTick(options, at("2026-11-27T08:00"));
    look("Friday 8:00 am: the follow-up, three business days after the quote");

    await reply(followUp(), "Rang, no answer. Try after 5 (she's at work)", at("2026-11-27T08:20"));
    look("A note, as a reply to the follow-up");

    await press(notice, stageData("lost", "lead-ann"), at("2026-11-27T10:00"));
    await press(notice, "lost:price:lead-ann", at("2026-11-27T10:01"));
    await ownerTick(options, at("2026-11-27T10:05"));
    look("Lost, on price");

    await ownerTick(options, at("2026-11-30T08:00"));
    look("Monday 8:00 am: the weekly summary");

    const transcript = out.join("\n");
    if (process.env.UPDATE_TRANSCRIPT) writeFileSync(FIXTURE, transcript);
    expect(transcript).toBe(readFileSync(FIXTURE, "utf8"));
  });
});
