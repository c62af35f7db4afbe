/**
 * The owner's day as the owner reads it, kept as a fixture a reviewer can read (owner-day.transcript.txt,
 * beside this file): the exact text and buttons of a new lead's notice, the morning message with what fell
 * due at opening folded in, a press, a reminder, the owner's replies, a stale lead's second reminder and
 * the offer to close it, Monday's morning message with the week's figures, and the owner's commands
 * (/leads, /find, /today; one from another chat ignored), made on an injected clock
 * against the Telegram stand-in and a real lead store. A change to any of them shows here as a change to the
 * fixture; `UPDATE_TRANSCRIPT=1` writes it anew.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuoteBody } from "../testing/services.ts";
import { sendParts } from "../leads/send.ts";
import { quoteNotices } from "../telegram/notice.ts";
import { noticeButtons, stageData } from "./stage-buttons.ts";
import { handleUpdate } from "./presses.ts";
import { tempLeadStore } from "../testing/leads.ts";
import { startTelegramStandIn, type StandIn } from "../testing/telegram-stand-in.ts";
import { ownerTick } from "./owner.ts";
import { CLOCK, HOURS } from "../testing/business.ts";

const FIXTURE = path.join(import.meta.dirname, "owner-day.transcript.txt");
/** A private chat of someone else who found the bot. */
const OTHER_CHAT = "777000111";
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
      staleDays: 2,
      log: () => {},
      pace: { sleep: async () => {} },
    };
    const out: string[] = [];
    const seen = new Set<number>();
    /** Every message sent or edited since the last look, as the chat shows it. */
    const look = (what: string) => {
      out.push(`=== ${what}`);
      for (const [id, m] of tg.messages) {
        if (m.chatId !== tg.chatId) continue;
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

    const write = async (text: string, wroteAt: number, chatId?: string) => {
      await tg.write(text, {}, chatId);
      await handleUpdate(tg.updates.at(-1), {
        store: leads.store,
        telegram,
        log: () => {},
        now: () => wroteAt,
        hours: HOURS,
      });
    };
    const arrives = async (id: string, fields: Record<string, string>, receivedAt: number) => {
      const body = QuoteBody.parse(fields);
      await leads.store.add({
        id,
        form: "quote",
        fields: body,
        parts: quoteNotices(body, new Date(receivedAt), { clock: CLOCK }),
        receivedAt,
      });
      expect(
        await sendParts(leads.store, (await leads.store.get(id))!, telegram, {
          buttons: noticeButtons,
          clock: CLOCK,
          now: () => receivedAt + 1_000,
        }),
      ).toEqual({ done: true });
      return (await leads.store.get(id))!.noticeMessageId!;
    };

    // Monday 23 November: a quote request at 9 pm, read at opening on Tuesday.
    const notice = await arrives(
      "lead-ann",
      {
        name: "Ann Lee",
        email: "ann@example.com",
        phone: "0412 345 678",
        address: "12 Jacaranda St, Annerley",
        message: "Bond clean, 2 bedrooms, keys back 3 Dec.",
      },
      at("2026-11-23T21:00"),
    );
    look("A new lead at 9 pm Monday: the notice");

    await ownerTick(options, at("2026-11-24T08:00"));
    look("Tuesday 8:00 am: one morning message, Ann's reminder folded into it");

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

    await reply(notice, "$380", at("2026-11-24T08:33"));
    look("The owner replies $380 to the notice: confirmed, and the notice shows the quote");

    await arrives(
      "lead-cara",
      { name: "Cara Diaz", email: "cara@example.com", phone: "07 3123 4567", message: "Oven and windows." },
      at("2026-11-24T14:00"),
    );
    await ownerTick(options, at("2026-11-24T14:31"));
    look("Tuesday 2 pm: Cara's quote request, and her own reminder half an hour on");

    await ownerTick(options, at("2026-11-26T08:00"));
    look("Thursday 8:00 am: the morning message, then Cara's second reminder (two business days on)");

    await ownerTick(options, at("2026-11-27T08:00"));
    look("Friday 8:00 am: the morning message, with Ann's follow-up folded into it");

    await reply(notice, "Rang, no answer. Try after 5 (she's at work)", at("2026-11-27T08:20"));
    await press(notice, stageData("lost", "lead-ann"), at("2026-11-27T10:00"));
    await press(notice, "lost:price:lead-ann", at("2026-11-27T10:01"));
    await ownerTick(options, at("2026-11-27T10:05"));
    look("A note, then Lost, on price");

    await ownerTick(options, at("2026-11-30T08:00"));
    look("Monday 8:00 am: one morning message with last week's figures, then the offer to close Cara's lead");

    await write("/leads", at("2026-11-30T08:10"));
    await write("/find 0412345678", at("2026-11-30T08:11"));
    await write("/today", at("2026-11-30T08:12"));
    look("The owner's commands: /leads, /find by phone, /today");

    const offer = [...tg.messages.values()].find((m) => m.shown.startsWith("Still waiting:"))!;
    const lost = offer.replyMarkup!.inline_keyboard.flat().find((b) => b.text === "Lost (No answer)")!;
    await press(offer.messageId, lost.callback_data!, at("2026-11-30T08:15"));
    look("Lost (No answer), pressed on the offer: Cara's notice says so");

    const sent = tg.delivered.length;
    await write("/leads", at("2026-11-30T08:20"), OTHER_CHAT);
    out.push(`=== /leads from another chat: ${tg.delivered.length === sent ? "no answer" : "ANSWERED"}`, "");

    const transcript = out.join("\n");
    if (process.env.UPDATE_TRANSCRIPT) writeFileSync(FIXTURE, transcript);
    expect(transcript).toBe(readFileSync(FIXTURE, "utf8"));
  });
});
