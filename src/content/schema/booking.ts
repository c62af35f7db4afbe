/**
 * content/booking.yaml: how a customer books online once the owner has quoted
 * (issue 51, decision 0095): how long a quote stands, how many jobs a day,
 * which days are blocked, how far ahead a day may be chosen, whether the
 * business charges GST, what the customer is asked to get ready, and the
 * terms' words on how a booking is made and changed. Every value ships as a
 * default the owner settles (`settled: true`); until then the build says so.
 */
import * as z from "zod";
import { text } from "./common.ts";

/** A day as the relay keeps it, "2026-12-24": a real calendar date. */
export const isoDay = z
  .string()
  .regex(/^20\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, {
    error: (iss) => `expected a day written as 2026-12-24, got ${JSON.stringify(iss.input)}`,
  })
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), {
    error: (iss) => `${JSON.stringify(iss.input)} is not a day of the calendar`,
  });

const whole = (min: number, max: number, what: string) =>
  z
    .number({ error: `expected a whole number from ${min} to ${max}` })
    .int({ error: `expected a whole number from ${min} to ${max}` })
    .min(min, { error: `expected at least ${min}` })
    .max(max, { error: `expected at most ${max}` })
    .describe(what);

export const BookingFile = z.strictObject({
  settled: z
    .boolean()
    .describe(
      "false while the values below are the defaults the site came with; write true once you have read each and made it yours (until then `npm run build` reminds you).",
    ),
  quoteValidDays: whole(
    1,
    90,
    "Days a quote stands after it is emailed: its link stops working after that, and the email says until when.",
  ),
  jobsPerDay: whole(
    1,
    20,
    "How many jobs the business takes on one day: a day with this many booked (or accepted and waiting for your confirmation) is not offered.",
  ),
  noticeDays: whole(
    1,
    14,
    "The first day a customer may choose, in days from today: 1 is tomorrow, 2 the day after.",
  ),
  weeksAhead: whole(1, 12, "How many weeks ahead of today a customer may choose a day."),
  blockedDays: z
    .array(isoDay)
    .describe(
      "Days no booking is taken (holidays, leave, a day already full elsewhere), each written as 2026-12-24. The customer is not offered them.",
    ),
  gstRegistered: z
    .boolean()
    .describe(
      "true when the business is registered for GST: the quote then states the GST the total includes. false: the quote says no GST is charged.",
    ),
  prepare: z
    .array(text)
    .min(1)
    .describe(
      "What the customer is asked to get ready, one line each: the booking confirmation and the day-before reminder list them.",
    ),
  terms: z
    .strictObject({
      made: text.describe(
        "How a booking is made, in a paragraph: the terms page (/terms/#bookings) shows it.",
      ),
      changed: text.describe(
        "How a booking is changed or cancelled, in a paragraph: the terms page shows it, and the confirmation email repeats it.",
      ),
    })
    .describe("The terms page's section on bookings, in your words."),
});

export type BookingData = z.infer<typeof BookingFile>;
