/**
 * The booking's three emails to the customer, filled from the markup the
 * build wrote (markup.ts, from content/ and src/templates/BookingEmails.tsx):
 * the quote with its link, the booking's confirmation, and the reminder the
 * day before. Each is made from the lead and its quote alone, so every try of
 * one email is the same body, as the provider's idempotency key requires
 * (decision 0060). The quote email repeats nothing the visitor typed (its
 * address is not yet known to be theirs); the confirmation and the reminder
 * name the address given, once the customer has accepted through the link
 * that address received.
 */
import { telHref } from "../../shared/phone.ts";
import { fillSlots } from "../../shared/slots.ts";
import { oneLine } from "../../shared/text.ts";
import type { EmailMessage } from "../email/client.ts";
import { BOOKING_MARKUP } from "./markup.ts";
import { dayLong, dayShort, timeLabel, type TimeOfDay } from "./days.ts";
import type { QuoteView } from "./quote-view.ts";
import { includesMarkup, includesText } from "./includes.ts";

const E = BOOKING_MARKUP.email;
const WHY = "We sent this email about the quote you asked for on our website. Reply to it to reach us.";

interface Common {
  to: string;
  replyTo?: string;
  /** The business's number, as the relay knows it (siteInUse). */
  phone: string;
}

/** The email's html and text from its parts: the same slots, escaped in the html, as they are in the text. */
function made(
  which: { subject: string; html: string; text: string },
  { to, replyTo, phone }: Common,
  text: Record<string, string>,
  rows: { label: string; value: string }[],
  raw: { html: Record<string, string>; text: Record<string, string> } = { html: {}, text: {} },
  day = "",
): EmailMessage {
  const slots = { ...text, phone, phoneHref: telHref(phone), why: WHY };
  return {
    to,
    replyTo,
    subject: fillSlots(which.subject, {}, { day }),
    html: fillSlots(which.html, slots, { rows: rows.map((r) => fillSlots(E.row, r)).join(""), ...raw.html }),
    text: fillSlots(
      which.text,
      {},
      {
        ...slots,
        rows: rows.map((r) => `${r.label}: ${oneLine(r.value)}`).join("\n"),
        ...raw.text,
      },
    ),
  };
}

/** The quote, with its link; `days`: the days the owner offered, when they did (a new link). */
export function quoteEmail(
  view: QuoteView,
  link: string,
  common: Common,
  days?: readonly string[] | null,
): EmailMessage {
  const opening = days?.length
    ? `Here is your quote again, with the days we can offer: ${days.map(dayShort).join(", ")}. Choose the one that suits you.`
    : "Here is our quote for the cleaning you asked about on our website.";
  return made(
    E.quote,
    common,
    { opening, total: view.total, gst: view.gst, validUntil: view.validUntil, link },
    view.rows,
    {
      html: {
        note: view.note ? fillSlots(E.note, { note: view.note }) : "",
        includes: includesMarkup(view.service, E, "areas"),
      },
      text: {
        note: view.note ? `A note from us: ${view.note}\n` : "",
        includes: includesText(view.service),
      },
    },
  );
}

export interface BookingFacts {
  day: string;
  time: TimeOfDay;
  /** The address the visitor gave, as given (one line). */
  address: string;
  view: QuoteView;
}

const bookingRows = ({ day, time, address, view }: BookingFacts) => [
  { label: "Day", value: dayLong(day) },
  { label: "Time of day", value: timeLabel(time) },
  ...(address.trim() ? [{ label: "Address", value: oneLine(address) }] : []),
  ...view.rows.filter((r) => r.label === "Service"),
  { label: "Price", value: view.total },
];

/** The booking confirmed: the day, the time of day, the address as given, what to prepare, how to change it. */
export function bookedEmail(booking: BookingFacts, common: Common): EmailMessage {
  const opening = `Your booking is confirmed: ${dayLong(booking.day)}, ${timeLabel(booking.time).toLowerCase()}.`;
  return made(E.booked, common, { opening }, bookingRows(booking), undefined, dayLong(booking.day));
}

/** The day before. */
export function reminderEmail(booking: BookingFacts, common: Common): EmailMessage {
  const opening = `A reminder that we are booked to clean tomorrow, ${dayLong(booking.day)}, in the ${timeLabel(booking.time).toLowerCase()}.`;
  return made(E.reminder, common, { opening }, bookingRows(booking), undefined, dayLong(booking.day));
}
