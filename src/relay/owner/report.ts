/**
 * The owner's month in figures (`npm run leads -- report`): leads per week by
 * form and stage; how long leads waited for Called, in business minutes; and
 * what each page and each source brought (call taps, quote and contact leads,
 * spam stopped), with the suburb pages ranked. Read through the lead store's
 * SQL (monthFigures), so the Worker's D1 answers the same as
 * the Node relay's file. Months and weeks are Brisbane's (UTC+10 all year);
 * a week starts on Monday.
 */
import { escapeTerminal } from "../../shared/escape.ts";
import type { FormKind } from "../../shared/forms/fields.ts";
import { openMinutesBetween, type Day, type HoursLine } from "../leads/hours.ts";
import { STAGES, WAITING, type Stage } from "../telegram/stages.ts";
import { LEAD_WORK_STATUSES, type LeadStore } from "../leads/store.ts";

const FORMS = Object.keys({ quote: 0, contact: 0 } satisfies Record<FormKind, 0>) as FormKind[];
const BRISBANE_OFFSET_MS = 10 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** Where a lead's page or source is not known (a lead from before they were kept, a post without script). */
export const NOT_KNOWN = "(not known)";
const SUBURB_PAGE = /^\/suburbs\/[^/]+\/$/;

export type StageKey = Stage | typeof WAITING;
export const STAGE_COLUMNS: readonly StageKey[] = [WAITING, ...STAGES.map((s) => s.key)];
export type StageCounts = Record<StageKey, number> & { total: number };

export interface MonthReport {
  /** "2026-11". */
  month: string;
  /** The month's first and last day, "YYYY-MM-DD", Brisbane time. */
  firstDay: string;
  lastDay: string;
  hours: readonly HoursLine[];
  /** Where the hours came from, in words. */
  hoursFrom: string;
  /** Each week that has a day in the month, by its Monday, with the days of it in the month. */
  weeks: { week: string; firstDay: string; lastDay: string; forms: Record<FormKind, StageCounts> }[];
  totals: Record<FormKind | "all", StageCounts>;
  /** From arrival to the first press of Called, counted in business minutes. */
  timeToCalled: {
    leads: number;
    called: number;
    /** The middle time (the mean of the two middle ones for an even count); null with none called. */
    medianMinutes: number | null;
    /** The 90th percentile by nearest rank: the shortest time within which 9 in 10 of them were called. */
    p90Minutes: number | null;
    calls: { id: string; receivedAt: string; calledAt: string; businessMinutes: number }[];
  };
  /** Per page: taps on its phone links, and the leads and spam whose visit began there (else sent from there). */
  pages: { page: string; callTaps: number; quote: number; contact: number; spam: number }[];
  /** Per source: where the visit came from. Call taps carry no source. */
  sources: { source: string; quote: number; contact: number; spam: number }[];
  /** Every suburb page (the site's, and any with leads or taps), ranked by leads + call taps; equal totals share a rank. */
  suburbs: { rank: number; page: string; leads: number; callTaps: number }[];
  callTapsByNumber: { number: string; count: number }[];
  /** Posts sent without script still waiting for their visitor's second Send: not counted above. */
  unconfirmed: number;
}

export interface ReportOptions {
  /** "YYYY-MM", Brisbane time. */
  month: string;
  hours: readonly HoursLine[];
  hoursFrom: string;
  /** The site's suburb pages ("/suburbs/annerley/"), so one that brought nothing is ranked too. */
  suburbPages?: readonly string[];
}

/** The month "YYYY-MM" a moment falls in, Brisbane time. */
export const brisbaneMonth = (ms: number) => new Date(ms + BRISBANE_OFFSET_MS).toISOString().slice(0, 7);

const isoDay = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);
const noCounts = (): StageCounts => ({ ...(Object.fromEntries(STAGE_COLUMNS.map((s) => [s, 0])) as Record<StageKey, number>), total: 0 });
const formCounts = () => Object.fromEntries(FORMS.map((f) => [f, noCounts()])) as Record<FormKind, StageCounts>;

