/**
 * The owner's side of an acceptance (issue 51, decision 0094). The customer's
 * press on the accept page is told in Telegram ("Ann Lee accepted $380 for
 * Tue 14 Jan, morning") with Confirm booking and Offer another day, as a
 * reply to the lead's notice. Telling is written down before it is sent
 * (leads/quotes.ts claimTelling), so after a crash it goes again, marked
 * "(possible repeat)" when the first may have arrived, and never twice
 * unmarked. Confirm makes the lead Booked with its day and records the
 * customer's confirmation email; Offer another day gives the day back and
 * asks which days to offer, as buttons or a reply, and a new link goes to the
 * customer with only those days.
 */
import { recordCustomerEmail } from "../booking/customer-emails.ts";
import { daysOffered, dayShort, readDays, timeLabel } from "../booking/days.ts";
import { bookingUrl } from "../booking/link.ts";
import { expiryOf } from "../booking/quote-view.ts";
import type { Quote } from "../leads/quotes.ts";
import { sendOnce } from "../telegram/client.ts";
import { bold, nameInLine, plain, render, value } from "../telegram/markdown.ts";
import { phoneInLine } from "../telegram/phone.ts";
import { formatDollars } from "../../shared/pricing/format.ts";
import type { Ctx } from "./booking-owner.ts";
import {
  answerBooking,
  compactDay,
  DAY_PRESS,
  firstName,
  quoteButton,
  type QuotePress,
} from "./booking-buttons.ts";
import { button } from "./buttons.ts";
import type { KeyboardButton } from "./stage-buttons.ts";
import { noticeChat } from "./notice-edit.ts";
import { cannotSend, editAnswer } from "./quoting.ts";
import type { Sends } from "./pace.ts";

/** How long a sender holds an acceptance it is telling: far longer than one send may take (30 s). */
const TELLING_MS = 2 * 60_000;
/** The most days Offer another day offers as buttons. */
const DAY_BUTTONS = 6;

const when = (q: Quote) => `${dayShort(q.day!)}, ${timeLabel(q.timeOfDay!).toLowerCase()}`;

/**
 * Tells the owner of every acceptance not yet told (or of one lead's, from the accept page), each once;
 * `sends`: the minute tick's pace, when it is the tick that tells.
 */
export async function tellAcceptances(ctx: Ctx, sends?: Sends, leadId?: string): Promise<void> {
  const { store, telegram, log, now } = ctx;
  for (const { quote, repeat } of await store.quotes.claimTelling(now(), now() + TELLING_MS, { leadId })) {
    if (sends && !sends.room()) {
      await store.quotes.notTold(quote);
      continue;
    }
    const lead = await store.get(quote.leadId);
    const phone = phoneInLine(lead?.fields?.phone ?? "");
    const text = render([
      ...(repeat ? [plain("(possible repeat) ")] : []),
      nameInLine(lead?.fields?.name ?? "A customer"),
      bold(` accepted ${formatDollars(quote.cents)} for ${when(quote)}`),
      ...(phone ? [plain(", "), value(phone)] : []),
      plain(".\nConfirm the booking, or offer another day."),
    ]).markdown;
    await sends?.next();
    const reply =
      lead?.noticeMessageId != null && noticeChat(lead, telegram) === telegram.chatId
        ? { reply_parameters: { message_id: lead.noticeMessageId, allow_sending_without_reply: true } }
        : {};
    const sent = await sendOnce(text, telegram, "Markdown", {
      ...reply,
      reply_markup: acceptanceKeyboard(quote.leadId, quote.seq),
    });
    sends?.heard(sent);
    if (sent.kind === "sent") {
      await store.quotes.told(quote, now(), sent.chatId, sent.messageId);
      if (sent.messageId !== undefined)
        await store.notes.sentAbout(quote.leadId, sent.chatId, sent.messageId, "acceptance", now());
      log(`relay: lead ${quote.leadId}: the owner was told of the acceptance`);
    } else if (sent.kind === "retry" && sent.uncertain) {
      // It may have arrived: the next try, after the claim runs out, is marked a possible repeat.
      log(`relay: lead ${quote.leadId}: the acceptance's notice may not have arrived (${sent.reason})`);
    } else {
      await store.quotes.notTold(quote);
      log(`relay: lead ${quote.leadId}: could not tell the owner of the acceptance yet (${sent.reason})`);
    }
  }
}

