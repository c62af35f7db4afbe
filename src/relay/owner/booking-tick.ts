/**
 * A booking's part of the owner's minute tick (owner.ts, issue 51):
 * - an acceptance not yet told in Telegram is told (acceptances.ts);
 * - an email a press owed and a crash kept from being recorded (a quote sent,
 *   a booking confirmed) is recorded now;
 * - once the business opens, each customer booked for the next day gets one
 *   reminder email (not one whose booking was confirmed today: they have
 *   just read the day);
 * and the morning digest opens with the day's jobs (todaysJobs).
 */
import { recordCustomerEmail } from "../booking/customer-emails.ts";
import { timeLabel } from "../booking/days.ts";
import { addDays } from "../clock.ts";
import type { LeadStore } from "../leads/store.ts";
import { bold, nameInLine, plain, value, type Piece } from "../telegram/markdown.ts";
import { phoneInLine } from "../telegram/phone.ts";
import { formatDollars } from "../../shared/pricing/format.ts";
import { cutText, oneLine } from "../../shared/text.ts";
import { tellAcceptances } from "./acceptances.ts";
import type { Sends } from "./pace.ts";
import type { Ctx } from "./booking-owner.ts";

export async function bookingTick(ctx: Ctx, now: number, sends: Sends): Promise<void> {
  const { store, booking } = ctx;
  if (booking.email)
    for (const { quote, kind } of await store.quotes.owedEmails())
      await recordCustomerEmail(store, quote.leadId, `${kind}-${quote.seq}`, now);
  await tellAcceptances(ctx, sends);
  if (!booking.email || !booking.hours.isOpen(now)) return;
  const { clock } = booking.hours;
  const today = clock.local(now).date;
  const tomorrow = addDays(today, 1);
  for (const quote of await store.quotes.bookedOn(tomorrow)) {
    if (clock.local(quote.confirmedAt!).date === today) continue;
    if (await recordCustomerEmail(store, quote.leadId, `reminder-${tomorrow}`, now))
      ctx.log(`relay: lead ${quote.leadId}: reminder for ${tomorrow} recorded`);
  }
}

/**
 * The suburb of an address as Australians write it ("12 Smith St, Bayview QLD 4105" → "Bayview"): the
 * part after the last comma, less the state and postcode; the address, cut short, when there is no comma.
 */
export function suburbOf(address: string): string {
  const line = oneLine(address).trim();
  const last = line.includes(",") ? line.slice(line.lastIndexOf(",") + 1) : line;
  const suburb = last
    .replace(/\b(QLD|Qld|Queensland|NSW|VIC|SA|WA|TAS|NT|ACT)\b/g, "")
    .replace(/\b\d{4}\b/g, "")
    .trim();
  return cutText(suburb || line, 40);
}

/** "Today's jobs": each booking on `day`, morning first, with who, where, when, their phone and the amount. */
export async function todaysJobs(store: LeadStore, day: string): Promise<Piece[]> {
  const jobs = await store.quotes.bookedOn(day);
  if (!jobs.length) return [];
  const pieces: Piece[] = [bold(`Today's jobs (${jobs.length})`), plain("\n")];
  for (const job of jobs) {
    const lead = await store.get(job.leadId);
    const phone = phoneInLine(lead?.fields?.phone ?? "");
    const where = suburbOf(lead?.fields?.address ?? "");
    pieces.push(
      plain(`- ${timeLabel(job.timeOfDay!)}: `),
      nameInLine(lead?.fields?.name ?? "(erased)"),
      ...(where ? [plain(", "), value(where)] : []),
      ...(phone ? [plain(", "), value(phone)] : []),
      plain(`, ${formatDollars(job.cents)}\n`),
    );
  }
  return [...pieces, plain("\n")];
}
