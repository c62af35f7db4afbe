/**
 * The owner's replies to a lead's notice, reminder or follow-up, as Telegram's
 * `message` updates (https://core.telegram.org/bots/api#message): a number
 * ("$380", "1,250.50") records what was quoted; any other text is a note
 * ("wants Saturday"). Only a reply to one of the relay's own messages about a
 * lead (its notice, or a reminder or follow-up kept in lead_messages), in the
 * owner's chat, from a person, counts; anything else is left alone (the chat
 * is the owner's to talk in). Each is confirmed with a reply to the owner's
 * message, and the notice then shows the quote and the notes (presses.ts).
 */
import { sendOnce, type TelegramOptions } from "../telegram/client.ts";
import { nameInLine, render, plain } from "../telegram/markdown.ts";
import { cutText } from "../../shared/text.ts";
import { formatDollars } from "../../shared/pricing/format.ts";
import type { LeadStore } from "../leads/store.ts";
import { readDays } from "../booking/days.ts";
import { offerDaysReply } from "./acceptances.ts";
import type { BookingOwner } from "./booking-owner.ts";
import { quoteAnswer } from "./quoting.ts";

export interface OwnerMessage {
  message_id?: number;
  from?: { id?: number; is_bot?: boolean; first_name?: string; last_name?: string; username?: string };
  chat?: { id?: number | string };
  text?: unknown;
  reply_to_message?: { message_id?: number };
}

/** The longest note kept; the rest is cut (a note is a reminder, not a letter). */
export const NOTE_MAX = 500;
/** The largest amount taken as a quote, in dollars: a bigger number is more likely a phone or a date. */
const QUOTE_MAX_DOLLARS = 100_000;

/** A quote in cents, from "$380", "380", "$1,250.50", "380.5"; undefined for anything else. */
export function quoteCents(text: string): number | undefined {
  const m = /^\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return undefined;
  const cents = Number(m[1].replace(/,/g, "")) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
  return cents > 0 && cents <= QUOTE_MAX_DOLLARS * 100 ? cents : undefined;
}

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/**
 * A note as kept: its lines, without controls or direction marks (which could make `npm run leads` or the
 * chat misread), cut to NOTE_MAX.
 */
export const cleanNote = (text: string) =>
  cutText(
    text
      .replace(/\r\n?|[\u2028\u2029]/g, "\n")
      .replace(CONTROLS, "")
      .trim(),
    NOTE_MAX,
  );

/**
 * "$380" or "1,250.50" alone, or "$380 incl. oven, Tue or Wed": an amount, with a dollar sign when a
 * line follows it (so "3 bedrooms, wants Saturday" stays a note), and the line as the quote's note
 * (issue 51). Undefined for anything else.
 */
export function quoteReply(text: string): { cents: number; note: string | null } | undefined {
  const alone = quoteCents(text);
  if (alone !== undefined) return { cents: alone, note: null };
  const m = /^\s*(\$\s*(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?)[\s,;:–—-]+([\s\S]+)$/.exec(text);
  const cents = m ? quoteCents(m[1]) : undefined;
  const note = m ? cleanNote(m[2]) : "";
  return cents !== undefined && note ? { cents, note } : undefined;
}

/**
 * Handles one message update: a reply to a lead's notice, reminder or follow-up in the owner's chat
 * is recorded and confirmed, and the lead's id answered (its notice is to show it); anything else
 * is ignored. Throws only when the store fails.
 */
export async function handleReply(
  message: OwnerMessage,
  {
    store,
    telegram,
    log,
    now,
    booking,
  }: {
    store: LeadStore;
    telegram: TelegramOptions;
    log: (m: string) => void;
    now: () => number;
    /**
     * With it, an amount is a quote the customer can be sent (quoting.ts), and a reply to Offer another
     * day's question names the days.
     */
    booking?: BookingOwner;
  },
): Promise<string | undefined> {
  if (String(message.chat?.id) !== telegram.chatId) {
    log("relay: a message from another chat was ignored");
    return;
  }
  const replyTo = message.reply_to_message?.message_id;
  if (typeof replyTo !== "number" || typeof message.text !== "string" || message.from?.is_bot) return;
  const notes = store.notes;
  const lead = await notes.leadOfMessage(telegram.chatId, replyTo);
  if (!lead) return;
  const by = {
    name:
      [message.from?.first_name, message.from?.last_name].filter(Boolean).join(" ") ||
      message.from?.username ||
      "someone",
    id: message.from?.id,
  };
  const who = nameInLine(lead.name ?? "this lead");
  const ctx = booking && { store, telegram, log, now, booking };
  const quote = booking ? quoteReply(message.text) : undefined;
  const cents = quote?.cents ?? quoteCents(message.text);
  let confirmation;
  if (ctx && lead.kind === "offer-days" && readDays(message.text, now(), booking.hours.clock).length) {
    confirmation = render([plain(await offerDaysReply(ctx, lead.id, message.text, by))]).markdown;
  } else if (ctx && quote) {
    await notes.setQuote(lead.id, quote.cents);
    const full = await store.get(lead.id);
    if (full)
      await quoteAnswer(ctx, full, quote, by, { chatId: telegram.chatId, messageId: message.message_id });
    return lead.id;
  } else if (cents !== undefined) {
    await notes.setQuote(lead.id, cents);
    log(`relay: lead ${lead.id}: quote recorded`);
    // Told to press Quoted only while the lead is not there yet (or past it): a reply to a follow-up is at
    // Quoted already.
    const pressQuoted =
      lead.stage === null || lead.stage === "called" ? " Press Quoted on the notice once they have it." : "";
    confirmation = render([
      plain("Quote recorded for "),
      who,
      plain(`: ${formatDollars(cents)}.${pressQuoted}`),
    ]).markdown;
  } else {
    const note = cleanNote(message.text);
    if (!note) return;
    await notes.addNote(lead.id, note, now(), by);
    log(`relay: lead ${lead.id}: note added`);
    confirmation = render([plain("Note added to "), who, plain("'s lead.")]).markdown;
  }
  const sent = await sendOnce(confirmation, telegram, "Markdown", {
    reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
  });
  if (sent.kind !== "sent") log(`relay: could not confirm the owner's reply (${sent.reason})`);
  return lead.id;
}