/** The acceptance's message edited to what became of it, its buttons gone. */
async function settleAcceptance(ctx: Ctx, quote: Quote, line: string): Promise<void> {
  if (!quote.chatId || quote.messageId === null) return;
  const lead = await ctx.store.get(quote.leadId);
  const text = render([
    nameInLine(lead?.fields?.name ?? "A customer"),
    bold(` accepted ${formatDollars(quote.cents)} for ${when(quote)}.`),
    plain("\n"),
    value(line),
  ]).markdown;
  await editAnswer(ctx, quote.chatId, quote.messageId, text, `the acceptance of lead ${quote.leadId}`);
}

/**
 * Confirm booking: the booking's day is kept, its confirmation email recorded, the lead moved to Booked.
 * Each step is safe to repeat, so a press handled again after a crash finishes what the first began.
 */
export async function confirmBooking(
  ctx: Ctx,
  leadId: string,
  seq: number,
  by: { name: string; id?: number },
): Promise<string> {
  const { store, now } = ctx;
  const quote = await store.quotes.get(leadId, seq);
  const lead = await store.get(leadId);
  if (!quote?.acceptedAt || !lead || lead.erasedAt !== null) return "This acceptance is not in the store.";
  if (quote.releasedAt !== null && quote.confirmedAt === null)
    return "You offered other days for this one: wait for the customer's choice.";
  const first = await store.quotes.confirm(quote, now(), by.name);
  await recordCustomerEmail(store, leadId, `booking-${seq}`, now());
  await store.stages.move(leadId, "booked", now(), by);
  if (!first) return `Already booked: ${when(quote)}.`;
  ctx.log(`relay: lead ${leadId}: booking confirmed for ${quote.day}`);
  const name = firstName(lead.fields?.name) || "the customer";
  await settleAcceptance(
    ctx,
    quote,
    `✓ Booked by ${by.name} at ${ctx.booking.hours.clock.time(now(), now())}; the confirmation is emailed to ${name}.`,
  );
  return `Booked: ${when(quote)}.`;
}

/** Offer another day: the day goes back, and the owner is asked which days to offer instead. */
export async function offerAnotherDay(
  ctx: Ctx,
  leadId: string,
  seq: number,
  by: { name: string },
): Promise<string> {
  const { store, telegram, now, booking } = ctx;
  const quote = await store.quotes.get(leadId, seq);
  const lead = await store.get(leadId);
  if (!quote?.acceptedAt || !lead || lead.erasedAt !== null) return "This acceptance is not in the store.";
  if (quote.confirmedAt !== null) return "Already booked: reply to the notice with an amount to quote again.";
  const released = await store.quotes.release(quote, now());
  if (!released) return "Already asked: pick the days below it.";
  await settleAcceptance(
    ctx,
    quote,
    `Another day to be offered (${by.name}, ${booking.hours.clock.time(now(), now())}).`,
  );
  const taken = await store.quotes.taken(booking.hours.clock.local(now()).date);
  const days = daysOffered({ rules: booking.rules, hours: booking.hours, now: now(), taken }).slice(
    0,
    DAY_BUTTONS,
  );
  const text = render([
    plain("Which day can you offer "),
    nameInLine(lead.fields?.name ?? "them"),
    plain(" instead? Press one, or reply to this message with the days (Wed 15 Jan, Fri 17 Jan)."),
  ]).markdown;
  const sent = await sendOnce(text, telegram, "Markdown", {
    ...(quote.chatId && quote.messageId !== null && quote.chatId === telegram.chatId
      ? { reply_parameters: { message_id: quote.messageId, allow_sending_without_reply: true } }
      : {}),
    reply_markup: daysKeyboard(leadId, seq, days),
  });
  if (sent.kind === "sent" && sent.messageId !== undefined)
    await store.notes.sentAbout(leadId, sent.chatId, sent.messageId, "offer-days", now());
  return "Which days? Press one below, or reply with them.";
}

