/**
 * What the month's report (owner/report.ts) reads of the store, in SQL, so the
 * Worker's D1 answers the same as the Node relay's file. Apart from the
 * store's class, which the Worker bundles: only `npm run leads` reads these.
 */
import type { FormKind } from "../../shared/forms/fields.ts";
import type { Stage } from "../telegram/stages.ts";
import { LEAD_WORK_STATUSES, type LeadStatus } from "./lead.ts";
import { readMany, type Sql } from "./sql.ts";
import { CALL_TAPS, tapCounts, type TapCount } from "./store.ts";

/** Brisbane is UTC+10 all year (Queensland keeps no daylight saving). */
const BRISBANE_OFFSET_MS = 10 * 60 * 60_000;

/** Leads counted by the report's dimensions (monthFigures). */
export interface LeadCount {
  /** The Monday of its Brisbane week, "YYYY-MM-DD". */
  week: string;
  form: FormKind;
  status: LeadStatus;
  stage: Stage | null;
  /** The first page of the visit, or the page the form was sent from when that is not known; null: neither. */
  origin: string | null;
  source: string | null;
  count: number;
}

export interface MonthFigures {
  counts: LeadCount[];
  calls: { id: string; receivedAt: number; calledAt: number }[];
  taps: TapCount[];
}

/**
 * What the month's report counts, read together: the leads received in [from, to) counted by
 * Brisbane week (its Monday; Brisbane is UTC+10 all year), form, status, stage, the first page of
 * the visit (else the page sent from) and source; each of those leads (not held back) that was
 * pressed Called, with when it arrived and was first called; and the call taps from day
 * `firstDay` to `lastDay` (inclusive, "YYYY-MM-DD"), per page and number.
 */
export async function monthFigures(sql: Sql, from: number, to: number, firstDay: string, lastDay: string): Promise<MonthFigures> {
  const [counts, calls, taps] = (await readMany(sql, [
    {
      sql: "SELECT date((received_at + ?) / 1000, 'unixepoch', '-6 days', 'weekday 1') AS week, form, status, stage, COALESCE(landing, page) AS origin, source, COUNT(*) AS count FROM leads WHERE received_at >= ? AND received_at < ? GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6",
      params: [BRISBANE_OFFSET_MS, from, to],
    },
    {
      sql: `SELECT leads.id, leads.received_at, s.at FROM leads JOIN lead_stages AS s ON s.lead_id = leads.id AND s.stage = 'called' WHERE leads.received_at >= ? AND leads.received_at < ? AND leads.status IN (${LEAD_WORK_STATUSES.map(() => "?").join(", ")}) ORDER BY leads.received_at, leads.id`,
      params: [from, to, ...LEAD_WORK_STATUSES],
    },
    { sql: CALL_TAPS, params: [firstDay, lastDay] },
  ])) as [LeadCount[], { id: string; received_at: number; at: number }[], TapCount[]];
  return {
    counts: counts.map((r) => ({ week: r.week, form: r.form, status: r.status, stage: r.stage, origin: r.origin, source: r.source, count: Number(r.count) })),
    calls: calls.map((r) => ({ id: r.id, receivedAt: Number(r.received_at), calledAt: Number(r.at) })),
    taps: tapCounts(taps),
  };
}
