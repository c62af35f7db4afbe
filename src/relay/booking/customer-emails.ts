/**
 * A booking's emails to the customer, as the email policy records and makes
 * them (leads/emails.ts): recorded once for a lead (its visitor's address, or
 * "not sent" with why), and made from the lead and its quote row alone, the
 * same on every try. Kinds: `quote-N` (quote N's email, with its link),
 * `booking-N` (quote N's booking confirmed), `reminder-DAY` (the day before
 * DAY, for the lead's booking then).
 */
import type { EmailKind, EmailMessage } from "../email/client.ts";
import { isAddress } from "../email/address.ts";
import type { Lead } from "../leads/lead.ts";
import type { LeadStore } from "../leads/store.ts";
import { isTimeOfDay } from "./days.ts";
import { bookedEmail, quoteEmail, reminderEmail } from "./emails.ts";
import { quoteView } from "./quote-view.ts";
import type { Clock } from "../clock.ts";
import type { SiteServices } from "../../shared/forms/quote-details.ts";

/** The booking's email kinds, read back: which quote, or which day. */
export function bookingKind(
  kind: EmailKind,
): { kind: "quote" | "booking"; seq: number } | { kind: "reminder"; day: string } | undefined {
  const m = /^(quote|booking)-([1-9]\d*)$/.exec(kind);
  if (m) return { kind: m[1] as "quote" | "booking", seq: Number(m[2]) };
  const r = /^reminder-(20\d\d-\d\d-\d\d)$/.exec(kind);
  return r ? { kind: "reminder", day: r[1] } : undefined;
}

/**
 * Records a booking's email to the lead's customer, once: pending to the address they gave, or not sent
 * when there is none the client takes (or the lead was erased). True when this call recorded it.
 */
export async function recordCustomerEmail(
  store: LeadStore,
  leadId: string,
  kind: EmailKind,
  now: number,
): Promise<boolean> {
  const lead = await store.get(leadId);
  const to = lead?.fields?.email ?? "";
  if (lead?.erasedAt != null || !lead?.fields)
    return store.emails.recordNotSent(leadId, kind, null, "not sent: the lead's details were erased", now);
  if (!isAddress(to))
    return store.emails.recordNotSent(
      leadId,
      kind,
      to,
      "not sent: address refused (the email client takes only a plain address such as name@example.com.au)",
      now,
    );
  return store.emails.record(leadId, kind, to, now);
}

/**
 * The message a booking's email record stands for, or why it cannot be made (the quote or booking is
 * gone, or moved to another day).
 */
export async function customerMessage(
  store: LeadStore,
  lead: Lead,
  record: { kind: EmailKind; recipient: string },
  {
    phone,
    clock,
    replyTo,
    services,
  }: { phone: string; clock: Clock; replyTo?: string; services?: SiteServices },
): Promise<EmailMessage | string> {
  const which = bookingKind(record.kind);
  if (!which) return "not sent: not an email of a booking";
  const quote =
    which.kind === "reminder"
      ? await store.quotes.booking(lead.id)
      : await store.quotes.get(lead.id, which.seq);
  if (!quote) return "not sent: its quote is not in the store";
  const common = { to: record.recipient, replyTo, phone };
  const view = quoteView(lead, quote, clock, services);
  if (which.kind === "quote")
    return quote.link ? quoteEmail(view, quote.link, common, quote.days) : "not sent: the quote has no link";
  if (!quote.day || !isTimeOfDay(quote.timeOfDay)) return "not sent: the booking has no day";
  if (which.kind === "reminder" && quote.day !== which.day)
    return `not sent: the booking moved from ${which.day} to ${quote.day}`;
  const booking = { day: quote.day, time: quote.timeOfDay, address: lead.fields?.address ?? "", view };
  return which.kind === "booking" ? bookedEmail(booking, common) : reminderEmail(booking, common);
}