/**
 * The owner's days for the lead after quote `seq` was given back: a new quote, the same amount and
 * note, with only these days, sent at once with a new link (the old one now says it was replaced).
 */
export async function offerDays(
  ctx: Ctx,
  leadId: string,
  seq: number,
  days: readonly string[],
  by: { name: string },
): Promise<string> {
  const { store, now, booking } = ctx;
  const [lead, from] = [await store.get(leadId), await store.quotes.get(leadId, seq)];
  if (!lead || !from || lead.erasedAt !== null) return "This lead is not in the store.";
  if (!days.length) return "No day read there: write them as Wed 15 Jan, or 15/1.";
  const why = cannotSend(booking, lead);
  if (why) return why;
  const next = await store.quotes.addAfter(leadId, seq, {
    cents: from.cents,
    note: from.note,
    days,
    byName: by.name,
    at: now(),
  });
  if (next === undefined) return "Already offered: the customer has the new days.";
  const at = now();
  const link = bookingUrl(booking.origin!, await (await booking.signer()).token({ leadId, seq: next }));
  await store.quotes.send(leadId, next, {
    at,
    expiresAt: expiryOf(at, booking.rules.quoteValidDays, booking.hours.clock),
    link,
  });
  await recordCustomerEmail(store, leadId, `quote-${next}`, at);
  ctx.log(`relay: lead ${leadId}: quote ${next} sent with the owner's days`);
  return `New days sent: ${days.map(dayShort).join(", ")}.`;
}

/** A reply to Offer another day's question: the days in it, for the lead's latest quote. */
export async function offerDaysReply(
  ctx: Ctx,
  leadId: string,
  text: string,
  by: { name: string },
): Promise<string> {
  const latest = await ctx.store.quotes.latestSent(leadId);
  if (!latest) return "This lead has no quote sent.";
  return offerDays(ctx, leadId, latest.seq, readDays(text, ctx.now(), ctx.booking.hours.clock), by);
}

/** Confirm booking, under an acceptance; the lead's notice then shows Booked. */
export const confirmButton = quoteButton(
  "confirm",
  (ctx, { leadId, seq }, by) => confirmBooking(ctx, leadId, seq, by),
  async ({ store, booking, edit }, { leadId }) => {
    const lead = booking && (await store.get(leadId));
    if (lead) await edit(lead);
  },
);

/** Offer another day, under an acceptance: the day goes back, and the owner picks others. */
export const offerButton = quoteButton("offer", (ctx, { leadId, seq }, by) =>
  offerAnotherDay(ctx, leadId, seq, by),
);

/** A day, under Offer another day's question: the customer gets a new link with it ("day:SEQ:20270115:LEAD"). */
export const dayButton = button<QuotePress & { day: string }>("day", {
  write: ({ leadId, seq, day }) => `${seq}:${compactDay(day)}:${leadId}`,
  read(rest) {
    const d = DAY_PRESS.exec(rest);
    return d ? { seq: Number(d[1]), day: `${d[2]}-${d[3]}-${d[4]}`, leadId: d[5] } : undefined;
  },
  handle: (pressed, { leadId, seq, day }) =>
    answerBooking(pressed, (ctx) => offerDays(ctx, leadId, seq, [day], pressed.by)),
});

export const acceptanceKeyboard = (leadId: string, seq: number) => ({
  inline_keyboard: [
    [
      { text: "Confirm booking", callback_data: confirmButton.data({ leadId, seq }) },
      { text: "Offer another day", callback_data: offerButton.data({ leadId, seq }) },
    ],
  ] as KeyboardButton[][],
});

/** A button per day, three to a row. */
export function daysKeyboard(leadId: string, seq: number, days: readonly string[]) {
  const buttons = days.map((day) => ({
    text: dayShort(day),
    callback_data: dayButton.data({ leadId, seq, day }),
  }));
  const rows: KeyboardButton[][] = [];
  for (let i = 0; i < buttons.length; i += 3) rows.push(buttons.slice(i, i + 3));
  return { inline_keyboard: rows };
}
