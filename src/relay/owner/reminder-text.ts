/**
 * What a reminder and a follow-up say, on their first line, which a lock screen shows: who, the number to
 * ring, and how long they have waited.
 */
import type { Clock } from "../clock.ts";
import { bold, nameInLine, plain, render, value } from "../telegram/markdown.ts";
import { phoneInLine } from "../telegram/phone.ts";
import { formatDollars } from "../../shared/pricing/format.ts";

/**
 * "Follow up: Ann Lee, +61 412 345 678, quoted $380 at 10:05 am, 24 Nov, not booked yet. Ring them, then
 * press Booked or Lost."
 */
export function followUpText(
  fields: Record<string, string> | null,
  quotedAt: number,
  now: number,
  clock: Clock,
  cents: number | null = null,
): string {
  return whoToRing(
    "Follow up:",
    fields,
    (ring) =>
      `, quoted ${cents === null ? "" : `${formatDollars(cents)} at `}${clock.time(quotedAt, now)}, not booked yet. ${ring}, then press Booked or Lost.`,
  );
}

/**
 * A reminder the owner can act on from the lock screen: who, the number to ring, how long they have
 * waited ("Reminder: Ann Lee, +61 412 345 678, waiting 2 h 5 min (since 10:00 am). Ring them, then
 * press Called."), with the notice's buttons under it.
 */
export function reminderText(
  fields: Record<string, string> | null,
  receivedAt: number,
  now: number,
  clock: Clock,
): string {
  return whoToRing(
    "Reminder:",
    fields,
    (ring) =>
      `, waiting ${waitedFor(now - receivedAt)} (since ${clock.time(receivedAt, now)}). ${ring}, then press Called.`,
  );
}

/**
 * A stale lead's second reminder ("Second reminder: Ann Lee, +61 412 345 678, waiting 3 days (since
 * 9:00 pm, 23 Nov). Ring them, then press Called.") and the offer to close it ("Still waiting: Ann
 * Lee, +61 412 345 678, 5 days (since 9:00 pm, 23 Nov), reminded twice. No answer? Close it as
 * Lost, or keep it open."): owner/stale.ts.
 */
export function staleText(
  step: "nudge" | "offer",
  fields: Record<string, string> | null,
  receivedAt: number,
  now: number,
  clock: Clock,
): string {
  const since = `${waitedFor(now - receivedAt)} (since ${clock.time(receivedAt, now)})`;
  return step === "nudge"
    ? whoToRing("Second reminder:", fields, (ring) => `, waiting ${since}. ${ring}, then press Called.`)
    : whoToRing(
        "Still waiting:",
        fields,
        () => `, ${since}, reminded twice. No answer? Close it as Lost, or keep it open.`,
      );
}

/**
 * "<label> Ann Lee, +61 412 345 678<rest>": a message's first line, which a lock screen shows; `rest` is told
 * how to reach them.
 */
function whoToRing(
  label: string,
  fields: Record<string, string> | null,
  rest: (ring: "Ring them" | "Email them") => string,
): string {
  const number = phoneInLine(fields?.phone ?? "");
  return render([
    bold(label),
    plain(" "),
    nameInLine(fields?.name ?? "(erased)"),
    plain(", "),
    number ? value(number) : plain("no phone given"),
    plain(rest(number ? "Ring them" : "Email them")),
  ]).markdown;
}

/** "35 min", "2 h 5 min", "1 day 3 h": how long a lead has waited, as a glance reads it. */
export function waitedFor(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const [days, hours, mins] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60];
  if (days) return `${days} ${days === 1 ? "day" : "days"}${hours ? ` ${hours} h` : ""}`;
  return hours ? `${hours} h${mins ? ` ${mins} min` : ""}` : `${mins} min`;
}
