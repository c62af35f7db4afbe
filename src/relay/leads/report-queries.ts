/**
 * What the month's report (owner/report.ts) reads of the store, in SQL, so the
 * Worker's D1 answers the same as the Node relay's file; the weekly summary
 * in the chat (owner/weekly.ts) reads them too, on both hosts.
 */
import type { FormKind } from "../../shared/forms/fields.ts";
import { CONTACT_STAGES, type Stage } from "./stages.ts";
import { LEAD_WORK_STATUSES, type LeadStatus } from "./lead.ts";
import { readMany, type Sql } from "./sql.ts";
import { CALL_TAPS, tapCounts, type TapCount } from "./store.ts";

/** Leads counted by the report's dimensions (monthFigures). */
export interface LeadCount {
  /** The Monday of its week in the business's time zone, "YYYY-MM-DD". */
  week: string;
  form: FormKind;
  status: LeadStatus;
  stage: Stage | null;
  /**
   * The first page of the visit, or the page the form was sent from when that is not known; null: neither.
   */
  origin: string | null;
  source: string | null;
  count: number;
}

export interface MonthFigures {
  counts: LeadCount[];
  calls: { id: string; receivedAt: number; calledAt: number }[];
  taps: TapCount[];
  /** The leads the owner works, by stage and (at Lost) reason, with the quotes recorded for them. */
  outcomes: { stage: Stage | null; reason: string | null; count: number; quoted: number; cents: number }[];
  /**
   * Bookings confirmed online (issue 51) for a day from `firstDay` to `lastDay`, per day: how many and
   * their quotes' total; a booking of a lead since Lost or Not a job, or whose day was given back, is not.
   */
  calendar: { day: string; jobs: number; cents: number }[];
}

/**
 * The span a report reads: the leads received in [from, to), the call taps of the days `firstDay` to
 * `lastDay` (inclusive, "YYYY-MM-DD"), and the weeks the leads are counted by, each its Monday
 * ("YYYY-MM-DD") and the moment it begins in the business's time zone, oldest first: the first
 * begins at or before `from`.
 */
export interface Span {
  from: number;
  to: number;
  firstDay: string;
  lastDay: string;
  weeks: readonly { week: string; from: number }[];
}

/**
 * What the month's report counts, read together: the leads received in the span counted by
 * week (its Monday, in the business's time zone), form, status, stage, the first page of
 * the visit (else the page sent from) and source; each of those leads (not held back) that was
 * contacted, with when it arrived and when it was first pressed at a stage that reached the visitor
 * (CONTACT_STAGES: Called, Quoted or Booked), whichever came first; the same leads by stage and
 * reason with the quotes recorded (replies to the notice); and the span's call taps, per page and
 * number. A week is found from when it begins, not from an offset, so a week with a change of
 * daylight saving counts its leads right.
 */
export async function monthFigures(
  sql: Sql,
  { from, to, firstDay, lastDay, weeks }: Span,
): Promise<MonthFigures> {
  // The latest week begun by the lead's arrival.
  const latest = [...weeks].reverse();
  const week = `CASE ${latest.map(() => "WHEN received_at >= ? THEN ?").join(" ")} END`;
  const [counts, calls, taps, outcomes, calendar] = (await readMany(sql, [
    {
      sql: `SELECT ${week} AS week, form, status, stage, COALESCE(landing, page) AS origin, source, COUNT(*) AS count FROM leads WHERE received_at >= ? AND received_at < ? GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`,
      params: [...latest.flatMap((w) => [w.from, w.week]), from, to],
    },
    {
      sql: `SELECT leads.id, leads.received_at, MIN(s.at) AS at FROM leads JOIN lead_stages AS s ON s.lead_id = leads.id AND s.stage IN (${CONTACT_STAGES.map(() => "?").join(", ")}) WHERE leads.received_at >= ? AND leads.received_at < ? AND leads.status IN (${LEAD_WORK_STATUSES.map(() => "?").join(", ")}) GROUP BY leads.id, leads.received_at ORDER BY leads.received_at, leads.id`,
      params: [...CONTACT_STAGES, from, to, ...LEAD_WORK_STATUSES],
    },
    { sql: CALL_TAPS, params: [firstDay, lastDay] },
    {
      sql: `SELECT stage, lost_reason AS reason, COUNT(*) AS count, COUNT(quote_cents) AS quoted, COALESCE(SUM(quote_cents), 0) AS cents FROM leads WHERE received_at >= ? AND received_at < ? AND status IN (${LEAD_WORK_STATUSES.map(() => "?").join(", ")}) GROUP BY 1, 2 ORDER BY 1, 2`,
      params: [from, to, ...LEAD_WORK_STATUSES],
    },
    {
      sql: "SELECT q.day AS day, COUNT(*) AS jobs, SUM(q.cents) AS cents FROM lead_quotes AS q JOIN leads AS l ON l.id = q.lead_id WHERE q.day >= ? AND q.day <= ? AND q.confirmed_at IS NOT NULL AND q.released_at IS NULL AND (l.stage IS NULL OR l.stage NOT IN ('lost', 'not-a-job')) GROUP BY q.day ORDER BY q.day",
      params: [firstDay, lastDay],
    },
  ])) as [
    LeadCount[],
    { id: string; received_at: number; at: number }[],
    TapCount[],
    MonthFigures["outcomes"],
    MonthFigures["calendar"],
  ];
  return {
    counts: counts.map((r) => ({
      week: r.week,
      form: r.form,
      status: r.status,
      stage: r.stage,
      origin: r.origin,
      source: r.source,
      count: Number(r.count),
    })),
    calls: calls.map((r) => ({ id: r.id, receivedAt: Number(r.received_at), calledAt: Number(r.at) })),
    taps: tapCounts(taps),
    outcomes: outcomes.map((r) => ({
      stage: r.stage,
      reason: r.reason,
      count: Number(r.count),
      quoted: Number(r.quoted),
      cents: Number(r.cents),
    })),
    calendar: calendar.map((r) => ({ day: r.day, jobs: Number(r.jobs), cents: Number(r.cents) })),
  };
}
