/**
 * A quote as the customer reads it, on the accept page and in the quote
 * email alike: what it is for (the service and the job's details as the
 * visitor chose them from the form's lists, never a word they typed), the
 * owner's note, the total and the GST in it, and until when it stands.
 */
import { serviceName } from "../../shared/forms/fields.ts";
import type { QuoteDetails, SiteServices } from "../../shared/forms/quote-details.ts";
import { formatDollars } from "../../shared/pricing/format.ts";
import { addDays, type Clock } from "../clock.ts";
import type { Lead } from "../leads/lead.ts";
import { detailsBlock } from "../telegram/quote-details.ts";
import { dayLong } from "./days.ts";

export interface QuoteView {
  rows: { label: string; value: string }[];
  /** The service's form value, for its list of what it includes; undefined when none was chosen. */
  service: string | undefined;
  note: string | null;
  /** "$380" */
  total: string;
  /** The GST in the total, one eleventh of it to the cent: "$34.55". */
  gst: string;
  /** "Thursday 28 January 2027": the last day the quote stands. */
  validUntil: string;
}

/**
 * When a quote sent at `sentAt` stops working: the end of the business's day `validDays` after it, so
 * "stands until Thursday 28 January" holds all that Thursday.
 */
export const expiryOf = (sentAt: number, validDays: number, clock: Clock) =>
  clock.at(addDays(clock.local(sentAt).date, validDays + 1));

/** The details a lead keeps, as the form posted them (strings), for detailsBlock. */
function postedDetails(lead: Lead): Partial<QuoteDetails> {
  const d = lead.details;
  const text = (v: string | number | null) => (v === null ? undefined : String(v));
  return {
    service: text(d.service),
    propertyType: text(d.propertyType),
    bedrooms: text(d.bedrooms),
    bathrooms: text(d.bathrooms),
    storeys: text(d.storeys),
    date: text(d.date),
    timeWindow: text(d.timeWindow),
    addOns: text(d.addOns),
  };
}

/**
 * `clock`: the business's, which says until when the quote stands; `site`: the site's services, which name
 * the one chosen and the add-ons (a service the site no longer offers is named as it was posted).
 */
export function quoteView(
  lead: Lead,
  quote: { cents: number; note: string | null; expiresAt: number | null },
  clock: Clock,
  site?: SiteServices,
): QuoteView {
  // The quote page's service, else the one a contact form chose from its list.
  const service = [lead.details.service, lead.fields?.service].find((s) => s) ?? undefined;
  const posted = postedDetails(lead);
  const job = detailsBlock(posted, site);
  const rows = [
    ...(service ? [{ label: "Service", value: serviceName(site?.services ?? [], service) }] : []),
    ...(job ? [{ label: "The job", value: job }] : []),
  ];
  return {
    rows: rows.length ? rows : [{ label: "For", value: "the cleaning you asked us about" }],
    service: service ?? undefined,
    note: quote.note,
    total: formatDollars(quote.cents),
    gst: formatDollars(Math.round(quote.cents / 11)),
    // A quote not sent yet (the owner's preview) is shown as it would stand if sent now.
    validUntil: dayLong(clock.local((quote.expiresAt ?? 0) - 1).date),
  };
}
