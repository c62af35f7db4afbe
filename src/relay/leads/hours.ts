/**
 * The business's opening hours (content/site.yaml's `hours`) in Brisbane time,
 * for the owner's reminders and morning digest: is the business open at a
 * moment, and when does it next open. Queensland keeps no daylight saving, so
 * Brisbane is UTC+10 all year and plain arithmetic is exact.
 */

export type Day = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";
/** One line of content/site.yaml's hours: its days, and "HH:MM" times (none: closed). */
export interface HoursLine {
  days: readonly Day[];
  opens?: string;
  closes?: string;
}

const DAYS: readonly Day[] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const BRISBANE_OFFSET_MS = 10 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A moment as Brisbane's calendar date ("2026-11-24"), weekday and minutes after midnight. */
export function brisbane(ms: number): { date: string; day: Day; minute: number; midnight: number } {
  const local = new Date(ms + BRISBANE_OFFSET_MS);
  const midnightLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return {
    date: local.toISOString().slice(0, 10),
    day: DAYS[local.getUTCDay()],
    minute: local.getUTCHours() * 60 + local.getUTCMinutes(),
    midnight: midnightLocal - BRISBANE_OFFSET_MS,
  };
}

/** The day's opening and closing, in ms, or undefined on a closed day. */
function openingOn(
  hours: readonly HoursLine[],
  midnight: number,
): { opens: number; closes: number } | undefined {
  const { day } = brisbane(midnight);
  const line = hours.find((h) => h.days.includes(day) && h.opens && h.closes);
  return (
    line && {
      opens: midnight + minutes(line.opens!) * 60_000,
      closes: midnight + minutes(line.closes!) * 60_000,
    }
  );
}

export function isOpen(hours: readonly HoursLine[], ms: number): boolean {
  const today = openingOn(hours, brisbane(ms).midnight);
  return today !== undefined && ms >= today.opens && ms < today.closes;
}

/** `ms` itself when open then, else the next opening time; undefined when the hours never open. */
export function nextOpenAt(hours: readonly HoursLine[], ms: number): number | undefined {
  if (isOpen(hours, ms)) return ms;
  const { midnight } = brisbane(ms);
  for (let d = 0; d <= 7; d++) {
    const day = openingOn(hours, midnight + d * DAY_MS);
    if (day && day.opens > ms) return day.opens;
  }
  return undefined;
}

/**
 * The opening of the `n`-th day the business opens after the day of `ms` (Brisbane dates): a
 * follow-up "after 3 business days", and (n = 1) "the next morning's opening". Undefined when the
 * hours never open.
 */
export function openingAfterBusinessDays(
  hours: readonly HoursLine[],
  ms: number,
  n: number,
): number | undefined {
  let midnight = brisbane(ms).midnight;
  for (let seen = 0, d = 0; d < 7 * (n + 1); d++) {
    midnight += DAY_MS;
    const day = openingOn(hours, midnight);
    if (day && ++seen === n) return day.opens;
  }
  return undefined;
}

/** Business minutes between two moments: the part of [from, to) when the business is open. */
export function openMinutesBetween(hours: readonly HoursLine[], from: number, to: number): number {
  let total = 0;
  for (let midnight = brisbane(from).midnight; midnight < to; midnight += DAY_MS) {
    const day = openingOn(hours, midnight);
    if (day) total += Math.max(0, Math.min(to, day.closes) - Math.max(from, day.opens));
  }
  return Math.round(total / 60_000);
}
