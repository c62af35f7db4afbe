/**
 * A quote in one reply (issue 51): the owner replies to a lead's notice,
 * reminder or follow-up with an amount ("$380", or "$380 incl. oven, Tue or
 * Wed" with a line for the customer), and the relay records it, moves the
 * lead to Quoted (unless it is Booked, Lost or Not a job already), and
 * answers with the quote as the customer will read it, under two buttons:
 * Send to Ann, and Not yet. Send emails it with its signed link
 * (booking/link.ts); where the relay cannot email (no email settings, no
 * RELAY_ORIGIN for the link, no address the client takes), the answer says
 * so and how to turn it on, and offers no Send.
 */
import { fillSlots } from "../../shared/slots.ts";
import { bookingUrl } from "../booking/link.ts";
import { BOOKING_MARKUP } from "../booking/markup.ts";
import { expiryOf, quoteView } from "../booking/quote-view.ts";
import { recordCustomerEmail } from "../booking/customer-emails.ts";
import { isAddress } from "../email/address.ts";
import type { Lead } from "../leads/lead.ts";
import { callBotRetrying, sendOnce } from "../telegram/client.ts";
import { bold, nameInLine, plain, render, value, type Piece } from "../telegram/markdown.ts";
import { formatDollars } from "../../shared/pricing/format.ts";
import type { BookingOwner, Ctx } from "./booking-owner.ts";
import { firstName, quoteButton, sendLabel } from "./booking-buttons.ts";
import type { KeyboardButton } from "./stage-buttons.ts";
import { EDIT_RETRY } from "./notice-edit.ts";

/** Why a quote cannot be emailed from here, in words that say how to turn it on; undefined: it can. */
export function cannotSend(booking: BookingOwner, lead: Lead): string | undefined {
  if (!booking.email)
    return "Email is off, so it is not sent: set EMAIL_API_KEY, EMAIL_FROM and OWNER_EMAIL (docs/relay.md#email) to send quotes from here.";
  if (!booking.origin)
    return "Not sent: the relay does not know its own address for the customer's link; set RELAY_ORIGIN (docs/relay.md#booking).";
  if (!isAddress(lead.fields?.email ?? ""))
    return "Not sent: the address they gave is not one we can email. Ring them with it.";
  return undefined;
}

/** The quote as the owner's preview shows it: the lines the customer reads. */
function previewLines(
  lead: Lead,
  quote: { cents: number; note: string | null; expiresAt?: number | null },
  booking: BookingOwner,
  at: number,
) {
  const { clock } = booking.hours;
  const expiresAt = quote.expiresAt ?? expiryOf(at, booking.rules.quoteValidDays, clock);
  const view = quoteView(lead, { ...quote, expiresAt }, clock, booking.services);
  return [
    plain("\n"),
    ...view.rows.flatMap((r) => [plain(`${r.label}: `), value(r.value), plain("\n")]),
    ...(view.note ? [plain("Note: "), value(view.note), plain("\n")] : []),
    plain(`Total ${view.total}. ${fillSlots(BOOKING_MARKUP.gst, {}, { gst: view.gst })}\n`),
    plain(`Stands until ${view.validUntil}${quote.expiresAt ? "." : ", if sent now."}`),
  ];
}

/**
 * The owner quoted `cents` (with `note`) in a reply (`message`, in `chatId`): recorded as the lead's next
 * quote, the lead moved to Quoted, and answered with the preview and its buttons. A reply handled again
 * (after a crash) finds its quote and answers only if the first time did not.
 */
export async function quoteAnswer(
  ctx: Ctx,
  lead: Lead,
  quote: { cents: number; note: string | null },
  by: { name: string; id?: number },
  message: { chatId: string; messageId: number | undefined },
): Promise<void> {
  const { store, telegram, log, now, booking } = ctx;
  const at = now();
  const { seq, made } = await store.quotes.add(lead.id, {
    ...quote,
    byName: by.name,
    at,
    replyTo: `${message.chatId}:${message.messageId}`,
  });
  const moved =
    (lead.stage === null || lead.stage === "called") &&
    (await store.stages.move(lead.id, "quoted", at, by)) !== undefined;
  if (made) log(`relay: lead ${lead.id}: quote ${seq} recorded`);
  if ((await store.quotes.get(lead.id, seq))?.messageId != null) return;
  const why = cannotSend(booking, lead);
  const pieces: Piece[] = [
    plain("Quote recorded for "),
    nameInLine(lead.fields?.name ?? "this lead"),
    plain(`: ${formatDollars(quote.cents)}.${moved ? " Marked Quoted." : ""}\n`),
    bold("As they will read it:"),
    ...previewLines(lead, quote, booking, at),
    ...(why
      ? [plain("\n\n"), value(why)]
      : [plain("\n\nSend it by email, with the link to accept and choose a day?")]),
  ];
  const sent = await sendOnce(render(pieces).markdown, telegram, "Markdown", {
    reply_parameters: { message_id: message.messageId, allow_sending_without_reply: true },
    ...(why ? {} : { reply_markup: quoteKeyboard(lead.id, seq, lead.fields?.name) }),
  });
  if (sent.kind !== "sent") return log(`relay: could not show the owner quote ${seq} (${sent.reason})`);
  if (sent.messageId === undefined) return;
  await store.quotes.answered(lead.id, seq, sent.chatId, sent.messageId);
  await store.notes.sentAbout(lead.id, sent.chatId, sent.messageId, "quote", at);
}

