/**
 * The owner's month in figures (`npm run leads -- report`): leads per week by
 * form and stage; how long leads waited for Called, in business minutes; and
 * what each page and each source brought (call taps, quote and contact leads,
 * spam stopped), with the suburb pages ranked. Read through the lead store's
 * SQL (monthFigures), so the Worker's D1 answers the same as
 * the Node relay's file. Months and weeks are the business's calendar's, in
 * its time zone (clock.ts); a week starts on Monday. As text for a terminal:
 * report-text.ts.
 */
import type { FormKind } from "../../shared/forms/fields.ts";
import { addDays, type BusinessHours, type Clock, type HoursLine } from "../clock.ts";
import { STAGES, WAITING, type Stage } from "../leads/stages.ts";
import { LEAD_WORK_STATUSES } from "../leads/lead.ts";
import { monthFigures, type LeadCount, type Span } from "../leads/report-queries.ts";
import type { LeadStore } from "../leads/store.ts";

export const FORMS = Object.keys({ quote: 0, contact: 0 } satisfies Record<FormKind, 0>) as FormKind[];
const DAY_MS = 24 * 60 * 60_000;
/** Where a lead's page or source is not known (a lead from before they were kept, a post without script). */
export const NOT_KNOWN = "(not known)";
/** A suburb page ("/suburbs/a-suburb/"): the report ranks them. */
export const SUBURB_PAGE = /^\/suburbs\/[^/]+\/$/;

export type StageKey = Stage | typeof WAITING;
export const STAGE_COLUMNS: readonly StageKey[] = [WAITING, ...STAGES.map((s) => s.key)];
export type StageCounts = Record<StageKey, number> & { total: number };

export interface MonthReport {
  /** "2026-11". */
  month: string;
  /** The business's time zone (IANA), and as the text names it ("Perth time"). */
  timeZone: string;
  timeName: string;
  /** The month's first and last day, "YYYY-MM-DD", in the business's time zone. */
  firstDay: string;
  lastDay: string;
  hours: readonly HoursLine[];
  /** Where the hours came from, in words. */
  hoursFrom: string;
  /** Each week that has a day in the month, by its Monday, with the days of it in the month. */
  weeks: { week: string; firstDay: string; lastDay: string; forms: Record<FormKind, StageCounts> }[];
  totals: Record<FormKind | "all", StageCounts>;
  /**
   * From arrival to first contact (the first press of Called, Quoted or Booked, whichever came first),
   * counted in business minutes.
   */
  timeToCalled: {
    leads: number;
    called: number;
    /** The middle time (the mean of the two middle ones for an even count); null with none called. */
    medianMinutes: number | null;
    /** The 90th percentile by nearest rank: the shortest time within which 9 in 10 of them were called. */
    p90Minutes: number | null;
    calls: { id: string; receivedAt: string; calledAt: string; businessMinutes: number }[];
  };
  /**
   * Per page: taps on its phone links, and the leads and spam whose visit began there (else sent from there).
   */
  pages: { page: string; callTaps: number; quote: number; contact: number; spam: number }[];
  /** Per source: where the visit came from. Call taps carry no source. */
  sources: { source: string; quote: number; contact: number; spam: number }[];
  /**
   * Every suburb page (the site's, and any with leads or taps), ranked by leads + call taps; equal totals
   * share a rank.
   */
  suburbs: { rank: number; page: string; leads: number; callTaps: number }[];
  callTapsByNumber: { number: string; count: number }[];
  /**
   * What the month's leads came to: real leads (every lead worked but Not a job), booked, the
   * conversion (booked ÷ real leads; null with none), the value booked where a quote was recorded
   * (in cents, and of how many), quoted, and lost by reason.
   */
  outcomes: {
    realLeads: number;
    booked: number;
    conversion: number | null;
    bookedCents: number;
    bookedValued: number;
    quoted: number;
    lost: number;
    lostByReason: Record<string, number>;
  };
  /**
   * The jobs booked online for the month's days (issue 51), whenever their lead came: how many, their
   * quotes' total in cents, and per day.
   */
  calendar: { jobs: number; cents: number; days: { day: string; jobs: number; cents: number }[] };
  /** Posts sent without script still waiting for their visitor's second Send: not counted above. */
  unconfirmed: number;
}

export interface ReportOptions {
  /** "YYYY-MM", in the business's time zone. */
  month: string;
  /** The opening hours in the business's time zone, whose calendar the month is. */
  hours: BusinessHours;
  hoursFrom: string;
  /** The site's suburb pages ("/suburbs/quokka-flats/"), so one that brought nothing is ranked too. */
  suburbPages?: readonly string[];
}

