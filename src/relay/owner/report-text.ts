/**
 * The month's report (report.ts) as plain text for a terminal: a table a
 * section, the long ones capped, every cell on one line with what a visitor's
 * browser put in it shown as escapes.
 */
import { escapeTerminal } from "../../shared/escape.ts";
import type { Day, HoursLine } from "../clock.ts";
import { LOST_REASONS, stageLabel, WAITING } from "../leads/stages.ts";
import { shortDay } from "../telegram/quote-details.ts";
import { formatDollars } from "../../shared/pricing/format.ts";
import { FORMS, STAGE_COLUMNS, type MonthReport } from "./report.ts";

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
export function textTable(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  right: readonly number[] = [],
  maxWidth = Infinity,
): string[] {
  const cut = (text: string) =>
    [...text].length > maxWidth ? `${[...text].slice(0, maxWidth - 1).join("")}…` : text;
  const cells = [header, ...rows].map((r) => r.map((c) => cut(escapeTerminal(String(c)))));
  const width = header.map((_, i) => Math.max(...cells.map((r) => [...r[i]].length)));
  const pad = (text: string, i: number) => {
    const room = " ".repeat(width[i] - [...text].length);
    return right.includes(i) ? room + text : text + room;
  };
  return cells.map((r) => r.map(pad).join("  ").trimEnd());
}

/**
 * The report's tables: the rows shown of a long one (the rest summed up in a line), and the widest cell, in
 * characters.
 */
export const REPORT_ROWS = 20;
export const REPORT_CELL = 48;
/** The numbers named in the line of call taps by number. */
const REPORT_NUMBERS = 5;

/** The first REPORT_ROWS rows of a table, then a line saying how many more there are. */
function capped(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  right: readonly number[],
  what: string,
): string[] {
  const more = rows.length - REPORT_ROWS;
  const lines = textTable(header, more > 0 ? rows.slice(0, REPORT_ROWS) : rows, right, REPORT_CELL);
  return more > 0
    ? [...lines, `  and ${more} more ${what}${more === 1 ? "" : "s"} (--json lists them all)`]
    : lines;
}

const STAGE_HEADER = STAGE_COLUMNS.map((s) => (s === WAITING ? WAITING : stageLabel(s)));

