/**
 * The quote page's details as the lead store keeps them: columns of their own
 * (migrations/0010_quote_details.sql), on SQLite and D1 alike, written in the
 * statement that stores the lead (LeadStore.add) and read back with it. They are what the visitor chose, so
 * they go when the lead's fields are erased after the retention period.
 */
import type { QuoteDetails } from "../../shared/forms/quote-details.ts";
import type { Sql } from "./sql.ts";

/** A lead's details as read back; null where the visitor gave none (or the lead came from another form). */
export interface LeadDetails {
  service: string | null;
  propertyType: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  storeys: number | null;
  date: string | null;
  timeWindow: string | null;
  /** "carpet-steam:3 oven:1" */
  addOns: string | null;
  /** The notice's estimate line ("estimate $480 incl. GST, prices reviewed 1 Dec 2026"). */
  estimate: string | null;
  /** The estimate's total in cents, when it was a figure. */
  estimateCents: number | null;
}

export interface DetailRow {
  service: string | null;
  property_type: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  storeys: number | null;
  preferred_date: string | null;
  time_window: string | null;
  add_ons: string | null;
  estimate: string | null;
  estimate_cents: number | null;
}

export const DETAIL_COLUMNS =
  "service, property_type, bedrooms, bathrooms, storeys, preferred_date, time_window, add_ons, estimate, estimate_cents";

const numberOr = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v));

export const detailsOf = (r: Partial<DetailRow>): LeadDetails => ({
  service: r.service ?? null,
  propertyType: r.property_type ?? null,
  bedrooms: numberOr(r.bedrooms),
  bathrooms: numberOr(r.bathrooms),
  storeys: numberOr(r.storeys),
  date: r.preferred_date ?? null,
  timeWindow: r.time_window ?? null,
  addOns: r.add_ons ?? null,
  estimate: r.estimate ?? null,
  estimateCents: numberOr(r.estimate_cents),
});

/** A quote as posted: what the visitor chose, and the relay's estimate for it. */
export interface PostedQuote {
  details: Partial<QuoteDetails>;
  estimate?: { line?: string; cents?: number };
}

/** A lead's values for DETAIL_COLUMNS, in their order: null where the visitor gave none (or no quote). */
export function detailValues({ details: d, estimate = {} }: PostedQuote = { details: {} }): unknown[] {
  const text = (v: string | undefined) => v || null;
  const count = (v: string | undefined) => (v ? Number(v) : null);
  return [
    text(d.service),
    text(d.propertyType),
    count(d.bedrooms),
    count(d.bathrooms),
    count(d.storeys),
    text(d.date),
    text(d.timeWindow),
    text(d.addOns),
    estimate.line ?? null,
    estimate.cents ?? null,
  ];
}

/** The details of every lead whose fields were erased (the daily upkeep, after LeadStore.erase). */
export async function eraseQuoteDetails(sql: Sql): Promise<number> {
  return sql.run(
    "UPDATE leads SET service = NULL, property_type = NULL, bedrooms = NULL, bathrooms = NULL, storeys = NULL, preferred_date = NULL, time_window = NULL, add_ons = NULL, estimate = NULL, estimate_cents = NULL WHERE erased_at IS NOT NULL AND (service IS NOT NULL OR estimate IS NOT NULL OR property_type IS NOT NULL OR bedrooms IS NOT NULL OR bathrooms IS NOT NULL OR storeys IS NOT NULL OR preferred_date IS NOT NULL OR time_window IS NOT NULL OR add_ons IS NOT NULL)",
  );
}
