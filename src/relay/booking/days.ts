/**
 * Which days a customer may choose for a job (issue 51, decision 0095): from
 * `noticeDays` after today (the business's calendar) for `weeksAhead` weeks, the
 * days the business opens (content/site.yaml's hours), less the days the
 * owner blocked (content/booking.yaml) and the days already full
 * (`jobsPerDay` jobs booked, or accepted and waiting for the owner's
 * confirmation). When the owner offers days of their own ("Offer another
 * day"), those days only, whatever the hours say: the owner knows their week.
 * A time of day, morning or afternoon, goes with the day.
 *
 * The accept page lists what daysOffered answers; the accept post is checked
 * again with dayStatus, and the store takes the day only while it is not
 * full, in one statement (leads/offers.ts), so two customers cannot both take
 * a day's last place.
 */
import { addDays, type BusinessHours, type Clock, type HoursLine } from "../clock.ts";
import { shortDay } from "../telegram/quote-details.ts";

export interface BookingRules {
  /** Days a quote stands after it is emailed. */
  quoteValidDays: number;
  /** Jobs on one day at most. */
  jobsPerDay: number;
  /** The first day offered, in days from today (1: tomorrow). */
  noticeDays: number;
  /** How many weeks ahead a day may be chosen. */
  weeksAhead: number;
  /** "2026-12-25": days the owner takes no booking. */
  blockedDays: readonly string[];
}

/**
 * Without content/booking.yaml (a relay told nothing of the site): content/booking.yaml's own defaults, which
 * the owner settles there.
 */
export const DEFAULT_RULES: BookingRules = {
  quoteValidDays: 14,
  jobsPerDay: 2,
  noticeDays: 1,
  weeksAhead: 3,
  blockedDays: [],
};

export const TIMES_OF_DAY = [
  { value: "morning", label: "Morning" },
  { value: "afternoon", label: "Afternoon" },
] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number]["value"];
export const isTimeOfDay = (value: unknown): value is TimeOfDay =>
  TIMES_OF_DAY.some((t) => t.value === value);
export const timeLabel = (time: TimeOfDay) => TIMES_OF_DAY.find((t) => t.value === time)!.label;

const DAY = /^20\d\d-\d\d-\d\d$/;

/** Why a day cannot be chosen, or "open". */
export type DayStatus = "open" | "closed" | "blocked" | "full" | "too-soon" | "too-late" | "not-offered";

export interface DayContext {
  rules: BookingRules;
  /** The opening hours in the business's time zone, whose calendar "today" is. */
  hours: BusinessHours;
  now: number;
  /** How many jobs each day holds already ("2027-01-14" → 2). */
  taken: ReadonlyMap<string, number>;
  /** The days the owner offered this quote, when they did: only these. */
  only?: readonly string[] | null;
}

const weekday = (day: string) =>
  WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()] as HoursLine["days"][number];

const opens = (hours: BusinessHours, day: string) =>
  hours.lines.some((h) => h.days.includes(weekday(day)) && h.opens && h.closes);

export function dayStatus(day: string, { rules, hours, now, taken, only }: DayContext): DayStatus {
  if (!DAY.test(day) || addDays(day, 0) !== day) return "not-offered";
  const today = hours.clock.local(now).date;
  if (only) {
    if (!only.includes(day)) return "not-offered";
    return day <= today ? "too-soon" : "open";
  }
  if (day < addDays(today, rules.noticeDays)) return "too-soon";
  if (day > addDays(today, rules.weeksAhead * 7)) return "too-late";
  if (!opens(hours, day)) return "closed";
  if (rules.blockedDays.includes(day)) return "blocked";
  if ((taken.get(day) ?? 0) >= rules.jobsPerDay) return "full";
  return "open";
}

/** The days to choose from, in order. */
export function daysOffered(context: DayContext): string[] {
  const today = context.hours.clock.local(context.now).date;
  const candidates = context.only
    ? [...new Set(context.only)].sort()
    : Array.from({ length: context.rules.weeksAhead * 7 + 1 }, (_, i) => addDays(today, i));
  return candidates.filter((day) => dayStatus(day, context) === "open");
}

/** "Thu 14 Jan": a day on the accept page and in the owner's chat (the notice's own spelling). */
export const dayShort = shortDay;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  ...["January", "February", "March", "April", "May", "June"],
  ...["July", "August", "September", "October", "November", "December"],
];
/** "Thursday 14 January 2027": a day in an email, which may be read long after; written out, as shortDay is. */
export function dayLong(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** What a customer is told when a day they chose cannot be had. */
export const DAY_REFUSALS: Record<Exclude<DayStatus, "open">, string> = {
  closed: "We do not work on that day.",
  blocked: "We are not taking bookings on that day.",
  full: "That day has just been fully booked.",
  "too-soon": "That day is too soon for us to book.",
  "too-late": "That day is further ahead than we book.",
  "not-offered": "That day is not one of the days offered.",
};

/**
 * Days the owner typed ("Wed 15 Jan, Fri 17 Jan", "15/1 17/1", "2027-01-15"), read as the next such
 * days from today (on the business's clock); those that are not a day of the calendar are left out. A
 * weekday, where given, must match.
 */
export function readDays(text: string, now: number, clock: Clock): string[] {
  const today = clock.local(now).date;
  const found = new Set<string>();
  const iso = /\b(20\d\d)-(\d\d)-(\d\d)\b/g;
  for (const m of text.matchAll(iso)) found.add(`${m[1]}-${m[2]}-${m[3]}`);
  const rest = text.replace(iso, " ");
  const months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
  const named = /\b(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3})[a-z]*\b/gi;
  const numeric = /\b(\d{1,2})\/(\d{1,2})\b/g;
  const candidates: [number, number][] = [];
  for (const m of rest.matchAll(named)) {
    const month = months.indexOf(m[2].toLowerCase());
    if (month >= 0) candidates.push([Number(m[1]), month + 1]);
  }
  for (const m of rest.matchAll(numeric)) candidates.push([Number(m[1]), Number(m[2])]);
  for (const [d, mo] of candidates) {
    const year = Number(today.slice(0, 4));
    for (const y of [year, year + 1]) {
      const day = `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
      if (DAY.test(day) && addDays(day, 0) === day && day > today) {
        found.add(day);
        break;
      }
    }
  }
  return [...found].filter((day) => addDays(day, 0) === day && day > today).sort();
}