/** The report as plain text for a terminal. */
export function reportText(r: MonthReport): string {
  const out: string[] = [];
  const title = monthName.format(Date.parse(r.firstDay));
  const numbers = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from);
  out.push(`${title}: leads and where they came from (${r.timeName}, ${r.firstDay} to ${r.lastDay})`, "");

  out.push("Leads per week, by form and stage (each lead at the stage last pressed)");
  const rows: (string | number)[][] = [];
  for (const w of r.weeks)
    FORMS.forEach((f, i) =>
      rows.push([
        i ? "" : weekLabel(w.firstDay, w.lastDay),
        f,
        ...STAGE_COLUMNS.map((s) => w.forms[f][s]),
        w.forms[f].total,
      ]),
    );
  for (const f of [...FORMS, "all"] as const)
    rows.push([
      f === FORMS[0] ? title.split(" ")[0] : "",
      f,
      ...STAGE_COLUMNS.map((s) => r.totals[f][s]),
      r.totals[f].total,
    ]);
  out.push(
    ...textTable(["week", "form", ...STAGE_HEADER, "all"], rows, numbers(STAGE_COLUMNS.length + 1, 2)),
    "",
  );

  const t = r.timeToCalled;
  out.push(
    `Time from arrival to first contact (Called, Quoted or Booked, whichever came first), in business hours (${hoursText(r.hours)}; ${r.hoursFrom})`,
  );
  out.push(
    t.called === 0
      ? `  No lead of ${t.leads} has been contacted yet.`
      : `  ${t.called} of ${t.leads} lead${t.leads === 1 ? "" : "s"} contacted: median ${durationText(t.medianMinutes!)}, 90th percentile ${durationText(t.p90Minutes!)} (9 in 10 contacted within it).`,
    "",
  );

  const o = r.outcomes;
  // In the buttons' order, "not given" last.
  const order = (k: string) => LOST_REASONS.findIndex((x) => x.key === k) >>> 0;
  const reasons = Object.entries(o.lostByReason)
    .sort(([a], [b]) => order(a) - order(b))
    .map(([k, n]) => `${LOST_REASONS.find((x) => x.key === k)?.label ?? k} ${n}`);
  out.push("Outcomes (each lead at the stage last pressed)");
  out.push(
    `  ${o.booked} booked of ${o.realLeads} real lead${o.realLeads === 1 ? "" : "s"} (every lead but Not a job): conversion ${o.conversion === null ? "not known" : `${Math.round(o.conversion * 100)}%`}.`,
    `  Booked value: ${o.bookedValued ? `${formatDollars(o.bookedCents)} (quotes recorded for ${o.bookedValued} of ${o.booked})` : "no quote recorded (reply to a notice with the amount)"}.`,
    `  Still at Quoted: ${o.quoted}. Lost: ${o.lost}${reasons.length ? ` (${reasons.join(", ")})` : ""}.`,
    // The jobs booked online (issue 51) for the month's days, when there are any; each day is in --json.
    ...(r.calendar.jobs
      ? [
          `  Booked online for this month's days: ${r.calendar.jobs} job${r.calendar.jobs === 1 ? "" : "s"}, ${formatDollars(r.calendar.cents)} (first ${shortDay(r.calendar.days[0].day)}).`,
        ]
      : []),
    "",
  );

  out.push(
    "Per page: call taps on the page; leads and spam by the first page of their visit (else the page sent from)",
  );
  out.push(
    ...(r.pages.length
      ? capped(
          ["page", "call taps", "quote", "contact", "spam"],
          r.pages.map((p) => [p.page, p.callTaps, p.quote, p.contact, p.spam]),
          [1, 2, 3, 4],
          "page",
        )
      : ["  None this month."]),
  );
  if (r.callTapsByNumber.length) {
    // The site's own numbers, two of them; older rows may hold others.
    const [shown, more] = [
      r.callTapsByNumber.slice(0, REPORT_NUMBERS),
      r.callTapsByNumber.length - REPORT_NUMBERS,
    ];
    out.push(
      `Call taps by number: ${shown.map((n) => `${n.number} ${n.count}`).join(", ")}${more > 0 ? `, and ${more} more number${more === 1 ? "" : "s"}` : ""}.`,
    );
  }
  out.push("");

  out.push("Per source: where the visit came from (call taps do not say)");
  out.push(
    ...(r.sources.length
      ? capped(
          ["source", "quote", "contact", "spam"],
          r.sources.map((s) => [s.source, s.quote, s.contact, s.spam]),
          [1, 2, 3],
          "source",
        )
      : ["  None this month."]),
    "",
  );

  out.push("Suburb pages, ranked by leads + call taps");
  const [some, none] = [
    r.suburbs.filter((s) => s.leads + s.callTaps > 0),
    r.suburbs.filter((s) => s.leads + s.callTaps === 0),
  ];
  if (some.length)
    out.push(
      ...capped(
        ["rank", "page", "leads", "call taps"],
        some.map((s) => [s.rank, s.page, s.leads, s.callTaps]),
        [0, 2, 3],
        "suburb page",
      ),
    );
  if (none.length)
    out.push(
      escapeTerminal(
        `${some.length ? "No lead or call tap from the other" : "No lead or call tap from any of the"} ${none.length}: ${none.map((s) => s.page.slice("/suburbs/".length, -1)).join(", ")}.`,
      ),
    );
  if (r.unconfirmed)
    out.push(
      "",
      `${r.unconfirmed} post${r.unconfirmed === 1 ? "" : "s"} sent without script still wait${r.unconfirmed === 1 ? "s" : ""} for the visitor's second Send (unconfirmed): not counted above.`,
    );
  return out.join("\n");
}