export async function monthReport(store: LeadStore, { month, hours, hoursFrom, suburbPages = [] }: ReportOptions): Promise<MonthReport> {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw new RangeError(`A month is written YYYY-MM, e.g. 2026-11, not ${month}.`);
  const [year, monthIndex] = [Number(m[1]), Number(m[2]) - 1];
  // Brisbane's calendar as UTC dates; moments are those minus 10 hours.
  const first = Date.UTC(year, monthIndex, 1);
  const next = Date.UTC(year, monthIndex + 1, 1);
  const [from, to] = [first - BRISBANE_OFFSET_MS, next - BRISBANE_OFFSET_MS];
  const [firstDay, lastDay] = [isoDay(first), isoDay(next - DAY_MS)];

  const { counts, calls, taps } = await store.monthFigures(from, to, firstDay, lastDay);

  const weeks: MonthReport["weeks"] = [];
  for (let monday = first - ((new Date(first).getUTCDay() + 6) % 7) * DAY_MS; monday < next; monday += 7 * DAY_MS) {
    weeks.push({ week: isoDay(monday), firstDay: isoDay(Math.max(monday, first)), lastDay: isoDay(Math.min(monday + 6 * DAY_MS, next - DAY_MS)), forms: formCounts() });
  }
  const totals = { ...formCounts(), all: noCounts() };
  const pages = new Map<string, MonthReport["pages"][number]>();
  const sources = new Map<string, MonthReport["sources"][number]>();
  const page = (key: string) => pages.get(key) ?? pages.set(key, { page: key, callTaps: 0, quote: 0, contact: 0, spam: 0 }).get(key)!;
  const source = (key: string) => sources.get(key) ?? sources.set(key, { source: key, quote: 0, contact: 0, spam: 0 }).get(key)!;
  let unconfirmed = 0;

  for (const c of counts) {
    if (c.status === "unconfirmed") {
      unconfirmed += c.count;
      continue;
    }
    const column = c.status === "spam" ? "spam" : c.form;
    page(c.origin ?? NOT_KNOWN)[column] += c.count;
    source(c.source ?? NOT_KNOWN)[column] += c.count;
    if (!LEAD_WORK_STATUSES.includes(c.status)) continue;
    const stage: StageKey = c.stage ?? WAITING;
    const week = weeks.find((w) => w.week === c.week)?.forms[c.form];
    if (!week) throw new Error(`The store counted a lead in the week of ${c.week}, not a week of ${month}.`);
    for (const tally of [week, totals[c.form], totals.all]) {
      tally[stage] += c.count;
      tally.total += c.count;
    }
  }

  const byNumber = new Map<string, number>();
  for (const t of taps) {
    page(t.page).callTaps += t.count;
    byNumber.set(t.number, (byNumber.get(t.number) ?? 0) + t.count);
  }

  const minutes = calls.map((c) => ({ ...c, businessMinutes: openMinutesBetween(hours, c.receivedAt, c.calledAt) }));
  const sorted = minutes.map((c) => c.businessMinutes).sort((a, b) => a - b);

  const leadsOf = (p: { quote: number; contact: number }) => p.quote + p.contact;
  const brought = (p: MonthReport["pages"][number]) => leadsOf(p) + p.callTaps;
  const suburbs = [...new Set([...suburbPages, ...[...pages.keys()].filter((p) => SUBURB_PAGE.test(p))])]
    .map((p) => ({ page: p, leads: pages.has(p) ? leadsOf(pages.get(p)!) : 0, callTaps: pages.get(p)?.callTaps ?? 0 }))
    .sort((a, b) => b.leads + b.callTaps - (a.leads + a.callTaps) || a.page.localeCompare(b.page));
  const ranked = suburbs.map((s, i) => ({ rank: i + 1, ...s }));
  // Equal totals share a rank (1, 2, 2, 4).
  for (let i = 1; i < ranked.length; i++) if (ranked[i].leads + ranked[i].callTaps === ranked[i - 1].leads + ranked[i - 1].callTaps) ranked[i].rank = ranked[i - 1].rank;

  const lastOf = (key: string) => (key === NOT_KNOWN ? 1 : 0);
  return {
    month,
    firstDay,
    lastDay,
    hours,
    hoursFrom,
    weeks,
    totals,
    timeToCalled: {
      leads: totals.all.total,
      called: calls.length,
      medianMinutes: median(sorted),
      p90Minutes: nearestRank(sorted, 90),
      calls: minutes.map((c) => ({ id: c.id, receivedAt: new Date(c.receivedAt).toISOString(), calledAt: new Date(c.calledAt).toISOString(), businessMinutes: c.businessMinutes })),
    },
    pages: [...pages.values()].sort((a, b) => lastOf(a.page) - lastOf(b.page) || brought(b) - brought(a) || b.spam - a.spam || a.page.localeCompare(b.page)),
    sources: [...sources.values()].sort((a, b) => lastOf(a.source) - lastOf(b.source) || leadsOf(b) - leadsOf(a) || b.spam - a.spam || a.source.localeCompare(b.source)),
    suburbs: ranked,
    callTapsByNumber: [...byNumber].map(([number, count]) => ({ number, count })).sort((a, b) => b.count - a.count || a.number.localeCompare(b.number)),
    unconfirmed,
  };
}