/** The quote's preview edited to say what became of it, its buttons gone. */
async function settle(ctx: Ctx, lead: Lead, seq: number, line: string): Promise<void> {
  const q = await ctx.store.quotes.get(lead.id, seq);
  if (!q?.chatId || q.messageId === null) return;
  const text = render([
    plain("Quote recorded for "),
    nameInLine(lead.fields?.name ?? "this lead"),
    plain(`: ${formatDollars(q.cents)}.\n`),
    bold("As they will read it:"),
    ...previewLines(lead, q, ctx.booking, q.sentAt ?? q.createdAt),
    plain("\n\n"),
    value(line),
  ]).markdown;
  await editAnswer(ctx, q.chatId, q.messageId, text, `quote ${seq}'s preview`);
}

/**
 * One of the relay's booking messages (a quote's preview, an acceptance) edited to say what became of
 * it, its buttons gone; an edit Telegram refuses is logged, and "not modified" is an edit made before.
 */
export async function editAnswer(
  { telegram, log }: Pick<Ctx, "telegram" | "log">,
  chatId: string,
  messageId: number,
  text: string,
  what: string,
): Promise<void> {
  const edited = await callBotRetrying(
    telegram,
    "editMessageText",
    { chat_id: chatId, message_id: messageId, text, parse_mode: "Markdown" },
    EDIT_RETRY,
  );
  if (!edited.ok && !/not modified/i.test(edited.description))
    log(`relay: could not edit ${what} (${edited.description})`);
}

/**
 * Sends quote `seq` to the customer with a new link: answers what the owner is told. Safe to repeat:
 * an email already recorded is not recorded again, and the minute tick records one a crash left owed.
 */
export async function sendQuote(
  ctx: Ctx,
  leadId: string,
  seq: number,
  by: { name: string },
): Promise<string> {
  const { store, now, booking } = ctx;
  const lead = await store.get(leadId);
  const quote = await store.quotes.get(leadId, seq);
  if (!lead || !quote || lead.erasedAt !== null) return "This lead is not in the store.";
  const why = cannotSend(booking, lead);
  if (why) return why;
  const at = now();
  const token = await (await booking.signer()).token({ leadId, seq });
  const link = bookingUrl(booking.origin!, token);
  const sent = await store.quotes.send(leadId, seq, {
    at,
    expiresAt: expiryOf(at, booking.rules.quoteValidDays, booking.hours.clock),
    link,
  });
  const after = (await store.quotes.get(leadId, seq))!;
  if (after.sentAt === null)
    return after.heldAt !== null
      ? "Not sent: you pressed Not yet. Reply with the amount again to send it."
      : "A newer quote replaced this one: send that one.";
  await recordCustomerEmail(store, leadId, `quote-${seq}`, at);
  if (!sent) return "Already sent.";
  ctx.log(`relay: lead ${leadId}: quote ${seq} sent`);
  const first = firstName(lead.fields?.name) || "the customer";
  await settle(ctx, lead, seq, `Sent to ${first} by ${by.name} at ${booking.hours.clock.time(at, at)}.`);
  return `Sent to ${first}.`;
}

/** Not yet: the quote stays unsent. */
export async function holdQuote(
  ctx: Ctx,
  leadId: string,
  seq: number,
  by: { name: string },
): Promise<string> {
  const lead = await ctx.store.get(leadId);
  if (!lead || lead.erasedAt !== null) return "This lead is not in the store.";
  if (!(await ctx.store.quotes.hold(leadId, seq, ctx.now()))) {
    const q = await ctx.store.quotes.get(leadId, seq);
    return q?.sentAt ? "Already sent." : "Already kept back.";
  }
  await settle(ctx, lead, seq, `Not sent (Not yet, ${by.name}). Reply with the amount again to send it.`);
  return "Kept back: not sent.";
}

/** Send, under the owner's quote: the quote goes to the customer with its link (sendQuote). */
export const sendButton = quoteButton("send", (ctx, { leadId, seq }, by) => sendQuote(ctx, leadId, seq, by));
/** Not yet, under the owner's quote: it stays unsent (holdQuote). */
export const holdButton = quoteButton("hold", (ctx, { leadId, seq }, by) => holdQuote(ctx, leadId, seq, by));

export const quoteKeyboard = (leadId: string, seq: number, name: string | undefined) => ({
  inline_keyboard: [
    [
      { text: sendLabel(name), callback_data: sendButton.data({ leadId, seq }) },
      { text: "Not yet", callback_data: holdButton.data({ leadId, seq }) },
    ],
  ] as KeyboardButton[][],
});