/** The month "YYYY-MM" a moment falls in, on the business's calendar. */
export const monthOf = (ms: number, clock: Clock) => clock.local(ms).date.slice(0, 7);

const isoDay = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);
const noCounts = (): StageCounts => ({
  ...(Object.fromEntries(STAGE_COLUMNS.map((s) => [s, 0])) as Record<StageKey, number>),
  total: 0,
});
const formCounts = () =>
  Object.fromEntries(FORMS.map((f) => [f, noCounts()])) as Record<FormKind, StageCounts>;

export async function monthReport(
  store: LeadStore,
  { month, hours, hoursFrom, suburbPages = [] }: ReportOptions,
): Promise<MonthReport> {
  const m = monthBounds(month, hours.clock);
  const { counts, calls, taps, outcomes, calendar } = await monthFigures(store.sql, m);
  const { weeks, totals, pages, sources, unconfirmed } = tally(counts, m);
  const byNumber = new Map<string, number>();
  for (const t of taps) {
    pages.get(t.page).callTaps += t.count;
    byNumber.set(t.number, (byNumber.get(t.number) ?? 0) + t.count);
  }
  const minutes = calls.map((c) => ({
    ...c,
    businessMinutes: hours.openMinutesBetween(c.receivedAt, c.calledAt),
  }));
  const sorted = minutes.map((c) => c.businessMinutes).sort((a, b) => a - b);
  const lastOf = (key: string) => (key === NOT_KNOWN ? 1 : 0);
  return {
    month,
    timeZone: hours.clock.timeZone,
    timeName: hours.clock.timeName,
    firstDay: m.firstDay,
    lastDay: m.lastDay,
    hours: hours.lines,
    hoursFrom,
    weeks,
    totals,
    timeToCalled: {
      leads: totals.all.total,
      called: calls.length,
      medianMinutes: median(sorted),
      p90Minutes: nearestRank(sorted, 90),
      calls: minutes.map((c) => ({
        id: c.id,
        receivedAt: new Date(c.receivedAt).toISOString(),
        calledAt: new Date(c.calledAt).toISOString(),
        businessMinutes: c.businessMinutes,
      })),
    },
    pages: pages
      .rows()
      .sort(
        (a, b) =>
          lastOf(a.page) - lastOf(b.page) ||
          brought(b) - brought(a) ||
          b.spam - a.spam ||
          a.page.localeCompare(b.page),
      ),
    sources: sources
      .rows()
      .sort(
        (a, b) =>
          lastOf(a.source) - lastOf(b.source) ||
          leadsOf(b) - leadsOf(a) ||
          b.spam - a.spam ||
          a.source.localeCompare(b.source),
      ),
    suburbs: rankSuburbs(pages, suburbPages),
    outcomes: outcomesOf(outcomes),
    callTapsByNumber: [...byNumber]
      .map(([number, count]) => ({ number, count }))
      .sort((a, b) => b.count - a.count || a.number.localeCompare(b.number)),
    calendar: {
      jobs: calendar.reduce((n, d) => n + d.jobs, 0),
      cents: calendar.reduce((n, d) => n + d.cents, 0),
      days: calendar,
    },
    unconfirmed,
  };
}

/** The month's span (report-queries.ts), with its calendar as UTC dates: its first day and the next month's. */
interface Bounds extends Span {
  first: number;
  next: number;
}

function monthBounds(month: string, clock: Clock): Bounds {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12)
    throw new RangeError(`A month is written YYYY-MM, e.g. 2026-11, not ${month}.`);
  const first = Date.UTC(Number(m[1]), Number(m[2]) - 1, 1);
  const next = Date.UTC(Number(m[1]), Number(m[2]), 1);
  // Each week with a day in the month, from the Monday on or before its first day.
  const weeks: { week: string; from: number }[] = [];
  const monday = isoDay(first - ((new Date(first).getUTCDay() + 6) % 7) * DAY_MS);
  for (let week = monday; week < isoDay(next); week = addDays(week, 7))
    weeks.push({ week, from: clock.at(week) });
  return {
    first,
    next,
    from: clock.at(isoDay(first)),
    to: clock.at(isoDay(next)),
    firstDay: isoDay(first),
    lastDay: isoDay(next - DAY_MS),
    weeks,
  };
}