/** The middle value, or the mean of the two middle ones; null for none. */
export function median(sorted: readonly number[]): number | null {
  const n = sorted.length;
  if (!n) return null;
  return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/** The p-th percentile by nearest rank: the smallest value with at least p% of the values at or below it; null for none. */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  return sorted.length ? sorted[Math.max(1, Math.ceil((p * sorted.length) / 100)) - 1] : null;
}

/** "40 min", "2 h", "8 h 30 min". */
export function durationText(minutes: number): string {
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ""}`;
}

const WEEK: readonly Day[] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** "Mon–Fri 08:00–18:00, Sat 09:00–16:00": the days each line is open, runs of days joined. */
export function hoursText(hours: readonly HoursLine[]): string {
  const lines = hours.filter((h) => h.opens && h.closes);
  if (!lines.length) return "never open";
  return lines
    .map((h) => {
      const days = WEEK.map((d, i) => (h.days.includes(d) ? i : -1)).filter((i) => i >= 0);
      const runs: number[][] = [];
      for (const i of days) {
        const run = runs.at(-1);
        if (run && run.at(-1) === i - 1) run.push(i);
        else runs.push([i]);
      }
      const short = (i: number) => WEEK[i].slice(0, 3);
      return `${runs.map((r) => (r.length > 2 ? `${short(r[0])}–${short(r.at(-1)!)}` : r.map(short).join(", "))).join(", ")} ${h.opens}–${h.closes}`;
    })
    .join(", ");
}

const monthName = new Intl.DateTimeFormat("en-AU", { timeZone: "UTC", month: "long", year: "numeric" });
const shortMonth = new Intl.DateTimeFormat("en-AU", { timeZone: "UTC", month: "short" });

/** "1 Nov", "2–8 Nov": the days of a week in the month. */
function weekLabel(firstDay: string, lastDay: string): string {
  const [a, b] = [Date.parse(firstDay), Date.parse(lastDay)];
  const day = (ms: number) => new Date(ms).getUTCDate();
  return `${a === b ? day(a) : `${day(a)}–${day(b)}`} ${shortMonth.format(a)}`;
}

/**
 * Lines of a table for a terminal: each cell on one line with its controls and bidirectional
 * marks shown as escapes (a page or a source came from a visitor's browser), columns padded,
 * `right` the columns of numbers, aligned right; a cell longer than `maxWidth` characters is cut,
 * ending in "…", so one long value cannot push the others off the screen.
 */
export function textTable(header: readonly string[], rows: readonly (readonly (string | number)[])[], right: readonly number[] = [], maxWidth = Infinity): string[] {
  const cut = (text: string) => ([...text].length > maxWidth ? `${[...text].slice(0, maxWidth - 1).join("")}…` : text);
  const cells = [header, ...rows].map((r) => r.map((c) => cut(escapeTerminal(String(c)))));
  const width = header.map((_, i) => Math.max(...cells.map((r) => [...r[i]].length)));
  const pad = (text: string, i: number) => {
    const room = " ".repeat(width[i] - [...text].length);
    return right.includes(i) ? room + text : text + room;
  };
  return cells.map((r) => r.map(pad).join("  ").trimEnd());
}

/** The report's tables: the rows shown of a long one (the rest summed up in a line), and the widest cell, in characters. */
export const REPORT_ROWS = 20;
export const REPORT_CELL = 48;
/** The numbers named in the line of call taps by number. */
const REPORT_NUMBERS = 5;

/** The first REPORT_ROWS rows of a table, then a line saying how many more there are. */
function capped(header: readonly string[], rows: readonly (readonly (string | number)[])[], right: readonly number[], what: string): string[] {
  const more = rows.length - REPORT_ROWS;
  const lines = textTable(header, more > 0 ? rows.slice(0, REPORT_ROWS) : rows, right, REPORT_CELL);
  return more > 0 ? [...lines, `  and ${more} more ${what}${more === 1 ? "" : "s"} (--json lists them all)`] : lines;
}

const STAGE_HEADER = STAGE_COLUMNS.map((s) => (s === WAITING ? WAITING : STAGES.find((x) => x.key === s)!.shown));

/** The report as plain text for a terminal. */
export function reportText(r: MonthReport): string {
  const out: string[] = [];
  const title = monthName.format(Date.parse(r.firstDay));
  const numbers = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from);
  out.push(`${title}: leads and where they came from (Brisbane time, ${r.firstDay} to ${r.lastDay})`, "");

  out.push("Leads per week, by form and stage (each lead at the stage last pressed)");
  const rows: (string | number)[][] = [];
  for (const w of r.weeks) FORMS.forEach((f, i) => rows.push([i ? "" : weekLabel(w.firstDay, w.lastDay), f, ...STAGE_COLUMNS.map((s) => w.forms[f][s]), w.forms[f].total]));
  for (const f of [...FORMS, "all"] as const) rows.push([f === FORMS[0] ? title.split(" ")[0] : "", f, ...STAGE_COLUMNS.map((s) => r.totals[f][s]), r.totals[f].total]);
  out.push(...textTable(["week", "form", ...STAGE_HEADER, "all"], rows, numbers(STAGE_COLUMNS.length + 1, 2)), "");

  const t = r.timeToCalled;
  out.push(`Time from arrival to Called, in business hours (${hoursText(r.hours)}; ${r.hoursFrom})`);
  out.push(
    t.called === 0
      ? `  No lead of ${t.leads} has been pressed Called yet.`
      : `  ${t.called} of ${t.leads} lead${t.leads === 1 ? "" : "s"} called: median ${durationText(t.medianMinutes!)}, 90th percentile ${durationText(t.p90Minutes!)} (9 in 10 called within it).`,
    "",
  );

  out.push("Per page: call taps on the page; leads and spam by the first page of their visit (else the page sent from)");
  out.push(...(r.pages.length ? capped(["page", "call taps", "quote", "contact", "spam"], r.pages.map((p) => [p.page, p.callTaps, p.quote, p.contact, p.spam]), [1, 2, 3, 4], "page") : ["  None this month."]));
  if (r.callTapsByNumber.length) {
    // The site's own numbers, two of them; older rows may hold others.
    const [shown, more] = [r.callTapsByNumber.slice(0, REPORT_NUMBERS), r.callTapsByNumber.length - REPORT_NUMBERS];
    out.push(`Call taps by number: ${shown.map((n) => `${n.number} ${n.count}`).join(", ")}${more > 0 ? `, and ${more} more number${more === 1 ? "" : "s"}` : ""}.`);
  }
  out.push("");

  out.push("Per source: where the visit came from (call taps do not say)");
  out.push(...(r.sources.length ? capped(["source", "quote", "contact", "spam"], r.sources.map((s) => [s.source, s.quote, s.contact, s.spam]), [1, 2, 3], "source") : ["  None this month."]), "");

  out.push("Suburb pages, ranked by leads + call taps");
  const [some, none] = [r.suburbs.filter((s) => s.leads + s.callTaps > 0), r.suburbs.filter((s) => s.leads + s.callTaps === 0)];
  if (some.length) out.push(...capped(["rank", "page", "leads", "call taps"], some.map((s) => [s.rank, s.page, s.leads, s.callTaps]), [0, 2, 3], "suburb page"));
  if (none.length) out.push(escapeTerminal(`${some.length ? "No lead or call tap from the other" : "No lead or call tap from any of the"} ${none.length}: ${none.map((s) => s.page.slice("/suburbs/".length, -1)).join(", ")}.`));
  if (r.unconfirmed) out.push("", `${r.unconfirmed} post${r.unconfirmed === 1 ? "" : "s"} sent without script still wait${r.unconfirmed === 1 ? "s" : ""} for the visitor's second Send (unconfirmed): not counted above.`);
  return out.join("\n");
}