/** Rows by key, made at zero when first met. */
class Rows<T> {
  private readonly map = new Map<string, T>();
  constructor(private readonly zero: (key: string) => T) {}
  get(key: string): T {
    return this.map.get(key) ?? this.map.set(key, this.zero(key)).get(key)!;
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
  keys(): string[] {
    return [...this.map.keys()];
  }
  rows(): T[] {
    return [...this.map.values()];
  }
}

type PageRow = MonthReport["pages"][number];
const leadsOf = (p: { quote: number; contact: number }) => p.quote + p.contact;
const brought = (p: PageRow) => leadsOf(p) + p.callTaps;

/**
 * The store's counts into the month's weeks and totals (the leads the owner works) and per page and source
 * (spam too).
 */
function tally(counts: LeadCount[], { first, next, weeks: spans }: Bounds) {
  const weeks: MonthReport["weeks"] = spans.map(({ week }) => ({
    week,
    firstDay: isoDay(Math.max(Date.parse(week), first)),
    lastDay: isoDay(Math.min(Date.parse(week) + 6 * DAY_MS, next - DAY_MS)),
    forms: formCounts(),
  }));
  const totals = { ...formCounts(), all: noCounts() };
  const pages = new Rows<PageRow>((page) => ({ page, callTaps: 0, quote: 0, contact: 0, spam: 0 }));
  const sources = new Rows<MonthReport["sources"][number]>((source) => ({
    source,
    quote: 0,
    contact: 0,
    spam: 0,
  }));
  let unconfirmed = 0;
  for (const c of counts) {
    if (c.status === "unconfirmed") {
      unconfirmed += c.count;
      continue;
    }
    const column = c.status === "spam" ? "spam" : c.form;
    pages.get(c.origin ?? NOT_KNOWN)[column] += c.count;
    sources.get(c.source ?? NOT_KNOWN)[column] += c.count;
    if (!LEAD_WORK_STATUSES.includes(c.status)) continue;
    const stage: StageKey = c.stage ?? WAITING;
    const week = weeks.find((w) => w.week === c.week)?.forms[c.form];
    if (!week)
      throw new Error(
        `The store counted a lead in the week of ${c.week}, not a week of ${isoDay(first).slice(0, 7)}.`,
      );
    for (const counted of [week, totals[c.form], totals.all]) {
      counted[stage] += c.count;
      counted.total += c.count;
    }
  }
  return { weeks, totals, pages, sources, unconfirmed };
}

/**
 * Every suburb page, the site's and any with leads or taps, by leads + call taps; equal totals share a rank
 * (1, 2, 2, 4).
 */
function rankSuburbs(pages: Rows<PageRow>, suburbPages: readonly string[]): MonthReport["suburbs"] {
  const suburbs = [...new Set([...suburbPages, ...pages.keys().filter((p) => SUBURB_PAGE.test(p))])]
    .map((p) => ({
      page: p,
      leads: pages.has(p) ? leadsOf(pages.get(p)) : 0,
      callTaps: pages.has(p) ? pages.get(p).callTaps : 0,
    }))
    .sort((a, b) => b.leads + b.callTaps - (a.leads + a.callTaps) || a.page.localeCompare(b.page));
  const ranked = suburbs.map((s, i) => ({ rank: i + 1, ...s }));
  for (let i = 1; i < ranked.length; i++)
    if (ranked[i].leads + ranked[i].callTaps === ranked[i - 1].leads + ranked[i - 1].callTaps)
      ranked[i].rank = ranked[i - 1].rank;
  return ranked;
}

/** The outcomes from the store's counts by stage and reason (the month's, or the weekly summary's week). */
export function outcomesOf(
  rows: Awaited<ReturnType<typeof monthFigures>>["outcomes"],
): MonthReport["outcomes"] {
  const sum = (
    keep: (r: (typeof rows)[number]) => boolean,
    of: (r: (typeof rows)[number]) => number = (r) => r.count,
  ) => rows.filter(keep).reduce((n, r) => n + of(r), 0);
  const realLeads = sum((r) => r.stage !== "not-a-job");
  const booked = sum((r) => r.stage === "booked");
  const lostByReason: Record<string, number> = {};
  for (const r of rows.filter((r) => r.stage === "lost"))
    lostByReason[r.reason ?? "not given"] = (lostByReason[r.reason ?? "not given"] ?? 0) + r.count;
  return {
    realLeads,
    booked,
    conversion: realLeads ? booked / realLeads : null,
    bookedCents: sum(
      (r) => r.stage === "booked",
      (r) => r.cents,
    ),
    bookedValued: sum(
      (r) => r.stage === "booked",
      (r) => r.quoted,
    ),
    quoted: sum((r) => r.stage === "quoted"),
    lost: sum((r) => r.stage === "lost"),
    lostByReason,
  };
}

/** The middle value, or the mean of the two middle ones; null for none. */
export function median(sorted: readonly number[]): number | null {
  const n = sorted.length;
  if (!n) return null;
  return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/**
 * The p-th percentile by nearest rank: the smallest value with at least p% of the values at or below it; null
 * for none.
 */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  return sorted.length ? sorted[Math.max(1, Math.ceil((p * sorted.length) / 100)) - 1] : null;
}
